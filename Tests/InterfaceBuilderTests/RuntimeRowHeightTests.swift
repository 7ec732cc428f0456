import InterfaceBuilder
import Testing

/// How UIKit sizes a table row at run time, read from the file (`ImportedCell.runtimeContentHeight`).
@Suite("Interface Builder: a row's height at run time")
struct RuntimeRowHeightTests {
    /// A storyboard with one table (`tableAttributes`) holding one cell (`cellAttributes`)
    /// whose canvas row is 80 pt and content view 79.5.
    static func storyboard(table tableAttributes: String, cell cellAttributes: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="16097">
            <scenes><scene sceneID="s"><objects>
                <tableViewController id="tvc">
                    <tableView \(tableAttributes) id="tbl">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                        <prototypes>
                            <tableViewCell \(cellAttributes) reuseIdentifier="Row" id="cel">
                                <rect key="frame" x="0.0" y="28" width="375" height="80"/>
                                <tableViewCellContentView key="contentView" id="cnt">
                                    <rect key="frame" x="0.0" y="0.0" width="375" height="79.5"/>
                                </tableViewCellContentView>
                            </tableViewCell>
                        </prototypes>
                    </tableView>
                </tableViewController>
            </objects></scene></scenes>
        </document>
        """
    }

    static func imported(_ text: String) throws -> ImportedCell {
        let document = try InterfaceBuilderDocument(parsing: text, path: "Rows.storyboard")
        return try document.importCell(try document.cell(matching: nil))
    }

    @Test("a prototype takes its table's fixed height, not its canvas height; the file says so")
    func prototypeOfFixedTable() throws {
        let cell = try Self.imported(Self.storyboard(table: #"dataMode="prototypes" rowHeight="44""#, cell: ""))
        #expect(cell.runtimeContentHeight == 43.5)
        #expect(!cell.runtimeHeightIsAssumed)
    }

    @Test("a prototype of an automatic table sizes itself")
    func prototypeOfAutomaticTable() throws {
        let cell = try Self.imported(Self.storyboard(table: #"dataMode="prototypes" rowHeight="-1""#, cell: ""))
        #expect(cell.runtimeContentHeight == nil)
        #expect(!cell.runtimeHeightIsAssumed)
    }

    @Test("a prototype with a height of its own is sized by code: taken as self-sizing, and said to be assumed")
    func prototypeWithItsOwnHeight() throws {
        let cell = try Self.imported(Self.storyboard(table: #"dataMode="prototypes" rowHeight="44""#, cell: #"rowHeight="80""#))
        #expect(cell.runtimeContentHeight == nil)
        #expect(cell.runtimeHeightIsAssumed)
    }

    @Test("a static cell keeps its row height")
    func staticCell() throws {
        let cell = try Self.imported(Self.storyboard(table: #"dataMode="static" rowHeight="44""#, cell: #"rowHeight="80""#))
        #expect(cell.runtimeContentHeight == 79.5)
        #expect(!cell.runtimeHeightIsAssumed)
        let automatic = try Self.imported(Self.storyboard(table: #"dataMode="static" rowHeight="-1""#, cell: ""))
        #expect(automatic.runtimeContentHeight == nil)
    }

    @Test("a cell in a file of its own is sized by the table that registers it: self-sizing, assumed")
    func cellOfItsOwn() throws {
        let cell = try Self.imported(Fixtures.settingCell)
        #expect(cell.runtimeContentHeight == nil)
        #expect(cell.runtimeHeightIsAssumed)
    }
}
