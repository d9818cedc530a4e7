extension Resolver {
    /// Which structs and unions conform to `Hashable`. A model is Hashable when its
    /// `"hashable"` says so, or else `defaults.hashable` does (false when neither is given:
    /// equality costs a struct about as much compile time as everything else it has, see
    /// Benchmarks/README.md). Swift's synthesised conformance needs every stored value Hashable
    /// too, so a Hashable model makes Hashable every model it holds, through arrays, dictionaries,
    /// optionals, additional properties and union members; a model held so that says
    /// `"hashable": false` is an error at that key. Enums are always Hashable.
    mutating func markHashableModels(_ models: inout [ResolvedAPI.Model]) {
        let settings = Dictionary(
            document.models.map { ($0.name.value, $0.hashable) }, uniquingKeysWith: { first, _ in first })
        let wantedByDefault = document.defaultHashable?.value ?? false
        var index: [String: Int] = [:]
        for (position, model) in models.enumerated() { index[model.name] = position }

        var hashable = Set<String>()
        var queue: [String] = []
        for model in models {
            if case .enumeration = model { continue }
            if settings[model.name]??.value ?? wantedByDefault {
                hashable.insert(model.name)
                queue.append(model.name)
            }
        }
        var reported = Set<String>()
        while let name = queue.popLast() {
            guard let position = index[name] else { continue }
            for (target, via) in models[position].heldModels {
                guard let targetPosition = index[target] else { continue }
                if case .enumeration = models[targetPosition] { continue }
                if let setting = settings[target] ?? nil, !setting.value {
                    if reported.insert(target).inserted {
                        diagnostics.error(
                            "model '\(target)' says \"hashable\": false, but the Hashable model '\(name)' holds it (\(via)), and a Hashable model's values must be Hashable too; remove the key or make '\(name)' not hashable",
                            at: setting.location)
                    }
                    continue
                }
                if hashable.insert(target).inserted { queue.append(target) }
            }
        }
        for position in models.indices {
            switch models[position] {
            case .structure(var structure):
                structure.isHashable = hashable.contains(structure.name)
                models[position] = .structure(structure)
            case .union(var union):
                union.isHashable = hashable.contains(union.name)
                models[position] = .union(union)
            case .enumeration:
                break
            }
        }
    }

    /// Which structs conform to `Identifiable`, so that SwiftUI's `List` and `ForEach` take their
    /// values without a key path: those whose `"identifiable"` says so, or else
    /// `defaults.identifiable` does, through their property `id` (whatever its JSON key). Its type
    /// must be Hashable, as every builtin, enum and app's type is (the compiler checks the app's),
    /// and a struct or union only when it is Hashable itself. The default takes only an `id` every
    /// value has; a struct that asks itself takes an optional one too (values without one share
    /// the identity `nil`). A struct that asks for it itself without such an `id`, or that holds a
    /// model named `ID` (which Identifiable's `ID` would hide), is an error at its key; one the
    /// default asks for stays as it is.
    mutating func markIdentifiableModels(_ models: inout [ResolvedAPI.Model]) {
        let settings = Dictionary(
            document.models.map { ($0.name.value, $0.identifiable) }, uniquingKeysWith: { first, _ in first })
        let wantedByDefault = document.defaultIdentifiable?.value ?? false
        var notHashable = Set<String>()
        for model in models {
            switch model {
            case .structure(let structure) where !structure.isHashable: notHashable.insert(structure.name)
            case .union(let union) where !union.isHashable: notHashable.insert(union.name)
            default: break
            }
        }
        for position in models.indices {
            guard case .structure(var structure) = models[position] else { continue }
            let setting = settings[structure.name] ?? nil
            guard setting?.value ?? wantedByDefault else { continue }
            let id = structure.properties.first { $0.swiftName == "id" }
            let problem: String? = if let id {
                id.type.modelNames.first { notHashable.contains($0) }.map {
                    "its 'id' holds '\($0)', which is not Hashable; make '\($0)' \"hashable\": true"
                }
                // Inside the struct, `ID` is Identifiable's: a model of that name it holds would be hidden.
                ?? (structure.properties.contains { $0.type.modelNames.contains("ID") }
                    ? "it holds the model 'ID', which Identifiable's own 'ID' would hide inside it; rename the model" : nil)
            } else {
                "it has no property 'id'"
            }
            // The default takes an id every value has: values without one would share the identity
            // nil, which SwiftUI's lists cannot tell apart. A struct that asks itself takes it too.
            if problem == nil, setting == nil, let id, id.type != id.type.unwrapped || id.isNullable { continue }
            if let problem {
                if let setting {
                    diagnostics.error("model '\(structure.name)' says \"identifiable\": true, but \(problem)", at: setting.location)
                }
                continue
            }
            structure.isIdentifiable = true
            models[position] = .structure(structure)
        }
    }
}
