/// Prints one struct per endpoint: its parameters as properties, `makeRequest()` and
/// `decodeResponse(_:)` where the runtime's default does not read the response. The struct is a pure
/// value; sending it is the client's job.
struct EndpointTranslator {
    let access: String

    init(access: AccessLevel) {
        self.access = access == .public ? "public " : ""
    }

    func render(_ endpoint: ResolvedAPI.Endpoint, into printer: inout CodePrinter) {
        printer.line("// Spec: \(CommentText.singleLine(endpoint.pointer))")
        printer.documentation(endpoint.description)
        if let deprecated = endpoint.deprecated { printer.line(Self.deprecation(deprecated)) }
        printer.block("\(access)struct \(endpoint.typeName): \(Self.conformances(endpoint))") { printer in
            printer.line("\(access)typealias Response = \(Self.responseType(endpoint))")
            if let pagination = endpoint.pagination {
                printer.line("\(access)typealias PageItem = \(pagination.itemType.swift)")
            }
            if let auth = endpoint.auth { printer.line("\(access)typealias Auth = \(auth)") }
            printer.separator()
            for parameter in endpoint.parameters {
                printer.documentation(parameter.description)
                printer.line("\(access)var \(SwiftNaming.escaped(parameter.swiftName)): \(parameter.type.swift)")
            }
            printer.separator()
            renderInitializer(endpoint, into: &printer)
            printer.separator()
            renderMakeRequest(endpoint, into: &printer)
            renderDecodeResponse(endpoint, into: &printer)
            if !endpoint.errorBodies.isEmpty {
                printer.separator()
                renderDecodeErrorBody(endpoint.errorBodies, into: &printer)
            }
            if let pagination = endpoint.pagination {
                printer.separator()
                renderNextPage(endpoint, pagination, into: &printer)
            }
            if !endpoint.responseHeaders.isEmpty {
                printer.separator()
                renderResponseHeaders(endpoint.responseHeaders, into: &printer)
            }
        }
    }

    /// The `ResponseHeaders` struct, one property a header, and the function that reads them.
    private func renderResponseHeaders(_ headers: [ResolvedAPI.ResponseHeader], into printer: inout CodePrinter) {
        printer.line("/// The headers of a successful response: `withResponseHeaders()` returns them beside the value.")
        printer.block("\(access)struct ResponseHeaders: Sendable, Hashable") { printer in
            for header in headers {
                printer.documentation(header.description)
                printer.line("\(access)var \(SwiftNaming.escaped(header.swiftName)): \(header.type.swift)")
            }
            printer.separator()
            let parameters = headers.map { header in
                let declaration = "\(SwiftNaming.escaped(header.swiftName)): \(header.type.swift)"
                if case .optional = header.type { return declaration + " = nil" }
                return declaration
            }
            printer.block("\(access)init", list: parameters) { printer in
                for header in headers {
                    let name = SwiftNaming.escaped(header.swiftName)
                    printer.line("self.\(name) = \(name)")
                }
            }
        }
        printer.separator()
        printer.block("\(access)func decodeResponseHeaders(_ response: HTTPResponse) throws -> ResponseHeaders") { printer in
            let arguments = headers.map { header in
                let reading = if case .optional = header.type { "headerIfPresent" } else { "header" }
                return "\(SwiftNaming.argumentLabel(header.swiftName)): response.\(reading)(\(SwiftLiteral.string(header.name)), as: \(header.type.unwrapped.swift).self)"
            }
            printer.wrapped("try ResponseHeaders", arguments, "")
        }
    }

    /// The endpoint protocol, and the capabilities an endpoint has beyond it, each a protocol of
    /// its own that the client finds with a cast: an endpoint without them brings no function
    /// for them into the module.
    static func conformances(_ endpoint: ResolvedAPI.Endpoint) -> String {
        var protocols = [endpoint.pagination != nil ? "PaginatedEndpoint" : endpoint.stream != nil ? "StreamingEndpoint" : "Endpoint"]
        if !endpoint.errorBodies.isEmpty { protocols.append("ErrorBodyDecoding") }
        if endpoint.idempotent { protocols.append("IdempotentEndpoint") }
        if !endpoint.responseHeaders.isEmpty { protocols.append("ResponseHeadersDecoding") }
        return protocols.joined(separator: ", ")
    }

    /// Whether the runtime's default `decodeResponse(_:)` is the one the endpoint needs, so that
    /// the struct does not spell it out: nothing to read (`Void`), or the whole body as JSON into
    /// the response type (`Endpoint where Response: Decodable`). An optional response, a key to
    /// unwrap, a pruned array, an envelope, pages and streams decode their own way.
    static func decodesByDefault(_ endpoint: ResolvedAPI.Endpoint) -> Bool {
        guard endpoint.stream == nil, endpoint.pagination == nil, endpoint.envelope == nil else { return false }
        switch endpoint.response {
        case .void:
            return true
        case .json(.optional):
            return false
        case .json(.array):
            return endpoint.responseKey == nil && endpoint.arrayStrategy != .prune
        case .json:
            return endpoint.responseKey == nil
        case .data, .text, .raw:
            return false
        }
    }

    static func deprecation(_ message: String) -> String {
        message.isEmpty ? "@available(*, deprecated)" : "@available(*, deprecated, message: \(SwiftLiteral.string(message)))"
    }

    static func responseType(_ endpoint: ResolvedAPI.Endpoint) -> String {
        if let pagination = endpoint.pagination { return "Page<\(pagination.itemType.swift)>" }
        switch endpoint.stream {
        case .serverSentEvents?: return "EventStream<ServerSentEvent<\(eventType(endpoint))>>"
        case .jsonLines?: return "EventStream<\(eventType(endpoint))>"
        case .bytes?: return "ResponseBody"
        case nil: break
        }
        switch endpoint.response {
        case .void: return "Void"
        case .data: return "Data"
        case .text: return "String"
        case .raw: return "HTTPResponse"
        case .json(let type): return type.swift
        }
    }

    /// The type of a stream's events (of their data, for server-sent events).
    private static func eventType(_ endpoint: ResolvedAPI.Endpoint) -> String {
        if case .json(let type) = endpoint.response { type.swift } else { "String" }
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
        // Inside makeRequest() the locals `request`, `form` and `streamed` would hide properties of those names.
        func reference(_ swiftName: String) -> String {
            ["request", "form", "streamed"].contains(swiftName) ? "self.\(swiftName)" : SwiftNaming.escaped(swiftName)
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
        var arguments = ["method: \(method)", "path: \"\(path)\""]
        switch (endpoint.stream, endpoint.response) {
        case (.serverSentEvents?, _): arguments.append("accept: \"text/event-stream\"")
        case (.jsonLines?, _): arguments.append("accept: \"application/jsonl, application/x-ndjson, application/json\"")
        case (.bytes?, _), (nil, .data), (nil, .text), (nil, .raw): arguments.append("accept: \(SwiftLiteral.string(endpoint.accept ?? "*/*"))")
        case (nil, .void), (nil, .json):
            if let accept = endpoint.accept { arguments.append("accept: \(SwiftLiteral.string(accept))") }
        }
        if let server = endpoint.server { arguments.append("server: \(SwiftLiteral.string(server))") }
        let creation = "EndpointRequest(\(arguments.joined(separator: ", ")))"
        let progress = endpoint.parameters.first { if case .progress = $0.kind { true } else { false } }
        let givenContentType = endpoint.parameters.first { if case .contentType = $0.kind { true } else { false } }
        var throwing = false
        func bodyStatements(_ parameter: ResolvedAPI.Parameter, value: String) -> [String] {
            switch parameter.kind {
            case .path, .query, .header, .cookie, .progress, .contentType, .pageLink: return []
            case .body(let key, .json(let contentType)):
                throwing = true
                var lines: [String] = []
                var arguments = [value]
                // A stream flag is set on a copy of the body, which the request sends.
                if let flag = endpoint.streamFlag {
                    lines += ["var streamed = \(value)", "streamed.\(SwiftNaming.escaped(flag.swiftName)) = \(flag.isNullable ? ".value(true)" : "true")"]
                    arguments = ["streamed"]
                }
                if let key { arguments.append("wrappedIn: \(SwiftLiteral.string(key))") }
                if let contentType { arguments.append("contentType: \(SwiftLiteral.string(contentType))") }
                return lines + ["try request.setJSONBody(\(arguments.joined(separator: ", ")))"]
            case .body(_, .form(let fields)), .body(_, .multipart(let fields)):
                // A form of no field (a model that declares none) is sent empty, never changed.
                var lines = [fields.isEmpty ? "let form = FormFields()" : "var form = FormFields()"]
                for field in fields {
                    let fieldValue = field.swiftName == endpoint.streamFlag?.swiftName ? "true" : "\(value).\(SwiftNaming.escaped(field.swiftName))"
                    let call = switch field.value {
                    case .plain: "form.append"
                    case .json: "try form.appendJSON"
                    case .jsonElements: "try form.appendJSONElements"
                    }
                    if field.value != .plain { throwing = true }
                    lines.append("\(call)(\(SwiftLiteral.string(field.key)), \(fieldValue))")
                }
                if case .body(_, .form) = parameter.kind {
                    lines.append("request.setFormBody(form)")
                } else {
                    lines.append("request.setMultipartBody(form)")
                }
                return lines
            case .body(_, .text(let contentType)):
                return ["request.setTextBody(\(value), contentType: \(SwiftLiteral.string(contentType)))"]
            case .body(_, .upload(let contentType)):
                let handler = progress.map { reference($0.swiftName) } ?? "nil"
                let type = givenContentType.map { reference($0.swiftName) } ?? SwiftLiteral.string(contentType)
                return ["request.setUploadBody(\(value), contentType: \(type), progress: \(handler))"]
            }
        }
        // The path's own query items go first, as it names them.
        var statements = endpoint.fixedQuery.map { "request.addQuery(\(SwiftLiteral.string($0.name)), \(SwiftLiteral.string($0.value)))" }
        statements += endpoint.parameters.flatMap { parameter -> [String] in
            let value = reference(parameter.swiftName)
            let secret = parameter.secret ? ["request.markSecret(\(value))"] : []
            switch parameter.kind {
            case .path: return secret
            case .query(_, nil, true):
                // A dictionary whose entries are items of their own: `key=value`.
                return ["request.addQueryEntries(\(value))"] + secret
            case .query(let name, nil, false):
                // A dictionary sends `name[key]=value` per entry.
                let function = if case .dictionary = parameter.type.unwrapped { "addQueryDictionary" } else { "addQuery" }
                return ["request.\(function)(\(SwiftLiteral.string(name)), \(value))"] + secret
            case .query(let name, let separator?, _):
                return ["request.addQueryList(\(SwiftLiteral.string(name)), \(value), separator: \(SwiftLiteral.string(String(separator))))"] + secret
            case .header(let name):
                // A list goes in one field, its elements separated by commas.
                let function = if case .array = parameter.type.unwrapped { "setHeaderList" } else { "setHeader" }
                return ["request.\(function)(\(SwiftLiteral.string(name)), \(value))"] + secret
            case .cookie(let name): return ["request.addCookie(\(SwiftLiteral.string(name)), \(value))"] + secret
            case .pageLink: return ["request.link = \(value)"]
            default: break
            }
            // An optional body is left out when it is nil: its statements go inside `if let`.
            guard case .body = parameter.kind, case .optional = parameter.type else { return bodyStatements(parameter, value: value) }
            let escaped = SwiftNaming.escaped(parameter.swiftName)
            let binding = value == escaped ? "if let \(escaped) {" : "if let value = \(value) {"
            let bound = value == escaped ? escaped : "value"
            return [binding] + bodyStatements(parameter, value: bound).map { "    " + $0 } + ["}"]
        }
        if let timeout = endpoint.timeout { statements.append("request.timeout = \(timeout)") }
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

    /// `decodeErrorBody(_:)`: one type for every status, or a `switch` over the status, codes
    /// first, then classes, then the default (a status nothing matches has no error body).
    private func renderDecodeErrorBody(_ bodies: [ResolvedAPI.ErrorBody], into printer: inout CodePrinter) {
        func decoding(_ type: TypeReference?) -> String {
            type.map { "try? response.decodeJSON(\($0.swift).self)" } ?? "nil"
        }
        printer.block("\(access)func decodeErrorBody(_ response: HTTPResponse) -> (any Sendable)?") { printer in
            if bodies.count == 1, bodies[0].status == .any {
                printer.line(decoding(bodies[0].type))
                return
            }
            printer.line("switch response.statusCode {")
            for body in bodies {
                let label = switch body.status {
                case .code(let code): "case \(code):"
                case .range(let first): "case \(first * 100)...\(first * 100 + 99):"
                case .any: "default:"
                }
                printer.line("\(label) return \(decoding(body.type))")
            }
            if bodies.last?.status != .any { printer.line("default: return nil") }
            printer.line("}")
        }
    }

    /// The endpoint's reading of its response, after a blank line; nothing where the runtime's
    /// default is that reading (``decodesByDefault(_:)``).
    private func renderDecodeResponse(_ endpoint: ResolvedAPI.Endpoint, into printer: inout CodePrinter) {
        guard !Self.decodesByDefault(endpoint) else { return }
        printer.separator()
        if let stream = endpoint.stream {
            let terminator: String? = switch stream {
            case .serverSentEvents(let terminator), .jsonLines(let terminator): terminator
            case .bytes: nil
            }
            let arguments = terminator.map { "terminator: \(SwiftLiteral.string($0))" }
            let reading: String = switch (stream, endpoint.response) {
            case (.serverSentEvents, .json(let type)): "serverSentEvents(\(["of: \(type.swift).self", arguments].compactMap { $0 }.joined(separator: ", ")))"
            case (.serverSentEvents, _): "serverSentEvents(\(arguments ?? ""))"
            case (.jsonLines, .json(let type)): "jsonLines(\(["of: \(type.swift).self", arguments].compactMap { $0 }.joined(separator: ", ")))"
            case (.jsonLines, _): "textLines(\(arguments ?? ""))"
            case (.bytes, _): "body"
            }
            printer.block("\(access)func decodeEvents(_ response: StreamedHTTPResponse) -> \(Self.responseType(endpoint))") {
                $0.line("response.\(reading)")
            }
            return
        }
        let signature = "\(access)func decodeResponse(_ response: HTTPResponse)"
        let key = endpoint.responseKey.map { ", unwrapping: \(SwiftLiteral.string($0))" } ?? ""
        if let pagination = endpoint.pagination {
            var arguments = [
                "of: \(pagination.itemType.swift).self",
                "items: \(pagination.items.map(SwiftLiteral.string) ?? "nil")",
                "strategy: .\(endpoint.arrayStrategy.rawValue)",
            ]
            switch pagination.style {
            case .offset(let total): if let total { arguments.append("total: \(SwiftLiteral.string(total))") }
            case .page(_, let pageCount): if let pageCount { arguments.append("pageCount: \(SwiftLiteral.string(pageCount))") }
            case .cursor(let next): arguments.append("nextCursor: \(SwiftLiteral.string(next))")
            case .link: arguments.append("linkHeader: true")
            }
            printer.block("\(signature) throws -> \(Self.responseType(endpoint))") {
                $0.wrapped("try response.decodePage", arguments, "")
            }
            return
        }
        if let envelope = endpoint.envelope {
            var arguments = ["status: \(SwiftLiteral.string(envelope.status))", "success: [\(envelope.success.joined(separator: ", "))]"]
            if let message = envelope.message { arguments.append("message: \(SwiftLiteral.string(message))") }
            if let value = envelope.value { arguments.append("value: \(SwiftLiteral.string(value))") }
            let description = "ResponseEnvelope(\(arguments.joined(separator: ", ")))"
            switch endpoint.response {
            case .json(let type):
                printer.block("\(signature) throws -> \(type.swift)") { printer in
                    switch (type, endpoint.arrayStrategy) {
                    case (.array(let element), .prune):
                        printer.line("try response.decodeEnvelope(PrunedArray<\(element.swift)>.self, \(description)).elements")
                    case (.optional(.array(let element)), .prune):
                        printer.line("try response.decodeEnvelopeIfPresent(PrunedArray<\(element.swift)>.self, \(description))?.elements")
                    case (.optional(let wrapped), _):
                        printer.line("try response.decodeEnvelopeIfPresent(\(wrapped.swift).self, \(description))")
                    default:
                        printer.line("try response.decodeEnvelope(\(type.swift).self, \(description))")
                    }
                }
            default:
                printer.block("\(signature) throws") { $0.line("try response.checkEnvelope(\(description))") }
            }
            return
        }
        switch endpoint.response {
        case .void:
            return  // Read by the runtime's default for `Response == Void`: decodesByDefault said so above.
        case .data:
            printer.block("\(signature) -> Data") { $0.line("response.body") }
        case .text:
            printer.block("\(signature) throws -> String") { $0.line("try response.decodeString()") }
        case .raw:
            printer.block("\(signature) -> HTTPResponse") { $0.line("response") }
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
                    // Only with a key to unwrap: without one, the runtime's default reads it.
                    printer.line("try response.decodeJSON(\(type.swift).self\(key))")
                }
            }
        }
    }

    private func renderNextPage(_ endpoint: ResolvedAPI.Endpoint, _ pagination: ResolvedAPI.Pagination, into printer: inout CodePrinter) {
        let position = "self.\(SwiftNaming.escaped(pagination.position))"
        let size = pagination.size.map { "self.\(SwiftNaming.escaped($0))" } ?? "nil"
        let next: String = switch pagination.style {
        case .offset: "response.nextOffset(after: \(position), limit: \(size))"
        case .page(let first, _): "response.nextPageNumber(after: \(position), first: \(first), size: \(size))"
        case .cursor: "response.nextPageCursor(after: \(position))"
        case .link: "response.nextPageLink(after: \(position))"
        }
        printer.line("/// The request for the page after `response`, or nil when it is the last.")
        printer.block("\(access)func nextPage(after response: \(Self.responseType(endpoint))) -> Self?") { printer in
            printer.line("guard let position = \(next) else { return nil }")
            printer.line("var next = self")
            printer.line("next.\(SwiftNaming.escaped(pagination.position)) = position")
            printer.line("return next")
        }
    }
}
