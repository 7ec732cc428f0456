/// A control with a fixed intrinsic size: a switch, a stepper, an activity
/// indicator, or any view whose intrinsic content size does not depend on data.
///
/// Constraints act on the control's alignment rectangle, as in UIKit; its frame
/// extends beyond it by ``alignmentInsets``. Hugs at 250 and resists compression
/// at 750.
public struct Control: CellView {
    /// The control's name, unique within its template.
    public let name: String
    /// The intrinsic content size of the alignment rectangle.
    public var size: Size
    /// How far the frame extends beyond the alignment rectangle on each edge.
    public var alignmentInsets: EdgeInsets
    /// The axes along which the control has an intrinsic size (both by default).
    /// Along the others UIKit reports `UIView.noIntrinsicMetric` — a progress view,
    /// a slider or a search bar has a height of its own but no width — so they get
    /// no hugging or compression-resistance constraint, and ``size`` is unused there.
    public var intrinsicAxes: Set<Axis> = [.horizontal, .vertical]
    /// The kind's name in messages: `switch` for ``switch(_:fileID:line:)``, else `control`.
    public let kindName: String
    /// Hugging (default 250), compression resistance (750), margins, visibility.
    public var attributes: ViewAttributes
    /// Where the control was declared (see ``CellView/location``).
    public var location: SourceLocation

    /// Creates a control of intrinsic size `size`.
    public init(
        _ name: String, size: Size, alignmentInsets: EdgeInsets = .zero,
        fileID: StaticString = #fileID, line: UInt = #line
    ) {
        self.init(name, size: size, alignmentInsets: alignmentInsets, kindName: "control", fileID: fileID, line: line)
    }

    private init(
        _ name: String, size: Size, alignmentInsets: EdgeInsets, kindName: String,
        fileID: StaticString, line: UInt
    ) {
        self.name = name
        self.size = size
        self.alignmentInsets = alignmentInsets
        self.kindName = kindName
        self.attributes = .view
        self.location = SourceLocation(fileID: fileID, line: line)
    }

    /// A `UISwitch`: 49 × 31 for its constraints, its frame 2 pt wider on the right (51 × 31).
    public static func `switch`(_ name: String, fileID: StaticString = #fileID, line: UInt = #line) -> Control {
        Control(
            name, size: Size(width: 49, height: 31), alignmentInsets: EdgeInsets(top: 0, left: 0, bottom: 0, right: 2),
            kindName: "switch", fileID: fileID, line: line)
    }

    /// The template's view of this control.
    public var declaration: ViewDeclaration {
        ViewDeclaration(
            name: name,
            kind: .control(ControlSpec(
                kindName: kindName, size: size, alignmentInsets: alignmentInsets, intrinsicAxes: intrinsicAxes)),
            attributes: attributes, location: location)
    }
}
