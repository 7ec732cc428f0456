// swift-tools-version: 6.1
//
// CellFit's benchmarks, kept in their own package (as swift-collections does) so that
// users of the library never resolve or build package-benchmark. Run from this folder:
//
//     swift package --allow-writing-to-package-directory benchmark
//
// One executable target per module under Benchmarks/<Name>/, each using BenchmarkPlugin.

import PackageDescription

let package = Package(
    name: "CellFitBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "CellFit", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        // MARK: - Benchmarks
        .executableTarget(
            name: "CassowaryBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Cassowary", package: "CellFit"),
                .product(name: "_CellFitWorkload", package: "CellFit"),
            ],
            path: "Benchmarks/CassowaryBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "TextMetricsBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TextMetrics", package: "CellFit"),
                .product(name: "PangoText", package: "CellFit"),
                // The text corpus the Pango fast path is measured on.
                .product(name: "_CellFitSamples", package: "CellFit"),
            ],
            path: "Benchmarks/TextMetricsBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The example cells by both engines: layout against text cost, compile against reuse.
        .executableTarget(
            name: "CellLayoutBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "CellLayout", package: "CellFit"),
                .product(name: "ManualLayout", package: "CellFit"),
                .product(name: "TextMetrics", package: "CellFit"),
                .product(name: "PangoText", package: "CellFit"),
                .product(name: "_ExampleCells", package: "CellFit"),
            ],
            path: "Benchmarks/CellLayoutBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "TableSizingBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TableSizing", package: "CellFit"),
                .product(name: "PangoText", package: "CellFit"),
                // MessageCellsSizing: the example cell, its template and manual layout.
                .product(name: "_ExampleCells", package: "CellFit"),
                .product(name: "CellLayout", package: "CellFit"),
                .product(name: "ManualLayout", package: "CellFit"),
                .product(name: "TextMetrics", package: "CellFit"),
            ],
            path: "Benchmarks/TableSizingBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
