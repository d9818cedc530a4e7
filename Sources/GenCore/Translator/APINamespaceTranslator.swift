/// Prints the API's namespace: its servers, the headers every request carries, and the
/// functions that make a client for a server or any base URL.
struct APINamespaceTranslator {
    let access: String

    init(access: AccessLevel) {
        self.access = access == .public ? "public " : ""
    }

    func render(_ api: ResolvedAPI, into printer: inout CodePrinter) {
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
                printer.block("\(access)static func client", list: parameters, " -> EndpointClient") {
                    $0.line("client(baseURL: server.url, transport: transport)")
                }
            }
            printer.separator()
            printer.line("/// A client for any base URL, such as a local test server.")
            let parameters = ["baseURL: URL", "transport: any HTTPTransport = URLSessionTransport()"]
            printer.block("\(access)static func client", list: parameters, " -> EndpointClient") {
                $0.line("EndpointClient(baseURL: baseURL, defaultHeaders: defaultHeaders, transport: transport)")
            }
        }
    }
}
