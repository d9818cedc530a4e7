/// Schemas: `components/schemas` and inline schemas become models, enums and unions, or type
/// expressions when they are plain types (`{"type": "string"}` is `String`, not a model).
extension OpenAPIReader {
    /// What a schema is in the spec format.
    struct SchemaType {
        /// A type expression, without the `?` of optionality.
        var type: String
        /// The value may be `null`.
        var nullable = false
        /// `dateOnly` when the dates it holds are calendar dates (`format: date`).
        var dateStrategy: String? = nil

        static let json = SchemaType(type: "JSON")
    }

    /// Where a schema is used, which decides what a date becomes.
    enum Context {
        /// A model property: `Date`, with its strategy.
        case property
        /// A path, query, header or cookie parameter: a date-time is a `Date` (sent as ISO 8601),
        /// a calendar date stays `String`, since a `Date` parameter is sent with its time.
        case parameter
        /// A union member, a body, a response or additional properties: dates stay `String`
        /// (the spec format gives a date a strategy only as a model property), text unchanged.
        case plain
    }

    enum ModelKind {
        case structure
        case enumeration
        case union
    }

    // MARK: Components

    /// Names every component schema that becomes a model first, so that references to it
    /// (including its own) resolve before it is read.
    mutating func nameComponentModels(_ components: [JSONNode.Member]) {
        guard let schemas = member("schemas", components).flatMap({ Self.object($0.value) }) else { return }
        for entry in schemas where modelKind(of: entry.value) != nil {
            let name = uniqueTypeName(entry.key)
            componentModels[entry.key] = name
            record(model: name, at: Self.pointer("#/components/schemas", entry.key))
        }
    }

    /// Object schemas with a `discriminator` and no `oneOf`, which the schemas that extend them
    /// through `allOf` are told apart by (Java's polymorphic types, as springdoc describes them;
    /// Twitter's `Media`, extended by `Photo`, `Video` and `AnimatedGif`): each is read as a
    /// tagged union of those schemas, a member per value of its `mapping` and per schema that
    /// extends it without one (named by its key, as OpenAPI says), so that wherever the document
    /// refers to it, a photo decodes as a `Photo`, not as a `Media` that drops its `url`. A schema
    /// that extends it reads its properties in place. Only when every member extends it, the
    /// mapping does not name the schema itself (objects of its own kind), and it requires the
    /// discriminator, which a tagged union needs; else it stays an object, with the warning
    /// `structModel(_:node:pointer:name:description:)` gives.
    mutating func findPolymorphicBases(_ components: [JSONNode.Member]) {
        guard let schemas = member("schemas", components).flatMap({ Self.object($0.value) }) else { return }
        func pointer(_ key: String) -> String { Self.pointer("#/components/schemas", key) }
        // Each schema's key → the schemas its `allOf` refers to, by pointer.
        var parents: [String: Set<String>] = [:]
        for schema in schemas {
            let parts = Self.object(schema.value).flatMap { member("allOf", $0) }.flatMap { Self.elements($0.value) } ?? []
            parents[schema.key] = Set(parts.compactMap { part in
                Self.object(part).flatMap { member("$ref", $0) }.flatMap { Self.text($0.value) }.map(Self.canonicalReference)
            })
        }
        // What each schema that extends another declares, anywhere in the document (a response's
        // inline `allOf: [{$ref: Paging}, {properties: {items}}]` too), for the schemas it
        // extends, directly or through another.
        let keyAtPointer = Dictionary(schemas.map { (pointer($0.key), $0.key) }, uniquingKeysWith: { first, _ in first })
        var nodes = [root]
        while let node = nodes.popLast() {
            switch node.value {
            case .array(let elements): nodes += elements
            case .object(let members):
                nodes += members.map(\.value)
                let extended = (member("allOf", members).flatMap { Self.elements($0.value) } ?? []).compactMap { part in
                    Self.object(part).flatMap { member("$ref", $0) }.flatMap { Self.text($0.value) }.map(Self.canonicalReference)
                }
                guard !extended.isEmpty else { continue }
                let declared = propertyKeys(of: node)
                var pending = extended
                var seen: Set<String> = []
                while let ancestor = pending.popLast() {
                    guard seen.insert(ancestor).inserted else { continue }
                    keysOfExtenders[ancestor, default: []].formUnion(declared)
                    if let key = keyAtPointer[ancestor] { pending += parents[key] ?? [] }
                }
            default: break
            }
        }
        for base in schemas {
            guard let fields = Self.object(base.value), alternatives(fields) == nil, hasProperties(fields),
                  let discriminator = member("discriminator", fields), let settings = Self.object(discriminator.value),
                  let propertyName = member("propertyName", settings).flatMap({ Self.text($0.value) }),
                  requiredKeys(of: base.value).contains(propertyName), holdsAString(propertyName, in: fields) else { continue }
            let basePointer = pointer(base.key)
            // The schemas that extend it, directly or through one that does (`Animal` ← `Mammal` ← `Cat`).
            var extenders: [String] = []
            var reached: Set<String> = [basePointer]
            var grew = true
            while grew {
                grew = false
                for schema in schemas where !reached.contains(pointer(schema.key)) && !(parents[schema.key] ?? []).isDisjoint(with: reached) {
                    reached.insert(pointer(schema.key))
                    extenders.append(schema.key)
                    grew = true
                }
            }
            var tags: [(tag: String, key: String, location: SourceLocation)] = []
            var extendedByAll = true
            for entry in member("mapping", settings).flatMap({ Self.object($0.value) }) ?? [] {
                guard let written = Self.text(entry.value) else { continue }
                let target = written.hasPrefix("#") ? Self.canonicalReference(written) : pointer(written)
                // Each value names a schema that extends it. One that names the schema itself makes
                // it a kind of its own, which a union named after it cannot also be: it stays the
                // object it is.
                guard let key = extenders.first(where: { pointer($0) == target }) else {
                    extendedByAll = false
                    break
                }
                tags.append((entry.key, key, entry.keyLocation))
            }
            guard extendedByAll else { continue }
            for other in schemas where extenders.contains(other.key) && !tags.contains(where: { $0.key == other.key }) {
                tags.append((other.key, other.key, other.keyLocation))
            }
            guard !tags.isEmpty else { continue }
            let at = discriminator.value.location
            var keys: [String] = []
            for tag in tags where !keys.contains(tag.key) { keys.append(tag.key) }
            let options = keys.map { key in
                JSONNode(value: .object([.init(key: "$ref", keyLocation: at, value: JSONNode(value: .string(pointer(key)), location: at))]), location: at)
            }
            let mapping = tags.map { tag in
                JSONNode.Member(key: tag.tag, keyLocation: tag.location, value: JSONNode(value: .string(pointer(tag.key)), location: tag.location))
            }
            polymorphicBases[basePointer] = [
                .init(key: "oneOf", keyLocation: at, value: JSONNode(value: .array(options), location: at)),
                .init(key: "discriminator", keyLocation: discriminator.keyLocation, value: JSONNode(value: .object([
                    .init(key: "propertyName", keyLocation: at, value: JSONNode(value: .string(propertyName), location: at)),
                    .init(key: "mapping", keyLocation: at, value: JSONNode(value: .object(mapping), location: at)),
                ]), location: at)),
            ]
            polymorphicBaseLocations.insert(base.value.location)
            for schema in schemas where keys.contains(schema.key) { polymorphicMemberLocations.insert(schema.value.location) }
        }
    }

    /// Whether the object schema's own property `name` holds a string (or one of a few), as a
    /// tagged union's discriminator must.
    private func holdsAString(_ name: String, in fields: [JSONNode.Member]) -> Bool {
        guard let schema = member("properties", fields).flatMap({ Self.object($0.value) }).flatMap({ member(name, $0)?.value }),
              let members = Self.object(followingReferences(schema)) else { return false }
        if let values = enumValues(members) { return !values.strings.isEmpty && values.integers.isEmpty && values.others.isEmpty }
        return typeNames(members) == ["string"] && member("format", members) == nil
    }

    mutating func readComponentModels(_ components: [JSONNode.Member]) {
        guard let schemas = member("schemas", components).flatMap({ Self.object($0.value) }) else { return }
        for entry in schemas {
            let pointer = Self.pointer("#/components/schemas", entry.key)
            if let name = componentModels[entry.key] {
                makeModel(entry.value, pointer: pointer, name: name, nameLocation: entry.keyLocation)
            } else {
                // A plain type: read once for its warnings; references inline it.
                _ = aliasType(entry.key)
            }
        }
    }

    /// The type of a component schema that is not a model, such as `Id: {type: string}`.
    mutating func aliasType(_ name: String) -> SchemaType {
        if let known = aliasTypes[name] { return known }
        let pointer = Self.pointer("#/components/schemas", name)
        guard let node = resolve(pointer) else { return .json }
        guard aliasesInProgress.insert(name).inserted else {
            unmapped("the schema refers to itself with no object in between, which no Swift type can hold; it becomes JSON",
                     at: node, pointer: pointer)
            return .json
        }
        // Read once and inlined wherever it is used: its warnings concern the document as a whole.
        let readers = reading
        reading = []
        let cuts = depthCuts
        let type = schemaType(node, pointer: pointer, hint: name, context: .property)
        reading = readers
        aliasesInProgress.remove(name)
        // A type cut short by the depth limit holds only for where it was reached from: read
        // from nearer the top, the alias may be whole.
        if depthCuts == cuts { aliasTypes[name] = type }
        return type
    }

    // MARK: Classification

    /// The schema's own members, or nil for a boolean schema.
    func schemaMembers(_ node: JSONNode) -> [JSONNode.Member]? {
        Self.object(node)
    }

    /// What a schema becomes when it is a model; nil when it is a plain type.
    func modelKind(of node: JSONNode) -> ModelKind? {
        if polymorphicBaseLocations.contains(node.location) { return .union }
        guard let members = schemaMembers(node), member("$ref", members) == nil else { return nil }
        let values = enumValues(members)
        if let values, values.strings.count + values.integers.count >= 1, !values.mixed {
            return .enumeration
        }
        // Properties beside `oneOf`/`anyOf` (often a constraint: `oneOf: [{required: [a]}, {required: [b]}]`)
        // make an object; the alternatives get a warning.
        if hasProperties(members) { return .structure }
        // A map of values of one kind beside objects that require nothing (Adyen's
        // `additionalData`: strings, `anyOf` the groups of keys it may hold, found by a tester):
        // the map, which keeps every key.
        if let options = alternatives(members), isTypedMap(members),
           options.allSatisfy({ modelKind(of: followingReferences($0)) == .structure && requiredKeys(of: $0).isEmpty }) { return nil }
        if let alternatives = alternatives(members), alternatives.count >= 2 {
            return stringEnumUnionValues(members) != nil ? .enumeration : .union
        }
        if let parts = member("allOf", members).flatMap({ Self.elements($0.value) }) {
            let meaningful = parts.filter { !isAnnotationOnly($0, among: parts) }
            if meaningful.count >= 2, plainValuePart(meaningful) != nil, !hasProperties(members) { return nil }
            if meaningful.count >= 2 || hasProperties(members) || narrowsAnObject(members, meaningful) { return .structure }
            // A kind of a polymorphic base that adds nothing to it (Rebilly's `auto: {allOf: [{$ref:
            // Schedule}]}`, found by a tester) is a member of its own, not the base, a union
            // that would then contain itself.
            // (Only a member: `{allOf: [{$ref: Schedule}], nullable: true}` elsewhere is the union.)
            if meaningful.count == 1, polymorphicMemberLocations.contains(node.location) { return .structure }
            if meaningful.count == 1, let only = Self.object(meaningful[0]), member("$ref", only) == nil {
                return modelKind(of: meaningful[0])
            }
            return nil
        }
        if hasProperties(members) { return .structure }
        // `properties: {}`: a model that declares nothing (open, unless `additionalProperties: false`).
        if typeNames(members) == ["object"], additionalPropertiesNode(members) == nil, member("properties", members) != nil {
            return .structure
        }
        return nil
    }

    /// Which of an `allOf`'s parts gives it its type when every part is a plain value of one
    /// type (Plaid's `allOf: [{$ref: Token}, {type: string}]`, a string both ways; an `integer`
    /// beside a `number` is an integer): the first that names a `format`, else the first; nil
    /// when they are not.
    func plainValuePart(_ parts: [JSONNode]) -> Int? {
        guard parts.count >= 2 else { return nil }
        let structural: Set<String> = ["properties", "allOf", "oneOf", "anyOf", "enum", "const", "items", "additionalProperties", "not", "$ref"]
        var types: [(type: String, hasFormat: Bool)] = []
        for part in parts {
            guard let members = Self.object(followingReferences(part)), !members.contains(where: { structural.contains($0.key) }) else { return nil }
            let names = typeNames(members)
            guard names.count == 1, ["string", "integer", "number", "boolean"].contains(names[0]) else { return nil }
            types.append((names[0], member("format", members) != nil))
        }
        let kinds = Set(types.map(\.type))
        guard kinds.count == 1 || kinds == ["integer", "number"] else { return nil }
        let chosen = kinds.count == 1 ? types[0].type : "integer"
        return types.firstIndex { $0.type == chosen && $0.hasFormat } ?? types.firstIndex { $0.type == chosen }
    }

    func hasProperties(_ members: [JSONNode.Member]) -> Bool {
        if let properties = member("properties", members).flatMap({ Self.object($0.value) }), !properties.isEmpty { return true }
        return false
    }

    /// Whether `required` beside one `allOf` part requires a key of the object that part is: then
    /// the schema narrows it, an object of its own. (Beside an enum or a union, or naming keys the
    /// object does not have, it changes nothing.)
    private func narrowsAnObject(_ members: [JSONNode.Member], _ parts: [JSONNode]) -> Bool {
        guard parts.count == 1,
              let keys = member("required", members).flatMap({ Self.elements($0.value) })?.compactMap({ Self.text($0) }), !keys.isEmpty
        else { return false }
        let target = followingReferences(parts[0])
        guard modelKind(of: target) == .structure else { return false }
        return !propertyKeys(of: target).isDisjoint(with: keys)
    }

    /// A part of `allOf` that only annotates (`{description: …}`, `{nullable: true}`): it adds no
    /// type. `type: object` (or `[object, null]`) beside the annotations adds none either when
    /// another of the `parts` is what the schema is (Asana's `{type: object, nullable: true}`
    /// after a `$ref`); alone it says the schema is an object (found by the review).
    func isAnnotationOnly(_ node: JSONNode, among parts: [JSONNode]) -> Bool {
        guard let members = Self.object(node) else { return false }
        if Self.isPlainAnnotation(members) { return true }
        guard Self.declaresOnlyAnObject(members) else { return false }
        return parts.contains { $0.location != node.location && !(Self.object($0).map(Self.declaresOnlyAnObject) ?? false) }
    }

    /// The members of a later part's schema for a property, without its `type` when that adds
    /// nothing to the earlier part's: an enum or constant of that type is narrower (Figma's
    /// `FrameNode: allOf [{type: {enum: [FRAME]}}, Node {type: {type: string}}]`, found by a
    /// tester). Both parts hold, whichever comes first, so the constant stays.
    func narrowerEarlier(_ earlier: JSONNode, than later: [JSONNode.Member]) -> [JSONNode.Member] {
        guard let type = member("type", later), let typeName = Self.text(type.value), typeName != "object", typeName != "array",
              let fields = Self.object(followingReferences(earlier)),
              member("enum", fields) != nil || member("const", fields) != nil,
              member("type", fields).map({ Self.text($0.value) == typeName }) ?? true
        else { return later }
        return later.filter { $0.key != "type" }
    }

    /// `later`, a property's schema in a later part of `allOf`, when it says of the object that
    /// `earlier` describes nothing but texts deeper in (Vonage's `video: {properties: {url:
    /// {description: …}}}` beside a base's `video` object that requires a string `url`, found by
    /// a tester; read as itself, `url` was any JSON and optional): `earlier` with `later`'s own
    /// annotations, whose model it keeps. Nil for any other schema.
    @inline(never)
    func describedWithin(_ later: JSONNode, earlier: JSONNode) -> JSONNode? {
        guard let laterFields = Self.object(later), member("properties", laterFields) != nil, let base = Self.object(earlier),
              onlyDescribes(laterFields, earlier, depth: 0) else { return nil }
        let annotations = laterFields.filter { Self.isPlainAnnotation([$0]) }
        let given = Set(annotations.map(\.key))
        return JSONNode(value: .object(base.filter { !given.contains($0.key) } + annotations), location: earlier.location)
    }

    /// Whether `fields` say of `earlier` no more than it says: its type, keys it requires,
    /// properties it declares that say no more either, and texts (any annotation at the top,
    /// where the property keeps them; below, only those that change no value).
    private func onlyDescribes(_ fields: [JSONNode.Member], _ earlier: JSONNode, depth: Int) -> Bool {
        guard depth < Self.maximumSchemaDepth, let own = Self.object(followingReferences(earlier)) else { return false }
        let ownProperties = member("properties", own).flatMap { Self.object($0.value) }
        for field in fields {
            switch field.key {
            case "properties":
                guard let nested = Self.object(field.value), let ownProperties else { return false }
                for entry in nested {
                    guard let match = ownProperties.first(where: { $0.key == entry.key }), let entryFields = Self.object(entry.value),
                          onlyDescribes(entryFields, match.value, depth: depth + 1) else { return false }
                }
            case "type":
                // The same type; `object` where the earlier schema has properties (one that allows
                // null keeps it: a null too many loses nothing, a schema read anew would).
                guard let type = Self.text(field.value),
                      type == member("type", own).flatMap({ Self.text($0.value) }) || (type == "object" && ownProperties != nil)
                else { return false }
            case "required":
                let required = Set((Self.elements(field.value) ?? []).compactMap { Self.text($0) })
                guard required.isSubset(of: requiredKeys(of: earlier)) else { return false }
            default:
                guard Self.texts.contains(field.key) || field.key.hasPrefix("x-") || (depth == 0 && Self.isPlainAnnotation([field])) else { return false }
            }
        }
        return true
    }

    /// The annotations that change no value: what a schema says of itself in words.
    private static let texts: Set<String> = ["description", "title", "deprecated", "example", "examples", "externalDocs", "xml"]

    private static let annotations: Set<String> = texts.union(["nullable", "readOnly", "writeOnly", "default"])

    private static func isPlainAnnotation(_ members: [JSONNode.Member]) -> Bool {
        members.allSatisfy { annotations.contains($0.key) || $0.key.hasPrefix("x-") }
    }

    /// Annotations, with or without `type: object`.
    private static func declaresOnlyAnObject(_ members: [JSONNode.Member]) -> Bool {
        members.allSatisfy { isPlainAnnotation([$0]) || ($0.key == "type" && isObjectType($0.value)) }
    }

    /// `object`, or a list of `object` and `null`.
    private static func isObjectType(_ node: JSONNode) -> Bool {
        switch node.value {
        case .string("object"): return true
        case .array(let elements):
            let names = elements.compactMap { text($0) }
            return names.count == elements.count && names.contains("object") && names.allSatisfy { $0 == "object" || $0 == "null" }
        default: return false
        }
    }

    /// An annotation of a schema (`description`, `nullable`, `default`, `readOnly`…): its own, or
    /// else one an annotation-only part of its `allOf` gives it, as in
    /// `allOf: [{$ref: …}, {description: …, nullable: true}]`.
    func annotation(_ key: String, _ members: [JSONNode.Member]) -> JSONNode.Member? {
        if let own = member(key, members) { return own }
        guard let parts = member("allOf", members).flatMap({ Self.elements($0.value) }) else { return nil }
        for part in parts where isAnnotationOnly(part, among: parts) {
            if let given = Self.object(part).flatMap({ member(key, $0) }) { return given }
        }
        return nil
    }

    static func elements(_ node: JSONNode) -> [JSONNode]? {
        if case .array(let elements) = node.value { return elements }
        return nil
    }

    /// `type` as a list without `null`: `"string"` → ["string"], `["string", "null"]` → ["string"].
    func typeNames(_ members: [JSONNode.Member]) -> [String] {
        Self.typeNames(members)
    }

    static func typeNames(_ members: [JSONNode.Member]) -> [String] {
        guard let node = members.first(where: { $0.key == "type" })?.value else { return [] }
        switch node.value {
        case .string(let name): return name == "null" ? [] : [name]
        case .array(let elements):
            return elements.compactMap { if case .string(let name) = $0.value, name != "null" { name } else { nil } }
        default: return []
        }
    }

    /// Whether the schema allows `null`: 3.0's `nullable`, 3.1's `"null"` type, a `null` in `enum`,
    /// a `{type: null}` alternative, or an alternative that allows it.
    func allowsNull(_ members: [JSONNode.Member]) -> Bool {
        allowsNull(members, depth: 0)
    }

    private func allowsNull(_ members: [JSONNode.Member], depth: Int) -> Bool {
        if Self.bool(annotation("nullable", members)?.value) { return true }
        if let node = annotation("type", members)?.value {
            switch node.value {
            case .string("null"): return true
            case .array(let elements): if elements.contains(where: { if case .string("null") = $0.value { true } else { false } }) { return true }
            default: break
            }
        }
        if let values = member("enum", members).flatMap({ Self.elements($0.value) }),
           values.contains(where: { if case .null = $0.value { true } else { false } }) {
            return true
        }
        for key in ["oneOf", "anyOf"] {
            guard let options = member(key, members).flatMap({ Self.elements($0.value) }) else { continue }
            if options.contains(where: isNullSchema) { return true }
            // `anyOf: [{type: string}, {enum: [a, null]}]`: the union holds null too. (Through
            // references a few levels deep: a chain that comes back to itself ends there.)
            if depth < 8, options.contains(where: { option in
                Self.object(followingReferences(option)).map { allowsNull($0, depth: depth + 1) } ?? false
            }) { return true }
        }
        return false
    }

    func isNullSchema(_ node: JSONNode) -> Bool {
        guard let members = Self.object(node) else { return false }
        if let type = member("type", members)?.value, case .string("null") = type.value { return true }
        if let values = member("enum", members).flatMap({ Self.elements($0.value) }), values.count == 1, case .null = values[0].value {
            return true
        }
        return false
    }

    /// The members of `oneOf` or `anyOf`, without `null` ones.
    func alternatives(_ members: [JSONNode.Member]) -> [JSONNode]? {
        for key in ["oneOf", "anyOf"] {
            if let options = member(key, members).flatMap({ Self.elements($0.value) }) {
                return options.filter { !isNullSchema($0) }
            }
        }
        return nil
    }

    struct EnumValues {
        var strings: [JSONNode] = []
        var integers: [JSONNode] = []
        var others: [JSONNode] = []
        var mixed: Bool { others.count > 0 || (!strings.isEmpty && !integers.isEmpty) }
    }

    /// The values of a union of strings that lists some of them (`anyOf: [{type: string}, {enum:
    /// [a, b]}]`: an enum beside the other strings it allows, as OpenAI's model names are), in
    /// order and each once; an alternative may be such a union itself. An open enum holds them
    /// all, and any other string as its `unknown`, so the union becomes one (a `null` an
    /// alternative allows is the union's, see ``allowsNull(_:)``). Nil when an alternative is
    /// anything but a plain string or a string enum (a format, an integer, an object), or none
    /// lists values.
    func stringEnumUnionValues(_ members: [JSONNode.Member]) -> [JSONNode]? {
        var visited: Set<String> = []
        return stringEnumUnionValues(members, visited: &visited)
    }

    private func stringEnumUnionValues(_ members: [JSONNode.Member], visited: inout Set<String>) -> [JSONNode]? {
        guard let alternatives = alternatives(members), !alternatives.isEmpty, !hasProperties(members) else { return nil }
        var result: [JSONNode] = []
        var seen: Set<String> = []
        for alternative in alternatives {
            if let reference = Self.object(alternative).flatMap({ member("$ref", $0) }).flatMap({ Self.text($0.value) }) {
                guard visited.insert(reference).inserted else { continue }
            }
            // A `null` it allows is the union's (`allowsNull`), not a value of the enum.
            guard var inner = Self.object(followingReferences(alternative)) else { return nil }
            // `{allOf: [{$ref: …}], description: …}`: the one schema it annotates.
            var seenBefore = false
            for _ in 0..<Self.maximumSchemaDepth {
                guard enumValues(inner) == nil, typeNames(inner).isEmpty, !hasProperties(inner),
                      member("oneOf", inner) == nil, member("anyOf", inner) == nil,
                      let parts = member("allOf", inner).flatMap({ Self.elements($0.value) }).map({ all in all.filter { !isAnnotationOnly($0, among: all) } }), parts.count == 1
                else { break }
                if let reference = Self.object(parts[0]).flatMap({ member("$ref", $0) }).flatMap({ Self.text($0.value) }),
                   !visited.insert(reference).inserted {
                    seenBefore = true
                    break
                }
                guard let next = Self.object(followingReferences(parts[0])) else { return nil }
                inner = next
            }
            if seenBefore { continue }
            guard member("format", inner) == nil else { return nil }
            let values: [JSONNode]
            if let listed = enumValues(inner) {
                guard listed.integers.isEmpty, listed.others.isEmpty, typeNames(inner).allSatisfy({ $0 == "string" }) else { return nil }
                values = listed.strings
            } else if member("oneOf", inner) != nil || member("anyOf", inner) != nil {
                guard let nested = stringEnumUnionValues(inner, visited: &visited) else { return nil }
                values = nested
            } else if typeNames(inner) == ["string"], member("allOf", inner) == nil, member("not", inner) == nil {
                values = []
            } else {
                return nil
            }
            for value in values {
                if case .string(let text) = value.value, seen.insert(text).inserted { result.append(value) }
            }
        }
        return result.isEmpty ? nil : result
    }

    /// The one value of a constant (`const`, or an `enum` of one string, number or Boolean, `null`
    /// aside); nil for a schema that is none.
    func constant(_ members: [JSONNode.Member]) -> JSONNode? {
        guard let values = enumValues(members), case let all = values.strings + values.integers + values.others,
              all.count == 1 else { return nil }
        switch all[0].value {
        case .string, .number, .bool: return all[0]
        default: return nil
        }
    }

    /// The document's date-time examples (a schema's `example` or first of its `examples`), when
    /// there are two or more and each is a date and time in another form than RFC 3339's: the
    /// form the API most likely writes all its dates in. One in RFC 3339's form says otherwise;
    /// an example that is no date at all (`"string"`), or a date alone, says nothing.
    mutating func findDateTimeForm() {
        var first: (example: JSONNode, pointer: String)?
        var count = 0
        // Depth first, in the document's order; `path` holds the keys down to the node, and the
        // pointer is spelt only for the first example.
        var stack: [(node: JSONNode, depth: Int, token: String)] = [(root, 0, "#")]
        var path: [String] = []
        while let (node, depth, token) = stack.popLast() {
            path.removeLast(path.count - depth)
            path.append(token)
            switch node.value {
            case .object(let members):
                if let format = member("format", members), Self.text(format.value) == "date-time",
                   let (example, key) = member("example", members).map({ ($0.value, "example") })
                    ?? member("examples", members).flatMap({ Self.elements($0.value)?.first }).map({ ($0, "examples") }),
                   let text = Self.text(example) {
                    if Self.isRFC3339DateTime(text) { return }
                    // A date with a time (a date alone may be a slip of one example).
                    if Self.isCalendarDate(Array(text.utf8)), text.utf8.count > 10 {
                        count += 1
                        if first == nil {
                            let pointer = path.dropFirst().reduce("#") { Self.pointer($0, $1) }
                            first = (example, key == "example" ? Self.pointer(pointer, key) : Self.pointer(pointer, key) + "/0")
                        }
                    }
                }
                for entry in members.reversed() { stack.append((entry.value, depth + 1, entry.key)) }
            case .array(let elements):
                for (index, element) in elements.enumerated().reversed() { stack.append((element, depth + 1, String(index))) }
            default:
                break
            }
        }
        // Two at least: one is a slip as likely as a form.
        if let first, count >= 2 { dateTimeForm = (first.example, first.pointer, count) }
    }

    /// Whether `text` is a calendar date as RFC 3339 writes it: `2024-05-01`.
    static func isCalendarDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 10 && isCalendarDate(bytes)
    }

    private static func isCalendarDate(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 10 && [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { isDigit(bytes[$0]) }
            && bytes[4] == UInt8(ascii: "-") && bytes[7] == UInt8(ascii: "-")
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Whether `text` is a date-time in the form the runtime decodes: RFC 3339's (`T` or `t`,
    /// seconds, an optional fraction, `Z`, `z` or an offset, also `+0200` and `+02`).
    static func isRFC3339DateTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Bool { range.upperBound <= bytes.count && range.allSatisfy { isDigit(bytes[$0]) } }
        guard isCalendarDate(bytes), bytes.count > 19, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
              digits(11..<13), bytes[13] == UInt8(ascii: ":"), digits(14..<16), bytes[16] == UInt8(ascii: ":"), digits(17..<19)
        else { return false }
        var index = 19
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index > start, index < bytes.count else { return false }
        }
        if bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") { return index + 1 == bytes.count }
        guard bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"), digits(index + 1..<index + 3) else { return false }
        switch bytes.count - (index + 3) {
        case 0: return true
        case 2: return digits(index + 3..<index + 5)
        case 3: return bytes[index + 3] == UInt8(ascii: ":") && digits(index + 4..<index + 6)
        default: return false
        }
    }

    /// A value of the document as code in a doc comment (`` `50` ``), when it reads well there:
    /// short, and without a backtick that would end the code span; nil when it does not.
    static func codeSpan(_ value: JSONNode) -> String? {
        let text = SpecWriter.oneLine(value)
        return text.count <= 80 && !text.contains("`") ? "`\(text)`" : nil
    }

    /// `description` with one more paragraph.
    static func adding(_ paragraph: String, to description: String?) -> String {
        [description, paragraph].compactMap { $0 }.joined(separator: "\n\n")
    }

    /// The values of `enum` (or 3.1's `const`), without `null`.
    func enumValues(_ members: [JSONNode.Member]) -> EnumValues? {
        // An array's `enum` lists its elements' values, which `arrayType` reads.
        if Self.isArray(members, typeNames(members)) { return nil }
        var nodes: [JSONNode]
        if let values = member("enum", members).flatMap({ Self.elements($0.value) }) {
            nodes = values
        } else if let constant = member("const", members) {
            nodes = [constant.value]
        } else {
            return nil
        }
        let declared = Self.declaredEnumType(members, nodes)
        var values = EnumValues()
        for node in nodes {
            switch node.value {
            case .null: continue
            case .number(let text) where declared == ["string"]:
                values.strings.append(JSONNode(value: .string(text), location: node.location))
            case .bool(let flag) where declared == ["string"]:
                values.strings.append(JSONNode(value: .string(flag ? "true" : "false"), location: node.location))
            case .string(let text) where declared == ["integer"] && Int(text) != nil:
                values.integers.append(JSONNode(value: .number(text), location: node.location))
            case .string: values.strings.append(node)
            case .number(let text) where Int(text) != nil: values.integers.append(node)
            default: values.others.append(node)
            }
        }
        return values
    }

    /// The values of an enum written as another type than the schema declares, which the import
    /// reads as the declared one: what its warning names.
    func enumValuesOfAnotherType(_ members: [JSONNode.Member]) -> [JSONNode] {
        let nodes = member("enum", members).flatMap { Self.elements($0.value) } ?? member("const", members).map { [$0.value] } ?? []
        let declared = Self.declaredEnumType(members, nodes)
        return nodes.filter { node in
            switch node.value {
            case .number, .bool: declared == ["string"]
            case .string(let text): declared == ["integer"] && Int(text) != nil
            default: false
            }
        }
    }

    /// The type an enum's values are read as: the schema's declared type (`type: string, enum:
    /// [1.0, 1.1]`, as YAML reads unquoted versions; `type: integer, enum: ["1", "2"]`), since the
    /// API sends that type; integers written as strings only when every one is (`" 3"` keeps the
    /// enum of strings it was). Empty: each value as it is.
    static func declaredEnumType(_ members: [JSONNode.Member], _ values: [JSONNode]) -> [String] {
        let declared = typeNames(members)
        if declared == ["integer"], !values.allSatisfy({ if case .string(let text) = $0.value { Int(text) != nil } else { true } }) {
            return []
        }
        return declared
    }

    /// Whether a schema is an array: `type: array`, or `items` without a type.
    static func isArray(_ members: [JSONNode.Member], _ types: [String]) -> Bool {
        types == ["array"] || (types.isEmpty && members.contains { $0.key == "items" })
    }

    /// `additionalProperties` that says what the values are (`{type: string}`, a `$ref`), not
    /// `true` or `{}`.
    func isTypedMap(_ members: [JSONNode.Member]) -> Bool {
        guard let node = additionalPropertiesNode(members), let fields = Self.object(node) else { return false }
        return fields.contains { !Self.isPlainAnnotation([$0]) }
    }

    func additionalPropertiesNode(_ members: [JSONNode.Member]) -> JSONNode? {
        guard let node = member("additionalProperties", members)?.value else { return nil }
        if case .bool(false) = node.value { return nil }
        return node
    }

    // MARK: Types

    /// The type expression of a schema where it is used; a schema that is a model becomes one (or
    /// is the one it refers to).
    mutating func schemaType(_ node: JSONNode, pointer: String, hint: String, context: Context) -> SchemaType {
        // Each schema inside another (inline or through a reference) is read by a call inside
        // this one: a chain thousands long would overflow the stack.
        schemaDepth += 1
        defer { schemaDepth -= 1 }
        guard schemaDepth <= Self.maximumSchemaDepth else {
            depthCuts += 1
            unmapped("the schema lies more than \(Self.maximumSchemaDepth) schemas deep (inline or through references), deeper than "
                     + "the import follows; it becomes JSON", at: node, pointer: pointer)
            return .json
        }
        guard let members = schemaMembers(node) else {
            // `true` (anything) or `false` (nothing): both hold JSON.
            return .json
        }
        if let reference = member("$ref", members) {
            // Keys that refine an object schema's reference were made a composition
            // (`OpenAPIImport.repaired`); beside any other they are said, not dropped.
            if let extra = members.first(where: { ($0.key == "properties" && !(Self.object($0.value)?.isEmpty ?? true))
                || ($0.key == "required" && !(Self.elements($0.value)?.isEmpty ?? true)) }) {
                unmapped("'\(extra.key)' beside the reference is not imported: the schema it names is not an object of properties "
                         + "that it could refine", at: extra.value, pointer: Self.pointer(pointer, extra.key))
            }
            var type = referencedType(reference.value, pointer: pointer, context: context)
            // The schema it names may allow null itself (`"type": ["object", "null"]`, `nullable`,
            // a `null` among its `oneOf`): a model of it is the value, and the place holds null too.
            if allowsNull(members) || referenceAllowsNull(reference.value) { type.nullable = true }
            return type
        }
        let nullable = allowsNull(members)
        var type = unannotatedType(node, members, pointer: pointer, hint: hint, context: context)
        if nullable { type.nullable = true }
        return type
    }

    /// Whether the schema a `$ref` names, or one it names in turn, allows null.
    private func referenceAllowsNull(_ node: JSONNode, depth: Int = 0) -> Bool {
        guard depth < 32, case .string(let written) = node.value else { return false }
        let target = Self.canonicalReference(written)
        if let known = walks.allowsNull[target] { return known }
        guard let members = resolve(target).flatMap(schemaMembers) else { return false }
        if allowsNull(members) { return true }
        let result = member("$ref", members).map { referenceAllowsNull($0.value, depth: depth + 1) } ?? false
        // Remembered as found from the top, where the walk goes furthest.
        if depth == 0 { walks.allowsNull[target] = result }
        return result
    }

    private mutating func referencedType(_ node: JSONNode, pointer: String, context: Context) -> SchemaType {
        guard case .string(let written) = node.value else { return .json }
        let target = Self.canonicalReference(written)
        guard target.hasPrefix("#") else {
            unmapped(Self.outside(written) + "the value is kept as JSON", at: node, pointer: pointer)
            return .json
        }
        let prefix = "#/components/schemas/"
        if target.hasPrefix(prefix), !target.dropFirst(prefix.count).contains("/") {
            let name = Self.pointerTokenValue(String(target.dropFirst(prefix.count)))
            if let model = componentModels[name] { return SchemaType(type: model) }
            if resolve(target) != nil {
                var type = aliasType(name)
                if context != .property, type.dateStrategy != nil || type.type.contains("Date") {
                    type = demoteDates(type, context: context)
                }
                return type
            }
        }
        guard let resolved = resolve(target) else {
            error("the reference '\(written)' names nothing in this document", at: node, pointer: pointer)
            return .json
        }
        if let model = modelAtPointer[target] { return SchemaType(type: model) }
        if modelKind(of: resolved) != nil {
            let name = uniqueTypeName(placeName(target))
            record(model: name, at: target)
            makeModel(resolved, pointer: target, name: name, nameLocation: resolved.location)
            return SchemaType(type: name)
        }
        guard referencesInProgress.insert(target).inserted else {
            unmapped("the reference '\(written)' leads back to itself with no object in between, which no Swift type can hold; "
                     + "it becomes JSON", at: node, pointer: pointer)
            return .json
        }
        defer { referencesInProgress.remove(target) }
        return schemaType(resolved, pointer: target, hint: Self.lastToken(target), context: context)
    }

    static func lastToken(_ pointer: String) -> String {
        pointerTokenValue(String(pointer.split(separator: "/").last ?? "Value"))
    }

    /// The name a model read through a `$ref` to an inline schema gets: the one its place gives
    /// it when read there (a response → `<Operation>Response`, an error body → `<Operation>Error`,
    /// a request body → `<Operation>Request`, a parameter's → `<Operation><Parameter>`, a
    /// property's → `<Model><Property>`, items → `…Item`), so that the name does not depend on
    /// which the document reaches first (fire.com's references into its paths made `Schema`,
    /// `Schema2` and `Items`); the pointer's last token where the place gives none.
    func placeName(_ target: String) -> String {
        let tokens = target.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false).map { Self.pointerTokenValue(String($0)) }
        // Definitions kept inside a schema (`$defs/Tag`, a file's `definitions`) are named by their keys.
        if tokens.contains("$defs") || tokens.contains("definitions") { return Self.lastToken(target) }
        var name: String
        var rest: ArraySlice<String>
        if tokens.count >= 3, tokens[0] == "components", tokens[1] == "schemas" {
            name = componentModels[tokens[2]] ?? tokens[2]
            rest = tokens[3...]
        } else if tokens.count >= 3, tokens[0] == "paths",
                  let operation = resolve(Self.pointer(Self.pointer("#/paths", tokens[1]), tokens[2])).flatMap({ Self.object($0) }) {
            name = member("operationId", operation).flatMap { Self.text($0.value) }.map { SwiftNaming.typeName($0) }
                ?? SwiftNaming.typeName(Resolver.derivedName(method: tokens[2].uppercased(), segments: Self.nameSegments(tokens[1])))
            // The operation's place: a response's, the request body's or a parameter's schema.
            let place = Array(tokens.dropFirst(3).prefix(5))
            if place.count == 5, place[0] == "responses", place[2] == "content", place[4] == "schema" {
                name += place[1].hasPrefix("2") ? "Response" : "Error"
                rest = tokens.dropFirst(8)
            } else if place.count >= 4, place[0] == "requestBody", place[1] == "content", place[3] == "schema" {
                name += "Request"
                rest = tokens.dropFirst(7)
            } else if place.count >= 3, place[0] == "parameters", place[2] == "schema",
                      let parameters = member("parameters", operation).flatMap({ Self.elements($0.value) }), let index = Int(place[1]),
                      parameters.indices.contains(index),
                      let parameterName = Self.object(followingReferences(parameters[index])).flatMap({ member("name", $0) }).flatMap({ Self.text($0.value) }) {
                name += SwiftNaming.typeName(parameterName)
                rest = tokens.dropFirst(6)
            } else {
                return Self.lastToken(target)
            }
        } else {
            return Self.lastToken(target)
        }
        return name + Self.trailingName(rest)
    }

    /// What the places inside a schema add to its name: `properties/owner` → `Owner`, `items` →
    /// `Item`, `additionalProperties` → `Value`, an alternative → `Option2`, a part of `allOf` →
    /// `Part2`.
    private static func trailingName(_ tokens: ArraySlice<String>) -> String {
        var result = ""
        var rest = tokens
        while let token = rest.first {
            rest = rest.dropFirst()
            switch token {
            case "items": result += "Item"
            case "additionalProperties": result += "Value"
            case "properties":
                guard let key = rest.first else { return result }
                result += SwiftNaming.typeName(key)
                rest = rest.dropFirst()
            case "allOf", "oneOf", "anyOf":
                // A part of a composition is no alternative (Codat's `Order/allOf/0`, referred to
                // on its own, was `OrderOption1`).
                guard let index = rest.first.flatMap({ Int($0) }) else { return result }
                result += (token == "allOf" ? "Part" : "Option") + "\(index + 1)"
                rest = rest.dropFirst()
            default: result += SwiftNaming.typeName(token)
            }
        }
        return result
    }

    /// A type read in a property context, used where dates stay text.
    private func demoteDates(_ type: SchemaType, context: Context) -> SchemaType {
        var result = type
        if context == .plain || type.dateStrategy == "dateOnly" {
            result.type = type.type.replacingDateWithString()
        }
        result.dateStrategy = nil
        return result
    }

    private mutating func unannotatedType(
        _ node: JSONNode, _ members: [JSONNode.Member], pointer: String, hint: String, context: Context
    ) -> SchemaType {
        if let kind = modelKind(of: node) {
            // An enum with one value (`{"enum": ["list"]}`, `const`) inline is a constant: its type.
            if kind == .enumeration, let constant = constant(members) {
                let isText = if case .string = constant.value { true } else { false }
                return SchemaType(type: isText ? "String" : "Int")
            }
            if let existing = modelAtPointer[pointer] { return SchemaType(type: existing) }
            let name = uniqueTypeName(hint)
            record(model: name, at: pointer)
            makeModel(node, pointer: pointer, name: name, nameLocation: node.location)
            return SchemaType(type: name)
        }
        if let not = member("not", members) {
            unmapped("'not' is not imported: the spec format cannot say what a value is not", at: not.value,
                     pointer: Self.pointer(pointer, "not"))
        }
        if let values = enumValues(members), values.mixed || !values.others.isEmpty {
            let kinds = Set(values.others.map(\.kindName))
            if values.strings.isEmpty && values.integers.isEmpty && kinds == ["a boolean"] { return SchemaType(type: "Bool") }
            if values.strings.isEmpty && kinds == ["a number"] { return SchemaType(type: "Double") }
            var message = "an enum of mixed values becomes JSON: the spec format's enums hold strings or whole numbers"
            if member("type", members).flatMap({ Self.text($0.value) }) == "string", let other = (values.integers + values.others).first {
                // YAML reads `1.0`, `true` and `null` unquoted as what they look like.
                message += "; its type is string, but \(other.kindName) is among its values (in YAML, quote such a value to make it text)"
            }
            unmapped(message, at: node, pointer: pointer)
            return .json
        }
        if let alternatives = alternatives(members) {
            // One alternative left once `null` is taken out: that alternative, nullable.
            if alternatives.count == 1 {
                let key = member("oneOf", members) != nil ? "oneOf" : "anyOf"
                let offset = member(key, members).flatMap { Self.elements($0.value) }?
                    .firstIndex { $0.location == alternatives[0].location } ?? 0
                return schemaType(alternatives[0], pointer: Self.pointer(pointer, key) + "/\(offset)", hint: hint, context: context)
            }
            if alternatives.isEmpty { return .json }
        }
        if let parts = member("allOf", members).flatMap({ Self.elements($0.value) }) {
            let meaningful = parts.enumerated().filter { !isAnnotationOnly($0.element, among: parts) }
            if meaningful.count == 1 {
                return schemaType(meaningful[0].element, pointer: Self.pointer(pointer, "allOf") + "/\(meaningful[0].offset)",
                                  hint: hint, context: context)
            }
            if let index = plainValuePart(meaningful.map(\.element)) {
                var type = schemaType(meaningful[index].element, pointer: Self.pointer(pointer, "allOf") + "/\(meaningful[index].offset)",
                                      hint: hint, context: context)
                // `null` where a part allows it, whichever part gives the type (found by the review).
                if meaningful.contains(where: { Self.object(followingReferences($0.element)).map(allowsNull) ?? false }) { type.nullable = true }
                return type
            }
            return .json
        }
        let types = typeNames(members)
        if types.count > 1 {
            // A name that is no type in the list (`["int", "string"]`, found by the review) leaves
            // the value any JSON, as alone.
            if let unknown = types.first(where: { !["string", "integer", "number", "boolean", "array", "object"].contains($0) }) {
                warnOfUnknownType(unknown, members, node: node, pointer: pointer)
                return .json
            }
            // `type: ["string", "integer"]`: a union of those types.
            return unionOfTypes(types, node: node, pointer: pointer, hint: hint)
        }
        switch types.first {
        case "string":
            return stringType(members, pointer: pointer, context: context)
        case "integer":
            if hasFractionalExample(members, pointer: pointer) { return SchemaType(type: "Double") }
            if let format = member("format", members).flatMap({ Self.text($0.value) }), format == "int64" || format == "uint32" || format == "uint64" {
                return SchemaType(type: "Int64")
            }
            return SchemaType(type: "Int")
        case "number":
            return SchemaType(type: "Double")
        case "boolean":
            return SchemaType(type: "Bool")
        case "array":
            return arrayType(members, pointer: pointer, hint: hint, context: context)
        case "object":
            return mapType(members, pointer: pointer, hint: hint)
        case nil:
            if member("items", members) != nil { return arrayType(members, pointer: pointer, hint: hint, context: context) }
            if additionalPropertiesNode(members) != nil { return mapType(members, pointer: pointer, hint: hint) }
            if member("format", members) != nil || member("pattern", members) != nil || member("minLength", members) != nil {
                return stringType(members, pointer: pointer, context: context)
            }
            return .json
        case let name?:
            warnOfUnknownType(name, members, node: node, pointer: pointer)
            return .json
        }
    }

    /// The members of an `allOf` part that is a `oneOf` or `anyOf` of objects (Alpaca's `Journal`:
    /// `allOf: [{id…}, {oneOf: [Cash, Shares]}]`, found by a tester: the members' keys were
    /// dropped), with their pointers: their properties are the model's too, each optional, since
    /// an object holds those of one member only. Said once; nil for another part. Apart from
    /// `structModel` for its frame, as below.
    @inline(never)
    private mutating func alternativeParts(
        _ part: JSONNode, _ partMembers: [JSONNode.Member], pointer: String, model: String, membersPointer: String? = nil
    ) -> [(node: JSONNode, pointer: String)]? {
        guard let key = ["oneOf", "anyOf"].first(where: { member($0, partMembers) != nil }), let options = alternatives(partMembers),
              !options.isEmpty, options.allSatisfy({ modelKind(of: followingReferences($0)) == .structure }) else { return nil }
        let what = membersPointer == nil ? "the '\(key)' in this part of 'allOf'" : "the '\(key)' this part of 'allOf' names"
        unmapped("\(what) is read as its members' properties, each optional: an object of "
                 + "'\(model)' holds those of one of them", at: part, pointer: pointer)
        let keyPointer = Self.pointer(membersPointer ?? pointer, key)
        return options.enumerated().map { ($1, keyPointer + "/\($0)") }
    }

    // Apart from `unannotatedType`, whose frame a schema nested 48 deep holds 48 times on a
    // thread's stack (a debug build's frames are large: each string built for a warning takes
    // room in it).

    /// Whether an integer's own example has a fraction (Linode's `price.hourly: 0.03`): what the
    /// API sends, most likely, which as an integer would fail to decode. Said when it has.
    @inline(never)
    private mutating func hasFractionalExample(_ members: [JSONNode.Member], pointer: String) -> Bool {
        let own = member("example", members)?.value
        guard let example = own ?? member("examples", members).flatMap({ Self.elements($0.value)?.first }),
              case .number(let text) = example.value, let value = Double(text), value.isFinite, value.rounded() != value else { return false }
        unmapped("the example \(text) is not an integer; the API may send fractions, so this is a Double", at: example,
                 pointer: own != nil ? Self.pointer(pointer, "example") : Self.pointer(pointer, "examples") + "/0")
        return true
    }

    /// No JSON Schema type (Mattermost's `type: int`, `type: bool`, found by a tester): said, with
    /// the one most likely meant.
    @inline(never)
    private mutating func warnOfUnknownType(_ name: String, _ members: [JSONNode.Member], node: JSONNode, pointer: String) {
        let meant = ["int": "integer", "long": "integer", "bool": "boolean", "str": "string", "float": "number", "double": "number",
                     "dict": "object", "map": "object", "list": "array"][name.lowercased()]
        unmapped("'\(name)' is no JSON Schema type (string, integer, number, boolean, array, object, null)"
                 + (meant.map { "; most likely '\($0)' was meant" } ?? "") + "; the value is read as any JSON",
                 at: member("type", members)?.value ?? node, pointer: Self.pointer(pointer, "type"))
    }

    private mutating func stringType(_ members: [JSONNode.Member], pointer: String, context: Context) -> SchemaType {
        let format = member("format", members).flatMap { Self.text($0.value) }
        switch format {
        case "date-time" where context != .plain, "date" where context == .property:
            // The document's own example in another form (Giphy's `2013-08-01 12:41:48`, .NET's
            // dates without a zone) is how the API writes its dates, most likely: as a `Date` they
            // would fail to decode, and the whole response with them, or go out in another form.
            let own = member("example", members)?.value
            let example = own ?? member("examples", members).flatMap { Self.elements($0.value)?.first }
            if let example, let text = Self.text(example), !(format == "date" ? Self.isCalendarDate(text) : Self.isRFC3339DateTime(text)) {
                let form = format == "date" ? "a calendar date (2024-05-01)" : "an RFC 3339 date-time (2024-05-01T10:20:30Z)"
                unmapped("the example \(SpecWriter.oneLine(example)) is not \(form), the form a '\(format!)' is read and sent in; "
                         + "the API may use its own, so this is a String", at: example, pointer: own != nil ? Self.pointer(pointer, "example") : Self.pointer(pointer, "examples") + "/0")
                return SchemaType(type: "String")
            }
            // Without an example of its own, a date-time goes the way of the document's examples
            // when all of them are in one other form (Linode's `2018-01-01T00:01:01`, without a
            // zone, in 34 places: the 10 date-times without an example failed to decode).
            if example == nil, format == "date-time", let form = dateTimeForm {
                unmapped("the document's date-time examples (\(form.count), this one first) are all dates in another form than "
                         + "RFC 3339's (2024-05-01T10:20:30Z): the API most likely writes every date so, and its date-times without "
                         + "an example are Strings too", at: form.example, pointer: form.pointer, concerns: [], once: "dateTimeForm")
                return SchemaType(type: "String")
            }
            return format == "date" ? SchemaType(type: "Date", dateStrategy: "dateOnly") : SchemaType(type: "Date")
        case "date-time", "date":
            return SchemaType(type: "String")
        case "uri", "url", "uuid":
            // A String, as the value came. APIs send `""` and IRIs
            // (`https://de.wikipedia.org/wiki/Köln`) in their URI fields too: Foundation's `URL`
            // cannot hold the first, so the whole response failed to decode, and percent-encodes
            // the second, so the value went back changed (`K%C3%B6ln`). Foundation's `UUID` writes
            // upper case, so the lower-case ids most APIs send went back in another spelling,
            // which a server that compares them as text does not find. `URL(string:)` and
            // `UUID(uuidString:)` are one call away for the app.
            return SchemaType(type: "String")
        case "byte":
            return SchemaType(type: "Data")
        case "binary":
            return SchemaType(type: "File")
        default:
            // OpenAPI 3.1 spells bytes in JSON Schema's words: `contentEncoding: base64` for
            // `format: byte`, and in a multipart form `contentMediaType` (a part of that type) for
            // `format: binary`. Without an encoding, text in a JSON document stays text.
            if let encoding = member("contentEncoding", members).flatMap({ Self.text($0.value) }), encoding.lowercased() == "base64" {
                return SchemaType(type: "Data")
            }
            if readingMultipart, let media = member("contentMediaType", members).flatMap({ Self.text($0.value) }),
               !media.lowercased().hasPrefix("text/"), !Resolver.isJSONMediaType(media) {
                return SchemaType(type: "File")
            }
            return SchemaType(type: "String")
        }
    }

    private mutating func arrayType(_ members: [JSONNode.Member], pointer: String, hint: String, context: Context) -> SchemaType {
        if let prefixItems = member("prefixItems", members) {
            unmapped("a tuple ('prefixItems') becomes [JSON]: the spec format's arrays hold one type", at: prefixItems.value,
                     pointer: Self.pointer(pointer, "prefixItems"))
            return SchemaType(type: "[JSON]")
        }
        guard let items = member("items", members) else { return SchemaType(type: "[JSON]") }
        // `enum` beside `items` (Wordnik's `sourceDictionaries`, `type: array, items: {type:
        // string}, enum: [all, ahd, century]`) lists the values of the elements: no array is one
        // of those strings. The import gave it to the elements (`OpenAPIImport.repaired`).
        if let listed = member("enum", members), OpenAPIImport.listsElementValues(listed.value.value) {
            let given = Self.object(items.value).map { member("enum", $0)?.value.location == listed.value.location } ?? false
            unmapped("the array's 'enum' lists values of its elements, not arrays; "
                     + (given ? "it is read as the elements' enum" : "it is not imported: the elements' schema is not a string or number of its own"),
                     at: listed.value, pointer: Self.pointer(pointer, "enum"))
        }
        var element = schemaType(items.value, pointer: Self.pointer(pointer, "items"), hint: hint + "Item", context: context)
        if element.type == "File" { element.type = "Data" }
        return SchemaType(type: "[\(element.type)\(element.nullable ? "?" : "")]", dateStrategy: element.dateStrategy)
    }

    /// An object without properties: a dictionary of its additional properties' type.
    private mutating func mapType(_ members: [JSONNode.Member], pointer: String, hint: String) -> SchemaType {
        guard let node = additionalPropertiesNode(members) else { return SchemaType(type: "[String: JSON]") }
        if let key = ["oneOf", "anyOf"].first(where: { member($0, members) != nil }), let alternatives = member(key, members) {
            unmapped("'\(key)' beside 'additionalProperties' is not imported: the map keeps every key, those the alternatives name too",
                     at: alternatives.value, pointer: Self.pointer(pointer, key))
        }
        var value = schemaType(node, pointer: Self.pointer(pointer, "additionalProperties"), hint: hint + "Value", context: .plain)
        if value.type == "File" { value.type = "Data" }
        return SchemaType(type: "[String: \(value.type)\(value.nullable ? "?" : "")]")
    }

    private mutating func unionOfTypes(_ types: [String], node: JSONNode, pointer: String, hint: String) -> SchemaType {
        if Set(types) == ["integer", "number"] { return SchemaType(type: "Double") }
        if let existing = modelAtPointer[pointer] { return SchemaType(type: existing) }
        let name = uniqueTypeName(hint)
        record(model: name, at: pointer)
        var members: [SpecDocument.UnionMember] = []
        var seen: Set<String> = []
        // Stricter types first, so that each is tried before one that would take its values.
        let order = ["boolean", "integer", "number", "string", "array", "object"]
        for type in types.sorted(by: { (order.firstIndex(of: $0) ?? 9) < (order.firstIndex(of: $1) ?? 9) }) {
            let expression = switch type {
            case "boolean": "Bool"
            case "integer": "Int"
            case "number": "Double"
            case "string": "String"
            case "array": "[JSON]"
            default: "[String: JSON]"
            }
            if seen.insert(expression).inserted {
                members.append(.init(name: nil, type: Located(value: expression, location: node.location)))
            }
        }
        let index = models.count
        models.append(nil)
        models[index] = SpecDocument.Model(
            name: Located(value: name, location: node.location), pointer: pointer, description: description(of: node),
            options: .init(), tolerant: false,
            kind: .union(.init(location: node.location, members: members, discriminator: nil, mapping: [])))
        modelIndex[name] = index
        return SchemaType(type: name)
    }

    /// A schema's description (or title), and whether it is deprecated (Mux's `per_title_encode`),
    /// which the doc comment says: the spec format deprecates endpoints, not models or properties.
    func description(of node: JSONNode, sayingDeprecated: Bool = true) -> String? {
        guard let members = Self.object(node) else { return nil }
        let title = Self.prose(annotation("title", members)?.value)
        let description = Self.prose(annotation("description", members)?.value) ?? title
        return sayingDeprecated && Self.bool(annotation("deprecated", members)?.value) ? Self.deprecated(description) : description
    }

    /// A description that says its subject is deprecated: as it is when it says so already
    /// (`**Deprecated:** use …`, `This value is now deprecated`), not when it names something
    /// else that is not (`Use the non-deprecated field`).
    static func deprecated(_ description: String?) -> String {
        guard let description else { return "Deprecated." }
        let text = description.lowercased()
        let says = text.ranges(of: "deprecated").contains { range in
            let before = text[..<range.lowerBound]
            return !before.hasSuffix("non-") && !before.hasSuffix("not ") && !before.hasSuffix("un")
        }
        return says ? description : adding("Deprecated.", to: description)
    }

    // MARK: Models

    /// Reads a schema that is a model into `models`, at its place: after the model that holds it.
    mutating func makeModel(_ node: JSONNode, pointer: String, name: String, nameLocation: SourceLocation) {
        guard var members = polymorphicBases[pointer] ?? schemaMembers(node), let kind = modelKind(of: node) else { return }
        let index = models.count
        models.append(nil)
        let located = Located(value: name, location: nameLocation)
        let description = description(of: node)
        // An enum or union wrapped in an `allOf` of one inline part (`{allOf: [{enum: […]}], description: …}`)
        // is that part.
        var node = node, pointer = pointer
        while kind != .structure, let parts = member("allOf", members).flatMap({ Self.elements($0.value) }) {
            let meaningful = parts.enumerated().filter { !isAnnotationOnly($0.element, among: parts) }
            guard meaningful.count == 1, let inner = Self.object(meaningful[0].element), member("$ref", inner) == nil else { break }
            node = meaningful[0].element
            pointer = Self.pointer(pointer, "allOf") + "/\(meaningful[0].offset)"
            members = inner
        }
        reading.append(pointer)
        defer { reading.removeLast() }
        switch kind {
        case .enumeration:
            models[index] = enumModel(members, node: node, pointer: pointer, name: located, description: description)
        case .union:
            models[index] = unionModel(members, node: node, pointer: pointer, name: located, description: description)
        case .structure:
            models[index] = structModel(members, node: node, pointer: pointer, name: located, description: description)
        }
        modelIndex[name] = index
    }

    private mutating func enumModel(
        _ members: [JSONNode.Member], node: JSONNode, pointer: String, name: Located<String>, description: String?
    ) -> SpecDocument.Model {
        let values = enumValues(members) ?? EnumValues(strings: stringEnumUnionValues(members) ?? [])
        let converted = enumValuesOfAnotherType(members)
        if typeNames(members) == ["integer"], let text = values.strings.first(where: { Self.text($0).map { Int($0) == nil } ?? false }) {
            // Not every value reads as a whole number: the strings stay, said.
            unmapped("the enum's type is integer, but its values are strings, and \(SpecWriter.oneLine(text)) is no whole number; "
                     + "it is an enum of the strings as written", at: text, pointer: Self.pointer(pointer, member("enum", members) != nil ? "enum" : "const"))
        }
        if let first = converted.first {
            let declared = typeNames(members).first ?? ""
            let listed = converted.prefix(3).map { SpecWriter.oneLine($0) }.joined(separator: ", ") + (converted.count > 3 ? ", …" : "")
            unmapped("the enum's type is \(declared), and \(listed) among its values \(converted.count == 1 ? "is" : "are") not; "
                     + "\(converted.count == 1 ? "it is" : "they are") read as the \(declared == "string" ? "text" : "integers") the type declares"
                     + (declared == "string" ? " (in YAML, quote such a value to make it text)" : ""),
                     at: first, pointer: Self.pointer(pointer, member("enum", members) != nil ? "enum" : "const"))
        }
        var cases: [SpecDocument.EnumCase] = []
        var names: Set<String> = []
        var seenValues: Set<SpecDocument.EnumCase.RawValue> = []
        let listsUnknown = values.strings.contains { Self.text($0).map(SwiftNaming.memberName) == "unknown" }
        for value in values.strings + values.integers {
            let raw: SpecDocument.EnumCase.RawValue
            switch value.value {
            case .string(let text): raw = .string(text)
            case .number(let text): raw = .integer(Int(text)!)
            default: continue
            }
            guard seenValues.insert(raw).inserted else { continue }
            // Values that would give the same case name (`"red"`, `"Red"`), or `undocumented` beside
            // an `unknown` (which then keeps the unlisted values), get names of their own in the
            // object form.
            let derived: String = switch raw {
            case .string(let text): text.isEmpty ? "empty" : SwiftNaming.memberName(text)
            case .integer(let number): number < 0 ? "valueMinus\(number.magnitude)" : "value\(number)"
            }
            var caseName = derived
            var number = 2
            while names.contains(caseName) || (caseName == "undocumented" && listsUnknown) {
                caseName = derived + String(number)
                number += 1
            }
            names.insert(caseName)
            let explicitName = caseName == derived ? nil : Located(value: caseName, location: value.location)
            cases.append(.init(name: explicitName, value: Located(value: raw, location: value.location)))
        }
        if cases.contains(where: { $0.name != nil }) {
            // The object form names every case.
            cases = cases.map { enumCase in
                var named = enumCase
                if named.name == nil {
                    let derived: String = switch enumCase.value.value {
                    case .string(let text): text.isEmpty ? "empty" : text
                    case .integer(let number): number < 0 ? "valueMinus\(number.magnitude)" : "value\(number)"
                    }
                    named.name = Located(value: derived, location: enumCase.value.location)
                }
                return named
            }
        }
        return SpecDocument.Model(
            name: name, pointer: pointer, description: description, options: .init(), tolerant: false, kind: .enumeration(cases))
    }
}

extension String {
    /// A type expression with `Date` replaced by `String`, for places that keep dates as text.
    func replacingDateWithString() -> String {
        var result = ""
        var word = ""
        func flush() {
            result += word == "Date" ? "String" : word
            word = ""
        }
        for character in self {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return result
    }
}

extension OpenAPIReader {
    /// An object schema, with the `allOf` parts it is composed of: parts that name a struct model
    /// become its bases, inline parts give it their properties.
    mutating func structModel(
        _ members: [JSONNode.Member], node: JSONNode, pointer: String, name: Located<String>, description: String?
    ) -> SpecDocument.Model {
        // The parts in order: `allOf` parts, then the schema's own properties. A part that names
        // a struct model becomes a base, unless it shares a key with the other parts (OpenAPI lets
        // a schema narrow a property it composes; the spec format's composition does not): then
        // its properties are read in place, and a later part's property replaces an earlier one.
        // So is a base with a key that gives the Swift name of another part's key (`_id` in the
        // base, `id` here, found by a tester on Gitea's): read in place, the two get names of their
        // own, which a base, named once for all the models composed of it, cannot.
        var candidates: [(part: JSONNode, pointer: String, base: Located<String>?, target: JSONNode?)] = []
        // The members of a `oneOf` part: what they require is not required here.
        var alternativeCandidates: Set<Int> = []
        if let allOf = member("allOf", members).flatMap({ Self.elements($0.value) }) {
            for (offset, part) in allOf.enumerated() {
                let partPointer = Self.pointer(pointer, "allOf") + "/\(offset)"
                guard let partMembers = Self.object(part), !isAnnotationOnly(part, among: allOf) else { continue }
                if let reference = member("$ref", partMembers) {
                    let type = schemaType(part, pointer: partPointer, hint: name.value + "Base", context: .property)
                    let target = Self.text(reference.value).flatMap { resolve($0) }
                    if type.type == name.value {
                        unmapped("'\(name.value)' is composed of itself; that part is left out", at: part, pointer: partPointer)
                    } else if isStructModel(type.type) {
                        candidates.append((part, partPointer, Located(value: type.type, location: reference.value.location), target))
                    } else if let target, isObjectToReadInPlace(target) {
                        candidates.append((part, partPointer, nil, target))
                    } else if let target, let members = namedAlternativeParts(
                        part, target: target, reference: reference.value, pointer: partPointer, model: name.value, composed: node) {
                        for option in members {
                            candidates.append((option.node, option.pointer, nil, followingReferences(option.node)))
                            alternativeCandidates.insert(candidates.count - 1)
                        }
                    } else {
                        unmapped("'\(type.type)' is not an object, so '\(name.value)' cannot be composed of it; its properties are "
                                 + "imported without it", at: part, pointer: partPointer)
                    }
                } else if isObjectPart(part) {
                    candidates.append((part, partPointer, nil, part))
                } else if let members = alternativeParts(part, partMembers, pointer: partPointer, model: name.value) {
                    for option in members {
                        candidates.append((option.node, option.pointer, nil, followingReferences(option.node)))
                        alternativeCandidates.insert(candidates.count - 1)
                    }
                } else {
                    unmapped("this part of 'allOf' is not an object, so it is not imported into '\(name.value)'", at: part, pointer: partPointer)
                }
            }
        }
        var inlined = Set(candidates.indices.filter { candidates[$0].base == nil })
        // Keys the schema or an inline part requires narrow a base's property too (`allOf: [Base,
        // {required: [name]}]`), which the base, read as a base, would leave optional.
        func requiredHere(_ node: JSONNode?) -> Set<String> {
            let list = node.flatMap(Self.object).flatMap { member("required", $0) }.flatMap { Self.elements($0.value) } ?? []
            return Set(list.compactMap { if case .string(let key) = $0.value { key } else { nil } })
        }
        func swiftNames(_ keys: Set<String>) -> Set<String> { Set(keys.map(SwiftNaming.memberName)) }
        // So do keys that another part requires, through its bases too (Vonage's `allOf: [Video,
        // Channel]`, where `Video`'s base requires the `to` and `from` that `Channel` declares,
        // found by a tester): such a base is read in place, where the keys are required.
        let requiredElsewhere = keysRequiredElsewhere(candidates.map(\.target), alternatives: alternativeCandidates)
        var changed = true
        while changed {
            changed = false
            var ownKeys = propertyKeys(of: node, ownOnly: true).union(requiredHere(node))
            for index in inlined {
                ownKeys.formUnion(candidates[index].target.map { propertyKeys(of: $0) } ?? [])
                ownKeys.formUnion(requiredHere(candidates[index].target))
            }
            var baseKeys: Set<String> = []
            let ownNames = swiftNames(ownKeys)
            var baseNames: Set<String> = []
            for index in candidates.indices where !inlined.contains(index) {
                let keys = candidates[index].target.map { propertyKeys(of: $0) } ?? []
                let names = swiftNames(keys)
                if !keys.isDisjoint(with: ownKeys) || !keys.isDisjoint(with: baseKeys) || !keys.isDisjoint(with: requiredElsewhere[index])
                    || !names.isDisjoint(with: ownNames) || !names.isDisjoint(with: baseNames) {
                    inlined.insert(index)
                    changed = true
                    break
                }
                baseKeys.formUnion(keys)
                baseNames.formUnion(names)
            }
        }
        // Each part with the model its inline schemas are named after: a base read in place names
        // them as when it is read as itself, whichever model reads them first.
        // `alternative`: the index of the member of a `oneOf` part the part belongs to (a base
        // that member is composed of too is a part of its own beside it, found by the review).
        var parts: [(members: [JSONNode.Member], pointer: String, namer: String, alternative: Int?)] = []
        var bases: [Located<String>] = []
        for (index, candidate) in candidates.enumerated() {
            if inlined.contains(index), let target = candidate.target {
                let targetPointer = candidate.base == nil && candidate.target.map({ $0.location == candidate.part.location }) ?? false
                    ? candidate.pointer
                    : (Self.object(candidate.part).flatMap { member("$ref", $0) }.flatMap { Self.text($0.value) } ?? candidate.pointer)
                // A tagged union's base read in place names them after the union (`PetStatus`).
                let polymorphic = Self.object(candidate.part).flatMap { member("$ref", $0) }.flatMap { Self.text($0.value) }
                    .map(Self.canonicalReference).flatMap { polymorphicBases[$0] != nil ? modelAtPointer[$0] : nil }
                let namer = candidate.base?.value ?? polymorphic ?? name.value
                var tooDeep: (node: JSONNode, pointer: String)?
                let flattened = flattenedParts(target, pointer: targetPointer, tooDeep: &tooDeep)
                let alternative = alternativeCandidates.contains(index) ? index : nil
                parts += flattened.map { ($0.members, $0.pointer, namer, alternative) }
                if let tooDeep {
                    unmapped("'\(name.value)' is composed through more than \(Self.maximumSchemaDepth) references ('allOf'), deeper than "
                             + "the import follows; the properties of the parts beyond are not imported", at: tooDeep.node, pointer: tooDeep.pointer)
                }
            } else if let base = candidate.base {
                bases.append(base)
            }
        }
        parts.append((members, pointer, name.value, nil))
        var required: Set<String> = []
        for part in parts where part.alternative == nil {
            for element in member("required", part.members).flatMap({ Self.elements($0.value) }) ?? [] {
                if case .string(let key) = element.value { required.insert(key) }
            }
        }
        // A base may require a key that another part declares (Spotify's `Paging` requires the
        // `items` that each `Paging…` model declares): the property here is required too.
        for (index, candidate) in candidates.enumerated() where !inlined.contains(index) {
            // Its own bases' too (found by the review).
            required.formUnion(candidate.target.map { requiredKeys(of: $0) } ?? [])
        }
        var properties: [SpecDocument.Property] = []
        var keys: Set<String> = []
        // Each property's schema as it was last read, where, and the model its inline types are named after.
        var schemaOfKey: [String: (node: JSONNode, pointer: String, namer: String)] = [:]
        // The member of a `oneOf` part that declared each key first.
        var declaringAlternative: [String: Int] = [:]
        var swiftNames: Set<String> = []
        var additional: Located<String>?
        for part in parts {
            for key in ["oneOf", "anyOf", "not"] {
                guard let entry = member(key, part.members) else { continue }
                if key == "not" {
                    unmapped("'not' is not imported: the spec format cannot say what a value is not", at: entry.value,
                             pointer: Self.pointer(part.pointer, key))
                } else {
                    unmapped("'\(key)' beside properties is not imported: '\(name.value)' is the object its properties describe",
                             at: entry.value, pointer: Self.pointer(part.pointer, key))
                }
            }
            if part.pointer == pointer, let discriminator = member("discriminator", part.members), alternatives(part.members) == nil {
                unmapped("a discriminator on an object schema (schemas that extend it through 'allOf' tell themselves apart by it) "
                         + "is not imported: '\(name.value)' is read as itself; a 'oneOf' of the schemas that extend it would be a "
                         + "tagged union", at: discriminator.value, pointer: Self.pointer(pointer, "discriminator"))
            }
            guard let entries = member("properties", part.members).flatMap({ Self.object($0.value) }) else {
                // (A part with no properties may say it too: Box's `Metadata--Full`, found by a tester.)
                if additional == nil { additional = additionalType(part.members, pointer: part.pointer, model: name.value) }
                continue
            }
            for entry in entries {
                let alternative = part.alternative
                let isNew = keys.insert(entry.key).inserted
                if !isNew, let alternative, declaringAlternative[entry.key] != alternative {
                    // A member of a `oneOf` part declares a key another part declared: see
                    // `mergeAlternative`. It narrows nothing: it holds only for its own objects.
                    if let index = properties.firstIndex(where: { ($0.key ?? $0.name).value == entry.key }) {
                        mergeAlternative(entry, pointer: part.pointer, namer: part.namer, into: &properties[index],
                                         fromAlternative: declaringAlternative[entry.key] != nil)
                    }
                    continue
                }
                if let alternative { declaringAlternative[entry.key] = declaringAlternative[entry.key] ?? alternative }
                if !isNew {
                    // A later part narrows the property: its schema replaces the earlier one, unless
                    // it only annotates it (Linode's `label: {description: …}` beside its base's
                    // string, found by a tester): then its annotations (a description, `nullable`,
                    // `readOnly`, a default…) go beside the earlier schema, whose type it keeps.
                    if let index = properties.firstIndex(where: { ($0.key ?? $0.name).value == entry.key }), let earlier = schemaOfKey[entry.key] {
                        var schema = entry.value
                        var place = (pointer: Self.pointer(Self.pointer(part.pointer, "properties"), entry.key), namer: part.namer)
                        if let annotations = Self.object(entry.value).map({ narrowerEarlier(earlier.node, than: $0) }),
                           Self.isPlainAnnotation(annotations), let base = Self.object(earlier.node) {
                            let given = Set(annotations.map(\.key))
                            schema = JSONNode(value: .object(base.filter { !given.contains($0.key) } + annotations), location: earlier.node.location)
                            place = (earlier.pointer, earlier.namer)
                        } else if let described = describedWithin(entry.value, earlier: earlier.node) {
                            schema = described
                            place = (earlier.pointer, earlier.namer)
                        }
                        var replacement = property(
                            key: entry.key, keyLocation: entry.keyLocation, schema: schema, pointer: place.pointer,
                            model: place.namer, required: required.contains(entry.key))
                        replacement.key = properties[index].key
                        replacement.name = properties[index].name
                        properties[index] = replacement
                        schemaOfKey[entry.key] = (schema, place.pointer, place.namer)
                    }
                    continue
                }
                schemaOfKey[entry.key] = (entry.value, Self.pointer(Self.pointer(part.pointer, "properties"), entry.key), part.namer)
                var property = property(
                    key: entry.key, keyLocation: entry.keyLocation, schema: entry.value,
                    pointer: Self.pointer(Self.pointer(part.pointer, "properties"), entry.key),
                    model: part.namer, required: required.contains(entry.key))
                // Two keys that give one Swift name: see `nameProperty`.
                nameProperty(&property, entry: entry, among: &properties, swiftNames: &swiftNames, schemaOfKey: schemaOfKey)
                properties.append(property)
            }
            if additional == nil { additional = additionalType(part.members, pointer: part.pointer, model: name.value) }
        }
        // An object that declares no property (`properties: {}`) may hold any key, unless
        // `additionalProperties: false` says it holds none: it keeps them all, as an open model.
        if properties.isEmpty, bases.isEmpty, additional == nil, member("additionalProperties", members) == nil {
            additional = Located(value: "JSON", location: node.location)
        }
        // A key `required` names that no property declares (SpaceTraders' `route` beside `nav` and
        // `cooldown`): most likely a slip of the document's, which a model without additional
        // properties has no place for; unless the schemas that extend it declare it.
        if additional == nil {
            var declared = keys.union(keysOfExtenders[pointer] ?? [])
            for (index, candidate) in candidates.enumerated() where !inlined.contains(index) {
                declared.formUnion(candidate.target.map { propertyKeys(of: $0) } ?? [])
            }
            for part in parts {
                for element in member("required", part.members).flatMap({ Self.elements($0.value) }) ?? [] {
                    guard case .string(let key) = element.value, !declared.contains(key) else { continue }
                    unmapped("'\(key)' is required, but no property declares it, so the model has no such property",
                             at: element, pointer: Self.pointer(part.pointer, "required"))
                }
            }
        }
        return SpecDocument.Model(
            name: name, pointer: pointer, description: description, options: .init(), tolerant: false,
            kind: .structure(properties), additionalProperties: additional, allOf: bases)
    }

    /// Whether a schema that a part of `allOf` names, which is no struct model, is an object
    /// whose properties are read in place: it has properties, or parts, or requires keys alone
    /// (`{type: object, required: [to]}`, found by the first review). Apart from `structModel`
    /// for its frame, as the functions below.
    @inline(never)
    private func isObjectToReadInPlace(_ target: JSONNode) -> Bool {
        guard let members = Self.object(target) else { return false }
        if member("properties", members) != nil || member("allOf", members) != nil { return true }
        let types = typeNames(members)
        return member("required", members) != nil && alternatives(members) == nil && (types.isEmpty || types == ["object"])
    }

    /// Whether an inline part of `allOf` is an object: a struct, properties, keys it requires, or
    /// the keys it does not declare (Box's `Metadata--Full`: a template's fields, found by a
    /// tester), which the model keeps.
    @inline(never)
    private func isObjectPart(_ part: JSONNode) -> Bool {
        guard let members = Self.object(part) else { return false }
        return modelKind(of: part) == .structure || member("properties", members) != nil || member("required", members) != nil
            || (additionalPropertiesNode(members) != nil && alternatives(members) == nil)
    }

    /// For each part of `allOf` (by its schema), the keys the other parts require, through their
    /// bases too, that it does not require itself; a member of a `oneOf` part requires nothing
    /// here. Apart from `structModel` for its frame.
    @inline(never)
    private func keysRequiredElsewhere(_ targets: [JSONNode?], alternatives: Set<Int>) -> [Set<String>] {
        let required = targets.indices.map { index in alternatives.contains(index) ? [] : targets[index].map { requiredKeys(of: $0) } ?? [] }
        return targets.indices.map { index in
            var keys: Set<String> = []
            for other in targets.indices where other != index { keys.formUnion(required[other]) }
            return keys.subtracting(required[index])
        }
    }

    /// The members of a union that a part of `allOf` names (InfluxDB's `allOf: [{$ref:
    /// CheckDiscriminator}, {…}]`, found by a tester: every check lost its name and query), read
    /// as a `oneOf` written in the part is; nil for another schema, or for a union that the
    /// schema composed is a member of (`Pet: {oneOf: [Cat, Dog]}`, `Cat: {allOf: [Pet, {…}]}`:
    /// Cat would get Dog's properties). Apart from `structModel` for its frame.
    @inline(never)
    private mutating func namedAlternativeParts(
        _ part: JSONNode, target: JSONNode, reference: JSONNode, pointer: String, model: String, composed: JSONNode
    ) -> [(node: JSONNode, pointer: String)]? {
        guard let targetMembers = Self.object(target),
              !(alternatives(targetMembers) ?? []).contains(where: { followingReferences($0).location == composed.location }) else { return nil }
        return alternativeParts(part, targetMembers, pointer: pointer, model: model, membersPointer: Self.text(reference).map(Self.canonicalReference))
    }

    /// The type of the values of the keys a part of an object does not declare, as a model's
    /// `additionalProperties` says it; nil when it says none. Apart from `structModel` for its frame.
    @inline(never)
    private mutating func additionalType(_ members: [JSONNode.Member], pointer: String, model: String) -> Located<String>? {
        guard let node = additionalPropertiesNode(members) else { return nil }
        var value = schemaType(node, pointer: Self.pointer(pointer, "additionalProperties"), hint: model + "Value", context: .plain)
        if value.type == "File" { value.type = "Data" }
        return Located(value: value.type + (value.nullable ? "?" : ""), location: node.location)
    }

    /// What a member of a `oneOf` part of `allOf` says of a key another part declared (another
    /// member, or a part all objects hold): of one type, it is that type, as that part says it
    /// (required or not); of two, any JSON, which holds either, without a default. What one member
    /// says of it (OpenAI's event `type`: "Always `response.audio.delta`") is said only when the
    /// other member says the same. Apart from ``structModel(_:node:pointer:name:description:)``,
    /// whose frame a schema nested 48 deep holds 48 times on a thread's stack.
    @inline(never)
    private mutating func mergeAlternative(
        _ entry: JSONNode.Member, pointer: String, namer: String, into existing: inout SpecDocument.Property, fromAlternative: Bool
    ) {
        let other = property(
            key: entry.key, keyLocation: entry.keyLocation, schema: entry.value,
            pointer: Self.pointer(Self.pointer(pointer, "properties"), entry.key), model: namer, required: false)
        func bare(_ type: String) -> String { type.hasSuffix("?") ? String(type.dropLast()) : type }
        func allowsNull(_ property: SpecDocument.Property) -> Bool { property.nullable?.value == true || property.required?.value == true }
        if bare(other.type.value) != bare(existing.type.value) || allowsNull(other) != allowsNull(existing) {
            existing.type.value = "JSON?"
            existing.nullable = nil
            existing.required = nil
            existing.options.dateStrategy = nil
            existing.defaultValue = nil
        }
        if fromAlternative, other.description != existing.description { existing.description = nil }
    }

    /// Two keys that give one Swift name (`user_id`, `userId`): the later one gets a name of its
    /// own and keeps its key; unless it is written as that name and the earlier one is not (`_id`,
    /// then `id`, found by a tester on Gitea's): then the earlier one gives it up. A deprecated one
    /// gives it up to one that is not (Supabase's `connectionString`, "use connection_string
    /// instead", found by a tester). Apart from ``structModel(_:node:pointer:name:description:)``
    /// for its frame, as ``mergeAlternative(_:pointer:namer:into:)``.
    @inline(never)
    private func nameProperty(
        _ property: inout SpecDocument.Property, entry: JSONNode.Member, among properties: inout [SpecDocument.Property],
        swiftNames: inout Set<String>, schemaOfKey: [String: (node: JSONNode, pointer: String, namer: String)]
    ) {
        var swiftName = SwiftNaming.memberName(property.name.value)
        func isDeprecated(_ schema: JSONNode?) -> Bool {
            Self.bool(schema.flatMap(Self.object).flatMap { annotation("deprecated", $0) }?.value)
        }
        let earlier = properties.firstIndex { SwiftNaming.memberName($0.name.value) == swiftName }
        let earlierKey = earlier.map { (properties[$0].key ?? properties[$0].name).value }
        let earlierDeprecated = isDeprecated(earlierKey.flatMap { schemaOfKey[$0]?.node })
        let takesTheName = isDeprecated(entry.value) != earlierDeprecated ? earlierDeprecated
            : swiftName == entry.key && earlierKey != swiftName
        if let earlier, takesTheName {
            var number = 2
            while swiftNames.contains(swiftName + String(number)) { number += 1 }
            properties[earlier].key = properties[earlier].key ?? properties[earlier].name
            properties[earlier].name = Located(value: swiftName + String(number), location: properties[earlier].name.location)
            swiftNames.insert(swiftName + String(number))
        } else if swiftNames.contains(swiftName) || swiftName == "additionalProperties" {
            var number = 2
            while swiftNames.contains(swiftName + String(number)) { number += 1 }
            swiftName += String(number)
            property.key = property.name
            property.name = Located(value: swiftName, location: property.name.location)
        }
        swiftNames.insert(swiftName)
    }

    /// The properties of an object schema (with its `allOf` parts) that hold one constant string:
    /// `{"enum": ["message"]}` or `{"const": "message"}`, by key.
    func constantProperties(of node: JSONNode) -> [String: String] {
        stringEnumProperties(of: node).compactMapValues { $0.count == 1 ? $0[0] : nil }
    }

    /// The properties of an object schema (with its `allOf` parts) that hold one of a few strings
    /// (`{"enum": ["file_search", "web_search"]}`, `const`), with those strings, by key.
    func stringEnumProperties(of node: JSONNode) -> [String: [String]] {
        var visited: Set<String> = []
        return stringEnumProperties(of: node, visited: &visited, depth: 0)
    }

    /// Each reference is followed once (`visited`), so that cycles and diamonds of `allOf` stay
    /// cheap, and no more than `maximumSchemaDepth` references deep (`depth`; inline parts nest
    /// no deeper than the JSON does), so that a chain thousands long cannot overflow the stack.
    private func stringEnumProperties(of node: JSONNode, visited: inout Set<String>, depth: Int) -> [String: [String]] {
        guard depth < Self.maximumSchemaDepth, let members = Self.object(node) else { return [:] }
        if let reference = member("$ref", members).flatMap({ Self.text($0.value) }) {
            guard visited.insert(reference).inserted, let target = resolve(reference) else { return [:] }
            return stringEnumProperties(of: target, visited: &visited, depth: depth + 1)
        }
        var result: [String: [String]] = [:]
        for part in member("allOf", members).flatMap({ Self.elements($0.value) }) ?? [] {
            result.merge(stringEnumProperties(of: part, visited: &visited, depth: depth)) { _, new in new }
        }
        for property in member("properties", members).flatMap({ Self.object($0.value) }) ?? [] {
            var schema = property.value
            if let fields = Self.object(schema), let reference = member("$ref", fields).flatMap({ Self.text($0.value) }),
               let target = resolve(reference) {
                schema = target
            }
            // Only a property that is always there with one of the strings tells the members apart.
            guard let fields = Self.object(schema), !allowsNull(fields), Self.object(property.value).map({ !allowsNull($0) }) ?? true,
                  let strings = enumStrings(fields) ?? alternativeEnumStrings(fields) else { continue }
            result[property.key] = strings
        }
        return result
    }

    /// The strings of an enum or constant of strings alone; nil for any other schema.
    private func enumStrings(_ fields: [JSONNode.Member]) -> [String]? {
        guard let values = enumValues(fields), !values.strings.isEmpty, values.integers.isEmpty, values.others.isEmpty else { return nil }
        return values.strings.compactMap { if case .string(let value) = $0.value { value } else { nil } }
    }

    /// The strings of a `oneOf` or `anyOf` whose alternatives are each such an enum or constant
    /// (Vercel's `operation: {oneOf: [{const: create}, {const: update}]}`, found by a tester),
    /// which the import reads as one enum; nil for any other schema.
    private func alternativeEnumStrings(_ fields: [JSONNode.Member]) -> [String]? {
        guard let options = alternatives(fields), !options.isEmpty else { return nil }
        var strings: [String] = []
        for option in options {
            guard let members = Self.object(followingReferences(option)), !allowsNull(members), let own = enumStrings(members) else { return nil }
            strings += own.filter { !strings.contains($0) }
        }
        return strings
    }

    /// The keys an object schema requires, its `allOf` parts' too (references followed, each once).
    func requiredKeys(of node: JSONNode) -> Set<String> {
        var visited: Set<String> = []
        return requiredKeys(of: node, visited: &visited, depth: 0)
    }

    private func requiredKeys(of node: JSONNode, visited: inout Set<String>, depth: Int) -> Set<String> {
        guard depth < Self.maximumSchemaDepth, let members = Self.object(node) else { return [] }
        if let reference = member("$ref", members).flatMap({ Self.text($0.value) }) {
            guard visited.insert(reference).inserted, let target = resolve(reference) else { return [] }
            return requiredKeys(of: target, visited: &visited, depth: depth + 1)
        }
        var keys = Set((member("required", members).flatMap { Self.elements($0.value) } ?? []).compactMap { Self.text($0) })
        for part in member("allOf", members).flatMap({ Self.elements($0.value) }) ?? [] {
            keys.formUnion(requiredKeys(of: part, visited: &visited, depth: depth))
        }
        return keys
    }

    /// Whether no JSON object decodes as the type expression: a scalar, an enum or an array.
    func isNeverAnObject(_ type: String) -> Bool {
        ["String", "Int", "Int64", "Double", "Bool", "UUID", "URL", "Data"].contains(type) || isEnumModel(type)
            || (type.hasPrefix("[") && !type.contains(":"))
    }

    /// The JSON keys of an object schema's properties, with those of its `allOf` parts.
    func propertyKeys(of node: JSONNode, ownOnly: Bool = false) -> Set<String> {
        var visited: Set<String> = []
        var cut = false
        return propertyKeys(of: node, ownOnly: ownOnly, visited: &visited, cut: &cut, depth: 0)
    }

    /// `cut` is set when a reference was not followed (already visited, or too deep): the keys
    /// are then those of the rest of the walk, not all of the schema's, and are not remembered.
    /// A schema's whole keys are remembered by reference, so that each model of a long `allOf`
    /// chain does not walk the rest of it again.
    private func propertyKeys(
        of node: JSONNode, ownOnly: Bool, visited: inout Set<String>, cut: inout Bool, depth: Int
    ) -> Set<String> {
        guard depth < Self.maximumSchemaDepth else {
            cut = true
            return []
        }
        guard let members = Self.object(node) else { return [] }
        if let reference = member("$ref", members).flatMap({ Self.text($0.value) }).map(Self.canonicalReference) {
            if let known = walks.propertyKeys[reference] { return known }
            guard visited.insert(reference).inserted else {
                cut = true
                return []
            }
            guard let target = resolve(reference) else { return [] }
            var cutBelow = false
            let keys = propertyKeys(of: target, ownOnly: false, visited: &visited, cut: &cutBelow, depth: depth + 1)
            if cutBelow { cut = true } else { walks.propertyKeys[reference] = keys }
            return keys
        }
        var keys = Set((member("properties", members).flatMap { Self.object($0.value) } ?? []).map(\.key))
        if !ownOnly {
            for part in member("allOf", members).flatMap({ Self.elements($0.value) }) ?? [] {
                keys.formUnion(propertyKeys(of: part, ownOnly: false, visited: &visited, cut: &cut, depth: depth))
            }
        }
        return keys
    }

    /// A schema's properties as parts, its `allOf` parts first (references followed, each once).
    /// `tooDeep` is the reference where the walk stopped, more than `maximumSchemaDepth` deep.
    func flattenedParts(
        _ node: JSONNode, pointer: String, tooDeep: inout (node: JSONNode, pointer: String)?
    ) -> [(members: [JSONNode.Member], pointer: String)] {
        var visited: Set<String> = []
        return flattenedParts(node, pointer: pointer, visited: &visited, depth: 0, tooDeep: &tooDeep)
    }

    private func flattenedParts(
        _ node: JSONNode, pointer: String, visited: inout Set<String>, depth: Int,
        tooDeep: inout (node: JSONNode, pointer: String)?
    ) -> [(members: [JSONNode.Member], pointer: String)] {
        guard let members = Self.object(node) else { return [] }
        if let reference = member("$ref", members).flatMap({ Self.text($0.value) }) {
            guard depth < Self.maximumSchemaDepth else {
                if tooDeep == nil { tooDeep = (node, pointer) }
                return []
            }
            guard visited.insert(reference).inserted, let target = resolve(reference) else { return [] }
            return flattenedParts(target, pointer: reference, visited: &visited, depth: depth + 1, tooDeep: &tooDeep)
        }
        var parts: [(members: [JSONNode.Member], pointer: String)] = []
        for (offset, part) in (member("allOf", members).flatMap { Self.elements($0.value) } ?? []).enumerated() {
            parts += flattenedParts(
                part, pointer: Self.pointer(pointer, "allOf") + "/\(offset)", visited: &visited, depth: depth, tooDeep: &tooDeep)
        }
        parts.append((members, pointer))
        return parts
    }

    /// Whether a type expression names an enum model of strings, which (open) takes every string.
    func isStringEnumModel(_ type: String) -> Bool {
        guard let index = modelIndex[type], let model = models[index], case .enumeration(let cases) = model.kind else { return false }
        return cases.contains { if case .string = $0.value.value { true } else { false } }
    }

    func isEnumModel(_ type: String) -> Bool {
        schema(ofModel: type).map { modelKind(of: $0) == .enumeration } ?? false
    }

    /// Records the model a schema becomes, both ways.
    mutating func record(model name: String, at pointer: String) {
        modelAtPointer[pointer] = name
        if pointerOfModel[name] == nil { pointerOfModel[name] = pointer }
    }

    /// The schema a model of the document was read from.
    func schema(ofModel type: String) -> JSONNode? {
        pointerOfModel[type].flatMap { resolve($0) }
    }

    /// Whether a type expression names a struct model of the document.
    func isStructModel(_ type: String) -> Bool {
        schema(ofModel: type).map { modelKind(of: $0) == .structure } ?? false
    }

    /// One property of an object schema. A property that is not required becomes optional; one
    /// that may be `null` becomes `nullable`, so that absent, `null` and a value stay apart; one
    /// that is required and may be `null` is a `T?` marked `required`, its nil sent as `null`
    /// (free-form JSON holds a null itself).
    private mutating func property(
        key: String, keyLocation: SourceLocation, schema: JSONNode, pointer: String, model: String, required: Bool
    ) -> SpecDocument.Property {
        var type = schemaType(schema, pointer: pointer, hint: model + SwiftNaming.typeName(key), context: .property)
        if type.type == "File" && !readingMultipart { type.type = "Data" }
        if type.type == "[File]" { type.type = "[Data]" }
        var options = SpecDocument.Options()
        if let strategy = type.dateStrategy {
            options.dateStrategy = Located(value: .named(strategy), location: schema.location)
        }
        let members = Self.object(schema) ?? []
        // The schema it names: through `$ref`, or the one reference of `anyOf: [{$ref}, {type: null}]`
        // (OpenAI's `conversation`) or of `allOf: [{$ref}]` beside a description.
        let alone = alternatives(members) ?? member("allOf", members).flatMap { Self.elements($0.value) }
        let named = member("$ref", members) != nil ? schema
            : alone.flatMap { $0.count == 1 && Self.object($0[0]).flatMap { member("$ref", $0) } != nil ? $0[0] : nil }
        let namedFields = named.flatMap { Self.object(followingReferences($0)) } ?? []
        // `required` holds for requests alone for a `writeOnly` property (a password), and for
        // responses alone for a `readOnly` one (an id): one model serves both, so it is optional.
        // Said of the property or of the schema it names (Rebilly's `ServerTimestamp`, found by a
        // tester: a request had to send a server's time).
        let oneWay = ["readOnly", "writeOnly"].contains { Self.bool(annotation($0, members)?.value) || Self.bool(member($0, namedFields)?.value) }
        let mayBeAbsent = !required || oneWay
        if type.nullable && !mayBeAbsent && type.type == "JSON" { type.nullable = false }
        let sendsNull = type.nullable && !mayBeAbsent
        let expression = (type.nullable || !mayBeAbsent) && !sendsNull ? type.type : type.type + "?"
        var description = description(of: schema, sayingDeprecated: false)
        // A plain type the document names (`Parallel: {type: integer, description: …}`) is written in
        // place, and so is what it says; a model says it on its own declaration.
        if description == nil, let named, case let target = followingReferences(named), modelKind(of: target) == nil {
            description = self.description(of: target)
        }
        if Self.bool(annotation("deprecated", members)?.value) { description = Self.deprecated(description) }
        // A constant (an inline enum of one value, `const`) is its type; its value is the default of
        // a property the app must send, which then need not be given, and the doc comment says it.
        let constant = member("$ref", members) == nil ? constant(members) : nil
        let constantCode = constant.flatMap(Self.codeSpan)
        // The document's default, its own or that of the schema it names (an enum's), is what the
        // API takes when the key is absent, as a parameter's is: the doc comment says it, and nil
        // leaves it to the API. It is not the model's default, which would be sent every time
        // (an update, `PATCH` or OpenAI's `ModifyAssistantRequest` whose `tools` default to `[]`,
        // would overwrite what the app did not mean to change) and would stand in for a required
        // key a response lacks (VTEX's gift card `id` of `"2"`).
        let documentDefault = annotation("default", members)?.value
            ?? named.flatMap { Self.object(followingReferences($0)).flatMap { member("default", $0) }?.value }
        if let value = documentDefault, let code = Self.codeSpan(value), code != "`null`", code != constantCode {
            description = Self.adding("Default: \(code).", to: description)
        }
        var defaultValue: JSONNode?
        if let constant {
            if !mayBeAbsent, !type.nullable { defaultValue = constant }
            if let constantCode {
                description = Self.adding(type.nullable ? "Always \(constantCode) when not null." : "Always \(constantCode).", to: description)
            }
        }
        return SpecDocument.Property(
            name: Located(value: key, location: keyLocation), type: Located(value: expression, location: schema.location),
            key: nil, description: description, defaultValue: defaultValue, options: options,
            nullable: type.nullable && !sendsNull ? Located(value: true, location: schema.location) : nil,
            required: sendsNull ? Located(value: true, location: schema.location) : nil)
    }

    /// What an inline member of a union is named after: the constant it holds at `type`, or at
    /// its one key of a constant (Vonage's `message_type: {enum: [template]}` →
    /// `…WhatsAppTemplate`, not `…WhatsAppOption7`, as testers asked); nil for a reference or
    /// a member without one.
    @inline(never)
    private func constantName(of option: JSONNode) -> String? {
        guard let members = Self.object(option), member("$ref", members) == nil, modelKind(of: option) == .structure else { return nil }
        let constants = constantProperties(of: option)
        guard let value = constants["type"] ?? (constants.count == 1 ? constants.first?.value : nil) else { return nil }
        let name = SwiftNaming.typeName(value)
        return name.isEmpty || name.first?.isNumber == true ? nil : name
    }

    /// `oneOf` or `anyOf`: a union, tagged when it has a `discriminator`.
    mutating func unionModel(
        _ members: [JSONNode.Member], node: JSONNode, pointer: String, name: Located<String>, description: String?
    ) -> SpecDocument.Model {
        let key = member("oneOf", members) != nil ? "oneOf" : "anyOf"
        let options = member(key, members).flatMap { Self.elements($0.value) } ?? []
        var unionMembers: [SpecDocument.UnionMember] = []
        var seen: Set<String> = []
        var tagValues: [(type: String, values: [String: [String]], required: Set<String>, isUnion: Bool)] = []
        for (offset, option) in options.enumerated() where !isNullSchema(option) {
            let optionPointer = Self.pointer(pointer, key) + "/\(offset)"
            let hint = (Self.object(option).flatMap { member("title", $0) }.flatMap { Self.text($0.value) })
                .map { Self.joined(name.value, SwiftNaming.typeName($0)) }
                ?? constantName(of: option).map { Self.joined(name.value, $0) }
                ?? name.value + "Option\(offset + 1)"
            var type = schemaType(option, pointer: optionPointer, hint: hint, context: .plain)
            if type.type == "File" { type.type = "Data" }
            guard seen.insert(type.type).inserted else { continue }
            unionMembers.append(.init(name: nil, type: Located(value: type.type, location: option.location)))
            if !isStructModel(type.type), let inner = unionTagValues(of: option) {
                tagValues.append((type.type, inner.values, inner.required, true))
            } else {
                // The model's schema: the option may be a wrapper of one alternative (Vonage's
                // `{oneOf: [{$ref: SMS}], title: SMS}`, found by a tester), read as that alternative.
                let source = isStructModel(type.type) ? schema(ofModel: type.type) ?? option : option
                tagValues.append((type.type, stringEnumProperties(of: source), requiredKeys(of: source), false))
            }
        }
        // An open enum keeps every string, the ones it does not list too: beside one, `String`
        // would never be decoded.
        if unionMembers.contains(where: { isStringEnumModel($0.type.value) }) {
            unionMembers.removeAll { $0.type.value == "String" }
        }
        unionMembers = orderedForDecoding(unionMembers)
        var union = SpecDocument.Union(location: node.location, members: unionMembers, discriminator: nil, mapping: [])
        // Tried in order when no discriminator picks one: the structs that require more keys first.
        let untagged = orderedForDecoding(unionMembers, requiredKeysFirst: true)
        // Objects told apart by a property that holds strings of their own each (`"type": {"enum":
        // ["message"]}`) make a tagged union, as a discriminator would; members that are never
        // objects ("auto", a list) may be beside them. The property must be one every object
        // requires (tagged, an object without it fails to decode), unless an object that requires
        // nothing makes the members impossible to tell apart untagged anyway.
        var objects = tagValues.filter { isStructModel($0.type) || $0.isUnion }
        if !objects.contains(where: { $0.required.isEmpty }) {
            for index in objects.indices { objects[index].values = objects[index].values.filter { objects[index].required.contains($0.key) } }
        }
        if member("discriminator", members) == nil, objects.count >= 2,
           tagValues.allSatisfy({ isStructModel($0.type) || $0.isUnion || isNeverAnObject($0.type) }) {
            let shared = objects.dropFirst().reduce(Set(objects[0].values.keys)) { $0.intersection($1.values.keys) }
            // Constants before keys of several values (a state), then `type`, then by name.
            func rank(_ key: String) -> (Int, Int, String) {
                (objects.contains { $0.values[key]!.count > 1 } ? 1 : 0, key == "type" ? 0 : 1, key)
            }
            if let key = shared.sorted(by: { rank($0) < rank($1) }).first(where: { key in
                let all = objects.flatMap { $0.values[key]! }
                return Set(all).count == all.count
            }) {
                union.discriminator = Located(value: key, location: node.location)
                inferredDiscriminators.insert(pointer)
                union.mapping = objects.flatMap { object in
                    object.values[key]!.map { (Located(value: $0, location: node.location), Located(value: object.type, location: node.location)) }
                }
            }
        }
        if let discriminator = member("discriminator", members), let fields = Self.object(discriminator.value) {
            union.discriminator = member("propertyName", fields).flatMap { Self.located($0.value) }
            if union.discriminator == nil {
                unmapped("the discriminator has no 'propertyName', so it is not imported; the union tries its members in order",
                         at: discriminator.value, pointer: Self.pointer(pointer, "discriminator"))
                union.members = untagged
                return SpecDocument.Model(
                    name: name, pointer: pointer, description: description, options: .init(), tolerant: false, kind: .union(union))
            }
            for entry in member("mapping", fields).flatMap({ Self.object($0.value) }) ?? [] {
                guard case .string(let target) = entry.value.value else { continue }
                let type: String? = if target.hasPrefix("#") {
                    modelAtPointer[Self.canonicalReference(target)]
                } else {
                    componentModels[target]
                }
                if let type {
                    union.mapping.append((Located(value: entry.key, location: entry.keyLocation), Located(value: type, location: entry.value.location)))
                } else {
                    unmapped("the mapping of '\(entry.key)' names '\(target)', which is not a model of this document; it is left out",
                             at: entry.value, pointer: Self.pointer(Self.pointer(pointer, "discriminator"), "mapping"))
                }
            }
        }
        if union.discriminator == nil { union.members = untagged }
        return SpecDocument.Model(
            name: name, pointer: pointer, description: description, options: .init(), tolerant: false, kind: .union(union))
    }

    /// A union of objects as a member of another union (Figma's `UpdateMediaRuntimeAction`, whose
    /// alternatives each hold `type: UPDATE_MEDIA_RUNTIME`, among its `Action`s): the strings its
    /// alternatives hold at each key that all of them hold, and the keys all of them require; nil
    /// when an alternative is not an object, or the schema is no union.
    func unionTagValues(of node: JSONNode, depth: Int = 0) -> (values: [String: [String]], required: Set<String>)? {
        // Remembered by reference: unions that share members would be walked again and again
        // (found by the review: 31 s for sixteen levels of them).
        guard let reference = Self.object(node).flatMap({ member("$ref", $0) }).flatMap({ Self.text($0.value) }).map(Self.canonicalReference)
        else { return walkedUnionTagValues(of: node, depth: depth) }
        if let known = walks.unionTagValues[reference] { return known }
        let result = walkedUnionTagValues(of: node, depth: depth)
        walks.unionTagValues[reference] = .some(result)
        return result
    }

    private func walkedUnionTagValues(of node: JSONNode, depth: Int) -> (values: [String: [String]], required: Set<String>)? {
        guard depth < Self.maximumSchemaDepth, let members = Self.object(followingReferences(node)),
              let options = alternatives(members), !options.isEmpty else { return nil }
        var values: [String: [String]]?
        var required: Set<String>?
        for option in options {
            let own: (values: [String: [String]], required: Set<String>)
            if let inner = unionTagValues(of: option, depth: depth + 1) {
                own = inner
            } else if modelKind(of: followingReferences(option)) == .structure {
                own = (stringEnumProperties(of: option), requiredKeys(of: option))
            } else {
                return nil
            }
            if let held = values {
                var kept: [String: [String]] = [:]
                for (key, strings) in held {
                    if let more = own.values[key] { kept[key] = strings + more.filter { !strings.contains($0) } }
                }
                values = kept
            } else {
                values = own.values
            }
            required = required?.intersection(own.required) ?? own.required
        }
        return values.map { ($0, required ?? []) }
    }

    /// `name` and `suffix` joined, without saying twice the words in which one ends and the other
    /// begins: `TxRelatedParty` and `RelatedPartyFireAccount` → `TxRelatedPartyFireAccount`
    /// (fire.com's members, titled after their union), not `TxRelatedPartyRelatedPartyFireAccount`.
    static func joined(_ name: String, _ suffix: String) -> String {
        // Where words start in `suffix`: each upper-case letter after the first character.
        let starts = suffix.indices.dropFirst().filter { suffix[$0].isUppercase }
        for start in starts.reversed() where name.hasSuffix(suffix[..<start]) {
            return name + suffix[start...]
        }
        return name + suffix
    }

    /// Members in an order where none takes the values of one after it: OpenAPI's `oneOf` and
    /// `anyOf` have no order, and an untagged union tries its members in order.
    func orderedForDecoding(_ members: [SpecDocument.UnionMember], requiredKeysFirst: Bool = false) -> [SpecDocument.UnionMember] {
        func rank(_ type: String) -> Int {
            switch type {
            case "Bool": 0
            case "Int": 1
            case "Int64": 2
            case "Double": 3
            case "UUID": 5
            case "URL": 6
            case "String": 7
            case "JSON": 12
            default:
                if type.hasPrefix("[String:") { 10 }
                else if type.hasPrefix("[") { 9 }
                else if isEnumModel(type) { 4 }
                else { 8 }
            }
        }
        // Among structs, those that require more keys first: one that requires `id` alone takes
        // every object of one that requires `id` and `name`, whose fields it would then drop.
        // Among arrays, so by their elements (BigCommerce's line items: `[PostVariant]` or
        // `[PostModifier]`, found by a tester).
        func requiredKeyCount(_ type: String) -> Int {
            let element = rank(type) == 9 ? String(type.dropFirst().dropLast()) : type
            guard rank(element) == 8 else { return 0 }
            return schema(ofModel: element).map { requiredKeys(of: $0).count } ?? 0
        }
        let keys = members.map { member in
            requiredKeysFirst && [8, 9].contains(rank(member.type.value)) ? requiredKeyCount(member.type.value) : 0
        }
        var ordered = members.enumerated().sorted { lhs, rhs in
            let l = rank(lhs.element.type.value), r = rank(rhs.element.type.value)
            if l != r { return l < r }
            if keys[lhs.offset] != keys[rhs.offset] { return keys[lhs.offset] > keys[rhs.offset] }
            return lhs.offset < rhs.offset
        }.map(\.element)
        // Tried in order (`requiredKeysFirst`, for a union without a discriminator), among objects
        // that require no key one whose keys another's all include comes before it
        // (ListenNotes' `CustomAudio` before `EpisodeSimple`): such a member is tried only with an
        // object that holds no key but its own, and after the larger one it would never be.
        // Only a plain object (properties of its own, no parts, no other keys) is tried so; any
        // other takes every object wherever it is.
        func optionalKeys(_ candidate: SpecDocument.UnionMember) -> Set<String>? {
            guard rank(candidate.type.value) == 8, let schema = schema(ofModel: candidate.type.value), modelKind(of: schema) == .structure,
                  let fields = Self.object(schema), hasProperties(fields), member("allOf", fields) == nil, additionalPropertiesNode(fields) == nil,
                  requiredKeys(of: schema).isEmpty else { return nil }
            return propertyKeys(of: schema)
        }
        guard requiredKeysFirst else { return ordered }
        let memberKeys = ordered.map(optionalKeys)
        var order = Array(ordered.indices)
        for position in order.indices {
            guard let own = memberKeys[order[position]] else { continue }
            if let before = order[..<position].firstIndex(where: { memberKeys[$0].map { own.isStrictSubset(of: $0) } ?? false }) {
                order.insert(order.remove(at: position), at: before)
            }
        }
        ordered = order.map { ordered[$0] }
        return ordered
    }

}
