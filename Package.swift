// swift-tools-version: 6.1
//
// CellFit: Auto Layout style cell sizing on any platform Swift runs on.
// Module layout and dependency directions are described in Docs/Architecture.md.

import PackageDescription

/// Internal invariant checks (the solver's `checkInvariants()`) are compiled into
/// debug builds, which is what `swift test` uses, and left out of release builds.
let internalChecks: [SwiftSetting] = [
    .define("CELLFIT_INTERNAL_CHECKS", .when(configuration: .debug)),
]

/// What every example program is built from.
let exampleDependencies: [Target.Dependency] = [
    "CellLayout", "ExampleCells", "ExampleSupport", "TableSizing",
    .product(name: "ArgumentParser", package: "swift-argument-parser"),
]

let package = Package(
    name: "CellFit",
    products: [
        // MARK: - Public API
        .library(name: "Cancellation", targets: ["Cancellation"]),
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "LPCheck", targets: ["LPCheck"]),
        .library(name: "CellFitWorkload", targets: ["CellFitWorkload"]),
        .library(name: "TextMetrics", targets: ["TextMetrics"]),
        .library(name: "PangoText", targets: ["PangoText"]),
        .library(name: "Geometry", targets: ["Geometry"]),
        .library(name: "CellLayout", targets: ["CellLayout"]),
        .library(name: "ManualLayout", targets: ["ManualLayout"]),
        .library(name: "TableSizing", targets: ["TableSizing"]),
        .library(name: "TemplateFiles", targets: ["TemplateFiles"]),
        .library(name: "InterfaceBuilder", targets: ["InterfaceBuilder"]),
        .executable(name: "cellfit", targets: ["cellfit"]),
        // What `cellfit` prints (layout lines, pictures, height lines, import listings) as
        // library calls, for programs that answer as the CLI does: the playground server
        // (Playground/), which must not run the CLI.
        .library(name: "CellFitTool", targets: ["CellFitTool"]),

        // MARK: - Examples
        // The example cells, for the Benchmarks package and `cellfit demo`; not part of
        // the sizing API. The example programs need no products: `swift run MessageCells`
        // runs an executable target of the root package.
        .library(name: "ExampleCells", targets: ["ExampleCells"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        // `swift package generate-documentation` for the DocC catalogs (a plugin: clients
        // resolve it, but nothing of it is built unless the command is run).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // MARK: - Public API
        // The token that stops running work (a solver's call, a cell's layout, a
        // table's sizing): the lowest layer, so that one token reaches all three.
        .target(name: "Cancellation"),
        .target(
            name: "Cassowary",
            dependencies: ["Cancellation"],
            swiftSettings: internalChecks
        ),
        .target(
            name: "LPCheck",
            dependencies: ["Cassowary", "CGLPK"]
        ),
        .target(
            name: "CellFitWorkload",
            dependencies: ["Cassowary", "JSONSupport"]
        ),
        // The one JSON writer the package shares (workload reports, imported templates,
        // the tools' JSON lines): `package` access, not a product.
        .target(name: "JSONSupport"),
        // Text measurement's interface, the fixed-advance measurer and the cache: no C.
        .target(
            name: "TextMetrics",
            dependencies: ["Geometry", "Locking"]
        ),
        // The Pango measurer, the one module of the layout stack that links a system
        // library: CellLayout and everything above it build without it.
        .target(
            name: "PangoText",
            dependencies: ["TextMetrics", "CPango", "Locking"]
        ),
        .target(name: "Geometry"),
        // A lock ThreadSanitizer understands (Sources/Locking/Locked.swift says why).
        .target(name: "Locking"),
        .target(
            name: "CellLayout",
            dependencies: ["Cancellation", "Cassowary", "TextMetrics", "Geometry"]
        ),
        .target(
            name: "ManualLayout",
            dependencies: ["TextMetrics", "Geometry"]
        ),
        // Knows neither layout engine: it takes a height function.
        .target(
            name: "TableSizing",
            dependencies: ["Cancellation", "Locking"],
            swiftSettings: internalChecks
        ),
        // Cell templates read from JSON files (Docs/TemplateFiles.md).
        .target(
            name: "TemplateFiles",
            dependencies: ["CellLayout", "JSONSupport"]
        ),

        // Interface Builder cells (.xib, .storyboard) read into template files
        // (Docs/InterfaceBuilder.md). Outside the C-free layout core: FoundationXML
        // links libxml2. It writes template-file JSON and knows no layout engine.
        .target(name: "InterfaceBuilder", dependencies: ["Geometry", "JSONSupport"]),

        // The GLPK backends of `cellfit solve` (GLPKWorkloadSolver) and `cellfit heights
        // --engine glpk` (GLPKRowFitter): here, so that neither CellFitWorkload nor
        // CellLayout depends on LPCheck, and so that the tests use them in-process.
        .target(
            name: "GLPKBackends",
            dependencies: ["Cassowary", "CellFitWorkload", "CellLayout", "LPCheck"]
        ),

        // `cellfit check`: every cell of an app laid out over devices, text sizes and
        // directions, and the rules it applies (Docs/Check.md).
        .target(
            name: "CellCheck",
            dependencies: ["CellLayout", "InterfaceBuilder", "TemplateFiles", "TextMetrics", "Geometry", "Locking"]
        ),

        // MARK: - Tools
        .target(
            name: "CellFitTool",
            dependencies: [
                "Cancellation", "Cassowary", "CellLayout", "TextMetrics", "TableSizing", "InterfaceBuilder", "JSONSupport", "Geometry",
                // RowLayout: the `layout --json` line, which the example programs print too.
                "ExampleSupport",
            ]
        ),
        .executableTarget(
            name: "cellfit",
            dependencies: [
                "CStandardStreams",
                "Cassowary",
                "CellFitWorkload",
                // The GLPK backends of `solve` and `heights --engine glpk`.
                "LPCheck", "GLPKBackends",
                "TextMetrics", "PangoText",
                // heights, render, demo: template files laid out in parallel, checked by GLPK;
                // the demo also lays out ExampleCells' ChatFeed cell in Swift and by hand.
                "CellLayout", "TemplateFiles", "TableSizing", "ManualLayout", "ExampleCells",
                // layout: its --json lines are the example programs' (RowLayout).
                "ExampleSupport",
                // import: Interface Builder cells into template files.
                "InterfaceBuilder",
                "Locking", "JSONSupport",
                // What it prints, shared with the playground server.
                "CellFitTool",
                // check: the rules and the matrix.
                "CellCheck",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // MARK: - Examples
        .target(
            name: "ExampleCells",
            dependencies: ["CellLayout", "ManualLayout"]
        ),
        // The options, engine abstraction and output the five programs share: a plain
        // target, not a product.
        .target(
            name: "ExampleSupport",
            dependencies: [
                "CellLayout", "ManualLayout", "ExampleCells", "PangoText",
                // --sizing: the programs size their rows through TableSizing.
                "TableSizing",
                // JSONText: the one JSON writer the package's tools share.
                "JSONSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "ExpandableMovies", dependencies: exampleDependencies, path: "Examples/ExpandableMovies"),
        .executableTarget(name: "MessageCells", dependencies: exampleDependencies, path: "Examples/MessageCells"),
        .executableTarget(name: "DynamicHeights", dependencies: exampleDependencies, path: "Examples/DynamicHeights"),
        .executableTarget(name: "ChatFeed", dependencies: exampleDependencies, path: "Examples/ChatFeed"),
        .executableTarget(name: "EstimatedHeights", dependencies: exampleDependencies, path: "Examples/EstimatedHeights"),

        // MARK: - Implementation details
        // C's standard output, which Swift 6 cannot name: the check that printed output arrived.
        .target(name: "CStandardStreams"),
        .systemLibrary(
            name: "CGLPK",
            path: "Sources/CGLPK",
            providers: [.apt(["libglpk-dev"])]
        ),
        .systemLibrary(
            name: "CPango",
            pkgConfig: "pangoft2",
            providers: [.apt(["libpango1.0-dev"])]
        ),
        // Generators for the property tests and the fuzz budget: a plain target under
        // Tests/, not a product.
        .target(
            name: "CassowaryTestSupport",
            dependencies: [
                "Cassowary",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            path: "Tests/Support/CassowaryTestSupport"
        ),

        // Runs the built command-line programs for the CLI and example tests: under Tests/,
        // not a product.
        .target(name: "ExecutableTestSupport", path: "Tests/Support/ExecutableTestSupport"),

        // MARK: - Unit test bundles
        .testTarget(
            name: "LPCheckTests",
            dependencies: ["LPCheck", "Cassowary", "CGLPK"]
        ),
        .testTarget(
            name: "CassowaryTests",
            dependencies: ["Cancellation", "Cassowary"],
            swiftSettings: internalChecks
        ),
        .testTarget(
            name: "CassowaryPropertyTests",
            dependencies: [
                "Cassowary", "LPCheck", "CassowaryTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["README.md", "Fixtures"],
            swiftSettings: internalChecks
        ),
        .testTarget(
            name: "CellFitWorkloadTests",
            // LPCheck and CassowaryTestSupport: the fuzz suite's GLPK leg and its budget.
            dependencies: ["CellFitWorkload", "Cassowary", "LPCheck", "GLPKBackends", "CassowaryTestSupport"]
        ),
        .testTarget(
            name: "TextMetricsTests",
            // CassowaryTestSupport: FuzzBudget, the measure fuzz suite's scale.
            // ExampleCells: TextCorpus, the texts the Pango fast path is held to.
            dependencies: ["TextMetrics", "PangoText", "CassowaryTestSupport", "Locking", "ExampleCells"]
        ),
        .testTarget(
            name: "GeometryTests",
            dependencies: ["Geometry"]
        ),
        .testTarget(
            name: "CellLayoutTests",
            // TableSizing: the README's ten-line example sizes a table's rows in parallel.
            dependencies: ["Cancellation", "CellLayout", "PangoText", "ExampleCells", "TableSizing"]
        ),
        .testTarget(
            name: "ManualLayoutTests",
            dependencies: ["ManualLayout"]
        ),
        // The two engines against each other on every example cell (issue 6's parity).
        .testTarget(
            name: "ParityTests",
            dependencies: ["CellLayout", "PangoText", "ManualLayout", "ExampleCells", "ExampleSupport"]
        ),
        .testTarget(
            name: "TableSizingTests",
            dependencies: [
                "Cancellation", "TableSizing",
                "Locking",
                // The seeded random generator the solver's property tests use.
                "CassowaryTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: internalChecks
        ),
        .testTarget(
            name: "TemplateFilesTests",
            // CassowaryTestSupport: FuzzBudget, the fuzz tests' scale (`make fuzz`).
            // JSONSupport: the line reader under streamed rows files.
            dependencies: ["TemplateFiles", "CellLayout", "PangoText", "ExampleCells", "GLPKBackends", "CassowaryTestSupport", "JSONSupport"],
            // Template and rows files the tests read; found via #filePath.
            exclude: ["Fixtures"]
        ),
        // Interface Builder cells imported, and Apple's stored frames as the oracle.
        .testTarget(
            name: "CellCheckTests",
            dependencies: ["CellCheck", "CellLayout", "InterfaceBuilder", "TemplateFiles", "TextMetrics", "PangoText"]
        ),
        .testTarget(
            name: "InterfaceBuilderTests",
            // CassowaryTestSupport: the seeded generator the fuzz tests replay from.
            dependencies: ["InterfaceBuilder", "TemplateFiles", "CellLayout", "PangoText", "CassowaryTestSupport"],
            // The shared .xib and .storyboard cells (NOTICE.md); found via #filePath.
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "CellFitCLITests",
            // TemplateFiles and CellLayout: the render tests lay the rows out themselves to
            // check the picture's frames.
            dependencies: ["cellfit", "ExecutableTestSupport", "TemplateFiles", "CellLayout", "PangoText"],
            // Workload files the tests hand to the built binary; found via #filePath.
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "ExamplesTests",
            // The programs are dependencies so that building the tests builds them;
            // the tests run them as processes. ExampleCells regenerates their content.
            dependencies: [
                "ExampleCells", "ExecutableTestSupport",
                "ExpandableMovies", "MessageCells", "DynamicHeights", "ChatFeed", "EstimatedHeights",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
