/// Auth schemes, per-resource servers, envelopes, error bodies and pagination.
extension Resolver {
    static let authKinds = ["bearer", "basic", "apiKey", "apiKeys", "custom"]

    /// An API key in the header, query item or cookie `name` (`place`); nil (reported) when it cannot be.
    private mutating func apiKeyPlace(_ place: Located<String>, _ name: Located<String>) -> ResolvedAPI.AuthScheme.APIKeyPlace? {
        switch place.value {
        case "header":
            if checkHeaderName(name) { return .header(name.value) }
        case "query":
            if !name.value.isEmpty { return .query(name.value) }
            diagnostics.error("the query item of an API key needs a name", at: name.location)
        case "cookie":
            if Self.isCookieName(name.value) { return .cookie(name.value) }
            diagnostics.error("'\(name.value)' is not a valid cookie name", at: name.location)
        default:
            unknownValue(place, of: "API key location", among: ["header", "query", "cookie"])
        }
        return nil
    }

    mutating func resolveAuthSchemes() -> [ResolvedAPI.AuthScheme] {
        var result: [ResolvedAPI.AuthScheme] = []
        for scheme in document.authSchemes {
            let typeName = Self.withSuffix(SwiftNaming.typeName(scheme.name.value), "Auth")
            if Self.reservedTypeNames.contains(typeName) {
                diagnostics.error(
                    "auth scheme '\(scheme.name.value)' would be the type '\(typeName)', which the generated code uses already; rename the scheme",
                    at: scheme.name.location)
                continue
            }
            if scheme.name.value.lowercased() == "none" {
                diagnostics.error("'none' means no auth and cannot name a scheme", at: scheme.name.location)
                continue
            }
            var kind: ResolvedAPI.AuthScheme.Kind?
            switch scheme.type.value {
            case "bearer": kind = .bearer
            case "basic": kind = .basic
            case "custom": kind = .custom
            case "apiKey":
                guard let place = scheme.location, let name = scheme.fieldName else {
                    diagnostics.error(
                        "API key scheme '\(scheme.name.value)' needs \"in\" (\"header\", \"query\" or \"cookie\") and the \"name\" of the field",
                        at: scheme.type.location)
                    continue
                }
                kind = apiKeyPlace(place, name).map { .apiKey($0) }
            case "apiKeys":
                guard let keys = scheme.keys, keys.count >= 2 else {
                    diagnostics.error(
                        "API keys scheme '\(scheme.name.value)' needs \"keys\": two or more, each with \"in\" (\"header\", \"query\" or "
                            + "\"cookie\") and the \"name\" of the field (one key is an \"apiKey\" scheme)",
                        at: scheme.type.location)
                    continue
                }
                var places: [ResolvedAPI.AuthScheme.APIKeyPlace] = []
                var sent: Set<String> = []
                for key in keys {
                    guard let place = key.location, let name = key.fieldName else {
                        diagnostics.error("a key of API keys scheme '\(scheme.name.value)' needs \"in\" and \"name\"", at: key.node)
                        continue
                    }
                    // Header names ignore case.
                    guard sent.insert(place.value + "\u{0}" + (place.value == "header" ? name.value.lowercased() : name.value)).inserted else {
                        diagnostics.error("API keys scheme '\(scheme.name.value)' sends '\(name.value)' twice", at: name.location)
                        continue
                    }
                    if let found = apiKeyPlace(place, name) { places.append(found) }
                }
                if places.count == keys.count { kind = .apiKeys(places) }
            default:
                unknownValue(scheme.type, of: "auth scheme type", among: Self.authKinds)
            }
            if scheme.type.value != "apiKey" {
                for field in [scheme.location, scheme.fieldName].compactMap({ $0 }) {
                    diagnostics.error("only API key schemes take \"in\" and \"name\"", at: field.location)
                }
            }
            if scheme.type.value != "apiKeys", let keys = scheme.keys {
                diagnostics.error("only API keys schemes take \"keys\"", at: keys.first?.node ?? scheme.type.location)
            }
            guard let kind, declare(typeName, origin: "auth scheme '\(scheme.name.value)'", at: scheme.name.location) else { continue }
            result.append(.init(
                typeName: typeName, specName: scheme.name.value, pointer: scheme.pointer, description: scheme.description,
                kind: kind))
        }
        return result
    }

    /// The type name of the scheme `value` names: nil for `"none"`, `.some(nil)` (reported) for
    /// an unknown name.
    mutating func authType(_ value: Located<String>) -> String?? {
        if value.value == "none" { return .some(nil) }
        if let scheme = authSchemes.first(where: { $0.specName == value.value }) { return .some(scheme.typeName) }
        var message = "unknown auth scheme '\(value.value)'"
        let names = authSchemes.map(\.specName) + ["none"]
        if let hint = suggestion(for: value.value, among: names) {
            message += "; \(hint)"
        } else if authSchemes.isEmpty {
            message += "; declare it under \"auth\", for example \"auth\": {\"\(value.value)\": {\"type\": \"bearer\"}}"
        } else {
            message += "; expected one of: \(names.joined(separator: ", "))"
        }
        diagnostics.error(message, at: value.location)
        return nil
    }

    /// A resource's own base URLs: one for each of the API's servers, each a valid URL.
    mutating func resolveResourceServers(_ resource: SpecDocument.Resource, name: String) -> ResolvedAPI.ResourceServer? {
        guard let location = resource.serversLocation else { return nil }
        let apiServers = resolvedServers
        if apiServers.isEmpty {
            diagnostics.error("resource '\(resource.name.value)' has its own 'servers', but the spec declares none to pair them with", at: location)
            return nil
        }
        var urls: [(caseName: String, url: String)] = []
        var failed = false
        for (serverName, url) in resource.servers {
            guard let server = document.servers.first(where: { $0.name.value == serverName.value }) else {
                unknownValue(serverName, of: "server", among: document.servers.map(\.name.value))
                failed = true
                continue
            }
            guard Self.isValidServerURL(url.value) else {
                diagnostics.error(
                    "server '\(serverName.value)' of resource '\(resource.name.value)' has an invalid URL '\(url.value)'; expected an absolute http or https URL without query or fragment",
                    at: url.location)
                failed = true
                continue
            }
            urls.append((SwiftNaming.memberName(server.name.value), url.value))
        }
        let missing = document.servers.map(\.name.value).filter { name in !resource.servers.contains { $0.name.value == name } }
        if !missing.isEmpty {
            diagnostics.error(
                "resource '\(resource.name.value)' has no URL for server\(missing.count == 1 ? "" : "s") \(missing.map { "'\($0)'" }.joined(separator: ", "))",
                at: location)
            failed = true
        }
        if failed { return nil }
        let ordered = apiServers.compactMap { server in urls.first { $0.caseName == server.caseName } }
        return .init(name: name, propertyName: SwiftNaming.memberName(name) + "URL", urls: ordered)
    }

    mutating func resolveEnvelope(_ envelope: SpecDocument.Envelope) -> ResolvedAPI.Envelope {
        let success = envelope.success.map { value -> String in
            switch value.value {
            case .string(let text): ".string(\(SwiftLiteral.string(text)))"
            case .integer(let number): ".int(\(number))"
            case .bool(let flag): ".bool(\(flag))"
            }
        }
        return .init(status: envelope.status.value, success: success, message: envelope.message?.value, value: envelope.value?.value)
    }

    /// An error body's type: a JSON model, array or builtin, reported otherwise.
    /// The error bodies `errorResponse` describes: one type for every status, none (`"none"`), or
    /// a type per status (`"404"`, `"4XX"`, `"default"`; `"none"` for a status without one), in
    /// the order a response's status is matched: codes, then classes, then the default. Nil
    /// after reporting every problem.
    mutating func resolveErrorResponse(_ value: SpecDocument.ErrorResponse) -> [ResolvedAPI.ErrorBody]? {
        switch value {
        case .one(let text):
            if text.value == "none" { return [] }
            return errorBodyType(text).map { [ResolvedAPI.ErrorBody(status: .any, type: $0)] }
        case .byStatus(let entries, let location):
            guard !entries.isEmpty else {
                diagnostics.error("'errorResponse' lists no status; give a type per status, such as {\"404\": \"NotFound\", \"default\": \"Problem\"}", at: location)
                return nil
            }
            var bodies: [ResolvedAPI.ErrorBody] = []
            var written: [ResolvedAPI.ErrorBody.Status: String] = [:]
            var failed = false
            for (status, text) in entries {
                let type: TypeReference?
                if text.value == "none" {
                    type = nil
                } else if let resolved = errorBodyType(text) {
                    type = resolved
                } else {
                    failed = true
                    type = nil
                }
                guard let match = errorStatus(status) else { failed = true; continue }
                if let other = written[match] {
                    diagnostics.error("statuses '\(other)' and '\(status.value)' are the same status", at: status.location)
                    failed = true
                    continue
                }
                written[match] = status.value
                bodies.append(.init(status: match, type: type))
            }
            return failed ? nil : bodies.sorted { $0.status < $1.status }
        }
    }

    /// A status `errorResponse` may name: a code from 300 to 599 (`404`), a class (`4XX`, any
    /// case) or `default`; a 2xx one is a success, never an error. Nil after reporting it.
    private mutating func errorStatus(_ status: Located<String>) -> ResolvedAPI.ErrorBody.Status? {
        let text = status.value
        if text == "default" { return .any }
        let bytes = Array(text.utf8)
        let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        if bytes.count == 3, (UInt8(ascii: "1")...UInt8(ascii: "5")).contains(bytes[0]) {
            let first = Int(bytes[0] - UInt8(ascii: "0"))
            let match: ResolvedAPI.ErrorBody.Status? = text.dropFirst().uppercased() == "XX" ? .range(first)
                : isDigit(bytes[1]) && isDigit(bytes[2]) ? .code(Int(text)!) : nil
            if let match {
                guard first >= 3 else {
                    let what = first == 2 ? "a success" : "informational, which the URL session handles"
                    diagnostics.error("status '\(text)' is \(what); 'errorResponse' is for statuses from 300 to 599", at: status.location)
                    return nil
                }
                return match
            }
        }
        diagnostics.error("'\(text)' is not a status; expected a code such as '404', a class such as '4XX', or 'default'", at: status.location)
        return nil
    }

    /// One error body's type: any type a JSON response can be, with dates only inside models.
    private mutating func errorBodyType(_ text: Located<String>) -> TypeReference? {
        guard let type = resolveType(text) else { return nil }
        if type.containsDate {
            diagnostics.error("a Date in an error response must be a model property, so that it has a date strategy", at: text.location)
            return nil
        }
        return type
    }
}
