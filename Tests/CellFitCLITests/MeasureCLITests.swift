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

    @Test("an unknown font family fails with a message naming it")
    func unknownFamily() throws {
        let result = try CellFit.run(["measure", "--font", "No Such Family CellFit", "x"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("No Such Family CellFit"))
        #expect(result.stdout.isEmpty)
    }

    @Test("bad options are usage errors")
    func usage() throws {
        #expect(try CellFit.run(["measure", "--scale", "4", "x"]).status == 64)
        #expect(try CellFit.run(["measure", "--size", "0", "x"]).status == 64)
    }
}
