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

let package = Package(
    name: "CellFit",
    products: [
        // MARK: - Public API
        .library(name: "Cassowary", targets: ["Cassowary"]),
    ],
    targets: [
        // MARK: - Public API
        .target(
            name: "Cassowary",
            swiftSettings: internalChecks
        ),

        // MARK: - Unit test bundles
        .testTarget(
            name: "CassowaryTests",
            dependencies: ["Cassowary"],
            swiftSettings: internalChecks
        ),
    ],
    swiftLanguageModes: [.v6]
)
