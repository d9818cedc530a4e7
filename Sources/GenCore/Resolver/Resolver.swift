#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    var defaultErrorResponse: TypeReference?
    var defaultEnvelope: ResolvedAPI.Envelope?
    var resourceServers: [ResolvedAPI.ResourceServer] = []
    /// The resolved struct models by name, for form bodies.
    var resolvedStructures: [String: ResolvedAPI.Structure] = [:]

    /// Key, date and array strategies in force at one level (spec, model).
    struct Strategies {
        var snakeCase: Bool
        var date: DateStrategy
        var array: ArrayStrategy
    }

    enum ModelKind { case structure, enumeration }

    /// Names the generated code uses from Swift, Foundation and GeneratedRuntime. A model with one
    /// of these names would hide the real type from the generated code.
    static let reservedTypeNames: Set<String> = [
        "String", "Int", "Int64", "Double", "Bool", "Date", "URL", "UUID", "Data", "JSONValue", "JSON", "Void",
        "Never", "Optional", "Array", "Dictionary", "Error", "Decoder", "Encoder", "Codable", "Decodable",
        "Encodable", "Hashable", "Equatable", "Sendable", "CodingKey", "CodingKeys", "Foundation", "Swift",
        "GeneratedRuntime", "Endpoint", "EndpointRequest", "EndpointPath", "EndpointClient", "EndpointError", "EndpointSending",
        "HTTPResponse", "HTTPMethod", "HTTPTransport", "URLSessionTransport", "DateCodingStrategy", "DateCodable",
        "AnyCodingKey", "PrunedArray", "Indirect", "OpenEnum", "ParameterValue", "ArrayDecodingStrategy",
        "PercentEncoding", "CaseIterable", "RawRepresentable",
        // Auth, sessions, pagination, bodies, envelopes, adapters and canned responses.
        "AuthScheme", "NoAuth", "BearerToken", "BearerAuthScheme", "BasicCredential", "BasicAuthScheme", "APIKey",
        "APIKeyLocation", "APIKeyAuthScheme", "CustomAuthorization", "CustomAuthScheme", "AuthorizedClient",
        "SessionClient", "SessionChanged", "FailureReason", "Page", "PaginatedEndpoint", "PageSequence", "FormFields",
        "FormFile", "UploadBody", "UploadProgress", "ResponseEnvelope", "EndpointPublisher", "CannedTransport",
        "Task", "Result", "DispatchQueue", "URLRequest",
        // Spec type names with a meaning of their own: `File` is a FormFile, `Upload` a raw upload body.
        "File", "Upload",
        // Endpoints declare `typealias Response`, `Auth` and `PageItem`; a model of one of those
        // names would be circular or hidden inside the endpoint.
        "Response", "Auth", "PageItem",
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
        if let value = document.defaultErrorResponse { defaultErrorResponse = resolveErrorResponse(value) }
        defaultEnvelope = document.defaultEnvelope.map { resolveEnvelope($0) }
        var models: [ResolvedAPI.Model] = []
        for model in document.models {
            if let resolved = resolveModel(model) { models.append(resolved) }
        }
        markIndirectProperties(&models)
        for case .structure(let structure) in models { resolvedStructures[structure.name] = structure }
        var services: [ResolvedAPI.Service] = []
        for resource in document.resources {
            if let service = resolveResource(resource) { services.append(service) }
        }

        return ResolvedAPI(
            specReference: specReference, description: document.description, namespace: namespace, access: access,
            servers: resolvedServers, resourceServers: resourceServers, headers: resolveHeaders(), authSchemes: authSchemes,
            models: models, services: services)
    }

    // MARK: API

    mutating func resolveServers() -> [ResolvedAPI.Server] {
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
            guard Self.isValidServerURL(url.value) else {
                diagnostics.error(
                    "server '\(name.value)' has an invalid URL '\(url.value)'; expected an absolute http or https URL without query or fragment",
                    at: url.location)
                return nil
            }
            return .init(caseName: caseName, url: url.value)
        }
    }

    static func isValidServerURL(_ text: String) -> Bool {
        guard isPortableURL(text), let parsed = URL(string: text), let scheme = parsed.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = parsed.host, !host.isEmpty, parsed.query == nil,
              parsed.fragment == nil, parsed.port.map({ (1...65535).contains($0) }) ?? true
        else { return false }
        return true
    }

    /// Whether `text` is only white space: `text.trimmingCharacters(in: .whitespaces).isEmpty`.
    static func isBlank(_ text: String) -> Bool {
        #if canImport(FoundationEssentials)
        // FoundationEssentials has no CharacterSet: these are the scalars of swift-corelibs-foundation's
        // CharacterSet.whitespaces (tab, space, and its Zs set, which keeps U+200B and not U+180E).
        return text.unicodeScalars.allSatisfy {
            switch $0.value {
            case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
            default: false
            }
        }
        #else
        return text.trimmingCharacters(in: .whitespaces).isEmpty
        #endif
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

    mutating func checkHeaderName(_ name: Located<String>) -> Bool {
        let token = "!#$%&'*+-.^_`|~"
        let valid = !name.value.isEmpty && name.value.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.isAlphabetic || ("0"..."9").contains($0) || token.unicodeScalars.contains($0))
        }
        if !valid { diagnostics.error("'\(name.value)' is not a valid HTTP header name", at: name.location) }
        return valid
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

    /// Records a type the output declares; false (with an error) when it clashes with another.
    @discardableResult
    mutating func declare(_ typeName: String, origin: String, at location: SourceLocation) -> Bool {
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
