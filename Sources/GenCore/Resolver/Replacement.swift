/// Models and properties an app supplies types for itself, from a configuration's `replace`: a
/// schema the app already has a type for (`Money`, a `UserID` wrapper, a vendor SDK's model) or
/// one it decodes in its own way. A replaced model is not generated; the generated code names the
/// app's type wherever it held the model, or as a replaced property's type, and the app's type
/// must be what that code asks of it (see docs/SPEC.md, "Types of the app's own").
public struct Replacements: Sendable {
    /// One model, or one property of a model (`Product.id`), and the Swift type that stands in
    /// for it, as the configuration writes them.
    public struct Entry: Sendable {
        public var model: String
        /// The property as the spec names it, or its JSON key; nil when the whole model is replaced.
        public var property: String?
        /// The Swift type, written again from its parts (`Shop.Money`, `Tagged<User, String>`).
        public var swiftType: String
        public var location: SourceLocation?

        public init(model: String, property: String? = nil, swiftType: String, location: SourceLocation? = nil) {
            self.model = model
            self.property = property
            self.swiftType = swiftType
            self.location = location
        }

        /// The model and the property, as one name: `Money`, `Product.id`.
        public var name: String { property.map { "\(model).\($0)" } ?? model }
    }

    /// In the configuration's order.
    public var entries: [Entry]
    /// The configuration file, which diagnostics about an entry name.
    public var file: String

    public init(entries: [Entry], file: String) {
        self.entries = entries
        self.file = file
    }

    /// What one spec made of the replacements.
    struct Outcome: Sendable {
        /// Where the spec declares each replaced model.
        var replacedPointers: Set<String> = []
        /// An error at an entry for each place the generated code needs the model's own members,
        /// concerning that place (a model or an endpoint).
        var diagnostics: [Diagnostic] = []
    }

    /// The types an endpoint struct declares (`typealias Response`, `Auth`, `PageItem`, the
    /// struct `ResponseHeaders`): an app's type of one of those names would be hidden there.
    static let endpointMemberTypes = ["Response", "Auth", "PageItem", "ResponseHeaders"]

    /// The name of the schema in an OpenAPI document's `components/schemas` that a model's
    /// pointer names (`#/components/schemas/pet-status` → `pet-status`), or nil.
    static func schemaName(ofPointer pointer: String) -> String? {
        let prefix = "#/components/schemas/"
        guard pointer.hasPrefix(prefix) else { return nil }
        let token = pointer.dropFirst(prefix.count)
        return token.isEmpty || token.contains("/") ? nil : OpenAPIReader.pointerTokenValue(String(token))
    }

    /// Whether a type written by ``swiftType(_:)`` holds Foundation's `Date` (`Date`,
    /// `Foundation.Date`, `[String: Date]`): one that would decode with no date strategy, which
    /// the generated code gives only the spec's `Date`.
    static func holdsDate(_ type: String) -> Bool {
        type.split(whereSeparator: { "<>[]:, ?".contains($0) }).contains { $0 == "Date" || $0 == "Foundation.Date" }
    }

    /// `text` as a module name for an `import`: identifiers joined by dots (`VendorKit`,
    /// `Darwin.C`), or nil.
    public static func moduleName(_ text: String) -> String? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        return parts.allSatisfy({ SwiftNaming.isIdentifier($0) && !SwiftNaming.keywords.contains($0) }) ? text : nil
    }

    /// `text` as a Swift type name, written again from its parts, or nil when it is not one: a
    /// name that may be qualified (`Shop.Money`), with generic arguments (`Tagged<User, String>`),
    /// arrays and dictionaries (`[Money]`, `[String: Money]`) among them or around it, and
    /// optionals only inside generic arguments. Nothing else gets into the generated code.
    public static func swiftType(_ text: String) -> String? {
        var reader = TypeNameReader(scalars: Array(text.unicodeScalars))
        guard let type = reader.type(depth: 0, optionalAllowed: false), reader.atEnd else { return nil }
        return type
    }

    /// A recursive-descent reader of the type grammar above, skipping spaces between tokens.
    private struct TypeNameReader {
        let scalars: [Unicode.Scalar]
        var index = 0

        var atEnd: Bool {
            mutating get {
                skipSpaces()
                return index == scalars.count
            }
        }

        mutating func skipSpaces() {
            while index < scalars.count, scalars[index] == " " { index += 1 }
        }

        mutating func take(_ scalar: Unicode.Scalar) -> Bool {
            skipSpaces()
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
            return true
        }

        /// A type; at most 32 brackets deep, as a spec's type expressions.
        mutating func type(depth: Int, optionalAllowed: Bool) -> String? {
            guard depth <= 32 else { return nil }
            var result: String
            if take("[") {
                guard let first = type(depth: depth + 1, optionalAllowed: true) else { return nil }
                if take(":") {
                    guard let value = type(depth: depth + 1, optionalAllowed: true), take("]") else { return nil }
                    result = "[\(first): \(value)]"
                } else {
                    guard take("]") else { return nil }
                    result = "[\(first)]"
                }
            } else {
                guard let name = qualifiedName(depth: depth) else { return nil }
                result = name
            }
            if optionalAllowed, take("?") { result += "?" }
            return result
        }

        /// `Name`, `Module.Name`, `Outer<Argument>.Inner`.
        mutating func qualifiedName(depth: Int) -> String? {
            var parts: [String] = []
            repeat {
                guard let name = identifier() else { return nil }
                var part = name
                if take("<") {
                    var arguments: [String] = []
                    repeat {
                        guard let argument = type(depth: depth + 1, optionalAllowed: true) else { return nil }
                        arguments.append(argument)
                    } while take(",")
                    guard take(">") else { return nil }
                    part += "<\(arguments.joined(separator: ", "))>"
                }
                parts.append(part)
            } while take(".")
            return parts.joined(separator: ".")
        }

        /// A plain identifier that is not a keyword (`Any`, `Self` and `Type` included).
        mutating func identifier() -> String? {
            skipSpaces()
            let start = index
            while index < scalars.count, SwiftNaming.isIdentifierScalar(scalars[index]) { index += 1 }
            var name = ""
            name.unicodeScalars.append(contentsOf: scalars[start..<index])
            guard SwiftNaming.isIdentifier(name), !SwiftNaming.keywords.contains(name) else { return nil }
            return name
        }
    }
}

extension TypeReference {
    /// The type with each model of `table` (model name → Swift type) replaced, at any depth.
    func replacing(_ table: [String: String]) -> TypeReference {
        switch self {
        case .model(let name): table[name].map { .replaced(model: name, swift: $0) } ?? self
        case .array(let inner): .array(inner.replacing(table))
        case .dictionary(let inner): .dictionary(inner.replacing(table))
        case .optional(let inner): .optional(inner.replacing(table))
        case .builtin, .uploadBody, .progressHandler, .replaced: self
        }
    }

    /// The replaced models the type names, at any depth.
    var replacedModels: [String] {
        switch self {
        case .replaced(let model, _): [model]
        case .array(let inner), .dictionary(let inner), .optional(let inner): inner.replacedModels
        case .builtin, .model, .uploadBody, .progressHandler: []
        }
    }
}

extension ResolvedAPI {
    /// The API with the models `replacements` names left out and every type that held one (or a
    /// replaced property) naming the app's type instead; and the outcome: where the replaced
    /// models are declared, and an error at the entry for each place whose generated code uses
    /// the model's own members (a default written with its cases, a form's fields, a stream flag,
    /// a union case's own tag), which the app's type need not have. A page's items may be of the
    /// app's type: the runtime's `Page` reads the rest of the page. `specPath` names the spec in
    /// the errors, which point into the configuration.
    func replacing(_ replacements: Replacements, specPath: String) -> (api: ResolvedAPI, outcome: Replacements.Outcome) {
        var replacer = Replacer(replacements, specPath: specPath, models: models)
        guard !replacer.entries.isEmpty else { return (self, Replacements.Outcome()) }
        var api = self
        api.models = []
        for model in models where replacer.table[model.name] == nil {
            if case .structure(let structure) = model { api.models.append(.structure(replacer.replaced(structure))) } else { api.models.append(model) }
        }
        // Unions after structs: a union case reads its member's discriminator property. A union
        // of values holding the app's type reads its text only where it is sent as text (then the
        // app's type must be a `ParameterValue`, as in a parameter of its own; found by the review:
        // a union only in JSON did not compile).
        var sentAsText: Set<String> = []
        for endpoint in services.flatMap(\.endpoints) {
            for parameter in endpoint.parameters {
                switch parameter.kind {
                case .body(_, .form), .body(_, .multipart):
                    for case .structure(let structure) in models where parameter.type.unwrapped == .model(structure.name) {
                        sentAsText.formUnion(structure.properties.flatMap(\.type.modelNames))
                    }
                case .body: break
                default: sentAsText.formUnion(parameter.type.modelNames)
                }
            }
        }
        for index in api.models.indices {
            if case .union(var union) = api.models[index] {
                let before = union.cases.map(\.type)
                union = replacer.replaced(union)
                if union.isText, union.cases.map(\.type) != before, !sentAsText.contains(union.name) { union.isText = false }
                api.models[index] = .union(union)
            }
        }
        for service in api.services.indices {
            for endpoint in api.services[service].endpoints.indices {
                api.services[service].endpoints[endpoint] = replacer.replaced(api.services[service].endpoints[endpoint])
            }
        }
        let pointers = Set(models.filter { replacer.table[$0.name] != nil }.map(\.pointer))
        return (api, Replacements.Outcome(replacedPointers: pointers, diagnostics: replacer.diagnostics))
    }

    /// The type names a default's Swift literal is written with: each name before a `.`
    /// (`Status.active`, `Size.mode(Mode.auto)`), outside string literals.
    static func typeNames(inLiteral literal: String) -> [String] {
        var names: [String] = []
        let scalars = Array(literal.unicodeScalars)
        var index = 0
        var inString = false
        let isNameScalar = SwiftNaming.isIdentifierScalar
        while index < scalars.count {
            let scalar = scalars[index]
            if inString {
                if scalar == "\\" { index += 1 } else if scalar == "\"" { inString = false }
                index += 1
            } else if scalar == "\"" {
                inString = true
                index += 1
            } else if isNameScalar(scalar), index == 0 || !isNameScalar(scalars[index - 1]) && scalars[index - 1] != "." {
                let start = index
                while index < scalars.count, isNameScalar(scalars[index]) { index += 1 }
                if index < scalars.count, scalars[index] == "." {
                    var name = ""
                    name.unicodeScalars.append(contentsOf: scalars[start..<index])
                    names.append(name)
                }
            } else {
                index += 1
            }
        }
        return names
    }
}

/// Rewrites one API's declarations for `ResolvedAPI.replacing`, collecting the errors.
private struct Replacer {
    let replacements: Replacements
    let specPath: String
    /// Replaced model → the app's type.
    var table: [String: String] = [:]
    /// Each entry that names something of the API, by the model's name (`Money`, `Product.id`),
    /// its `model` that name.
    var entries: [String: Replacements.Entry] = [:]
    /// Each entry's name as the configuration writes it (`pet-status` for `PetStatus`).
    var written: [String: String] = [:]
    /// Model → property (spec name or JSON key) → its entry.
    var propertyEntries: [String: [String: Replacements.Entry]] = [:]
    /// The structs and unions the spec generates: an app's type that is one is stored out of
    /// line, as the resolver stores those, since it may hold the model that holds it.
    let outOfLine: Set<String>
    /// Struct → JSON key of each replaced property → its entry's name and its type in the spec.
    var replacedProperties: [String: [String: (entry: String, type: TypeReference)]] = [:]
    /// Each entry's place in the configuration, by the same name as `entries`.
    var positions: [String: Int] = [:]
    /// Entry → the property it replaced last (struct and JSON key), to catch one that names two.
    var claimed: [String: (model: String, key: String)] = [:]
    var diagnostics: [Diagnostic] = []

    init(_ replacements: Replacements, specPath: String, models: [ResolvedAPI.Model]) {
        self.replacements = replacements
        self.specPath = specPath
        let names = Set(models.map(\.name))
        var twice: [(written: String, entry: Replacements.Entry, first: Replacements.Entry)] = []
        let bySchema = Dictionary(models.compactMap { model in Replacements.schemaName(ofPointer: model.pointer).map { ($0, model.name) } },
                                  uniquingKeysWith: { first, _ in first })
        for (position, var entry) in replacements.entries.enumerated() {
            // A schema's name in an OpenAPI document (`pet-status`) names the model made of it.
            guard let model = names.contains(entry.model) ? entry.model : bySchema[entry.model] else { continue }
            let name = entry.name
            entry.model = model
            if let first = entries[entry.name] {
                twice.append((name, entry, first))
                continue
            }
            entries[entry.name] = entry
            written[entry.name] = name
            positions[entry.name] = position
            if let property = entry.property {
                propertyEntries[entry.model, default: [:]][property] = entry
            } else {
                table[entry.model] = entry.swiftType
            }
        }
        let table = table
        outOfLine = Set(models.compactMap { model in
            switch model {
            case .structure, .union: table[model.name] == nil ? model.name : nil
            case .enumeration: nil
            }
        })
        // By its type name and by its schema's name, one model (or property) named twice.
        for (name, entry, first) in twice {
            let message = "'\(name)' in 'replace' names what '\(written[first.name]!)' names"
            diagnostics.append(Diagnostic(.error, file: replacements.file, location: entry.location, message: message))
        }
    }

    func place(_ pointer: String) -> String { pointer.hasPrefix("#") ? specPath + pointer : pointer }

    /// An error at each entry (a replaced model's or property's name), about the place declared
    /// at `pointer`; by default, one that uses the members of what the entry replaces.
    mutating func cannot(_ replaced: [String], at pointer: String, _ reason: String, why: String? = nil) {
        for name in Set(replaced).sorted() {
            guard let entry = entries[name] else { continue }
            let why = why ?? "the generated code can use only the members of \(entry.property == nil ? "the spec's model" : "the property's type in the spec")"
            diagnostics.append(Diagnostic(
                .error, file: replacements.file, location: entry.location,
                message: "'\(written[name]!)' cannot be replaced by '\(entry.swiftType)': \(reason); \(why)", concerns: [pointer]))
        }
    }

    /// An error at an entry that does not name one property, once.
    mutating func ambiguity(_ entry: Replacements.Entry, _ problem: String) {
        let message = "'\(written[entry.name]!)' in 'replace' \(problem)"
        guard !diagnostics.contains(where: { $0.message == message && $0.location == entry.location }) else { return }
        diagnostics.append(Diagnostic(.error, file: replacements.file, location: entry.location, message: message))
    }

    /// The entry that replaces `property` of `structure`: one of the structure's own, else one
    /// of the nearest base it is composed of that has one. An entry names the property by its
    /// name in the spec or by its JSON key; one that names it by one and another property by the
    /// other, or a second entry for it, is an error.
    mutating func entry(for property: ResolvedAPI.Property, of structure: ResolvedAPI.Structure) -> Replacements.Entry? {
        for model in [structure.name] + structure.bases {
            let byName = propertyEntries[model]?[property.specName]
            let byKey = propertyEntries[model]?[property.key]
            if let byName, let byKey, byName.name != byKey.name {
                let (first, second) = positions[byName.name]! < positions[byKey.name]! ? (byName, byKey) : (byKey, byName)
                ambiguity(second, "names the same property of \(structure.name) as '\(written[first.name]!)'")
            }
            guard let found = byName ?? byKey else { continue }
            if let other = claimed[found.name], other.model == structure.name, other.key != property.key {
                ambiguity(found, "names two properties of \(structure.name): one by its name in the spec, one by its JSON key; name it by the other")
            }
            claimed[found.name] = (structure.name, property.key)
            return found
        }
        return nil
    }

    mutating func replaced(_ structure: ResolvedAPI.Structure) -> ResolvedAPI.Structure {
        var structure = structure
        for index in structure.properties.indices {
            var property = structure.properties[index]
            let owner = "\(structure.name)'s property '\(property.specName)' (\(place(structure.pointer)))"
            if let entry = entry(for: property, of: structure) {
                replacedProperties[structure.name, default: [:]][property.key] = (entry.name, property.type)
                if property.defaultValue != nil {
                    cannot([entry.name], at: structure.pointer, "\(owner) has a default",
                           why: "the default is a value of its type in the spec, which the generated code cannot make of the app's type")
                }
                let type = TypeReference.replaced(model: entry.name, swift: entry.swiftType)
                property.type = if case .optional = property.type { .optional(type) } else { type }
                property.isIndirect = outOfLine.contains(entry.swiftType)
                property.dateStrategy = nil
                property.prunesArray = false
            } else {
                property.type = property.type.replacing(table)
                if case .replaced(_, let swift) = property.type.unwrapped { property.isIndirect = outOfLine.contains(swift) }
                if let value = property.defaultValue {
                    let shown = value.count > 80 ? value.prefix(79) + "…" : Substring(value)
                    let named = ResolvedAPI.typeNames(inLiteral: value).filter { table[$0] != nil }
                    cannot(named, at: structure.pointer, "the default of \(owner) is written with its cases: \(shown)")
                }
            }
            structure.properties[index] = property
        }
        if let extra = structure.additionalProperties { structure.additionalProperties?.valueType = extra.valueType.replacing(table) }
        return structure
    }

    /// The entry's name, when `key` is a replaced property of the struct `type` holds.
    func replacedProperty(_ key: String, of type: TypeReference) -> String? {
        guard case .model(let name) = type.unwrapped else { return nil }
        return replacedProperties[name]?[key]?.entry
    }

    mutating func replaced(_ union: ResolvedAPI.Union) -> ResolvedAPI.Union {
        var union = union
        for index in union.cases.indices {
            let original = union.cases[index].type
            let type = original.replacing(table)
            if type != original {
                union.cases[index].type = type
                union.cases[index].label = "\(union.cases[index].name) (\(type.swift))"
                if case .replaced(_, let swift) = type { union.cases[index].isIndirect = outOfLine.contains(swift) }
            }
            guard union.cases[index].ownTag != nil, let discriminator = union.discriminator else { continue }
            let reason = "union \(union.name) (\(place(union.pointer))) reads the discriminator of case '\(union.cases[index].name)' back from its property"
            cannot(type.replacedModels + [replacedProperty(discriminator, of: original)].compactMap { $0 }, at: union.pointer, reason)
        }
        return union
    }

    mutating func replaced(_ endpoint: ResolvedAPI.Endpoint) -> ResolvedAPI.Endpoint {
        var endpoint = endpoint
        let name = "endpoint '\(endpoint.functionName)' (\(place(endpoint.pointer)))"
        for index in endpoint.parameters.indices {
            let original = endpoint.parameters[index].type
            let type = original.replacing(table)
            endpoint.parameters[index].type = type
            guard case .body(_, let encoding) = endpoint.parameters[index].kind else { continue }
            switch encoding {
            case .form(let fields), .multipart(let fields):
                cannot(type.replacedModels, at: endpoint.pointer, "\(name) sends its properties as form fields")
                checkFields(fields, of: original, in: endpoint, name)
            case .json, .upload, .text:
                break
            }
            if let flag = endpoint.streamFlag {
                cannot(type.replacedModels + [replacedProperty(flag.key, of: original)].compactMap { $0 }, at: endpoint.pointer,
                       "\(name) sets its property '\(flag.key)' to ask for the stream")
            }
        }
        if case .json(let type) = endpoint.response { endpoint.response = .json(type.replacing(table)) }
        if let pagination = endpoint.pagination { endpoint.pagination?.itemType = pagination.itemType.replacing(table) }
        for index in endpoint.errorBodies.indices { endpoint.errorBodies[index].type = endpoint.errorBodies[index].type?.replacing(table) }
        for index in endpoint.responseHeaders.indices { endpoint.responseHeaders[index].type = endpoint.responseHeaders[index].type.replacing(table) }
        return endpoint
    }

    /// A form field of the app's type is sent as its text or its JSON: not as files, nor as a
    /// field per element.
    mutating func checkFields(_ fields: [ResolvedAPI.Parameter.FormField], of body: TypeReference, in endpoint: ResolvedAPI.Endpoint, _ name: String) {
        guard case .model(let model) = body.unwrapped else { return }
        for field in fields {
            guard let (entry, spec) = replacedProperties[model]?[field.key] else { continue }
            let why = "an app's type is sent as its text or its JSON"
            if spec.contains(.builtin(.file)) || spec.contains(.builtin(.data)) {
                cannot([entry], at: endpoint.pointer, "\(name) sends its field '\(field.key)' as files", why: why)
            } else if case .array = spec.unwrapped {
                cannot([entry], at: endpoint.pointer, "\(name) sends its field '\(field.key)' as a field per element", why: why)
            }
        }
    }
}

extension SpecDocument {
    /// The models by type name, and by their schema's name in an OpenAPI document
    /// (`pet-status`): what a configuration's `replace` may name.
    var replaceableModelNames: [String] {
        models.flatMap(Self.names)
    }

    /// A model's type name, and its schema's if that differs.
    private static func names(of model: Model) -> [String] {
        let schema = Replacements.schemaName(ofPointer: model.pointer)
        return [model.name.value] + (schema.map { $0 == model.name.value ? [] : [$0] } ?? [])
    }

    /// Whether the model's properties take their JSON keys from their names in snake case, as
    /// `Resolver.keyStrategy(_:inheriting:)` decides (without reporting an unknown strategy).
    func usesSnakeCase(_ model: Model) -> Bool {
        (model.options.keyStrategy ?? defaults.keyStrategy)?.value == "convertFromSnakeCase"
    }

    /// Each struct's properties as `Model.property`, its bases' too, by the names the spec gives
    /// them and by their JSON keys: what a configuration's `replace` may name. Read from the
    /// document, so that a spec with errors has them all.
    var propertyNames: [String] {
        let byName = Dictionary(models.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        func properties(of model: SpecDocument.Model) -> [String] {
            guard case .structure(let properties) = model.kind else { return [] }
            return properties.flatMap { [$0.name.value, Resolver.jsonKey(of: $0, snakeCase: usesSnakeCase(model))] }
        }
        return models.flatMap { model -> [String] in
            guard case .structure = model.kind else { return [] }
            // The model's own properties, then its bases', each base once (a cycle is reported
            // where composition is resolved).
            var found = Set(properties(of: model))
            var bases = model.allOf.map(\.value)
            var seen: Set<String> = [model.name.value]
            while let base = bases.popLast() {
                guard seen.insert(base).inserted, let baseModel = byName[base] else { continue }
                found.formUnion(properties(of: baseModel))
                bases += baseModel.allOf.map(\.value)
            }
            return Self.names(of: model).flatMap { prefix in found.sorted().map { "\(prefix).\($0)" } }
        }
    }
}
