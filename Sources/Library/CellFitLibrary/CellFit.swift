// The umbrella module of the `CellFit` product: `import CellFitLibrary` is every module
// an app links to size its cells, and nothing else (no example cells, no oracle, no
// tool). Its name differs from the product's so that it can never collide with the
// `cellfit` executable on a case-insensitive disk.
//
// The solver comes as `CellLayout` exports it (`Priority`, `Relation`), not whole: a
// module that re-exports all of `Cassowary` beside `CellLayout`'s scoped re-export
// hides the solver's `~` operator from its importers (Swift 6.1 and 6.2), so a
// program that uses the solver on its own writes `import Cassowary`, as it would
// without the umbrella.

@_exported import Cancellation
@_exported import CellLayout
@_exported import Geometry
@_exported import InterfaceBuilder
@_exported import ManualLayout
@_exported import PangoText
@_exported import TableSizing
@_exported import TemplateFiles
@_exported import TextMetrics
