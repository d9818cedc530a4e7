/// Prints a resource's service namespace (static functions that build endpoints), its
/// protocol (what app code depends on and tests stub) and the live implementation.
struct ServiceTranslator {
    let access: String

    init(access: AccessLevel) {
        self.access = access == .public ? "public " : ""
    }

    func renderNamespace(_ service: ResolvedAPI.Service, into printer: inout CodePrinter) {
        printer.line("// Spec: \(CommentText.singleLine(service.pointer))")
        printer.documentation(service.description)
        printer.block("\(access)enum \(service.name)") { printer in
            for endpoint in service.endpoints {
                printer.separator()
                documentation(endpoint, into: &printer)
                let parameters = EndpointTranslator.parameterList(endpoint.parameters, defaults: true)
                let head = "\(access)static func \(SwiftNaming.escaped(endpoint.functionName))"
                printer.block(head, list: parameters, " -> \(endpoint.typeName)") {
                    $0.wrapped(endpoint.typeName, EndpointTranslator.arguments(endpoint.parameters), "")
                }
            }
        }
    }

    func renderProtocol(_ service: ResolvedAPI.Service, into printer: inout CodePrinter) {
        printer.line("// Spec: \(CommentText.singleLine(service.pointer))")
        printer.line("/// The \(CommentText.singleLine(service.resourceName)) operations, for app code to depend on and tests to stub.")
        printer.block("\(access)protocol \(service.protocolName): Sendable") { printer in
            for endpoint in service.endpoints {
                printer.separator()
                documentation(endpoint, into: &printer)
                let signature = signature(endpoint, parameters: endpoint.parameters)
                printer.wrapped("func \(signature.head)", signature.list, signature.tail)
                if let pages = pagesSignature(endpoint) {
                    printer.separator()
                    printer.line("/// Every page of `\(endpoint.functionName)`, fetched as the sequence is iterated.")
                    if let deprecated = endpoint.deprecated { printer.line(EndpointTranslator.deprecation(deprecated)) }
                    printer.wrapped("func \(pages.head)", pages.list, pages.tail)
                }
            }
        }
        // Protocol requirements cannot have default arguments: a convenience that leaves out the
        // optional parameters gives call sites the same shape as the service functions.
        let conveniences = service.endpoints.filter { $0.parameters.contains(where: \.isOptional) }
        guard !conveniences.isEmpty else { return }
        printer.line()
        printer.block("extension \(service.protocolName)") { printer in
            for endpoint in conveniences {
                printer.separator()
                let required = endpoint.parameters.filter { !$0.isOptional }
                documentation(endpoint, parameters: required, into: &printer)
                let signature = signature(endpoint, parameters: required)
                printer.block("\(access)func \(signature.head)", list: signature.list, signature.tail) {
                    let arguments = EndpointTranslator.arguments(endpoint.parameters, omittingOptionals: true)
                    $0.wrapped("try await \(callee(endpoint.functionName, endpoint))", arguments, "")
                }
                // Only when it leaves something out: otherwise it would be the requirement calling itself.
                if pagesParameters(endpoint).contains(where: \.isOptional), let pages = pagesSignature(endpoint, omittingOptionals: true) {
                    printer.separator()
                    printer.line("/// Every page of `\(endpoint.functionName)`, fetched as the sequence is iterated.")
                    if let deprecated = endpoint.deprecated { printer.line(EndpointTranslator.deprecation(deprecated)) }
                    printer.block("\(access)func \(pages.head)", list: pages.list, pages.tail) {
                        let arguments = EndpointTranslator.arguments(pagesParameters(endpoint), omittingOptionals: true)
                        $0.wrapped(callee(endpoint.pagination!.pagesFunctionName, endpoint), arguments, "")
                    }
                }
            }
        }
    }

    /// The requirement a convenience calls: through `self.` when a parameter of the same name
    /// would hide it.
    private func callee(_ function: String, _ endpoint: ResolvedAPI.Endpoint) -> String {
        endpoint.parameters.contains { $0.swiftName == function } ? "self.\(function)" : SwiftNaming.escaped(function)
    }

    /// The parameters of a paginated endpoint's pages function: all but the page position.
    private func pagesParameters(_ endpoint: ResolvedAPI.Endpoint) -> [ResolvedAPI.Parameter] {
        endpoint.parameters.filter { $0.swiftName != endpoint.pagination?.position }
    }

    private func pagesSignature(
        _ endpoint: ResolvedAPI.Endpoint, omittingOptionals: Bool = false
    ) -> (head: String, list: [String], tail: String)? {
        guard let pagination = endpoint.pagination else { return nil }
        let parameters = pagesParameters(endpoint).filter { !omittingOptionals || !$0.isOptional }
        return (
            SwiftNaming.escaped(pagination.pagesFunctionName), EndpointTranslator.parameterList(parameters, defaults: false),
            " -> PageSequence<\(pagination.itemType.swift)>"
        )
    }

    func renderLive(_ service: ResolvedAPI.Service, into printer: inout CodePrinter) {
        printer.line("// Spec: \(CommentText.singleLine(service.pointer))")
        printer.line("/// Sends the \(CommentText.singleLine(service.resourceName)) endpoints through a client, such as an `EndpointClient`.")
        let client = service.auth.map { "any EndpointSending<\($0)>" } ?? "any EndpointSending"
        printer.block("\(access)struct \(service.liveName): \(service.protocolName)") { printer in
            if let auth = service.auth {
                printer.line("/// Sends the endpoints, adding its `\(auth)` credential to those that need it.")
            }
            printer.line("\(access)var client: \(client)")
            printer.separator()
            printer.block("\(access)init(client: \(client))") { $0.line("self.client = client") }
            for endpoint in service.endpoints {
                printer.separator()
                if let deprecated = endpoint.deprecated { printer.line(EndpointTranslator.deprecation(deprecated)) }
                let signature = signature(endpoint, parameters: endpoint.parameters)
                printer.block("\(access)func \(signature.head)", list: signature.list, signature.tail) {
                    // `self.` because a parameter may be called `client`.
                    let function = "try await self.client.send(\(service.name).\(SwiftNaming.escaped(endpoint.functionName))"
                    $0.wrapped(function, EndpointTranslator.arguments(endpoint.parameters), ")")
                }
                if let pages = pagesSignature(endpoint), let pagination = endpoint.pagination {
                    printer.separator()
                    // It calls the deprecated service function: deprecated too, it does not warn.
                    if let deprecated = endpoint.deprecated { printer.line(EndpointTranslator.deprecation(deprecated)) }
                    printer.block("\(access)func \(pages.head)", list: pages.list, pages.tail) {
                        let arguments = endpoint.parameters.map { parameter in
                            let name = parameter.swiftName
                            return "\(SwiftNaming.argumentLabel(name)): \(name == pagination.position ? "nil" : SwiftNaming.escaped(name))"
                        }
                        let function = "self.client.pages(\(service.name).\(SwiftNaming.escaped(endpoint.functionName))"
                        $0.wrapped(function, arguments, ")")
                    }
                }
            }
        }
    }

    private func signature(
        _ endpoint: ResolvedAPI.Endpoint, parameters: [ResolvedAPI.Parameter]
    ) -> (head: String, list: [String], tail: String) {
        let list = EndpointTranslator.parameterList(parameters, defaults: false)
        let result: String = if case .void = endpoint.response { "" } else { " -> \(EndpointTranslator.responseType(endpoint))" }
        return (SwiftNaming.escaped(endpoint.functionName), list, " async throws\(result)")
    }

    private func documentation(
        _ endpoint: ResolvedAPI.Endpoint, parameters: [ResolvedAPI.Parameter]? = nil, into printer: inout CodePrinter
    ) {
        printer.documentation(endpoint.description)
        let described = (parameters ?? endpoint.parameters).filter { $0.description != nil }
        if !described.isEmpty {
            if endpoint.description != nil { printer.line("///") }
            for parameter in described {
                let lines = CommentText.lines(parameter.description ?? "")
                printer.line("/// - Parameter \(parameter.swiftName): \(lines.first ?? "")")
                for line in lines.dropFirst() { printer.line(line.isEmpty ? "///" : "///   \(line)") }
            }
        }
        if let deprecated = endpoint.deprecated { printer.line(EndpointTranslator.deprecation(deprecated)) }
    }
}
