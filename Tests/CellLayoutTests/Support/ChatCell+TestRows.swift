import ExampleCells

extension ChatCell {
    /// Forty hand-countable entries from ``SampleText``: the tests' fixed sample
    /// (the example program uses the generated ``ChatCell/content(count:seed:vocabulary:)``).
    static let testRows: [ChatEntry] = (0..<40).map { i in
        ChatEntry(heading: "user \(i % 7)", text: SampleText.words([1, 4, 12, 30, 0, 55][i % 6], seed: i))
    }
}
