/// Validates a ``SpecDocument`` and resolves it into a ``ResolvedAPI``: references checked,
/// types resolved, every Swift name decided once. Reports every problem, not just the first.
struct Resolver {
    var diagnostics: DiagnosticCollector
    let document: SpecDocument
    let accessOverride: AccessLevel?
    /// Model name → kind, for resolving references in type expressions.
    var modelKinds: [String: ModelKind] = [:]
    var enumRawValues: [String: [SpecDocument.EnumCase.RawValue: String]] = [:]
    /// Every type name the output declares, to catch two constructs that would clash in Swift.
    var declaredTypes: [String: String] = [:]
    /// The same names lowercased: file names come from type names, and macOS's default file
    /// system does not tell `User.swift` from `user.swift`.
    var declaredFileNames: [String: String] = [:]
    /// The spec-wide strategies, each checked once.
    var defaults = Strategies(snakeCase: false, date: .iso8601, array: .strict)
    var authSchemes: [ResolvedAPI.AuthScheme] = []
    var resolvedServers: [ResolvedAPI.Server] = []
    /// The spec-wide auth requirement (a scheme's type name, or nil for none).
    var defaultAuth: String?
    var defaultErrorBodies: [ResolvedAPI.ErrorBody] = []
    var defaultEnvelope: ResolvedAPI.Envelope?
    var resourceServers: [ResolvedAPI.ResourceServer] = []
    /// The resolved struct models by name, for form bodies.
    var resolvedStructures: [String: ResolvedAPI.Structure] = [:]
    /// Structs resolved so far with their bases' properties, each resolved once whatever order
    /// the spec lists them in; nil for one that could not be resolved.
    var composedStructures: [String: ResolvedAPI.Structure?] = [:]
    /// Structs whose composition is being resolved, to catch a model composed of itself.
    var composing: Set<String> = []
    /// How many levels of bases each composed struct has below it.
    var compositionDepths: [String: Int] = [:]
    /// Warnings about union members that are never decoded, by union, given once the endpoints
    /// tell whether anything decodes the union.
    var unreachableMembers: [(union: String, message: String, location: SourceLocation, pointer: String)] = []
    /// The untagged members of each union, checked for members never decoded once every union is
    /// resolved: a union member tried first decodes what its own members decode.
    var pendingReachability: [(union: String, cases: [ResolvedAPI.Union.Case], pointer: String, written: [TypeReference: Located<String>])] = []
    /// The resolved unions by name, for that check.
    var resolvedUnions: [String: ResolvedAPI.Union] = [:]
    /// What that check found of each union and later member, remembered: unions that share
    /// members would be walked again for every way down to them (twice as long for each level of
    /// them, 17 s at 22 levels).
    let unionCoverage = UnionCoverage()

    final class UnionCoverage {
        var results: [String: [TypeReference: Bool]] = [:]
    }

    /// Key, date and array strategies in force at one level (spec, model).
    struct Strategies {
        var snakeCase: Bool
        var date: DateStrategy
        var array: ArrayStrategy
    }

    enum ModelKind { case structure, enumeration, union }

    /// Names the generated code uses from Swift, Foundation and GeneratedRuntime. A model with one
    /// of these names would hide the real type from the generated code.
    static let reservedTypeNames: Set<String> = [
        "String", "Int", "Int64", "Double", "Bool", "Date", "URL", "UUID", "Data", "JSONValue", "JSON", "Void",
        "Never", "Optional", "Array", "Dictionary", "Error", "Decoder", "Encoder", "Codable", "Decodable",
        "Encodable", "Hashable", "Equatable", "Identifiable", "Sendable", "CodingKey", "CodingKeys", "Foundation", "Swift",
        "GeneratedRuntime", "Endpoint", "EndpointRequest", "EndpointPath", "EndpointClient", "EndpointError", "EndpointSending",
        "HTTPResponse", "HTTPMethod", "HTTPTransport", "URLSessionTransport", "DateCodingStrategy", "DateCodable",
        "AnyCodingKey", "PrunedArray", "Indirect", "OpenEnum", "ParameterValue", "ArrayDecodingStrategy",
        "PercentEncoding", "CaseIterable", "RawRepresentable", "UnionCoding", "Nullable", "ServerSentEvent", "ServerSentEventParser", "EventStreamError", "EventStream",
        "ResponseBody", "StreamedHTTPResponse", "StreamingEndpoint", "ErrorBodyDecoding", "IdempotentEndpoint", "EndpointMiddleware", "RequestContext", "RetryMiddleware",
        "LoggingMiddleware", "MetricsMiddleware", "RequestMetrics", "CredentialRefreshFailed", "TimedEndpoint",
        "JSONLinesParser",
        // Auth, sessions, pagination, bodies, envelopes, adapters and canned responses.
        "AuthScheme", "NoAuth", "BearerToken", "BearerAuthScheme", "BasicCredential", "BasicAuthScheme", "APIKey",
        "APIKeyLocation", "APIKeyAuthScheme", "APIKeys", "APIKeysAuthScheme", "CustomAuthorization", "CustomAuthScheme", "AuthorizedClient",
        "SessionClient", "SessionChanged", "FailureReason", "Page", "PaginatedEndpoint", "PageSequence", "FormFields",
        "FormFile", "UploadBody", "UploadProgress", "ResponseEnvelope", "EndpointPublisher", "CannedTransport",
        "Task", "Result", "DispatchQueue", "URLRequest",
        // Typed response headers.
        "ResponseHeadersDecoding", "WithResponseHeaders", "ResponseHeaderValue", "ResponseHeaderError",
        // Spec type names with a meaning of their own: `File` is a FormFile, `Upload` a raw upload body.
        "File", "Upload",
        // Endpoints declare `typealias Response`, `Auth` and `PageItem` and a `ResponseHeaders`
        // struct; a model of one of those names would be circular or hidden inside the endpoint.
        "Response", "Auth", "PageItem", "ResponseHeaders",
    ]

    /// Members every endpoint struct declares; a parameter of the same name would clash.
    static let endpointMemberNames: Set<String> = ["makeRequest", "decodeResponse", "decodeResponseHeaders", "withResponseHeaders"]

    /// Model name → its index in the document (the first of a name), so that a look-up by name
    /// does not search thousands of models.
    let modelIndex: [String: Int]

    init(document: SpecDocument, file: String, accessOverride: AccessLevel?) {
        self.document = document
        self.accessOverride = accessOverride
        diagnostics = DiagnosticCollector(file: file)
        modelIndex = Dictionary(document.models.enumerated().map { ($0.element.name.value, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    /// The document's model of a name (the first, when two share it).
    func model(named name: String) -> SpecDocument.Model? {
        modelIndex[name].map { document.models[$0] }
    }

    mutating func resolve(specReference: String) -> ResolvedAPI {
        let namespace = Self.withSuffix(SwiftNaming.typeName(document.name.value), "API")
        if Self.isBlank(document.name.value) {
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
        resolvedServers = resolveServers()
        authSchemes = resolveAuthSchemes()
        if let value = document.defaultAuth, let type = authType(value) { defaultAuth = type }
        for model in document.models { registerModel(model) }
        if let value = document.defaultErrorResponse { defaultErrorBodies = resolveErrorResponse(value) ?? [] }
        defaultEnvelope = document.defaultEnvelope.map { resolveEnvelope($0) }
        var models: [ResolvedAPI.Model] = []
        for model in document.models {
            if let resolved = resolveModel(model) { models.append(resolved) }
        }
        checkDiscriminators(&models)
        markIndirectProperties(&models)
        markHashableModels(&models)
        markIdentifiableModels(&models)
        for case .structure(let structure) in models { resolvedStructures[structure.name] = structure }
        var services: [ResolvedAPI.Service] = []
        for resource in document.resources {
            if let service = resolveResource(resource) { services.append(service) }
        }
        warnAboutUnreachableMembers(models: models, services: services)

        return ResolvedAPI(
            specReference: specReference, description: document.description, namespace: namespace, access: access,
            servers: resolvedServers, resourceServers: resourceServers, headers: resolveHeaders(), authSchemes: authSchemes,
            models: models, services: services)
    }

    // MARK: API

    mutating func resolveServers() -> [ResolvedAPI.Server] {
        var seen: [String: String] = [:]
        // The Server enum's raw values are the URLs, which must differ.
        var seenURLs: [String: String] = [:]
        return document.servers.compactMap { name, url in
            let caseName = SwiftNaming.memberName(name.value)
            if let other = seen[caseName] {
                diagnostics.error("servers '\(other)' and '\(name.value)' both become '\(caseName)' in Swift", at: name.location)
                return nil
            }
            seen[caseName] = name.value
            // Checked here, strictly, rather than left to the Foundation of whichever platform runs
            // the generator: the generated `URL(string:)!` must parse on every platform.
            guard Self.isValidServerURL(url.value) else {
                diagnostics.error(
                    "server '\(name.value)' has an invalid URL '\(url.value)'; expected an absolute http or https URL without query or fragment",
                    at: url.location)
                return nil
            }
            if let other = seenURLs[url.value] {
                diagnostics.error(
                    "servers '\(other)' and '\(name.value)' have the same URL '\(url.value)'; the Server enum tells them apart by it",
                    at: url.location)
                return nil
            }
            seenURLs[url.value] = name.value
            return .init(caseName: caseName, url: url.value)
        }
    }

    /// Whether `text` is an absolute `http` or `https` URL without query or fragment, with a
    /// host, a valid port if any, and only the characters RFC 3986 allows where it allows them.
    /// Checked here by the RFC's grammar, more strictly than Foundation's `URL(string:)` (a test
    /// compares the two), so the generated `URL(string:)!` parses on every platform.
    static func isValidServerURL(_ text: String) -> Bool {
        guard isPortableURL(text) else { return false }
        let bytes = Array(text.utf8)
        let scheme = bytes.prefix { $0 != UInt8(ascii: ":") }.map { $0 | 0x20 }  // ASCII lowercase
        guard scheme == Array("http".utf8) || scheme == Array("https".utf8),
              bytes.dropFirst(scheme.count).starts(with: "://".utf8) else { return false }
        let rest = bytes.dropFirst(scheme.count + 3)
        guard !rest.contains(UInt8(ascii: "?")), !rest.contains(UInt8(ascii: "#")) else { return false }
        let authority = rest.prefix { $0 != UInt8(ascii: "/") }
        // The path: segments of pchar, where brackets are not allowed.
        guard !rest[authority.endIndex...].contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }) else { return false }
        // userinfo: unreserved, percent-encoded, sub-delims and ':'.
        var hostAndPort = authority
        if let at = authority.firstIndex(of: UInt8(ascii: "@")) {
            guard !authority[..<at].contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }) else { return false }
            hostAndPort = authority[(at + 1)...]
        }
        guard !hostAndPort.contains(UInt8(ascii: "@")) else { return false }
        let port: ArraySlice<UInt8>
        if hostAndPort.first == UInt8(ascii: "[") {
            guard let close = hostAndPort.firstIndex(of: UInt8(ascii: "]")),
                  isIPv6Address(hostAndPort[(hostAndPort.startIndex + 1)..<close]) else { return false }
            let after = hostAndPort[(close + 1)...]
            guard after.isEmpty || after.first == UInt8(ascii: ":") else { return false }
            port = after.dropFirst()
        } else {
            // reg-name: unreserved and sub-delims; not empty. RFC 3986 allows percent-encoding
            // here too, but Foundation decodes it into hosts that are empty or not text
            // (`%00`, `%FF`), and real host names have no use for it.
            let host = hostAndPort.prefix { $0 != UInt8(ascii: ":") }
            guard !host.isEmpty, !host.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "%") })
            else { return false }
            port = hostAndPort[host.endIndex...].dropFirst()
        }
        // An empty port is allowed (RFC 3986: `port = *DIGIT`) and means the scheme's own.
        var value = 0
        for digit in port {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return false }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
            guard value <= 65535 else { return false }
        }
        return port.isEmpty || value > 0
    }

    /// Whether `text` is an IPv6 address as RFC 3986's `IPv6address` has it: eight groups of one
    /// to four hex digits, or fewer with one `::`, the last two optionally an IPv4 address.
    static func isIPv6Address(_ text: ArraySlice<UInt8>) -> Bool {
        let parts = text.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        // Every address has at least two colons (`::` is the shortest).
        guard parts.count >= 3 else { return false }
        var groups = 0
        var compressed = false
        for (index, part) in parts.enumerated() {
            if part.isEmpty {
                // Empty parts come only from `::`: at the start (two), at the end (two) or inside (one).
                let atStart = index == 0 && parts[1].isEmpty
                let secondAtStart = index == 1 && parts[0].isEmpty
                let atEnd = index == parts.count - 1 && parts[index - 1].isEmpty
                let secondAtEnd = index == parts.count - 2 && parts[parts.count - 1].isEmpty
                if atStart || atEnd { continue }
                if secondAtStart || secondAtEnd || (index > 0 && index < parts.count - 1) {
                    guard !compressed else { return false }
                    compressed = true
                    continue
                }
                return false
            }
            if index == parts.count - 1, part.contains(UInt8(ascii: ".")) {
                guard isIPv4Address(part) else { return false }
                groups += 2
                continue
            }
            guard part.count <= 4, part.allSatisfy({ Unicode.Scalar($0).properties.isASCIIHexDigit }) else { return false }
            groups += 1
        }
        return compressed ? groups <= 7 : groups == 8
    }

    /// Whether `text` is a dotted IPv4 address: four decimal numbers 0–255 without leading zeros.
    static func isIPv4Address(_ text: ArraySlice<UInt8>) -> Bool {
        let parts = text.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            guard (1...3).contains(part.count), part.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                  part.count == 1 || part.first != UInt8(ascii: "0") else { return false }
            return part.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } <= 255
        }
    }

    /// Whether `text` is only white space: `text.trimmingCharacters(in: .whitespaces).isEmpty`,
    /// with the scalars of Foundation's `CharacterSet.whitespaces` (tab, space, and the Zs
    /// category as Foundation has it, which keeps U+200B and not U+180E).
    static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy {
            switch $0.value {
            case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
            default: false
            }
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

    mutating func resolveHeaders() -> [(name: String, value: String)] {
        var seen: [String: String] = [:]
        return document.headers.compactMap { name, value in
            // The name and the value are both checked, so that both problems show in one run.
            let validName = checkHeaderName(name)
            let breaksLine = value.value.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" }
            if breaksLine {
                diagnostics.error("the value of header '\(name.value)' contains a line break", at: value.location)
            }
            var repeated = false
            if validName, let other = seen[name.value.lowercased()] {
                diagnostics.error("headers '\(other)' and '\(name.value)' are one header: names ignore case", at: name.location)
                repeated = true
            } else if validName {
                seen[name.value.lowercased()] = name.value
            }
            guard validName, !breaksLine, !repeated else { return nil }
            return (name.value, value.value)
        }
    }

    mutating func checkHeaderName(_ name: Located<String>) -> Bool {
        let valid = Self.isHeaderName(name.value)
        if !valid { diagnostics.error("'\(name.value)' is not a valid HTTP header name", at: name.location) }
        return valid
    }

    /// A header name is a token: letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isHeaderName(_ name: String) -> Bool {
        let token = "!#$%&'*+-.^_`|~"
        return !name.isEmpty && name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.isAlphabetic || ("0"..."9").contains($0) || token.unicodeScalars.contains($0))
        }
    }

    // MARK: Strategies

    /// The strategies `options` sets, each checked here once, and the inherited ones for the rest.
    mutating func strategies(_ options: SpecDocument.Options, inheriting inherited: Strategies) -> Strategies {
        Strategies(
            snakeCase: keyStrategy(options.keyStrategy, inheriting: inherited.snakeCase),
            date: resolveDateStrategy(options.dateStrategy, inheriting: inherited.date),
            array: arrayStrategy(options.arrayStrategy, inheriting: inherited.array))
    }

    mutating func keyStrategy(_ value: Located<String>?, inheriting inherited: Bool) -> Bool {
        guard let value else { return inherited }
        switch value.value {
        case "useDefaultKeys": return false
        case "convertFromSnakeCase": return true
        default:
            unknownValue(value, of: "key strategy", among: ["useDefaultKeys", "convertFromSnakeCase"])
            return false
        }
    }

    mutating func resolveDateStrategy(
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

    mutating func arrayStrategy(_ value: Located<String>?, inheriting inherited: ArrayStrategy) -> ArrayStrategy {
        guard let value else { return inherited }
        if let strategy = ArrayStrategy(rawValue: value.value) { return strategy }
        unknownValue(value, of: "array strategy", among: ["strict", "prune"])
        return .strict
    }

    mutating func unknownValue(_ value: Located<String>, of what: String, among candidates: [String]) {
        var message = "unknown \(what) '\(value.value)'"
        if let hint = suggestion(for: value.value, among: candidates) {
            message += "; \(hint)"
        } else {
            message += "; expected one of: \(candidates.joined(separator: ", "))"
        }
        diagnostics.error(message, at: value.location)
    }

    // MARK: Names

    /// Records a type the output declares; false (with an error) when it clashes with another, or
    /// would hide a type the generated code uses (`idempotent` would declare `IdempotentEndpoint`).
    /// Models and auth schemes are checked for reserved names before, with messages of their own.
    @discardableResult
    mutating func declare(_ typeName: String, origin: String, at location: SourceLocation) -> Bool {
        // Its file is `<type>.swift`, and a file name holds at most 255 bytes.
        if typeName.utf8.count > 240 {
            diagnostics.error(
                "\(origin) would be the type '\(typeName.prefix(40))…', \(typeName.utf8.count) bytes long: longer than its file's name can be (240 bytes and '.swift'); shorten it",
                at: location)
            return false
        }
        if Self.reservedTypeNames.contains(typeName) {
            diagnostics.error("\(origin) would be the type '\(typeName)', which the generated code uses already; rename it", at: location)
            return false
        }
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

    static func withSuffix(_ name: String, _ suffix: String) -> String {
        name.hasSuffix(suffix) ? name : name + suffix
    }
}
