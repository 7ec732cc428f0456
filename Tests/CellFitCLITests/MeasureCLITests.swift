import Foundation
import Testing
import PangoText
#if canImport(Glibc)
import Glibc
#endif

/// `cellfit measure`, run as a user would. Expected numbers are DejaVu Sans's own metrics
/// (see Tests/TextMetricsTests/PangoTextMeasurerTests.swift): at 16 px "x" advances
/// 9.46875 px and a line is 18.625 px.
@Suite("cellfit measure")
struct MeasureCLITests {
    @Test("--json prints width, height and lines")
    func json() throws {
        let result = try CellFit.run(["measure", "--size", "16", "--width", "40", "--json", "xxxx xxxx"])
        #expect(result.status == 0)
        #expect(result.stdout == "{\"width\":38,\"height\":38,\"lines\":2}\n")
    }

    @Test("--scale rounds to that pixel grid")
    func scale() throws {
        let result = try CellFit.run(["measure", "--size", "16", "--scale", "2", "--json", "x"])
        #expect(result.stdout == "{\"width\":9.5,\"height\":19,\"lines\":1}\n")
    }

    @Test("--lines and --mode truncate cap the height")
    func lines() throws {
        let result = try CellFit.run(["measure", "--size", "16", "--width", "40", "--lines", "1", "--mode", "truncate", "--json", "xxxx xxxx xxxx"])
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("\"height\":19,\"lines\":1}\n"))
    }

    @Test("--fixed uses the fixed-advance measurer")
    func fixed() throws {
        let result = try CellFit.run(["measure", "--fixed", "--size", "16", "--json", "Hello"])
        #expect(result.stdout == "{\"width\":40,\"height\":20,\"lines\":1}\n")
    }

    @Test("an unknown font family is measured with a stand-in named on standard error, or refused with --strict-fonts")
    func unknownFamily() throws {
        let result = try CellFit.run(["measure", "--font", "No Such Family CellFit", "--json", "x"])
        #expect(result.status == 0)
        #expect(result.stderr == "warning: font 'No Such Family CellFit' is not installed: 'DejaVu Sans' stands in "
            + "(give its files with --font-dir, or refuse with --strict-fonts)\n")
        let dejaVu = try CellFit.run(["measure", "--json", "x"])
        #expect(result.stdout == dejaVu.stdout)
        let strict = try CellFit.run(["measure", "--font", "No Such Family CellFit", "--strict-fonts", "x"])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("No Such Family CellFit"))
        #expect(strict.stdout.isEmpty)
    }

    @Test("--font-dir measures with a folder's fonts, by family and by PostScript name; a bad folder is exit 2")
    func fontFolder() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../InterfaceBuilderTests/Fixtures/measured/fonts").standardized.path
        let family = try CellFit.run(["measure", "--font", "Open Sans", "--weight", "600", "--size", "18", "--strict-fonts",
                                      "--font-dir", folder, "--json", "W 85th St"])
        #expect(family.status == 0 && family.stderr.isEmpty)
        let face = try CellFit.run(["measure", "--face", "OpenSans-Semibold", "--size", "18", "--strict-fonts",
                                    "--font-dir", folder, "--json", "W 85th St"])
        #expect(face.status == 0 && face.stdout == family.stdout)
        let dejaVu = try CellFit.run(["measure", "--weight", "600", "--size", "18", "--json", "W 85th St"])
        #expect(dejaVu.stdout != family.stdout)
        // Open Sans's line at 18 px is 24.5 px: 25 at 1x.
        #expect(family.stdout.contains("\"height\":25,"))
        let missing = try CellFit.run(["measure", "--font-dir", "/nonexistent/cellfit", "x"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: font folder '/nonexistent/cellfit' cannot be read: No such file or directory\n")
    }

    /// `cellfit` with `XDG_CACHE_HOME` set to `cache` (where fontconfig's cache for
    /// `--font-dir` goes), through `/usr/bin/env`.
    static func run(_ arguments: [String], cache: String) throws -> (status: Int32, stdout: String, stderr: String) {
        let executable = try #require(CellFit.executable.path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["XDG_CACHE_HOME=" + cache, executable] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Small outputs: read both to the end, then wait.
        let out = output.fileHandleForReading.readDataToEndOfFile(), err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    /// Issue 50: a FIFO named `pipe.ttf` hung the process (fontconfig opened it and
    /// waited for a writer). `--time-limit 20` turns a hang back into exit 3 rather than
    /// a test that never ends.
    @Test("only regular files of a font folder are read: a FIFO, a socket and links to a folder or to nothing are left out")
    func fontFolderOfOddFiles() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let folder = scratch.file("fonts"), elsewhere = scratch.file("elsewhere")
        for path in [folder, elsewhere, folder + "/sub"] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        let serif = "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"
        // A link to a regular file is followed; a broken font behind a link to a folder is never seen.
        try FileManager.default.createSymbolicLink(atPath: folder + "/serif.ttf", withDestinationPath: serif)
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: elsewhere + "/broken.ttf"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/linked", withDestinationPath: elsewhere)
        try FileManager.default.createSymbolicLink(atPath: folder + "/dangling.ttf", withDestinationPath: scratch.file("nothing"))
        #expect(mkfifo(folder + "/pipe.ttf", 0o600) == 0 && mkfifo(folder + "/sub/pipe.otf", 0o600) == 0)
        let socketPath = folder + "/socket.ttf"
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in socketPath.utf8.enumerated() where index < raw.count - 1 { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)

        let options = ["--time-limit", "20", "--font", "DejaVu Serif", "--strict-fonts", "--json", "hello wrapped world"]
        let result = try Self.run(["measure", "--font-dir", folder] + options, cache: scratch.file("cache"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let installed = try CellFit.run(["measure"] + options)
        #expect(result.stdout == installed.stdout && !result.stdout.isEmpty)
    }

    /// Issue 50: a font file fontconfig listed (from the bytes it read, or from its cache
    /// after the file was truncated in place) measured every text 0 wide, exit 0, with
    /// no warning even under --strict-fonts.
    @Test("a font damaged behind fontconfig's cache, or with 0xFFFF tables, is refused by name (exit 2), strict or not")
    func brokenFontFile() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.cleanUp() }
        let folder = scratch.file("fonts"), cache = scratch.file("cache")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let font = folder + "/Copy.ttf"
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", toPath: font)
        let arguments = ["measure", "--font-dir", folder, "--font", "DejaVu Sans", "--json", "--width", "120", "hello wrapped world"]
        let good = try Self.run(arguments + ["--strict-fonts"], cache: cache)
        #expect(good.status == 0 && good.stdout == "{\"width\":100,\"height\":33,\"lines\":2}\n", "\(good)")
        // Truncated in place: the folder's time does not change, so fontconfig's cache still lists the face.
        #expect(truncate(font, 300_000) == 0)
        for strict in [["--strict-fonts"], []] {
            let broken = try Self.run(arguments + strict, cache: cache)
            #expect(broken.status == 2)
            #expect(broken.stdout.isEmpty)
            #expect(broken.stderr.hasPrefix("error: font file '\(font)' has a table 'glyf'"), "\(broken.stderr)")
        }
        // A table count of 0xFFFF (fontconfig lists the face from the tables it could read).
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")))
        bytes[4] = 0xFF
        bytes[5] = 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: font))
        let tables = try Self.run(arguments + ["--strict-fonts"], cache: scratch.file("fresh-cache"))
        #expect(tables.status == 2)
        #expect(tables.stderr == "error: font file '\(font)' has a table directory of 65535 tables that runs past the end of the file (\(bytes.count) bytes)\n")
    }

    @Test("bad options are usage errors")
    func usage() throws {
        #expect(try CellFit.run(["measure", "--scale", "4", "x"]).status == 64)
        #expect(try CellFit.run(["measure", "--size", "0", "x"]).status == 64)
    }
}
