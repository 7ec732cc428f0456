import ArgumentParser
import CellCheck
import CellFitOutput
import CellLayout
import Dispatch
import ExampleSupport
import Foundation
import InterfaceBuilder
import Locking
import PangoText
import TemplateFiles
import TextMetrics

/// `cellfit check`: every cell of an app's Interface Builder files and templates, laid
/// out on each device, at each text size and in each direction, against the rules of
/// Docs/Check.md; a report a person reads, JUnit XML for CI, or NDJSON.
struct Check: ParsableCommand, BudgetedCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check every cell of an app at every device width, text size and direction.",
        discussion: """
            Takes folders (searched for .xib, .storyboard and template .json files) and files, \
            finds every cell, and lays each out on --devices (or at --widths), at each \
            --content-size and --direction. An Interface Builder table view cell is laid out \
            at the content width the table gives it on each device (its accessory and \
            inset-grouped insets kept, the device's margins); other IB cells keep their own \
            size; a template file is laid out at each width as `layout --width` takes it.

            Rules (--rules, Docs/Check.md): conflict, ambiguous, truncated, clipped, overlap, \
            zero-height, negative, stale-frames, stand-in-font. A text finding measured with \
            a stand-in font (DejaVu Sans stands in for San Francisco) is a warning unless \
            --strict-fonts.

            Exit status: 0 when no finding fails (--severity, error by default) beyond the \
            --baseline; 1 when one does, or a cell cannot be laid out; 2 when a file cannot \
            be read (the others are still checked) or an option's file is wrong; 3 past \
            --time-limit or --memory-limit.
            """
    )

    @OptionGroup var budget: BudgetOptions

    @Argument(help: ArgumentHelp("Folders and files (.xib, .storyboard, template .json).", valueName: "path"))
    var paths: [String]

    @Option(help: ArgumentHelp(
        "Devices by key, comma-separated, or all (`check --list-devices`); default: today's common phones and each document's design device.",
        valueName: "keys"))
    var devices: String?

    @Option(help: ArgumentHelp(
        "Screen widths in points instead of --devices (a template file's content widths), comma-separated.", valueName: "points"))
    var widths: String?

    @Option(name: .customLong("content-size"), help: ArgumentHelp("Text sizes: L (the default), all, or a list (L,xxxL,AX3).", valueName: "categories"))
    var contentSizes: String = "L"

    @Option(help: ArgumentHelp("Directions: ltr (the default), rtl, or ltr,rtl.", valueName: "list"))
    var direction: String = "ltr"

    @Option(help: ArgumentHelp("A rows file for the template files: each row is checked instead of the template's own content.", valueName: "file"))
    var data: String?

    @Option(help: ArgumentHelp("The rules to apply, comma-separated (default: all).", valueName: "names"))
    var rules: String?

    @Option(help: ArgumentHelp("The least severity that fails the run: note, warning or error.", valueName: "severity"))
    var severity: String = "error"

    @Option(help: ArgumentHelp("human, junit or ndjson.", valueName: "format"))
    var format: String = "human"

    @Option(help: ArgumentHelp("Write the report here instead of standard output.", valueName: "file"))
    var output: String?

    @Option(help: ArgumentHelp("Write an SVG of each failing cell and configuration here, the views of its findings outlined.", valueName: "folder"))
    var svgDir: String?

    @Option(help: ArgumentHelp("Accept the findings this file lists (--write-baseline wrote it): only new ones fail.", valueName: "file"))
    var baseline: String?

    @Option(help: ArgumentHelp("Write every finding of this run to a baseline file.", valueName: "file"))
    var writeBaseline: String?

    @OptionGroup var fonts: FontOptions

    @Flag(
        name: .customLong("adjusting-text-styles-only"),
        help: "Only the fonts of views that adjust (adjustsFontForContentSizeCategory) follow --content-size (the default for imported cells is every text style, as a nib decodes them).")
    var adjustingTextStylesOnly = false

    @Option(help: "Display scale: 1, 2 or 3.")
    var scale: Int = 3

    @Option(help: ArgumentHelp("Files checked at once (default: the machine's cores).", valueName: "count"))
    var workers: Int = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "List the devices --devices knows and exit.")
    var listDevices = false

    func validate() throws {
        guard (1...512).contains(workers) else { throw ValidationError("--workers must be between 1 and 512 (got \(workers)).") }
        guard DisplayScale(rawValue: scale) != nil else { throw ValidationError("--scale must be 1, 2 or 3 (got \(scale)).") }
        guard ["human", "junit", "ndjson"].contains(format) else { throw ValidationError("--format must be human, junit or ndjson (got '\(format)').") }
        guard Severity(rawValue: severity) != nil else { throw ValidationError("--severity must be note, warning or error (got '\(severity)').") }
        if devices != nil && widths != nil { throw ValidationError("give --devices or --widths, not both.") }
        _ = try plan(rows: nil)
    }

    /// The matrix the options name.
    private func plan(rows: [CellContent]?) throws -> CheckPlan {
        var chosenDevices = Device.common
        var includesDesign = true
        var templateWidths = Device.common.map(\.width)
        if let devices {
            includesDesign = false
            if devices == "all" {
                chosenDevices = Device.catalog
            } else {
                chosenDevices = try devices.split(separator: ",").map { key in
                    let key = key.trimmingCharacters(in: .whitespaces)
                    if key == "design" { includesDesign = true; return nil }
                    guard let device = Device.named(key) else {
                        throw ValidationError("no device '\(key)'; there are design, " + Device.catalog.map(\.key).joined(separator: ", ") + ".")
                    }
                    return device
                }.compactMap { $0 }
            }
            templateWidths = chosenDevices.map(\.width)
        }
        if let widths {
            guard let list = WidthList(argument: widths) else {
                throw ValidationError("--widths must be positive numbers of points, comma-separated (got '\(widths)').")
            }
            includesDesign = false
            templateWidths = list.values
            chosenDevices = list.values.map { Device(key: "\(numberText($0))pt", name: "\(numberText($0)) pt", width: $0, isPad: $0 >= 744) }
        }
        let categories: [ContentSizeCategory]
        switch ContentSizeList.parse(contentSizes) {
        case .success(let list): categories = list
        case .failure(let error): throw error
        }
        var directions: [CheckDirection] = []
        for name in direction.split(separator: ",") {
            guard let one = CheckDirection(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased()) else {
                throw ValidationError("--direction takes ltr, rtl or ltr,rtl (got '\(direction)').")
            }
            if !directions.contains(one) { directions.append(one) }
        }
        var chosenRules = Set(CheckRule.allCases)
        if let rules {
            chosenRules = try Set(rules.split(separator: ",").map { name in
                guard let rule = CheckRule(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                    throw ValidationError("no rule '\(name)'; there are " + CheckRule.allCases.map(\.rawValue).joined(separator: ", ") + ".")
                }
                return rule
            })
        }
        return CheckPlan(
            devices: chosenDevices, includesDesignDevice: includesDesign, templateWidths: templateWidths, contentSizes: categories,
            directions: directions, checker: CellChecker(rules: chosenRules),
            everyTextStyle: adjustingTextStylesOnly ? false : nil, rows: rows)
    }

    func run() throws {
        if listDevices {
            for device in Device.catalog { print("\(device.key)\t\(numberText(device.width))\t\(device.name)") }
            return
        }
        try fonts.addFolders()
        var accepted: Set<String> = []
        if let baseline {
            do { accepted = try CheckOutput.readBaseline(baseline) } catch { throw failure(error.message, status: ExitStatus.badInput) }
        }
        if let output { try OutputFile.checkWritable(output) }
        if let writeBaseline { try OutputFile.checkWritable(writeBaseline) }
        var rows: [CellContent]?
        if let data {
            // The rows belong to the template files; read them with the first one's fields.
            let (files, _) = CheckRunner.files(under: paths)
            guard let first = files.first(where: { $0.hasSuffix(".json") }) else {
                throw failure("--data needs a template file among the paths", status: ExitStatus.badInput)
            }
            rows = try LoadedTemplate.read(template: first, data: data).rows
        }
        let plan = try plan(rows: rows)
        let (files, missing) = CheckRunner.files(under: paths)
        for path in missing { StandardError.emit("error: \(path): no such file or folder") }

        let scale = DisplayScale(rawValue: self.scale) ?? .x3
        let strict = fonts.strict
        let makeMeasurer: CheckMeasurerFactory = { own, report in
            PangoTextMeasurer(
                scale: own.flatMap(DisplayScale.init(rawValue:)) ?? scale, cache: MeasurementCache(),
                missingFonts: .substitute(report: { substitution in report(substitution.description) }))
        }
        let next = Locked(0)
        let done = Locked(0)
        let bar = ProgressBar.make(rowCount: files.count, unit: "files", minimum: 20)
        let keepPictures = svgDir != nil
        let policy = FailurePolicy(failsFrom: Severity(rawValue: severity) ?? .error, strictFonts: strict, accepted: accepted)
        if let svgDir { try createFolder(svgDir) }
        let pictureNames = Locked(Set<String>())
        let format = CheckFormat(rawValue: self.format) ?? .human
        // Files finish out of order; each is written as soon as those before it are, and
        // dropped, so that memory holds the files in flight, not the run's findings.
        let stream = Locked(
            ReportStream(
                output: try OutputFile.Stream(output ?? "-"), writer: CheckReportWriter(format: format, policy: policy),
                keepsKeys: writeBaseline != nil))
        try stream.withLock { try $0.begin() }
        let workerCount = max(1, min(workers, files.count))
        DispatchQueue.concurrentPerform(iterations: workerCount) { _ in
            while true {
                let index = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < files.count else { return }
                var report = CheckRunner.check(file: files[index], plan: plan, makeMeasurer: makeMeasurer, keepPictures: keepPictures)
                var pictureError: Error? = nil
                if let svgDir {
                    do {
                        try writePictures(report, to: svgDir, policy: policy, scale: scale, names: pictureNames)
                    } catch {
                        pictureError = error
                    }
                    for cell in report.cells.indices { report.cells[cell].pictures = [] }
                }
                stream.withLock { $0.add(report, at: index, pictureError: pictureError) }
                bar?.update(done.withLock { value -> Int in
                    value += 1
                    return value
                })
            }
        }
        bar?.finish()
        let tally = try stream.withLock { stream -> CheckTally in
            try stream.finish()
            return stream.writer.tally
        }
        if let writeBaseline { try OutputFile.write(CheckOutput.baseline(keys: stream.withLock { $0.keys }), to: writeBaseline) }
        if output != nil, format != .human { StandardError.emit(tally.summary) }
        if !missing.isEmpty || tally.unreadable > 0 { throw ExitCode(ExitStatus.badInput) }
        if tally.fails { throw ExitCode(ExitStatus.layoutFailed) }
    }

    private func createFolder(_ folder: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw failure("\(folder): cannot be created: \(error.localizedDescription)", status: ExitStatus.badInput)
        }
    }

    /// One SVG per failing cell and configuration of `file`: the cell laid out there, the
    /// views of its findings outlined; `names` keeps two pictures from taking one name.
    private func writePictures(
        _ file: FileReport, to folder: String, policy: FailurePolicy, scale: DisplayScale, names: Locked<Set<String>>
    ) throws {
        let measurer = PangoTextMeasurer(scale: scale, missingFonts: .substitute(report: { _ in }))
        for cell in file.cells {
            let failingConfigurations = Set(cell.findings.filter(policy.fails).map(\.configuration))
            for picture in cell.pictures where failingConfigurations.contains(picture.configuration) {
                var renderer = SVGRenderer(template: picture.template, measurer: measurer, width: picture.configuration.width)
                renderer.height = picture.height
                renderer.recoversFromConflicts = true
                renderer.overlays = [0: picture.marked]
                guard let svg = try? renderer.render([(index: 0, content: picture.row)]) else { continue }
                // The whole path, so that two folders' Main.storyboard draw under two names
                // whichever worker finishes first.
                let base = (file.file as NSString).deletingPathExtension.split(separator: "/")
                    .filter { $0 != "." && $0 != ".." }.joined(separator: "__")
                let config = picture.configuration
                var name = "\(base)-\(cell.cell.id)-\(config.device ?? numberText(config.width))-\(config.contentSize)-\(config.direction.rawValue)"
                if let row = config.row { name += "-row\(row)" }
                name = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
                names.withLock { taken in
                    while !taken.insert(name).inserted { name += "_" }
                }
                try OutputFile.write(svg, to: folder + "/" + name + ".svg")
            }
        }
    }
}

/// The report as it is written: files in order, each as soon as those before it are.
private struct ReportStream {
    let output: OutputFile.Stream
    var writer: CheckReportWriter
    /// Every finding's key, for `--write-baseline`.
    var keys = Set<String>()
    let keepsKeys: Bool
    private var waiting: [Int: FileReport] = [:]
    private var nextIndex = 0
    /// The first error met while writing; the run stops writing and throws it at the end.
    private var failure: Error? = nil

    init(output: OutputFile.Stream, writer: CheckReportWriter, keepsKeys: Bool) {
        self.output = output
        self.writer = writer
        self.keepsKeys = keepsKeys
    }

    func begin() throws { try output.write(writer.header) }

    /// Takes file `index`'s report, and writes every report now next in order.
    mutating func add(_ report: FileReport, at index: Int, pictureError: Error?) {
        if failure == nil, let pictureError { failure = pictureError }
        waiting[index] = report
        while let ready = waiting.removeValue(forKey: nextIndex) {
            nextIndex += 1
            if keepsKeys { for cell in ready.cells { keys.formUnion(cell.findings.map(\.key)) } }
            let section = writer.section(for: ready)
            guard failure == nil else { continue }
            do { try output.write(section) } catch { failure = error }
        }
    }

    /// Writes the footer and puts the output in place, or throws what went wrong.
    mutating func finish() throws {
        if let failure {
            output.abandon()
            throw failure
        }
        try output.write(writer.footer)
        try output.commit()
    }
}
