import CellLayout
import TextMetrics

/// A rule of `cellfit check`, by its stable name (Docs/Check.md has each rule's
/// definition and its precision on the shared cells).
public enum CheckRule: String, CaseIterable, Sendable, Codable, Comparable {
    /// Required constraints conflict: UIKit breaks one and logs it.
    case conflict
    /// The layout is not unique: a frame attribute can move at no cost.
    case ambiguous
    /// A label's text needs more lines, or more width, than the label has.
    case truncated
    /// A view lies partly outside the content view.
    case clipped
    /// Two sibling views that show text or images intersect.
    case overlap
    /// A self-sizing row whose constraints give it no height.
    case zeroHeight = "zero-height"
    /// A view of negative width or height.
    case negative
    /// IB's stored frames are not what the constraints give at the design device.
    case staleFrames = "stale-frames"
    /// A font that is not installed was measured with a stand-in.
    case standInFont = "stand-in-font"

    /// Rules sort in the table's order (conflict first).
    public static func < (a: CheckRule, b: CheckRule) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }

    /// Whether the rule reads the frames a layout gave, which views' sizes decide
    /// (rather than the constraints themselves, or IB's stored frames).
    public var isGeometric: Bool {
        switch self {
        case .truncated, .clipped, .overlap, .negative: true
        case .conflict, .ambiguous, .zeroHeight, .staleFrames, .standInFont: false
        }
    }

    /// How bad a finding of this rule is before fonts are considered.
    public var severity: Severity {
        switch self {
        case .standInFont: .note
        // A collapsed row is shown at UIKit's standard height, the one IB's canvas shows
        // for a row whose height is automatic: UIKit logs it, and what it costs the cell
        // (a view past the bottom edge) is found by the other rules at that height.
        case .ambiguous, .staleFrames, .zeroHeight: .warning
        case .conflict, .truncated, .clipped, .overlap, .negative: .error
        }
    }
}

/// How bad a finding is: `--severity` says from which one a finding fails the run.
public enum Severity: String, CaseIterable, Sendable, Codable, Comparable {
    /// Said, never fails by default.
    case note
    /// Worth a look: fails only under `--severity warning`.
    case warning
    /// Fails the run by default.
    case error

    /// Severities sort from note to error.
    public static func < (a: Severity, b: Severity) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }
}

/// Right to left or left to right, as the check lays a cell out.
public enum CheckDirection: String, CaseIterable, Sendable, Codable {
    /// Left to right.
    case ltr
    /// Right to left (CellLayout's `LayoutDirection.rightToLeft`).
    case rtl
}

/// One point of the matrix a cell is laid out in.
public struct CheckConfiguration: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The device's key (`iphone-se-1`), `design` for the document's own, nil for a
    /// template file's content width.
    public var device: String?
    /// The content view's width the cell was laid out at.
    public var width: Double
    /// The Dynamic Type category (`L`, `AX3`).
    public var contentSize: String
    /// The layout direction.
    public var direction: CheckDirection
    /// The row of `--data` (from 0); nil for the cell's own content.
    public var row: Int?

    /// A configuration.
    public init(device: String?, width: Double, contentSize: String, direction: CheckDirection, row: Int? = nil) {
        self.device = device
        self.width = width
        self.contentSize = contentSize
        self.direction = direction
        self.row = row
    }

    /// `iphone-se-1 (288 pt) AX3 rtl`, and `row 3` for a row of `--data`.
    public var description: String {
        let place = device.map { "\($0) (\(points(width)) pt)" } ?? "\(points(width)) pt"
        return "\(place) \(contentSize) \(direction.rawValue)" + (row.map { " row \($0)" } ?? "")
    }
}

/// The cell a finding is about.
public struct CheckedCell: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The file, as it was named on the command line or found in a folder.
    public var file: String
    /// The cell's IB object id; the template's name for a template file.
    public var id: String
    /// The cell's custom class, if any.
    public var className: String?
    /// The cell's reuse identifier, if any.
    public var reuseIdentifier: String?
    /// The line of the cell's element in the file (0 for a template file).
    public var line: Int

    /// A cell.
    public init(file: String, id: String, className: String?, reuseIdentifier: String?, line: Int) {
        self.file = file
        self.id = id
        self.className = className
        self.reuseIdentifier = reuseIdentifier
        self.line = line
    }

    /// `ChatCell (reuse: chat) Y7u-1a-9bc`.
    public var description: String {
        var parts: [String] = []
        if let className { parts.append(className) }
        if let reuseIdentifier { parts.append("(reuse: \(reuseIdentifier))") }
        parts.append(id)
        return parts.joined(separator: " ")
    }
}

/// One thing `check` found in one cell at one configuration.
public struct Finding: Hashable, Sendable, Codable {
    /// The rule that found it.
    public var rule: CheckRule
    /// Its severity by the rule (``FailurePolicy/severity(of:)`` lowers a stand-in's).
    public var severity: Severity
    /// The cell it is about.
    public var cell: CheckedCell
    /// Where it was found.
    public var configuration: CheckConfiguration
    /// The views involved, by template name (their IB ids in ``ibIDs``).
    public var views: [String]
    /// Their Interface Builder ids, where the cell came from IB.
    public var ibIDs: [String]
    /// What was found, in UIKit's words where UIKit has them.
    public var message: String
    /// Lines of the file the finding points at (constraints of a conflict, the views).
    public var lines: [Int]
    /// Whether the finding depends on a font measured with a stand-in (so on the stand-in's
    /// metrics rather than the app's): a warning then, unless `--strict-fonts`.
    public var dependsOnStandInFont: Bool

    /// A finding.
    public init(
        rule: CheckRule, severity: Severity, cell: CheckedCell, configuration: CheckConfiguration, views: [String],
        ibIDs: [String], message: String, lines: [Int], dependsOnStandInFont: Bool
    ) {
        self.rule = rule
        self.severity = severity
        self.cell = cell
        self.configuration = configuration
        self.views = views
        self.ibIDs = ibIDs
        self.message = message
        self.lines = lines
        self.dependsOnStandInFont = dependsOnStandInFont
    }

    /// What identifies the finding across configurations and runs: a baseline keeps
    /// these (file, cell, rule, views and the message without its numbers).
    public var key: String {
        [cell.file, cell.id, rule.rawValue, views.joined(separator: ","), Finding.withoutNumbers(message)]
            .joined(separator: "|")
    }

    /// The message with its numbers replaced by `#`, so that a truncation by 3 pt on one
    /// device and 5 pt on another is one finding.
    static func withoutNumbers(_ text: String) -> String {
        var out = ""
        var inNumber = false
        for character in text {
            if character.isNumber || (inNumber && character == ".") {
                if !inNumber { out.append("#") }
                inNumber = true
            } else {
                inNumber = false
                out.append(character)
            }
        }
        return out
    }
}
