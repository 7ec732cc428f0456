import CellLayout
import InterfaceBuilder

/// What `cellfit import` prints of an Interface Builder file's cells.
public enum ImportedCellText {
    /// IB's frames of every view and of the content view, in the shape of `layout --json`.
    public static func framesLine(_ cell: ImportedCell) -> String {
        let size = cell.contentSize
        var frames = [ContentView.name: Rect(x: 0, y: 0, width: size.width, height: size.height)]
        for (name, f) in cell.frames { frames[name] = Rect(x: f.x, y: f.y, width: f.width, height: f.height) }
        return RowLayout(row: 0, width: size.width, height: size.height, frames: frames).jsonLine
    }

    /// One line per cell, under a header.
    public static func listing(_ cells: [CellSummary]) -> String {
        var out = "id\tkind\tclass\treuse identifier\tsize\tcontent\tviews\tconstraints\n"
        for cell in cells {
            out += [
                cell.id, cell.kind.rawValue, cell.customClass ?? "-", cell.reuseIdentifier ?? "-",
                cell.size.description, cell.contentSize.description, String(cell.viewCount), String(cell.constraintCount),
            ].joined(separator: "\t") + "\n"
        }
        return out
    }
}
