/// Composition (`allOf`): a struct with the properties of other structs before its own, each
/// resolved in the model that declares it, so it keeps that model's keys, strategies and
/// defaults.
extension Resolver {
    /// The struct `model` with its bases' properties, resolved once; nil when it has a problem
    /// (already reported).
    mutating func composedStructure(_ model: SpecDocument.Model) -> ResolvedAPI.Structure? {
        let name = model.name.value
        if let done = composedStructures[name] { return done }
        guard case .structure(let properties) = model.kind else { return nil }
        composing.insert(name)
        defer { composing.remove(name) }
        var own = resolveStructure(model, properties)
        var bases: [ResolvedAPI.Structure] = []
        var failed = false
        var depth = 0
        for base in model.allOf {
            guard let resolved = baseStructure(base, of: name) else {
                failed = true
                continue
            }
            bases.append(resolved)
            depth = max(depth, (compositionDepths[base.value] ?? 0) + 1)
        }
        compositionDepths[name] = depth
        if !model.allOf.isEmpty {
            if let merged = merge(bases, into: own, of: model) {
                own = merged
            } else {
                failed = true
            }
            var seen: Set<String> = []
            own.bases = bases.flatMap { [$0.name] + $0.bases }.filter { seen.insert($0).inserted }
        }
        let result: ResolvedAPI.Structure? = failed ? nil : own
        composedStructures[name] = .some(result)
        return result
    }

    static let maximumCompositionDepth = 64

    /// The base a composed model names: a struct model, not the model itself.
    private mutating func baseStructure(_ base: Located<String>, of model: String) -> ResolvedAPI.Structure? {
        guard let document = self.model(named: base.value) else {
            var message = "unknown model '\(base.value)' in the 'allOf' of model '\(model)'"
            if let hint = suggestion(for: base.value, among: self.document.models.map(\.name.value)) { message += "; \(hint)" }
            diagnostics.error(message, at: base.location)
            return nil
        }
        guard case .structure = document.kind else {
            diagnostics.error(
                "model '\(model)' can be composed of struct models only, and '\(base.value)' is \(modelKinds[base.value] == .union ? "a union" : "an enum")",
                at: base.location)
            return nil
        }
        if composing.contains(base.value) {
            diagnostics.error("model '\(model)' is composed of itself through '\(base.value)'", at: base.location)
            return nil
        }
        // Each base is resolved by a call inside this one: a chain thousands long would
        // overflow the stack. A chain resolved from its end first (bases listed before the
        // models composed of them) is as deep, and reported the same.
        let tooDeep = "model '\(model)' is composed through more than \(Self.maximumCompositionDepth) levels of 'allOf' (here '\(base.value)'), deeper than endpointgen follows"
        if composing.count >= Self.maximumCompositionDepth {
            diagnostics.error(tooDeep, at: base.location)
            return nil
        }
        let composed = composedStructure(document)
        if composed != nil, (compositionDepths[base.value] ?? 0) >= Self.maximumCompositionDepth {
            diagnostics.error(tooDeep, at: base.location)
            return nil
        }
        return composed
    }

    /// The bases' properties in `allOf` order, then the model's own. A property that two of
    /// them declare with the same JSON key is kept once when it is the same (type and Swift
    /// name); otherwise it is an error naming both places.
    private mutating func merge(_ bases: [ResolvedAPI.Structure], into own: ResolvedAPI.Structure, of model: SpecDocument.Model) -> ResolvedAPI.Structure? {
        var merged = own
        merged.properties = []
        var byKey: [String: ResolvedAPI.Property] = [:]
        var bySwiftName: [String: ResolvedAPI.Property] = [:]
        var failed = false
        func place(_ property: ResolvedAPI.Property) -> String {
            guard let origin = property.origin else { return "'\(property.key)'" }
            return "in '\(origin.model)' (line \(origin.location.line), column \(origin.location.column))"
        }
        var inherited = bases.flatMap(\.properties)
        if model.tolerant {
            // A tolerant model decodes every property with `try?`: one without a default must be
            // optional, as its own properties are.
            for index in inherited.indices where inherited[index].defaultValue == nil {
                if case .optional = inherited[index].type {} else { inherited[index].type = .optional(inherited[index].type) }
            }
        }
        for property in inherited + own.properties {
            if let first = byKey[property.key] {
                if first.type == property.type && first.swiftName == property.swiftName && first.isNullable == property.isNullable {
                    // Kept once only when it decodes the same: a default, date strategy or
                    // pruning the other has not would be lost.
                    let differences = [
                        first.defaultValue != property.defaultValue ? "defaults (\(first.defaultValue ?? "none") and \(property.defaultValue ?? "none"))" : nil,
                        first.dateStrategy != property.dateStrategy ? "date strategies" : nil,
                        first.prunesArray != property.prunesArray ? "array strategies" : nil,
                        first.isRequired != property.isRequired ? "'required' (one sends null for nil, the other leaves the key out)" : nil,
                    ].compactMap { $0 }
                    if let difference = differences.first {
                        diagnostics.error(
                            "model '\(model.name.value)' gets the property '\(property.swiftName)' twice, \(place(first)) and \(place(property)), with different \(difference); give them one",
                            at: property.origin?.location ?? model.name.location)
                        failed = true
                    }
                    continue
                }
                let message = first.swiftType == property.swiftType
                    ? "for the properties '\(first.swiftName)' \(place(first)) and '\(property.swiftName)' \(place(property)); give them one name"
                    : "as \(first.swiftType) \(place(first)) and as \(property.swiftType) \(place(property)); give them one type"
                diagnostics.error(
                    "model '\(model.name.value)' gets the JSON key '\(property.key)' twice, \(message)",
                    at: property.origin?.location ?? model.name.location)
                failed = true
                continue
            }
            if let first = bySwiftName[property.swiftName] {
                diagnostics.error(
                    "model '\(model.name.value)' gets the property '\(property.swiftName)' twice, for the JSON keys '\(first.key)' \(place(first)) and '\(property.key)' \(place(property))",
                    at: property.origin?.location ?? model.name.location)
                failed = true
                continue
            }
            byKey[property.key] = property
            bySwiftName[property.swiftName] = property
            merged.properties.append(property)
        }
        // Additional properties: the model's own, or the one its bases agree on.
        if merged.additionalProperties == nil {
            let inherited = bases.compactMap(\.additionalProperties)
            if let first = inherited.first {
                if inherited.contains(where: { $0 != first }) {
                    diagnostics.error(
                        "the bases of model '\(model.name.value)' keep additional properties of different types; declare 'additionalProperties' on the model",
                        at: model.name.location)
                    failed = true
                }
                merged.additionalProperties = first
            }
        }
        if let extra = merged.additionalProperties, bySwiftName[extra.swiftName] != nil {
            diagnostics.error(
                "a property of model '\(model.name.value)' becomes 'additionalProperties', the property that holds the keys it does not declare; rename it",
                at: model.name.location)
            failed = true
        }
        return failed ? nil : merged
    }
}
