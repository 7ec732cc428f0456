import Cassowary

/// A validated constraint system, flattened into rows over numbered columns,
/// ready to hand to GLPK. Pure Swift: nothing here touches C.
///
/// Columns `0..<variables.count` are the system's variables (free);
/// the following columns are error variables (bounded below by 0), appended
/// row by row. Column and row numbers here are 0-based; ``GLPKSolver`` adds 1.
struct LinearSystem {
    /// One soft or required equation `Σ aⱼxⱼ + const OP 0` with its level.
    struct Equation {
        var columns: [Int]
        var coefficients: [Double]
        var constant: Double
        var relation: Relation
        var level: Int
        var weight: Double
    }

    let variables: [Variable]
    let equations: [Equation]
    /// Priorities, highest first; `.required` is level 0 even when no constraint uses it.
    let levels: [Priority]
    /// The largest absolute coefficient or constant among the required
    /// equations, which sets the scale of the feasibility threshold.
    let requiredMagnitude: Double

    init(constraints: [Constraint], edits: [LPCheck.Edit]) throws(LPCheckError) {
        var variables: [Variable] = []
        var columnOf: [ObjectIdentifier: Int] = [:]
        func column(_ variable: Variable) -> Int {
            if let index = columnOf[variable.id] { return index }
            columnOf[variable.id] = variables.count
            variables.append(variable)
            return variables.count - 1
        }

        var priorities: Set<Priority> = [.required]
        for constraint in constraints {
            try Self.validate(constraint)
            try Self.checkRange(constraint)
            priorities.insert(constraint.priority)
        }
        var edited: Set<ObjectIdentifier> = []
        for edit in edits {
            guard edit.value.isFinite else {
                throw LPCheckError(
                    .nonFiniteValue, variable: edit.variable,
                    message: "The suggestion \(edit.value) for \(edit.variable) is not finite.")
            }
            guard edit.priority.isValid else {
                throw LPCheckError(
                    .invalidArgument, variable: edit.variable,
                    message: "The edit priority \(edit.priority) of \(edit.variable) is not in (0, 1000].")
            }
            guard edit.value == 0 || abs(edit.value) <= LPCheck.numberRange.upperBound else {
                throw LPCheckError(
                    .outOfRange, variable: edit.variable,
                    message: "The suggestion \(edit.value) for \(edit.variable) is outside GLPK's range, "
                        + "magnitudes up to \(LPCheck.numberRange.upperBound).")
            }
            guard edited.insert(edit.variable.id).inserted else {
                throw LPCheckError(
                    .duplicateEditVariable, variable: edit.variable,
                    message: "\(edit.variable) has more than one suggestion.")
            }
            priorities.insert(edit.priority)
        }
        let levels = priorities.sorted(by: >)
        var levelOf: [Priority: Int] = [:]
        for (index, priority) in levels.enumerated() { levelOf[priority] = index }

        var equations: [Equation] = []
        var requiredMagnitude = 0.0
        for constraint in constraints {
            // Merge repeated variables: GLPK aborts on a duplicate column index in a row.
            var columns: [Int] = []
            var coefficients: [Double] = []
            var slot: [Int: Int] = [:]
            for term in constraint.expression.terms {
                let index = column(term.variable)
                if let existing = slot[index] {
                    coefficients[existing] += term.coefficient
                } else {
                    slot[index] = columns.count
                    columns.append(index)
                    coefficients.append(term.coefficient)
                }
            }
            let level = levelOf[constraint.priority] ?? 0
            if constraint.priority.isRequired {
                requiredMagnitude = max(requiredMagnitude, abs(constraint.expression.constant))
                for coefficient in coefficients { requiredMagnitude = max(requiredMagnitude, abs(coefficient)) }
            }
            equations.append(
                Equation(
                    columns: columns, coefficients: coefficients,
                    constant: constraint.expression.constant, relation: constraint.relation,
                    level: level, weight: constraint.priority.isRequired ? 1 : constraint.weight))
        }
        for edit in edits {
            equations.append(
                Equation(
                    columns: [column(edit.variable)], coefficients: [1], constant: -edit.value,
                    relation: .equal, level: levelOf[edit.priority] ?? 0, weight: 1))
        }
        self.variables = variables
        self.equations = equations
        self.levels = levels
        self.requiredMagnitude = requiredMagnitude
    }

    /// GLPK's automatic scaling aborts the process ("invalid scale factor") on
    /// magnitudes near the ends of double's range — 1e200 and 1e-200 did, 1e120
    /// and 1e-120 did not, alone or together in one row — so numbers outside
    /// ``LPCheck/numberRange`` are refused before GLPK sees them.
    private static func checkRange(_ constraint: Constraint) throws(LPCheckError) {
        let range = LPCheck.numberRange
        func inRange(_ x: Double) -> Bool { x == 0 || range.contains(abs(x)) }
        for term in constraint.expression.terms where !inRange(term.coefficient) {
            throw LPCheckError(
                .outOfRange, constraint: constraint,
                message: "The coefficient \(term.coefficient) of \(term.variable) in \(constraint) is outside GLPK's range "
                    + "(magnitudes \(range.lowerBound) to \(range.upperBound), or 0).")
        }
        let constant = constraint.expression.constant
        guard constant == 0 || abs(constant) <= range.upperBound else {
            throw LPCheckError(
                .outOfRange, constraint: constraint,
                message: "The constant \(constant) of \(constraint) is beyond GLPK's range (magnitudes up to \(range.upperBound)).")
        }
        guard constraint.priority.isRequired || inRange(constraint.weight) else {
            throw LPCheckError(
                .outOfRange, constraint: constraint,
                message: "The weight \(constraint.weight) of \(constraint) is outside GLPK's range "
                    + "(\(range.lowerBound) to \(range.upperBound)).")
        }
    }

    /// The solver's own check of a constraint's numbers, reported as an LPCheck error.
    private static func validate(_ constraint: Constraint) throws(LPCheckError) {
        do {
            try constraint.validate()
        } catch {
            let code: LPCheckError.Code = error.code == .nonFiniteValue ? .nonFiniteValue : .invalidArgument
            throw LPCheckError(code, constraint: constraint, message: error.message)
        }
    }

    /// The rows and level objectives of the elastic linear program.
    func program() -> LinearProgram {
        var rows: [LinearProgram.Row] = []
        var objectives = Array(repeating: [(column: Int, weight: Double)](), count: levels.count)
        var nextColumn = variables.count
        rows.reserveCapacity(equations.count)
        for equation in equations {
            var columns = equation.columns
            var coefficients = equation.coefficients
            // Drop exact zeros: they carry no information, and GLPK stores none.
            var index = 0
            while index < columns.count {
                if coefficients[index] == 0 {
                    columns.remove(at: index)
                    coefficients.remove(at: index)
                } else {
                    index += 1
                }
            }
            // Error variables: e + e⁻ − e⁺ == 0; e + e⁻ >= 0; e − e⁺ <= 0.
            switch equation.relation {
            case .equal:
                columns.append(nextColumn)
                coefficients.append(1)
                columns.append(nextColumn + 1)
                coefficients.append(-1)
                objectives[equation.level].append((nextColumn, equation.weight))
                objectives[equation.level].append((nextColumn + 1, equation.weight))
                nextColumn += 2
            case .greaterThanOrEqual:
                columns.append(nextColumn)
                coefficients.append(1)
                objectives[equation.level].append((nextColumn, equation.weight))
                nextColumn += 1
            case .lessThanOrEqual:
                columns.append(nextColumn)
                coefficients.append(-1)
                objectives[equation.level].append((nextColumn, equation.weight))
                nextColumn += 1
            }
            rows.append(
                LinearProgram.Row(
                    columns: columns, coefficients: coefficients, relation: equation.relation,
                    rightHandSide: -equation.constant))
        }
        return LinearProgram(
            freeColumns: variables.count, errorColumns: nextColumn - variables.count,
            rows: rows, objectives: objectives)
    }
}

/// `Σ aⱼxⱼ OP rhs` rows over free columns and non-negative error columns,
/// with one objective (a weighted sum of error columns) per level.
struct LinearProgram {
    struct Row {
        var columns: [Int]
        var coefficients: [Double]
        var relation: Relation
        var rightHandSide: Double
    }

    var freeColumns: Int
    var errorColumns: Int
    var rows: [Row]
    var objectives: [[(column: Int, weight: Double)]]

    var columnCount: Int { freeColumns + errorColumns }
}
