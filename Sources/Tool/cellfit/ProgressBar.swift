import Locking
import TableSizing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A progress bar on standard error for long sizing jobs:
/// `[##########          ]  50%  5000/10000 rows`, redrawn in place.
///
/// Only when standard error is a terminal: redirected to a file or a pipe (a
/// test, a CI log) it would be noise, so there it draws nothing at all. Short
/// jobs get none either: they end before a bar could be read.
final class ProgressBar: Sendable {
    /// Jobs with fewer rows finish too soon for a bar to help.
    static let minimumRows = 5000
    private static let cells = 30

    private let rowCount: Int
    /// What is counted: `rows`, `files`.
    private let unit: String
    /// The last percentage drawn: the bar redraws only when it changes, so a
    /// job of many small chunks does not flood the terminal.
    private let drawn = Locked(-1)

    private init(rowCount: Int, unit: String) {
        self.rowCount = rowCount
        self.unit = unit
    }

    /// A bar for a job of `rowCount` rows (or other units, at least `minimum` of them),
    /// or `nil` when none should show.
    static func make(rowCount: Int, forced: Bool = false, unit: String = "rows", minimum: Int = minimumRows) -> ProgressBar? {
        guard forced || (rowCount >= minimum && isatty(2) == 1) else { return nil }
        return ProgressBar(rowCount: rowCount, unit: unit)
    }

    /// The callback for ``SizingOptions/progress``.
    var callback: @Sendable (SizingProgress) -> Void {
        { [self] progress in update(progress.rowsDone) }
    }

    /// Draws the bar at `rowsDone` units done.
    func update(_ rowsDone: Int) {
        let percent = rowCount == 0 ? 100 : rowsDone * 100 / rowCount
        let changed = drawn.withLock { last in
            guard percent != last else { return false }
            last = percent
            return true
        }
        guard changed else { return }
        let filled = percent * Self.cells / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: Self.cells - filled)
        let figure = String(repeating: " ", count: max(0, 3 - String(percent).count)) + String(percent)
        StandardError.put("\r[\(bar)] \(figure)%  \(rowsDone)/\(rowCount) \(unit)")
    }

    /// Clears the bar's line, so what follows starts on a clean one.
    func finish() {
        StandardError.put("\r\u{1B}[K")
    }
}
