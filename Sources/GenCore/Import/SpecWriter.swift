/// Writes a ``SpecDocument`` as spec JSON for people to own and edit: keys in the order the
/// spec format documents them, two-space indentation, short objects on one line, and nothing the
/// defaults already say (a parameter that is only a type is written as its type).
enum SpecWriter {
    /// A JSON value to write; objects keep their order.
    indirect enum Value {
        case string(String)
        case number(String)
        case bool(Bool)
        case null
        case array([Value])
        case object([(String, Value)])

        init(_ node: JSONNode) {
            switch node.value {
            case .null: self = .null
            case .bool(let flag): self = .bool(flag)
            case .number(let text): self = .number(text)
            case .string(let text): self = .string(text)
            case .array(let elements): self = .array(elements.map(Value.init))
            case .object(let members): self = .object(members.map { ($0.key, Value($0.value)) })
            }
        }
    }

    static func write(_ document: SpecDocument) -> String {
        var top: [(String, Value)] = [("endpointgen", .number("1")), ("name", .string(document.name.value))]
        if let description = document.description { top.append(("description", .string(description))) }
        if !document.servers.isEmpty {
            top.append(("servers", .object(document.servers.map { ($0.name.value, .string($0.url.value)) })))
        }
        if !document.headers.isEmpty {
            top.append(("headers", .object(document.headers.map { ($0.name.value, .string($0.value.value)) })))
        }
        if !document.authSchemes.isEmpty {
            top.append(("auth", .object(document.authSchemes.map { scheme in
                var fields: [(String, Value)] = [("type", .string(scheme.type.value))]
                if let location = scheme.location { fields.append(("in", .string(location.value))) }
                if let name = scheme.fieldName { fields.append(("name", .string(name.value))) }
                if let keys = scheme.keys {
                    fields.append(("keys", .array(keys.map { key in
                        .object([key.location.map { ("in", .string($0.value)) }, key.fieldName.map { ("name", .string($0.value)) }].compactMap { $0 })
                    })))
                }
                if let description = scheme.description { fields.append(("description", .string(description))) }
                return (scheme.name.value, .object(fields))
            })))
        }
        var defaults = options(document.defaults)
        if let hashable = document.defaultHashable { defaults.append(("hashable", .bool(hashable.value))) }
        if let identifiable = document.defaultIdentifiable { defaults.append(("identifiable", .bool(identifiable.value))) }
        if let access = document.access { defaults.append(("access", .string(access.value))) }
        if let auth = document.defaultAuth { defaults.append(("auth", .string(auth.value))) }
        if let errorResponse = document.defaultErrorResponse { defaults.append(("errorResponse", Self.errorResponse(errorResponse))) }
        if !defaults.isEmpty { top.append(("defaults", .object(defaults))) }
        if !document.models.isEmpty { top.append(("models", .object(document.models.map { ($0.name.value, model($0)) }))) }
        if !document.resources.isEmpty { top.append(("resources", .object(document.resources.map { ($0.name.value, resource($0)) }))) }
        var output = ""
        render(.object(top), indent: 0, used: 0, into: &output)
        return output + "\n"
    }

    // MARK: Constructs

    private static func options(_ options: SpecDocument.Options) -> [(String, Value)] {
        var fields: [(String, Value)] = []
        if let key = options.keyStrategy { fields.append(("keyStrategy", .string(key.value))) }
        if let date = options.dateStrategy {
            switch date.value {
            case .named(let name): fields.append(("dateStrategy", .string(name)))
            case .format(let format): fields.append(("dateStrategy", .object([("format", .string(format))])))
            }
        }
        if let array = options.arrayStrategy { fields.append(("arrayStrategy", .string(array.value))) }
        return fields
    }

    private static func model(_ model: SpecDocument.Model) -> Value {
        var fields: [(String, Value)] = []
        if let description = model.description { fields.append(("description", .string(description))) }
        switch model.kind {
        case .enumeration(let cases):
            func raw(_ value: SpecDocument.EnumCase.RawValue) -> Value {
                switch value {
                case .string(let text): .string(text)
                case .integer(let number): .number(String(number))
                }
            }
            if cases.contains(where: { $0.name != nil }) {
                fields.append(("enum", .object(cases.map { ($0.name?.value ?? "", raw($0.value.value)) })))
            } else {
                fields.append(("enum", .array(cases.map { raw($0.value.value) })))
            }
        case .union(let union):
            if union.members.contains(where: { $0.name != nil }) {
                fields.append(("oneOf", .object(union.members.map { ($0.name?.value ?? $0.type.value, .string($0.type.value)) })))
            } else {
                fields.append(("oneOf", .array(union.members.map { .string($0.type.value) })))
            }
            if let discriminator = union.discriminator { fields.append(("discriminator", .string(discriminator.value))) }
            if !union.mapping.isEmpty { fields.append(("mapping", .object(union.mapping.map { ($0.value.value, .string($0.type.value)) }))) }
            if let hashable = model.hashable { fields.append(("hashable", .bool(hashable.value))) }
        case .structure(let properties):
            if !model.allOf.isEmpty { fields.append(("allOf", .array(model.allOf.map { .string($0.value) }))) }
            fields += options(model.options)
            if model.tolerant { fields.append(("tolerant", .bool(true))) }
            if let hashable = model.hashable { fields.append(("hashable", .bool(hashable.value))) }
            if let identifiable = model.identifiable { fields.append(("identifiable", .bool(identifiable.value))) }
            fields.append(("properties", .object(properties.map { ($0.name.value, property($0)) })))
            if let additional = model.additionalProperties { fields.append(("additionalProperties", .string(additional.value))) }
        }
        return .object(fields)
    }

    private static func property(_ property: SpecDocument.Property) -> Value {
        var fields: [(String, Value)] = [("type", .string(property.type.value))]
        if let key = property.key { fields.append(("key", .string(key.value))) }
        if property.nullable?.value == true { fields.append(("nullable", .bool(true))) }
        if property.required?.value == true { fields.append(("required", .bool(true))) }
        if let defaultValue = property.defaultValue { fields.append(("default", Value(defaultValue))) }
        fields += options(property.options)
        if let description = property.description { fields.append(("description", .string(description))) }
        return fields.count == 1 ? fields[0].1 : .object(fields)
    }

    private static func resource(_ resource: SpecDocument.Resource) -> Value {
        var fields: [(String, Value)] = []
        if let description = resource.description { fields.append(("description", .string(description))) }
        if let path = resource.path { fields.append(("path", .string(path.value))) }
        if let auth = resource.auth { fields.append(("auth", .string(auth.value))) }
        if !resource.servers.isEmpty { fields.append(("servers", .object(resource.servers.map { ($0.name.value, .string($0.url.value)) }))) }
        fields.append(("endpoints", .array(resource.endpoints.map(endpoint))))
        return .object(fields)
    }

    private static func endpoint(_ endpoint: SpecDocument.Endpoint) -> Value {
        var fields: [(String, Value)] = []
        if let name = endpoint.name { fields.append(("name", .string(name.value))) }
        fields.append(("method", .string(endpoint.method.value)))
        fields.append(("path", .string(endpoint.path.value)))
        if let description = endpoint.description { fields.append(("description", .string(description))) }
        if let deprecated = endpoint.deprecated { fields.append(("deprecated", deprecated.isEmpty ? .bool(true) : .string(deprecated))) }
        for (key, parameters) in [("pathParams", endpoint.pathParameters), ("query", endpoint.query), ("headers", endpoint.headers),
                                  ("cookies", endpoint.cookies)] where !parameters.isEmpty {
            fields.append((key, .object(parameters.map { ($0.name.value, parameter($0)) })))
        }
        if let body = endpoint.body {
            var bodyFields: [(String, Value)] = [("type", .string(body.type.value))]
            if let key = body.key { bodyFields.append(("key", .string(key.value))) }
            if let swiftName = body.swiftName { bodyFields.append(("swiftName", .string(swiftName.value))) }
            if let encoding = body.encoding { bodyFields.append(("encoding", .string(encoding.value))) }
            if let contentType = body.contentType { bodyFields.append(("contentType", .string(contentType.value))) }
            fields.append(("body", bodyFields.count == 1 ? bodyFields[0].1 : .object(bodyFields)))
        }
        if let response = endpoint.response { fields.append(("response", .string(response.value))) }
        if let key = endpoint.responseKey { fields.append(("responseKey", .string(key.value))) }
        if let strategy = endpoint.arrayStrategy { fields.append(("arrayStrategy", .string(strategy.value))) }
        if let stream = endpoint.stream { fields.append(("stream", .string(stream.value))) }
        if let terminator = endpoint.streamTerminator { fields.append(("streamTerminator", .string(terminator.value))) }
        if let flag = endpoint.streamFlag { fields.append(("streamFlag", .string(flag.value))) }
        if endpoint.idempotent { fields.append(("idempotent", .bool(true))) }
        if let timeout = endpoint.timeout { fields.append(("timeout", .number(timeout.value))) }
        if let accept = endpoint.accept { fields.append(("accept", .string(accept.value))) }
        if let auth = endpoint.auth { fields.append(("auth", .string(auth.value))) }
        if let errorResponse = endpoint.errorResponse { fields.append(("errorResponse", Self.errorResponse(errorResponse))) }
        if !endpoint.responseHeaders.isEmpty {
            fields.append(("responseHeaders", .object(endpoint.responseHeaders.map { ($0.name.value, parameter($0)) })))
        }
        return .object(fields)
    }

    private static func errorResponse(_ errorResponse: SpecDocument.ErrorResponse) -> Value {
        switch errorResponse {
        case .one(let type): .string(type.value)
        case .byStatus(let entries, _): .object(entries.map { ($0.status.value, .string($0.type.value)) })
        }
    }

    private static func parameter(_ parameter: SpecDocument.Parameter) -> Value {
        var fields: [(String, Value)] = [("type", .string(parameter.type.value))]
        if let swiftName = parameter.swiftName { fields.append(("swiftName", .string(swiftName.value))) }
        if parameter.secret { fields.append(("secret", .bool(true))) }
        if let separator = parameter.separator { fields.append(("separator", .string(separator.value))) }
        if let style = parameter.style { fields.append(("style", .string(style.value))) }
        if let description = parameter.description { fields.append(("description", .string(description))) }
        return fields.count == 1 ? fields[0].1 : .object(fields)
    }

    // MARK: JSON

    /// The widest a container may be to be written on one line.
    private static let lineWidth = 110

    /// Writes `value` at `indent`, on a line whose first `used` columns are taken.
    private static func render(_ value: Value, indent: Int, used: Int, into output: inout String) {
        switch value {
        case .string(let text): output += quoted(text)
        case .number(let text): output += text
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        case .array(let elements):
            if elements.isEmpty { output += "[]"; return }
            if let line = inline(value), used + line.count <= lineWidth {
                output += line
                return
            }
            output += "[\n"
            for (offset, element) in elements.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                render(element, indent: indent + 2, used: indent + 2, into: &output)
                output += offset + 1 < elements.count ? ",\n" : "\n"
            }
            output += String(repeating: " ", count: indent) + "]"
        case .object(let members):
            if members.isEmpty { output += "{}"; return }
            if let line = inline(value), used + line.count <= lineWidth {
                output += line
                return
            }
            output += "{\n"
            for (offset, member) in members.enumerated() {
                output += String(repeating: " ", count: indent + 2) + quoted(member.0) + ": "
                render(member.1, indent: indent + 2, used: indent + 2 + quoted(member.0).count + 2, into: &output)
                output += offset + 1 < members.count ? ",\n" : "\n"
            }
            output += String(repeating: " ", count: indent) + "}"
        }
    }

    /// The one-line form of a container of plain values (no containers inside, no line breaks),
    /// or nil.
    private static func inline(_ value: Value) -> String? {
        func scalar(_ value: Value) -> String? {
            switch value {
            case .string(let text): text.contains("\n") ? nil : quoted(text)
            case .number(let text): text
            case .bool(let flag): flag ? "true" : "false"
            case .null: "null"
            case .array, .object: nil
            }
        }
        switch value {
        case .array(let elements):
            let items = elements.compactMap(scalar)
            return items.count == elements.count ? "[" + items.joined(separator: ", ") + "]" : nil
        case .object(let members):
            var items: [String] = []
            for member in members {
                guard let item = scalar(member.1) else { return nil }
                items.append(quoted(member.0) + ": " + item)
            }
            return "{ " + items.joined(separator: ", ") + " }"
        default:
            return scalar(value)
        }
    }

    /// A JSON value on one line, whatever it holds (a default quoted in a description).
    static func oneLine(_ node: JSONNode) -> String {
        switch node.value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let text): text
        case .string(let text): quoted(text)
        case .array(let elements): "[" + elements.map(oneLine).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.map { quoted($0.key) + ": " + oneLine($0.value) }.joined(separator: ", ") + "}"
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
