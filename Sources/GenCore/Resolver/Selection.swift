/// The part of an API to generate, from a configuration's `include`: whole resources, single
/// endpoints, and models an app needs beyond those the endpoints reach. A big API (a vendor's
/// OpenAPI document with hundreds of operations) then costs the build only what the app calls.
///
/// What is kept is generated exactly as in the whole API: the selected endpoints, each in its
/// resource's service, protocol and live service; the models their parameters, bodies,
/// responses, error bodies and pages hold, and every model those hold in turn; the namespace,
/// servers and auth schemes. Resources with no selected endpoint are left out, unless selected
/// whole.
public struct Selection: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case resources, endpoints, models

        /// How a diagnostic names one of the kind.
        var noun: String {
            switch self {
            case .resources: "resource"
            case .endpoints: "endpoint"
            case .models: "model"
            }
        }
    }

    /// One name as the configuration writes it, and where.
    public struct Entry: Sendable {
        public var kind: Kind
        public var name: String
        public var location: SourceLocation?

        public init(kind: Kind, name: String, location: SourceLocation? = nil) {
            self.kind = kind
            self.name = name
            self.location = location
        }
    }

    /// In the configuration's order; an entry's index identifies it in a `Selection.Outcome`.
    public var entries: [Entry]
    /// Where the configuration writes `include`.
    public var location: SourceLocation?

    public init(entries: [Entry], location: SourceLocation? = nil) {
        self.entries = entries
        self.location = location
    }

    /// What one spec made of a selection: which entries named something in it, and the names
    /// it has, for suggestions where an entry names nothing in any spec.
    public struct Outcome: Sendable {
        public var matched: Set<Int> = []
        public var names: [Kind: [String]] = [:]
        /// The pointer of every endpoint and model of the whole API, and whether it is kept.
        var declarations: [String: Bool] = [:]

        /// Whether the selection leaves out the endpoint or model declared at `pointer`; false for
        /// one the API does not have.
        func leavesOut(_ pointer: String) -> Bool {
            declarations[pointer] == false
        }
    }

    /// The names of each kind a spec has: resources as the spec writes them and by service name,
    /// endpoints by function name, models by type name.
    static func names(in api: ResolvedAPI) -> [Kind: [String]] {
        [
            .resources: api.services.flatMap { [$0.resourceName, $0.name] },
            .endpoints: api.services.flatMap { $0.endpoints.map(\.functionName) },
            .models: api.models.map(\.name),
        ]
    }
}

extension ResolvedAPI {
    /// The API narrowed to `selection`, and which of its entries matched. A resource entry
    /// matches the resource's name as the spec writes it or its service's name (`Pets`,
    /// `PetsService`); an endpoint entry its function name (`listPets`, unique in a spec as its
    /// struct's name is); a model entry the type's name.
    func selecting(_ selection: Selection) -> (api: ResolvedAPI, outcome: Selection.Outcome) {
        var outcome = Selection.Outcome(names: Selection.names(in: self))
        var keptModels: [String] = []
        var keptServices: [Service] = []
        for (service, isWhole) in servicesNarrowed(to: selection, outcome: &outcome) where isWhole || !service.endpoints.isEmpty {
            for endpoint in service.endpoints {
                keptModels += endpoint.heldTypes.flatMap(\.modelNames)
            }
            keptServices.append(service)
        }
        let modelsByName = Dictionary(models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, entry) in selection.entries.enumerated() where entry.kind == .models && modelsByName[entry.name] != nil {
            outcome.matched.insert(index)
            keptModels.append(entry.name)
        }
        let reached = Self.modelsReached(from: keptModels, in: models)
        var narrowed = self
        narrowed.services = keptServices
        narrowed.models = models.filter { reached.contains($0.name) }
        // A kept struct composed of others (`allOf`) holds their properties: a warning about one of
        // them concerns it, so the models it is composed of count as kept for the warnings.
        let composedOf = Set(narrowed.models.flatMap { model -> [String] in
            guard case .structure(let structure) = model else { return [] }
            return structure.properties.compactMap { $0.origin?.model }
        })
        let keptPointers = Set(narrowed.declarationPointers + models.filter { composedOf.contains($0.name) }.map(\.pointer))
        for pointer in declarationPointers { outcome.declarations[pointer] = keptPointers.contains(pointer) }
        return (narrowed, outcome)
    }

    /// The models named and every model they hold, to the end of the chain.
    static func modelsReached(from names: [String], in models: [Model]) -> Set<String> {
        let byName = Dictionary(models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var pending = names
        var reached: Set<String> = []
        while let name = pending.popLast() {
            guard reached.insert(name).inserted, let model = byName[name] else { continue }
            pending += model.heldModels.map(\.name)
        }
        return reached
    }

    /// Where the spec (or OpenAPI document) declares each endpoint and model.
    private var declarationPointers: [String] {
        services.flatMap { $0.endpoints.map(\.pointer) } + models.map(\.pointer)
    }

    /// The services with only their selected endpoints (some may have none), in the spec's order,
    /// and whether each was selected whole (kept even when it has no endpoint, as the whole API
    /// keeps it).
    private func servicesNarrowed(to selection: Selection, outcome: inout Selection.Outcome) -> [(Service, isWhole: Bool)] {
        services.map { service in
            var kept = service
            let whole = selection.entries.indices.filter { index in
                let entry = selection.entries[index]
                return entry.kind == .resources && (entry.name == service.resourceName || entry.name == service.name)
            }
            outcome.matched.formUnion(whole)
            kept.endpoints = service.endpoints.filter { endpoint in
                var selected = !whole.isEmpty
                for (index, entry) in selection.entries.enumerated() where entry.kind == .endpoints && entry.name == endpoint.functionName {
                    outcome.matched.insert(index)
                    selected = true
                }
                return selected
            }
            return (kept, !whole.isEmpty)
        }
    }
}

extension ResolvedAPI.Endpoint {
    /// The types it decodes: its response (or a stream's elements), error bodies and pages.
    var decodedTypes: [TypeReference] {
        var types: [TypeReference] = errorBodies.compactMap(\.type)
        if case .json(let type) = response { types.append(type) }
        if let pagination { types.append(pagination.itemType) }
        return types
    }

    /// The types its parameters, body, response, error body, pages and response headers hold.
    var heldTypes: [TypeReference] {
        var types: [TypeReference] = parameters.map(\.type)
        if case .json(let type) = response { types.append(type) }
        types += errorBodies.compactMap(\.type)
        if let pagination { types.append(pagination.itemType) }
        types += responseHeaders.map(\.type)
        return types
    }
}
