extension Solver {
    /// A fixed list of variables whose values can be read again and again
    /// without looking each variable up: what a table reads after every row.
    ///
    /// Make one with ``Solver/makeReader(for:)`` once the variables are in the
    /// solver. A reader stays correct whatever happens to the solver later: a
    /// variable whose place changed is looked up again (more slowly).
    public struct ValueReader: Sendable {
        /// The variables, in the order ``Solver/read(_:into:)`` writes their values.
        public let variables: [Variable]
        let symbols: [Symbol]
    }

    /// A reader for `variables`, resolved against this solver.
    public func makeReader(for variables: [Variable]) -> ValueReader {
        ValueReader(variables: variables, symbols: core.symbols(of: variables))
    }

    /// Writes the value of `reader.variables[i]` to `values[i]` for every `i`,
    /// resizing `values` when it is not the right size.
    ///
    /// - Complexity: O(variables), with no hashing while the reader is current.
    public func read(_ reader: ValueReader, into values: inout [Double]) {
        if values.count != reader.variables.count {
            values = [Double](repeating: 0, count: reader.variables.count)
        }
        core.read(reader.variables, reader.symbols, into: &values)
    }
}

extension SolverCore {
    func symbols(of variables: [Variable]) -> [Symbol] {
        variables.map { registry.variableSymbols[$0.id] ?? invalidSymbol }
    }

    func read(_ variables: [Variable], _ symbols: [Symbol], into values: inout [Double]) {
        for i in 0..<variables.count {
            let s = symbols[i]
            // The symbol is current when it still belongs to the same variable.
            let current = s >= 0 && Int(s) < registry.variableOf.count && registry.variableOf[Int(s)] === variables[i]
            values[i] = current ? symbolValue(s) : value(of: variables[i])
        }
    }
}
