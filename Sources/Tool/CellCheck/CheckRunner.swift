import CellLayout
import Foundation
import Geometry
import InterfaceBuilder
import Locking
import TemplateFiles
import TextMetrics

/// The matrix `check` lays every cell out in, and what it applies.
public struct CheckPlan: Sendable {
    /// The screens an Interface Builder table view cell is laid out on (the document's
    /// design device is added when ``includesDesignDevice``).
    public var devices: [Device]
    /// Whether each IB cell is also laid out on its own design device, as stored.
    public var includesDesignDevice: Bool
    /// A template file's content widths.
    public var templateWidths: [Double]
    /// The Dynamic Type categories.
    public var contentSizes: [ContentSizeCategory]
    /// The directions.
    public var directions: [CheckDirection]
    /// The rules, and how they are applied.
    public var checker: CellChecker
    /// Which text styles follow the content size (`CellTemplate.adjusted(to:everyTextStyle:)`).
    public var everyTextStyle: Bool?
    /// A template file's rows (`--data`): each row is checked; none, its own content.
    public var rows: [CellContent]?

    /// A plan; every IB table view cell is laid out on `devices` (and its design device).
    public init(
        devices: [Device], includesDesignDevice: Bool = true, templateWidths: [Double], contentSizes: [ContentSizeCategory],
        directions: [CheckDirection], checker: CellChecker = CellChecker(), everyTextStyle: Bool? = nil,
        rows: [CellContent]? = nil
    ) {
        self.devices = devices
        self.includesDesignDevice = includesDesignDevice
        self.templateWidths = templateWidths
        self.contentSizes = contentSizes
        self.directions = directions
        self.checker = checker
        self.everyTextStyle = everyTextStyle
        self.rows = rows
    }
}

/// What `check` found in one cell over its whole matrix.
public struct CellReport: Sendable {
    /// The cell.
    public var cell: CheckedCell
    /// How many configurations were laid out.
    public var configurations: Int
    /// Every finding at every configuration, in the order found.
    public var findings: [Finding]
    /// Layouts that failed for another reason than a conflict, with their configuration.
    public var errors: [String]
    /// Each configuration with findings, with its layout and template (for pictures).
    public var pictures: [Picture]

    /// A configuration worth drawing: the template laid out there and the views to mark.
    public struct Picture: Sendable {
        /// Where it was laid out.
        public var configuration: CheckConfiguration
        /// The template as laid out there (device, text size and direction applied).
        public var template: CellTemplate<CellContent>
        /// The row's content.
        public var row: CellContent
        /// The fixed content height, nil for the fitting height.
        public var height: Double?
        /// The frames of the views the findings name, as laid out there, to outline.
        public var marked: [String: Rect]
    }
}

/// What `check` found in one file.
public struct FileReport: Sendable {
    /// The file, as named or found.
    public var file: String
    /// Its cells, in document order.
    public var cells: [CellReport]
    /// Why the file could not be read (exit status 2), when it could not.
    public var unreadable: String?
}

/// Makes a text measurer that calls `report` with each font substitution it makes, at
/// `scale` (a display scale's pixels per point) or, when nil, the run's.
public typealias CheckMeasurerFactory = @Sendable (_ scale: Int?, _ report: @escaping @Sendable (String) -> Void) -> any TextMeasurer

/// Checks files, one at a time per caller: ``check(file:plan:makeMeasurer:keepPictures:)``
/// holds one document in memory at a time, so a folder of any size checks in bounded memory.
public enum CheckRunner {
    /// The files `check` takes under `paths`: each file named, and under each folder every
    /// `.xib`, `.storyboard` and template `.json` (hidden folders and build products skipped),
    /// sorted, so the report is in the same order on every machine.
    public static func files(under paths: [String]) -> (files: [String], missing: [String]) {
        var found: [String] = [], missing: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
                missing.append(path)
                continue
            }
            guard isFolder.boolValue else {
                found.append(path)
                continue
            }
            var inFolder: [String] = []
            if let walker = manager.enumerator(atPath: path) {
                while let relative = walker.nextObject() as? String {
                    let name = (relative as NSString).lastPathComponent
                    if name.hasPrefix(".") || name == "build" || name == "DerivedData" || name == "Pods" {
                        walker.skipDescendants()
                        continue
                    }
                    let ext = (name as NSString).pathExtension.lowercased()
                    if ext == "xib" || ext == "storyboard" || (ext == "json" && isTemplate(path + "/" + relative)) {
                        inFolder.append(path + "/" + relative)
                    }
                }
            }
            found += inFolder.sorted()
        }
        return (found, missing)
    }

    /// Whether a `.json` file found in a folder is a template file (it has `"views"` and
    /// `"constraints"` at its top level), not an asset catalogue's `Contents.json`.
    static func isTemplate(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path), data.count < 64 << 20,
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return false }
        return object["views"] != nil && object["constraints"] != nil
    }

    /// Checks every cell of one file over the plan's matrix.
    public static func check(
        file: String, plan: CheckPlan, makeMeasurer: CheckMeasurerFactory, keepPictures: Bool = false
    ) -> FileReport {
        let ext = (file as NSString).pathExtension.lowercased()
        if ext == "json" {
            do {
                let template = try TemplateFile(contentsOfFile: file)
                return FileReport(
                    file: file, cells: [checkTemplate(template, file: file, plan: plan, makeMeasurer: makeMeasurer, keepPictures: keepPictures)],
                    unreadable: nil)
            } catch {
                return FileReport(file: file, cells: [], unreadable: error.message)
            }
        }
        let document: InterfaceBuilderDocument
        do {
            document = try InterfaceBuilderDocument(contentsOfFile: file)
        } catch {
            return FileReport(file: file, cells: [], unreadable: error.description)
        }
        let lines = IDLines(path: file)
        let cells = document.cells.map { summary in
            checkCell(summary, of: document, lines: lines, plan: plan, makeMeasurer: makeMeasurer, keepPictures: keepPictures)
        }
        return FileReport(file: file, cells: cells, unreadable: nil)
    }

    /// One IB cell: imported once per device, laid out per content size and direction.
    static func checkCell(
        _ summary: CellSummary, of document: InterfaceBuilderDocument, lines: IDLines, plan: CheckPlan,
        makeMeasurer: CheckMeasurerFactory, keepPictures: Bool
    ) -> CellReport {
        let cell = CheckedCell(
            file: document.path, id: summary.id, className: summary.customClass, reuseIdentifier: summary.reuseIdentifier,
            line: summary.line)
        var report = CellReport(cell: cell, configurations: 0, findings: [], errors: [], pictures: [])
        let substitutions = Locked<Set<String>>([])
        let measurer = makeMeasurer(nil) { text in substitutions.withLock { _ = $0.insert(text) } }
        let seen: @Sendable () -> [String] = { substitutions.withLock { Array($0).sorted() } }

        // The design device first (nil), then the plan's; a table view cell only differs by device.
        var devices: [Device?] = plan.includesDesignDevice ? [nil] : []
        if summary.kind == .tableViewCell || !plan.includesDesignDevice { devices += plan.devices.map { $0 } }
        var widthsDone = Set<Double>()
        let designSize = summary.contentSize
        for device in devices {
            let imported: ImportedCell
            let template: TemplateFile
            do {
                imported = try document.importCell(summary, on: device)
                template = try TemplateFile(parsing: imported.templateJSON, path: document.path)
            } catch let error as InterfaceBuilderError {
                let place = error.element.isEmpty ? "line \(error.line)" : "line \(error.line), \(error.element)"
                report.errors.append("\(device?.key ?? "design"): cannot be imported (\(place)): \(error.message)")
                continue
            } catch let error as TemplateFileError {
                report.errors.append("\(device?.key ?? "design"): the imported template does not read back: \(error.message)")
                continue
            } catch {
                report.errors.append("\(device?.key ?? "design"): \(error)")
                continue
            }
            // Two devices that give the content view the same width give the same layout.
            guard widthsDone.insert(imported.contentSize.width).inserted else { continue }
            let isDesign = device == nil
            // A built-in style's labels are laid out and sized by UIKit, not by constraints:
            // such a row is checked at its stored height. Other rows as UIKit sizes them at
            // run time, which is not always as IB's canvas does (`runtimeContentHeight`).
            var input = CheckInput(
                template: template.template, width: imported.contentSize.width,
                fixedHeight: summary.builtInStyle == nil && !imported.runtimeHeightIsAssumed
                    ? imported.runtimeContentHeight : imported.contentSize.height,
                ibIDs: imported.ibIDs, constraintLines: lines.lines(of: template.constraints.compactMap(\.identifier)),
                viewLines: imported.ibIDs.compactMapValues { lines.line(of: $0) },
                storedFrames: imported.frames, designContentSize: designSize, fontsAreStandIns: standInAliases(imported.templateJSON))
            input.zeroHeightFallback = imported.contentSize.height
            input.heightIsAssumed = imported.runtimeHeightIsAssumed && summary.builtInStyle == nil
            let styleIDs = Set(summary.builtInStyleViews)
            input.styleLaidOutViews = Set(imported.ibIDs.filter { styleIDs.contains($0.value) }.map(\.key))
            input.misplacedSizes = Set(imported.misplacedSizes)
            let deviceName = device?.key ?? "design"
            if isDesign {
                let configuration = CheckConfiguration(
                    device: deviceName, width: input.width, contentSize: ContentSizeCategory.default.abbreviation, direction: .ltr)
                // IB snapped the stored frames to its canvas's pixel grid: the layout compared with
                // them rounds to the same one.
                report.findings += plan.checker.staleFrames(
                    input, contentHeight: imported.contentSize.height, cell: cell, configuration: configuration,
                    measurer: makeMeasurer(document.designScale) { _ in })
            }
            run(input, device: deviceName, rows: [nil], plan: plan, cell: cell, measurer: measurer, seen: seen, into: &report, keepPictures: keepPictures)
        }
        addStandInNote(seen(), cell: cell, into: &report, plan: plan)
        return report
    }

    /// A template file: laid out at each content width.
    static func checkTemplate(
        _ file: TemplateFile, file path: String, plan: CheckPlan, makeMeasurer: CheckMeasurerFactory, keepPictures: Bool
    ) -> CellReport {
        let cell = CheckedCell(file: path, id: file.name, className: nil, reuseIdentifier: nil, line: 0)
        var report = CellReport(cell: cell, configurations: 0, findings: [], errors: [], pictures: [])
        let substitutions = Locked<Set<String>>([])
        let measurer = makeMeasurer(nil) { text in substitutions.withLock { _ = $0.insert(text) } }
        let seen: @Sendable () -> [String] = { substitutions.withLock { Array($0).sorted() } }
        let rows: [Int?] = plan.rows.map { Array($0.indices) } ?? [nil]
        for width in plan.templateWidths {
            let input = CheckInput(template: file.template, width: width, fixedHeight: nil)
            run(input, device: nil, rows: rows, plan: plan, cell: cell, measurer: measurer, seen: seen, into: &report, keepPictures: keepPictures)
        }
        addStandInNote(seen(), cell: cell, into: &report, plan: plan)
        return report
    }

    private static func run(
        _ base: CheckInput, device: String?, rows: [Int?], plan: CheckPlan, cell: CheckedCell, measurer: any TextMeasurer,
        seen: @escaping @Sendable () -> [String], into report: inout CellReport, keepPictures: Bool
    ) {
        for category in plan.contentSizes {
            for direction in plan.directions {
                var input = base
                input.template = directed(base.template.adjusted(to: category, everyTextStyle: plan.everyTextStyle), direction)
                for row in rows {
                    let content = row.flatMap { plan.rows?[$0] } ?? CellContent()
                    let configuration = CheckConfiguration(
                        device: device, width: input.width, contentSize: category.abbreviation, direction: direction, row: row)
                    var result = plan.checker.check(
                        input, row: content, cell: cell, configuration: configuration, measurer: measurer, substitutions: seen)
                    if input.heightIsAssumed {
                        result.findings = bothReadings(
                            result.findings, input: input, row: content, cell: cell, configuration: configuration,
                            plan: plan, measurer: measurer, seen: seen)
                    }
                    report.configurations += 1
                    report.findings += result.findings
                    if let error = result.error { report.errors.append("\(configuration): \(error)") }
                    if keepPictures, !result.findings.isEmpty, let layout = result.layout {
                        var marked: [String: Rect] = [:]
                        for name in result.findings.flatMap(\.views) { marked[name] = layout.frame(of: name) }
                        report.pictures.append(
                            .init(configuration: configuration, template: input.template, row: content, height: input.fixedHeight, marked: marked))
                    }
                }
            }
        }
    }

    /// A row whose height the file leaves to the app's code is checked at its stored
    /// height (what the designer drew, and what such code most often returns) and as
    /// self-sizing (UIKit's default): a finding of one reading only depends on what the
    /// code does, so it is a warning that says which reading shows it.
    private static func bothReadings(
        _ stored: [Finding], input: CheckInput, row: CellContent, cell: CheckedCell, configuration: CheckConfiguration,
        plan: CheckPlan, measurer: any TextMeasurer, seen: @escaping @Sendable () -> [String]
    ) -> [Finding] {
        var selfSizing = input
        selfSizing.fixedHeight = nil
        let other = plan.checker.check(
            selfSizing, row: row, cell: cell, configuration: configuration, measurer: measurer, substitutions: seen
        ).findings
        let storedKeys = Set(stored.map(\.key)), otherKeys = Set(other.map(\.key))
        func only(_ finding: Finding, _ reading: String) -> Finding {
            var finding = finding
            finding.severity = min(finding.severity, .warning)
            finding.message += " (\(reading); the file leaves the row's height to the app's code)"
            return finding
        }
        return stored.map { otherKeys.contains($0.key) ? $0 : only($0, "at the stored height only") }
            + other.filter { !storedKeys.contains($0.key) }.map { only($0, "only if the row sizes itself") }
    }

    /// The template laid out in `direction`.
    static func directed(_ template: CellTemplate<CellContent>, _ direction: CheckDirection) -> CellTemplate<CellContent> {
        template.laidOut(in: direction == .rtl ? .rightToLeft : .leftToRight)
    }

    /// The `stand-in-font` note: once per cell, naming every font measured with another.
    private static func addStandInNote(_ substitutions: [String], cell: CheckedCell, into report: inout CellReport, plan: CheckPlan) {
        guard plan.checker.rules.contains(.standInFont), !substitutions.isEmpty || report.findings.contains(where: \.dependsOnStandInFont)
        else { return }
        var fonts = substitutions
        if report.findings.contains(where: \.dependsOnStandInFont), substitutions.isEmpty {
            fonts = ["UIKit's system font (San Francisco) is not installed: DejaVu Sans stands in"]
        }
        report.findings.append(
            Finding(
                rule: .standInFont, severity: .note, cell: cell,
                configuration: CheckConfiguration(device: nil, width: 0, contentSize: "", direction: .ltr),
                views: [], ibIDs: [], message: fonts.joined(separator: "; ") + " (--font-dir gives the app's fonts)", lines: [],
                dependsOnStandInFont: true))
    }

    /// The families an imported template declares for UIKit's system fonts (`"fonts":
    /// {"System": "DejaVu Sans"}`): San Francisco and New York are not on Linux, so text
    /// in them is measured with these stand-ins.
    static func standInAliases(_ json: String) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
            let fonts = object["fonts"] as? [String: Any]
        else { return [] }
        return fonts.keys.filter { $0.hasPrefix("System") }.sorted()
    }
}

/// Where each `id="…"` of an Interface Builder file is declared, by line: the importer's
/// ids are IB's, so a finding can point at the file's lines.
struct IDLines: Sendable {
    private var byID: [String: Int] = [:]

    init(path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return }
        var line = 1
        let bytes = [UInt8](data)
        let marker = Array(" id=\"".utf8)
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A {
                line += 1
            } else if bytes[i] == 0x20, i + marker.count < bytes.count, Array(bytes[i..<(i + marker.count)]) == marker {
                var j = i + marker.count
                while j < bytes.count, bytes[j] != 0x22, bytes[j] != 0x0A { j += 1 }
                let id = String(decoding: bytes[(i + marker.count)..<j], as: UTF8.self)
                if byID[id] == nil { byID[id] = line }
                i = j
                continue
            }
            i += 1
        }
    }

    func line(of id: String) -> Int? { byID[id] }

    func lines(of ids: [String]) -> [String: Int] {
        var out: [String: Int] = [:]
        for id in ids { out[id] = byID[id] }
        return out
    }
}
