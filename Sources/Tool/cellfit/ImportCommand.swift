import ArgumentParser
import CellFitOutput
import CellLayout
import ExampleSupport
import InterfaceBuilder
import TemplateFiles

/// `cellfit import`: one cell of an Interface Builder file as a template file.
struct Import: ParsableCommand, BudgetedCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn a cell of a .xib or .storyboard into a template file.",
        discussion: """
            Reads a table view cell, collection view cell, collection reusable view or \
            top-level view of an Interface Builder file and writes it as a template file \
            (Docs/TemplateFiles.md) that `heights`, `layout` and `render` take. Every view \
            keeps its IB object id under "ib" and its IB frame size under "design"; every \
            priority and margin is written explicitly (Docs/InterfaceBuilder.md).

            --cell ID matches the cell's IB object id first, then its reuse identifier, then \
            its custom class. --list prints the file's cells: id, kind, class, reuse \
            identifier, size, views and constraints. --frames writes the frames Interface \
            Builder stored for the cell's views, in content-view coordinates, as one line of \
            `layout --json`: `layout --score` scores them and `render --overlay` draws them.

            A file larger than --max-bytes (64 MiB by default) is refused before it is read \
            whole, and a file named by a pipe is read as a stream, to the same limit.

            Exit status: 0 on success; 2 when the file cannot be read, is not an Interface \
            Builder file, holds something the importer cannot take (the file, line and element \
            are printed), or when the cell is ambiguous: several cells and no --cell, or an \
            --cell that matches several (the list is printed).
            """
    )

    @OptionGroup var budget: BudgetOptions

    @Argument(help: ArgumentHelp("The .xib or .storyboard file.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("The cell: its IB object id, reuse identifier or custom class.", valueName: "id"))
    var cell: String?

    @Option(help: ArgumentHelp("Write the template here instead of to standard output.", valueName: "file"))
    var out: String?

    @Option(help: ArgumentHelp(
        "Also write Interface Builder's frames, as a `layout --json` line (content-view coordinates), for `layout --score` and `render --overlay`.",
        valueName: "file"))
    var frames: String?

    @Flag(help: "List the file's cells and exit.")
    var list = false

    @Option(help: ArgumentHelp(
        "Refuse a file larger than this many bytes, before reading it whole (default: 64 MiB).", valueName: "bytes"))
    var maxBytes: Int = InterfaceBuilderDocument.defaultMaximumBytes

    func validate() throws {
        guard maxBytes > 0 else { throw ValidationError("--max-bytes must be a positive number of bytes (got \(maxBytes)).") }
    }

    func run() throws {
        let document: InterfaceBuilderDocument
        do {
            document = try InterfaceBuilderDocument(contentsOfFile: file, maximumBytes: maxBytes)
        } catch {
            throw failure(error.description, status: ExitStatus.badInput)
        }
        if list {
            print(ImportedCellText.listing(document.cells), terminator: "")
            return
        }
        let summary: CellSummary
        do {
            summary = try document.cell(matching: cell)
        } catch where error.code == .ambiguousCell {
            print(ImportedCellText.listing(document.cells), terminator: "")
            throw failure(
                cell == nil
                    ? "\(file) has \(document.cells.count) cells; choose one with --cell (its id, reuse identifier or class)"
                    : error.message,
                status: ExitStatus.badInput)
        } catch {
            throw failure(error.description, status: ExitStatus.badInput)
        }
        let imported: ImportedCell
        do {
            imported = try document.importCell(summary)
        } catch {
            throw failure(error.description, status: ExitStatus.badInput)
        }
        // What is written must read back: a template the reader rejects is the importer's bug,
        // and is reported as such rather than written.
        do {
            _ = try TemplateFile(parsing: imported.templateJSON, path: out ?? "<imported \(summary.id)>")
        } catch {
            throw failure("the template imported from \(file) does not read back: \(error.message)", status: ExitStatus.badInput)
        }
        for note in imported.notes { StandardError.emit("note: \(note)") }
        if let frames {
            try OutputFile.write(ImportedCellText.framesLine(imported) + "\n", to: frames)
        }
        if let out {
            try OutputFile.write(imported.templateJSON, to: out)
        } else {
            print(imported.templateJSON, terminator: imported.templateJSON.hasSuffix("\n") ? "" : "\n")
        }
    }
}
