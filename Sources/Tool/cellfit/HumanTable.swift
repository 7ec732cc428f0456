#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CellFitWorkload

/// The human form of the reports: aligned rows under a header.
enum HumanTable {
    /// One row per workload report.
    static func render(_ reports: [WorkloadReport]) -> String {
        let header = ["workload", "backend", "variables", "constraints", "build", "rounds", "rounds time", "per round", "expect", "mismatches"]
        let rows = reports.map { report in
            [
                report.name, report.backend, String(report.variables), String(report.constraints),
                duration(report.buildTime), String(report.rounds), duration(report.roundsTime),
                duration(report.perRoundTime), report.expectation.rawValue, String(report.mismatches.count),
            ]
        }
        return render(header: header, rightAligned: [2, 3, 4, 5, 6, 7, 9], rows: rows)
    }

    /// Any table: text columns left-aligned, the columns in `rightAligned` (figures)
    /// right-aligned, two spaces between columns, no trailing spaces.
    static func render(header: [String], rightAligned: Set<Int>, rows: [[String]]) -> String {
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (column, cell) in cells.enumerated() {
                if column > 0 { text += "  " }
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                text += rightAligned.contains(column) ? padding + cell : cell + padding
            }
            // No trailing spaces from the last, left-aligned column.
            while text.last == " " { text.removeLast() }
            return text
        }
        return ([header] + rows).map(line).joined(separator: "\n")
    }

    /// `412 ns`, `27.5 µs`, `8.10 ms`, `1.23 s`: three significant digits in a unit that keeps the number below 1000.
    static func duration(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        let (value, unit): (Double, String) =
            switch nanoseconds {
            case ..<1e3: (nanoseconds, "ns")
            case ..<1e6: (nanoseconds / 1e3, "µs")
            case ..<1e9: (nanoseconds / 1e6, "ms")
            default: (nanoseconds / 1e9, "s")
            }
        let decimals = unit == "ns" ? 0 : (value < 10 ? 2 : (value < 100 ? 1 : 0))
        return fixed(value, decimals: decimals) + " " + unit
    }

    /// `0`, `1.2e-13`, `4.5e+02`: two significant digits, for differences and tolerances.
    static func scientific(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        guard value != 0 else { return "0" }
        var exponent = Int(log10(abs(value)).rounded(.down))
        var mantissa = abs(value) / pow(10, Double(exponent))
        // log10 and the rounding to one decimal can each land a step off.
        if mantissa < 1 {
            mantissa *= 10
            exponent -= 1
        }
        if (mantissa * 10).rounded() >= 100 {
            mantissa /= 10
            exponent += 1
        }
        let digits = exponent.magnitude < 10 ? "0\(exponent.magnitude)" : String(exponent.magnitude)
        return (value < 0 ? "-" : "") + fixed(mantissa, decimals: 1) + "e" + (exponent < 0 ? "-" : "+") + digits
    }

    /// `value` with exactly `decimals` digits after the point, without Foundation's formatters.
    static func fixed(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int64((value * scale).rounded())
        guard decimals > 0 else { return String(scaled) }
        let whole = scaled / Int64(scale)
        let fraction = String(scaled % Int64(scale))
        return "\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}

