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
        var resourceAuth = defaultAuth
        if let value = resource.auth, let type = authType(value) { resourceAuth = type }
        var server: String?
        if let resolved = resolveResourceServers(resource, name: base) {
            server = resolved.name
            resourceServers.append(resolved)
        }
        var functionNames: [String: SourceLocation] = [:]
        var endpoints: [ResolvedAPI.Endpoint] = []
        for endpoint in resource.endpoints {
            guard let resolved = resolveEndpoint(endpoint, prefix: prefix, auth: resourceAuth, server: server) else { continue }
            if let first = functionNames[resolved.functionName] {
                diagnostics.error(
                    "resource '\(resource.name.value)' has two endpoints named '\(resolved.functionName)' (the first at line \(first.line)); give one a different \"name\"",
                    at: endpoint.name?.location ?? endpoint.location)
                continue
            }
            functionNames[resolved.functionName] = endpoint.name?.location ?? endpoint.location
            if !declare(resolved.typeName, origin: "endpoint '\(resolved.functionName)'", at: endpoint.name?.location ?? endpoint.location) {
                continue
            }
            if let pages = resolved.pagination?.pagesFunctionName {
                if let first = functionNames[pages] {
                    diagnostics.error(
                        "endpoint '\(resolved.functionName)' is paginated, and its '\(pages)' clashes with the endpoint at line \(first.line); rename one",
                        at: endpoint.name?.location ?? endpoint.location)
                    continue
                }
                functionNames[pages] = endpoint.name?.location ?? endpoint.location
            }
            endpoints.append(resolved)
        }
        let schemes = endpoints.compactMap(\.auth).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        if schemes.count > 1 {
            let names = schemes.map { type in authSchemes.first { $0.typeName == type }.map { "'\($0.specName)'" } ?? type }
            diagnostics.error(
                "the endpoints of resource '\(resource.name.value)' need different auth schemes (\(names.joined(separator: ", "))); its live service holds one client, so put them in separate resources",
                at: resource.name.location)
        }
        return .init(
            resourceName: resource.name.value, pointer: resource.pointer, name: name, protocolName: protocolName,
            liveName: liveName, description: resource.description, auth: schemes.first, endpoints: endpoints)
    }

    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"]
    /// What may separate the elements of an array sent as one query item: OpenAPI's `form`
    /// (not exploded), `spaceDelimited` and `pipeDelimited` styles.
    static let querySeparators: [String: Character] = [",": ",", " ": " ", "|": "|"]

    /// A cookie name is a token: visible ASCII without separators.
    static func isCookieName(_ name: String) -> Bool {
        let separators = "()<>@,;:\\\"/[]?={} \t"
        return !name.isEmpty && name.unicodeScalars.allSatisfy {
            $0.isASCII && $0.value > 0x20 && $0.value < 0x7F && !separators.unicodeScalars.contains($0)
        }
    }
    static let verbs = ["GET": "fetch", "POST": "create", "PUT": "replace", "PATCH": "update", "DELETE": "delete", "HEAD": "check"]

    mutating func resolveEndpoint(
        _ endpoint: SpecDocument.Endpoint, prefix: [ResolvedAPI.PathSegment], auth inheritedAuth: String?, server: String?
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
        // A path that does not parse is reported, and the rest of the endpoint is still checked
        // (its path parameters against their declarations alone).
        let mark = endpoint.path.value.firstIndex(of: "?")
        let parsedSegments = parsePath(String(endpoint.path.value[..<(mark ?? endpoint.path.value.endIndex)]), at: endpoint.path.location)
        if parsedSegments == nil { failed = true }
        let ownSegments = parsedSegments ?? []
        let segments = prefix + ownSegments
        // The query it holds, sent as it names it (Flickr's `/rest?method=flickr.photos.search`).
        let queryText = mark.map { String(endpoint.path.value[endpoint.path.value.index(after: $0)...]) }
        var fixedQuery: [ResolvedAPI.FixedQueryItem] = []
        if let queryText {
            if let items = parseFixedQuery(queryText, path: endpoint.path.value, at: endpoint.path.location) { fixedQuery = items } else { failed = true }
        }

        let functionName: String
        if let name = endpoint.name {
            functionName = SwiftNaming.memberName(name.value)
        } else {
            // The resource's path is a base path: the name comes from the endpoint's own path,
            // and its query's words (`GET /rest?method=flickr.photos.search` → `fetchRestMethodFlickrPhotosSearch`).
            let queryWords = fixedQuery.map { ResolvedAPI.PathSegment.literal($0.name + " " + $0.value) }
            functionName = Self.derivedName(method: method, segments: ownSegments + queryWords)
        }
        let typeName = SwiftNaming.typeName(ofMember: endpoint.name?.value ?? functionName) + "Endpoint"

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
            parameters.append(.init(kind: kind, swiftName: swiftName, type: type, description: parameter.description, secret: parameter.secret))
            return true
        }
        /// The separator a parameter's `separator` names: `.some(nil)` for none (one query item per
        /// element), nil after reporting a separator that is not among `allowed` or not on an array.
        func listSeparator(of parameter: SpecDocument.Parameter, type: TypeReference, allowed: [String: Character]) -> Character?? {
            guard let written = parameter.separator else { return .some(nil) }
            guard case .array = type.unwrapped else {
                diagnostics.error(
                    "'separator' is for a parameter that holds an array; '\(parameter.name.value)' is \(type.swift)",
                    at: written.location)
                return nil
            }
            guard let separator = allowed[written.value] else {
                var message = if allowed.count == 1 {
                    "a header's list is separated by commas; 'separator' can only be ','"
                } else {
                    "unknown separator '\(written.value)'; expected one of: " + allowed.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
                }
                let named = ["comma": ",", "space": " ", "pipe": "|"][written.value.lowercased()]
                if let named, allowed[named] != nil { message += " (did you mean '\(named)'?)" }
                diagnostics.error(message, at: written.location)
                return nil
            }
            return .some(separator)
        }
        /// Reports a `separator` where there is no array to separate; false if there is one.
        func refuseSeparator(of parameter: SpecDocument.Parameter, _ what: String) -> Bool {
            guard let written = parameter.separator else { return true }
            diagnostics.error("'separator' is for query parameters and headers that hold an array, not \(what)", at: written.location)
            return false
        }
        /// Whether a dictionary in the query is sent an item per entry named by its key (`style`
        /// `form`), rather than `name[key]`; nil after reporting a style elsewhere or unknown.
        func entriesByKey(_ parameter: SpecDocument.Parameter, type: TypeReference?, _ what: String) -> Bool? {
            guard let written = parameter.style else { return false }
            guard what == "query", case .dictionary? = type?.unwrapped else {
                diagnostics.error("'style' is for a query parameter that holds a dictionary, not \(what == "query" ? "'\(parameter.name.value)', which is \(type?.swift ?? "not one")" : "a \(what)")",
                                  at: written.location)
                return nil
            }
            switch written.value {
            case "deepObject": return false
            case "form": return true
            default:
                diagnostics.error("unknown style '\(written.value)'; expected 'deepObject' (name[key]=value) or 'form' (key=value)", at: written.location)
                return nil
            }
        }
        /// Reports a parameter whose type has no single text form.
        func notSimple(_ what: String, _ parameter: SpecDocument.Parameter, _ type: TypeReference, orArray: Bool = false) {
            let allowed = "a String, number, Bool, UUID, URL, Date, enum or union of them"
                + (orArray ? ", or an array of one" + (what == "header" ? " (a comma-separated list)" : " or a dictionary of one") : "")
            diagnostics.error("\(what) '\(parameter.name.value)' must be \(allowed), not \(type.swift)", at: parameter.type.location)
        }

        // Path parameters: each {name} declared, each declaration used.
        let used = segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
        var pathSwiftNames: [String: String] = [:]
        for name in used where parsedSegments != nil && !endpoint.pathParameters.contains(where: { $0.name.value == name }) {
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
            guard used.contains(parameter.name.value) || parsedSegments == nil else {
                diagnostics.error(
                    "path parameter '\(parameter.name.value)' is declared but the path has no '{\(parameter.name.value)}'",
                    at: parameter.name.location)
                failed = true
                continue
            }
            if !refuseSeparator(of: parameter, "a path parameter") || entriesByKey(parameter, type: nil, "path parameter") == nil { failed = true }
            guard let type = resolveType(parameter.type) else { failed = true; continue }
            guard isSentAsText(type) else {
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
            } else if let resolved = resolveBody(body) {
                if claim(resolved.swiftName, for: "body", at: body.location) {
                    parameters.append(resolved)
                    if case .body(_, .upload(let contentType)) = resolved.kind, let description = Self.contentTypeTheAppGives(contentType) {
                        if claim("contentType", for: "contentType", at: body.location) {
                            parameters.append(.init(kind: .contentType, swiftName: "contentType", type: .builtin(.string), description: description))
                        } else {
                            failed = true
                        }
                    }
                    if case .body(_, .upload) = resolved.kind {
                        if claim("progress", for: "progress", at: body.location) {
                            parameters.append(.init(
                                kind: .progress, swiftName: "progress", type: .optional(.progressHandler),
                                description: "Called as the body goes out."))
                        } else {
                            failed = true
                        }
                    }
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
            // An array sends an item per element (or one item, separated); a dictionary an item
            // per entry, `name[key]=value` (OpenAPI's deepObject).
            let element: TypeReference = switch type.unwrapped {
            case .array(let element), .dictionary(let element): element
            default: type.unwrapped
            }
            let separator = listSeparator(of: parameter, type: type, allowed: Self.querySeparators)
            guard isSentAsText(element) else {
                notSimple("query parameter", parameter, type, orArray: true)
                failed = true
                continue
            }
            guard case .some(let character) = separator, let byKey = entriesByKey(parameter, type: type, "query") else { failed = true; continue }
            if !add(parameter, as: .query(name: parameter.name.value, separator: character, byKey: byKey), type: type) { failed = true }
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
            // A list goes in one field, its elements separated by commas (RFC 9110's lists).
            let element: TypeReference = if case .array(let element) = type.unwrapped { element } else { type.unwrapped }
            let separator = listSeparator(of: parameter, type: type, allowed: [",": ","])
            if entriesByKey(parameter, type: type, "header") == nil { failed = true }
            guard isSentAsText(element) else {
                notSimple("header", parameter, type, orArray: true)
                failed = true
                continue
            }
            guard separator != nil else { failed = true; continue }
            if !add(parameter, as: .header(name: parameter.name.value), type: type) { failed = true }
        }
        var cookieNames: Set<String> = []
        for parameter in endpoint.cookies {
            guard Self.isCookieName(parameter.name.value) else {
                diagnostics.error("'\(parameter.name.value)' is not a valid cookie name", at: parameter.name.location)
                failed = true
                continue
            }
            guard cookieNames.insert(parameter.name.value).inserted else {
                diagnostics.error("cookie '\(parameter.name.value)' is declared twice", at: parameter.name.location)
                failed = true
                continue
            }
            if !refuseSeparator(of: parameter, "a cookie") || entriesByKey(parameter, type: nil, "cookie") == nil { failed = true }
            guard let type = resolveType(parameter.type) else { failed = true; continue }
            guard isSentAsText(type.unwrapped) else {
                notSimple("cookie", parameter, type)
                failed = true
                continue
            }
            if !add(parameter, as: .cookie(name: parameter.name.value), type: type) { failed = true }
        }

        var response = ResolvedAPI.Response.void
        if let text = endpoint.response {
            switch text.value {
            case "Void": response = .void
            case "Data": response = .data
            case "String": response = .text
            case "HTTPResponse": response = .raw
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

        var auth = inheritedAuth
        if let value = endpoint.auth {
            if let type = authType(value) { auth = type } else { failed = true }
        }
        // The endpoint's own error body (one type, "none", or a type per status) replaces the default.
        var errorBodies = defaultErrorBodies
        if let value = endpoint.errorResponse {
            if let resolved = resolveErrorResponse(value) { errorBodies = resolved } else { failed = true }
        }
        // A stream's events are values of their own, not wrapped in the spec's default envelope.
        var envelope = endpoint.withoutEnvelope || endpoint.stream != nil ? nil : defaultEnvelope
        if let value = endpoint.envelope { envelope = resolveEnvelope(value) }
        if envelope != nil {
            switch response {
            case .data, .text, .raw:
                diagnostics.error(
                    "an envelope needs a JSON response or none, not \(endpoint.response?.value ?? "")",
                    at: endpoint.envelope?.location ?? endpoint.response?.location ?? endpoint.location)
                failed = true
            case .void, .json:
                break
            }
            if let key = endpoint.responseKey {
                diagnostics.error("an endpoint with an envelope takes its value from the envelope's 'value', not 'responseKey'", at: key.location)
                failed = true
            }
        }
        var pagination: ResolvedAPI.Pagination?
        if let spec = endpoint.pagination {
            if endpoint.envelope != nil || endpoint.responseKey != nil {
                diagnostics.error("a paginated endpoint names where its items are with 'items', not with an envelope or 'responseKey'", at: spec.location)
                failed = true
            }
            var itemType: TypeReference?
            if case .json(.array(let element)) = response { itemType = element }
            if let itemType {
                envelope = nil
                if let plan = resolvePagination(spec) {
                    var added: [String] = []
                    let positionDescription = switch plan.style {
                    case .offset: "The index of the page's first item; nil for the first page."
                    case .page(let first, _): "The page's number, from \(first); nil for the first page."
                    case .cursor: "The cursor of the page, from the page before; nil for the first page."
                    case .link: "The page's address, from the `Link` header of the page before; nil for the first page."
                    }
                    let size = plan.size.map { [($0, TypeReference.optional(.builtin(.int)), "Items per page; nil for the server's default.")] } ?? []
                    for (index, (name, type, description)) in ([(plan.position, plan.positionType, positionDescription)] + size).enumerated() {
                        let swiftName = SwiftNaming.memberName(name)
                        // A link page's position is not a query item, and clashes only as a Swift name.
                        let isLink = index == 0 && { if case .link = plan.style { true } else { false } }()
                        if let other = swiftNames[swiftName] {
                            let message = if isLink {
                                "link pagination adds the parameter 'pageLink', which clashes with parameter '\(other)'; give that one another \"swiftName\""
                            } else if case .link = plan.style, index == 1, added.first == swiftName {
                                "the page-size query item '\(name)' becomes 'pageLink' in Swift, which link pagination uses for the page's address; name it otherwise"
                            } else {
                                "the pagination adds the query item '\(name)', which clashes with parameter '\(other)'; leave it out of the endpoint's parameters, or name the pagination's query item otherwise"
                            }
                            diagnostics.error(message, at: spec.location)
                            failed = true
                            break
                        }
                        guard claim(swiftName, for: name, at: spec.location) else { failed = true; break }
                        parameters.append(.init(kind: isLink ? .pageLink : .query(name: name), swiftName: swiftName, type: type, description: description))
                        added.append(swiftName)
                    }
                    if !failed {
                        pagination = .init(
                            style: plan.style, position: added[0], size: added.count > 1 ? added[1] : nil,
                            items: spec.items?.value, itemType: itemType, pagesFunctionName: functionName + "Pages")
                    }
                } else {
                    failed = true
                }
            } else {
                diagnostics.error(
                    "a paginated endpoint's 'response' is the type of its items, such as \"[Item]\", not \(endpoint.response?.value ?? "Void")",
                    at: endpoint.response?.location ?? spec.location)
                failed = true
            }
        }
        var stream: ResolvedAPI.Stream?
        if let value = endpoint.stream {
            stream = resolveStream(value, of: endpoint, response: &response, parameters: parameters)
            if stream == nil { failed = true }
            envelope = nil
        } else if let terminator = endpoint.streamTerminator {
            diagnostics.error("'streamTerminator' needs a 'stream' of \"sse\" or \"jsonLines\"", at: terminator.location)
            failed = true
        }
        var streamFlag: ResolvedAPI.StreamFlag?
        if let value = endpoint.streamFlag {
            streamFlag = resolveStreamFlag(value, of: endpoint, body: parameters.first { if case .body = $0.kind { true } else { false } })
            if streamFlag == nil { failed = true }
        }
        var accept: String?
        if let value = endpoint.accept {
            // JSON of another JSON media type; or bytes or text of the media types the API serves
            // (a PDF, `text/csv`), where a server that offers several picks by the request's `Accept`.
            let allowed: (valid: Bool, names: String)? = switch (stream, response) {
            case (nil, .json), (nil, .void):
                (Self.isJSONMediaType(value.value), "the JSON media type the response comes in, such as 'application/vnd.api+json'")
            case (nil, .data), (nil, .text), (nil, .raw), (.bytes?, _):
                (Self.isMediaRangeList(value.value), "the media types the response may come in, such as 'application/pdf' or 'image/png, image/jpeg'")
            default: nil
            }
            if let allowed, allowed.valid {
                accept = value.value
            } else {
                let message = allowed.map { "'accept' names \($0.names), not '\(value.value)'" }
                    ?? "'accept' is for a response read whole (or none); a stream of events sets its own"
                diagnostics.error(message, at: value.location)
                failed = true
            }
        }
        /// Whether a parameter sends query items named `name` (a dictionary sends `name[key]=value`, another name).
        func parameterSends(_ name: String) -> Bool {
            parameters.contains { parameter in
                guard case .query(name, _, false) = parameter.kind else { return false }
                if case .dictionary = parameter.type.unwrapped { return false }
                return true
            }
        }
        // A fixed item is sent beside the parameters' items: one of the same name would be sent twice.
        for item in fixedQuery where parameterSends(item.name) {
            diagnostics.error(
                "query item '\(item.name)' is both in the path's query and a parameter, and would be sent twice; leave one out",
                at: endpoint.path.location)
            failed = true
        }
        // An API key the auth scheme sends in the query replaces an item of the same name that the
        // path's query or a parameter sends (found by the review): said, not silently lost.
        if let scheme = authSchemes.first(where: { $0.typeName == auth }) {
            let places: [ResolvedAPI.AuthScheme.APIKeyPlace] = switch scheme.kind {
            case .apiKey(let place): [place]
            case .apiKeys(let places): places
            case .bearer, .basic, .custom: []
            }
            for case .query(let key) in places where fixedQuery.contains(where: { $0.name == key }) || parameterSends(key) {
                diagnostics.warning(
                    "query item '\(key)' is where auth scheme '\(scheme.specName)' sends its API key; the credential replaces what the endpoint sends there",
                    at: endpoint.path.location, concerns: [endpoint.pointer])
            }
        }
        let responseHeaders = resolveResponseHeaders(endpoint)
        if failed || responseHeaders == nil { return nil }
        return .init(
            pointer: endpoint.pointer, functionName: functionName, typeName: typeName, method: method,
            pathSegments: resolvedSegments, fixedQuery: fixedQuery, description: Self.describing(streamFlag, after: endpoint.description), deprecated: endpoint.deprecated,
            parameters: parameters, response: response, responseKey: endpoint.responseKey?.value,
            arrayStrategy: strategy, stream: stream, streamFlag: streamFlag, idempotent: endpoint.idempotent, timeout: endpoint.timeout?.value, accept: accept, auth: auth, server: server,
            errorBodies: errorBodies, envelope: envelope, pagination: pagination, responseHeaders: responseHeaders ?? [])
    }

    /// The typed headers of a successful response: valid names, once each whatever their case,
    /// each a simple value or a list of them, their Swift names distinct. Nil after a problem.
    mutating func resolveResponseHeaders(_ endpoint: SpecDocument.Endpoint) -> [ResolvedAPI.ResponseHeader]? {
        var failed = false
        var headers: [ResolvedAPI.ResponseHeader] = []
        var names: [String: String] = [:]
        var swiftNames: [String: String] = [:]
        for header in endpoint.responseHeaders {
            // Each problem of a header is reported: its name, its type, its Swift name.
            var valid = checkHeaderName(header.name)
            var repeated = false
            if valid, let other = names[header.name.value.lowercased()] {
                diagnostics.error("response headers '\(other)' and '\(header.name.value)' are one header: names ignore case", at: header.name.location)
                valid = false
                repeated = true
            } else if valid {
                names[header.name.value.lowercased()] = header.name.value
            }
            let type = resolveType(header.type)
            if let type {
                let element: TypeReference = if case .array(let element) = type.unwrapped { element } else { type.unwrapped }
                if !isSimple(element) {
                    diagnostics.error(
                        "response header '\(header.name.value)' must be a String, number, Bool, UUID, URL, Date or enum, or an array of one (a comma-separated list), not \(type.swift)",
                        at: header.type.location)
                    valid = false
                }
            } else {
                valid = false
            }
            let swiftName = SwiftNaming.memberName(header.swiftName?.value ?? header.name.value)
            if let other = swiftNames[swiftName], !repeated {
                diagnostics.error(
                    "response headers '\(other)' and '\(header.name.value)' both become '\(swiftName)' in Swift; give one a \"swiftName\"",
                    at: header.swiftName?.location ?? header.name.location)
                valid = false
            } else if !repeated {
                swiftNames[swiftName] = header.name.value
            }
            guard valid, let type else { failed = true; continue }
            headers.append(.init(name: header.name.value, swiftName: swiftName, type: type, description: header.description))
        }
        return failed ? nil : headers
    }

    /// The media type of a content type, without its parameters and the spaces around it:
    /// `" text/plain ; charset=utf-8"` → `text/plain`.
    static func mediaType(of contentType: String) -> String {
        let part = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
        return String(part.drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }

    /// `application/json`, or a media type that says it is JSON (`application/vnd.api+json`,
    /// `application/merge-patch+json`), parameters allowed; on one line.
    static func isJSONMediaType(_ text: String) -> Bool {
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return false }
        let type = mediaType(of: text).lowercased()
        guard let slash = type.firstIndex(of: "/"), !type[..<slash].isEmpty, !type.contains(" ") else { return false }
        return type == "application/json" || type.hasSuffix("+json")
    }

    /// A list of media ranges as an `Accept` header holds them (`image/png, image/*;q=0.8`): each
    /// a type and subtype of token characters, with parameters of any text but control characters.
    static func isMediaRangeList(_ text: String) -> Bool {
        let token = Set("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".unicodeScalars)
        let isSpace = { (character: Character) in character == " " || character == "\t" }
        let elements = text.split(separator: ",", omittingEmptySubsequences: false)
        return elements.allSatisfy { element in
            let parts = element.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            let range = parts[0].split(separator: "/", omittingEmptySubsequences: false)
            guard range.count == 2 else { return false }
            var subtype = range[1]
            while let last = subtype.last, isSpace(last) { subtype = subtype.dropLast() }
            guard [range[0].drop(while: isSpace), subtype].allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy(token.contains) }) else { return false }
            return parts.count == 1 || parts[1].unicodeScalars.allSatisfy { $0 == "\t" || !($0.properties.generalCategory == .control || $0.value == 0x2028 || $0.value == 0x2029) }
        }
    }

    /// How a streamed response is read, after checking that nothing else of the endpoint reads the
    /// response whole: the events' type, a terminator only where events have data, no key,
    /// strategy, envelope, pagination or upload. A `bytes` stream's response is `Data`.
    mutating func resolveStream(
        _ value: Located<String>, of endpoint: SpecDocument.Endpoint, response: inout ResolvedAPI.Response,
        parameters: [ResolvedAPI.Parameter]
    ) -> ResolvedAPI.Stream? {
        var failed = false
        func reject(_ message: String, at location: SourceLocation) {
            diagnostics.error(message, at: location)
            failed = true
        }
        let terminator = endpoint.streamTerminator
        if let terminator, terminator.value.isEmpty { reject("'streamTerminator' cannot be empty", at: terminator.location) }
        let stream: ResolvedAPI.Stream
        switch value.value {
        case "sse", "jsonLines":
            let events = value.value == "sse" ? "a stream of server-sent events" : "a stream of JSON lines"
            switch response {
            case .json, .text:
                break
            case .void, .data, .raw:
                reject(
                    "\(events) needs a 'response': the type each \(value.value == "sse" ? "event's data" : "line") decodes to (a JSON type, or String for text), not \(endpoint.response?.value ?? "none")",
                    at: endpoint.response?.location ?? value.location)
            }
            stream = value.value == "sse" ? .serverSentEvents(terminator: terminator?.value) : .jsonLines(terminator: terminator?.value)
        case "bytes":
            switch response {
            case .void, .data: response = .data
            case .text, .raw, .json:
                reject(
                    "a 'bytes' stream hands on the body as chunks of Data: leave out 'response' or make it \"Data\", not \(endpoint.response?.value ?? "")",
                    at: endpoint.response?.location ?? value.location)
            }
            if let terminator { reject("'streamTerminator' needs a 'stream' of \"sse\" or \"jsonLines\", not \"bytes\"", at: terminator.location) }
            stream = .bytes
        default:
            reject("'stream' must be \"sse\", \"jsonLines\" or \"bytes\", not \(SwiftLiteral.string(value.value))", at: value.location)
            return nil
        }
        let readsWhole: [(String, SourceLocation?)] = [
            ("'responseKey'", endpoint.responseKey?.location), ("'arrayStrategy'", endpoint.arrayStrategy?.location),
            ("an envelope", endpoint.envelope?.location), ("pagination", endpoint.pagination?.location),
        ]
        for case let (what, location?) in readsWhole {
            reject("a streamed response is read event by event: it cannot have \(what)", at: location)
        }
        if parameters.contains(where: { if case .body(_, .upload) = $0.kind { true } else { false } }) {
            reject("a streamed response cannot come with an 'Upload' body, which would be read into memory and its progress never reported", at: value.location)
        }
        return failed ? nil : stream
    }

    /// The endpoint's description, and what its stream flag does.
    static func describing(_ flag: ResolvedAPI.StreamFlag?, after description: String?) -> String? {
        guard let flag else { return description }
        let name = flag.key == flag.swiftName ? "`\(flag.key)`" : "`\(flag.swiftName)` (`\(flag.key)`)"
        let note = "The request sends the body's \(name) as true, whatever the body holds: it asks the API for the stream."
        return [description, note].compactMap { $0 }.joined(separator: "\n\n")
    }

    /// `"streamFlag"`: the Bool property of a streamed endpoint's body (a model, always sent)
    /// that the request sets to true, as APIs that answer a request as a whole or as a stream
    /// ask (OpenAI's `"stream": true`). Nothing more is said when the body, its model or the
    /// property already failed: their own errors say what is wrong.
    mutating func resolveStreamFlag(
        _ value: Located<String>, of endpoint: SpecDocument.Endpoint, body: ResolvedAPI.Parameter?
    ) -> ResolvedAPI.StreamFlag? {
        guard !value.value.isEmpty else {
            diagnostics.error("'streamFlag' cannot be empty: it names a Bool property of the body's model", at: value.location)
            return nil
        }
        guard endpoint.stream != nil else {
            diagnostics.error("'streamFlag' asks the API for a stream: it needs a 'stream'", at: value.location)
            return nil
        }
        guard let written = endpoint.body else {
            diagnostics.error("'streamFlag' names a property of the body, and the endpoint has none", at: value.location)
            return nil
        }
        guard let body else { return nil }
        guard case .model(let name) = body.type, let structure = resolvedStructures[name] else {
            if case .model(let name) = body.type, case .structure? = model(named: name)?.kind { return nil }
            let reason = if case .optional = body.type { "an optional body, which is not always sent" } else { "not a model of properties" }
            diagnostics.error(
                "'streamFlag' names a property of the body's model, and the body is \(written.type.value.filter { $0 != " " }), \(reason)",
                at: value.location)
            return nil
        }
        guard let property = structure.properties.first(where: { $0.specName == value.value }) else {
            if declares(value.value, model: name) { return nil }
            var message = "model '\(name)' has no property '\(value.value)' for 'streamFlag'"
            if let hint = suggestion(for: value.value, among: structure.properties.map(\.specName)) { message += " (\(hint))" }
            diagnostics.error(message, at: value.location)
            return nil
        }
        guard property.type.unwrapped == .builtin(.bool) else {
            diagnostics.error(
                "'streamFlag' names a Bool property, which the request sets to true; '\(value.value)' of model '\(name)' is \(property.swiftType)",
                at: value.location)
            return nil
        }
        return .init(swiftName: property.swiftName, key: property.key, isNullable: property.isNullable)
    }

    /// Whether `model` or a model it is composed of declares a property named `name`.
    private func declares(_ name: String, model: String, seen: Set<String> = []) -> Bool {
        guard !seen.contains(model), let found = self.model(named: model) else { return false }
        if case .structure(let properties) = found.kind, properties.contains(where: { $0.name.value == name }) { return true }
        return found.allOf.contains { declares(name, model: $0.value, seen: seen.union([model])) }
    }

    /// What the app's `contentType` of an upload is, when the spec's cannot be sent as it is: a
    /// range (`image/*`), which names no one type, or a multipart type without the boundary
    /// that only the app's bytes know (Codat's `multipart/form-data` of bytes); nil otherwise.
    static func contentTypeTheAppGives(_ contentType: String) -> String? {
        let mediaType = mediaType(of: contentType)
        if mediaType.contains("*") {
            return "The media type of the bytes, one that `\(mediaType)` covers: the `Content-Type` sent."
        }
        let lowered = mediaType.lowercased()
        if lowered.hasPrefix("multipart/"), contentType.lowercased().ranges(of: "boundary=").isEmpty {
            return "The media type with the boundary the bytes use, `\(mediaType); boundary=…`: the `Content-Type` sent."
        }
        return nil
    }

    /// A text media type with the charset its bytes are in, UTF-8, where it names none: without
    /// one, a server may read `text/plain` as US-ASCII or Latin-1 and change every other letter.
    static func declaringUTF8(_ contentType: String) -> String {
        let lowered = contentType.lowercased()
        guard mediaType(of: lowered).hasPrefix("text/"), lowered.ranges(of: "charset=").isEmpty else { return contentType }
        return contentType + "; charset=utf-8"
    }

    /// Why a String cannot be sent as its UTF-8 text with `contentType`: a charset other than
    /// UTF-8 (`charset=iso-8859-1`), which would have the server read other letters; nil when it can.
    static func textCharsetProblem(_ contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, String(pair[0].filter { $0 != " " }).lowercased() == "charset" else { continue }
            let value = String(pair[1].filter { $0 != " " && $0 != "\"" }).lowercased()
            if value != "utf-8" && value != "utf8" { return "'charset=\(value)'" }
        }
        return nil
    }

    /// A body: JSON (any type), a form or multipart form (a model of simple fields), an upload,
    /// or a String sent as text. An optional body (`"Item?"`, `"Upload?"`) is left out when it is nil.
    mutating func resolveBody(_ body: SpecDocument.Body) -> ResolvedAPI.Parameter? {
        let encoding = body.encoding?.value ?? "json"
        let expression = try? TypeExpressionParser.parse(body.type.value)
        var uploadOptional: Bool?
        switch expression {
        case .named("Upload", _)?: uploadOptional = false
        case .optional(.named("Upload", _))?: uploadOptional = true
        default: break
        }
        if let uploadOptional {
            if let value = body.encoding, value.value != "json" {
                diagnostics.error("an upload is sent as it is; it takes no 'encoding'", at: value.location)
                return nil
            }
            if let key = body.key {
                diagnostics.error("an upload cannot be wrapped under a key", at: key.location)
                return nil
            }
            let contentType = body.contentType?.value ?? "application/octet-stream"
            if contentType.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) || !contentType.contains(where: { $0 != " " }) {
                diagnostics.error("'contentType' must be a media type on one line", at: body.contentType?.location ?? body.location)
                return nil
            }
            return .init(
                kind: .body(key: nil, encoding: .upload(contentType: contentType)),
                swiftName: SwiftNaming.memberName(body.swiftName?.value ?? "upload"),
                type: uploadOptional ? .optional(.uploadBody) : .uploadBody, description: nil)
        }
        // A String of another media type than JSON's is sent as its text (`text/plain`, `text/csv`).
        if let contentType = body.contentType, body.encoding == nil, body.key == nil, !Self.isJSONMediaType(contentType.value) {
            let optional: Bool? = switch expression {
            case .named("String", _)?: false
            case .optional(.named("String", _))?: true
            default: nil
            }
            if let optional {
                guard contentType.value.contains(where: { $0 != " " }),
                      !contentType.value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                    diagnostics.error("'contentType' must be a media type on one line", at: contentType.location)
                    return nil
                }
                if Self.contentTypeTheAppGives(contentType.value) != nil {
                    diagnostics.error("a String is sent as text of one media type, which '\(contentType.value)' does not name; "
                                      + "send bytes the app encodes as an upload (\"type\": \"Upload\")", at: contentType.location)
                    return nil
                }
                if let problem = Self.textCharsetProblem(contentType.value) {
                    diagnostics.error("a String is sent as its UTF-8 text, which \(problem) would mislabel; name no charset, or utf-8",
                                      at: contentType.location)
                    return nil
                }
                return .init(
                    kind: .body(key: nil, encoding: .text(contentType: Self.declaringUTF8(contentType.value))),
                    swiftName: SwiftNaming.memberName(body.swiftName?.value ?? "body"),
                    type: optional ? .optional(.builtin(.string)) : .builtin(.string), description: nil)
            }
        }
        if let contentType = body.contentType, encoding != "json" || !Self.isJSONMediaType(contentType.value) {
            diagnostics.error(
                "'contentType' is for uploads (\"type\": \"Upload\"), for a String sent as text (such as 'text/plain'), and for a JSON body of another JSON media type, such as 'application/merge-patch+json'",
                at: contentType.location)
            return nil
        }
        guard let type = resolveType(body.type) else { return nil }
        let defaultName: String
        if let key = body.key?.value {
            defaultName = key
        } else if case .model(let name) = type.unwrapped {
            defaultName = name
        } else {
            defaultName = "body"
        }
        let swiftName = SwiftNaming.memberName(body.swiftName?.value ?? defaultName)
        switch encoding {
        case "json":
            if type.containsDate {
                diagnostics.error("a Date in a body must be a model property, so that it has a date strategy", at: body.type.location)
                return nil
            }
            return .init(
                kind: .body(key: body.key?.value, encoding: .json(contentType: body.contentType?.value)), swiftName: swiftName, type: type,
                description: nil)
        case "form", "multipart":
            if let key = body.key {
                diagnostics.error("a \(encoding) body cannot be wrapped under a key", at: key.location)
                return nil
            }
            guard case .model(let name) = type.unwrapped, let model = model(named: name),
                  case .structure = model.kind
            else {
                diagnostics.error("a \(encoding) body must be a model whose properties are its fields, not \(type.swift)", at: body.type.location)
                return nil
            }
            let fields = formFields(of: name, allowingFiles: encoding == "multipart", at: body.type.location)
            guard let fields else { return nil }
            return .init(
                kind: .body(key: nil, encoding: encoding == "form" ? .form(fields) : .multipart(fields)),
                swiftName: swiftName, type: type, description: nil)
        default:
            unknownValue(body.encoding!, of: "body encoding", among: ["json", "form", "multipart"])
            return nil
        }
    }

    /// The fields of a form model: each a simple value or an array of one; in a multipart body
    /// also `Data` or `File` (or an array of them, a part per file), and any other type as JSON
    /// (an array a part per element, as OpenAPI sends one).
    mutating func formFields(of model: String, allowingFiles multipart: Bool, at location: SourceLocation) -> [ResolvedAPI.Parameter.FormField]? {
        guard let structure = resolvedStructures[model] else { return nil }
        var fields: [ResolvedAPI.Parameter.FormField] = []
        var failed = false
        if structure.additionalProperties != nil {
            diagnostics.error(
                "model '\(model)' keeps keys it does not declare (additionalProperties), which a form body does not send; use a model of declared properties",
                at: location)
            failed = true
        }
        for property in structure.properties {
            if property.isNullable || property.isRequired {
                diagnostics.error(
                    "property '\(property.key)' of model '\(model)' is \(property.isNullable ? "nullable" : "required and may be null"), and a form field cannot be null; make it \(property.isNullable ? "optional" : "a plain optional, without 'required'")",
                    at: location)
                failed = true
            }
            let type = property.type.unwrapped
            let isArray = if case .array = type { true } else { false }
            let element: TypeReference = if case .array(let element) = type { element } else { type }
            let isFile = element == .builtin(.data) || element == .builtin(.file)
            var value = ResolvedAPI.Parameter.FormField.Value.plain
            if case .optional = element {
                diagnostics.error(
                    "property '\(property.key)' of model '\(model)' is \(property.type.swift): a form field cannot be null; make the elements non-optional",
                    at: location)
                failed = true
            } else if isSentAsText(element) {
                // Text.
            } else if isFile && !multipart {
                diagnostics.error(
                    "property '\(property.key)' of model '\(model)' is \(property.type.swift): a form body sends text; use \"encoding\": \"multipart\" for files",
                    at: location)
                failed = true
            } else if !multipart {
                diagnostics.error(
                    "property '\(property.key)' of model '\(model)' is \(property.type.swift), which a form field cannot hold; use a String, "
                        + "number, Bool, UUID, URL, Date, enum, or an array of one (\"encoding\": \"multipart\" also sends files and JSON)",
                    at: location)
                failed = true
            } else if isFile {
                // A file, or a part per file.
            } else if element.contains(.builtin(.file)) {
                diagnostics.error(
                    "property '\(property.key)' of model '\(model)' is \(property.type.swift): a File can only be a multipart field or an element of an array that is one",
                    at: location)
                failed = true
            } else if element.containsDate {
                diagnostics.error(
                    "property '\(property.key)' of model '\(model)' is \(property.type.swift), sent as JSON: a Date in it must be a model property, so that it has a date strategy",
                    at: location)
                failed = true
            } else {
                value = isArray ? .jsonElements : .json
            }
            fields.append(.init(key: property.key, swiftName: property.swiftName, value: value))
        }
        return failed ? nil : fields
    }

    /// A pagination's style and the wire names of its position and page-size query items.
    mutating func resolvePagination(
        _ spec: SpecDocument.Pagination
    ) -> (style: ResolvedAPI.Pagination.Style, position: String, positionType: TypeReference, size: String?)? {
        let style: ResolvedAPI.Pagination.Style
        let positionName: String
        var sizeName: String?
        switch spec.style.value {
        case "link":
            style = .link
            positionName = "pageLink"
            sizeName = spec.sizeParameter?.value
        case "offset":
            style = .offset(total: spec.total?.value)
            positionName = spec.positionParameter?.value ?? "offset"
            sizeName = spec.sizeParameter?.value ?? "limit"
        case "page":
            style = .page(first: spec.firstPage?.value ?? 1, pageCount: spec.pageCount?.value)
            positionName = spec.positionParameter?.value ?? "page"
            sizeName = spec.sizeParameter?.value ?? "per_page"
        default:
            guard let next = spec.nextCursor else {
                diagnostics.error("cursor pagination needs 'nextCursor': the response field with the next page's cursor", at: spec.location)
                return nil
            }
            style = .cursor(next: next.value)
            positionName = spec.positionParameter?.value ?? "cursor"
            sizeName = spec.sizeParameter?.value
        }
        if spec.items == nil, let field = spec.total ?? spec.pageCount ?? spec.nextCursor {
            diagnostics.error(
                "'\(field.value)' is read from an object around the items: name the items' key with 'items'",
                at: field.location)
            return nil
        }
        for name in [spec.positionParameter, spec.sizeParameter, spec.items, spec.total, spec.pageCount, spec.nextCursor].compactMap({ $0 })
        where name.value.isEmpty {
            diagnostics.error("a pagination field needs a name", at: name.location)
            return nil
        }
        let positionType: TypeReference = switch style {
        case .cursor: .optional(.builtin(.string))
        case .link: .optional(.builtin(.url))
        case .offset, .page: .optional(.builtin(.int))
        }
        return (style, positionName, positionType, sizeName)
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

    static let pathCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/%".unicodeScalars)
    static let pathParameterNameCharacters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._".unicodeScalars)

    /// Characters a fixed query item may hold unencoded: a path's, and `?`, but not `+`, which
    /// some servers read as a space and others as a plus, nor `&` and `=`, which separate items.
    static let queryCharacters = pathCharacters.union(["?"]).subtracting(["+", "&", "="])

    /// The items of the query a path holds (`method=flickr.photos.search&format=json`),
    /// percent-decoded; nil after reporting what is wrong. An item without `=` has an empty value.
    mutating func parseFixedQuery(_ query: String, path: String, at location: SourceLocation) -> [ResolvedAPI.FixedQueryItem]? {
        var items: [ResolvedAPI.FixedQueryItem] = []
        var problems = 0
        func report(_ message: String) {
            diagnostics.error(message, at: location)
            problems += 1
        }
        /// `%XX` sequences decoded; nil after reporting one that is not a byte or not UTF-8, or
        /// a character that must be encoded.
        func decoded(_ written: Substring) -> String? {
            let scalars = Array(written.unicodeScalars)
            for (index, scalar) in scalars.enumerated() {
                if scalar == "%" {
                    guard index + 2 < scalars.count, scalars[index + 1].properties.isASCIIHexDigit, scalars[index + 2].properties.isASCIIHexDigit else {
                        report("'%' in the query of path '\(path)' must start a percent-encoded byte such as %20")
                        return nil
                    }
                    continue
                }
                guard Self.queryCharacters.contains(scalar) else {
                    let shown = scalar == " " ? "a space"
                        : scalar.properties.isWhitespace || CommentText.isUnsafe(scalar)
                            ? "U+\(String(scalar.value, radix: 16, uppercase: true))" : "'\(scalar)'"
                    let hint = scalar == "+" ? " (%20 for a space, %2B for a plus: servers read a bare '+' either way)"
                        : scalar == "{" || scalar == "}" ? " (a value the app gives is a query parameter: declare it in 'query')" : ""
                    report("the query of path '\(path)' contains \(shown), which must be percent-encoded\(hint)")
                    return nil
                }
            }
            let bytes = Self.percentDecodedBytes(written)
            let text = String(decoding: bytes, as: UTF8.self)
            guard text.utf8.elementsEqual(bytes) else {
                report("the query of path '\(path)' holds '\(written)', whose percent-encoded bytes are not UTF-8")
                return nil
            }
            return text
        }
        for item in query.split(separator: "&", omittingEmptySubsequences: false) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard !parts[0].isEmpty else {
                report("the query of path '\(path)' has an item without a name" + (query.isEmpty ? " (nothing after '?')" : ""))
                continue
            }
            guard let name = decoded(parts[0]), let value = parts.count > 1 ? decoded(parts[1]) : "" else { continue }
            items.append(.init(name: name, value: value))
        }
        return problems == 0 ? items : nil
    }

    /// `bytes` as URL text: each in `allowed` as it is, the others (and every non-ASCII byte) as `%XX`.
    static func percentEncoded(_ bytes: some Sequence<UInt8>, keeping allowed: Set<Unicode.Scalar>) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        for byte in bytes {
            if byte < 0x80, allowed.contains(Unicode.Scalar(byte)) {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// The bytes of URL query text: `%XX` sequences decoded (a `%` before anything else kept), `+` a space.
    static func percentDecodedBytes(_ text: Substring) -> [UInt8] {
        func hexValue(_ byte: UInt8) -> UInt8? {
            byte < 0x80 ? Character(Unicode.Scalar(byte)).hexDigitValue.map(UInt8.init) : nil
        }
        let written = Array(text.utf8)
        var bytes: [UInt8] = []
        var index = 0
        while index < written.count {
            let byte = written[index]
            if byte == UInt8(ascii: "%"), index + 2 < written.count, let high = hexValue(written[index + 1]), let low = hexValue(written[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return bytes
    }

    /// Splits a path template into literal text and `{parameter}`s. Literal text may hold only
    /// characters that are legal unencoded in a URL path, so it can be emitted as it is.
    mutating func parsePath(_ path: String, at location: SourceLocation) -> [ResolvedAPI.PathSegment]? {
        let allowed = Self.pathCharacters
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
                    let nameCharacters = Self.pathParameterNameCharacters
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
