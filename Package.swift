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
    "CellLayout", "ExampleCells", "ExampleSupport", "TableSizing", "CellFitOutput",
    .product(name: "ArgumentParser", package: "swift-argument-parser"),
]

let package = Package(
    name: "CellFit",
    products: [
        // MARK: - The library: what an app links
        // `CellFit` is all of it, through one module (`import CellFitLibrary`); each
        // module is a product of its own too, for an app that wants less.
        .library(name: "CellFit", targets: ["CellFitLibrary"]),
        .library(name: "Cancellation", targets: ["Cancellation"]),
        .library(name: "Geometry", targets: ["Geometry"]),
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "TextMetrics", targets: ["TextMetrics"]),
        .library(name: "PangoText", targets: ["PangoText"]),
        .library(name: "CellLayout", targets: ["CellLayout"]),
        .library(name: "ManualLayout", targets: ["ManualLayout"]),
        .library(name: "TableSizing", targets: ["TableSizing"]),
        .library(name: "TemplateFiles", targets: ["TemplateFiles"]),
        .library(name: "InterfaceBuilder", targets: ["InterfaceBuilder"]),

        // MARK: - The tool
        .executable(name: "cellfit", targets: ["cellfit"]),

        // MARK: - Not API: for the sibling packages only
        // A package can use another's modules only through products, so the modules the
        // playground (Playground/) and the benchmarks (Benchmarks/) need are products too,
        // named with a leading underscore, as swift-syntax names `_SwiftSyntaxTestSupport`:
        // they may change in any release. What `cellfit` prints, for the playground server:
        .library(name: "_CellFitOutput", targets: ["CellFitOutput"]),
        // The example cells, the seeded generator and text corpus, and the workload
        // format, for the benchmarks:
        .library(name: "_ExampleCells", targets: ["ExampleCells"]),
        .library(name: "_CellFitSamples", targets: ["CellFitSamples"]),
        .library(name: "_CellFitWorkload", targets: ["CellFitWorkload"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        // `swift package generate-documentation` for the DocC catalogs (a plugin: clients
        // resolve it, but nothing of it is built unless the command is run).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // The layers, lowest first: a module imports only modules of its own layer or
        // below, and each layer is a folder under Sources/ (Docs/Architecture.md; the
        // ArchitectureTests check both).

        // MARK: - Core: pure Swift, no C
        // The token that stops running work (a solver's call, a cell's layout, a
        // table's sizing): the lowest module, so that one token reaches all three.
        .target(name: "Cancellation", path: "Sources/Core/Cancellation"),
        // A lock ThreadSanitizer understands (Locked.swift says why).
        .target(name: "Locking", path: "Sources/Core/Locking"),
        .target(name: "Geometry", path: "Sources/Core/Geometry"),
        .target(
            name: "Cassowary",
            dependencies: ["Cancellation"],
            path: "Sources/Core/Cassowary",
            swiftSettings: internalChecks
        ),
        // Text measurement's interface, the fixed-advance measurer and the cache.
        .target(name: "TextMetrics", dependencies: ["Geometry", "Locking"], path: "Sources/Core/TextMetrics"),
        // The one seeded generator and the text corpus, low enough for every test,
        // the example cells and the benchmarks (not API: the product is `_CellFitSamples`).
        .target(name: "CellFitSamples", dependencies: ["TextMetrics"], path: "Sources/Core/CellFitSamples"),

        // MARK: - Text: the measurer over Pango
        .systemLibrary(
            name: "CPango",
            path: "Sources/Text/CPango",
            pkgConfig: "pangoft2",
            providers: [.apt(["libpango1.0-dev"])]
        ),
        // The one module of the library that links a system library: the layout
        // modules build without it.
        .target(name: "PangoText", dependencies: ["TextMetrics", "CPango", "Locking"], path: "Sources/Text/PangoText"),

        // MARK: - Layout: the two engines and table sizing
        .target(
            name: "CellLayout",
            dependencies: ["Cancellation", "Cassowary", "TextMetrics", "Geometry"],
            path: "Sources/Layout/CellLayout"
        ),
        .target(name: "ManualLayout", dependencies: ["TextMetrics", "Geometry"], path: "Sources/Layout/ManualLayout"),
        // Knows neither layout engine: it takes a height function.
        .target(
            name: "TableSizing",
            dependencies: ["Cancellation", "Locking"],
            path: "Sources/Layout/TableSizing",
            swiftSettings: internalChecks
        ),

        // MARK: - Formats: files in, text out
        // The one JSON reader and writer the package shares: `package` access, not a product.
        .target(name: "JSONSupport", path: "Sources/Formats/JSONSupport"),
        // Cell templates read from JSON files (Docs/TemplateFiles.md).
        .target(name: "TemplateFiles", dependencies: ["CellLayout", "JSONSupport"], path: "Sources/Formats/TemplateFiles"),
        // Interface Builder cells (.xib, .storyboard) read into template files
        // (Docs/InterfaceBuilder.md); FoundationXML links libxml2.
        .target(name: "InterfaceBuilder", dependencies: ["Geometry", "JSONSupport"], path: "Sources/Formats/InterfaceBuilder"),
        // The `cassowary-workload/1` constraint systems (`cellfit solve`, the benchmarks).
        .target(name: "CellFitWorkload", dependencies: ["Cassowary", "JSONSupport"], path: "Sources/Formats/CellFitWorkload"),
        // What `cellfit` prints (layout lines, pictures, height lines, import listings) as
        // library calls, for programs that answer as the CLI does without running it: the
        // example programs and the playground server.
        .target(
            name: "CellFitOutput",
            dependencies: ["Cancellation", "Cassowary", "CellLayout", "TextMetrics", "TableSizing", "InterfaceBuilder", "JSONSupport", "Geometry"],
            path: "Sources/Formats/CellFitOutput"
        ),

        // MARK: - Library: the umbrella
        .target(
            name: "CellFitLibrary",
            dependencies: [
                "Cancellation", "CellLayout", "Geometry", "InterfaceBuilder", "ManualLayout", "PangoText",
                "TableSizing", "TemplateFiles", "TextMetrics",
            ],
            path: "Sources/Library/CellFitLibrary"
        ),

        // MARK: - Oracles: GLPK solves what the solver solves
        .systemLibrary(
            name: "CGLPK",
            path: "Sources/Oracles/CGLPK",
            providers: [.apt(["libglpk-dev"])]
        ),
        .target(name: "LPCheck", dependencies: ["Cassowary", "CGLPK"], path: "Sources/Oracles/LPCheck"),
        // The GLPK backends of `cellfit solve` and `cellfit heights --engine glpk`: here,
        // so that neither CellFitWorkload nor CellLayout depends on LPCheck.
        .target(
            name: "GLPKBackends",
            dependencies: ["Cassowary", "CellFitWorkload", "CellLayout", "LPCheck"],
            path: "Sources/Oracles/GLPKBackends"
        ),

        // MARK: - Examples: five real-world cells and their programs
        .target(
            name: "ExampleCells",
            dependencies: ["CellLayout", "ManualLayout", "CellFitSamples"],
            path: "Sources/Examples/ExampleCells"
        ),
        // The options, engines and runs the five programs share.
        .target(
            name: "ExampleSupport",
            dependencies: [
                "CellLayout", "ManualLayout", "ExampleCells", "PangoText", "TableSizing", "JSONSupport", "CellFitOutput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/Examples/ExampleSupport"
        ),
        .executableTarget(name: "ExpandableMovies", dependencies: exampleDependencies, path: "Examples/ExpandableMovies"),
        .executableTarget(name: "MessageCells", dependencies: exampleDependencies, path: "Examples/MessageCells"),
        .executableTarget(name: "DynamicHeights", dependencies: exampleDependencies, path: "Examples/DynamicHeights"),
        .executableTarget(name: "ChatFeed", dependencies: exampleDependencies, path: "Examples/ChatFeed"),
        .executableTarget(name: "EstimatedHeights", dependencies: exampleDependencies, path: "Examples/EstimatedHeights"),

        // MARK: - Tool: `cellfit`
        // `cellfit check`: every cell of an app over devices, text sizes and directions (Docs/Check.md).
        .target(
            name: "CellCheck",
            dependencies: ["CellLayout", "InterfaceBuilder", "TemplateFiles", "TextMetrics", "Geometry", "Locking"],
            path: "Sources/Tool/CellCheck"
        ),
        // C's standard output, which Swift 6 cannot name: the check that printed output arrived.
        .target(name: "CStandardStreams", path: "Sources/Tool/CStandardStreams"),
        .executableTarget(
            name: "cellfit",
            dependencies: [
                "CStandardStreams", "Cassowary", "CellFitWorkload", "LPCheck", "GLPKBackends", "TextMetrics", "PangoText",
                "CellLayout", "TemplateFiles", "TableSizing", "ManualLayout", "InterfaceBuilder", "Locking", "JSONSupport",
                "CellFitOutput", "CellCheck", "CellFitSamples",
                // `demo` lays out ChatFeed in Swift and by hand; `layout` and `example-data`
                // share the example programs' options and data.
                "ExampleCells", "ExampleSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/Tool/cellfit"
        ),

        // MARK: - Test support (Tests/Support, not products)
        // The fuzz budget, the seeded property-test generator, device pixels.
        .target(
            name: "TestSupport",
            dependencies: ["CellFitSamples", "Geometry", .product(name: "PropertyBased", package: "swift-property-based")],
            path: "Tests/Support/TestSupport"
        ),
        // The solver's scenario generators and shrinkers.
        .target(
            name: "CassowaryTestSupport",
            dependencies: ["Cassowary", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
            path: "Tests/Support/CassowaryTestSupport",
            // The solver's invariant checker, in debug builds only.
            swiftSettings: internalChecks
        ),
        // Runs the built command-line programs for the CLI and example tests.
        .target(name: "ExecutableTestSupport", path: "Tests/Support/ExecutableTestSupport"),

        // MARK: - Tests, by the layer of what they test
        // Any test may use an oracle (GLPK) and the test support; nothing above its layer.
        .testTarget(
            name: "CassowaryTests",
            dependencies: ["Cancellation", "Cassowary", "CellFitSamples", "CassowaryTestSupport"],
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
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(
            name: "TextMetricsTests",
            dependencies: ["TextMetrics", "PangoText", "CellFitSamples", "TestSupport", "Locking"]
        ),
        .testTarget(
            name: "CellLayoutTests",
            // TableSizing: the README's ten-line example sizes a table's rows in parallel.
            dependencies: ["Cancellation", "CellLayout", "PangoText", "TableSizing", "CellFitSamples", "TestSupport"]
        ),
        .testTarget(name: "ManualLayoutTests", dependencies: ["ManualLayout"]),
        .testTarget(
            name: "TableSizingTests",
            dependencies: [
                "Cancellation", "TableSizing", "Locking", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: internalChecks
        ),
        .testTarget(
            name: "TemplateFilesTests",
            // JSONSupport: the line reader under streamed rows files.
            dependencies: ["TemplateFiles", "CellLayout", "PangoText", "GLPKBackends", "TestSupport", "JSONSupport"],
            // Template and rows files the tests read; found via #filePath.
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "InterfaceBuilderTests",
            dependencies: ["InterfaceBuilder", "TemplateFiles", "CellLayout", "PangoText", "TestSupport"],
            // The shared .xib and .storyboard cells (NOTICE.md); found via #filePath.
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "CellFitWorkloadTests",
            dependencies: ["CellFitWorkload", "Cassowary", "LPCheck", "GLPKBackends", "TestSupport"],
            // Workloads of our own generators; found via #filePath.
            exclude: ["Fixtures"]
        ),
        // `import CellFitLibrary` alone is enough for the README's examples.
        .testTarget(name: "CellFitLibraryTests", dependencies: ["CellFitLibrary", "Cassowary"]),
        .testTarget(name: "LPCheckTests", dependencies: ["LPCheck", "Cassowary", "CGLPK"]),
        // The example cells laid out: by their rules, against their template files, and
        // held against the manual engine.
        .testTarget(
            name: "ExampleCellsTests",
            dependencies: ["Cancellation", "CellLayout", "PangoText", "TemplateFiles", "ExampleCells", "CellFitSamples", "TestSupport"]
        ),
        .testTarget(
            name: "ParityTests",
            dependencies: ["CellLayout", "PangoText", "ManualLayout", "ExampleCells", "ExampleSupport", "CellFitOutput"]
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
        .testTarget(
            name: "CellCheckTests",
            dependencies: ["CellCheck", "CellLayout", "InterfaceBuilder", "TemplateFiles", "TextMetrics", "PangoText"]
        ),
        .testTarget(
            name: "CellFitCLITests",
            // TemplateFiles and CellLayout: the render tests lay the rows out themselves to
            // check the picture's frames.
            dependencies: ["cellfit", "ExecutableTestSupport", "TemplateFiles", "CellLayout", "PangoText"],
            // Workload files the tests hand to the built binary; found via #filePath.
            exclude: ["Fixtures"]
        ),
        // The plan: layers as folders, imports one way, no history in comments.
        .testTarget(name: "ArchitectureTests"),
    ],
    swiftLanguageModes: [.v6]
)
