import Foundation

/// Resources and their endpoints: names, path templates, parameters, bodies and responses.
extension Resolver {
    mutating func resolveResource(_ resource: SpecDocument.Resource) -> ResolvedAPI.Service? {
        let base = SwiftNaming.typeName(resource.name.value)
        let name = Self.withSuffix(base, "Service")
        let protocolName = name + "Protocol"
        let liveName = "Live" + name
        // One clash is enough to report: the three names share their stem.
        for typeName in [name, protocolName, liveName] {
            if !declare(typeName, origin: "resource '\(resource.name.value)'", at: resource.name.location) { break }
        }
        var prefix: [ResolvedAPI.PathSegment] = []
        if let path = resource.path {
            if !path.value.hasPrefix("/") {
                diagnostics.error("the path of resource '\(resource.name.value)' must start with '/'", at: path.location)
            }
            let trimmed = path.value.hasSuffix("/") ? String(path.value.dropLast()) : path.value
            prefix = parsePath(trimmed, at: path.location) ?? []
        }
        var functionNames: [String: SourceLocation] = [:]
        var endpoints: [ResolvedAPI.Endpoint] = []
        for endpoint in resource.endpoints {
            guard let resolved = resolveEndpoint(endpoint, prefix: prefix) else { continue }
            if let first = functionNames[resolved.functionName] {
                diagnostics.error(
                    "resource '\(resource.name.value)' has two endpoints named '\(resolved.functionName)' (the first at line \(first.line)); give one a different \"name\"",
                    at: endpoint.name?.location ?? endpoint.location)
                continue
            }
            functionNames[resolved.functionName] = endpoint.name?.location ?? endpoint.location
            declare(resolved.typeName, origin: "endpoint '\(resolved.functionName)'", at: endpoint.name?.location ?? endpoint.location)
            endpoints.append(resolved)
        }
        return .init(
            resourceName: resource.name.value, pointer: resource.pointer, name: name, protocolName: protocolName,
            liveName: liveName, description: resource.description, endpoints: endpoints)
    }

    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"]
    static let verbs = ["GET": "fetch", "POST": "create", "PUT": "replace", "PATCH": "update", "DELETE": "delete", "HEAD": "check"]

    mutating func resolveEndpoint(
        _ endpoint: SpecDocument.Endpoint, prefix: [ResolvedAPI.PathSegment]
    ) -> ResolvedAPI.Endpoint? {
        let method = endpoint.method.value.uppercased()
        var failed = false
        if !Self.methods.contains(method) {
            // Reported, and the rest of the endpoint is still checked.
            unknownValue(endpoint.method, of: "HTTP method", among: Self.methods)
            failed = true
        }
        if !endpoint.path.value.hasPrefix("/") {
            diagnostics.error("an endpoint path must start with '/'", at: endpoint.path.location)
            failed = true
        }
        guard let ownSegments = parsePath(endpoint.path.value, at: endpoint.path.location) else { return nil }
        let segments = prefix + ownSegments

        let functionName: String
        if let name = endpoint.name {
            functionName = SwiftNaming.memberName(name.value)
        } else {
            // The resource's path is a base path: the name comes from the endpoint's own path.
            functionName = Self.derivedName(method: method, segments: ownSegments)
        }
        let typeName = SwiftNaming.typeName(functionName) + "Endpoint"

        var parameters: [ResolvedAPI.Parameter] = []
        var swiftNames: [String: String] = [:]
        func claim(_ swiftName: String, for wireName: String, at location: SourceLocation) -> Bool {
            if Self.endpointMemberNames.contains(swiftName) {
                diagnostics.error(
                    "parameter '\(wireName)' would become '\(swiftName)', which every endpoint declares; give it a \"swiftName\"",
                    at: location)
                return false
            }
            if let other = swiftNames[swiftName] {
                diagnostics.error(
                    "parameters '\(other)' and '\(wireName)' both become '\(swiftName)' in Swift; give one a \"swiftName\"",
                    at: location)
                return false
            }
            swiftNames[swiftName] = wireName
            return true
        }
        /// The Swift name of a path, query or header parameter, claimed and appended; false when it clashes.
        func add(_ parameter: SpecDocument.Parameter, as kind: ResolvedAPI.Parameter.Kind, type: TypeReference) -> Bool {
            let swiftName = SwiftNaming.memberName(parameter.swiftName?.value ?? parameter.name.value)
            guard claim(swiftName, for: parameter.name.value, at: parameter.name.location) else { return false }
            parameters.append(.init(kind: kind, swiftName: swiftName, type: type, description: parameter.description))
            return true
        }
        /// Reports a parameter whose type has no single text form.
        func notSimple(_ what: String, _ parameter: SpecDocument.Parameter, _ type: TypeReference, orArray: Bool = false) {
            let allowed = "a String, number, Bool, UUID, URL, Date or enum" + (orArray ? ", or an array of one" : "")
            diagnostics.error("\(what) '\(parameter.name.value)' must be \(allowed), not \(type.swift)", at: parameter.type.location)
        }

        // Path parameters: each {name} declared, each declaration used.
        let used = segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
        var pathSwiftNames: [String: String] = [:]
        for name in used where !endpoint.pathParameters.contains(where: { $0.name.value == name }) {
            var message = "path parameter '{\(name)}' is not declared in 'pathParams'"
            if let hint = suggestion(for: name, among: endpoint.pathParameters.map(\.name.value)) {
                message += "; \(hint)"
            } else {
                message += "; declare it, for example \"pathParams\": {\"\(name)\": \"String\"}"
            }
            diagnostics.error(message, at: endpoint.path.location)
            failed = true
        }
        for parameter in endpoint.pathParameters {
            guard used.contains(parameter.name.value) else {
                diagnostics.error(
                    "path parameter '\(parameter.name.value)' is declared but the path has no '{\(parameter.name.value)}'",
                    at: parameter.name.location)
                failed = true
                continue
            }
            guard let type = resolveType(parameter.type) else { failed = true; continue }
            guard isSimple(type) else {
                notSimple("path parameter", parameter, type)
                failed = true
                continue
            }
            guard add(parameter, as: .path, type: type) else { failed = true; continue }
            pathSwiftNames[parameter.name.value] = parameters[parameters.count - 1].swiftName
        }
        let resolvedSegments = segments.map { segment -> ResolvedAPI.PathSegment in
            if case .parameter(let name) = segment { return .parameter(pathSwiftNames[name] ?? name) }
            return segment
        }

        if let body = endpoint.body {
            if method == "GET" || method == "HEAD" {
                diagnostics.error("\(method) endpoints cannot have a body", at: body.location)
                failed = true
            } else if let type = resolveType(body.type) {
                if type.containsDate {
                    diagnostics.error("a Date in a body must be a model property, so that it has a date strategy", at: body.type.location)
                    failed = true
                }
                let defaultName: String
                if let key = body.key?.value {
                    defaultName = key
                } else if case .model(let name) = type {
                    defaultName = name
                } else {
                    defaultName = "body"
                }
                let swiftName = SwiftNaming.memberName(body.swiftName?.value ?? defaultName)
                if claim(swiftName, for: "body", at: body.location) {
                    parameters.append(.init(kind: .body(key: body.key?.value), swiftName: swiftName, type: type, description: nil))
                } else {
                    failed = true
                }
            } else {
                failed = true
            }
        }
        for parameter in endpoint.query {
            if parameter.name.value.isEmpty {
                diagnostics.error("a query parameter needs a name", at: parameter.name.location)
                failed = true
                continue
            }
            guard let type = resolveType(parameter.type) else { failed = true; continue }
            let element: TypeReference = if case .array(let element) = type.unwrapped { element } else { type.unwrapped }
            guard isSimple(element) else {
                notSimple("query parameter", parameter, type, orArray: true)
                failed = true
                continue
            }
            if !add(parameter, as: .query(name: parameter.name.value), type: type) { failed = true }
        }
        var headerNames: [String: String] = [:]
        for parameter in endpoint.headers {
            guard checkHeaderName(parameter.name), let type = resolveType(parameter.type) else { failed = true; continue }
            if let other = headerNames[parameter.name.value.lowercased()] {
                diagnostics.error("headers '\(other)' and '\(parameter.name.value)' are one header: names ignore case", at: parameter.name.location)
                failed = true
                continue
            }
            headerNames[parameter.name.value.lowercased()] = parameter.name.value
            guard isSimple(type.unwrapped) else {
                notSimple("header", parameter, type)
                failed = true
                continue
            }
            if !add(parameter, as: .header(name: parameter.name.value), type: type) { failed = true }
        }

        var response = ResolvedAPI.Response.void
        if let text = endpoint.response {
            switch text.value {
            case "Void": response = .void
            case "Data": response = .data
            case "String": response = .text
            default:
                if let type = resolveType(text) {
                    if type.containsDate {
                        diagnostics.error("a Date in a response must be a model property, so that it has a date strategy", at: text.location)
                        failed = true
                    }
                    response = .json(type)
                } else {
                    failed = true
                }
            }
        }
        if let key = endpoint.responseKey {
            if case .json = response {} else {
                diagnostics.error("'responseKey' needs a JSON response type, not \(endpoint.response?.value ?? "Void")", at: key.location)
                failed = true
            }
            if key.value.isEmpty {
                diagnostics.error("'responseKey' cannot be empty", at: key.location)
                failed = true
            }
        }
        var isArray = false
        if case .json(let type) = response, case .array = type.unwrapped { isArray = true }
        if let strategy = endpoint.arrayStrategy, !isArray {
            diagnostics.error("'arrayStrategy' needs an array response, not \(endpoint.response?.value ?? "Void")", at: strategy.location)
            failed = true
        }
        let strategy = arrayStrategy(endpoint.arrayStrategy, inheriting: defaults.array)
        if failed { return nil }
        return .init(
            pointer: endpoint.pointer, functionName: functionName, typeName: typeName, method: method,
            pathSegments: resolvedSegments, description: endpoint.description, deprecated: endpoint.deprecated,
            parameters: parameters, response: response, responseKey: endpoint.responseKey?.value,
            arrayStrategy: strategy)
    }

    /// `GET /v1/cities/{id}` → `fetchCitiesById`: a verb for the method, then the path's words,
    /// leaving out version segments such as `v1`.
    static func derivedName(method: String, segments: [ResolvedAPI.PathSegment]) -> String {
        var words = [verbs[method] ?? method.lowercased()]
        for segment in segments {
            switch segment {
            case .literal(let text):
                for part in text.split(separator: "/") {
                    let isVersion = part.count >= 2 && part.first == "v" && part.dropFirst().allSatisfy(\.isNumber)
                    if !isVersion { words.append(String(part)) }
                }
            case .parameter(let name):
                words.append("by")
                words.append(name)
            }
        }
        if words.count == 1 { words.append("root") }
        return SwiftNaming.memberName(words.joined(separator: " "))
    }

    /// Splits a path template into literal text and `{parameter}`s. Literal text may hold only
    /// characters that are legal unencoded in a URL path, so it can be emitted as it is.
    mutating func parsePath(_ path: String, at location: SourceLocation) -> [ResolvedAPI.PathSegment]? {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/%".unicodeScalars)
        var segments: [ResolvedAPI.PathSegment] = []
        var literal = ""
        var parameter: String?
        let scalars = Array(path.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if parameter == nil, scalar == "%" {
                let isHex = { (i: Int) in i < scalars.count && scalars[i].properties.isASCIIHexDigit }
                guard isHex(index + 1), isHex(index + 2) else {
                    diagnostics.error("'%' in path '\(path)' must start a percent-encoded byte such as %20", at: location)
                    return nil
                }
            }
            if var name = parameter {
                if scalar == "}" {
                    let nameCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._".unicodeScalars)
                    guard !name.isEmpty, name.unicodeScalars.allSatisfy({ nameCharacters.contains($0) }) else {
                        diagnostics.error("'{\(name)}' in path '\(path)' is not a valid parameter name", at: location)
                        return nil
                    }
                    segments.append(.parameter(name))
                    parameter = nil
                } else if scalar == "{" {
                    diagnostics.error("unbalanced '{' in path '\(path)'", at: location)
                    return nil
                } else {
                    name.unicodeScalars.append(scalar)
                    parameter = name
                }
            } else if scalar == "{" {
                if !literal.isEmpty { segments.append(.literal(literal)) }
                literal = ""
                parameter = ""
            } else if scalar == "}" {
                diagnostics.error("unbalanced '}' in path '\(path)'", at: location)
                return nil
            } else if allowed.contains(scalar) {
                literal.unicodeScalars.append(scalar)
            } else {
                let shown = scalar == " " ? "a space"
                    : scalar.properties.isWhitespace || CommentText.isUnsafe(scalar)
                        ? "U+\(String(scalar.value, radix: 16, uppercase: true))" : "'\(scalar)'"
                diagnostics.error("path '\(path)' contains \(shown), which must be percent-encoded in a URL path", at: location)
                return nil
            }
        }
        if parameter != nil {
            diagnostics.error("unbalanced '{' in path '\(path)'", at: location)
            return nil
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        return segments
    }
}
