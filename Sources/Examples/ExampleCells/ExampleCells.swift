// ExampleCells: the five real-world cells the example programs lay out
// (ExpandableMovies, MessageCells, DynamicHeights, ChatFeed, EstimatedHeights),
// written in the CellLayout public API, and deterministic content to fill them.
//
// This module is the example cells, not part of the sizing API: nothing in
// CellLayout, TextMetrics or the solver depends on it. It is a library product
// only so that the example programs (Examples/), the separate Benchmarks
// package and the `cellfit demo` command can lay out the same cells with the
// same content, and the tests can check their numbers.
//
// Every cell is an enum namespace holding its views (constants, so constraints
// and bindings refer to the same declarations), a `template()` and a
// `content(count:seed:vocabulary:)` generator. Clients import CellLayout too:
// this module re-exports nothing, so that it never looks like part of the API.
