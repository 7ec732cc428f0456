import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A folder of its own under the system's temporary folder, removed afterwards.
private func withTemporaryFolder(_ body: (String) throws -> Void) throws {
    var template = Array((NSTemporaryDirectory() + "/cellfit-reliability-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
    let folder = try #require(made.map { String(cString: $0) })
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try body(folder)
}

private let template = repositoryRoot + "/Examples/Templates/MessageCells.json"
private let render = ["render", "--template", template, "--width", "375", "--rows", "0"]

private func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

/// Linux's device number for a major and minor below 256 (glibc's `makedev` is a macro
/// Swift does not import).
private func device(_ major: UInt64, _ minor: UInt64) -> dev_t { dev_t((major << 8) | minor) }

/// Issue 31: output files are written safely, every write is checked, numbers stay
/// numbers, and hostile or huge input gets an answer or a typed error. The device-node
/// cases make `mknod` copies of /dev/null and /dev/full in a temporary folder (root, as
/// CI runs): the real ones in /dev are never touched.
@Suite("cellfit on hostile and huge input: safe output, checked writes, finite numbers", .serialized)
struct ReliabilityCLITests {
    @Test("a symlink planted at a predictable temporary name is not followed, and its target is untouched")
    func plantedSymlink() throws {
        try withTemporaryFolder { folder in
            let victim = folder + "/victim", out = folder + "/o.svg"
            try "secret".write(toFile: victim, atomically: false, encoding: .utf8)
            for planted in [out + ".tmp", folder + "/.o.svg.tmp"] {
                try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: victim)
            }
            let result = try CellFit.run(render + ["--out", out])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(contents(victim) == "secret")
            #expect(contents(out)?.hasPrefix("<svg") == true)
            // The user's own files, the planted links included, are all still there.
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: out + ".tmp") == victim)
            let left = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            #expect(left == [".o.svg.tmp", "o.svg", "o.svg.tmp", "victim"])
        }
    }

    @Test("a symlink to a regular file is written through: the target replaced, the link kept")
    func symlinkThrough() throws {
        try withTemporaryFolder { folder in
            let real = folder + "/real.svg", link = folder + "/link.svg"
            try "old".write(toFile: real, atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
            let result = try CellFit.run(render + ["--out", link])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real)
            #expect(contents(real)?.hasPrefix("<svg") == true)
        }
    }

    @Test("an existing file is replaced whole and keeps its mode; an existing .tmp of the user's stays")
    func replaceRegular() throws {
        try withTemporaryFolder { folder in
            let out = folder + "/o.svg"
            try "old".write(toFile: out, atomically: false, encoding: .utf8)
            try "mine".write(toFile: out + ".tmp", atomically: false, encoding: .utf8)
            chmod(out, 0o640)
            let result = try CellFit.run(render + ["--out", out])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(contents(out)?.hasPrefix("<svg") == true)
            #expect(contents(out + ".tmp") == "mine")
            var status = stat()
            #expect(stat(out, &status) == 0 && status.st_mode & 0o777 == 0o640)
        }
    }

    @Test("a FIFO is written into, never replaced")
    func fifo() throws {
        try withTemporaryFolder { folder in
            let fifo = folder + "/pipe"
            #expect(mkfifo(fifo, 0o600) == 0)
            let reader = Thread {
                // POSIX reads: FileManager takes a FIFO's size (0) for its length and never opens it.
                let descriptor = open(fifo, O_RDONLY)
                var buffer = [UInt8](repeating: 0, count: 65536)
                while descriptor >= 0, read(descriptor, &buffer, buffer.count) > 0 {}
                if descriptor >= 0 { close(descriptor) }
            }
            reader.start()
            let result = try CellFit.run(render + ["--out", fifo])
            #expect(result.status == 0, "\(result.stderr)")
            var status = stat()
            #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        }
    }

    @Test("device copies: /dev/null's is written and stays a device; /dev/full's is exit 2 with the reason")
    func devices() throws {
        try #require(getuid() == 0, "mknod needs root, as CI runs")
        try withTemporaryFolder { folder in
            let null = folder + "/null", full = folder + "/full"
            #expect(mknod(null, S_IFCHR | 0o666, device(1, 3)) == 0)
            #expect(mknod(full, S_IFCHR | 0o666, device(1, 7)) == 0)
            let written = try CellFit.run(render + ["--out", null])
            #expect(written.status == 0, "\(written.stderr)")
            var status = stat()
            #expect(lstat(null, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
            let failed = try CellFit.run(render + ["--out", full])
            #expect(failed.status == 2)
            #expect(failed.stderr.contains("No space left on device"))
            #expect(lstat(full, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
        }
    }

    @Test("standard output to a full device is exit 2 with the reason, for every command that prints",
          arguments: [
              ["layout", "--template", template, "--width", "375"],
              ["solve", repositoryRoot + "/Examples/Workloads/chain-100.json"],
              ["measure", "--size", "15", "hello"],
              ["import", repositoryRoot + "/Tests/InterfaceBuilderTests/Fixtures/cells/MoZhouqi__iOS8SelfSizingCells__iOS8SelfSizingCells__Base.lproj__Main.storyboard", "--list"],
              render + ["--out", "-"],
          ])
    func fullStandardOutput(_ arguments: [String]) throws {
        try #require(getuid() == 0, "mknod needs root, as CI runs")
        try withTemporaryFolder { folder in
            let full = folder + "/full"
            #expect(mknod(full, S_IFCHR | 0o666, device(1, 7)) == 0)
            let executable = try #require(CellFit.executable.path)
            let quoted = ([executable] + arguments).map { "'\($0)'" }.joined(separator: " ")
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = ["-c", "exec \(quoted) > '\(full)' 2>/dev/null"]
            try shell.run()
            shell.waitUntilExit()
            #expect(shell.terminationStatus == 2)
        }
    }

    @Test("a font size beyond the limit is a usage error, not a crash")
    func hugeFontSize() throws {
        for arguments in [["measure", "--size", "1e308", "hello"], ["measure", "--json", "--fixed", "--size", "1e308", "hello"]] {
            let result = try CellFit.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("at most 10000"))
        }
    }

    @Test("a layout taller than maximumRowHeight fails naming the limit; a negative size is a warning")
    func numbers() throws {
        try withTemporaryFolder { folder in
            let big = folder + "/big.json", negative = folder + "/negative.json"
            try #"{"views": [{"name": "a", "kind": "box"}], "constraints": ["a.top == contentView.top", "a.height == 100000000000000000000000", "a.bottom == contentView.bottom", "H:|[a]|"]}"#
                .write(toFile: big, atomically: false, encoding: .utf8)
            try #"{"views": [{"name": "a", "kind": "box"}], "constraints": ["a.top == contentView.top + 8", "a.height == -40", "H:|-8-[a]-8-|"]}"#
                .write(toFile: negative, atomically: false, encoding: .utf8)
            for command in ["layout", "render"] {
                let result = try CellFit.run([command, "--template", big, "--width", "375"] + (command == "render" ? ["--out", folder + "/x.svg"] : []))
                #expect(result.status == 1)
                #expect(result.stderr.contains("above the limit of 1000000 points (maximumRowHeight)"), "\(result.stderr)")
            }
            let warned = try CellFit.run(["layout", "--template", negative, "--width", "375", "--json"])
            #expect(warned.status == 0)
            #expect(warned.stderr.contains("negative size") && warned.stderr.contains("'a'"))
            let tall = try CellFit.run(["layout", "--template", negative, "--width", "375", "--height", "1e7"])
            #expect(tall.status == 64)
        }
    }

    @Test("Interface Builder files: internal entities in text, a billion laughs, a cycle, --max-bytes, a FIFO")
    func interfaceBuilderInput() throws {
        try withTemporaryFolder { folder in
            let entities = folder + "/entities.xib"
            try """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE document [ <!ENTITY who "World &amp; co"> <!ENTITY greet "Hello &who;"> ]>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="16097">
                    <objects>
                        <collectionReusableView reuseIdentifier="Header" id="hdr-00-001">
                            <rect key="frame" x="0.0" y="0.0" width="320" height="40"/>
                            <subviews>
                                <label id="lbl-00-001" translatesAutoresizingMaskIntoConstraints="NO" userLabel="&who;"><rect key="frame" width="100" height="20"/>
                                    <string key="text">&greet;! <!-- &who; --><![CDATA[&who;]]></string>
                                </label>
                            </subviews>
                        </collectionReusableView>
                    </objects>
                </document>
                """.write(toFile: entities, atomically: false, encoding: .utf8)
            let imported = try CellFit.run(["import", entities])
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout.contains(#""staticText": "Hello World & co! &who;""#))
            #expect(imported.stdout.contains(#""name": "worldCo""#))

            let laughs = folder + "/laughs.xib"
            var declarations = #"<!ENTITY lol0 "lol">"#
            for level in 1...9 {
                declarations += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
            }
            try "<?xml version=\"1.0\"?>\n<!DOCTYPE d [\(declarations)]>\n<document><objects>&lol9;</objects></document>\n"
                .write(toFile: laughs, atomically: false, encoding: .utf8)
            let refused = try CellFit.run(["import", laughs])
            #expect(refused.status == 2 && refused.stderr.contains("entity expansion limit"), "\(refused.stderr)")

            let cycle = folder + "/cycle.xib"
            try "<?xml version=\"1.0\"?>\n<!DOCTYPE d [<!ENTITY a \"&b;\"><!ENTITY b \"&a;\">]>\n<document>&a;</document>\n"
                .write(toFile: cycle, atomically: false, encoding: .utf8)
            let cyclic = try CellFit.run(["import", cycle])
            #expect(cyclic.status == 2 && cyclic.stderr.contains("refers to itself"))

            let small = try CellFit.run(["import", entities, "--max-bytes", "100"])
            #expect(small.status == 2 && small.stderr.contains("larger than the limit of 100 bytes"))

            let fifo = folder + "/pipe.xib"
            #expect(mkfifo(fifo, 0o600) == 0)
            let writer = Thread { try? String(contentsOfFile: entities, encoding: .utf8).write(toFile: fifo, atomically: false, encoding: .utf8) }
            writer.start()
            let streamed = try CellFit.run(["import", fifo, "--list"])
            #expect(streamed.status == 0 && streamed.stdout.contains("hdr-00-001"), "\(streamed.stderr)")
        }
    }

    @Test("a cell of 3,001 labels imports (quadratic line counting made it take minutes)")
    func manyLabels() throws {
        try withTemporaryFolder { folder in
            let labels = (0..<3001).map { index in
                "<label text=\"label \(index)\" translatesAutoresizingMaskIntoConstraints=\"NO\" id=\"l\(index)\"><rect key=\"frame\" y=\"\(index * 20)\" width=\"100\" height=\"20\"/></label>"
            }.joined(separator: "\n")
            let path = folder + "/many.xib"
            try """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="17156">
                    <objects>
                        <collectionReusableView reuseIdentifier="Many" id="hdr-00-001">
                            <rect key="frame" x="0.0" y="0.0" width="320" height="60020"/>
                            <subviews>
                \(labels)
                            </subviews>
                        </collectionReusableView>
                    </objects>
                </document>
                """.write(toFile: path, atomically: false, encoding: .utf8)
            let result = try CellFit.run(["import", path, "--out", folder + "/many.json"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(contents(folder + "/many.json")?.contains(#""name": "label3001""#) == true)
        }
    }

    @Test("a template of 600 labels in one vertical chain sizes its rows (its places were counted quadratically)")
    func manyViews() throws {
        try withTemporaryFolder { folder in
            let count = 600
            let views = (0..<count).map { #"{"name": "v\#($0)", "kind": "label", "text": "text"}"# }.joined(separator: ", ")
            let chain = "V:|" + (0..<count).map { "[v\($0)]" }.joined() + "|"
            let sides = (0..<count).map { #""H:|[v\#($0)]|""# }.joined(separator: ", ")
            let path = folder + "/views.json"
            try #"{"views": [\#(views)], "constraints": ["\#(chain)", \#(sides)]}"#.write(toFile: path, atomically: false, encoding: .utf8)
            let rows = folder + "/rows.json"
            try #"[{"text": "one"}, {"text": "two words"}]"#.write(toFile: rows, atomically: false, encoding: .utf8)
            let result = try CellFit.run(["heights", "--template", path, "--data", rows, "--width", "375", "--workers", "1", "--scale", "1"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.lines.count == 3)
        }
    }

    @Test("a solve that outgrows its memory budget stops with exit 3 naming the limit")
    func memoryBudget() throws {
        try withTemporaryFolder { folder in
            // The shape of shared/rel/chain-10000-weak.json, smaller: a required chain with a
            // weak pull to 0 on every variable, whose tableau grows with the square of its length.
            let count = 3000
            let variables = (0..<count).map { #""v\#($0)""# }.joined(separator: ", ")
            var constraints = (1..<count).map {
                #"{"terms": [[1, "v\#($0)"], [-1, "v\#($0 - 1)"]], "constant": -1, "op": ">=", "strength": "required"}"#
            }
            constraints += (0..<count).map { #"{"terms": [[1, "v\#($0)"]], "constant": 0, "op": "==", "strength": "weak"}"# }
            let path = folder + "/chain.json"
            try #"{"format": "cassowary-workload/1", "variables": [\#(variables)], "constraints": [\#(constraints.joined(separator: ", "))]}"#
                .write(toFile: path, atomically: false, encoding: .utf8)
            let result = try CellFit.run(["solve", path, "--memory-limit", "64"])
            #expect(result.status == 3, "\(result.stderr)")
            #expect(result.stderr.contains("memory passed its limit of 64 MiB (--memory-limit)"))
        }
    }
}
