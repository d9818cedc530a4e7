/// Reads a parsed JSON tree into a ``SpecDocument``, checking the shape of every construct:
/// unknown keys (with a did-you-mean), wrong kinds of value, missing required keys. It reports
/// every problem it finds and goes on reading, so that one run shows them all.
struct SpecReader {
    var diagnostics: DiagnosticCollector

    init(file: String) {
        diagnostics = DiagnosticCollector(file: file)
    }

    /// The spec document of a parsed spec file, with the problems found in its shape.
    static func read(_ root: JSONNode, path: String) -> (SpecDocument?, DiagnosticCollector) {
        var reader = SpecReader(file: path)
        let document = reader.read(root)
        return (document, reader.diagnostics)
    }

    mutating func read(_ root: JSONNode) -> SpecDocument? {
        guard let members = object(root, "the spec") else { return nil }
        let keys = ["$schema", "endpointgen", "name", "description", "servers", "headers", "auth", "defaults", "models", "resources"]
        checkKeys(members, allowed: keys, in: "the spec")
        // The JSON Schema an editor validates the file with (docs/endpointgen.schema.json): only
        // its kind is checked, and the generator ignores it.
        _ = optionalString("$schema", of: members)

        if let version = member("endpointgen", of: members) {
            if case .number(let text) = version.value.value, text == "1" {
            } else {
                diagnostics.error("unsupported spec version; this endpointgen reads \"endpointgen\": 1", at: version.value.location)
            }
        }
        let name = requiredString("name", of: members, at: root.location, in: "the spec")
        let description = optionalString("description", of: members)

        var servers: [(Located<String>, Located<String>)] = []
        if let node = member("servers", of: members)?.value, let entries = object(node, "'servers'") {
            for entry in entries {
                if let url = string(entry.value, "the URL of server '\(entry.key)'") {
                    servers.append((Located(value: entry.key, location: entry.keyLocation), url))
                }
            }
        }
        var headers: [(Located<String>, Located<String>)] = []
        if let node = member("headers", of: members)?.value, let entries = object(node, "'headers'") {
            for entry in entries {
                if let value = string(entry.value, "the value of header '\(entry.key)'") {
                    headers.append((Located(value: entry.key, location: entry.keyLocation), value))
                }
            }
        }
        var defaults = SpecDocument.Options()
        var access: Located<String>?
        var defaultAuth: Located<String>?
        var defaultErrorResponse: SpecDocument.ErrorResponse?
        var defaultEnvelope: SpecDocument.Envelope?
        var defaultHashable: Located<Bool>?
        var defaultIdentifiable: Located<Bool>?
        if let node = member("defaults", of: members)?.value, let entries = object(node, "'defaults'") {
            checkKeys(
                entries, allowed: ["keyStrategy", "dateStrategy", "arrayStrategy", "access", "auth", "errorResponse", "envelope", "hashable", "identifiable"],
                in: "'defaults'")
            defaults = options(entries)
            access = optionalLocatedString("access", of: entries)
            defaultAuth = optionalLocatedString("auth", of: entries)
            defaultErrorResponse = errorResponse(of: entries)
            defaultEnvelope = member("envelope", of: entries).flatMap { envelope($0.value) }
            defaultHashable = optionalLocatedBool("hashable", of: entries)
            defaultIdentifiable = optionalLocatedBool("identifiable", of: entries)
        }
        var authSchemes: [SpecDocument.AuthScheme] = []
        if let node = member("auth", of: members)?.value, let entries = object(node, "'auth'") {
            for entry in entries {
                if let scheme = authScheme(entry) { authSchemes.append(scheme) }
            }
        }
        var models: [SpecDocument.Model] = []
        if let node = member("models", of: members)?.value, let entries = object(node, "'models'") {
            for entry in entries {
                if let model = model(entry) { models.append(model) }
            }
        }
        var resources: [SpecDocument.Resource] = []
        if let node = member("resources", of: members)?.value, let entries = object(node, "'resources'") {
            for entry in entries {
                if let resource = resource(entry) { resources.append(resource) }
            }
        }
        guard let name else { return nil }
        return SpecDocument(
            name: name, description: description, servers: servers, headers: headers,
            defaults: defaults, defaultHashable: defaultHashable, defaultIdentifiable: defaultIdentifiable, access: access, authSchemes: authSchemes, defaultAuth: defaultAuth,
            defaultErrorResponse: defaultErrorResponse, defaultEnvelope: defaultEnvelope, models: models,
            resources: resources)
    }

    // MARK: Auth, envelopes, pagination

    private mutating func authScheme(_ entry: JSONNode.Member) -> SpecDocument.AuthScheme? {
        let what = "auth scheme '\(entry.key)'"
        guard let members = object(entry.value, what) else { return nil }
        checkKeys(members, allowed: ["type", "description", "in", "name", "keys"], in: what)
        guard let type = requiredString("type", of: members, at: entry.value.location, in: what) else { return nil }
        var keys: [SpecDocument.APIKeyField]?
        if let node = member("keys", of: members)?.value {
            keys = []
            if case .array(let elements) = node.value {
                for element in elements {
                    guard let fields = object(element, "a key of \(what)") else { continue }
                    checkKeys(fields, allowed: ["in", "name"], in: "a key of \(what)")
                    keys?.append(.init(
                        node: element.location, location: optionalLocatedString("in", of: fields), fieldName: optionalLocatedString("name", of: fields)))
                }
            } else {
                diagnostics.error("'keys' of \(what) must be an array of {\"in\", \"name\"} objects, not \(node.kindName)", at: node.location)
                return nil
            }
        }
        return .init(
            name: Located(value: entry.key, location: entry.keyLocation), pointer: "#/auth/\(pointerEscape(entry.key))",
            description: optionalString("description", of: members), type: type,
            location: optionalLocatedString("in", of: members), fieldName: optionalLocatedString("name", of: members), keys: keys)
    }

    /// `"none"`, which turns off a default.
    private static func isNone(_ node: JSONNode) -> Bool {
        if case .string("none") = node.value { return true }
        return false
    }

    private mutating func envelope(_ node: JSONNode) -> SpecDocument.Envelope? {
        guard let members = object(node, "'envelope'") else { return nil }
        checkKeys(members, allowed: ["status", "success", "message", "value"], in: "'envelope'")
        let status = requiredString("status", of: members, at: node.location, in: "'envelope'")
        var success: [Located<SpecDocument.Envelope.SuccessValue>] = []
        if let entry = member("success", of: members) {
            let values: [JSONNode] = if case .array(let elements) = entry.value.value { elements } else { [entry.value] }
            for value in values {
                switch value.value {
                case .string(let text): success.append(Located(value: .string(text), location: value.location))
                case .bool(let flag): success.append(Located(value: .bool(flag), location: value.location))
                case .number(let text) where Int(text) != nil:
                    success.append(Located(value: .integer(Int(text)!), location: value.location))
                default:
                    diagnostics.error(
                        "a success value must be a string, a whole number or a Bool, not \(value.kindName)", at: value.location)
                }
            }
            if values.isEmpty { diagnostics.error("'success' lists no value", at: entry.value.location) }
        } else {
            diagnostics.error("'envelope' has no 'success': the status values that mean success", at: node.location)
        }
        guard let status else { return nil }
        return .init(
            location: node.location, status: status, success: success,
            message: optionalLocatedString("message", of: members), value: optionalLocatedString("value", of: members))
    }

    private mutating func pagination(_ node: JSONNode) -> SpecDocument.Pagination? {
        guard let members = object(node, "'pagination'") else { return nil }
        guard let style = requiredString("style", of: members, at: node.location, in: "'pagination'") else { return nil }
        let allowed: [String] = switch style.value {
        case "offset": ["style", "offset", "limit", "items", "total"]
        case "page": ["style", "page", "perPage", "items", "pageCount", "firstPage"]
        case "cursor": ["style", "cursor", "limit", "items", "nextCursor"]
        case "link": ["style", "limit", "items"]
        default: ["style"]
        }
        if allowed.count == 1 {
            diagnostics.error(
                "unknown pagination style '\(style.value)'; expected one of: offset, page, cursor, link"
                    + (suggestion(for: style.value, among: ["offset", "page", "cursor", "link"]).map { " (\($0))" } ?? ""),
                at: style.location)
            return nil
        }
        checkKeys(members, allowed: allowed, in: "'pagination'")
        var firstPage: Located<Int>?
        if allowed.contains("firstPage"), let entry = member("firstPage", of: members) {
            if case .number(let text) = entry.value.value, let value = Int(text), value >= 0 {
                firstPage = Located(value: value, location: entry.value.location)
            } else {
                diagnostics.error("'firstPage' must be a whole number, 0 or more", at: entry.value.location)
            }
        }
        // Only the style's own keys are read: another is reported above, and only there.
        func field(_ key: String) -> Located<String>? { allowed.contains(key) ? optionalLocatedString(key, of: members) : nil }
        // A link page's position is the link itself, not a query item of its own.
        let position = ["offset": "offset", "page": "page", "cursor": "cursor"][style.value]
        return .init(
            location: node.location, style: style,
            positionParameter: position.flatMap { field($0) },
            sizeParameter: field(style.value == "page" ? "perPage" : "limit"),
            items: field("items"), total: field("total"), pageCount: field("pageCount"),
            nextCursor: field("nextCursor"), firstPage: firstPage)
    }

    // MARK: Models

    private mutating func model(_ entry: JSONNode.Member) -> SpecDocument.Model? {
        let what = "model '\(entry.key)'"
        guard let members = object(entry.value, what) else { return nil }
        let isEnum = member("enum", of: members) != nil
        let isUnion = !isEnum && member("oneOf", of: members) != nil
        let allowed = isEnum
            ? ["description", "enum"]
            : isUnion
            ? ["description", "oneOf", "discriminator", "mapping", "hashable"]
            : ["description", "allOf", "properties", "additionalProperties", "keyStrategy", "dateStrategy", "arrayStrategy", "tolerant", "hashable", "identifiable"]
        checkKeys(members, allowed: allowed, in: what)
        let name = Located(value: entry.key, location: entry.keyLocation)
        let pointer = "#/models/\(pointerEscape(entry.key))"
        let description = optionalString("description", of: members)

        if isUnion, let node = member("oneOf", of: members)?.value {
            return .init(
                name: name, pointer: pointer, description: description, options: .init(), tolerant: false,
                kind: .union(union(node, members, of: entry.key)), hashable: optionalLocatedBool("hashable", of: members))
        }

        if isEnum, let node = member("enum", of: members)?.value {
            var cases: [SpecDocument.EnumCase] = []
            switch node.value {
            case .array(let elements):
                for element in elements {
                    if let raw = enumRawValue(element, in: what) { cases.append(.init(name: nil, value: raw)) }
                }
            case .object(let entries):
                for entry in entries {
                    if let raw = enumRawValue(entry.value, in: what) {
                        cases.append(.init(name: Located(value: entry.key, location: entry.keyLocation), value: raw))
                    }
                }
            default:
                diagnostics.error(
                    "the 'enum' of \(what) must be an array of values or an object of case names to values, not \(node.kindName)",
                    at: node.location)
            }
            if case .array(let elements) = node.value, elements.isEmpty {
                diagnostics.error("enum '\(entry.key)' has no cases", at: node.location)
            } else if case .object(let entries) = node.value, entries.isEmpty {
                diagnostics.error("enum '\(entry.key)' has no cases", at: node.location)
            }
            return .init(
                name: name, pointer: pointer, description: description, options: .init(), tolerant: false,
                kind: .enumeration(cases))
        }

        var properties: [SpecDocument.Property] = []
        if let node = member("properties", of: members)?.value, let entries = object(node, "the properties of \(what)") {
            for entry in entries {
                if let property = property(entry, in: what) { properties.append(property) }
            }
        }
        let tolerant = optionalBool("tolerant", of: members) ?? false
        return .init(
            name: name, pointer: pointer, description: description, options: options(members), tolerant: tolerant,
            kind: .structure(properties), additionalProperties: optionalLocatedString("additionalProperties", of: members),
            allOf: allOf(members, of: entry.key), hashable: optionalLocatedBool("hashable", of: members),
            identifiable: optionalLocatedBool("identifiable", of: members))
    }

    /// `"allOf": ["Base", …]`: the names of the models a struct is composed of.
    private mutating func allOf(_ members: [JSONNode.Member], of model: String) -> [Located<String>] {
        guard let entry = member("allOf", of: members) else { return [] }
        guard case .array(let elements) = entry.value.value else {
            diagnostics.error("the 'allOf' of model '\(model)' must be an array of model names, not \(entry.value.kindName)", at: entry.value.location)
            return []
        }
        return elements.compactMap { string($0, "an 'allOf' entry of model '\(model)'") }
    }

    /// `"oneOf": ["A", "B"]` or `{"a": "A", "b": "B"}`, with an optional `discriminator` and
    /// `mapping`.
    private mutating func union(_ node: JSONNode, _ members: [JSONNode.Member], of model: String) -> SpecDocument.Union {
        var union = SpecDocument.Union(location: node.location, members: [], discriminator: nil, mapping: [])
        switch node.value {
        case .array(let elements):
            for element in elements {
                if let type = string(element, "a member of union '\(model)'") { union.members.append(.init(name: nil, type: type)) }
            }
        case .object(let entries):
            for entry in entries {
                if let type = string(entry.value, "member '\(entry.key)' of union '\(model)'") {
                    union.members.append(.init(name: Located(value: entry.key, location: entry.keyLocation), type: type))
                }
            }
        default:
            diagnostics.error(
                "the 'oneOf' of model '\(model)' must be an array of types or an object of case names to types, not \(node.kindName)",
                at: node.location)
            return union
        }
        if union.members.isEmpty, case .array(let elements) = node.value, elements.isEmpty {
            diagnostics.error("union '\(model)' has no members", at: node.location)
        } else if union.members.isEmpty, case .object(let entries) = node.value, entries.isEmpty {
            diagnostics.error("union '\(model)' has no members", at: node.location)
        }
        union.discriminator = optionalLocatedString("discriminator", of: members)
        if let entry = member("mapping", of: members) {
            if union.discriminator == nil {
                diagnostics.error(
                    "union '\(model)' has a 'mapping' but no 'discriminator': name the property whose value the mapping reads",
                    at: entry.keyLocation)
            }
            for pair in object(entry.value, "the 'mapping' of union '\(model)'") ?? [] {
                if let type = string(pair.value, "the mapping of '\(pair.key)'") {
                    union.mapping.append((Located(value: pair.key, location: pair.keyLocation), type))
                }
            }
        }
        return union
    }

    private mutating func enumRawValue(_ node: JSONNode, in what: String) -> Located<SpecDocument.EnumCase.RawValue>? {
        switch node.value {
        case .string(let text):
            return Located(value: .string(text), location: node.location)
        case .number(let text):
            if let value = Int(text) { return Located(value: .integer(value), location: node.location) }
            diagnostics.error("enum values must be strings or whole numbers that fit in Int, not \(text)", at: node.location)
        default:
            diagnostics.error("enum values of \(what) must be strings or whole numbers, not \(node.kindName)", at: node.location)
        }
        return nil
    }

    private mutating func property(_ entry: JSONNode.Member, in model: String) -> SpecDocument.Property? {
        let name = Located(value: entry.key, location: entry.keyLocation)
        let what = "property '\(entry.key)' of \(model)"
        switch entry.value.value {
        case .string(let type):
            return .init(name: name, type: Located(type, of: entry.value), key: nil,
                         description: nil, defaultValue: nil, options: .init())
        case .object(let members):
            checkKeys(members, allowed: ["type", "key", "description", "default", "dateStrategy", "arrayStrategy", "nullable", "required"], in: what)
            guard let type = requiredString("type", of: members, at: entry.value.location, in: what) else { return nil }
            func flag(_ key: String) -> Located<Bool>? {
                member(key, of: members).flatMap { entry in
                    optionalBool(key, of: members).map { Located(value: $0, location: entry.value.location) }
                }
            }
            return .init(
                name: name, type: type, key: optionalLocatedString("key", of: members),
                description: optionalString("description", of: members),
                defaultValue: member("default", of: members)?.value, options: options(members),
                nullable: flag("nullable"), required: flag("required"))
        default:
            diagnostics.error(
                "\(what) must be a type such as \"String?\" or an object with a \"type\", not \(entry.value.kindName)",
                at: entry.value.location)
            return nil
        }
    }

    // MARK: Resources and endpoints

    private mutating func resource(_ entry: JSONNode.Member) -> SpecDocument.Resource? {
        let what = "resource '\(entry.key)'"
        guard let members = object(entry.value, what) else { return nil }
        checkKeys(members, allowed: ["description", "path", "auth", "servers", "endpoints"], in: what)
        var servers: [(Located<String>, Located<String>)] = []
        // The location is kept only for an object: a value of another kind is reported once, here.
        var serversLocation: SourceLocation?
        if let serversNode = member("servers", of: members)?.value, let entries = object(serversNode, "the 'servers' of \(what)") {
            serversLocation = serversNode.location
            for entry in entries {
                if let url = string(entry.value, "the URL of server '\(entry.key)'") {
                    servers.append((Located(value: entry.key, location: entry.keyLocation), url))
                }
            }
        }
        let pointer = "#/resources/\(pointerEscape(entry.key))"
        var endpoints: [SpecDocument.Endpoint] = []
        if let node = member("endpoints", of: members)?.value {
            if case .array(let elements) = node.value {
                for (index, element) in elements.enumerated() {
                    if let endpoint = endpoint(element, pointer: "\(pointer)/endpoints/\(index)", in: what) {
                        endpoints.append(endpoint)
                    }
                }
            } else {
                diagnostics.error("the 'endpoints' of \(what) must be an array, not \(node.kindName)", at: node.location)
            }
        }
        return .init(
            name: Located(value: entry.key, location: entry.keyLocation), pointer: pointer,
            description: optionalString("description", of: members), path: optionalLocatedString("path", of: members),
            auth: optionalLocatedString("auth", of: members), servers: servers, serversLocation: serversLocation,
            endpoints: endpoints)
    }

    private mutating func endpoint(_ node: JSONNode, pointer: String, in resource: String) -> SpecDocument.Endpoint? {
        let what = "an endpoint of \(resource)"
        guard let members = object(node, what) else { return nil }
        checkKeys(
            members,
            allowed: ["name", "method", "path", "description", "deprecated", "pathParams", "query", "headers", "cookies",
                      "body", "response", "responseKey", "arrayStrategy", "stream", "streamTerminator", "streamFlag", "auth",
                      "errorResponse", "envelope", "pagination", "idempotent", "timeout", "accept", "responseHeaders"],
            in: what)
        let method = requiredString("method", of: members, at: node.location, in: what)
        let path = requiredString("path", of: members, at: node.location, in: what)

        var deprecated: String?
        if let entry = member("deprecated", of: members) {
            switch entry.value.value {
            case .bool(let flag): deprecated = flag ? "" : nil
            case .string(let message): deprecated = message
            default:
                diagnostics.error("'deprecated' must be true, false or a message, not \(entry.value.kindName)", at: entry.value.location)
            }
        }
        var body: SpecDocument.Body?
        if let entry = member("body", of: members) {
            switch entry.value.value {
            case .string(let type):
                body = .init(location: entry.value.location, type: Located(type, of: entry.value))
            case .object(let fields):
                checkKeys(fields, allowed: ["type", "key", "swiftName", "encoding", "contentType"], in: "the body")
                if let type = requiredString("type", of: fields, at: entry.value.location, in: "the body") {
                    body = .init(
                        location: entry.value.location, type: type, key: optionalLocatedString("key", of: fields),
                        swiftName: optionalLocatedString("swiftName", of: fields),
                        encoding: optionalLocatedString("encoding", of: fields),
                        contentType: optionalLocatedString("contentType", of: fields))
                }
            default:
                diagnostics.error("'body' must be a type or an object with a \"type\", not \(entry.value.kindName)", at: entry.value.location)
            }
        }
        guard let method, let path else { return nil }
        let streamIsText = member("stream", of: members).map { if case .string = $0.value.value { true } else { false } } ?? true
        return .init(
            location: node.location, pointer: pointer, name: optionalLocatedString("name", of: members),
            method: method, path: path, description: optionalString("description", of: members),
            deprecated: deprecated,
            pathParameters: parameters("pathParams", of: members), query: parameters("query", of: members),
            headers: parameters("headers", of: members), cookies: parameters("cookies", of: members), body: body,
            response: optionalLocatedString("response", of: members),
            responseKey: optionalLocatedString("responseKey", of: members),
            arrayStrategy: optionalLocatedString("arrayStrategy", of: members),
            stream: optionalLocatedString("stream", of: members),
            streamTerminator: optionalLocatedString("streamTerminator", of: members),
            // A flag beside a 'stream' that is not a string would only repeat that error.
            streamFlag: optionalLocatedString("streamFlag", of: members).flatMap { streamIsText ? $0 : nil },
            idempotent: optionalBool("idempotent", of: members) ?? false,
            timeout: timeout(of: members),
            accept: optionalLocatedString("accept", of: members),
            auth: optionalLocatedString("auth", of: members),
            errorResponse: errorResponse(of: members),
            envelope: member("envelope", of: members).flatMap { Self.isNone($0.value) ? nil : envelope($0.value) },
            withoutEnvelope: member("envelope", of: members).map { Self.isNone($0.value) } ?? false,
            pagination: member("pagination", of: members).flatMap { pagination($0.value) },
            responseHeaders: parameters("responseHeaders", of: members, what: "response header", inRequest: false))
    }

    /// `errorResponse`: a type (or `"none"`), or an object of a type per status.
    private mutating func errorResponse(of members: [JSONNode.Member]) -> SpecDocument.ErrorResponse? {
        guard let node = member("errorResponse", of: members)?.value else { return nil }
        switch node.value {
        case .string(let type):
            return .one(Located(type, of: node))
        case .object(let entries):
            var statuses: [(status: Located<String>, type: Located<String>)] = []
            for entry in entries {
                guard case .string(let type) = entry.value.value else {
                    diagnostics.error(
                        "the error body of status '\(entry.key)' must be a type or \"none\", not \(entry.value.kindName)",
                        at: entry.value.location)
                    continue
                }
                statuses.append((Located(value: entry.key, location: entry.keyLocation), Located(type, of: entry.value)))
            }
            return .byStatus(statuses, location: node.location)
        default:
            diagnostics.error(
                "'errorResponse' must be a type, \"none\", or an object of a type per status, not \(node.kindName)",
                at: node.location)
            return nil
        }
    }

    private mutating func parameters(
        _ key: String, of members: [JSONNode.Member], what kind: String = "parameter", inRequest: Bool = true
    ) -> [SpecDocument.Parameter] {
        guard let node = member(key, of: members)?.value, let entries = object(node, "'\(key)'") else { return [] }
        var result: [SpecDocument.Parameter] = []
        for entry in entries {
            let name = Located(value: entry.key, location: entry.keyLocation)
            let what = "\(kind) '\(entry.key)'"
            switch entry.value.value {
            case .string(let type):
                result.append(.init(name: name, type: Located(type, of: entry.value)))
            case .object(let fields):
                // A request parameter may be secret, an array one may name its separator, and a
                // dictionary in the query its style.
                checkKeys(fields, allowed: ["type", "description", "swiftName"] + (inRequest ? ["secret", "separator", "style"] : []), in: what)
                let secret = optionalBool("secret", of: fields) ?? false
                if let type = requiredString("type", of: fields, at: entry.value.location, in: what) {
                    result.append(.init(
                        name: name, type: type, description: optionalString("description", of: fields),
                        swiftName: optionalLocatedString("swiftName", of: fields), secret: secret,
                        separator: optionalLocatedString("separator", of: fields), style: optionalLocatedString("style", of: fields)))
                }
            default:
                diagnostics.error("\(what) must be a type or an object with a \"type\", not \(entry.value.kindName)", at: entry.value.location)
            }
        }
        return result
    }

    // MARK: Strategies

    private mutating func options(_ members: [JSONNode.Member]) -> SpecDocument.Options {
        var options = SpecDocument.Options(
            keyStrategy: optionalLocatedString("keyStrategy", of: members),
            arrayStrategy: optionalLocatedString("arrayStrategy", of: members))
        if let entry = member("dateStrategy", of: members) {
            switch entry.value.value {
            case .string(let name):
                options.dateStrategy = Located(value: .named(name), location: entry.value.location)
            case .object(let fields):
                checkKeys(fields, allowed: ["format"], in: "'dateStrategy'")
                if let format = requiredString("format", of: fields, at: entry.value.location, in: "'dateStrategy'") {
                    options.dateStrategy = Located(value: .format(format.value), location: format.location)
                }
            default:
                diagnostics.error(
                    "'dateStrategy' must be a strategy name or {\"format\": \"…\"}, not \(entry.value.kindName)",
                    at: entry.value.location)
            }
        }
        return options
    }

    // MARK: Helpers

    private func member(_ key: String, of members: [JSONNode.Member]) -> JSONNode.Member? {
        members.first { $0.key == key }
    }

    private mutating func object(_ node: JSONNode, _ what: String) -> [JSONNode.Member]? {
        if case .object(let members) = node.value { return members }
        diagnostics.error("\(what) must be an object, not \(node.kindName)", at: node.location)
        return nil
    }

    private mutating func string(_ node: JSONNode, _ what: String) -> Located<String>? {
        if case .string(let text) = node.value { return Located(text, of: node) }
        diagnostics.error("\(what) must be a string, not \(node.kindName)", at: node.location)
        return nil
    }

    private mutating func requiredString(
        _ key: String, of members: [JSONNode.Member], at location: SourceLocation, in what: String
    ) -> Located<String>? {
        guard let entry = member(key, of: members) else {
            diagnostics.error("\(what) has no '\(key)'", at: location)
            return nil
        }
        return string(entry.value, "'\(key)'")
    }

    private mutating func optionalLocatedString(_ key: String, of members: [JSONNode.Member]) -> Located<String>? {
        member(key, of: members).flatMap { string($0.value, "'\(key)'") }
    }

    private mutating func optionalString(_ key: String, of members: [JSONNode.Member]) -> String? {
        optionalLocatedString(key, of: members)?.value
    }

    /// An endpoint's `timeout`: a number of seconds from a millisecond to a day, as the Double
    /// it becomes (as written, `3e-324` would make swiftc warn that it underflows).
    private mutating func timeout(of members: [JSONNode.Member]) -> Located<String>? {
        guard let entry = member("timeout", of: members) else { return nil }
        if case .number(let text) = entry.value.value, let seconds = Double(text), seconds >= 0.001, seconds <= 86_400 {
            return Located(seconds.rounded() == seconds ? "\(Int(seconds))" : "\(seconds)", of: entry.value)
        }
        let found = if case .number(let text) = entry.value.value { text } else { entry.value.kindName }
        diagnostics.error("'timeout' must be a number of seconds from 0.001 to 86400, not \(found)", at: entry.value.location)
        return nil
    }

    private mutating func optionalBool(_ key: String, of members: [JSONNode.Member]) -> Bool? {
        optionalLocatedBool(key, of: members)?.value
    }

    private mutating func optionalLocatedBool(_ key: String, of members: [JSONNode.Member]) -> Located<Bool>? {
        guard let entry = member(key, of: members) else { return nil }
        if case .bool(let flag) = entry.value.value { return Located(value: flag, location: entry.value.location) }
        diagnostics.error("'\(key)' must be true or false, not \(entry.value.kindName)", at: entry.value.location)
        return nil
    }

    private mutating func checkKeys(_ members: [JSONNode.Member], allowed: [String], in what: String) {
        for member in members where !allowed.contains(member.key) {
            var message = "unknown key '\(member.key)' in \(what)"
            if let hint = suggestion(for: member.key, among: allowed) { message += "; \(hint)" }
            diagnostics.error(message, at: member.keyLocation)
        }
    }

    private func pointerEscape(_ key: String) -> String {
        jsonPointerToken(key)
    }
}

