extension Double {
    /// `14` rather than `14.0` for whole numbers, in descriptions.
    package var geometryText: String {
        if isFinite, abs(self) < 1e15, self == Double(Int64(self)) { return String(Int64(self)) }
        return String(self)
    }
}
