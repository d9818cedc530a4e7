/// Prints one struct per endpoint: its parameters as properties, `makeRequest()` and
/// `decodeResponse(_:)`. The struct is a pure value; sending it is the client's job.
struct EndpointTranslator {
    let access: String

    init(access: AccessLevel) {
        self.access = access == .public ? "public " : ""
    }

    func render(_ endpoint: ResolvedAPI.Endpoint, into printer: inout CodePrinter) {
        printer.line("// Spec: \(CommentText.singleLine(endpoint.pointer))")
        printer.documentation(endpoint.description)
        if let deprecated = endpoint.deprecated { printer.line(Self.deprecation(deprecated)) }
        printer.block("\(access)struct \(endpoint.typeName): Endpoint") { printer in
            printer.line("\(access)typealias Response = \(Self.responseType(endpoint.response))")
            printer.separator()
            for parameter in endpoint.parameters {
                printer.documentation(parameter.description)
                printer.line("\(access)var \(SwiftNaming.escaped(parameter.swiftName)): \(parameter.type.swift)")
            }
            printer.separator()
            renderInitializer(endpoint, into: &printer)
            printer.separator()
            renderMakeRequest(endpoint, into: &printer)
            printer.separator()
            renderDecodeResponse(endpoint, into: &printer)
        }
    }

    static func deprecation(_ message: String) -> String {
        message.isEmpty ? "@available(*, deprecated)" : "@available(*, deprecated, message: \(SwiftLiteral.string(message)))"
    }

    static func responseType(_ response: ResolvedAPI.Response) -> String {
        switch response {
        case .void: "Void"
        case .data: "Data"
        case .text: "String"
        case .json(let type): type.swift
        }
    }

    /// `name: Type` with `= nil` for optionals, as the init, the service function and the
    /// protocol convenience take them.
    static func parameterList(_ parameters: [ResolvedAPI.Parameter], defaults: Bool) -> [String] {
        parameters.map { parameter in
            let declaration = "\(SwiftNaming.escaped(parameter.swiftName)): \(parameter.type.swift)"
            return defaults && parameter.isOptional ? declaration + " = nil" : declaration
        }
    }

    /// `name: name` for each parameter, as a call passes them on (`nil` for left-out optionals).
    static func arguments(_ parameters: [ResolvedAPI.Parameter], omittingOptionals: Bool = false) -> [String] {
        parameters.map { parameter in
            let name = SwiftNaming.escaped(parameter.swiftName)
            return "\(SwiftNaming.argumentLabel(parameter.swiftName)): \(omittingOptionals && parameter.isOptional ? "nil" : name)"
        }
    }

    private func renderInitializer(_ endpoint: ResolvedAPI.Endpoint, into printer: inout CodePrinter) {
        guard !endpoint.parameters.isEmpty else {
            printer.line("\(access)init() {}")
            return
        }
        printer.block("\(access)init", list: Self.parameterList(endpoint.parameters, defaults: true)) { printer in
            for parameter in endpoint.parameters {
                let name = SwiftNaming.escaped(parameter.swiftName)
                printer.line("self.\(name) = \(name)")
            }
        }
    }

    private func renderMakeRequest(_ endpoint: ResolvedAPI.Endpoint, into printer: inout CodePrinter) {
        // Inside makeRequest() the local `request` would hide a property of that name.
        func reference(_ swiftName: String) -> String {
            swiftName == "request" ? "self.request" : SwiftNaming.escaped(swiftName)
        }
        var path = ""
        for segment in endpoint.pathSegments {
            switch segment {
            case .literal(let text): path += String(SwiftLiteral.string(text).dropFirst().dropLast())
            case .parameter(let name): path += "\\(\(reference(name)))"
            }
        }
        if path.isEmpty { path = "/" }
        let method = ".\(endpoint.method.lowercased())"
        var creation = "EndpointRequest(method: \(method), path: \"\(path)\")"
        switch endpoint.response {
        case .data, .text: creation = "EndpointRequest(method: \(method), path: \"\(path)\", accept: \"*/*\")"
        case .void, .json: break
        }
        let statements = endpoint.parameters.compactMap { parameter -> String? in
            let value = reference(parameter.swiftName)
            switch parameter.kind {
            case .path: return nil
            case .query(let name): return "request.addQuery(\(SwiftLiteral.string(name)), \(value))"
            case .header(let name): return "request.setHeader(\(SwiftLiteral.string(name)), \(value))"
            case .body(let key):
                return key.map { "try request.setJSONBody(\(value), wrappedIn: \(SwiftLiteral.string($0)))" }
                    ?? "try request.setJSONBody(\(value))"
            }
        }
        let throwing = endpoint.parameters.contains { if case .body = $0.kind { true } else { false } }
        printer.block("\(access)func makeRequest()\(throwing ? " throws" : "") -> EndpointRequest") { printer in
            if statements.isEmpty {
                printer.line(creation)
                return
            }
            printer.line("var request = \(creation)")
            for statement in statements { printer.line(statement) }
            printer.line("return request")
        }
    }

    private func renderDecodeResponse(_ endpoint: ResolvedAPI.Endpoint, into printer: inout CodePrinter) {
        let signature = "\(access)func decodeResponse(_ response: HTTPResponse)"
        let key = endpoint.responseKey.map { ", unwrapping: \(SwiftLiteral.string($0))" } ?? ""
        switch endpoint.response {
        case .void:
            printer.line("\(signature) {}")
        case .data:
            printer.block("\(signature) -> Data") { $0.line("response.body") }
        case .text:
            printer.block("\(signature) throws -> String") { $0.line("try response.decodeString()") }
        case .json(let type):
            printer.block("\(signature) throws -> \(type.swift)") { printer in
                switch (type, endpoint.arrayStrategy) {
                case (.array(let element), .prune):
                    printer.line("try response.decodeJSONArray(of: \(element.swift).self\(key), strategy: .prune)")
                case (.optional(.array(let element)), .prune):
                    printer.line("try response.decodeJSONArrayIfPresent(of: \(element.swift).self\(key), strategy: .prune)")
                case (.optional(let wrapped), _):
                    // Optional: an empty body or a missing key is nil, not a decoding error.
                    printer.line("try response.decodeJSONIfPresent(\(wrapped.swift).self\(key))")
                default:
                    printer.line("try response.decodeJSON(\(type.swift).self\(key))")
                }
            }
        }
    }
}
