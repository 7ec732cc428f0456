import Cassowary
import JSONSupport

/// Reads a `cassowary-workload/1` document straight into a ``Workload``,
/// checking the format as it goes.
///
/// Names are interned as *symbols* in order of first appearance, wherever
/// they appear, so the top-level keys may come in any order: `"variables"`
/// after `"constraints"` works. Constraints, rounds and expectations are built
/// with symbol numbers and renumbered to variable indices at the end, when
/// it is known which symbols `"variables"` declared. For the errors found only
/// then (an unknown variable, a round naming a variable that is not an edit
/// variable) the parser keeps the offset and path of each use it may have to
/// report.
struct WorkloadParser {
    private var scanner: WorkloadScanner

    // MARK: Symbols

    private var symbolOfName: [String: Int] = [:]
    private var symbolNames: [String] = []
    /// The variable index of each symbol; -1 until `"variables"` lists it.
    private var variableOfSymbol: [Int] = []
    /// Where a symbol was first used, when that was not in `"variables"`;
    /// reported if it turns out never to be listed.
    private var firstUse: [Int: (offset: Int, path: [PathComponent])] = [:]
    /// The edit index of each symbol; -1 when it is not an edit variable.
    private var editOfSymbol: [Int] = []
    /// Marks, per symbol, the last object (round or expectation) that named it,
    /// to find a key repeated within one object in O(1).
    private var seenInObject: [Int] = []
    private var objectSerial = 0

    // MARK: What has been read

    private var format: String?
    private var name: String?
    private var description: String?
    private var variableSymbols: [Int]?
    private var constraints: [Workload.Constraint]?
    private var edits: [Workload.Edit] = []
    private var editOffsets: [Int] = []
    private var rounds: [[Workload.Assignment]] = []
    private var roundOffsets: [[Int]] = []
    private var expect: [[Workload.Assignment]]?
    private var expectOffsets: [[Int]] = []
    private var expectIsSingleObject = false
    private var expectOffset = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        scanner = WorkloadScanner(bytes)
    }

    /// Parses `bytes` (UTF-8 JSON) into a workload.
    ///
    /// - Parameters:
    ///   - defaultName: The name to use when the document has no `"name"`.
    ///   - file: Attributed to errors.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, defaultName: String, file: String?) throws(WorkloadError) -> Workload {
        var parser = WorkloadParser(bytes)
        do throws(ParseFailure) {
            return try parser.parseDocument(defaultName: defaultName)
        } catch {
            let (line, column) = lineAndColumn(of: error.offset, in: bytes)
            throw WorkloadError(
                error.code, file: file, line: line, column: column,
                path: PathComponent.render(error.reversedPath.reversed()), message: error.message)
        }
    }

    private mutating func symbol(for name: String) -> Int {
        if let symbol = symbolOfName[name] { return symbol }
        let symbol = symbolNames.count
        symbolOfName[name] = symbol
        symbolNames.append(name)
        variableOfSymbol.append(-1)
        editOfSymbol.append(-1)
        seenInObject.append(-1)
        return symbol
    }

    /// Interns a name used outside `"variables"`, remembering where for an unknown-variable error.
    private mutating func use(_ name: String, at offset: Int, path: @autoclosure () -> [PathComponent]) -> Int {
        let symbol = symbol(for: name)
        if variableOfSymbol[symbol] < 0, firstUse[symbol] == nil {
            firstUse[symbol] = (offset, path())
        }
        return symbol
    }

    // MARK: Document

    private mutating func parseDocument(defaultName: String) throws(ParseFailure) -> Workload {
        let start = scanner.index
        try scanner.beginObject()
        var first = true
        var seenKeys = Set<String>()
        while let (key, keyOffset) = try scanner.nextKey(first: &first) {
            // Unknown top-level keys are metadata (a generator's seed, say) and
            // are skipped; inside constraints and edits unknown keys are errors,
            // because there they are typos of keys that change the meaning.
            if Self.documentKeys.contains(key), !seenKeys.insert(key).inserted {
                throw ParseFailure(.schema, at: keyOffset, Rules.duplicateKey(key))
            }
            do throws(ParseFailure) {
                switch key {
                case "format":
                    let offset = valueOffset()
                    let value = try scanner.readString()
                    guard value == Workload.formatIdentifier else {
                        throw ParseFailure(
                            .invalidValue, at: offset,
                            "unsupported format \(Rules.quoted(value)); expected \(Rules.quoted(Workload.formatIdentifier))")
                    }
                    format = value
                case "name": name = try scanner.readString()
                case "description": description = try scanner.readString()
                case "variables": try parseVariables()
                case "constraints": try parseConstraints()
                case "edits": try parseEdits()
                case "rounds": try parseRounds()
                case "expect": try parseExpect()
                default: try scanner.skipValue(depth: 1)
                }
            } catch {
                throw error.within(.key(key))
            }
        }
        try scanner.expectEnd()

        for key in ["format", "variables", "constraints"] where !seenKeys.contains(key) {
            throw ParseFailure(.schema, at: start, "missing key \(Rules.quoted(key))")
        }
        return try resolve(defaultName: defaultName)
    }

    private static let documentKeys: Set<String> = [
        "format", "name", "description", "variables", "constraints", "edits", "rounds", "expect",
    ]

    private mutating func valueOffset() -> Int {
        scanner.skipWhitespace()
        return scanner.index
    }

    // MARK: Variables

    private mutating func parseVariables() throws(ParseFailure) {
        try scanner.beginArray()
        var symbols: [Int] = []
        var first = true
        while try scanner.nextElement(first: &first) {
            let index = symbols.count
            let offset = scanner.index
            let name: String
            do throws(ParseFailure) {
                name = try scanner.readString()
            } catch {
                throw error.within(.index(index))
            }
            let symbol = symbol(for: name)
            let earlier = variableOfSymbol[symbol]
            if earlier >= 0 {
                throw ParseFailure(.duplicateVariable, at: offset, Rules.duplicateVariable(name, earlier: earlier), path: [.index(index)])
            }
            variableOfSymbol[symbol] = index
            symbols.append(symbol)
        }
        variableSymbols = symbols
    }

    // MARK: Constraints

    private mutating func parseConstraints() throws(ParseFailure) {
        try scanner.beginArray()
        var list: [Workload.Constraint] = []
        var first = true
        while try scanner.nextElement(first: &first) {
            let index = list.count
            do throws(ParseFailure) {
                list.append(try parseConstraint(index))
            } catch {
                throw error.within(.index(index))
            }
        }
        constraints = list
    }

    private mutating func parseConstraint(_ index: Int) throws(ParseFailure) -> Workload.Constraint {
        let start = scanner.index
        try scanner.beginObject()
        var terms: [Workload.Term]?
        var constant = 0.0
        var relation: Relation?
        var priority: Priority?
        var weight = 1.0
        var seen: UInt8 = 0
        var first = true
        while let (key, keyOffset) = try scanner.nextKey(first: &first) {
            let bit: UInt8
            switch key {
            case "terms": bit = 1
            case "constant": bit = 2
            case "op": bit = 4
            case "strength": bit = 8
            case "weight": bit = 16
            default:
                throw ParseFailure(
                    .schema, at: keyOffset,
                    "unknown key \(Rules.quoted(key)); a constraint has \"terms\", \"constant\", \"op\", \"strength\" and \"weight\"")
            }
            guard seen & bit == 0 else { throw ParseFailure(.schema, at: keyOffset, Rules.duplicateKey(key)) }
            seen |= bit
            do throws(ParseFailure) {
                switch bit {
                case 1: terms = try parseTerms(constraint: index)
                case 2: constant = try scanner.readNumber()
                case 4: relation = try parseRelation()
                case 8: priority = try parseStrength(isEdit: false)
                default:
                    let offset = valueOffset()
                    weight = try scanner.readNumber()
                    if let problem = Rules.weightProblem(weight) {
                        throw ParseFailure(.invalidValue, at: offset, problem)
                    }
                }
            } catch {
                throw error.within(.key(key))
            }
        }
        guard let terms else { throw ParseFailure(.schema, at: start, "missing key \"terms\"") }
        guard let relation else { throw ParseFailure(.schema, at: start, "missing key \"op\"") }
        guard let priority else { throw ParseFailure(.schema, at: start, "missing key \"strength\"") }
        return Workload.Constraint(terms: terms, constant: constant, relation: relation, priority: priority, weight: weight)
    }

    private mutating func parseTerms(constraint: Int) throws(ParseFailure) -> [Workload.Term] {
        try scanner.beginArray()
        var terms: [Workload.Term] = []
        var first = true
        while try scanner.nextElement(first: &first) {
            let index = terms.count
            do throws(ParseFailure) {
                terms.append(try parseTerm(constraint: constraint, term: index))
            } catch {
                throw error.within(.index(index))
            }
        }
        return terms
    }

    /// `[coefficient, "variable"]`.
    private mutating func parseTerm(constraint: Int, term: Int) throws(ParseFailure) -> Workload.Term {
        let start = scanner.index
        guard scanner.peek() == UInt8(ascii: "[") else {
            throw scanner.typeMismatch(expected: "a term [coefficient, \"variable\"]")
        }
        try scanner.beginArray()
        var first = true
        func shapeError() -> ParseFailure {
            ParseFailure(.schema, at: start, "a term must be a pair [coefficient, \"variable\"]")
        }
        guard try scanner.nextElement(first: &first) else { throw shapeError() }
        let coefficient: Double
        do { coefficient = try scanner.readNumber() } catch { throw error.within(.index(0)) }
        guard try scanner.nextElement(first: &first) else { throw shapeError() }
        let nameOffset = scanner.index
        let name: String
        do { name = try scanner.readString() } catch { throw error.within(.index(1)) }
        guard try !scanner.nextElement(first: &first) else { throw shapeError() }
        let symbol = use(name, at: nameOffset, path: [.key("constraints"), .index(constraint), .key("terms"), .index(term)])
        return Workload.Term(coefficient, symbol)
    }

    private mutating func parseRelation() throws(ParseFailure) -> Relation {
        let offset = valueOffset()
        let op = try scanner.readString()
        switch op {
        case "==": return .equal
        case "<=": return .lessThanOrEqual
        case ">=": return .greaterThanOrEqual
        default: throw ParseFailure(.invalidValue, at: offset, Rules.unknownOp(op))
        }
    }

    /// A strength name or a priority number.
    private mutating func parseStrength(isEdit: Bool) throws(ParseFailure) -> Priority {
        let offset = valueOffset()
        let value: Double
        if scanner.peek() == UInt8(ascii: "\"") {
            let name = try scanner.readString()
            guard let named = Rules.namedPriority(name) else {
                throw ParseFailure(.invalidValue, at: offset, Rules.unknownStrength(name))
            }
            value = named
        } else if let byte = scanner.peek(), byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            value = try scanner.readNumber()
        } else {
            throw scanner.typeMismatch(expected: "a strength (\"required\", \"strong\", \"medium\", \"weak\" or a number)")
        }
        if let problem = isEdit ? Rules.editPriorityProblem(value) : Rules.priorityProblem(value) {
            throw ParseFailure(.invalidValue, at: offset, problem)
        }
        return Priority(Float(value))
    }

    // MARK: Edits

    private mutating func parseEdits() throws(ParseFailure) {
        try scanner.beginArray()
        var first = true
        while try scanner.nextElement(first: &first) {
            let index = edits.count
            do throws(ParseFailure) {
                try parseEdit(index)
            } catch {
                throw error.within(.index(index))
            }
        }
    }

    private mutating func parseEdit(_ index: Int) throws(ParseFailure) {
        let start = scanner.index
        try scanner.beginObject()
        var symbol: Int?
        var variableOffset = start
        // The default strength of kiwi's benchmark tools (shared/bench/kiwi_py.py).
        var priority = Priority.defaultHigh
        var seenVariable = false
        var seenStrength = false
        var first = true
        while let (key, keyOffset) = try scanner.nextKey(first: &first) {
            let isVariable = key == "variable"
            guard isVariable || key == "strength" else {
                throw ParseFailure(
                    .schema, at: keyOffset, "unknown key \(Rules.quoted(key)); an edit has \"variable\" and \"strength\"")
            }
            guard !(isVariable ? seenVariable : seenStrength) else {
                throw ParseFailure(.schema, at: keyOffset, Rules.duplicateKey(key))
            }
            do throws(ParseFailure) {
                if isVariable {
                    seenVariable = true
                    variableOffset = valueOffset()
                    let name = try scanner.readString()
                    symbol = use(name, at: variableOffset, path: [.key("edits"), .index(index), .key("variable")])
                } else {
                    seenStrength = true
                    priority = try parseStrength(isEdit: true)
                }
            } catch {
                throw error.within(.key(key))
            }
        }
        guard let symbol else { throw ParseFailure(.schema, at: start, "missing key \"variable\"") }
        let earlier = editOfSymbol[symbol]
        if earlier >= 0 {
            throw ParseFailure(
                .invalidValue, at: variableOffset, Rules.duplicateEdit(symbolNames[symbol], earlier: earlier),
                path: [.key("variable")])
        }
        editOfSymbol[symbol] = index
        edits.append(Workload.Edit(variable: symbol, priority: priority))
        editOffsets.append(variableOffset)
    }

    // MARK: Rounds and expectations

    private mutating func parseRounds() throws(ParseFailure) {
        try scanner.beginArray()
        var first = true
        while try scanner.nextElement(first: &first) {
            let index = rounds.count
            do throws(ParseFailure) {
                let (values, offsets) = try parseValues()
                rounds.append(values)
                roundOffsets.append(offsets)
            } catch {
                throw error.within(.index(index))
            }
        }
    }

    private mutating func parseExpect() throws(ParseFailure) {
        expectOffset = valueOffset()
        var lists: [[Workload.Assignment]] = []
        if scanner.peek() == UInt8(ascii: "{") {
            expectIsSingleObject = true
            let (values, offsets) = try parseValues()
            lists.append(values)
            expectOffsets.append(offsets)
        } else {
            guard scanner.peek() == UInt8(ascii: "[") else {
                throw scanner.typeMismatch(expected: "an array of objects (or one object when there are no rounds)")
            }
            try scanner.beginArray()
            var first = true
            while try scanner.nextElement(first: &first) {
                let index = lists.count
                do throws(ParseFailure) {
                    let (values, offsets) = try parseValues()
                    lists.append(values)
                    expectOffsets.append(offsets)
                } catch {
                    throw error.within(.index(index))
                }
            }
        }
        expect = lists
    }

    /// `{"variable": value, …}`, keeping the offset of each key.
    private mutating func parseValues() throws(ParseFailure) -> ([Workload.Assignment], [Int]) {
        try scanner.beginObject()
        objectSerial += 1
        var values: [Workload.Assignment] = []
        var offsets: [Int] = []
        var first = true
        while let (key, keyOffset) = try scanner.nextKey(first: &first) {
            // The path of the use is recorded relative to the document in
            // `resolve`, which knows which round or expectation it belongs to.
            let symbol = symbol(for: key)
            guard seenInObject[symbol] != objectSerial else {
                throw ParseFailure(.schema, at: keyOffset, Rules.duplicateKey(key))
            }
            seenInObject[symbol] = objectSerial
            let value: Double
            do { value = try scanner.readNumber() } catch { throw error.within(.key(key)) }
            values.append(Workload.Assignment(variable: symbol, value: value))
            offsets.append(keyOffset)
        }
        return (values, offsets)
    }

    // MARK: Resolution

    /// Renumbers symbols to variable indices and checks what needs the whole document.
    private mutating func resolve(defaultName: String) throws(ParseFailure) -> Workload {
        let variableSymbols = variableSymbols ?? []
        let variableNames = variableSymbols.map { symbolNames[$0] }

        // Unknown variables: report the earliest use in the file.
        var unknown: (offset: Int, path: [PathComponent], name: String)?
        func consider(_ symbol: Int, _ offset: Int, _ path: @autoclosure () -> [PathComponent]) {
            if variableOfSymbol[symbol] < 0, offset < (unknown?.offset ?? Int.max) {
                unknown = (offset, path(), symbolNames[symbol])
            }
        }
        for (symbol, use) in firstUse {
            consider(symbol, use.offset, use.path)
        }
        for (r, round) in rounds.enumerated() {
            for (k, assignment) in round.enumerated() {
                consider(assignment.variable, roundOffsets[r][k], [.key("rounds"), .index(r)])
            }
        }
        if let expect {
            for (r, list) in expect.enumerated() {
                for (k, assignment) in list.enumerated() {
                    consider(
                        assignment.variable, expectOffsets[r][k],
                        expectIsSingleObject ? [.key("expect")] : [.key("expect"), .index(r)])
                }
            }
        }
        if let unknown {
            throw ParseFailure(.unknownVariable, at: unknown.offset, Rules.unknownVariable(unknown.name), path: unknown.path)
        }

        // Rounds may only suggest values for edit variables.
        for (r, round) in rounds.enumerated() {
            for (k, assignment) in round.enumerated() where editOfSymbol[assignment.variable] < 0 {
                let name = symbolNames[assignment.variable]
                throw ParseFailure(
                    .invalidValue, at: roundOffsets[r][k], Rules.notAnEditVariable(name),
                    path: [.key("rounds"), .index(r), .key(name)])
            }
        }

        if let expect {
            let problem: String?
            if rounds.isEmpty {
                problem = expectIsSingleObject ? nil : Rules.expectCountProblem(lists: 0, rounds: 0)
            } else if expectIsSingleObject {
                problem = "\"expect\" must be an array with one object per round"
            } else {
                problem = Rules.expectCountProblem(lists: expect.count, rounds: rounds.count)
            }
            if let problem {
                throw ParseFailure(.expectMismatch, at: expectOffset, problem, path: [.key("expect")])
            }
        }

        // Take the constraints out of `self` so that renumbering mutates
        // uniquely referenced arrays instead of copying every term list.
        var constraints = self.constraints ?? []
        self.constraints = nil
        var rounds = self.rounds
        self.rounds = []
        var expect = self.expect
        self.expect = nil
        var edits = self.edits
        // When "variables" came first (as writers put it), every symbol already is its variable index.
        let isIdentity = variableSymbols.count == symbolNames.count
            && variableSymbols.enumerated().allSatisfy { $0.offset == $0.element }
        if !isIdentity {
            let map = variableOfSymbol
            for c in constraints.indices {
                for t in constraints[c].terms.indices {
                    constraints[c].terms[t].variable = map[constraints[c].terms[t].variable]
                }
            }
            for e in edits.indices { edits[e].variable = map[edits[e].variable] }
            func renumber(_ lists: inout [[Workload.Assignment]]) {
                for l in lists.indices {
                    for k in lists[l].indices { lists[l][k].variable = map[lists[l][k].variable] }
                }
            }
            renumber(&rounds)
            if var lists = expect {
                expect = nil
                renumber(&lists)
                expect = lists
            }
        }
        return Workload(
            unchecked: name ?? defaultName, description: description ?? "", variables: variableNames,
            constraints: constraints, edits: edits, rounds: rounds, expect: expect)
    }
}
