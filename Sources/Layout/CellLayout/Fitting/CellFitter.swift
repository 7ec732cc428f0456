import Cancellation
import Cassowary
/// Fits rows of one template: compiles each variant (set of collapsed views)
/// once, the first time a row needs it, and re-solves it for every later row
/// of that variant with new intrinsic sizes only.
///
/// A fitter is a value owned by one thread at a time. To fit rows on several
/// threads, give each thread its own fitter (``CellTemplate/makeFitter(measurer:separatorHeight:)``):
/// the template and measurer are shared, safely, and each fitter compiles the
/// variants it meets. A fitter is `Sendable`, so it can be made on one thread
/// and handed to another, but it is not synchronised: do not share one between
/// threads.
///
/// ```swift
/// var fitter = template.makeFitter(measurer: PangoTextMeasurer(scale: .x2))
/// for message in messages {
///     heights.append(try fitter.fit(message, width: 375).rowHeight)
/// }
/// ```
public struct CellFitter<Content>: Sendable {
    /// The template this fitter lays out.
    public let template: CellTemplate<Content>
    /// Measures the rows' text; its scale is the pixel grid results are rounded to.
    public let measurer: any TextMeasurer
    /// The separator added below each row; `nil` for one device pixel (`1 / scale`).
    public let separatorHeight: Double?
    /// What this fitter has done so far.
    public private(set) var statistics = FittingStatistics()

    private var variantIndex: [VariantKey: Int] = [:]
    private var variants: [CompiledVariant] = []
    /// The view each of the last row's settings named, in order (`RowState.apply`),
    /// and the last row's state, reset and reused for the next.
    private var recentViews: [Int] = []
    private var lastRow: RowState?

    /// What a row whose required constraints conflict gets: by default (false) a
    /// thrown ``CellLayoutError/Code/unsatisfiable``; when true, UIKit's recovery —
    /// the declared constraint of the minimal conflict set with the lowest priority
    /// (the one declared last among equals) is broken, the row is laid out without
    /// it, and the result lists it in ``CellLayoutResult/brokenConstraints``. A
    /// conflict among the template's own constraints alone (no declared one in the
    /// set) still throws.
    public var recoversFromConflicts = false
    /// Asked before each row and by the solver at each add (Solver.cancellation) whether to stop: a
    /// row that finds it cancelled throws ``CellLayoutError/Code/cancelled``, and
    /// the fitter stays usable (a later row with a token that is not cancelled is
    /// laid out as it would have been). `nil` (the default): rows run to their end.
    public var cancellation: CancellationToken? {
        get { limits.cancellation }
        set { limits.cancellation = newValue }
    }

    /// The most cells (nonzero coefficients) a variant's solver tableau may hold
    /// (``Solver/maximumTableauCells``): a template too large or too densely
    /// coupled for it throws ``CellLayoutError/Code/solverFailure`` with the solver's
    /// `limitExceeded` message, before the memory is spent. Applies to the variants
    /// compiled after it is set: set it before the first row.
    public var maximumTableauCells: Int {
        get { limits.maximumTableauCells }
        set { limits.maximumTableauCells = newValue }
    }

    private var limits = SolverLimits()

    /// The fitters of the template with constraints broken, by the set broken.
    private var recovered: [Set<Int>: CellFitter<Content>] = [:]

    /// The most variants kept compiled; past this the cache starts over (a
    /// template with that many collapse patterns is unusual, and this bounds memory).
    public static var variantLimit: Int { 256 }

    /// Creates a fitter. Prefer ``CellTemplate/makeFitter(measurer:separatorHeight:)``.
    /// - Parameters:
    ///   - separatorHeight: the separator below each row; `nil` for one device pixel.
    public init(template: CellTemplate<Content>, measurer: any TextMeasurer, separatorHeight: Double? = nil) {
        self.template = template
        self.measurer = measurer
        self.separatorHeight = separatorHeight
    }

    /// The number of variants compiled and kept.
    public var compiledVariantCount: Int { variants.count }

    /// Lays out the row showing `content` at `width`.
    /// - Throws: ``CellLayoutError``: `unknownView`, `wrongViewKind` or `invalidValue` when the
    ///   binding sets something the template cannot take; `unsatisfiable` when the required
    ///   constraints conflict for this row's variant or width; `notConverged` when wrapping
    ///   text does not settle; `textMeasurement` when measuring fails; `invalidWidth`
    ///   for a negative or non-finite width; `invalidValue` for a bad separator height.
    public mutating func fit(_ content: Content, width: Double) throws(CellLayoutError) -> CellLayoutResult {
        var row = CellContent()
        template.bind(content, &row)
        return try fit(row: row, width: width)
    }

    /// Lays out a row whose content is already bound.
    /// - Throws: see ``fit(_:width:)``.
    public mutating func fit(row content: CellContent, width: Double) throws(CellLayoutError) -> CellLayoutResult {
        try laidOut(row: content, width: width, height: nil, intrinsicSizes: .measured)
    }

    /// Lays out a row at width `width` and, when `height` is given, with its content
    /// view held at that height (the cell on screen at its final size): whatever must
    /// stretch or compress does so by hugging and compression resistance. Without a
    /// height it is ``fit(row:width:)``, the compressed fitting size.
    ///
    /// - Parameters:
    ///   - intrinsicSizes: `.measured` measures text and takes image sizes from the row;
    ///     `.design` takes each view's ``ViewAttributes/designSize`` as its intrinsic size.
    /// - Throws: as ``fit(_:width:)``; `invalidValue` for a negative or non-finite height, or
    ///   under `.design` for a view with intrinsic content and no design size;
    ///   `unsatisfiable` when the required constraints cannot hold at that size.
    public mutating func layout(
        row content: CellContent, width: Double, height: Double? = nil, intrinsicSizes: IntrinsicSizes = .measured
    ) throws(CellLayoutError) -> CellLayoutResult {
        try laidOut(row: content, width: width, height: height, intrinsicSizes: intrinsicSizes)
    }

    /// ``fitVariant(row:width:height:intrinsicSizes:)``, recovering from a conflict
    /// when ``recoversFromConflicts`` says so.
    private mutating func laidOut(
        row content: CellContent, width: Double, height: Double?, intrinsicSizes: IntrinsicSizes
    ) throws(CellLayoutError) -> CellLayoutResult {
        let failure: CellLayoutError
        do {
            return try fitVariant(row: content, width: width, height: height, intrinsicSizes: intrinsicSizes).result
        } catch {
            failure = error
        }
        guard recoversFromConflicts, failure.code == .unsatisfiable,
            let culprit = failure.conflicts.filter({ $0.declaredIndex != nil }).min(by: { a, b in
                let pa = a.declaration?.priority ?? .required, pb = b.declaration?.priority ?? .required
                return pa != pb ? pa < pb : (a.declaredIndex ?? 0) > (b.declaredIndex ?? 0)
            }),
            let index = culprit.declaredIndex
        else { throw failure }
        let model = template.model
        let broken = model.disabled.union([index])
        var fitter = recovered[broken] ?? {
            var fresh = CellFitter(
                template: CellTemplate(model: model.disabling([index]), bind: template.bind), measurer: measurer,
                separatorHeight: separatorHeight)
            fresh.recoversFromConflicts = true
            return fresh
        }()
        fitter.limits = limits
        // Taken out while it works, so that it is not copied on write; put back after.
        recovered[broken] = nil
        defer { recovered[broken] = fitter }
        var result = try fitter.laidOut(row: content, width: width, height: height, intrinsicSizes: intrinsicSizes)
        result.brokenConstraints.insert(culprit.description, at: 0)
        return result
    }

    /// The variant compiled at `index` (as ``fitVariant(row:width:)`` returned it).
    func compiledVariant(at index: Int) -> CompiledVariant { variants[index] }

    /// The solver of the variant at `index`, holding the last row's suggestions
    /// (a row answered from a kept basis leaves the solver behind).
    /// - Throws: the solver's error for a suggestion it refuses.
    mutating func synchronizedSolver(ofVariant index: Int) throws(CellLayoutError) -> Solver {
        try variants[index].solver.synchronizeSolver()
        return variants[index].solver.simplex
    }

    /// Lays out a row and says which compiled variant it used, for the
    /// package-level inspection of a row's constraint system.
    mutating func fitVariant(
        row content: CellContent, width: Double, height: Double? = nil, intrinsicSizes: IntrinsicSizes = .measured
    ) throws(CellLayoutError) -> (result: CellLayoutResult, variant: Int) {
        let model = template.model
        if let cancellation = limits.cancellation, cancellation.isCancelled {
            throw CellLayoutError.cancelled(template: model.name)
        }
        statistics.rows += 1
        guard width.isFinite, width >= 0 else {
            throw CellLayoutError(.invalidWidth, "template '\(model.name)': cannot fit at width \(width)", views: [ContentView.name])
        }
        let scale = measurer.scale
        let separator = separatorHeight ?? scale.pixel
        guard separator.isFinite, separator >= 0 else {
            throw CellLayoutError(.invalidValue, "template '\(model.name)': separator height \(separator)")
        }
        if let height, !(height.isFinite && height >= 0) {
            throw CellLayoutError(.invalidValue, "template '\(model.name)': cannot lay out at height \(height)", views: [ContentView.name])
        }
        var row: RowState
        if let last = lastRow {
            // Taken out, so that the arrays are uniquely referenced and reset in place.
            lastRow = nil
            row = last
            row.reset(to: model.defaults, views: recentViews)
        } else {
            row = model.defaults
        }
        try row.apply(content, model: model, recent: &recentViews)
        lastRow = row

        let key = VariantKey(row, model: model)
        let v: Int
        if let known = variantIndex[key] {
            v = known
        } else {
            let compiled = try VariantCompiler.compile(model: model, row: row, limits: limits)
            statistics.variantsCompiled += 1
            if variants.count >= Self.variantLimit {
                variants.removeAll()
                variantIndex.removeAll()
            }
            v = variants.count
            variants.append(compiled)
            variantIndex[key] = v
        }

        let result = try variants[v].layout(
            row, width: width, height: height, intrinsicSizes: intrinsicSizes, measurer: measurer, separator: separator,
            statistics: &statistics, cancellation: limits.cancellation)
        return (result, v)
    }
}
