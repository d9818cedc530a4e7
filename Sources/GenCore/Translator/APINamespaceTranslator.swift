/// Prints the API's namespace: its servers, the headers every request carries, and the
/// functions that make a client for a server or any base URL.
struct APINamespaceTranslator {
    let access: String

    init(access: AccessLevel) {
        self.access = access == .public ? "public " : ""
    }

    func render(_ api: ResolvedAPI, into printer: inout CodePrinter) {
        renderNamespace(api, into: &printer)
        for scheme in api.authSchemes {
            printer.line()
            renderAuthScheme(scheme, into: &printer)
        }
    }

    /// A caseless enum naming the scheme; the runtime protocol it conforms to does the work.
    private func renderAuthScheme(_ scheme: ResolvedAPI.AuthScheme, into printer: inout CodePrinter) {
        printer.line("// Spec: \(CommentText.singleLine(scheme.pointer))")
        let what: String
        let conformance: String
        switch scheme.kind {
        case .bearer: (what, conformance) = ("a bearer token in the `Authorization` header", "BearerAuthScheme")
        case .basic: (what, conformance) = ("HTTP basic authentication", "BasicAuthScheme")
        case .apiKey(.header): (what, conformance) = ("an API key in a header", "APIKeyAuthScheme")
        case .apiKey(.query): (what, conformance) = ("an API key in a query item", "APIKeyAuthScheme")
        case .apiKey(.cookie): (what, conformance) = ("an API key in a cookie", "APIKeyAuthScheme")
        case .apiKeys: (what, conformance) = ("API keys sent together", "APIKeysAuthScheme")
        case .custom: (what, conformance) = ("a closure the app supplies", "CustomAuthScheme")
        }
        if let description = scheme.description {
            printer.documentation(description)
        } else {
            printer.line("/// The `\(CommentText.singleLine(scheme.specName))` auth scheme: \(what).")
        }
        let labels = if case .apiKeys(let places) = scheme.kind { Self.credentialLabels(places) } else { [String]() }
        if case .apiKeys(let places) = scheme.kind {
            let names = places.map { "<\(CommentText.singleLine($0.name))>" }.joined(separator: ", ")
            let function = "credential(" + labels.map { SwiftNaming.argumentLabel($0) + ":" }.joined() + ")"
            printer.documentation("Its credential is `\(function)`, or `APIKeys(\(names))`: the keys in this order.")
        }
        let head = "\(access)enum \(scheme.typeName): \(conformance)"
        switch scheme.kind {
        case .apiKey(let place):
            printer.block(head) { $0.line("\(access)static let location = APIKeyLocation.\(Self.location(place))") }
        case .apiKeys(let places):
            printer.block(head) { printer in
                printer.line("\(access)static let locations: [APIKeyLocation] = [\(places.map { "." + Self.location($0) }.joined(separator: ", "))]")
                printer.line()
                printer.line("/// The keys, each named after where it goes.")
                let parameters = labels.map { "\(SwiftNaming.escaped($0)): String" }
                printer.block("\(access)static func credential", list: parameters, " -> APIKeys") { printer in
                    printer.line("APIKeys(\(labels.map(SwiftNaming.escaped).joined(separator: ", ")))")
                }
            }
        case .bearer, .basic, .custom:
            printer.line("\(head) {}")
        }
    }

    /// The parameter names of an `apiKeys` scheme's `credential(…)`: each key's name by the
    /// member-name rule (`X-App-Key` → `xAppKey`), numbered where two meet.
    private static func credentialLabels(_ places: [ResolvedAPI.AuthScheme.APIKeyPlace]) -> [String] {
        var taken: Set<String> = []
        return places.map { place in
            let base = SwiftNaming.memberName(place.name)
            var label = base
            var number = 2
            while !taken.insert(label).inserted {
                label = base + String(number)
                number += 1
            }
            return label
        }
    }

    /// Where an API key goes, as an `APIKeyLocation` case: `header("X-Key")`.
    private static func location(_ place: ResolvedAPI.AuthScheme.APIKeyPlace) -> String {
        switch place {
        case .header(let name): "header(\(SwiftLiteral.string(name)))"
        case .query(let name): "query(\(SwiftLiteral.string(name)))"
        case .cookie(let name): "cookie(\(SwiftLiteral.string(name)))"
        }
    }

    private func renderNamespace(_ api: ResolvedAPI, into printer: inout CodePrinter) {
        printer.line("// Spec: #")
        printer.documentation(api.description)
        printer.block("\(access)enum \(api.namespace)") { printer in
            if !api.servers.isEmpty {
                printer.line("/// The servers the API is served from; the first is the default.")
                printer.block("\(access)enum Server: String, CaseIterable, Sendable") { printer in
                    for server in api.servers {
                        printer.line("case \(SwiftNaming.escaped(server.caseName)) = \(SwiftLiteral.string(server.url))")
                    }
                    printer.separator()
                    printer.line("/// The server's base URL; the generator checked that it parses.")
                    printer.block("\(access)var url: URL") { $0.line("URL(string: rawValue)!") }
                    for resource in api.resourceServers {
                        printer.separator()
                        printer.line("/// The base URL of the \(CommentText.singleLine(resource.name)) resource, which lives on another server.")
                        printer.block("\(access)var \(SwiftNaming.escaped(resource.propertyName)): URL") { printer in
                            printer.line("switch self {")
                            for entry in resource.urls {
                                printer.line("case .\(SwiftNaming.escaped(entry.caseName)): URL(string: \(SwiftLiteral.string(entry.url)))!")
                            }
                            printer.line("}")
                        }
                    }
                }
                printer.separator()
            }
            printer.line("/// Headers sent with every request.")
            if api.headers.isEmpty {
                printer.line("\(access)static let defaultHeaders: [String: String] = [:]")
            } else {
                printer.line("\(access)static let defaultHeaders: [String: String] = [")
                printer.indented { printer in
                    for header in api.headers {
                        printer.line("\(SwiftLiteral.string(header.name)): \(SwiftLiteral.string(header.value)),")
                    }
                }
                printer.line("]")
            }
            if let first = api.servers.first {
                printer.separator()
                printer.line("/// A client for one of the API's servers.")
                let parameters = ["server: Server = .\(SwiftNaming.escaped(first.caseName))", "transport: any HTTPTransport = URLSessionTransport()"]
                printer.block("\(access)static func client", list: parameters, " -> EndpointClient") { printer in
                    if api.resourceServers.isEmpty {
                        printer.line("client(baseURL: server.url, transport: transport)")
                    } else {
                        printer.line("var client = client(baseURL: server.url, transport: transport)")
                        for resource in api.resourceServers {
                            printer.line("client.serverOverrides[\(SwiftLiteral.string(resource.name))] = server.\(SwiftNaming.escaped(resource.propertyName))")
                        }
                        printer.line("return client")
                    }
                }
            }
            printer.separator()
            printer.line("/// A client for any base URL, such as a local test server\(api.resourceServers.isEmpty ? "" : " (which then serves every resource)").")
            let parameters = ["baseURL: URL", "transport: any HTTPTransport = URLSessionTransport()"]
            printer.block("\(access)static func client", list: parameters, " -> EndpointClient") {
                $0.line("EndpointClient(baseURL: baseURL, defaultHeaders: defaultHeaders, transport: transport)")
            }
        }
    }
}