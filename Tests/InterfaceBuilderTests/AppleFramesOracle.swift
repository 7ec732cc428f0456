import CellLayout
import Foundation
import InterfaceBuilder
import TemplateFiles
import Testing
import PangoText

/// One cell of the shared Interface Builder files, as a set's INDEX.tsv lists it.
struct SharedCell: Sendable, CustomTestStringConvertible {
    /// The fixture set: "xib" (`Fixtures/`), "xib2" (`Fixtures/xib2/`) or "xib3" (`Fixtures/xib3/`,
    /// without the repositories issue 51 sets aside).
    let set: String
    let repository: String
    let file: String
    let cellID: String
    let name: String
    /// `-1` automatic, a height, or nil where the index has none.
    let rowHeight: Double?
    /// Whether the set's shipped `check.json` and `oracle.json` count the cell: IB's
    /// stored frames hold its required constraints and a plain LP model does not find
    /// the layout ambiguous. Fixed by the shipped files, so no change to CellFit can
    /// move a cell out of the figure.
    let oracleReady: Bool

    var testDescription: String { "\(set): \(name) (\(cellID))" }
    var path: String { SharedFixtures.directory(of: set) + "/cells/" + file }

    static let xib: [SharedCell] = SharedFixtures.cells(of: "xib")
    static let xib2: [SharedCell] = SharedFixtures.cells(of: "xib2")
    static let xib3: [SharedCell] = SharedFixtures.cells(of: "xib3")
    static let all: [SharedCell] = xib + xib2 + xib3
    static let oracleReady: [SharedCell] = all.filter(\.oracleReady)
}

/// The shared cells copied into `Fixtures/` (NOTICE.md: origin and licence of each file;
/// `Fixtures/update.py` refreshes them from the shared folder).
enum SharedFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    static func directory(of set: String) -> String { set == "xib" ? directory : directory + "/" + set }

    /// A set's INDEX.tsv rows as column name → value.
    static func rows(of set: String = "xib") throws -> [[String: String]] {
        let text = try String(contentsOfFile: directory(of: set) + "/INDEX.tsv", encoding: .utf8)
        let lines = text.split(whereSeparator: \.isNewline).map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first else { return [] }
        return lines.dropFirst().map { Dictionary(zip(header, $0), uniquingKeysWith: { first, _ in first }) }
    }

    /// The cells of a set, with their oracle readiness from check.json and oracle.json.
    static func cells(of set: String) -> [SharedCell] {
        let folder = directory(of: set)
        func objects(_ name: String, _ key: String? = nil) -> [[String: Any]] {
            // The shared files are Python's JSON, which writes an unbounded optimum's range
            // as `Infinity` (xib3's oracle.json does); Foundation refuses that token, so it
            // reads as null. A file that still does not parse stops the suite: read as
            // empty, it once made three ambiguous cells count as oracle-ready.
            guard let data = FileManager.default.contents(atPath: folder + "/" + name) else {
                fatalError("\(folder)/\(name): missing")
            }
            let text = String(decoding: data, as: UTF8.self)
                .replacingOccurrences(of: #"(?<=[\[,:]\s?)-?(Infinity|NaN)(?=\s*[\],}])"#, with: "null", options: .regularExpression)
            guard let json = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else {
                fatalError("\(folder)/\(name): not JSON")
            }
            if let key { return (json as? [String: Any])?[key] as? [[String: Any]] ?? [] }
            return json as? [[String: Any]] ?? []
        }
        func key(_ object: [String: Any]) -> String { "\(object["file"] ?? "")#\(object["cell_id"] ?? "")" }
        let ready = Set(objects("check.json").filter { $0["oracle_ready"] as? Bool == true }.map(key))
        let ambiguous = Set(objects("oracle.json", "results").filter { $0["status"] as? String == "AMBIGUOUS" }.map(key))
        return ((try? rows(of: set)) ?? []).map { row in
            let file = row["file"] ?? "", id = row["cell_id"] ?? ""
            return SharedCell(
                set: set, repository: row["repo"] ?? "", file: file, cellID: id, name: row["class/reuseIdentifier"] ?? "",
                rowHeight: row["row_height"].flatMap(Double.init),
                oracleReady: ready.contains(file + "#" + id) && !ambiguous.contains(file + "#" + id))
        }
    }
}

/// How CellFit's layout of an imported cell compares with the frames Interface
/// Builder stored: the whole procedure the oracle tests apply to every cell.
struct OracleReport: Sendable {
    enum Verdict: String, Sendable {
        /// Every view's frame within 0.5 pt of IB's.
        case exact
        /// The cell's required constraints conflict at IB's size (by a separator's half
        /// point, say), and breaking one as UIKit does gives every frame within 0.5 pt of IB's.
        case recovered
        /// Frames differ, but both layouts score the same at every priority level:
        /// the constraints leave a choice, and IB's answer is one optimum among several.
        case ambiguous
        /// IB's stored frames break the cell's own required constraints.
        case misplaced
        /// The cell's required constraints conflict: CellFit says so and names them, and
        /// no frames, IB's included, can satisfy them; breaking one as UIKit does at run
        /// time does not give IB's frames.
        case conflicting
        /// Frames differ and CellFit's layout is not as good as IB's, or better: a disagreement.
        case disagrees
    }

    let cell: SharedCell
    let views: Int
    let verdict: Verdict
    /// Views whose frame is off by more than the tolerance, with the largest difference.
    let off: [(name: String, by: Double, mine: Rect, ib: Rect)]
    /// The required constraints IB's frames break (for misplaced cells).
    let brokenByIB: [String]
    /// Per priority level where the scores differ: IB's and CellFit's sums.
    let scoreDifferences: [(priority: Priority, ib: Double, cellfit: Double)]
    let exactHeight: Double
    /// The largest difference of any frame edge from IB's, over the views compared.
    var largestDifference = 0.0
    /// Whether the layout at IB's size breaks a constraint above the fitting size's
    /// priority (and below required): the size squeezes the content.
    var squeezed = false
    /// The views compared (collapsed ones are not).
    var compared = 0
    let contentSize: Size
    let automaticHeight: Bool

    /// A row of the match table in Docs/InterfaceBuilder.md.
    var tableRow: String {
        let largest = verdict == .conflicting ? "—" : String(format: "%.2f", largestDifference)
        return "| \(cell.name) | \(views) | \(compared) | \(off.count) | \(largest) | \(verdict.rawValue) |"
    }

    var line: String {
        var text = "\(cell.name): \(views) views, \(verdict.rawValue)"
        if !off.isEmpty {
            text += "; off: " + off.map { "\($0.name) by \(String(format: "%.2f", $0.by)) (\($0.mine) vs IB \($0.ib))" }
                .joined(separator: ", ")
        }
        if !brokenByIB.isEmpty { text += "; IB breaks: " + brokenByIB.joined(separator: "; ") }
        if !scoreDifferences.isEmpty {
            text += "; scores: " + scoreDifferences.map { "@\($0.priority) IB \(String(format: "%.2f", $0.ib)) vs \(String(format: "%.2f", $0.cellfit))" }
                .joined(separator: ", ")
        }
        return text
    }
}

enum Oracle {
    /// A frame edge may differ by this much: IB snaps to the device's pixel grid (1/3 pt at 3x)
    /// and CellFit to its own, so half a point covers both roundings.
    static let tolerance = 0.5

    /// The pixel grid IB snapped the file's frames to (`Device.designScale(ofDeviceID:)`).
    static func scale(ofFile path: String) -> DisplayScale {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8),
            let range = text.range(of: "<device id=\"") else { return .x2 }
        let id = text[range.upperBound...].prefix { $0 != "\"" }
        return DisplayScale(rawValue: Device.designScale(ofDeviceID: String(id))) ?? .x2
    }

    /// A `Result` rather than a `do`/`catch where`: the latter crashes Swift 6.3's SIL
    /// ownership verifier in this function.
    static func layoutAtSize(_ fitter: inout CellFitter<CellContent>, _ size: Size) -> Result<CellLayoutResult, CellLayoutError> {
        do {
            return .success(try fitter.layout(row: CellContent(), width: size.width, height: size.height, intrinsicSizes: .design))
        } catch {
            return .failure(error)
        }
    }

    /// Every oracle-ready cell's report, computed once for the tests that read them.
    static let reports: [(cell: SharedCell, report: Result<OracleReport, any Error>)] = SharedCell.oracleReady.map { cell in
        (cell, Result { try run(cell) })
    }

    static func run(_ cell: SharedCell) throws -> OracleReport {
        let document = try InterfaceBuilderDocument(contentsOfFile: cell.path)
        let imported = try document.importCell(try document.cell(matching: cell.cellID))
        let file = try TemplateFile(parsing: imported.templateJSON, path: cell.file + "#" + cell.cellID)
        // A font the machine lacks is replaced by a stand-in, as `cellfit layout` (and so
        // `eval.py`) does by default: the PostScript faces of an app's own fonts.
        var fitter = file.template.makeFitter(
            measurer: PangoTextMeasurer(scale: scale(ofFile: cell.path), missingFonts: .substitute(report: { _ in })))
        let size = Size(width: imported.contentSize.width, height: imported.contentSize.height)
        let layout: CellLayoutResult
        var conflict: String?
        switch layoutAtSize(&fitter, size) {
        case .success(let result):
            layout = result
        case .failure(let error):
            guard error.code == .unsatisfiable else { throw error }
            // UIKit breaks a required constraint and goes on ("Will attempt to recover by
            // breaking constraint"), and so does IB's canvas: lay out the same way.
            conflict = error.message
            fitter.recoversFromConflicts = true
            guard case .success(let result) = layoutAtSize(&fitter, size) else {
                return OracleReport(
                    cell: cell, views: imported.viewNames.count, verdict: .conflicting, off: [], brokenByIB: [error.message],
                    scoreDifferences: [], exactHeight: .nan, contentSize: size, automaticHeight: imported.automaticHeight)
            }
            layout = result
        }
        let fitted = try fitter.layout(row: CellContent(), width: size.width, intrinsicSizes: .design)

        var ibFrames: [String: Rect] = [:]
        for (name, f) in imported.frames { ibFrames[name] = Rect(x: f.x, y: f.y, width: f.width, height: f.height) }
        ibFrames[ContentView.name] = Rect(x: 0, y: 0, width: size.width, height: size.height)

        var off: [(name: String, by: Double, mine: Rect, ib: Rect)] = []
        var largest = 0.0, compared = 0
        for name in layout.viewNames where layout.visibility(of: name) != .collapsed {
            guard let mine = layout.frame(of: name), let theirs = ibFrames[name] else { continue }
            // Origin and size each within the tolerance, as `eval.py` compares them: a frame
            // half a point taller at both ends is a point off in height, and a miss.
            let by = [mine.x - theirs.x, mine.y - theirs.y, mine.width - theirs.width, mine.height - theirs.height]
                .map(abs).max() ?? 0
            largest = max(largest, by)
            compared += 1
            if by > tolerance { off.append((name, by, mine, theirs)) }
        }

        if let conflict {
            // Recovered as UIKit does: a match only when the frames are IB's. No scores: the
            // required level cannot hold.
            var report = OracleReport(
                cell: cell, views: layout.viewNames.count - 1, verdict: off.isEmpty ? .recovered : .conflicting, off: off,
                brokenByIB: [conflict] + layout.brokenConstraints.map { "broken to recover: " + $0 },
                scoreDifferences: [], exactHeight: fitted.exactHeight, contentSize: size, automaticHeight: imported.automaticHeight)
            report.largestDifference = largest
            report.compared = compared
            return report
        }

        // Collapsed views (hidden arranged views) take CellFit's own frame: IB keeps a
        // frame for them that no constraint governs.
        let scored = ibFrames.filter { layout.visibility(of: $0.key) != .collapsed }
        let ibScore = try fitter.score(frames: scored, row: CellContent(), width: size.width, height: size.height, intrinsicSizes: .design)
        let ownScore = try fitter.score(frames: layout.frames, row: CellContent(), width: size.width, height: size.height, intrinsicSizes: .design)
        let broken = ibScore.requiredViolations.filter { $0.amount > tolerance }.map(\.description)

        var differences: [(priority: Priority, ib: Double, cellfit: Double)] = []
        let priorities = Set(ibScore.levels.map(\.priority)).union(ownScore.levels.map(\.priority)).sorted(by: >)
        for p in priorities {
            let a = ibScore.violation(at: p), b = ownScore.violation(at: p)
            // Both sums carry the rounding of every edge they involve; half a point each way.
            if abs(a - b) > tolerance { differences.append((p, a, b)) }
        }

        let verdict: OracleReport.Verdict
        if off.isEmpty {
            verdict = .exact
        } else if !broken.isEmpty {
            verdict = .misplaced
        } else if differences.isEmpty {
            verdict = .ambiguous
        } else {
            verdict = .disagrees
        }
        var report = OracleReport(
            cell: cell, views: layout.viewNames.count - 1, verdict: verdict, off: off, brokenByIB: broken,
            scoreDifferences: differences, exactHeight: fitted.exactHeight, contentSize: size,
            automaticHeight: imported.automaticHeight)
        report.largestDifference = largest
        report.compared = compared
        // The fixed size squeezes the content when the layout there breaks a constraint
        // above the fitting size's priority (a compression resistance, a preferred height):
        // the compressed fitting height keeps it, and is then taller than the size.
        report.squeezed = ownScore.levels.contains { $0.priority > .fittingSizeLevel && $0.priority < .required && $0.violation > tolerance }
        return report
    }
}
