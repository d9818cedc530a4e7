import Foundation

/// Validates a ``SpecDocument`` and resolves it into a ``ResolvedAPI``: references checked,
/// types resolved, every Swift name decided once. Reports every problem, not just the first.
struct Resolver {
    var diagnostics: DiagnosticCollector
    private let document: SpecDocument
    private let accessOverride: AccessLevel?
    /// Model name → kind, for resolving references in type expressions.
    private var modelKinds: [String: ModelKind] = [:]
    private var enumRawValues: [String: [SpecDocument.EnumCase.RawValue: String]] = [:]
    /// Every type name the output declares, to catch two constructs that would clash in Swift.
    private var declaredTypes: [String: String] = [:]
    /// The same names lowercased: file names come from type names, and macOS's default file
    /// system does not tell `User.swift` from `user.swift`.
    private var declaredFileNames: [String: String] = [:]
    /// The spec-wide strategies, each checked once.
    private var defaults = Strategies(snakeCase: false, date: .iso8601, array: .strict)

    /// Key, date and array strategies in force at one level (spec, model).
    private struct Strategies {
        var snakeCase: Bool
        var date: DateStrategy
        var array: ArrayStrategy
    }

    private enum ModelKind { case structure, enumeration }

    /// Names the generated code uses from Swift, Foundation and GeneratedRuntime. A model with one
    /// of these names would hide the real type from the generated code.
    static let reservedTypeNames: Set<String> = [
        "String", "Int", "Int64", "Double", "Bool", "Date", "URL", "UUID", "Data", "JSONValue", "JSON", "Void",
        "Never", "Optional", "Array", "Dictionary", "Error", "Decoder", "Encoder", "Codable", "Decodable",
        "Encodable", "Hashable", "Equatable", "Sendable", "CodingKey", "CodingKeys", "Foundation", "Swift",
        "GeneratedRuntime", "Endpoint", "EndpointRequest", "EndpointPath", "EndpointClient", "EndpointError",
        "HTTPResponse", "HTTPMethod", "HTTPTransport", "URLSessionTransport", "DateCodingStrategy", "DateCodable",
        "AnyCodingKey", "PrunedArray", "Indirect", "OpenEnum", "ParameterValue", "ArrayDecodingStrategy",
        "PercentEncoding", "CaseIterable", "RawRepresentable",
        // Every endpoint declares `typealias Response`; a model of that name would be circular.
        "Response",
    ]

    /// Members every endpoint struct declares; a parameter of the same name would clash.
    static let endpointMemberNames: Set<String> = ["makeRequest", "decodeResponse"]

    init(document: SpecDocument, file: String, accessOverride: AccessLevel?) {
        self.document = document
        self.accessOverride = accessOverride
        diagnostics = DiagnosticCollector(file: file)
    }

    mutating func resolve(specReference: String) -> ResolvedAPI {
        let namespace = Self.withSuffix(SwiftNaming.typeName(document.name.value), "API")
        if document.name.value.trimmingCharacters(in: .whitespaces).isEmpty {
            diagnostics.error("the spec's 'name' is empty", at: document.name.location)
        }
        declare(namespace, origin: "the spec's name", at: document.name.location)
        var access = AccessLevel.public
        if let value = document.access {
            if let level = AccessLevel(rawValue: value.value) {
                access = level
            } else {
                unknownValue(value, of: "access level", among: ["public", "internal"])
            }
        }
        if let accessOverride { access = accessOverride }

        defaults = strategies(document.defaults, inheriting: defaults)
        for model in document.models { registerModel(model) }
        var models: [ResolvedAPI.Model] = []
        for model in document.models {
            if let resolved = resolveModel(model) { models.append(resolved) }
        }
        markIndirectProperties(&models)
        var services: [ResolvedAPI.Service] = []
        for resource in document.resources {
            if let service = resolveResource(resource) { services.append(service) }
        }

        return ResolvedAPI(
            specReference: specReference, description: document.description, namespace: namespace, access: access,
            servers: resolveServers(), headers: resolveHeaders(), models: models, services: services)
    }

    // MARK: API

    private mutating func resolveServers() -> [ResolvedAPI.Server] {
        var seen: [String: String] = [:]
        return document.servers.compactMap { name, url in
            let caseName = SwiftNaming.memberName(name.value)
            if let other = seen[caseName] {
                diagnostics.error("servers '\(other)' and '\(name.value)' both become '\(caseName)' in Swift", at: name.location)
                return nil
            }
            seen[caseName] = name.value
            // Checked here, strictly, rather than left to the Foundation of whichever platform runs
            // the generator: the generated `URL(string:)!` must parse on every platform.
            guard Self.isPortableURL(url.value), let parsed = URL(string: url.value), let scheme = parsed.scheme?.lowercased(),
                  scheme == "http" || scheme == "https", let host = parsed.host, !host.isEmpty, parsed.query == nil,
                  parsed.fragment == nil, parsed.port.map({ (1...65535).contains($0) }) ?? true
            else {
                diagnostics.error(
                    "server '\(name.value)' has an invalid URL '\(url.value)'; expected an absolute http or https URL without query or fragment",
                    at: url.location)
                return nil
            }
            return .init(caseName: caseName, url: url.value)
        }
    }

    /// ASCII only, with the characters RFC 3986 allows and `%` only before two hex digits.
    static func isPortableURL(_ text: String) -> Bool {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=".unicodeScalars)
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if scalar == "%" {
                guard index + 2 < scalars.count, scalars[index + 1].properties.isASCIIHexDigit,
                      scalars[index + 2].properties.isASCIIHexDigit else { return false }
            } else if !allowed.contains(scalar) {
                return false
            }
        }
        return true
    }

    private mutating func resolveHeaders() -> [(name: String, value: String)] {
        var seen: [String: String] = [:]
        return document.headers.compactMap { name, value in
            guard checkHeaderName(name) else { return nil }
            if let other = seen[name.value.lowercased()] {
                diagnostics.error("headers '\(other)' and '\(name.value)' are one header: names ignore case", at: name.location)
                return nil
            }
            seen[name.value.lowercased()] = name.value
            if value.value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) {
                diagnostics.error("the value of header '\(name.value)' contains a line break", at: value.location)
                return nil
            }
            return (name.value, value.value)
        }
    }

    private mutating func checkHeaderName(_ name: Located<String>) -> Bool {
        let token = "!#$%&'*+-.^_`|~"
        let valid = !name.value.isEmpty && name.value.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || token.unicodeScalars.contains($0))
        }
        if !valid { diagnostics.error("'\(name.value)' is not a valid HTTP header name", at: name.location) }
        return valid
    }

    // MARK: Models

    private mutating func registerModel(_ model: SpecDocument.Model) {
        let name = model.name
        guard SwiftNaming.isIdentifier(name.value), !SwiftNaming.keywords.contains(name.value) else {
            diagnostics.error(
                "model name '\(name.value)' is not a Swift type name; use letters, digits and '_' (for example '\(SwiftNaming.typeName(name.value))')",
                at: name.location)
            return
        }
        if Self.reservedTypeNames.contains(name.value) {
            diagnostics.error(
                "model name '\(name.value)' is reserved: the generated code uses a type of that name; rename the model",
                at: name.location)
        } else {
            declare(name.value, origin: "model '\(name.value)'", at: name.location)
        }
        if case .enumeration(let cases) = model.kind {
            modelKinds[name.value] = .enumeration
            var raws: [SpecDocument.EnumCase.RawValue: String] = [:]
            for (index, enumCase) in cases.enumerated() { raws[enumCase.value.value] = enumCaseName(enumCase, index) }
            enumRawValues[name.value] = raws
        } else {
            modelKinds[name.value] = .structure
        }
    }

    private func enumCaseName(_ enumCase: SpecDocument.EnumCase, _ index: Int) -> String {
        if let name = enumCase.name { return SwiftNaming.memberName(name.value) }
        switch enumCase.value.value {
        case .string(let text): return text.isEmpty ? "empty" : SwiftNaming.memberName(text)
        case .integer(let value): return value < 0 ? "valueMinus\(value.magnitude)" : "value\(value)"
        }
    }

    private mutating func resolveModel(_ model: SpecDocument.Model) -> ResolvedAPI.Model? {
        guard modelKinds[model.name.value] != nil else { return nil }
        switch model.kind {
        case .enumeration(let cases): return resolveEnum(model, cases).map { .enumeration($0) }
        case .structure(let properties): return .structure(resolveStructure(model, properties))
        }
    }

    private mutating func resolveEnum(_ model: SpecDocument.Model, _ cases: [SpecDocument.EnumCase]) -> ResolvedAPI.Enumeration? {
        let isString = cases.allSatisfy { if case .string = $0.value.value { true } else { false } }
        let isInteger = cases.allSatisfy { if case .integer = $0.value.value { true } else { false } }
        guard isString || isInteger else {
            diagnostics.error("the values of enum '\(model.name.value)' must be all strings or all integers", at: model.name.location)
            return nil
        }
        var names: [String: SourceLocation] = [:]
        var raws: [SpecDocument.EnumCase.RawValue: SourceLocation] = [:]
        var resolved: [ResolvedAPI.Enumeration.Case] = []
        for (index, enumCase) in cases.enumerated() {
            let name = enumCaseName(enumCase, index)
            let location = enumCase.name?.location ?? enumCase.value.location
            if raws[enumCase.value.value] != nil {
                diagnostics.error("enum '\(model.name.value)' lists the value \(literal(enumCase.value.value)) twice", at: enumCase.value.location)
                continue
            }
            raws[enumCase.value.value] = location
            if let first = names[name] {
                diagnostics.error(
                    "two values of enum '\(model.name.value)' become the case '\(name)' (the first at line \(first.line)); name the cases with an object: {\"caseName\": value}",
                    at: location)
                continue
            }
            if name == "unknown" {
                diagnostics.error(
                    "enum '\(model.name.value)' cannot have a case named 'unknown': that case keeps values the spec does not list; name it with an object: {\"caseName\": value}",
                    at: location)
                continue
            }
            names[name] = location
            resolved.append(.init(name: name, literal: literal(enumCase.value.value)))
        }
        return .init(
            name: model.name.value, pointer: model.pointer, description: model.description,
            rawType: isString ? .string : .integer, cases: resolved, unknownCaseName: "unknown")
    }

    private func literal(_ raw: SpecDocument.EnumCase.RawValue) -> String {
        switch raw {
        case .string(let text): SwiftLiteral.string(text)
        case .integer(let value): String(value)
        }
    }

    private mutating func resolveStructure(_ model: SpecDocument.Model, _ properties: [SpecDocument.Property]) -> ResolvedAPI.Structure {
        let inherited = strategies(model.options, inheriting: defaults)
        let snakeCase = inherited.snakeCase
        var swiftNames: [String: String] = [:]
        var keys: [String: String] = [:]
        var resolved: [ResolvedAPI.Property] = []
        for property in properties {
            let name = property.name.value
            let swiftName = SwiftNaming.memberName(name)
            if let other = swiftNames[swiftName] {
                diagnostics.error(
                    "properties '\(other)' and '\(name)' of model '\(model.name.value)' both become '\(swiftName)' in Swift",
                    at: property.name.location)
                continue
            }
            swiftNames[swiftName] = name
            let key = property.key?.value ?? (snakeCase ? SwiftNaming.snakeCase(name) : name)
            if let other = keys[key] {
                diagnostics.error(
                    "properties '\(other)' and '\(name)' of model '\(model.name.value)' both use the JSON key '\(key)'",
                    at: property.key?.location ?? property.name.location)
                continue
            }
            keys[key] = name
            guard var type = resolveType(property.type) else { continue }

            var defaultValue: String?
            if let node = property.defaultValue {
                defaultValue = defaultLiteral(node, type: type)
                if defaultValue == nil { continue }
                // `null` for an optional is what a missing key gives anyway.
                if defaultValue == "nil" { defaultValue = nil }
            }
            if model.tolerant, defaultValue == nil, case .optional = type {} else if model.tolerant, defaultValue == nil {
                type = .optional(type)
            }

            var dateStrategy: DateStrategy?
            if type.containsDate {
                dateStrategy = resolveDateStrategy(property.options.dateStrategy, inheriting: inherited.date)
            } else if let strategy = property.options.dateStrategy {
                diagnostics.error("property '\(name)' has a 'dateStrategy' but its type holds no Date", at: strategy.location)
            }
            var prunes = false
            if case .array = type.unwrapped {
                // Dates decode through their strategy, which a pruned array cannot pass on.
                prunes = arrayStrategy(property.options.arrayStrategy, inheriting: inherited.array) == .prune && !type.containsDate
            } else if let strategy = property.options.arrayStrategy {
                diagnostics.error("property '\(name)' has an 'arrayStrategy' but is not an array", at: strategy.location)
            }
            resolved.append(.init(
                swiftName: swiftName, key: key, type: type, description: property.description,
                defaultValue: defaultValue, dateStrategy: dateStrategy, prunesArray: prunes, isIndirect: false))
        }
        return .init(
            name: model.name.value, pointer: model.pointer, description: model.description, properties: resolved,
            tolerant: model.tolerant)
    }

    /// A property whose model type leads back to its own model through plain (not array or
    /// dictionary) properties would give the struct an infinite size: store it out of line.
    private func markIndirectProperties(_ models: inout [ResolvedAPI.Model]) {
        var directEdges: [String: [String]] = [:]
        for case .structure(let model) in models {
            directEdges[model.name] = model.properties.compactMap {
                if case .model(let target) = $0.type.unwrapped { return target }
                return nil
            }
        }
        func reaches(_ start: String, _ goal: String) -> Bool {
            var stack = [start], seen: Set<String> = []
            while let next = stack.popLast() {
                if next == goal { return true }
                guard seen.insert(next).inserted else { continue }
                stack += directEdges[next] ?? []
            }
            return false
        }
        for index in models.indices {
            guard case .structure(var model) = models[index] else { continue }
            for propertyIndex in model.properties.indices {
                if case .model(let target) = model.properties[propertyIndex].type.unwrapped, reaches(target, model.name) {
                    model.properties[propertyIndex].isIndirect = true
                }
            }
            models[index] = .structure(model)
        }
    }

    // MARK: Strategies

    /// The strategies `options` sets, each checked here once, and the inherited ones for the rest.
    private mutating func strategies(_ options: SpecDocument.Options, inheriting inherited: Strategies) -> Strategies {
        Strategies(
            snakeCase: keyStrategy(options.keyStrategy, inheriting: inherited.snakeCase),
            date: resolveDateStrategy(options.dateStrategy, inheriting: inherited.date),
            array: arrayStrategy(options.arrayStrategy, inheriting: inherited.array))
    }

    private mutating func keyStrategy(_ value: Located<String>?, inheriting inherited: Bool) -> Bool {
        guard let value else { return inherited }
        switch value.value {
        case "useDefaultKeys": return false
        case "convertFromSnakeCase": return true
        default:
            unknownValue(value, of: "key strategy", among: ["useDefaultKeys", "convertFromSnakeCase"])
            return false
        }
    }

    private mutating func resolveDateStrategy(
        _ value: Located<SpecDocument.DateStrategyValue>?, inheriting inherited: DateStrategy
    ) -> DateStrategy {
        guard let value else { return inherited }
        switch value.value {
        case .named(let name):
            if let strategy = DateStrategy.named[name] { return strategy }
            unknownValue(
                Located(value: name, location: value.location), of: "date strategy",
                among: DateStrategy.named.keys.sorted() + ["{\"format\": \"…\"}"])
            return .iso8601
        case .format(let format):
            if format.isEmpty { diagnostics.error("a date format cannot be empty", at: value.location) }
            return .formatted(format)
        }
    }

    private mutating func arrayStrategy(_ value: Located<String>?, inheriting inherited: ArrayStrategy) -> ArrayStrategy {
        guard let value else { return inherited }
        if let strategy = ArrayStrategy(rawValue: value.value) { return strategy }
        unknownValue(value, of: "array strategy", among: ["strict", "prune"])
        return .strict
    }

    private mutating func unknownValue(_ value: Located<String>, of what: String, among candidates: [String]) {
        var message = "unknown \(what) '\(value.value)'"
        if let hint = suggestion(for: value.value, among: candidates) {
            message += "; \(hint)"
        } else {
            message += "; expected one of: \(candidates.joined(separator: ", "))"
        }
        diagnostics.error(message, at: value.location)
    }

    // MARK: Types

    /// Resolves a type expression, reporting a parse error or an unknown name at its column.
    mutating func resolveType(_ text: Located<String>) -> TypeReference? {
        func location(_ offset: Int) -> SourceLocation {
            // +1 for the opening quote of the JSON string.
            SourceLocation(line: text.location.line, column: text.location.column + 1 + offset)
        }
        let expression: TypeExpression
        do {
            expression = try TypeExpressionParser.parse(text.value)
        } catch {
            diagnostics.error("\(error.message): '\(text.value)'", at: location(error.offset))
            return nil
        }
        func resolve(_ expression: TypeExpression) -> TypeReference? {
            switch expression {
            case .array(let element): return resolve(element).map { .array($0) }
            case .dictionary(let value): return resolve(value).map { .dictionary($0) }
            case .optional(let wrapped): return resolve(wrapped).map { .optional($0) }
            case .named(let name, let offset):
                if let builtin = BuiltinType(rawValue: name) { return .builtin(builtin) }
                if modelKinds[name] != nil { return .model(name) }
                var message = "unknown type '\(name)'"
                let candidates = BuiltinType.allCases.map(\.rawValue) + document.models.map(\.name.value)
                if let hint = suggestion(for: name, among: candidates) { message += "; \(hint)" }
                diagnostics.error(message, at: location(offset))
                return nil
            }
        }
        return resolve(expression)
    }

    private func isEnum(_ type: TypeReference) -> Bool {
        if case .model(let name) = type { return modelKinds[name] == .enumeration }
        return false
    }

    /// Types with one text form: what a path segment, query item or header can hold.
    private func isSimple(_ type: TypeReference) -> Bool {
        switch type {
        case .builtin(let builtin): return ![.data, .json].contains(builtin)
        case .model: return isEnum(type)
        default: return false
        }
    }

    // MARK: Defaults

    /// The Swift expression for a default value, or nil (with an error) when it does not fit the type.
    private mutating func defaultLiteral(_ node: JSONNode, type: TypeReference) -> String? {
        func fail(_ expected: String) -> String? {
            diagnostics.error("the default value \(describe(node)) does not fit the type \(type.swift); expected \(expected)", at: node.location)
            return nil
        }
        switch (type, node.value) {
        case (.optional, .null): return "nil"
        case (.optional(let wrapped), _): return defaultLiteral(node, type: wrapped)
        case (.builtin(.string), .string(let text)): return SwiftLiteral.string(text)
        case (.builtin(.int), .number(let text)), (.builtin(.int64), .number(let text)):
            return Int64(text) != nil ? text : fail("a whole number")
        case (.builtin(.double), .number(let text)):
            // Written as the Double it becomes, so that no literal is inexact or overflows.
            guard let value = Double(text), value.isFinite else { return fail("a number that fits in Double") }
            return "\(value)"
        case (.builtin(.bool), .bool(let flag)): return flag ? "true" : "false"
        case (.builtin(.json), _):
            if let number = Self.nonFiniteNumber(in: node) {
                diagnostics.error("the number \(number) in a JSON default does not fit in Double", at: node.location)
                return nil
            }
            return SwiftLiteral.json(node)
        case (.model(let name), .string(let text)) where isEnum(type):
            if let caseName = enumRawValues[name]?[.string(text)] { return ".\(SwiftNaming.escaped(caseName))" }
            return fail("one of the values of enum '\(name)'")
        case (.model(let name), .number(let text)) where isEnum(type):
            if let value = Int(text), let caseName = enumRawValues[name]?[.integer(value)] { return ".\(SwiftNaming.escaped(caseName))" }
            return fail("one of the values of enum '\(name)'")
        case (.array(let elementType), .array(let elements)):
            var items: [String] = []
            for element in elements {
                guard let item = defaultLiteral(element, type: elementType) else { return nil }
                items.append(item)
            }
            return "[\(items.joined(separator: ", "))]"
        case (.dictionary(let value), .object(let members)):
            if members.isEmpty { return "[:]" }
            var items: [String] = []
            for member in members {
                guard let item = defaultLiteral(member.value, type: value) else { return nil }
                items.append("\(SwiftLiteral.string(member.key)): \(item)")
            }
            return "[\(items.joined(separator: ", "))]"
        case (.builtin(.string), _): return fail("a string")
        case (.builtin(.int), _), (.builtin(.int64), _): return fail("a whole number")
        case (.builtin(.double), _): return fail("a number")
        case (.builtin(.bool), _): return fail("true or false")
        case (.array, _): return fail("an array")
        case (.dictionary, _): return fail("an object")
        default:
            diagnostics.error("default values are not supported for properties of type \(type.swift)", at: node.location)
            return nil
        }
    }

    private static func nonFiniteNumber(in node: JSONNode) -> String? {
        switch node.value {
        case .number(let text): return Int(text) != nil || Double(text)?.isFinite == true ? nil : text
        case .array(let elements): return elements.lazy.compactMap(nonFiniteNumber).first
        case .object(let members): return members.lazy.compactMap { nonFiniteNumber(in: $0.value) }.first
        default: return nil
        }
    }

    private func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let text): text
        case .string(let text): "\"\(text)\""
        case .array: "[…]"
        case .object: "{…}"
        }
    }

    // MARK: Resources

    private mutating func resolveResource(_ resource: SpecDocument.Resource) -> ResolvedAPI.Service? {
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

    private static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"]
    private static let verbs = ["GET": "fetch", "POST": "create", "PUT": "replace", "PATCH": "update", "DELETE": "delete", "HEAD": "check"]

    private mutating func resolveEndpoint(
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
                diagnostics.error(
                    "path parameter '\(parameter.name.value)' must be a String, number, Bool, UUID, URL, Date or enum, not \(type.swift)",
                    at: parameter.type.location)
                failed = true
                continue
            }
            let swiftName = SwiftNaming.memberName(parameter.swiftName?.value ?? parameter.name.value)
            guard claim(swiftName, for: parameter.name.value, at: parameter.name.location) else { failed = true; continue }
            pathSwiftNames[parameter.name.value] = swiftName
            parameters.append(.init(kind: .path, swiftName: swiftName, type: type, description: parameter.description))
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
                diagnostics.error(
                    "query parameter '\(parameter.name.value)' must be a String, number, Bool, UUID, URL, Date or enum, or an array of one, not \(type.swift)",
                    at: parameter.type.location)
                failed = true
                continue
            }
            let swiftName = SwiftNaming.memberName(parameter.swiftName?.value ?? parameter.name.value)
            guard claim(swiftName, for: parameter.name.value, at: parameter.name.location) else { failed = true; continue }
            parameters.append(.init(kind: .query(name: parameter.name.value), swiftName: swiftName, type: type, description: parameter.description))
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
                diagnostics.error(
                    "header '\(parameter.name.value)' must be a String, number, Bool, UUID, URL, Date or enum, not \(type.swift)",
                    at: parameter.type.location)
                failed = true
                continue
            }
            let swiftName = SwiftNaming.memberName(parameter.swiftName?.value ?? parameter.name.value)
            guard claim(swiftName, for: parameter.name.value, at: parameter.name.location) else { failed = true; continue }
            parameters.append(.init(kind: .header(name: parameter.name.value), swiftName: swiftName, type: type, description: parameter.description))
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
    private static func derivedName(method: String, segments: [ResolvedAPI.PathSegment]) -> String {
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
    private mutating func parsePath(_ path: String, at location: SourceLocation) -> [ResolvedAPI.PathSegment]? {
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

    // MARK: Names

    /// Records a type the output declares; false (with an error) when it clashes with another.
    @discardableResult
    private mutating func declare(_ typeName: String, origin: String, at location: SourceLocation) -> Bool {
        if let other = declaredTypes[typeName] {
            diagnostics.error("\(origin) declares the type '\(typeName)', which \(other) declares too", at: location)
            return false
        }
        if let other = declaredFileNames[typeName.lowercased()] {
            diagnostics.error(
                "\(origin) declares the type '\(typeName)', whose file name differs only in case from that of \(other); rename one",
                at: location)
            return false
        }
        declaredTypes[typeName] = origin
        declaredFileNames[typeName.lowercased()] = origin
        return true
    }

    private static func withSuffix(_ name: String, _ suffix: String) -> String {
        name.hasSuffix(suffix) ? name : name + suffix
    }
}
