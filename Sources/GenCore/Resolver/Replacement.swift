/// Models an app supplies itself, from a configuration's `replace`: a schema the app already has a
/// type for (`Money`, a `UserID` wrapper, a vendor SDK's model) or one it decodes in its own way.
/// A replaced model is not generated; the generated code names the app's type wherever it held
/// the model, and the app's type must be what that code asks of it (see docs/SPEC.md,
/// "Types of the app's own").
public struct Replacements: Sendable {
    /// One model and the Swift type that stands in for it, as the configuration writes them.
    public struct Entry: Sendable {
        public var model: String
        /// The Swift type, written again from its parts (`Shop.Money`, `Tagged<User, String>`).
        public var swiftType: String
        public var location: SourceLocation?

        public init(model: String, swiftType: String, location: SourceLocation? = nil) {
            self.model = model
            self.swiftType = swiftType
            self.location = location
        }
    }

    /// In the configuration's order; an entry's index identifies it in `GenerationResult.replaced`.
    public var entries: [Entry]
    /// The configuration file, which diagnostics about an entry name.
    public var file: String

    public init(entries: [Entry], file: String) {
        self.entries = entries
        self.file = file
    }

    /// What one spec made of the replacements.
    public struct Outcome: Sendable {
        /// The indices of the entries that name a model of the spec.
        public var matched: Set<Int> = []
        /// Where the spec declares each replaced model.
        var replacedPointers: Set<String> = []
        /// An error at an entry for each place the generated code needs the model's own members.
        var diagnostics: [Diagnostic] = []
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
            while index < scalars.count, scalars[index] == "_" || scalars[index].isASCII && scalars[index].properties.isAlphabetic
                || ("0"..."9").contains(scalars[index]) || !scalars[index].isASCII && SwiftNaming.isIdentifierCharacter(scalars[index]) {
                index += 1
            }
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
    /// The API with the models `replacements` names left out and every type that held one naming
    /// the app's type instead; and the outcome: which entries named a model of this API, where
    /// those models are declared, and an error, at the entry, for each place whose generated code needs the model's own members (a form's fields,
    /// a default that is one of its cases, a page's position), which the app's type need not have.
    func replacing(_ replacements: Replacements) -> (api: ResolvedAPI, outcome: Replacements.Outcome) {
        let names = Set(models.map(\.name))
        var table: [String: String] = [:]
        var entries: [String: Replacements.Entry] = [:]
        var matched: Set<Int> = []
        for (index, entry) in replacements.entries.enumerated() where names.contains(entry.model) {
            matched.insert(index)
            table[entry.model] = entry.swiftType
            entries[entry.model] = entry
        }
        guard !table.isEmpty else { return (self, Replacements.Outcome(matched: matched)) }
        var diagnostics: [Diagnostic] = []
        func cannot(_ type: TypeReference, _ reason: String) {
            for model in Set(type.replacedModels).sorted() {
                let entry = entries[model]!
                diagnostics.append(Diagnostic(
                    .error, file: replacements.file, location: entry.location,
                    message: "'\(model)' cannot be replaced by '\(entry.swiftType)': \(reason); the generated code can use only the members of the spec's model"))
            }
        }

        var api = self
        api.models = models.filter { table[$0.name] == nil }.map { model in
            switch model {
            case .structure(var structure):
                for index in structure.properties.indices {
                    var property = structure.properties[index]
                    property.type = property.type.replacing(table)
                    if case .replaced = property.type.unwrapped { property.isIndirect = false }
                    if let value = property.defaultValue, !["[]", "[:]"].contains(value) {
                        cannot(property.type, "the default of \(structure.name)'s property '\(property.specName)' (\(structure.pointer)) is one of its cases")
                    }
                    structure.properties[index] = property
                }
                if var extra = structure.additionalProperties {
                    extra.valueType = extra.valueType.replacing(table)
                    structure.additionalProperties = extra
                }
                return .structure(structure)
            case .union(var union):
                for index in union.cases.indices {
                    let type = union.cases[index].type.replacing(table)
                    guard type != union.cases[index].type else { continue }
                    union.cases[index].type = type
                    union.cases[index].label = "\(union.cases[index].name) (\(type.swift))"
                    if case .replaced = type { union.cases[index].isIndirect = false }
                    if union.cases[index].ownTag != nil {
                        cannot(union.cases[index].type, "union \(union.name) (\(union.pointer)) writes the discriminator of case '\(union.cases[index].name)' from its property")
                    }
                }
                return .union(union)
            case .enumeration:
                return model
            }
        }
        for serviceIndex in api.services.indices {
            for endpointIndex in api.services[serviceIndex].endpoints.indices {
                var endpoint = api.services[serviceIndex].endpoints[endpointIndex]
                let name = "endpoint '\(endpoint.functionName)' (\(endpoint.pointer))"
                for index in endpoint.parameters.indices {
                    let type = endpoint.parameters[index].type.replacing(table)
                    endpoint.parameters[index].type = type
                    guard case .body(_, let encoding) = endpoint.parameters[index].kind else { continue }
                    switch encoding {
                    case .form, .multipart: cannot(type, "\(name) sends its properties as form fields")
                    case .json, .upload: break
                    }
                    if endpoint.streamFlag != nil { cannot(type, "\(name) sets its property '\(endpoint.streamFlag!.key)' to ask for the stream") }
                }
                if case .json(let type) = endpoint.response { endpoint.response = .json(type.replacing(table)) }
                if var pagination = endpoint.pagination {
                    pagination.itemType = pagination.itemType.replacing(table)
                    endpoint.pagination = pagination
                }
                for index in endpoint.errorBodies.indices { endpoint.errorBodies[index].type = endpoint.errorBodies[index].type?.replacing(table) }
                for index in endpoint.responseHeaders.indices { endpoint.responseHeaders[index].type = endpoint.responseHeaders[index].type.replacing(table) }
                api.services[serviceIndex].endpoints[endpointIndex] = endpoint
            }
        }
        let pointers = Set(models.filter { table[$0.name] != nil }.map(\.pointer))
        return (api, Replacements.Outcome(matched: matched, replacedPointers: pointers, diagnostics: diagnostics))
    }
}
