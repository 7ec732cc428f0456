// CellLayout: cell templates solved by the Cassowary solver.
//
// The types a template is written with come from three modules; re-exporting
// them makes `import CellLayout` enough to declare and fit a cell:
// `Font`, `LineBreakMode` and the measurers from TextMetrics; `Size`, `Rect`,
// `EdgeInsets` and `DisplayScale` from Geometry; `Priority` and `Relation`
// from Cassowary (only those two: the solver's `Variable`, `Expression` and
// `Constraint` are not part of a template's vocabulary).
@_exported import Geometry
@_exported import TextMetrics
@_exported import enum Cassowary.Relation
@_exported import struct Cassowary.Priority
