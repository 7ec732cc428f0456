import Cassowary

/// Turns a conflict among required constraints into a ``CellLayoutError`` that
/// names the views, the constraints and the lines they were written on.
enum Diagnosis {
    /// The error for `candidates` (required constraints, some subset of which
    /// cannot hold together), reduced to a minimal conflicting set.
    static func unsatisfiable(
        model: TemplateModel, collapsed: [Bool], candidates: [Constraint],
        origins: [ObjectIdentifier: ConstraintOrigin], width: Double?
    ) -> CellLayoutError {
        let core = Solver.minimalConflict(among: candidates) ?? candidates
        var viewOrder: [Int] = []
        var conflicts: [ConflictingConstraint] = []
        for constraint in core {
            guard let origin = origins[constraint.id] else {
                conflicts.append(ConflictingConstraint(
                    equation: constraint.description, views: [], declaration: nil, location: nil,
                    reason: "made by the engine"))
                continue
            }
            for v in origin.views where !viewOrder.contains(v) { viewOrder.append(v) }
            conflicts.append(ConflictingConstraint(
                equation: origin.equation,
                views: origin.views.map { model.views[$0].name },
                declaration: origin.declared.map { model.constraints[$0].declaration },
                location: origin.location,
                reason: origin.reason, declaredIndex: origin.declared))
        }
        let names = viewOrder.map { model.views[$0].name }
        var message = "template '\(model.name)' cannot be laid out"
        if let width { message += " at width \(width.layoutText)" }
        let gone = model.views.indices.filter { collapsed[$0] }.map { "'\(model.views[$0].name)'" }
        if !gone.isEmpty { message += " with \(gone.joined(separator: ", ")) collapsed" }
        message += ": these required constraints conflict (views \(names.map { "'\($0)'" }.joined(separator: ", ")))"
        return CellLayoutError(.unsatisfiable, message, views: names, conflicts: conflicts)
    }
}
