import JSONSupport
import ArgumentParser
import ExampleSupport
import CellFitWorkload
import TextMetrics
import PangoText

/// `cellfit measure`: measures one string the way a label would, with Pango (or the
/// fixed-advance measurer), and prints its size and line count.
struct Measure: ParsableCommand, BudgetedCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure text as a label would: size and line count.",
        discussion: """
            Sizes are in logical pixels, rounded up to the pixel grid of --scale. Without \
            --width the text is not wrapped (newlines still break lines). A font family or \
            face with no installed font is measured with a stand-in named on standard error \
            (DejaVu Sans at the same weight and slant), or is an error (exit status 1) with \
            --strict-fonts; --font-dir adds an app's own font files.
            """
    )

    @OptionGroup var budget: BudgetOptions

    @Option(help: "Font family, as fontconfig names it (fc-list : family).")
    var font: String = Font.defaultFamily

    @Option(help: "Font face by PostScript name (OpenSans-Semibold), as UIFont(name:size:) takes it; its family, weight and slant replace --font and --weight when it is installed.")
    var face: String?

    @OptionGroup var fonts: FontOptions

    @Option(help: "Font size in pixels.")
    var size: Double = 14

    @Option(help: "Font weight, 1...1000 (400 regular, 700 bold).")
    var weight: Int = 400

    @Option(help: "Maximum line width in pixels (default: unlimited).")
    var width: Double?

    @Option(help: "Maximum number of lines; 0 for unlimited.")
    var lines: Int = 0

    @Option(help: "Line break mode: word, char or truncate (word wrap with a tail ellipsis).")
    var mode: MeasureLineBreakMode = .word

    @Option(name: .customLong("line-spacing"), help: "Extra pixels between lines.")
    var lineSpacing: Double = 0

    @Option(help: "Display scale to round to: 1, 2 or 3.")
    var scale: Int = 1

    @Option(help: "Text measurer: pango (real fonts), pango-layout (real fonts, a full layout of every text) or fixed (deterministic fixed advances).")
    var measurer: MeasurerChoice = .pango

    @Flag(help: "The same as --measurer fixed.")
    var fixed = false

    @Flag(help: "Print {\"width\":…, \"height\":…, \"lines\":…} instead of text.")
    var json = false

    @Argument(help: "The text to measure (\\n in a shell string is not a newline; use $'...' for that).")
    var text: String

    func validate() throws {
        guard DisplayScale(rawValue: scale) != nil else { throw ValidationError("--scale must be 1, 2 or 3 (got \(scale)).") }
        guard size.isFinite, size > 0, size <= Font.maximumSize else {
            throw ValidationError("--size must be a number of pixels above 0 and at most \(Int(Font.maximumSize)) (got \(size)).")
        }
        guard lines >= 0 else { throw ValidationError("--lines must be 0 (unlimited) or more (got \(lines)).") }
        if let width, !(width >= 0) { throw ValidationError("--width must be zero or more (got \(width)).") }
        guard (1...1000).contains(weight) else { throw ValidationError("--weight must be in 1...1000 (got \(weight)).") }
        if fixed, measurer != .pango, measurer != .fixed {
            throw ValidationError("--fixed and --measurer \(measurer.rawValue) contradict each other; give one.")
        }
    }

    func run() throws {
        // validate() has checked the scale; .x1 is never used.
        let displayScale = DisplayScale(rawValue: scale) ?? .x1
        try fonts.addFolders()
        let measurer = (fixed ? MeasurerChoice.fixed : self.measurer).make(
            scale: displayScale, cached: false, missingFonts: fonts.missingFonts)
        let style = TextStyle(lines: lines, lineBreakMode: mode.lineBreakMode, lineSpacing: lineSpacing)
        let result = try measurer.measure(
            text,
            font: Font(family: font, size: size, weight: Font.Weight(weight), face: face),
            style: style,
            maxWidth: width ?? .infinity
        )
        if json {
            print("{\"width\":\(number(result.width)),\"height\":\(number(result.height)),\"lines\":\(result.lineCount)}")
        } else {
            print("width \(number(result.width))  height \(number(result.height))  lines \(result.lineCount)"
                + "  baselines \(number(result.firstBaseline))/\(number(result.lastBaseline))")
        }
    }

    /// `38` for whole numbers, otherwise Swift's shortest round-trip form (`9.5`, `9.666666666666666`).
    private func number(_ value: Double) -> String {
        JSONText.compactNumber(value)
    }
}

/// The `--mode` values.
enum MeasureLineBreakMode: String, ExpressibleByArgument, CaseIterable {
    case word
    case char
    case truncate

    var lineBreakMode: LineBreakMode {
        switch self {
        case .word: .wordWrap
        case .char: .characterWrap
        case .truncate: .truncateTail
        }
    }
}
