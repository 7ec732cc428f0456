import Foundation
import Cassowary
import PropertyBased
import TestSupport

/// Random constraint systems and call sequences for the solver's property tests.
///
/// Systems are built around a hidden point `x*`: a *consistent* required
/// constraint holds at `x*` (equalities exactly, inequalities with a slack
/// that is often 0, so vertices are degenerate), so the consistent required
/// part is always feasible. Infeasibility is made on purpose and by a clear
/// margin: a *conflict* takes a non-negative combination `E` of consistent
/// required constraints (which is `>= 0` wherever they hold) and requires
/// `E <= −δ` or `E == −δ` with `δ >= 1`, so no conflict is marginal. A few
/// *wild* required constraints, unrelated to `x*`, add infeasibility nobody
/// planned; the property tests classify those whose margin is too small to
/// call. Soft constraints pull towards points near `x*` at three to five
/// priority levels, so the levels conflict with each other.
///
/// Coefficients mix small integers, fractions and values up to 1e3. Sizes are
/// skewed small (most bugs show on small systems, and small systems run fast)
/// but reach 60 variables.
public enum ScenarioGenerator {
    /// The knobs of one kind of scenario.
    public struct Profile: Sendable {
        /// Scenarios with a checkpoint after every operation, mixing removes
        /// and edits with adds (property 3), instead of all adds first.
        public var incremental: Bool
        /// Probability that a system contains conflicts.
        public var conflictRate: Double
        /// Probability that a system contains wild required constraints.
        public var wildRate: Double
        /// Where coefficients and shapes come from.
        public var domain: Domain = .mixed

        /// The numbers of a scenario (Docs/Solver.md, "Precision").
        public enum Domain: Sendable {
            /// Small integers, fractions and integers up to 1e3: the fixed
            /// seeds of properties 1 to 4 and their regressions.
            case mixed
            /// What cells declare: coefficients from small integers, halves,
            /// thirds, quarters and aspect ratios, rows over neighbouring
            /// views (chains, stacks, grids). Every result must match GLPK.
            case layout
            /// Coefficients across 1e-6...1e6, dense rows, and rows that are
            /// near copies of others (near-singular bases). Every result must
            /// match GLPK or be `.illConditioned`.
            case hostile
        }

        /// Whole systems: adds, then edit variables and suggestion rounds.
        public static let systems = Profile(incremental: false, conflictRate: 0.35, wildRate: 0.15)
        /// Interleaved adds, removes, edits and suggestions, checked after every step.
        public static let sequences = Profile(incremental: true, conflictRate: 0.3, wildRate: 0.1)
    }

    /// A PropertyBased generator of scenarios with ``ScenarioShrinker`` as its shrinker.
    public static func generator(_ profile: Profile) -> Generator<Scenario, [Scenario]> {
        Generator(
            run: { rng in scenario(profile, using: &rng) },
            shrink: { ScenarioShrinker.candidates($0) })
    }

    /// The scenario a seed stands for: the same seed gives the same scenario
    /// in every process.
    public static func scenario(_ profile: Profile, seed: UInt64) -> Scenario {
        var rng = seededGenerator(seed)
        return generator(profile).run(using: &rng)
    }

    /// A `Xoshiro` generator whose 256-bit state is expanded from `seed` with SplitMix64.
    public static func seededGenerator(_ seed: UInt64) -> Xoshiro {
        seededXoshiro(seed)
    }

    // MARK: - Building

    /// A scenario for `profile`.
    public static func scenario(_ profile: Profile, using rng: inout some RandomNumberGenerator) -> Scenario {
        var builder = Builder(profile: profile, rng: rng)
        let result = builder.build()
        rng = builder.rng
        return result
    }

    /// Soft priorities to draw levels from: Auto Layout's named ones, their
    /// neighbours (251 against 250 is how labels hug), and the extremes.
    static let softPriorityPool: [Priority] = [999, 750, 500, 251, 250, 100, 50, 10, 2, 1]

    private struct Builder<RNG: RandomNumberGenerator> {
        let profile: Profile
        var rng: RNG
        var variableCount = 0
        var hiddenPoint: [Double] = []
        var softLevels: [Priority] = []
        var operations: [Operation] = []
        var nextID = 0
        /// Consistent required constraints: the bases of conflicts.
        var consistent: [ConstraintSpec] = []
        /// Ids of constraints added and not yet removed by the generator.
        var live: [Int] = []
        var edits: [Int] = []

        init(profile: Profile, rng: RNG) {
            self.profile = profile
            self.rng = rng
        }

        mutating func chance(_ probability: Double) -> Bool {
            Double.random(in: 0..<1, using: &rng) < probability
        }

        mutating func build() -> Scenario {
            let sizeRoll = Double.random(in: 0..<1, using: &rng)
            if profile.incremental {
                variableCount =
                    sizeRoll < 0.7 ? Int.random(in: 2...8, using: &rng) : Int.random(in: 9...30, using: &rng)
            } else if sizeRoll < 0.6 {
                variableCount = Int.random(in: 2...8, using: &rng)
            } else if sizeRoll < 0.88 {
                variableCount = Int.random(in: 9...24, using: &rng)
            } else {
                variableCount = Int.random(in: 25...60, using: &rng)
            }
            // Exact GLPK, which judges the hostile domain, takes minutes on
            // 60 variables with coefficients across 1e-6...1e6 (and its 20 s
            // per level runs out on a loaded machine): 16 at most there.
            if profile.domain == .hostile { variableCount = min(variableCount, 16) }
            hiddenPoint = (0..<variableCount).map { _ in hiddenValue() }
            softLevels = Array(
                ScenarioGenerator.softPriorityPool.shuffled(using: &rng).prefix(Int.random(in: 3...5, using: &rng)))

            let withConflicts = chance(profile.conflictRate)
            let withWild = chance(profile.wildRate)
            let requiredCount = Int.random(in: max(1, variableCount / 3)...max(1, variableCount), using: &rng)
            let softCount = Int.random(in: max(2, variableCount / 2)...(2 * variableCount + 2), using: &rng)
            let conflictCount = withConflicts ? Int.random(in: 1...3, using: &rng) : 0
            let wildCount = withWild ? Int.random(in: 1...2, using: &rng) : 0

            // Every soft level gets at least one constraint, so each system has
            // at least four levels with required.
            var kinds: [Kind] = softLevels.map { Kind.soft($0) }
            kinds += Array(repeating: .consistent, count: requiredCount)
            for _ in 0..<max(0, softCount - softLevels.count) {
                kinds.append(.soft(softLevels.randomElement(using: &rng) ?? .defaultLow))
            }
            kinds += Array(repeating: .wild, count: wildCount)
            kinds.shuffle(using: &rng)
            // Conflicts go in the second half, after most of their bases.
            for _ in 0..<conflictCount {
                let position = Int.random(in: (kinds.count / 2)...kinds.count, using: &rng)
                kinds.insert(.conflict, at: position)
            }

            if profile.incremental {
                buildSequence(kinds)
            } else {
                buildSystem(kinds)
            }
            return Scenario(variableCount: variableCount, operations: operations)
        }

        enum Kind { case consistent, conflict, wild, soft(Priority) }

        mutating func buildSystem(_ kinds: [Kind]) {
            for kind in kinds { add(kind) }
            operations.append(.check)
            guard chance(0.7) else { return }
            let editCount = Int.random(in: 1...min(3, variableCount), using: &rng)
            edits = Array((0..<variableCount).shuffled(using: &rng).prefix(editCount))
            for variable in edits { operations.append(.addEdit(variable: variable, priority: editPriority())) }
            operations.append(.check)
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                for variable in edits where chance(0.85) {
                    operations.append(.suggest(variable: variable, value: suggestion(for: variable)))
                }
                operations.append(.check)
            }
        }

        mutating func buildSequence(_ kinds: [Kind]) {
            var pending = kinds[...]
            // Fewer adds than a whole system: each step is checked against GLPK.
            let steps = min(kinds.count + 8, Int.random(in: 6...40, using: &rng))
            for _ in 0..<steps {
                let roll = Double.random(in: 0..<1, using: &rng)
                if roll < 0.6, let kind = pending.popFirst() {
                    add(kind)
                } else if roll < 0.72, !live.isEmpty {
                    let index = Int.random(in: 0..<live.count, using: &rng)
                    operations.append(.remove(id: live.remove(at: index)))
                } else if roll < 0.8, edits.count < 4 {
                    let free = (0..<variableCount).filter { !edits.contains($0) }
                    if let variable = free.randomElement(using: &rng) {
                        edits.append(variable)
                        operations.append(.addEdit(variable: variable, priority: editPriority()))
                    }
                } else if roll < 0.84, !edits.isEmpty {
                    let index = Int.random(in: 0..<edits.count, using: &rng)
                    operations.append(.removeEdit(variable: edits.remove(at: index)))
                } else if roll < 0.98, let variable = edits.randomElement(using: &rng) {
                    operations.append(.suggest(variable: variable, value: suggestion(for: variable)))
                } else if let variable = (0..<variableCount).randomElement(using: &rng) {
                    // A misuse the solver must reject without changing: a
                    // duplicate edit, or a remove of an unknown edit variable.
                    operations.append(
                        edits.contains(variable)
                            ? .addEdit(variable: variable, priority: editPriority())
                            : .removeEdit(variable: variable))
                } else {
                    continue
                }
                operations.append(.check)
            }
        }

        mutating func add(_ kind: Kind) {
            let spec: ConstraintSpec
            switch kind {
            case .consistent:
                spec = consistentRequired()
                consistent.append(spec)
            case .conflict:
                spec = conflict() ?? consistentRequired()
            case .wild:
                spec = wildRequired()
            case .soft(let priority):
                spec = soft(priority)
            }
            operations.append(.add(id: nextID, spec))
            live.append(nextID)
            nextID += 1
        }

        // MARK: Numbers

        mutating func hiddenValue() -> Double {
            chance(0.8) ? Double(Int.random(in: -50...200, using: &rng)) : Double(Int.random(in: -400...800, using: &rng)) / 4
        }

        /// One of `values`, which must not be empty.
        mutating func pick(_ values: [Double]) -> Double {
            values[Int.random(in: 0..<values.count, using: &rng)]
        }

        mutating func coefficient() -> Double {
            let sign: Double = chance(0.5) ? 1 : -1
            let roll = Double.random(in: 0..<1, using: &rng)
            switch profile.domain {
            case .mixed: break
            case .layout:
                let layout: [Double] = [1, 1, 1, 1, 1, 2, 3, 4, 0.5, 1.0 / 3, 2.0 / 3, 0.25, 0.75, 1.5, 16.0 / 9, 9.0 / 16, 4.0 / 3, 0.75]
                return sign * pick(layout)
            case .hostile:
                if roll < 0.6 { return sign * pow(10, Double.random(in: -6...6, using: &rng)) }
            }
            if roll < 0.55 {
                return sign * pick([1, 1, 1, 2, 3, 4, 5])
            } else if roll < 0.72 {
                let fractions: [Double] = [0.5, 0.25, 0.75, 1.5, 2.5, 1.0 / 3, 2.0 / 3, 0.1, 0.2, 0.125]
                return sign * pick(fractions)
            } else if roll < 0.87 {
                return sign * Double(Int.random(in: 6...100, using: &rng))
            } else {
                return sign * Double(Int.random(in: 100...1000, using: &rng))
            }
        }

        /// 1 to 4 distinct variables, usually near each other (as in a
        /// layout, where a view's anchors relate to its neighbours').
        mutating func terms() -> [TermSpec] {
            let most = profile.domain == .hostile && chance(0.3) ? 12 : profile.domain == .layout ? 3 : 4
            let count = min(variableCount, Int.random(in: 1...most, using: &rng))
            let anchor = Int.random(in: 0..<variableCount, using: &rng)
            var chosen = [anchor]
            while chosen.count < count {
                let candidate =
                    chance(0.7)
                    ? min(variableCount - 1, max(0, anchor + Int.random(in: -3...3, using: &rng)))
                    : Int.random(in: 0..<variableCount, using: &rng)
                if !chosen.contains(candidate) { chosen.append(candidate) }
            }
            return chosen.map { TermSpec($0, coefficient()) }
        }

        func value(of terms: [TermSpec]) -> Double {
            terms.reduce(0) { $0 + $1.coefficient * hiddenPoint[$1.variable] }
        }

        // MARK: Constraints

        mutating func consistentRequired() -> ConstraintSpec {
            var terms = terms()
            if profile.domain == .hostile, chance(0.2), let base = consistent.randomElement(using: &rng) {
                // A near copy of an earlier row: the basis that holds both is
                // nearly singular.
                terms = base.terms
                let i = Int.random(in: 0..<terms.count, using: &rng)
                terms[i] = TermSpec(terms[i].variable, terms[i].coefficient * (1 + pow(10, Double.random(in: -12 ... -6, using: &rng))))
            }
            let atHidden = value(of: terms)
            let roll = Double.random(in: 0..<1, using: &rng)
            if roll < 0.4 {
                return ConstraintSpec(terms, constant: -atHidden, .equal)
            }
            let slack = chance(0.4) ? 0 : Double(Int.random(in: 1...20, using: &rng))
            return roll < 0.7
                ? ConstraintSpec(terms, constant: slack - atHidden, .greaterThanOrEqual)
                : ConstraintSpec(terms, constant: -slack - atHidden, .lessThanOrEqual)
        }

        /// `E <= −δ` or `E == −δ` for `E = Σ λᵢ Eᵢ >= 0` wherever the chosen
        /// consistent constraints hold; `nil` if there are none yet.
        mutating func conflict() -> ConstraintSpec? {
            guard !consistent.isEmpty else { return nil }
            var combined: [Int: Double] = [:]
            var order: [Int] = []
            var constant = 0.0
            for _ in 0..<(chance(0.5) ? 1 : 2) {
                guard let base = consistent.randomElement(using: &rng) else { break }
                let magnitude = pick([1, 1, 2, 0.5, 3])
                // Orient each base so that λ·Eᵢ >= 0 where it holds.
                let lambda: Double
                switch base.relation {
                case .equal: lambda = chance(0.5) ? magnitude : -magnitude
                case .greaterThanOrEqual: lambda = magnitude
                case .lessThanOrEqual: lambda = -magnitude
                }
                for term in base.terms {
                    if combined[term.variable] == nil { order.append(term.variable) }
                    combined[term.variable, default: 0] += lambda * term.coefficient
                }
                constant += lambda * base.constant
            }
            let delta = pick([1, 2, 5, 10, 100])
            let terms = order.compactMap { variable in
                combined[variable].flatMap { $0 == 0 ? nil : TermSpec(variable, $0) }
            }
            // E + δ <= 0, or E + δ == 0, or the same negated as >=.
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: return ConstraintSpec(terms, constant: constant + delta, .lessThanOrEqual)
            case 1: return ConstraintSpec(terms, constant: constant + delta, .equal)
            default:
                return ConstraintSpec(
                    terms.map { TermSpec($0.variable, -$0.coefficient) }, constant: -constant - delta,
                    .greaterThanOrEqual)
            }
        }

        mutating func wildRequired() -> ConstraintSpec {
            let terms = terms()
            let constant = Double(Int.random(in: -2000...2000, using: &rng))
            let relation = Relation.allCases.randomElement(using: &rng) ?? .equal
            return ConstraintSpec(terms, constant: constant, relation)
        }

        mutating func soft(_ priority: Priority) -> ConstraintSpec {
            let terms = terms()
            let atHidden = value(of: terms)
            let roll = Double.random(in: 0..<1, using: &rng)
            let offset: Double =
                roll < 0.25 ? 0 : roll < 0.8 ? Double(Int.random(in: -50...50, using: &rng)) : Double(Int.random(in: -5000...5000, using: &rng)) / 4
            let relation = Relation.allCases.randomElement(using: &rng) ?? .equal
            let weight = pick([1, 1, 1, 1, 2, 0.5, 10])
            return ConstraintSpec(terms, constant: offset - atHidden, relation, priority: priority, weight: weight)
        }

        mutating func editPriority() -> Priority {
            chance(0.7)
                ? softLevels.randomElement(using: &rng) ?? .defaultHigh
                : ScenarioGenerator.softPriorityPool.randomElement(using: &rng) ?? .defaultHigh
        }

        mutating func suggestion(for variable: Int) -> Double {
            let base = hiddenPoint[variable]
            return chance(0.7)
                ? base + Double(Int.random(in: -30...30, using: &rng))
                : Double(Int.random(in: -4000...4000, using: &rng)) / 8
        }
    }
}
