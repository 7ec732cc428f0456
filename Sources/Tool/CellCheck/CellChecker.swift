import CellLayout
import Foundation
import Geometry
import InterfaceBuilder
import TemplateFiles
import TextMetrics

/// What the checker needs of one cell at one device: its template, and what Interface
/// Builder says of it where it came from IB.
public struct CheckInput: Sendable {
    /// The template, as imported for the device (or read from a template file).
    public var template: CellTemplate<CellContent>
    /// The content view's width there.
    public var width: Double
    /// The content view's height when the row has a fixed height (an IB cell whose row
    /// height is not automatic): UIKit lays it out at that height. Nil for a self-sizing row.
    public var fixedHeight: Double?
    /// Template view name → Interface Builder id (empty for a template file).
    public var ibIDs: [String: String]
    /// Constraint identifier (IB id) → the line of the file that declares it.
    public var constraintLines: [String: Int]
    /// View name → the line of the file that declares it.
    public var viewLines: [String: Int]
    /// IB's stored frames (content-view coordinates), for `stale-frames`; only at the design device.
    public var storedFrames: [String: Rect]?
    /// The content view's height UIKit falls back to when a self-sizing row's constraints
    /// give it none: the table's row height less its separator (43.5 for UIKit's 44).
    public var zeroHeightFallback: Double = 43.5
    /// The content view's size in IB's file, against which ``storedFrames`` lie.
    public var designContentSize: Size?
    /// Whether the file leaves the row's height to the app's code: ``CheckRunner`` then
    /// checks it at ``fixedHeight`` (the stored height) and as self-sizing, and what only
    /// one of them shows is a warning.
    public var heightIsAssumed = false
    /// Views a built-in cell style lays out itself (template names): UIKit sets their
    /// frames at run time, so the stored ones say nothing about clipping or overlap.
    public var styleLaidOutViews: Set<String> = []
    /// Views whose size is a frame IB marks misplaced, standing in for the size UIKit
    /// gives them from their content (template names): where one is among a geometric
    /// finding's views, the finding depends on that stand-in and is a warning.
    public var misplacedSizes: Set<String> = []
    /// Whether the template's fonts are stand-ins for the app's (an imported cell's
    /// system font is San Francisco, measured with DejaVu Sans).
    public var fontsAreStandIns: [String]

    /// An input; every IB detail is optional, so a template file needs only the first three.
    public init(
        template: CellTemplate<CellContent>, width: Double, fixedHeight: Double?, ibIDs: [String: String] = [:],
        constraintLines: [String: Int] = [:], viewLines: [String: Int] = [:], storedFrames: [String: Rect]? = nil,
        designContentSize: Size? = nil, fontsAreStandIns: [String] = []
    ) {
        self.designContentSize = designContentSize
        self.template = template
        self.width = width
        self.fixedHeight = fixedHeight
        self.ibIDs = ibIDs
        self.constraintLines = constraintLines
        self.viewLines = viewLines
        self.storedFrames = storedFrames
        self.fontsAreStandIns = fontsAreStandIns
    }
}

/// The findings of one configuration, and the layout they were found in (for pictures).
public struct ConfigurationResult: Sendable {
    /// What the rules found there.
    public var findings: [Finding]
    /// A layout that failed for another reason than a conflict: the cell's error.
    public var error: String?
    /// The layout checked (after UIKit's recovery from a conflict), when there was one.
    public var layout: CellLayoutResult?
}

/// Lays one cell out at one configuration and applies the rules (Docs/Check.md).
public struct CellChecker: Sendable {
    /// The rules to apply.
    public var rules: Set<CheckRule>
    /// Views within this distance count as touching, not overlapping or clipped: half a
    /// point, the tolerance IB itself keeps between stored and resolved frames.
    public static let tolerance = 0.5

    /// A checker applying `rules` (all by default).
    public init(rules: Set<CheckRule> = Set(CheckRule.allCases)) {
        self.rules = rules
    }

    /// Checks `input` laid out with `measurer` at `configuration`.
    /// - Parameter substitutions: the fonts the measurer reported as stand-ins so far for this cell.
    public func check(
        _ input: CheckInput, row: CellContent = CellContent(), cell: CheckedCell, configuration: CheckConfiguration,
        measurer: any TextMeasurer, substitutions: @Sendable () -> [String]
    ) -> ConfigurationResult {
        var findings: [Finding] = []
        // After a conflict the layout is the one left when a constraint is broken, and which
        // one UIKit breaks is not documented: what that layout shows is worth a look, but the
        // conflict is the failure.
        var afterConflict = false
        func add(_ rule: CheckRule, _ views: [String], _ message: String, lines: [Int] = [], textual: Bool = false) {
            guard rules.contains(rule) else { return }
            let standIn = textual && !(input.fontsAreStandIns.isEmpty && substitutions().isEmpty)
            let ownLines = lines.isEmpty ? views.compactMap { input.viewLines[$0] } : lines
            let consequence = afterConflict && rule != .conflict
            let guessedSize = rule.isGeometric ? views.first { input.misplacedSizes.contains($0) } : nil
            var message = message
            if consequence { message += " (in the layout left after the conflict)" }
            if let guessedSize {
                message += " (\(guessedSize)'s size is its misplaced frame in the file, not the size UIKit gives it)"
            }
            findings.append(
                Finding(
                    rule: rule, severity: consequence || guessedSize != nil ? min(rule.severity, .warning) : rule.severity,
                    cell: cell, configuration: configuration, views: views, ibIDs: views.compactMap { input.ibIDs[$0] },
                    message: message,
                    lines: ownLines.sorted(), dependsOnStandInFont: standIn))
        }

        var fitter = CellFitter(template: input.template, measurer: measurer)
        var result: CellLayoutResult
        do {
            result = try fitter.layout(row: row, width: input.width, height: input.fixedHeight)
        } catch where error.code == .unsatisfiable {
            let equations = error.conflicts.map(\.equation)
            // An imported constraint's identifier is its IB id, whose line the input knows;
            // a template file's constraint carries its own line.
            let lines = error.conflicts.compactMap { conflict in
                conflict.declaration?.identifier.flatMap { input.constraintLines[$0] }
                    ?? (input.ibIDs.isEmpty ? conflict.location?.line : nil)
            }
            fitter.recoversFromConflicts = true
            do {
                result = try fitter.layout(row: row, width: input.width, height: input.fixedHeight)
            } catch {
                return ConfigurationResult(findings: findings, error: "cannot be laid out: \(error.message)", layout: nil)
            }
            // The broken constraint's own location is the imported template's line, not
            // the file's: the conflict's lines below are the file's.
            let broken = result.brokenConstraints.first.map {
                "; UIKit breaks " + $0.replacingOccurrences(of: #" \([^()]*:\d+\)$"#, with: "", options: .regularExpression)
            } ?? ""
            add(
                .conflict, Array(Set(error.conflicts.flatMap(\.views))).sorted(),
                "Unable to simultaneously satisfy constraints: " + equations.joined(separator: "; ") + broken,
                lines: lines)
            afterConflict = true
        } catch {
            return ConfigurationResult(findings: findings, error: "cannot be laid out: \(error.message)", layout: nil)
        }

        var laidOutHeight = input.fixedHeight
        if input.fixedHeight == nil, result.exactHeight <= Self.tolerance {
            add(
                .zeroHeight, [],
                "Detected a case where constraints ambiguously suggest a height of zero for a table view cell's content view. We're considering the collapse unintentional and using standard height instead.")
            // UIKit lays the cell out at the table's row height then: the other rules look at that.
            laidOutHeight = input.zeroHeightFallback
            if let fallback = try? fitter.layout(row: row, width: input.width, height: laidOutHeight) { result = fallback }
        }
        let contents = (try? input.template.viewContents(for: row)) ?? []
        let names = result.viewNames
        let visible: [Bool] = names.map { result.visibility(of: $0) == .visible && !input.styleLaidOutViews.contains($0) }
        let height = laidOutHeight ?? result.exactHeight

        if rules.contains(.ambiguous), let ambiguity = try? fitter.ambiguity(row: row, width: input.width, height: laidOutHeight),
            !ambiguity.attributes.isEmpty
        {
            add(.ambiguous, ambiguity.views, "Layout is ambiguous: " + ambiguity.attributes.joined(separator: ", ") + " can move at no cost")
        }
        // The frames laid out, not another solution of an ambiguous layout: what UIKit shows.
        for (i, name) in names.enumerated().dropFirst() where visible[i] {
            guard let frame = result.frame(of: name) else { continue }
            let negative = [("width", frame.width), ("height", frame.height)].filter { $0.1 < -Self.tolerance }
            guard !negative.isEmpty else { continue }
            let sizes = negative.map { "\(name).\($0.0) is \(points($0.1)) pt" }.joined(separator: ", ")
            // What squeezes a view is what its neighbours take, text included: with a
            // stand-in font, wider than the app's, that depends on the stand-in.
            add(.negative, [name], sizes + " (its constraints leave it less than no room)", textual: true)
        }

        if rules.contains(.truncated) {
            for (i, view) in contents.enumerated() where visible[i] {
                guard let text = view.text, !text.isEmpty, view.kindName == "label" || view.kindName == "button",
                    let frame = result.frame(of: view.name), frame.width > 0
                else { continue }
                let available = frame.width - view.insets.left - view.insets.right
                var unlimited = view.style
                unlimited.lines = view.kindName == "button" ? 1 : 0
                guard
                    let needed = try? measurer.measure(
                        text, font: view.font, style: unlimited, maxWidth: view.kindName == "button" ? .infinity : max(0, available))
                else { continue }
                if view.kindName == "button" {
                    if needed.width > available + Self.tolerance {
                        add(.truncated, [view.name], "the title needs \(points(needed.width)) pt and the button has \(points(available))", textual: true)
                    }
                } else if view.style.lines > 0, needed.lineCount > view.style.lines {
                    let what = view.style.lines == 1 ? "one line of \(points(frame.width)) pt" : "\(view.style.lines) lines"
                    add(.truncated, [view.name], "the text needs \(needed.lineCount) lines at \(points(available)) pt; numberOfLines allows \(what)", textual: true)
                } else if needed.height > frame.height + Self.tolerance {
                    add(.truncated, [view.name], "the text needs \(points(needed.height)) pt of height (\(needed.lineCount) line\(needed.lineCount == 1 ? "" : "s")) and the label has \(points(frame.height))", textual: true)
                }
            }
        }

        let shows: [Bool] = contents.indices.map { i in
            guard visible[i], i > 0 else { return false }
            switch contents[i].kindName {
            case "label", "button": return !(contents[i].text ?? "").isEmpty
            case "image view", "text view": return true
            default: return false
            }
        }
        if rules.contains(.clipped) {
            for i in names.indices.dropFirst() where visible[i] {
                // What shows is the alignment rectangle: past it a control draws only its
                // ornament (a shadow, a slider thumb's overhang), which the edge may cut.
                let ornament = i < contents.count ? contents[i].alignmentInsets : .zero
                guard let frame = result.frame(of: names[i])?.inset(by: ornament), frame.width > Self.tolerance,
                    frame.height > Self.tolerance
                else { continue }
                // How far IB's own frame already lay past each edge: a photo IB places a
                // point above the top on purpose bleeds there on every device.
                var designed = [0.0, 0.0, 0.0, 0.0]
                if let stored = input.storedFrames, let ib = stored[names[i]]?.inset(by: ornament), let content = input.designContentSize {
                    designed = [-ib.x, -ib.y, ib.x + ib.width - content.width, ib.y + ib.height - content.height].map { max(0, $0) }
                }
                let past = [-frame.x, -frame.y, frame.x + frame.width - input.width, frame.y + frame.height - height]
                // An edge IB's own frame crosses is one the designer meant the view to bleed
                // past (an aspect-fit photo, a hairline): how far it bleeds at another size
                // is the same design, not a clipped view.
                let outside = zip(zip(past, designed), ["left", "top", "right", "bottom"])
                    .filter { $0.0.1 <= 0 && $0.0.0 > Self.tolerance }
                    .map { ($0.0.0, $0.1) }
                guard !outside.isEmpty else { continue }
                let edges = outside.map { "\(points($0.0)) pt past the \($0.1) edge" }.joined(separator: ", ")
                add(.clipped, [names[i]], "the view lies outside the content view: \(edges)", textual: i < shows.count && shows[i] && contents[i].text != nil)
            }
        }
        if rules.contains(.overlap) {
            for i in contents.indices where i < shows.count && shows[i] {
                for j in contents.indices where j > i && j < shows.count && shows[j] && contents[j].parent == contents[i].parent {
                    guard let a = result.frame(of: names[i]), let b = result.frame(of: names[j]), let overlap = intersection(a, b),
                        overlap.width > Self.tolerance, overlap.height > Self.tolerance, !contains(a, b), !contains(b, a)
                    else { continue }
                    // Views IB itself places overlapping are meant to: a badge on an avatar.
                    if let stored = input.storedFrames, let sa = stored[names[i]], let sb = stored[names[j]],
                        let designed = intersection(sa, sb), designed.width > 0, designed.height > 0
                    { continue }
                    add(
                        .overlap, [names[i], names[j]],
                        "the views overlap by \(points(overlap.width)) × \(points(overlap.height)) pt",
                        textual: contents[i].text != nil || contents[j].text != nil)
                }
            }
        }
        return ConfigurationResult(findings: findings, error: nil, layout: result)
    }

    /// `stale-frames`: the cell laid out at IB's own size with IB's placeholder sizes,
    /// against the frames IB stored (as `eval.py` and the Apple-frames tests compare them).
    public func staleFrames(
        _ input: CheckInput, contentHeight: Double, cell: CheckedCell, configuration: CheckConfiguration,
        measurer: any TextMeasurer
    ) -> [Finding] {
        guard rules.contains(.staleFrames), let stored = input.storedFrames else { return [] }
        var fitter = CellFitter(template: input.template, measurer: measurer)
        fitter.recoversFromConflicts = true
        guard let layout = try? fitter.layout(row: CellContent(), width: input.width, height: contentHeight, intrinsicSizes: .design)
        else { return [] }
        var off: [(String, Double)] = []
        for name in layout.viewNames.dropFirst() where layout.visibility(of: name) == .visible {
            guard let mine = layout.frame(of: name), let ib = stored[name] else { continue }
            let by = max(abs(mine.x - ib.x), abs(mine.y - ib.y), abs(mine.width - ib.width), abs(mine.height - ib.height))
            if by > Self.tolerance { off.append((name, by)) }
        }
        guard !off.isEmpty else { return [] }
        let worst = off.map(\.1).max() ?? 0
        return [
            Finding(
                rule: .staleFrames, severity: CheckRule.staleFrames.severity, cell: cell, configuration: configuration,
                views: off.map(\.0), ibIDs: off.compactMap { input.ibIDs[$0.0] },
                message: "Frames for \(off.count) view\(off.count == 1 ? "" : "s") will be different at run time (by up to \(points(worst)) pt): Update Frames",
                lines: off.compactMap { input.viewLines[$0.0] }.sorted(), dependsOnStandInFont: false)
        ]
    }

    private func intersection(_ a: Rect, _ b: Rect) -> Rect? {
        let x0 = max(a.x, b.x), y0 = max(a.y, b.y)
        let x1 = min(a.x + a.width, b.x + b.width), y1 = min(a.y + a.height, b.y + b.height)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether `outer` holds `inner` whole (within the tolerance): a view laid on another
    /// on purpose, as a label on its background image.
    private func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        let t = Self.tolerance
        return inner.x >= outer.x - t && inner.y >= outer.y - t && inner.x + inner.width <= outer.x + outer.width + t
            && inner.y + inner.height <= outer.y + outer.height + t
    }
}

/// A length as the findings write it: at most two decimals, no trailing zeros.
func points(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    if rounded == rounded.rounded() { return String(Int(rounded)) }
    return String(format: "%.2f", rounded).replacingOccurrences(of: #"0+$"#, with: "", options: .regularExpression)
}
