import Foundation
import InterfaceBuilder
import Testing

/// The corpus of real cells: the copies in `Fixtures/` (INDEX.tsv and cells/, with their NOTICE).
enum Corpus {
    static let files = SharedFixtures.directory + "/cells"

    /// The xib set's INDEX.tsv rows as column name → value.
    static func rows() throws -> [[String: String]] { try SharedFixtures.rows() }
}

@Suite("Interface Builder corpus (Fixtures/)")
struct CorpusTests {
    @Test("every listed cell imports, with every view and every constraint accounted for")
    func everyCellImports() throws {
        let rows = try Corpus.rows()
        #expect(rows.count == 26)
        for row in rows {
            let file = try #require(row["file"]), id = try #require(row["cell_id"])
            let document = try InterfaceBuilderDocument(contentsOfFile: Corpus.files + "/" + file)
            let cell = try document.cell(matching: id)
            let imported = try document.importCell(cell)
            let context = Comment(rawValue: "\(id) in \(file)")
            #expect(String(cell.viewCount) == row["n_subviews"], context)
            #expect(imported.viewNames.count == cell.viewCount, context)
            #expect(String(cell.constraintCount) == row["n_constraints"], context)
            // INDEX.tsv gives a table cell's full width; a standard accessory narrows the content view.
            let size = (row["content_size"] ?? "").split(separator: "x").compactMap { Double($0) }
            #expect(size.count == 2, context)
            let narrowed = imported.notes.contains { $0.contains("accessory") }
            #expect(narrowed ? imported.contentSize.width < size.first ?? 0 : imported.contentSize.width == size.first, context)
            #expect(imported.contentSize.height == size.last, context)
            let object = try JSONSerialization.jsonObject(with: Data(imported.templateJSON.utf8)) as? [String: Any]
            let constraints = try #require(object?["constraints"] as? [[String: String]], context)
            let fromIB = constraints.filter { !($0["identifier"] ?? "").hasPrefix("autoresizing:") }
            #expect(fromIB.count + imported.skippedConstraints.count == cell.constraintCount, context)
            // "fonts" only when a view uses UIKit's system fonts (their stand-ins), "textStyles" when a font has a text style.
            #expect(Set(object?.keys.map { $0 } ?? []).subtracting(["fonts", "textStyles"]) == ["name", "description", "contentView", "views", "constraints"])
        }
    }

    @Test("every cell of both sets imports: no element without layout meaning and no view class refuses a cell",
          arguments: SharedCell.all)
    func imports(_ cell: SharedCell) throws {
        let document = try InterfaceBuilderDocument(contentsOfFile: cell.path)
        let summary = try document.cell(matching: cell.cellID)
        let imported = try document.importCell(summary)
        #expect(imported.viewNames.count == summary.viewCount)
        let object = try JSONSerialization.jsonObject(with: Data(imported.templateJSON.utf8)) as? [String: Any]
        let constraints = try #require(object?["constraints"] as? [[String: String]])
        let fromIB = constraints.filter { !($0["identifier"] ?? "").hasPrefix("autoresizing:") }
        #expect(fromIB.count + imported.skippedConstraints.count == summary.constraintCount)
    }

    @Test("importing is deterministic")
    func deterministic() throws {
        for row in try Corpus.rows().prefix(6) {
            let path = Corpus.files + "/" + (row["file"] ?? "")
            let texts = try (0..<2).map { _ in
                let document = try InterfaceBuilderDocument(contentsOfFile: path)
                return try document.importCell(try document.cell(matching: row["cell_id"])).templateJSON
            }
            #expect(texts[0] == texts[1])
        }
    }
}
