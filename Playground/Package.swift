// swift-tools-version: 6.2
//
// The CellFit playground: a local web server whose page lays out cells with CellFit
// (Docs/Playground.md). A package of its own, depending on CellFit by path, so that
// an app that depends on CellFit never resolves or builds SwiftNIO and Hummingbird.

import PackageDescription

let package = Package(
    name: "CellFitPlayground",
    products: [
        .executable(name: "cellfit-serve", targets: ["cellfit-serve"]),
    ],
    dependencies: [
        .package(name: "CellFit", path: ".."),
        // No default traits: the server needs neither swift-configuration nor full Foundation.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Hummingbird's own dependencies, named for the parts used directly: the request
        // parts a connection's handlers see, and the service group that shuts down on SIGTERM.
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.34.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
    ],
    targets: [
        // The API (POST /layout, /heights, /import, /render) as functions of request
        // bodies, the static page, and the Hummingbird application that serves both.
        .target(
            name: "PlaygroundServer",
            dependencies: [
                .product(name: "_CellFitOutput", package: "CellFit"),
                .product(name: "TemplateFiles", package: "CellFit"),
                .product(name: "InterfaceBuilder", package: "CellFit"),
                .product(name: "PangoText", package: "CellFit"),
                .product(name: "Cancellation", package: "CellFit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ],
            resources: [.copy("Public")]
        ),
        .executableTarget(
            name: "cellfit-serve",
            dependencies: [
                "PlaygroundServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "PlaygroundServerTests",
            dependencies: ["PlaygroundServer"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
