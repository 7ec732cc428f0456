/// Why a manual layout failed, with a message a person can act on.
public struct ManualLayoutError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String

        /// A width, separator or returned height that is negative or not finite.
        public static let invalidValue = Code(name: "invalidValue")
        /// The text measurer failed (unknown font family, invalid font size...).
        public static let textMeasurement = Code(name: "textMeasurement")

        public var description: String { name }
    }

    /// The kind of failure.
    public let code: Code
    /// What went wrong, naming the cell and the view.
    public let message: String
    /// The view at fault, when there is one.
    public let view: String?

    /// Creates an error.
    public init(_ code: Code, _ message: String, view: String? = nil) {
        self.code = code
        self.message = message
        self.view = view
    }

    public var description: String { message }
}
