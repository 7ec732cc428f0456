import Foundation
import Testing

/// The plan of Docs/Architecture.md's "Layers" table: which folder each layer is,
/// which modules live there and which test targets test them.
struct Plan {
    struct Layer {
        var rank: Int
        var name: String
        var modules: [String]
        var tests: [String]
    }

    var layers: [Layer]
    /// Modules under Tests/Support: any test may use them; they use only the lowest layer.
    var testSupport: Set<String>
    /// The layer whose modules any test may use, whatever it tests: the oracles a
    /// test holds its code against are not the code under test.
    var oracleLayer: String

    func layer(ofModule module: String) -> Layer? { layers.first { $0.modules.contains(module) } }
    func layer(ofTest test: String) -> Layer? { layers.first { $0.tests.contains(test) } }
    var lowest: Layer? { layers.min { $0.rank < $1.rank } }

    /// Reads the table that follows the "## Layers" heading: `| rank | name | modules |
    /// tests |`, names in backquotes; and the test support modules from the line that
    /// starts "Test support:".
    init(markdown: String) throws {
        var layers: [Layer] = []
        var support: Set<String> = []
        var inSection = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("## ") { inSection = line == "## Layers" }
            guard inSection else { continue }
            if line.hasPrefix("Test support:") { support.formUnion(Self.names(in: line)) }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 6, let rank = Int(cells[1]) else { continue }
            guard let name = Self.names(in: cells[2]).first else { throw PlanError("layer \(rank) has no name: \(line)") }
            layers.append(Layer(rank: rank, name: name, modules: Self.names(in: cells[3]), tests: Self.names(in: cells[4])))
        }
        guard !layers.isEmpty else { throw PlanError("no \"## Layers\" table") }
        self.layers = layers
        self.testSupport = support
        self.oracleLayer = "Oracles"
    }

    init(layers: [Layer], testSupport: Set<String>, oracleLayer: String) {
        self.layers = layers
        self.testSupport = testSupport
        self.oracleLayer = oracleLayer
    }

    /// The identifiers written in backquotes (`Sources/Core` gives `Core`).
    static func names(in text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }
            .map { String($0.element.split(separator: "/").last ?? "") }
            .filter { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }
    }

    /// One `import` of a project module, where it was written.
    struct Import {
        /// The module or test target whose file it is.
        var importer: String
        var imported: String
        var place: String
    }

    /// Every import that goes up: a module's of a higher layer's module, a test's of a
    /// module above the layer of what it tests (oracles and test support aside), test
    /// support's of anything above the lowest layer, and any of a module the plan
    /// does not place.
    func violations(moduleImports: [Import], testImports: [Import], supportImports: [Import]) -> [String] {
        var found: [String] = []
        let known = Set(layers.flatMap(\.modules)).union(testSupport)
        func unplaced(_ i: Import) -> Bool { !known.contains(i.imported) }
        for i in moduleImports {
            guard let from = layer(ofModule: i.importer) else { found.append("\(i.place): \(i.importer) is in no layer"); continue }
            if testSupport.contains(i.imported) {
                found.append("\(i.place): \(i.importer) (\(from.name)) imports test support \(i.imported)")
            } else if let to = layer(ofModule: i.imported), to.rank > from.rank {
                found.append("\(i.place): \(i.importer) (\(from.name)) imports \(i.imported) (\(to.name)), a higher layer")
            }
        }
        for i in testImports {
            guard let from = layer(ofTest: i.importer) else { found.append("\(i.place): test target \(i.importer) is in no layer"); continue }
            if testSupport.contains(i.imported) || unplaced(i) { continue }
            if let to = layer(ofModule: i.imported), to.rank > from.rank, to.name != oracleLayer {
                found.append("\(i.place): \(i.importer) tests \(from.name) but imports \(i.imported) (\(to.name)), a higher layer")
            }
        }
        for i in supportImports where !testSupport.contains(i.imported) {
            if let to = layer(ofModule: i.imported), let lowest, to.rank > lowest.rank {
                found.append("\(i.place): test support \(i.importer) imports \(i.imported) (\(to.name)): any test may use it, so it uses only \(lowest.name)")
            }
        }
        return found
    }
}

struct PlanError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The modules a Swift file imports: `import X`, `@testable import X`,
/// `@_spi(Testing) import X`, `@_exported import struct X.Y`, `package import X`.
func importedModules(of text: String) -> [(line: Int, module: String)] {
    var out: [(Int, String)] = []
    let kinds: Set<String> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        var words = raw.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        while let first = words.first, first.hasPrefix("@") || ["public", "package", "internal", "private", "fileprivate"].contains(first) {
            words.removeFirst()
        }
        guard words.first == "import", words.count >= 2 else { continue }
        var path = words[1]
        if kinds.contains(path), words.count >= 3 { path = words[2] }
        if let module = path.split(separator: ".").first { out.append((index + 1, String(module))) }
    }
    return out
}

@Suite("The plan: layers as folders, imports one way")
struct LayeringTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func plan() throws -> Plan {
        try Plan(markdown: String(contentsOf: root.appendingPathComponent("Docs/Architecture.md"), encoding: .utf8))
    }

    static func directories(in url: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue && !name.hasPrefix(".")
        }.sorted()
    }

    /// The imports of every Swift file under `url`, as written by `owner`.
    static func imports(under url: URL, owner: String) throws -> [Plan.Import] {
        var out: [Plan.Import] = []
        let files = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            let place = String(file.path.dropFirst(root.path.count + 1))
            out += importedModules(of: text).map { Plan.Import(importer: owner, imported: $0.module, place: "\(place):\($0.line)") }
        }
        return out
    }

    @Test("Sources/ holds one folder per layer, at most eight, and each layer's folder its modules")
    func foldersAreLayers() throws {
        let plan = try Self.plan()
        let sources = Self.root.appendingPathComponent("Sources")
        #expect(Self.directories(in: sources) == plan.layers.map(\.name).sorted())
        #expect(plan.layers.count <= 8)
        #expect(plan.layers.map(\.rank) == Array(1...plan.layers.count), "ranks count up from 1 in the table's order")
        for layer in plan.layers {
            #expect(Self.directories(in: sources.appendingPathComponent(layer.name)) == layer.modules.sorted(), "Sources/\(layer.name)")
        }
        let tests = Self.directories(in: Self.root.appendingPathComponent("Tests")).filter { $0 != "Support" }
        #expect(tests == plan.layers.flatMap(\.tests).sorted())
        #expect(Self.directories(in: Self.root.appendingPathComponent("Tests/Support")) == plan.testSupport.sorted())
    }

    @Test("Package.swift declares each module at its layer's folder, grouped by layer in the table's order")
    func packageFollowsThePlan() throws {
        let plan = try Self.plan()
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for layer in plan.layers {
            for module in layer.modules {
                #expect(manifest.contains("path: \"Sources/\(layer.name)/\(module)\""), "\(module) at Sources/\(layer.name)/\(module)")
            }
        }
        let groups = manifest.split(separator: "\n").compactMap { line -> String? in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("// MARK: - ") else { return nil }
            return text.dropFirst("// MARK: - ".count).split(separator: ":").first.map(String.init)
        }
        let layerNames = Set(plan.layers.map(\.name))
        #expect(groups.filter(layerNames.contains) == plan.layers.map(\.name))
    }

    @Test("no module imports a higher layer, and no test imports above what it tests")
    func importsGoDown() throws {
        let plan = try Self.plan()
        var moduleImports: [Plan.Import] = []
        for layer in plan.layers {
            for module in layer.modules {
                moduleImports += try Self.imports(under: Self.root.appendingPathComponent("Sources/\(layer.name)/\(module)"), owner: module)
            }
        }
        // The example programs, beside the example modules.
        let programs = Self.root.appendingPathComponent("Examples")
        for program in Self.directories(in: programs) {
            moduleImports += try Self.imports(under: programs.appendingPathComponent(program), owner: "ExampleSupport")
        }
        var testImports: [Plan.Import] = []
        for test in plan.layers.flatMap(\.tests) {
            testImports += try Self.imports(under: Self.root.appendingPathComponent("Tests/\(test)"), owner: test)
        }
        var supportImports: [Plan.Import] = []
        for support in plan.testSupport {
            supportImports += try Self.imports(under: Self.root.appendingPathComponent("Tests/Support/\(support)"), owner: support)
        }
        // The scan found the tree: an empty one would pass for the wrong reason.
        #expect(moduleImports.count > 100 && testImports.count > 100 && !supportImports.isEmpty)
        let found = plan.violations(moduleImports: moduleImports, testImports: testImports, supportImports: supportImports)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("the check finds an upward import of each kind")
    func checkFindsViolations() {
        let plan = Plan(
            layers: [
                .init(rank: 1, name: "Core", modules: ["Solver"], tests: ["SolverTests"]),
                .init(rank: 2, name: "Layout", modules: ["Cells"], tests: ["CellsTests"]),
                .init(rank: 3, name: "Oracles", modules: ["Oracle"], tests: []),
                .init(rank: 4, name: "Tool", modules: ["Tool"], tests: []),
            ],
            testSupport: ["Support"], oracleLayer: "Oracles")
        let fine = plan.violations(
            moduleImports: [.init(importer: "Cells", imported: "Solver", place: "a"), .init(importer: "Tool", imported: "Foundation", place: "b")],
            testImports: [
                .init(importer: "SolverTests", imported: "Oracle", place: "c"), .init(importer: "SolverTests", imported: "Support", place: "d"),
            ],
            supportImports: [.init(importer: "Support", imported: "Solver", place: "e")])
        #expect(fine.isEmpty)
        let bad = plan.violations(
            moduleImports: [.init(importer: "Solver", imported: "Cells", place: "f"), .init(importer: "Cells", imported: "Support", place: "g")],
            testImports: [.init(importer: "SolverTests", imported: "Tool", place: "h"), .init(importer: "Strays", imported: "Solver", place: "i")],
            supportImports: [.init(importer: "Support", imported: "Cells", place: "j")])
        #expect(bad.map { String($0.prefix(1)) } == ["f", "g", "h", "i", "j"])
    }

    @Test("imports are read in every spelling")
    func importSpellings() {
        let text = """
            import Foundation
            @testable import CellLayout
            @_spi(Testing) import Cassowary
            @_exported import struct Geometry.Size
            package import JSONSupport
            // import NotAnImport
            let important = 1
            """
        #expect(importedModules(of: text).map(\.module) == ["Foundation", "CellLayout", "Cassowary", "Geometry", "JSONSupport"])
    }
}
