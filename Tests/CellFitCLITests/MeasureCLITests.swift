import Foundation
import Testing
import PangoText

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

    @Test("bad options are usage errors")
    func usage() throws {
        #expect(try CellFit.run(["measure", "--scale", "4", "x"]).status == 64)
        #expect(try CellFit.run(["measure", "--size", "0", "x"]).status == 64)
    }
}
