/// The manual-frame engine: cells sized and laid out with plain frame
/// arithmetic, the fastest way there is and the yardstick the constraint
/// engine (`CellLayout`) is measured against.
///
/// - ``ManualCell``: one layout function per cell gives both the height and the frames.
/// - ``ManualLayoutPass``: the width, the measurer, text measured the way the
///   constraint engine measures labels, and frame placement.
/// - Rect arithmetic: ``Geometry/Rect/divided(atDistance:from:)``,
///   ``Geometry/Rect/aligned(_:horizontally:vertically:scale:)``, and the
///   pixel rounding of `Geometry`.
@_exported import Geometry
@_exported import TextMetrics
