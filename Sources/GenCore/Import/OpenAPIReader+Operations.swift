/// Operations: `paths` become endpoints, grouped into resources by their first tag;
/// `securitySchemes` and `security` become auth schemes and requirements; `servers` become
/// servers.
extension OpenAPIReader {
    /// A security scheme of the document and the auth scheme it became.
    struct ImportedScheme {
        /// The scheme's name in `components/securitySchemes`.
        var key: String
        var scheme: SpecDocument.AuthScheme
    }

    /// What an operation needs: no credential, or one scheme (by its spec name).
    enum Requirement: Equatable {
        case none
        case scheme(String)
    }

    // MARK: Security

    mutating func readSecuritySchemes(_ components: [JSONNode.Member]) -> [ImportedScheme] {
        guard let entry = member("securitySchemes", components), let schemes = Self.object(entry.value) else { return [] }
        var result: [ImportedScheme] = []
        for scheme in schemes {
            let pointer = Self.pointer("#/components/securitySchemes", scheme.key)
            guard let (node, _) = dereference(scheme.value, pointer: pointer), let fields = Self.object(node) else { continue }
            let type = member("type", fields).flatMap { Self.text($0.value) } ?? ""
            var description = Self.prose(member("description", fields)?.value)
            var kind: String
            var location: String?
            var fieldName: String?
            switch type {
            case "http":
                let httpScheme = member("scheme", fields).flatMap { Self.text($0.value) } ?? ""
                switch httpScheme.lowercased() {
                case "bearer": kind = "bearer"
                case "basic": kind = "basic"
                default:
                    unmapped("the HTTP auth scheme '\(httpScheme)' becomes a custom scheme, whose closure authorizes each request",
                             at: node, pointer: pointer)
                    kind = "custom"
                }
            case "apiKey":
                let place = member("in", fields).flatMap { Self.text($0.value) } ?? ""
                fieldName = member("name", fields).flatMap { Self.text($0.value) } ?? ""
                switch place {
                case "header", "query", "cookie":
                    kind = "apiKey"
                    location = place
                default:
                    unmapped("an API key in '\(place)' becomes a custom scheme, whose closure authorizes each request",
                             at: node, pointer: pointer)
                    kind = "custom"
                    fieldName = nil
                }
            case "oauth2", "openIdConnect":
                // The access token an OAuth 2 or OpenID Connect flow yields travels as a bearer token.
                kind = "bearer"
                let what = type == "oauth2" ? "An OAuth 2.0 access token" : "An OpenID Connect access token"
                description = description.map { "\($0)\n\n\(what), sent as a bearer token." } ?? "\(what), sent as a bearer token."
            case "mutualTLS":
                let reason = "mutual TLS is set up on the URL session, not per request"
                unmapped(reason + "; the scheme is left out", at: node, pointer: pointer)
                leftOutSchemes.append((scheme.key, reason))
                continue
            default:
                let reason = "the security scheme type '\(type)' is not known"
                unmapped(reason + "; the scheme is left out", at: node, pointer: pointer)
                leftOutSchemes.append((scheme.key, reason))
                continue
            }
            // The key names the scheme; one that cannot (`none`, a taken type name) gets `Scheme` after it.
            var name = scheme.key
            while name.lowercased() == "none" || takenTypeNames.contains(Resolver.withSuffix(SwiftNaming.typeName(name), "Auth").lowercased()) {
                name += "Scheme"
            }
            takenTypeNames.insert(Resolver.withSuffix(SwiftNaming.typeName(name), "Auth").lowercased())
            let fieldLocation = member("name", fields)?.value ?? node
            result.append(ImportedScheme(key: scheme.key, scheme: SpecDocument.AuthScheme(
                name: Located(value: name, location: scheme.keyLocation), pointer: pointer, description: description,
                type: Located(value: kind, location: member("type", fields)?.value.location ?? node.location),
                location: location.map { Located(value: $0, location: member("in", fields)?.value.location ?? node.location) },
                fieldName: fieldName.map { Located(value: $0, location: fieldLocation.location) })))
        }
        return result
    }

    /// The requirement of a document that declares security schemes and says `security` nowhere
    /// (Personio's declares its API key and never requires it), whose authors most likely left
    /// it out: the scheme the app names first in the configuration, which every operation then
    /// needs; without one, nil, and a warning says that no request sends a credential and how
    /// to name one.
    mutating func implicitRequirement(
        _ members: [JSONNode.Member], schemes: [ImportedScheme], operationSecurity: [JSONNode.Member?]
    ) -> Requirement? {
        guard !schemes.isEmpty, member("security", members) == nil, operationSecurity.allSatisfy({ $0 == nil }) else { return nil }
        if let preferred = preferredSchemes.lazy.compactMap({ key in schemes.first { $0.key == key } }).first {
            return .scheme(preferred.scheme.name.value)
        }
        let securitySchemes = member("components", members).flatMap { Self.object($0.value) }.flatMap { member("securitySchemes", $0) }
        unmapped("the document requires none of its security schemes (\(schemes.map { "'\($0.key)'" }.joined(separator: ", "))): it has no "
                 + "'security', so no request sends a credential; name the one every request needs in the configuration (--config), "
                 + "such as {\"auth\": [\"\(schemes[0].key)\"]}",
                 at: securitySchemes?.value.location ?? schemes[0].scheme.name.location, pointer: "#/components/securitySchemes")
        return nil
    }

    /// The requirement a `security` array states: the first scheme of its first alternative
    /// (an empty one, `{}`, means no credential), or of the first alternative that the app
    /// prefers (``preferredSchemes``). Alternatives and schemes that are not taken get a warning,
    /// unless the app chose among them.
    mutating func requirement(_ node: JSONNode, pointer: String, schemes: [ImportedScheme]) -> Requirement {
        guard let alternatives = Self.elements(node) else { return .none }
        let names = alternatives.map { (Self.object($0) ?? []).map(\.key) }
        /// Warns about schemes an alternative needs together, of which one is imported; schemes
        /// that all send a bearer token (Google's two OAuth flows) are one header, which one token serves.
        func warnIfTogether(_ offset: Int, importing taken: String) {
            let kinds = Set(names[offset].map { name in schemes.first { $0.key == name }?.scheme.type.value ?? name })
            guard names[offset].count > 1, kinds != ["bearer"] else { return }
            // What the app then sends itself (VTEX's `X-VTEX-API-AppToken` beside its app key).
            var inHeaders = true
            let others = names[offset].filter { $0 != taken }.map { name -> String in
                let scheme = schemes.first { $0.key == name }?.scheme
                guard let scheme, let place = scheme.location?.value, let field = scheme.fieldName?.value else {
                    // A bearer token or a user and password go in the Authorization header.
                    if let kind = scheme?.type.value, kind == "bearer" || kind == "basic" { return "the Authorization header ('\(name)')" }
                    inHeaders = false
                    return "the credential of '\(name)'"
                }
                if place != "header" { inHeaders = false }
                return "the \(place == "query" ? "query item" : place) '\(field)'"
            }
            unmapped("the requirement needs \(names[offset].map { "'\($0)'" }.joined(separator: " and ")) together, and an endpoint "
                     + "needs one scheme; '\(taken)' is imported, and the app sends \(others.joined(separator: " and ")) itself "
                     + (inHeaders ? "(in the client's default headers, or with a middleware)" : "(with a middleware)"),
                     at: alternatives[offset], pointer: pointer + "/\(offset)")
        }
        /// API keys an alternative needs together (VTEX's app key and app token): one scheme that
        /// sends them all, made once; nil when they are not all API keys.
        func together(_ offset: Int) -> Requirement? {
            let found = names[offset].compactMap { name in schemes.first { $0.key == name }?.scheme }
            guard names[offset].count > 1, found.count == names[offset].count,
                  found.allSatisfy({ $0.type.value == "apiKey" && $0.location != nil && $0.fieldName != nil }) else { return nil }
            let key = names[offset].joined(separator: "\u{0}")
            if let made = combinedSchemes.first(where: { $0.key == key }) { return .scheme(made.scheme.name.value) }
            var name = SwiftNaming.memberName(names[offset].joined(separator: " and "))
            while name.lowercased() == "none" || takenTypeNames.contains(Resolver.withSuffix(SwiftNaming.typeName(name), "Auth").lowercased()) {
                name += "Scheme"
            }
            takenTypeNames.insert(Resolver.withSuffix(SwiftNaming.typeName(name), "Auth").lowercased())
            let location = alternatives[offset].location
            combinedSchemes.append(ImportedScheme(key: key, scheme: SpecDocument.AuthScheme(
                name: Located(value: name, location: location), pointer: pointer + "/\(offset)",
                description: "The API keys \(names[offset].map { "'\($0)'" }.joined(separator: " and ")), sent together.",
                type: Located(value: "apiKeys", location: location),
                keys: found.map { SpecDocument.APIKeyField(node: location, location: $0.location, fieldName: $0.fieldName) })))
            return .scheme(name)
        }
        // The first alternative that holds a scheme the app prefers, in the order it prefers them.
        for preferred in preferredSchemes {
            // Of those that hold it, the one that needs the fewest schemes beside it.
            let holding = names.indices.filter { names[$0].contains(preferred) }
            guard let offset = holding.min(by: { names[$0].count < names[$1].count }), let scheme = schemes.first(where: { $0.key == preferred })
            else { continue }
            if let both = together(offset) { return both }
            warnIfTogether(offset, importing: preferred)
            return .scheme(scheme.scheme.name.value)
        }
        var chosen: Requirement?
        var others: [String] = []
        for (offset, alternative) in alternatives.enumerated() {
            let names = names[offset]
            if names.isEmpty {
                if chosen == nil { chosen = Requirement.none } else if chosen != Requirement.none { others.append("no credential") }
                continue
            }
            if let both = together(offset) {
                if chosen == nil { chosen = both } else if chosen != both { others.append(names.map { "'\($0)'" }.joined(separator: " and ")) }
                continue
            }
            warnIfTogether(offset, importing: names[0])
            guard let scheme = schemes.first(where: { $0.key == names[0] }) else {
                if !names.isEmpty, member(names[0], Self.object(alternative) ?? []) != nil {
                    // Once for the scheme, concerning every operation that asks for it. A scheme
                    // the document never declares has no warning of its own to see (Supabase's
                    // `oauth2`, found by a tester).
                    let declared = Self.object(root).flatMap { member("components", $0) }.flatMap { Self.object($0.value) }
                        .flatMap { member("securitySchemes", $0) }.flatMap { Self.object($0.value) }?.contains { $0.key == names[0] } ?? false
                    unmapped(declared ? "the security scheme '\(names[0])' is not imported (see its warning), so no credential is sent for it"
                                      : "no security scheme '\(names[0])' is declared in 'components/securitySchemes', so no credential is sent for it",
                             at: alternative, pointer: pointer + "/\(offset)", once: "scheme \u{0}" + names[0])
                }
                continue
            }
            // The same scheme again (with other scopes) is no other choice.
            let requirement = Requirement.scheme(scheme.scheme.name.value)
            if chosen == nil { chosen = requirement } else if chosen != requirement { others.append("'\(names[0])'") }
        }
        others = others.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        if !others.isEmpty, let chosen {
            // Keys needed together are named by the document's keys.
            let taken = if case .scheme(let name) = chosen {
                combinedSchemes.first { $0.scheme.name.value == name }.map { $0.key.split(separator: "\u{0}").map { "'\($0)'" }.joined(separator: " and ") }
                    ?? "'\(name)'"
            } else {
                "no credential"
            }
            // Once for the same choice, concerning every operation that offers it (Twitter's 60
            // operations that accept a bearer token or an OAuth 2 user token).
            let choice = "\(taken) or \(others.joined(separator: " or "))"
            unmapped("the operation accepts \(choice), and an endpoint needs one scheme; \(taken) is imported, here and in every "
                     + "operation that accepts the same (the configuration's 'auth' names the schemes the app holds)",
                     at: node, pointer: pointer, once: "choice \u{0}" + choice)
        }
        return chosen ?? .none
    }

    // MARK: Servers

    /// The document's servers: absolute URLs become servers (a variable's other `enum` values
    /// become servers of their own); a relative URL (`/api/v3`) becomes the resources' base path.
    mutating func readServers(_ members: [JSONNode.Member]) -> (servers: [(name: Located<String>, url: Located<String>)], basePath: Located<String>?) {
        guard let entry = member("servers", members), let list = Self.elements(entry.value) else { return ([], nil) }
        var servers: [(name: Located<String>, url: Located<String>)] = []
        var names: Set<String> = []
        var urls: Set<String> = []
        var basePath: Located<String>?
        for (index, node) in list.enumerated() {
            let pointer = "#/servers/\(index)"
            guard let fields = Self.object(node), let urlNode = member("url", fields)?.value, case .string(let template) = urlNode.value else {
                continue
            }
            let expansions = serverExpansions(template, fields)
            if expansions.contains(where: { $0.url.hasPrefix("http://") || $0.url.hasPrefix("https://") }) {
                warnOfFreeServerVariables(template, fields, pointer: pointer)
            }
            let description = Self.prose(member("description", fields)?.value)
            let base = description.flatMap { $0.count <= 40 && !SwiftNaming.memberName($0).isEmpty ? $0 : nil }
                ?? (list.count == 1 ? "server" : "server \(index + 1)")
            for expansion in expansions {
                var url = expansion.url
                if url.hasPrefix("http://") || url.hasPrefix("https://") {
                    while url.hasSuffix("/") { url.removeLast() }
                    guard Resolver.isValidServerURL(url) else {
                        unmapped("the server URL '\(url)' is not an absolute http or https URL with a host; it is left out",
                                 at: urlNode, pointer: pointer + "/url")
                        continue
                    }
                    guard urls.insert(url).inserted else { continue }
                    var name = base + expansion.suffix
                    // Two servers described alike (eBay's two `Production` hosts) are told apart
                    // by what differs in their URLs (`Production apiz`), then by a number.
                    if names.contains(SwiftNaming.memberName(name)) {
                        let words = servers.map { Self.serverWord(url, besides: $0.url.value) }
                        if let word = words.first(where: { !names.contains(SwiftNaming.memberName(name + " " + $0)) }) { name += " " + word }
                    }
                    var number = 2
                    while !names.insert(SwiftNaming.memberName(name)).inserted {
                        name = base + expansion.suffix + " \(number)"
                        number += 1
                    }
                    servers.append((Located(value: name, location: node.location), Located(value: url, location: urlNode.location)))
                } else if url.isEmpty || url.hasPrefix("/") {
                    while url.hasSuffix("/") { url.removeLast() }
                    if url.isEmpty { continue }
                    let absolute = list.contains { server in
                        guard let text = Self.object(server).flatMap({ member("url", $0) }).flatMap({ Self.text($0.value) }) else { return false }
                        return text.hasPrefix("http://") || text.hasPrefix("https://")
                    }
                    if absolute {
                        unmapped("the relative server URL '\(url)' is relative to where the document is served, which the import "
                                 + "does not know; the absolute servers are imported without it", at: urlNode, pointer: pointer + "/url")
                    } else if let basePath, basePath.value != url {
                        unmapped("the relative server URL '\(url)' differs from '\(basePath.value)', which is the base path of every "
                                 + "resource; it is left out", at: urlNode, pointer: pointer + "/url")
                    } else {
                        basePath = Located(value: url, location: urlNode.location)
                    }
                } else {
                    unmapped("the server URL '\(url)' is neither absolute (http or https) nor a path; it is left out",
                             at: urlNode, pointer: pointer + "/url")
                }
            }
        }
        return (servers, basePath)
    }

    /// A variable of an absolute server's URL that takes any value (Telegram's `bot{token}`, a
    /// tenant's host name): the URL is imported with its default, which the app may not want,
    /// so it is said, with how to use another.
    private mutating func warnOfFreeServerVariables(_ template: String, _ fields: [JSONNode.Member], pointer: String) {
        for variable in member("variables", fields).flatMap({ Self.object($0.value) }) ?? [] where template.contains("{\(variable.key)}") {
            let variableFields = Self.object(variable.value) ?? []
            guard member("enum", variableFields) == nil else { continue }
            let value = member("default", variableFields).flatMap { Self.text($0.value) } ?? ""
            unmapped("the server variable '\(variable.key)' takes any value, and the server's URL is imported with its default "
                     + "'\(value)'; an app that needs another value gives the client its own base URL",
                     at: variable.value, pointer: Self.pointer(pointer + "/variables", variable.key))
        }
    }

    /// A server object's variables, in order: each one's values, its default first, then the
    /// other values its `enum` lists.
    func serverVariables(_ fields: [JSONNode.Member]) -> [(name: String, values: [String])] {
        (member("variables", fields).flatMap { Self.object($0.value) } ?? []).map { variable in
            let variableFields = Self.object(variable.value) ?? []
            let value = member("default", variableFields).flatMap { Self.text($0.value) } ?? ""
            let others = (member("enum", variableFields).flatMap { Self.elements($0.value) } ?? []).compactMap { Self.text($0) }
            return (variable.key, [value] + others.filter { $0 != value })
        }
    }

    /// The URLs a server object stands for: its template with each variable's default, then one
    /// for each other value of the first variable that lists another (named by a suffix).
    func serverExpansions(_ template: String, _ fields: [JSONNode.Member]) -> [(suffix: String, url: String)] {
        let variables = serverVariables(fields)
        let defaults = Dictionary(variables.map { ($0.name, $0.values[0]) }, uniquingKeysWith: { first, _ in first })
        var expansions = [(suffix: "", url: Self.substitute(template, defaults))]
        if let alternative = variables.first(where: { $0.values.count > 1 }) {
            for value in alternative.values.dropFirst() {
                expansions.append((" " + value, Self.substitute(template, defaults.merging([alternative.name: value]) { $1 })))
            }
        }
        return expansions
    }

    /// The URLs a server object stands for with each variable at each of its values, the
    /// defaults first (at most 64): what a path's servers are matched against the API's by.
    func everyExpansion(_ template: String, _ fields: [JSONNode.Member]) -> [String] {
        var choices: [[String: String]] = [[:]]
        for variable in serverVariables(fields) {
            choices = Array(choices.flatMap { chosen in variable.values.map { chosen.merging([variable.name: $0]) { $1 } } }.prefix(64))
        }
        return choices.map { Self.substitute(template, $0) }
    }

    /// A server URL template with its variables replaced.
    static func substitute(_ template: String, _ values: [String: String]) -> String {
        var result = ""
        var variable: String?
        for character in template {
            if var name = variable {
                if character == "}" {
                    result += values[name] ?? "{\(name)}"
                    variable = nil
                } else {
                    name.append(character)
                    variable = name
                }
            } else if character == "{" {
                variable = ""
            } else {
                result.append(character)
            }
        }
        if let variable { result += "{" + variable }
        return result
    }

    /// The absolute URLs a `servers` list stands for, as the document's servers are read (each
    /// variable's other `enum` values too), without a trailing slash, each once; nil when one is
    /// not an absolute http or https URL.
    func serverURLs(_ list: [JSONNode]) -> [String]? {
        var urls: [String] = []
        for node in list {
            guard let fields = Self.object(node), let template = member("url", fields).flatMap({ Self.text($0.value) }) else { return nil }
            for expansion in everyExpansion(template, fields) {
                var url = expansion
                while url.hasSuffix("/") { url.removeLast() }
                guard url.hasPrefix("http://") || url.hasPrefix("https://"), Resolver.isValidServerURL(url) else { return nil }
                if !urls.contains(url) { urls.append(url) }
            }
        }
        return urls
    }

    /// Where the endpoints of a path or an operation with `servers` of its own live: their base URL
    /// on each of the API's servers, as a resource on another server gives it. Empty when they live
    /// on the API's servers: the same list, or one that cannot be placed (with a warning).
    mutating func placement(
        _ node: JSONNode, pointer: String, api: [(name: Located<String>, url: Located<String>)], concerns: [String]
    ) -> [(name: Located<String>, url: Located<String>)] {
        guard let list = Self.elements(node), !list.isEmpty else { return [] }
        guard let urls = serverURLs(list) else {
            unmapped("servers that are not absolute http or https URLs are not imported; the endpoints use the API's servers",
                     at: node, pointer: pointer, concerns: concerns, once: "servers " + pointer)
            return []
        }
        // The API's own servers, in any order.
        guard Set(urls) != Set(api.map(\.url.value)) else { return [] }
        // Each server of the API gets the one of these most like it (`{region}` of the API's and
        // of the path's servers, value by value), or one for all.
        guard !api.isEmpty else {
            unmapped("servers of one path or operation are imported beside absolute servers of the API, which this document does "
                     + "not have; the endpoints use the API's base URL", at: node, pointer: pointer, concerns: concerns,
                     once: "servers " + pointer)
            return []
        }
        return api.enumerated().map { index, server in
            (server.name, Located(value: Self.likest(urls, to: server.url.value, at: index), location: node.location))
        }
    }

    /// Of `urls`, the one most like `url`: the most host labels and path segments in common
    /// (`eu.rest.example.com` for `eu.api.example.com`, `auth.dev.example.com` for
    /// `dev.example.com/v1`); among equals the one at `index`, else the first.
    static func likest(_ urls: [String], to url: String, at index: Int) -> String {
        func parts(_ url: String) -> [Substring] {
            let (labels, segments) = urlParts(url)
            return labels + segments
        }
        let target = parts(url)
        func score(_ candidate: String) -> Int {
            var remaining = target
            var common = 0
            for part in parts(candidate) {
                if let found = remaining.firstIndex(of: part) { remaining.remove(at: found); common += 1 }
            }
            return common
        }
        var best = urls[0], bestScore = (score(urls[0]), index == 0)
        for (offset, candidate) in urls.enumerated().dropFirst() {
            let candidateScore = (score(candidate), offset == index)
            if candidateScore.0 > bestScore.0 || (candidateScore.0 == bestScore.0 && candidateScore.1 && !bestScore.1) {
                (best, bestScore) = (candidate, candidateScore)
            }
        }
        return best
    }

    /// A word for a resource on another server: the first label of its host that differs from
    /// the API's (`rest` for rest.example.com beside api.example.com, or us.rest beside us.api),
    /// else its last path segment.
    static func serverWord(_ url: String, besides api: String?) -> String {
        let (labels, segments) = urlParts(url)
        let other = api.map { urlParts($0).labels } ?? []
        if let index = labels.indices.first(where: { $0 >= other.count || labels[$0] != other[$0] }) { return String(labels[index]) }
        return segments.last.map(String.init) ?? "server"
    }

    /// An absolute server URL's host labels (without the port) and path segments:
    /// `https://eu.api.example.com:8443/v1` → `[eu, api, example, com]`, `[v1]`.
    static func urlParts(_ url: String) -> (labels: [Substring], segments: [Substring]) {
        let rest = url.split(separator: "/").dropFirst()
        let host = rest.first.map { $0.split(separator: ":")[0] } ?? ""
        return (host.split(separator: "."), Array(rest.dropFirst()))
    }

    // MARK: Paths

    /// One endpoint on its way into a resource.
    struct ImportedEndpoint {
        var tag: String
        var requirement: Requirement
        var endpoint: SpecDocument.Endpoint
        /// The endpoint's own base URL on each of the API's servers; empty on the API's own.
        var servers: [(name: Located<String>, url: Located<String>)] = []
        var serversLocation: SourceLocation?
        var serverURLs: [String] { servers.map(\.url.value) }
    }

    static let operationMethods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// The operation's first tag that names something, which names its resource; nil without
    /// one. A tag that names nothing (Bungie's `""`, found by a tester: a resource
    /// `ValueService`) is passed over, said once.
    private mutating func operationTag(_ fields: [JSONNode.Member], pointer: String) -> String? {
        for (offset, node) in (member("tags", fields).flatMap { Self.elements($0.value) } ?? []).enumerated() {
            guard let tag = Self.text(node) else { continue }
            if tag.contains(where: { $0.isLetter || $0.isNumber }) { return tag }
            unmapped("the tag '\(tag)' names nothing; its operations are imported into another tag's resource or the API's own",
                     at: node, pointer: pointer + "/tags/\(offset)", once: "empty tag \u{0}" + tag)
        }
        return nil
    }

    /// Every operation, as endpoints in resources: one per tag (the first of each operation), in
    /// the order of the document's `tags` and then of first use; untagged operations go into a
    /// resource named after the API. A tag whose operations need different schemes is split, one
    /// resource per scheme, since a live service holds one client, and so is one whose operations
    /// live on other servers (`servers` of a path or an operation), one resource per set of servers.
    mutating func readPaths(
        _ members: [JSONNode.Member], authSchemes: [ImportedScheme], apiName: String, servers: [(name: Located<String>, url: Located<String>)]
    ) -> (resources: [SpecDocument.Resource], defaultAuth: Requirement) {
        // The document's requirement, read (and warned about) only when an operation takes it:
        // apideck's every operation states its own.
        // Each operation's own `security`, nil where it states none.
        var operationSecurity: [JSONNode.Member?] = []
        for path in member("paths", members).flatMap({ Self.object($0.value) }) ?? [] {
            guard let item = dereference(path.value, pointer: Self.pointer("#/paths", path.key)).flatMap({ Self.object($0.0) }) else { continue }
            for method in Self.operationMethods {
                guard let operation = member(method, item).flatMap({ Self.object($0.value) }) else { continue }
                operationSecurity.append(member("security", operation))
            }
        }
        let inherits = operationSecurity.contains { $0 == nil }
        let implicit = implicitRequirement(members, schemes: authSchemes, operationSecurity: operationSecurity)
        let defaultRequirement = inherits
            ? member("security", members).map { requirement($0.value, pointer: "#/security", schemes: authSchemes) } ?? implicit ?? .none : .none
        findSharedParameterEnums(member("paths", members).flatMap { Self.object($0.value) } ?? [])
        var tagDescriptions: [String: String] = [:]
        var tagOrder: [String] = []
        // Tags that differ only in case or in the separators between words (eBay's `order` and
        // `Order`, `payment_dispute` and `payment-dispute`) name one resource, spelt as the first
        // of them, not a second one numbered `Order2Service`. (`C` and `C++` stay two.)
        var tagSpellings: [String: String] = [:]
        func spelling(of tag: String) -> String {
            let key = String(tag.lowercased().unicodeScalars.filter { !" -_.".unicodeScalars.contains($0) })
            if let first = tagSpellings[key] { return first }
            tagSpellings[key] = tag
            tagOrder.append(tag)
            return tag
        }
        for tag in member("tags", members).flatMap({ Self.elements($0.value) }) ?? [] {
            guard let fields = Self.object(tag), let name = member("name", fields).flatMap({ Self.text($0.value) }) else { continue }
            let resource = spelling(of: name)
            if tagDescriptions[resource] == nil, let description = Self.prose(member("description", fields)?.value) {
                tagDescriptions[resource] = description
            }
        }
        var imported: [ImportedEndpoint] = []
        // The endpoints (by index in `imported`) whose success response is offered as a stream too.
        var twins: [(index: Int, twin: (stream: String, element: String, location: SourceLocation))] = []
        // An endpoint type must not hide a runtime type (`idempotent` would be `IdempotentEndpoint`).
        var endpointTypeNames = Set(Resolver.reservedTypeNames.map { $0.lowercased() })
        let paths = member("paths", members).flatMap { Self.object($0.value) } ?? []
        for path in paths {
            let pathPointer = Self.pointer("#/paths", path.key)
            guard let (pathNode, _) = dereference(path.value, pointer: pathPointer), let item = Self.object(pathNode) else { continue }
            // What the path item holds beside its operations concerns each operation it imports.
            let operations = Self.operationMethods.filter { $0 != "options" && $0 != "trace" && member($0, item) != nil }
                .map { pathPointer + "/" + $0 }
            // Box's `/files/{file_id}#add_shared_link` (found by a tester): a fragment, which a
            // request never sends; kept, it went out as `%23add_shared_link` in the path.
            var pathKey = path.key
            if let hash = pathKey.firstIndex(of: "#") {
                unmapped("'\(pathKey[hash...])' is a URL fragment, which a request does not send; the path is '\(pathKey[..<hash])'",
                         at: path.value, pointer: pathPointer, concerns: operations)
                pathKey = String(pathKey[..<hash])
            }
            for method in Self.operationMethods {
                guard let operation = member(method, item) else { continue }
                let pointer = pathPointer + "/" + method
                if method == "options" || method == "trace" {
                    unmapped("\(method.uppercased()) operations are not imported: endpoints are GET, POST, PUT, PATCH, DELETE or HEAD",
                             at: operation.value, pointer: pointer, concerns: operations)
                    continue
                }
                guard let fields = Self.object(operation.value) else { continue }
                let tag = spelling(of: operationTag(fields, pointer: pointer) ?? apiName)
                // What is read from here on, its security included, concerns this operation's endpoint.
                reading.append(pointer)
                let requirement = member("security", fields).map { self.requirement($0.value, pointer: pointer + "/security", schemes: authSchemes) }
                    ?? defaultRequirement
                streamTwin = nil
                credentialFields = []
                if case .scheme(let name) = requirement,
                   let scheme = (authSchemes + combinedSchemes).first(where: { $0.scheme.name.value == name })?.scheme {
                    for key in scheme.keys ?? [SpecDocument.APIKeyField(node: scheme.type.location, location: scheme.location, fieldName: scheme.fieldName)] {
                        if let place = key.location?.value, let field = key.fieldName?.value { credentialFields.append((place, field)) }
                    }
                }
                var endpoint = readOperation(
                    fields, node: operation.value, method: method, path: pathKey, pathLocation: path.keyLocation,
                    pathItem: item, pathPointer: pathPointer, pointer: pointer)
                reading.removeLast()
                uniqueEndpointName(&endpoint, fields: fields, taken: &endpointTypeNames)
                if requirement != defaultRequirement {
                    let value = if case .scheme(let name) = requirement { name } else { "none" }
                    endpoint.auth = Located(value: value, location: operation.value.location)
                }
                var entry = ImportedEndpoint(tag: tag, requirement: requirement, endpoint: endpoint)
                // The operation's own servers (an empty list is none), or else its path's.
                let own = member("servers", fields).flatMap { Self.elements($0.value)?.isEmpty == false ? ($0.value, pointer, [pointer]) : nil }
                if let (list, place, concerns) = own ?? member("servers", item).map({ ($0.value, pathPointer, operations) }) {
                    entry.servers = placement(list, pointer: place + "/servers", api: servers, concerns: concerns)
                    entry.serversLocation = entry.servers.isEmpty ? nil : list.location
                }
                imported.append(entry)
                if let twin = streamTwin {
                    if Self.uploadsBytes(endpoint) {
                        unmapped("the stream the response also offers is not imported: a streamed response cannot come with an 'Upload' "
                                 + "body (bytes the app encodes); the endpoint reads the JSON answer", at: twin.location, pointer: pointer,
                                 concerns: [pointer])
                    } else {
                        twins.append((imported.count - 1, twin))
                    }
                }
            }
        }
        // Streamed twins are named once every operation has its name: the document's names first.
        let streamed = twins.map { index, twin in
            var streamed = imported[index]
            streamed.endpoint = streamedTwin(of: streamed.endpoint, twin, taken: &endpointTypeNames)
            return (index, streamed)
        }
        for (index, twin) in streamed.reversed() { imported.insert(twin, at: index + 1) }
        var resources: [SpecDocument.Resource] = []
        var resourceNames: Set<String> = []
        for tag in tagOrder {
            let endpoints = imported.filter { $0.tag == tag }
            guard !endpoints.isEmpty else { continue }
            var groups: [(requirement: Requirement, first: ImportedEndpoint, endpoints: [SpecDocument.Endpoint])] = []
            for endpoint in endpoints {
                // Endpoints that need no credential fit in any group on their servers.
                let key: Requirement = endpoint.requirement == .none
                    ? (groups.first { $0.first.serverURLs == endpoint.serverURLs }?.requirement ?? .none) : endpoint.requirement
                if let index = groups.firstIndex(where: {
                    $0.first.serverURLs == endpoint.serverURLs && ($0.requirement == key || $0.requirement == .none)
                }) {
                    if groups[index].requirement == .none { groups[index].requirement = key }
                    groups[index].endpoints.append(endpoint.endpoint)
                } else {
                    groups.append((key, endpoint, [endpoint.endpoint]))
                }
            }
            for (offset, group) in groups.enumerated() {
                // Named by what sets it apart from the tag's other resources: its server, its scheme.
                var name = tag
                if let url = group.first.servers.first?.url.value, groups.contains(where: { $0.first.serverURLs != group.first.serverURLs }) {
                    name += " " + Self.serverWord(url, besides: servers.first?.url.value)
                }
                if groups[..<offset].contains(where: { $0.first.serverURLs == group.first.serverURLs }), case .scheme(let scheme) = group.requirement {
                    name += " " + scheme
                }
                var number = 2
                while !resourceNames.insert(SwiftNaming.typeName(name).lowercased()).inserted
                        || takenTypeNames.contains(Resolver.withSuffix(SwiftNaming.typeName(name), "Service").lowercased()) {
                    name = tag + " \(number)"
                    number += 1
                }
                let location = group.endpoints[0].location
                // Endpoints that all need the same scheme, other than the default: the resource says it once.
                var endpoints = group.endpoints
                var auth: Located<String>?
                if let first = endpoints[0].auth, endpoints.allSatisfy({ $0.auth?.value == first.value }) {
                    auth = first
                    for index in endpoints.indices { endpoints[index].auth = nil }
                }
                resources.append(SpecDocument.Resource(
                    name: Located(value: name, location: location), pointer: "#/paths", description: tagDescriptions[tag], path: nil,
                    auth: auth, servers: group.first.servers, serversLocation: group.first.serversLocation, endpoints: endpoints))
            }
        }
        return (resources, defaultRequirement)
    }

    /// The endpoint's name: its `operationId`, or the name the method and path give; a number
    /// after one whose endpoint type another endpoint has already.
    private func uniqueEndpointName(_ endpoint: inout SpecDocument.Endpoint, fields: [JSONNode.Member], taken: inout Set<String>) {
        let method = endpoint.method.value
        let written = member("operationId", fields).flatMap { Self.located($0.value) }.flatMap { SwiftNaming.memberName($0.value).isEmpty ? nil : $0 }
        let base = written.map { SwiftNaming.memberName($0.value) } ?? Resolver.derivedName(method: method, segments: Self.nameSegments(endpoint.path.value))
        var name = base
        var number = 2
        while !taken.insert((SwiftNaming.typeName(ofMember: name == base ? written?.value ?? name : name) + "Endpoint").lowercased()).inserted
                || Resolver.endpointMemberNames.contains(name) {
            name = base + String(number)
            number += 1
        }
        if let written, name == base {
            endpoint.name = written
        } else if name != base || written != nil {
            endpoint.name = Located(value: name, location: written?.location ?? endpoint.location)
        }
    }

    /// The endpoint that sends `endpoint`'s request and reads the stream its success response
    /// also offers: named after it (`createChatCompletionStream`), its response the stream's
    /// elements, its `Accept` the stream's.
    private func streamedTwin(
        of endpoint: SpecDocument.Endpoint, _ twin: (stream: String, element: String, location: SourceLocation),
        taken: inout Set<String>
    ) -> SpecDocument.Endpoint {
        var streamed = endpoint
        let original = endpoint.name?.value ?? Resolver.derivedName(method: endpoint.method.value, segments: Self.nameSegments(endpoint.path.value))
        let base = original + "Stream"
        var name = base
        var number = 2
        while !taken.insert((SwiftNaming.typeName(name) + "Endpoint").lowercased()).inserted || Resolver.endpointMemberNames.contains(name) {
            name = base + String(number)
            number += 1
        }
        streamed.name = Located(value: name, location: twin.location)
        streamed.stream = Located(value: twin.stream, location: twin.location)
        streamed.response = Located(value: twin.element, location: twin.location)
        streamed.accept = nil
        // A body that says whether to stream (OpenAI's `"stream": true`): the twin's request sets it.
        if let body = endpoint.body?.type.value, let flag = boolProperty(keyed: "stream", of: body) {
            streamed.streamFlag = Located(value: flag, location: twin.location)
        }
        let what = twin.stream == "sse" ? "server-sent events" : "JSON lines"
        var note = "The answer of `\(SwiftNaming.memberName(original))` as a stream of \(what), read as they arrive."
        if streamed.streamFlag == nil {
            note += " The API streams when the request asks for it (often a field of the body, such as `stream`)."
        }
        streamed.description = [endpoint.description, note].compactMap { $0 }.joined(separator: "\n\n")
        return streamed
    }

    /// Whether the endpoint's body is an upload (`Upload` or `Upload?`), which a streamed
    /// endpoint cannot send.
    static func uploadsBytes(_ endpoint: SpecDocument.Endpoint) -> Bool {
        ["Upload", "Upload?"].contains(endpoint.body?.type.value)
    }

    /// The name of `model`'s Bool property (its own or a base's) whose JSON key is `key`.
    private func boolProperty(keyed key: String, of model: String, seen: Set<String> = []) -> String? {
        guard !seen.contains(model), let index = modelIndex[model], let found = models[index] else { return nil }
        if case .structure(let properties) = found.kind,
           let property = properties.first(where: { ($0.key?.value ?? $0.name.value) == key }) {
            return ["Bool", "Bool?"].contains(property.type.value) ? property.name.value : nil
        }
        for base in found.allOf {
            if let name = boolProperty(keyed: key, of: base.value, seen: seen.union([model])) { return name }
        }
        return nil
    }

    /// What a name is derived from, as the resolver derives it: the path's literal text and
    /// `{parameters}`, then the words of each item of a query it holds, decoded, but for
    /// placeholders (`q={term}`), which become parameters.
    static func nameSegments(_ path: String) -> [ResolvedAPI.PathSegment] {
        guard let mark = path.firstIndex(of: "?") else { return segments(path) }
        var result = segments(String(path[..<mark]))
        for item in path[path.index(after: mark)...].split(separator: "&") {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let value = parts.count > 1 ? percentDecodedQueryText(parts[1]) : ""
            guard !(value.hasPrefix("{") && value.hasSuffix("}")) else { continue }
            result.append(.literal(percentDecodedQueryText(parts[0]) + " " + value))
        }
        return result
    }

    /// A path template's literal text and `{parameters}`, for deriving names.
    static func segments(_ path: String) -> [ResolvedAPI.PathSegment] {
        var segments: [ResolvedAPI.PathSegment] = []
        var literal = ""
        var parameter: String?
        for character in path {
            if var name = parameter {
                if character == "}" {
                    segments.append(.parameter(name))
                    parameter = nil
                } else {
                    name.append(character)
                    parameter = name
                }
            } else if character == "{" {
                if !literal.isEmpty { segments.append(.literal(literal)) }
                literal = ""
                parameter = ""
            } else {
                literal.append(character)
            }
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        return segments
    }

    // MARK: Operations

    private mutating func readOperation(
        _ fields: [JSONNode.Member], node: JSONNode, method: String, path: String, pathLocation: SourceLocation,
        pathItem: [JSONNode.Member], pathPointer: String, pointer: String
    ) -> SpecDocument.Endpoint {
        let operationName = member("operationId", fields).flatMap { Self.text($0.value) }.map { SwiftNaming.typeName(ofMember: $0) }
            ?? SwiftNaming.typeName(Resolver.derivedName(method: method.uppercased(), segments: Self.nameSegments(path)))
        var endpoint = SpecDocument.Endpoint(
            location: node.location, pointer: pointer, name: nil,
            method: Located(value: method.uppercased(), location: node.location), path: Located(value: path, location: pathLocation),
            description: nil, deprecated: nil, pathParameters: [], query: [], headers: [], cookies: [], body: nil, response: nil,
            responseKey: nil, arrayStrategy: nil, stream: nil, streamTerminator: nil, auth: nil, errorResponse: nil, envelope: nil,
            pagination: nil)
        let summary = Self.prose(member("summary", fields)?.value)
        let description = Self.prose(member("description", fields)?.value)
        let pathSummary = Self.prose(member("summary", pathItem)?.value)
        let pathDescription = Self.prose(member("description", pathItem)?.value)
        // A summary that the description repeats (or begins with) is said once.
        var texts = [summary ?? pathSummary, description ?? pathDescription].compactMap { $0 }.filter { !$0.isEmpty }
        if texts.count == 2, texts[1].hasPrefix(texts[0]),
           texts[1].dropFirst(texts[0].count).first.map({ !$0.isLetter && !$0.isNumber }) ?? true {
            texts.removeFirst()
        }
        endpoint.description = texts.isEmpty ? nil : texts.joined(separator: "\n\n")
        if Self.bool(member("deprecated", fields)?.value) { endpoint.deprecated = "" }
        if let entry = member("callbacks", fields) {
            unmapped("callbacks (requests the API sends back) are not imported; the endpoint is imported without them", at: entry.value,
                     pointer: pointer + "/callbacks")
        }

        renamePlaceholders(&endpoint)
        readParameters(&endpoint, fields: fields, pathItem: pathItem, pathPointer: pathPointer, pointer: pointer, operationName: operationName)
        if let body = member("requestBody", fields) {
            if method == "get" || method == "head" {
                unmapped("a \(method.uppercased()) request has no body in the spec format; the body is left out", at: body.value,
                         pointer: pointer + "/requestBody")
            } else {
                endpoint.body = readBody(body.value, pointer: pointer + "/requestBody", operationName: operationName)
            }
        }
        if let body = endpoint.body {
            claimBodyName(&endpoint, body: body)
        }
        if let responses = member("responses", fields) {
            readResponses(&endpoint, responses.value, pointer: pointer + "/responses", operationName: operationName)
        }
        if let stream = endpoint.stream, Self.uploadsBytes(endpoint) {
            unmapped("a streamed response cannot come with an 'Upload' body (bytes the app encodes); the response is read whole, as text",
                     at: stream.location, pointer: pointer + "/responses")
            endpoint.stream = nil
            endpoint.response = Located(value: "String", location: stream.location)
        }
        return endpoint
    }

    /// Literal path text with what a URL path cannot hold unencoded (a space, `[`, `|`,
    /// non-ASCII) percent-encoded as UTF-8; `%` is kept, as text already encoded.
    static func percentEncodedPathText(_ text: String) -> String {
        Resolver.percentEncoded(text.utf8, keeping: Resolver.pathCharacters)
    }

    // MARK: Parameters

    /// A placeholder's name is only a name: one the spec format does not take (`{a b}`) becomes
    /// one it does (`{a_b}`), in the path and in its parameter.
    private mutating func renamePlaceholders(_ endpoint: inout SpecDocument.Endpoint) {
        placeholderNames = [:]
        let allowed = Resolver.pathParameterNameCharacters
        var path = ""
        var taken: Set<String> = []
        // A query in the path (`/responses?beta=true`) stays as it is: its items become query
        // parameters once the parameters are read.
        let written = endpoint.path.value
        let query = written.firstIndex(of: "?").map { String(written[$0...]) } ?? ""
        for segment in Self.segments(String(written.dropLast(query.count))) {
            switch segment {
            case .literal(let text): path += Self.percentEncodedPathText(text)
            case .parameter(let name):
                var renamed = name
                if name.isEmpty || !name.unicodeScalars.allSatisfy(allowed.contains) {
                    var base = String(String.UnicodeScalarView(name.unicodeScalars.map { allowed.contains($0) ? $0 : "_" }))
                    if base.isEmpty { base = "parameter" }
                    renamed = base
                    var number = 2
                    while taken.contains(renamed) {
                        renamed = base + "\(number)"
                        number += 1
                    }
                    placeholderNames[name] = renamed
                }
                taken.insert(renamed)
                path += "{" + renamed + "}"
            }
        }
        endpoint.path.value = path + query
    }

    /// What makes two inline parameter enums one: the parameter's place and name, and the enum's
    /// type and values in order. An array's enum is its items' (PTV's `expand`, `items: {enum:
    /// […]}`; an `enum` beside the items was given to them: `OpenAPIImport.repaired`).
    struct SharedParameterEnum: Hashable {
        var place: String
        var name: String
        var inItems: Bool
        var type: String
        var values: String

        /// The model's name when it is named after the parameter alone.
        var typeName: String { SwiftNaming.typeName(name) + (inItems ? "Item" : "") }

        /// Where the enum is read below the parameter: its schema, or its items.
        func pointer(below parameter: String) -> String { parameter + (inItems ? "/schema/items" : "/schema") }
    }

    /// The shared enum a parameter's schema would be; nil for one whose schema is no inline enum.
    func sharedParameterEnum(_ parameter: [JSONNode.Member]) -> SharedParameterEnum? {
        guard let name = member("name", parameter).flatMap({ Self.text($0.value) }),
              let place = member("in", parameter).flatMap({ Self.text($0.value) }),
              var schema = member("schema", parameter).flatMap({ Self.object($0.value) }), member("$ref", schema) == nil else { return nil }
        let items = member("items", schema).flatMap { Self.object($0.value) }
        if let items {
            guard member("$ref", items) == nil else { return nil }
            schema = items
        }
        guard let values = member("enum", schema), Self.elements(values.value)?.count ?? 0 > 1 else { return nil }
        return SharedParameterEnum(place: place, name: name, inItems: items != nil,
                                   type: member("type", schema).map { SpecWriter.oneLine($0.value) } ?? "", values: SpecWriter.oneLine(values.value))
    }

    /// The inline parameter enums that operations of more than one path declare alike.
    private mutating func findSharedParameterEnums(_ paths: [JSONNode.Member]) {
        var pathsByEnum: [SharedParameterEnum: Set<String>] = [:]
        for path in paths {
            guard let item = Self.object(path.value) else { continue }
            let lists = [member("parameters", item)] + Self.operationMethods.map { member($0, item).flatMap { Self.object($0.value) }.flatMap { member("parameters", $0) } }
            for element in lists.compactMap({ $0.flatMap { Self.elements($0.value) } }).joined() {
                guard let parameter = Self.object(element), let shared = sharedParameterEnum(parameter) else { continue }
                pathsByEnum[shared, default: []].insert(path.key)
            }
        }
        sharedParameterEnumKeys = Set(pathsByEnum.filter { $0.value.count > 1 }.keys)
        // Named after the parameter alone where that name is free: no other shared enum would take
        // it (Discourse's two `order`s keep their first operation's names, not `Order` and
        // `Order2`; a query item and a header `status` neither) and no model has it.
        var enumsByName: [String: Int] = [:]
        for shared in sharedParameterEnumKeys { enumsByName[shared.typeName, default: 0] += 1 }
        sharedParameterEnumsNamedAlone = sharedParameterEnumKeys.filter { shared in
            enumsByName[shared.typeName] == 1 && !takenTypeNames.contains(shared.typeName.lowercased())
                && !Resolver.reservedTypeNames.contains(shared.typeName) && !SwiftNaming.keywords.contains(shared.typeName)
        }
    }

    private mutating func readParameters(
        _ endpoint: inout SpecDocument.Endpoint, fields: [JSONNode.Member], pathItem: [JSONNode.Member], pathPointer: String,
        pointer: String, operationName: String
    ) {
        // Path-level parameters first; an operation's own parameter of the same name and place replaces one.
        var parameters: [(node: JSONNode, fields: [JSONNode.Member], pointer: String)] = []
        var places: [String] = []
        for (list, listPointer) in [(member("parameters", pathItem), pathPointer + "/parameters"), (member("parameters", fields), pointer + "/parameters")] {
            for (offset, element) in (list.flatMap { Self.elements($0.value) } ?? []).enumerated() {
                guard let (node, target) = dereference(element, pointer: listPointer + "/\(offset)"), let parameter = Self.object(node) else { continue }
                let name = member("name", parameter).flatMap { Self.text($0.value) } ?? ""
                let place = member("in", parameter).flatMap { Self.text($0.value) } ?? ""
                // Header names ignore case: `X-Id` and `x-id` are one parameter.
                let key = place + "\u{0}" + (place == "header" ? name.lowercased() : name)
                let entry = (node, parameter, target)
                if let index = places.firstIndex(of: key) {
                    parameters[index] = entry
                } else {
                    places.append(key)
                    parameters.append(entry)
                }
            }
        }
        var swiftNames: Set<String> = Resolver.endpointMemberNames
        var declaredPath: Set<String> = []
        for parameter in parameters {
            guard let nameNode = member("name", parameter.fields)?.value, case .string(let name) = nameNode.value else { continue }
            let place = member("in", parameter.fields).flatMap { Self.text($0.value) } ?? ""
            if place == "header", ["accept", "content-type", "authorization"].contains(name.lowercased()) {
                // OpenAPI: such a header parameter "SHALL be ignored"; the client sets these headers.
                continue
            }
            if place == "header", name.lowercased() == "content-encoding" {
                // HERE's `Content-Encoding: gzip`: the header says the body is compressed, which the
                // client does not do; sent beside a plain body, the server could not read it.
                unmapped("the Content-Encoding header says how the body is compressed, which the client does not do; it is left out "
                         + "(an app that compresses a body sets it in a middleware)", at: parameter.node, pointer: parameter.pointer)
                continue
            }
            if place == "header", ["content-length", "transfer-encoding", "host", "connection"].contains(name.lowercased()) {
                // Vercel's `Content-Length` on an upload (found by a tester): the app had to give
                // the body's length, and a wrong one would break the request.
                unmapped("the \(name) header is the transport's to set (URLSession writes it for each request; a stream upload goes out "
                         + "chunked, without a length, which a middleware may set); it is left out",
                         at: parameter.node, pointer: parameter.pointer)
                continue
            }
            if credentialFields.contains(where: { credential in
                place == credential.place && (place == "header" ? name.lowercased() == credential.name.lowercased() : name == credential.name)
            }) {
                // The API key the endpoint's scheme sends (VTEX's `X-VTEX-API-AppKey`, The New York
                // Times' `api-key` query item), listed as a parameter too: the credential would
                // overwrite what the app gave, and a parameter is not kept secret.
                continue
            }
            let required = place == "path" || Self.bool(member("required", parameter.fields)?.value)
            // Inline types of a shared parameter are named after it, not after the first operation
            // that uses it; so is an enum that operations of several paths declare alike, made once.
            let shared = sharedParameterEnum(parameter.fields).flatMap { sharedParameterEnumKeys.contains($0) ? $0 : nil }
            let hint = parameter.pointer.hasPrefix("#/components/parameters/")
                ? Self.lastToken(parameter.pointer)
                : shared.map(sharedParameterEnumsNamedAlone.contains) == true ? SwiftNaming.typeName(name) : operationName + SwiftNaming.typeName(name)
            let sharedPointer = shared?.pointer(below: parameter.pointer)
            if let shared, let sharedPointer, let model = sharedParameterEnums[shared] {
                modelAtPointer[sharedPointer] = model
            }
            defer {
                if let shared, let sharedPointer, sharedParameterEnums[shared] == nil, let model = modelAtPointer[sharedPointer] {
                    sharedParameterEnums[shared] = model
                }
            }
            // An object in the query, exploded (`a=1&b=2`, or `filter[a]=1` as a deepObject): a
            // query item per property, which the spec format says exactly.
            if place == "query", let items = objectQueryItems(parameter.fields, name: name, pointer: parameter.pointer,
                                                              hint: hint),
               !items.contains(where: { item in endpoint.query.contains { $0.name.value == item.name } || places.contains("query\u{0}" + item.name) }) {
                for item in items {
                    // Named after the parameter too (`effectiveAtGt` for `gt` of `effective_at`).
                    var swiftName = SwiftNaming.memberName(item.name.hasPrefix(name + "[") ? item.name : name + " " + item.name)
                    if swiftNames.contains(swiftName) {
                        var number = 2
                        while swiftNames.contains(swiftName + String(number)) { number += 1 }
                        swiftName += String(number)
                    }
                    let specSwiftName = swiftName == SwiftNaming.memberName(item.name) ? nil : Located(value: swiftName, location: nameNode.location)
                    swiftNames.insert(swiftName)
                    let type = required && item.required || item.type.hasSuffix("?") ? item.type : item.type + "?"
                    endpoint.query.append(.init(
                        name: Located(value: item.name, location: nameNode.location),
                        type: Located(value: type, location: parameter.node.location),
                        description: item.description, swiftName: specSwiftName))
                }
                continue
            }
            var (type, separator, style) = parameterType(parameter.fields, node: parameter.node, place: place, pointer: parameter.pointer,
                                                  hint: hint)
            if !required || type.nullable, place != "path" { type.type += "?" }
            var swiftName = SwiftNaming.memberName(place == "path" ? placeholderNames[name] ?? name : name)
            var specSwiftName: Located<String>?
            if swiftNames.contains(swiftName) {
                let suffix = place == "header" ? "header" : place == "cookie" ? "cookie" : place == "query" ? "query" : "path"
                var candidate = name + " " + suffix
                var number = 2
                while swiftNames.contains(SwiftNaming.memberName(candidate)) {
                    candidate = name + " " + suffix + " \(number)"
                    number += 1
                }
                swiftName = SwiftNaming.memberName(candidate)
                specSwiftName = Located(value: swiftName, location: nameNode.location)
            }
            swiftNames.insert(swiftName)
            var description = Self.prose(member("description", parameter.fields)?.value)
            if Self.bool(member("deprecated", parameter.fields)?.value) { description = Self.deprecated(description) }
            // The value the API takes when the parameter is not sent (the app's nil): its doc comment says it.
            let schema = member("schema", parameter.fields).flatMap { Self.object(followingReferences($0.value)) } ?? []
            let defaultCode = annotation("default", schema).flatMap { Self.codeSpan($0.value) }.flatMap { $0 == "`null`" ? nil : $0 }
            if let defaultCode { description = Self.adding("Default: \(defaultCode).", to: description) }
            // A constant (`api-version: {const: "2024-01-01"}`) is its type: its doc comment says the value to send.
            if let code = constant(schema).flatMap(Self.codeSpan), code != defaultCode {
                description = Self.adding("Always \(code).", to: description)
            }
            let value = SpecDocument.Parameter(
                name: place == "path" && placeholderNames[name] != nil
                    ? Located(value: placeholderNames[name]!, location: nameNode.location) : Located(name, of: nameNode), type: Located(value: type.type, location: parameter.node.location),
                description: description, swiftName: specSwiftName,
                separator: separator.map { Located(value: $0, location: parameter.node.location) },
                style: style.map { Located(value: $0, location: parameter.node.location) })
            switch place {
            case "path":
                declaredPath.insert(value.name.value)
                endpoint.pathParameters.append(value)
            case "query": endpoint.query.append(value)
            case "header": endpoint.headers.append(value)
            case "cookie": endpoint.cookies.append(value)
            default:
                unmapped("a parameter in '\(place)' is not known; it is left out", at: parameter.node, pointer: parameter.pointer)
            }
        }
        // The path's own placeholders (before a query it holds): each declared, each declaration used.
        let pathPart = endpoint.path.value.prefix { $0 != "?" }
        let used = Self.segments(String(pathPart)).compactMap { if case .parameter(let name) = $0 { name } else { nil } }
        for name in used where !declaredPath.contains(name) {
            unmapped("the path parameter '{\(name)}' is not declared; it is imported as a String", at: endpoint.path.location,
                     pointer: pointer)
            var swiftName = SwiftNaming.memberName(name)
            var specSwiftName: Located<String>?
            if swiftNames.contains(swiftName) {
                swiftName = SwiftNaming.memberName(name + " path")
                specSwiftName = Located(value: swiftName, location: endpoint.location)
            }
            swiftNames.insert(swiftName)
            declaredPath.insert(name)
            endpoint.pathParameters.append(.init(
                name: Located(value: name, location: endpoint.location), type: Located(value: "String", location: endpoint.location),
                swiftName: specSwiftName))
        }
        // A placeholder in the path's query (`/search?q={term}`): its parameter becomes that query item's.
        let queryPlaceholders = Set(Self.segments(String(endpoint.path.value.dropFirst(pathPart.count)))
            .compactMap { if case .parameter(let name) = $0 { name } else { nil } })
        var inQuery: [String: SpecDocument.Parameter] = [:]
        endpoint.pathParameters.removeAll { parameter in
            guard !used.contains(parameter.name.value) else { return false }
            if queryPlaceholders.contains(parameter.name.value) {
                inQuery[parameter.name.value] = parameter
                return true
            }
            unmapped("the path parameter '\(parameter.name.value)' is not in the path '\(endpoint.path.value)'; it is left out",
                     at: endpoint.path.location, pointer: pointer)
            return true
        }
        // A query in the path (`/responses?beta=true`, Flickr's `/rest?method=flickr.photos.search`):
        // its items stay in the spec's path, which sends them with every request; a placeholder
        // (`q={term}`) becomes a query parameter, and an item a parameter sends too is the parameter's.
        if let mark = endpoint.path.value.firstIndex(of: "?") {
            let query = endpoint.path.value[endpoint.path.value.index(after: mark)...]
            endpoint.path.value = String(endpoint.path.value[..<mark])
            var fixed: [(name: String, text: String, item: Substring)] = []
            var placed: [String: SpecDocument.Parameter] = [:]
            func leftOut(_ item: Substring, _ why: String) {
                unmapped("the query item '\(item)' in the path \(why); it is left out", at: endpoint.path.location, pointer: pointer)
            }
            // A dictionary sends `name[key]=value` (or its keys), not its name (found by the review).
            func sent(_ name: String) -> Bool {
                endpoint.query.contains { $0.name.value == name && !($0.type.value.hasPrefix("[") && $0.type.value.contains(":")) }
            }
            for item in query.split(separator: "&") {
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = Self.percentDecodedQueryText(parts[0])
                let value = parts.count > 1 ? Self.percentDecodedQueryText(parts[1]) : ""
                guard !name.isEmpty else { leftOut(item, "has no name"); continue }
                let placeholder = value.count > 2 && value.hasPrefix("{") && value.hasSuffix("}") ? String(value.dropFirst().dropLast()) : nil
                let spelt = placeholder == nil ? Self.specQueryText(parts[0]).flatMap { name in Self.specQueryText(parts.count > 1 ? parts[1] : "").map { (name, $0) } } : nil
                // A fixed item beside a parameter that sends its name would go twice; an item that
                // becomes a parameter takes a name no other has.
                guard spelt != nil ? !sent(name) : !endpoint.query.contains(where: { $0.name.value == name }) else {
                    leftOut(item, "names '\(name)', which a query parameter sends")
                    continue
                }
                // `q={term}`: the query item takes the path parameter `term`, its type and name.
                if let placeholder, let parameter = inQuery.removeValue(forKey: placeholder) {
                    let swiftName = parameter.swiftName?.value ?? SwiftNaming.memberName(parameter.name.value)
                    endpoint.query.append(.init(
                        name: Located(value: name, location: parameter.name.location), type: parameter.type,
                        description: parameter.description,
                        swiftName: swiftName == SwiftNaming.memberName(name) ? nil : Located(value: swiftName, location: parameter.name.location),
                        separator: parameter.separator))
                    placed[placeholder] = parameter
                    continue
                }
                // `q={term}` where `term` is declared in the query, not in the path: the item is that
                // parameter, sent once, under the item's name.
                if let placeholder, !declaredPath.contains(placeholder), placed[placeholder] == nil,
                   let index = endpoint.query.firstIndex(where: { $0.name.value == placeholder && sent(placeholder) }) {
                    var parameter = endpoint.query[index]
                    let swiftName = parameter.swiftName?.value ?? SwiftNaming.memberName(parameter.name.value)
                    placed[placeholder] = parameter
                    parameter.name = Located(value: name, location: parameter.name.location)
                    parameter.swiftName = swiftName == SwiftNaming.memberName(name) ? nil : Located(value: swiftName, location: parameter.name.location)
                    endpoint.query[index] = parameter
                    unmapped("the query item '\(item)' in the path names the query parameter '\(placeholder)': its value is sent as "
                             + "'\(name)', the item's name, and not as '\(placeholder)' too", at: endpoint.path.location, pointer: pointer)
                    continue
                }
                if let (written, text) = spelt {
                    fixed.append((name, written + "=" + text, item))
                    continue
                }
                // A placeholder nothing declares is a String named after it; one whose parameter
                // the path or another item uses, a parameter of its own of that type; an item
                // whose bytes are not UTF-8 (which a spec's path cannot name), a String.
                let undeclared = placeholder.map { !declaredPath.contains($0) && placed[$0] == nil } ?? false
                let usedBefore = placeholder.flatMap { name in endpoint.pathParameters.first { $0.name.value == name } ?? placed[name] }
                if undeclared {
                    unmapped("the path parameter '{\(placeholder!)}' is not declared; it is imported as a String",
                             at: endpoint.path.location, pointer: pointer)
                } else if let placeholder {
                    unmapped("the query item '\(item)' in the path names '{\(placeholder)}', which the path or another item uses; it becomes "
                             + "a query parameter of its own, which the app sets to the same value", at: endpoint.path.location, pointer: pointer)
                } else {
                    unmapped("the query item '\(item)' in the path is not UTF-8 once percent-decoded; it becomes a query parameter, "
                             + "which the app sets", at: endpoint.path.location, pointer: pointer)
                }
                var swiftName = SwiftNaming.memberName(undeclared ? placeholder! : name)
                var number = 1
                while swiftName.isEmpty || swiftNames.contains(swiftName) {
                    swiftName = SwiftNaming.memberName(name + " query" + (number > 1 ? " \(number)" : ""))
                    number += 1
                }
                swiftNames.insert(swiftName)
                endpoint.query.append(.init(
                    name: Located(value: name, location: endpoint.path.location),
                    type: Located(value: usedBefore?.type.value ?? "String", location: endpoint.path.location),
                    swiftName: swiftName == SwiftNaming.memberName(name) ? nil : Located(value: swiftName, location: endpoint.path.location)))
            }
            // An item named like one a parameter sends after it (`q=fixed&q={term}`) would go twice.
            fixed.removeAll { entry in
                guard sent(entry.name) else { return false }
                leftOut(entry.item, "names '\(entry.name)', which a query parameter sends")
                return true
            }
            if !fixed.isEmpty { endpoint.path.value += "?" + fixed.map(\.text).joined(separator: "&") }
        }
        for name in inQuery.keys.sorted() {
            unmapped("the path parameter '\(name)' is not in the path '\(endpoint.path.value)'; it is left out",
                     at: endpoint.path.location, pointer: pointer)
        }
        endpointSwiftNames = swiftNames
    }

    /// A query item's name or value as a spec's path writes it: what a path's query may not hold
    /// unencoded percent-encoded, `+` a space (`%20`); nil when its bytes are not UTF-8.
    static func specQueryText(_ written: Substring) -> String? {
        let bytes = Resolver.percentDecodedBytes(written)
        guard String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes) else { return nil }
        return Resolver.percentEncoded(bytes, keeping: Resolver.queryCharacters.subtracting(["%"]))
    }

    /// A query item's name or value as the server reads it: `%XX` sequences decoded (kept as
    /// written when they do not spell UTF-8), `+` a space.
    static func percentDecodedQueryText(_ text: Substring) -> String {
        let bytes = Resolver.percentDecodedBytes(text)
        let decoded = String(decoding: bytes, as: UTF8.self)
        return decoded.utf8.elementsEqual(bytes) ? decoded : String(text)
    }

    /// The type of a parameter: a simple value, or an array of one in the query (one item per
    /// element, or one item with a `separator` between the elements) or in a header (a list); a
    /// value with no single text form is sent as the text the app writes, with a warning.
    private mutating func parameterType(
        _ fields: [JSONNode.Member], node: JSONNode, place: String, pointer: String, hint: String
    ) -> (SchemaType, separator: String?, style: String?) {
        let schema = member("schema", fields)?.value
        if schema == nil, let content = member("content", fields).flatMap({ Self.object($0.value) }), let first = content.first {
            unmapped("the parameter's value is '\(first.key)' content; it is imported as a String that the app encodes",
                     at: first.value, pointer: Self.pointer(pointer + "/content", first.key))
            return (SchemaType(type: "String"), nil, nil)
        }
        guard let schemaNode = schema else { return (SchemaType(type: "String"), nil, nil) }
        var type = schemaType(schemaNode, pointer: pointer + "/schema", hint: hint, context: .parameter)
        let style = member("style", fields).flatMap { Self.text($0.value) }
        let explode = member("explode", fields).map { Self.bool($0.value) } ?? (style == nil || style == "form")
        if place == "path", let style, style == "matrix" || style == "label" {
            unmapped("a path parameter with style '\(style)' is imported as a String: the app writes the value with its "
                     + "prefix ('\(style == "matrix" ? ";name=" : ".")'), which the spec format does not add", at: node, pointer: pointer)
            type.type = "String"
            return (type, nil, nil)
        }
        if isSimpleParameter(type.type) { return (type, nil, nil) }
        if type.type.hasPrefix("["), type.type.hasSuffix("]"), !type.type.contains(":"),
           isSimpleParameter(String(type.type.dropFirst().dropLast())) {
            switch (place, style ?? (place == "header" ? "simple" : "form")) {
            // Exploded, the delimited styles are form's (OpenAPI 3.1.1 says so): an item per element.
            case ("query", "form"), ("query", "spaceDelimited"), ("query", "pipeDelimited"):
                guard !explode else { return (type, nil, nil) }
                return (type, style == "spaceDelimited" ? " " : style == "pipeDelimited" ? "|" : ",", nil)
            // A header's array is a list, `a,b`, exploded or not.
            case ("header", "simple"): return (type, nil, nil)
            default: break
            }
        }
        // A dictionary as a deepObject, `name[key]=value` per entry, as the spec format sends one; or,
        // in the form style exploded (the query's default), `key=value` per entry.
        if place == "query", style == "deepObject" || ((style ?? "form") == "form" && explode), type.type.hasPrefix("[String: "),
           type.type.hasSuffix("]"), isSimpleParameter(String(type.type.dropFirst("[String: ".count).dropLast())) {
            return (type, nil, style == "deepObject" ? nil : "form")
        }
        let what = type.type.hasPrefix("[") ? (type.type.contains(":") ? "a dictionary" : "an array")
            : type.type == "JSON" ? "a JSON value" : "'\(type.type)'"
        unmapped("a \(place) parameter holding \(what) is imported as a String that the app encodes"
                 + (style.map { " (style '\($0)')" } ?? ""), at: node, pointer: pointer)
        type.type = "String"
        return (type, nil, nil)
    }

    /// The query items of an object parameter sent exploded, one per property (`style: form`, the
    /// default, names them by their keys; `deepObject` as `name[key]`); nil when the schema is not
    /// an object of simple properties, or the style sends it otherwise.
    private mutating func objectQueryItems(
        _ fields: [JSONNode.Member], name: String, pointer: String, hint: String
    ) -> [(name: String, type: String, required: Bool, description: String?)]? {
        let style = member("style", fields).flatMap { Self.text($0.value) } ?? "form"
        // A deepObject has one form whatever `explode` says (OpenAPI defines it exploded only).
        let explode = member("explode", fields).map { Self.bool($0.value) } ?? true
        guard (style == "form" && explode) || style == "deepObject", let node = member("schema", fields)?.value else { return nil }
        let schema = followingReferences(node)
        guard let object = Self.object(schema), let properties = member("properties", object).flatMap({ Self.object($0.value) }),
              !properties.isEmpty, member("allOf", object) == nil, member("oneOf", object) == nil, member("anyOf", object) == nil,
              additionalPropertiesNode(object) == nil || { if case .bool(false) = member("additionalProperties", object)?.value.value { true } else { false } }()
        else { return nil }
        let requiredKeys = requiredKeys(of: schema)
        var items: [(name: String, type: String, required: Bool, description: String?)] = []
        for property in properties {
            let type = schemaType(property.value, pointer: Self.pointer(pointer + "/schema/properties", property.key),
                                  hint: hint + SwiftNaming.typeName(property.key), context: .parameter)
            guard isSimpleParameter(type.type) || (type.type.hasPrefix("[") && isSimpleParameter(String(type.type.dropFirst().dropLast())) && style == "form")
            else { return nil }
            items.append((style == "deepObject" ? "\(name)[\(property.key)]" : property.key, type.type + (type.nullable ? "?" : ""),
                          requiredKeys.contains(property.key), Self.prose(Self.object(property.value).flatMap { member("description", $0)?.value })))
        }
        return items
    }

    /// Whether a type expression is a value a path, query item, header or cookie can hold: a
    /// plain value, or an untagged union of such values (Telegram's `chat_id`: an id or a name),
    /// which sends its member's text.
    func isSimpleParameter(_ type: String, unionsToo: Bool = true) -> Bool {
        if type == "Date" || Self.textTypes.contains(type) || isEnumModel(type) { return true }
        guard unionsToo, let index = modelIndex[type], let model = models[index], case .union(let union) = model.kind,
              union.discriminator == nil, !union.members.isEmpty else { return false }
        return union.members.allSatisfy { Self.textTypes.contains($0.type.value) || isEnumModel($0.type.value) }
    }

    /// The plain types a parameter sends as text, and a union of them too (a `Date` is no union's
    /// member: it would have no date strategy).
    private static let textTypes: Set<String> = ["String", "Int", "Int64", "Double", "Bool", "UUID", "URL"]

    /// Gives the body a Swift name no parameter has.
    private mutating func claimBodyName(_ endpoint: inout SpecDocument.Endpoint, body: SpecDocument.Body) {
        let type = body.type.value.hasSuffix("?") ? String(body.type.value.dropLast()) : body.type.value
        let isUpload = type == "Upload"
        let defaultName = isUpload ? "upload" : (modelAtPointer.values.contains(type) ? type : "body")
        var swiftName = SwiftNaming.memberName(defaultName)
        if endpointSwiftNames.contains(swiftName) {
            var number = 2
            swiftName = "requestBody"
            while endpointSwiftNames.contains(swiftName) {
                swiftName = "requestBody\(number)"
                number += 1
            }
            endpoint.body?.swiftName = Located(value: swiftName, location: body.location)
            endpointSwiftNames.insert(swiftName)
        }
        // An upload takes `progress`, its progress handler, and `contentType` where the app gives
        // it (a range, a multipart type): a parameter of such a name gives way.
        var taken = isUpload ? ["progress"] : []
        if isUpload, let contentType = body.contentType?.value, Resolver.contentTypeTheAppGives(contentType) != nil { taken.append("contentType") }
        for reserved in taken where endpointSwiftNames.contains(reserved) {
            func rename(_ parameters: inout [SpecDocument.Parameter]) {
                for index in parameters.indices where SwiftNaming.memberName(parameters[index].swiftName?.value ?? parameters[index].name.value) == reserved {
                    var number = 2
                    var name = reserved + "Parameter"
                    while endpointSwiftNames.contains(name) {
                        name = reserved + "Parameter\(number)"
                        number += 1
                    }
                    endpointSwiftNames.insert(name)
                    parameters[index].swiftName = Located(value: name, location: parameters[index].name.location)
                }
            }
            rename(&endpoint.pathParameters)
            rename(&endpoint.query)
            rename(&endpoint.headers)
            rename(&endpoint.cookies)
        }
    }

    // MARK: Bodies

    /// The JSON media type of `content`: `application/json`, else another (`…+json`).
    private static func preferredJSON(_ content: [JSONNode.Member]) -> JSONNode.Member? {
        content.first { mediaType($0.key) == "application/json" } ?? content.first { isJSON($0.key) }
    }

    /// A JSON media type's schema that is a plain string: no format, encoding or enum.
    private func holdsPlainString(_ entry: JSONNode.Member) -> Bool {
        guard let schema = Self.object(entry.value).flatMap({ member("schema", $0)?.value }),
              let fields = Self.object(followingReferences(schema)), typeNames(fields) == ["string"] else { return false }
        return !fields.contains { ["format", "enum", "const", "contentEncoding", "contentMediaType"].contains($0.key) }
    }

    /// A media type's schema, references followed, when it is a string's; nil for another.
    private func stringSchema(_ entry: JSONNode.Member) -> [JSONNode.Member]? {
        guard let schema = Self.object(entry.value).flatMap({ member("schema", $0)?.value }),
              let fields = Self.object(followingReferences(schema)), typeNames(fields) == ["string"] else { return nil }
        return fields
    }

    /// Whether a media type's schema is a string of base64 bytes (`format: byte`, or 3.1's
    /// `contentEncoding: base64`).
    private func holdsBase64(_ entry: JSONNode.Member) -> Bool {
        guard let fields = stringSchema(entry) else { return false }
        return member("format", fields).flatMap { Self.text($0.value) } == "byte"
            || member("contentEncoding", fields).flatMap { Self.text($0.value) } == "base64"
    }

    /// Whether a media type's schema is bytes (`type: string, format: binary`, or in 3.1's words
    /// a `contentMediaType` that is not text, without an encoding), which a JSON body would
    /// carry as base64 text.
    private func holdsBytes(_ entry: JSONNode.Member) -> Bool {
        guard let fields = stringSchema(entry) else { return false }
        if member("format", fields).flatMap({ Self.text($0.value) }) == "binary" { return true }
        guard member("contentEncoding", fields) == nil, let media = member("contentMediaType", fields).flatMap({ Self.text($0.value) }) else { return false }
        return !media.lowercased().hasPrefix("text/") && !Resolver.isJSONMediaType(media)
    }

    /// The first media type of `content` that is content as it is (an image, a file, text): not
    /// JSON, a form, XML, a stream or a media range (`*/*`, which says nothing of it).
    private static func rawContent(_ content: [JSONNode.Member]) -> JSONNode.Member? {
        content.first { entry in
            let type = mediaType(entry.key)
            return !isJSON(type) && !type.hasSuffix("/xml") && streamMediaTypes[type] == nil && !type.contains("*")
                && type != "multipart/form-data" && type != "application/x-www-form-urlencoded"
        }
    }

    /// A media range (`*/*`, `application/*`: springdoc writes `*/*` for every operation of a
    /// Spring app) whose schema describes data rather than bytes: JSON, sent and read as
    /// `application/json`.
    private func isWildcardJSON(_ entry: JSONNode.Member) -> Bool {
        guard let schema = wildcardSchema(entry) else { return false }
        guard let members = Self.object(followingReferences(schema)) else { return true }
        return typeNames(members) != ["string"]
    }

    /// ``isWildcardJSON(_:)`` for a request body: one that may be a string as well as data
    /// (Apideck's proxy, which forwards any body: `anyOf: [object, string]`, found by a tester)
    /// is no JSON either, which would send the string quoted. A response of that kind stays JSON,
    /// as springdoc's `*/*` responses are.
    private func isWildcardJSONBody(_ entry: JSONNode.Member) -> Bool {
        guard isWildcardJSON(entry), let schema = wildcardSchema(entry) else { return false }
        // `schema: true` (any value) is data, as a response's is.
        guard let members = Self.object(followingReferences(schema)) else { return true }
        let mayBeString = typeNames(members).contains("string")
            || (alternatives(members) ?? []).contains { Self.object(followingReferences($0)).map { typeNames($0).contains("string") } ?? false }
        return !mayBeString
    }

    /// The schema of a media range (`*/*`, `application/*`), nil for another media type.
    private func wildcardSchema(_ entry: JSONNode.Member) -> JSONNode? {
        guard ["*/*", "application/*"].contains(Self.mediaType(entry.key)) else { return nil }
        return Self.object(entry.value).flatMap { member("schema", $0)?.value }
    }

    /// The media type a content entry is read as: its own, JSON for a media range holding data,
    /// text for one holding a string that is not bytes (springdoc's `*/*` for a method that
    /// returns a `String`, which Spring writes as it is).
    private func effectiveMediaType(_ entry: JSONNode.Member, body: Bool = false) -> String {
        if body ? isWildcardJSONBody(entry) : isWildcardJSON(entry) { return "application/json" }
        if let schema = wildcardSchema(entry), let members = Self.object(followingReferences(schema)), typeNames(members) == ["string"],
           member("format", members).flatMap({ Self.text($0.value) }) != "byte", !holdsBytes(entry) {
            return "text/plain"
        }
        return Self.mediaType(entry.key)
    }

    private static func isJSON(_ mediaType: String) -> Bool {
        let type = mediaType.split(separator: ";").first.map { String($0).lowercased() } ?? ""
        return type == "application/json" || type.hasSuffix("+json") || type == "text/json"
    }

    private static func mediaType(_ text: String) -> String {
        String(text.split(separator: ";").first ?? "").lowercased().filter { $0 != " " }
    }

    /// The request body: JSON (any type), a form or multipart form (a model), or raw bytes.
    // MARK: Response headers

    /// The typed headers of the success response: optional unless the document marks them
    /// `required` (in every 2xx response); a value that is not simple or a list of simple
    /// values is a String the app reads, with a warning. `Content-Type` is left out, as OpenAPI
    /// says; `Set-Cookie` too (the URL session keeps cookies, and joined values cannot be split).
    private mutating func readResponseHeaders(
        _ endpoint: inout SpecDocument.Endpoint, _ headers: [JSONNode.Member], pointer: String, hint: String,
        names: inout Set<String>, swiftNames: inout Set<String>, requiredElsewhere: (String) -> Bool
    ) {
        var own: Set<String> = []
        for header in headers {
            let headerPointer = Self.pointer(pointer, header.key)
            let lowered = header.key.lowercased()
            if lowered == "content-type" { continue }
            if lowered == "set-cookie" {
                unmapped("the Set-Cookie header is not typed: the URL session keeps the cookies it sets", at: header.value, pointer: headerPointer)
                continue
            }
            if Self.hopByHopHeaders.contains(lowered) {
                unmapped("the \(header.key) header is not typed: it describes the connection, which the URL session handles",
                         at: header.value, pointer: headerPointer)
                continue
            }
            guard Resolver.isHeaderName(header.key) else {
                unmapped("'\(header.key)' is not a valid header name; the header is left out", at: header.value, pointer: headerPointer)
                continue
            }
            guard own.insert(lowered).inserted else {
                unmapped("the header '\(header.key)' is listed twice (names ignore case); the first is kept", at: header.value, pointer: headerPointer)
                continue
            }
            // Declared by a response read before (another 2xx response's copy of it).
            guard names.insert(lowered).inserted else { continue }
            guard let (node, nodePointer) = dereference(header.value, pointer: headerPointer), let fields = Self.object(node) else { continue }
            var type = SchemaType(type: "String")
            if let schema = member("schema", fields)?.value {
                type = schemaType(schema, pointer: nodePointer + "/schema", hint: hint + SwiftNaming.typeName(header.key), context: .parameter)
                let list = type.type.hasPrefix("[") && type.type.hasSuffix("]") && !type.type.contains(":")
                // A response header is read from its text, which a union has no reader of.
                if !isSimpleParameter(type.type, unionsToo: false) && !(list && isSimpleParameter(String(type.type.dropFirst().dropLast()), unionsToo: false)) {
                    let what = list ? "an array" : type.type == "JSON" ? "a JSON value" : "'\(type.type)'"
                    unmapped("a response header holding \(what) is imported as a String that the app reads", at: node, pointer: nodePointer)
                    type.type = "String"
                }
            } else if let content = member("content", fields).flatMap({ Self.object($0.value) }), let first = content.first {
                unmapped("the header's value is '\(first.key)' content; it is imported as a String that the app reads",
                         at: first.value, pointer: Self.pointer(nodePointer + "/content", first.key))
            }
            let required = Self.bool(member("required", fields)?.value) && requiredElsewhere(lowered)
            if !required || type.nullable { type.type += "?" }
            var swiftName = SwiftNaming.memberName(header.key)
            var specSwiftName: Located<String>?
            if swiftNames.contains(swiftName) {
                var number = 2
                while swiftNames.contains(swiftName + String(number)) { number += 1 }
                swiftName += String(number)
                specSwiftName = Located(value: swiftName, location: header.keyLocation)
            }
            swiftNames.insert(swiftName)
            endpoint.responseHeaders.append(.init(
                name: Located(value: header.key, location: header.keyLocation), type: Located(value: type.type, location: node.location),
                description: Self.prose(member("description", fields)?.value), swiftName: specSwiftName))
        }
    }

    /// The headers of the 2xx responses, typed: the chosen response's first, then those only
    /// another 2xx response declares (optional, since the chosen one may come without them). A
    /// header is required only when every 2xx response says it comes.
    private mutating func readSuccessHeaders(
        _ endpoint: inout SpecDocument.Endpoint, success: JSONNode.Member, successes: [JSONNode.Member], pointer: String,
        operationName: String
    ) {
        var sources: [(entries: [JSONNode.Member], node: JSONNode, pointer: String)] = []
        for response in [success] + successes.filter({ $0.key != success.key }) {
            let responsePointer = Self.pointer(pointer, response.key)
            if let (target, targetPointer) = dereference(response.value, pointer: responsePointer), let fields = Self.object(target),
               let headers = member("headers", fields), let entries = Self.object(headers.value), !entries.isEmpty {
                sources.append((entries, headers.value, targetPointer + "/headers"))
            }
        }
        guard !sources.isEmpty else { return }
        let others = successes.filter { $0.key != success.key }.map { requiredHeaderNames($0.value, pointer: Self.pointer(pointer, $0.key)) }
        var names: Set<String> = []
        var swiftNames: Set<String> = []
        for (index, source) in sources.enumerated() {
            readResponseHeaders(
                &endpoint, source.entries, pointer: source.pointer, hint: operationName, names: &names, swiftNames: &swiftNames,
                requiredElsewhere: { name in index == 0 && others.allSatisfy { $0.contains(name) } })
        }
    }

    /// Headers about the connection rather than the response (RFC 9110, 7.6.1).
    static let hopByHopHeaders: Set<String> = ["connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade"]

    /// The names, in lower case, of the headers a response marks `required`.
    private mutating func requiredHeaderNames(_ node: JSONNode, pointer: String) -> Set<String> {
        guard let (target, targetPointer) = dereference(node, pointer: pointer), let fields = Self.object(target),
              let headers = member("headers", fields).flatMap({ Self.object($0.value) })
        else { return [] }
        var names: Set<String> = []
        for header in headers {
            if let (node, _) = dereference(header.value, pointer: Self.pointer(targetPointer + "/headers", header.key)),
               let fields = Self.object(node), Self.bool(member("required", fields)?.value) {
                names.insert(header.key.lowercased())
            }
        }
        return names
    }

    /// The request body; one the document does not mark `required` is optional (`"Item?"`), left
    /// out when it is nil.
    private mutating func readBody(_ node: JSONNode, pointer: String, operationName: String) -> SpecDocument.Body? {
        guard let (bodyNode, bodyPointer) = dereference(node, pointer: pointer), let fields = Self.object(bodyNode),
              var body = readBodyContent(fields, bodyPointer: bodyPointer, operationName: operationName)
        else { return nil }
        // A body's schema never reads as optional (`null` is not told apart from no body).
        if !Self.bool(member("required", fields)?.value), !body.type.value.hasSuffix("?") {
            body.type.value += "?"
        }
        return body
    }

    private mutating func readBodyContent(_ fields: [JSONNode.Member], bodyPointer: String, operationName: String) -> SpecDocument.Body? {
        let hint = bodyPointer.hasPrefix("#/components/requestBodies/") ? Self.lastToken(bodyPointer) : operationName + "Request"
        guard let content = member("content", fields).flatMap({ Self.object($0.value) }), !content.isEmpty else { return nil }
        let contentPointer = bodyPointer + "/content"
        var chosen = Self.preferredJSON(content) ?? content.first(where: isWildcardJSONBody)
            ?? content.first { Self.mediaType($0.key) == "multipart/form-data" }
            ?? content.first { Self.mediaType($0.key) == "application/x-www-form-urlencoded" }
            ?? content.first { !Self.mediaType($0.key).hasSuffix("/xml") }
            ?? content[0]
        // Bytes (AppVeyor's YAML settings, `application/json: {type: string, format: binary}`
        // beside `text/plain`) go as they are, with the document's other media type, not as a
        // JSON string of base64; beside a form alone, as that form (its file is what was meant);
        // offered as JSON alone, as bytes of that type.
        // Base64 bytes in a JSON string beside the bytes themselves (Box's upload of a part:
        // `format: byte` under `application/octet-stream` and `application/json`, found by a
        // tester) go as the bytes too.
        let bytes = Self.isJSON(effectiveMediaType(chosen, body: true))
            && (holdsBytes(chosen) || (holdsBase64(chosen) && Self.rawContent(content) != nil))
        if bytes, let other = Self.rawContent(content) ?? content.first(where: {
            ["multipart/form-data", "application/x-www-form-urlencoded"].contains(Self.mediaType($0.key))
        }) {
            chosen = other
        }
        let mediaType = effectiveMediaType(chosen, body: true)
        let mediaPointer = Self.pointer(contentPointer, chosen.key)
        let schema = Self.object(chosen.value).flatMap { member("schema", $0)?.value }
        let location = chosen.value.location
        if Self.isJSON(mediaType), bytes {
            return SpecDocument.Body(
                location: location, type: Located(value: "Upload", location: location),
                contentType: Located(value: chosen.key, location: location))
        }
        if Self.isJSON(mediaType) {
            guard let schema else { return SpecDocument.Body(location: location, type: Located(value: "JSON", location: location)) }
            var type = schemaType(schema, pointer: mediaPointer + "/schema", hint: hint, context: .plain)
            if type.type == "File" { type.type = "Data" }
            // Sent as the JSON media type the document names (`application/merge-patch+json`).
            let contentType = mediaType != "application/json" && Resolver.isJSONMediaType(chosen.key)
                ? Located(value: chosen.key, location: chosen.keyLocation) : nil
            return SpecDocument.Body(location: location, type: Located(value: type.type, location: schema.location), contentType: contentType)
        }
        if mediaType == "multipart/form-data" || mediaType == "application/x-www-form-urlencoded" {
            let multipart = mediaType == "multipart/form-data"
            if let schema {
                readingMultipart = multipart
                let type = schemaType(schema, pointer: mediaPointer + "/schema", hint: hint, context: .property)
                readingMultipart = false
                if isStructModel(type.type) {
                    if let encoding = Self.object(chosen.value).flatMap({ member("encoding", $0) }) {
                        unmapped("the 'encoding' of the form's fields is not imported; fields are sent in their text form, files "
                                 + "with their own media type, and (multipart) other values as JSON", at: encoding.value, pointer: mediaPointer + "/encoding")
                    }
                    return SpecDocument.Body(
                        location: location, type: Located(value: type.type, location: schema.location),
                        encoding: Located(value: multipart ? "multipart" : "form", location: location))
                }
            }
            // An object that declares no fields (`properties: {}`) may hold any: the app encodes them.
            let declaresNone = schema.flatMap { Self.object(followingReferences($0)) }.map { typeNames($0) == ["object"] } ?? false
            unmapped("a '\(mediaType)' body whose schema \(declaresNone ? "declares no fields" : "is not an object of fields") is sent as "
                     + "bytes the app encodes" + (multipart ? ", with the content type it gives (and the boundary its bytes use)" : ""),
                     at: chosen.value, pointer: mediaPointer)
            return SpecDocument.Body(
                location: location, type: Located(value: "Upload", location: location),
                contentType: Located(value: chosen.key, location: location))
        }
        // Text of a string schema (Keycloak's `text/plain` bodies) is a String, sent as its UTF-8
        // text: of one media type (not a range), in UTF-8 or a charset it does not name.
        if Self.mediaType(chosen.key).hasPrefix("text/"), !chosen.key.contains("*"), Resolver.textCharsetProblem(chosen.key) == nil,
           let schema, let fields = Self.object(followingReferences(schema)),
           typeNames(fields) == ["string"], !holdsBytes(chosen), member("format", fields).flatMap({ Self.text($0.value) }) != "byte",
           member("contentEncoding", fields) == nil {
            return SpecDocument.Body(
                location: location, type: Located(value: "String", location: location),
                contentType: Located(value: chosen.key, location: chosen.keyLocation))
        }
        if mediaType.hasSuffix("/xml") {
            unmapped("an XML body is sent as bytes the app encodes", at: chosen.value, pointer: mediaPointer)
        }
        // `*/*` says nothing of the bytes: they go as `application/octet-stream`. A narrower range
        // (`image/*`) is kept: the app gives the type its bytes are.
        let anything = Self.mediaType(chosen.key) == "*/*"
        return SpecDocument.Body(
            location: location, type: Located(value: "Upload", location: location),
            contentType: !anything && mediaType != "application/octet-stream" ? Located(value: chosen.key, location: location) : nil)
    }

    // MARK: Responses

    private mutating func readResponses(_ endpoint: inout SpecDocument.Endpoint, _ node: JSONNode, pointer: String, operationName: String) {
        guard let responses = Self.object(node) else { return }
        let successes = responses.filter { $0.key.hasPrefix("2") }
        // Without a 2XX response, `default` is the success, unless the operation redirects
        // (apideck's `connectionsAuthorize`: a 301, and `default` its error model).
        let redirects = responses.filter { $0.key.hasPrefix("3") }.map(\.key)
        let success = successes.min { $0.key < $1.key } ?? (redirects.isEmpty ? responses.first { $0.key == "default" } : nil)
        if success == nil {
            // Nordigen's balances, details and transactions list only their errors.
            let redirect = redirects.isEmpty ? "" : "; the URL session follows its redirect (\(redirects.sorted().joined(separator: ", ")))"
            unmapped("the operation declares no success (2XX) response, so its endpoint reads no body\(redirect)", at: node, pointer: pointer)
        }
        // A HEAD response has no body, whatever content its description lists (the GET's), but
        // its headers are what it is for.
        let isHead = endpoint.method.value.uppercased() == "HEAD"
        // A 204 or 205 response has no body (RFC 9110), whatever content the document lists for it
        // (api.video's `DELETE …/logo`): read as one, every such success failed to decode.
        let noContent: Set<String> = ["204", "205"]
        if let success, isHead || noContent.contains(success.key) {
            readSuccessHeaders(&endpoint, success: success, successes: successes, pointer: pointer, operationName: operationName)
        }
        if let success, !isHead, !noContent.contains(success.key) {
            let successPointer = Self.pointer(pointer, success.key)
            readSuccess(&endpoint, success.value, pointer: successPointer, operationName: operationName)
            readSuccessHeaders(&endpoint, success: success, successes: successes, pointer: pointer, operationName: operationName)
            // Other 2xx responses with another body: the endpoint reads every 2xx response as the chosen one.
            let chosen = bodySignature(success.value, pointer: successPointer)
            var bodiless = false
            for other in successes where other.key != success.key {
                let signature = noContent.contains(other.key) ? nil : bodySignature(other.value, pointer: Self.pointer(pointer, other.key))
                if signature == nil { bodiless = true }
                if signature != chosen, signature != nil {
                    unmapped("the \(other.key) response's body is not read as such: the endpoint reads every 2xx response as the "
                             + "\(success.key) response describes it", at: other.value, pointer: Self.pointer(pointer, other.key))
                }
            }
            // A 204 (or another 2xx without content) beside a JSON body: the response may be empty,
            // which an optional response reads as nil.
            // (Bytes read as they come, `Data`, are empty then, not nil.)
            if bodiless, chosen.map({ Self.isJSON(String($0.prefix { $0 != " " })) }) == true, endpoint.stream == nil,
               let response = endpoint.response, !response.value.hasSuffix("?"), !["Data", "String"].contains(response.value) {
                endpoint.response = Located(value: response.value + "?", location: response.location)
            }
        }
        // The error body: the `default` response's when it describes errors, else the first 4xx or 5xx one's.
        var errorTypes: [(key: String, type: String, node: JSONNode)] = []
        let errorResponses = responses.filter { $0.key.hasPrefix("4") || $0.key.hasPrefix("5") || ($0.key == "default" && success?.key != "default") }
        for response in errorResponses {
            // Inline error bodies of several statuses are named by them (Postman's
            // `UpdateCollectionError400`, `…Error403`), not numbered in the order they come.
            let name = operationName + "Error" + (errorResponses.count > 1 && response.key != "default" ? response.key : "")
            guard let type = errorType(response.value, pointer: Self.pointer(pointer, response.key), name: name) else { continue }
            errorTypes.append((response.key, type, response.value))
        }
        for response in responses {
            guard let (target, targetPointer) = dereference(response.value, pointer: Self.pointer(pointer, response.key)),
                  let fields = Self.object(target), let links = member("links", fields) else { continue }
            unmapped("links are not imported; the response is read without them", at: links.value, pointer: targetPointer + "/links")
        }
        guard let first = errorTypes.first else { return }
        // Bytes or text asked for by their media types (a PDF) with an error body of JSON: JSON
        // is asked for too, less preferred, or a server that picks by `Accept` could answer an
        // error without its body, or with a 406 (found by the review).
        if let accept = endpoint.accept, !Resolver.isJSONMediaType(accept.value) {
            // The media types the error bodies come in (`application/problem+json`), each once.
            var offered: [String] = []
            for response in errorTypes {
                guard let (target, _) = dereference(response.node, pointer: Self.pointer(pointer, response.key)),
                      let content = Self.object(target).flatMap({ member("content", $0) }).flatMap({ Self.object($0.value) }) else { continue }
                for media in content where Self.isJSON(Self.mediaType(media.key)) && !media.key.contains("*") && !offered.contains(media.key) {
                    offered.append(media.key)
                }
            }
            let json = offered.map { $0 + ";q=0.5" }.joined(separator: ", ")
            if !offered.isEmpty, Resolver.isMediaRangeList(accept.value + ", " + json) {
                endpoint.accept = Located(value: accept.value + ", " + json, location: accept.location)
            }
        }
        if errorTypes.allSatisfy({ $0.type == first.type }) {
            let chosen = errorTypes.first { $0.key == "default" } ?? first
            endpoint.errorResponse = .one(Located(value: chosen.type, location: chosen.node.location))
        } else {
            // A type per status, as the document says (the resolver matches codes before classes
            // before the default, as OpenAPI does); a status it does not describe is read as the
            // first, as when every status has one type.
            var entries = errorTypes.map { (Located(value: $0.key, location: $0.node.location), Located(value: $0.type, location: $0.node.location)) }
            if !errorTypes.contains(where: { $0.key == "default" }) {
                entries.append((Located(value: "default", location: first.node.location), Located(value: first.type, location: first.node.location)))
            }
            endpoint.errorResponse = .byStatus(entries, location: node.location)
        }
    }

    /// What a response's body is, to compare two: its media type and its schema's reference (or
    /// place, when inline); nil without content.
    private mutating func bodySignature(_ node: JSONNode, pointer: String) -> String? {
        guard let (response, _) = dereference(node, pointer: pointer), let fields = Self.object(response),
              let content = member("content", fields).flatMap({ Self.object($0.value) }), !content.isEmpty else { return nil }
        let chosen = content.first { Self.isJSON($0.key) } ?? content.first(where: isWildcardJSON) ?? content[0]
        guard let schema = Self.object(chosen.value).flatMap({ member("schema", $0)?.value }) else { return Self.mediaType(chosen.key) }
        let reference = Self.object(schema).flatMap { member("$ref", $0) }.flatMap { Self.text($0.value) }
        return effectiveMediaType(chosen) + " " + (reference ?? "inline \(schema.location.line):\(schema.location.column)")
    }

    /// A response's media type and schema, preferring JSON; the media types it offers, as written.
    private mutating func content(of node: JSONNode, pointer: String, textOverJSONString: Bool = false) -> (
        mediaType: String, written: String, schema: JSONNode?, pointer: String, hint: String?,
        streams: [(mediaType: String, schema: JSONNode?, pointer: String)], offered: [String]
    )? {
        guard let (response, responsePointer) = dereference(node, pointer: pointer), let fields = Self.object(response) else { return nil }
        let hint = responsePointer.hasPrefix("#/components/responses/") ? Self.lastToken(responsePointer) : nil
        guard let content = member("content", fields).flatMap({ Self.object($0.value) }), !content.isEmpty else { return nil }
        var chosen = Self.preferredJSON(content) ?? content.first(where: isWildcardJSON)
            ?? content.first { !Self.mediaType($0.key).hasSuffix("/xml") } ?? content[0]
        // JSON that says nothing of itself (no schema) or holds bytes, beside content as it is
        // (AppVeyor's status badges: `image/svg+xml: {}`, `image/png: {}`, `application/json: {}`):
        // that content, which JSON would fail to decode.
        if Self.isJSON(effectiveMediaType(chosen)), Self.object(chosen.value).flatMap({ member("schema", $0) }) == nil || holdsBytes(chosen),
           let raw = Self.rawContent(content) {
            chosen = raw
        }
        // A success's JSON string beside text (Gitea's `/markdown`: `application/json` and
        // `text/html`, both `type: string`, served as HTML): the text, which the JSON form would
        // fail to decode. Not beside a stream, which the JSON's twin reads.
        if textOverJSONString, Self.isJSON(effectiveMediaType(chosen)), holdsPlainString(chosen),
           !content.contains(where: { Self.streamMediaTypes[Self.mediaType($0.key)] != nil }),
           let text = content.first(where: { Self.mediaType($0.key).hasPrefix("text/") && !Self.mediaType($0.key).contains("*") && !holdsBytes($0) }) {
            chosen = text
        }
        let schema = Self.object(chosen.value).flatMap { member("schema", $0)?.value }
        // The streamed media types offered beside it, server-sent events first.
        let streams = content.filter { Self.streamMediaTypes[Self.mediaType($0.key)] != nil && $0.key != chosen.key }
            .sorted { (Self.mediaType($0.key) == "text/event-stream" ? 0 : 1) < (Self.mediaType($1.key) == "text/event-stream" ? 0 : 1) }
            .map { (Self.mediaType($0.key), Self.object($0.value).flatMap { member("schema", $0)?.value },
                    Self.pointer(responsePointer + "/content", $0.key) + "/schema") }
        let mediaType = effectiveMediaType(chosen)
        return (mediaType, isWildcardJSON(chosen) ? mediaType : chosen.key, schema,
                Self.pointer(responsePointer + "/content", chosen.key) + "/schema", hint, streams, content.map(\.key))
    }

    /// The media types of streamed responses, and what the spec format calls them.
    static let streamMediaTypes = [
        "text/event-stream": "sse", "application/x-ndjson": "jsonLines", "application/jsonl": "jsonLines",
        "application/jsonlines": "jsonLines", "application/x-jsonlines": "jsonLines", "application/json-seq": "jsonLines",
    ]

    /// The type of a stream's elements: its schema's, text for bytes or without one.
    private mutating func streamElement(_ schema: JSONNode?, pointer: String, hint: String) -> String {
        guard var schema else { return "String" }
        var pointer = pointer
        // A stream is no JSON array: one described so (Alpaca's event streams, `type: array,
        // items: TradeUpdateEvent`, found by a tester: every event failed to decode) is a stream of
        // its items.
        if let members = Self.object(followingReferences(schema)), typeNames(members) == ["array"], let items = member("items", members) {
            unmapped("a stream is no JSON array: each of its events is read as one of the array's items", at: schema, pointer: pointer)
            schema = items.value
            pointer = Self.pointer(pointer, "items")
        }
        let type = schemaType(schema, pointer: pointer, hint: hint, context: .plain)
        return type.type == "File" || type.type == "Data" ? "String" : type.type
    }

    private mutating func readSuccess(_ endpoint: inout SpecDocument.Endpoint, _ node: JSONNode, pointer: String, operationName: String) {
        guard let content = content(of: node, pointer: pointer, textOverJSONString: true) else { return }
        let hint = content.hint ?? operationName + "Response"
        let location = node.location
        let mediaType = content.mediaType
        if Self.isJSON(mediaType) {
            // The same answer offered as a stream too (OpenAI's completions): a twin endpoint reads it.
            if let offered = content.streams.first {
                let element = streamElement(offered.schema, pointer: offered.pointer, hint: operationName + "StreamEvent")
                streamTwin = (Self.streamMediaTypes[offered.mediaType]!, element, location)
            }
            guard let schema = content.schema else {
                endpoint.response = Located(value: "JSON", location: location)
                return
            }
            let type = schemaType(schema, pointer: content.pointer, hint: hint, context: .plain)
            // Bytes (`format: binary`) offered as JSON alone (Neutrino's QR codes and images under
            // `application/json`) are the body as it comes: as JSON they never decoded.
            if type.type == "File" {
                endpoint.response = Located(value: "Data", location: schema.location)
                return
            }
            // `String` and `Data` responses are read raw; a JSON string (of base64, too) is decoded as JSON.
            let expression = ["String", "Data"].contains(type.type) ? "JSON" : type.type + (type.nullable ? "?" : "")
            endpoint.response = Located(value: expression, location: schema.location)
            // Asked for as the JSON media type the document names (`application/vnd.api+json`).
            if mediaType != "application/json", Resolver.isJSONMediaType(content.written) {
                endpoint.accept = Located(value: content.written, location: location)
            }
            return
        }
        if let stream = Self.streamMediaTypes[mediaType] {
            endpoint.stream = Located(value: stream, location: location)
            endpoint.response = Located(value: streamElement(content.schema, pointer: content.pointer, hint: hint), location: location)
            return
        }
        // Asked for as the media types the document offers that are read so, text or bytes (a
        // PDF; an SVG or a PNG badge), for a server that picks by `Accept`; a wildcard among them
        // asks for any.
        let isText = { (type: String) in type.hasPrefix("text/") || type.hasSuffix("/xml") }
        let offered = content.offered.filter { written in
            let type = Self.mediaType(written)
            return !Self.isJSON(type) && Self.streamMediaTypes[type] == nil && isText(type) == isText(mediaType)
        }
        let accept = offered.joined(separator: ", ")
        if !offered.contains(where: { $0.contains("*") }), Resolver.isMediaRangeList(accept) {
            endpoint.accept = Located(value: accept, location: location)
        }
        if mediaType.hasSuffix("/xml") {
            unmapped("an XML response is read as text", at: node, pointer: pointer)
            endpoint.response = Located(value: "String", location: location)
            return
        }
        endpoint.response = Located(value: mediaType.hasPrefix("text/") ? "String" : "Data", location: location)
    }

    /// The type of an error response's JSON body, or nil when it has none.
    private mutating func errorType(_ node: JSONNode, pointer: String, name: String) -> String? {
        guard let content = content(of: node, pointer: pointer), Self.isJSON(content.mediaType), let schema = content.schema else { return nil }
        let type = schemaType(schema, pointer: content.pointer, hint: content.hint ?? name, context: .plain)
        let chosen = ["String", "Data", "File"].contains(type.type) ? "JSON" : type.type
        return errorUnion(node, pointer: pointer, chosen: (content.written, chosen), hint: content.hint ?? name) ?? chosen
    }

    /// An error response that offers other JSON bodies beside the one chosen (Twitter's
    /// `application/json` `Error` and `application/problem+json` `Problem`): a union of their
    /// models, tried in the document's order, so that whichever the server sends is read; nil
    /// when they are all one type. One union per list of models, named after them
    /// (`ErrorModelOrProblem`), whichever responses offer it. Bodies that are not all struct
    /// models: the chosen one, with a warning for each of the others.
    private mutating func errorUnion(_ node: JSONNode, pointer: String, chosen: (mediaType: String, type: String), hint: String) -> String? {
        guard let (response, responsePointer) = dereference(node, pointer: pointer), let fields = Self.object(response),
              let entry = member("content", fields), let content = Self.object(entry.value) else { return nil }
        var members: [(mediaType: String, type: String, node: JSONNode)] = []
        for media in content where Self.isJSON(media.key) {
            guard let schema = Self.object(media.value).flatMap({ member("schema", $0)?.value }) else { continue }
            let type = schemaType(schema, pointer: Self.pointer(responsePointer + "/content", media.key) + "/schema",
                                  hint: hint, context: .plain)
            if !members.contains(where: { $0.type == type.type }) { members.append((media.key, type.type, media.value)) }
        }
        guard members.count >= 2 else { return nil }
        guard members.allSatisfy({ isStructModel($0.type) }) else {
            for other in members where other.mediaType != chosen.mediaType {
                unmapped("the \(other.mediaType) error body (\(other.type)) is not read: an error body is read as one type, "
                         + "here \(chosen.type), or as a union of models", at: other.node,
                         pointer: Self.pointer(responsePointer + "/content", other.mediaType))
            }
            return nil
        }
        let key = members.map(\.type).joined(separator: "\u{0}")
        if let existing = errorUnions[key] { return existing }
        let name = uniqueTypeName(members.map(\.type).joined(separator: "Or"))
        errorUnions[key] = name
        let unionPointer = responsePointer + "/content"
        record(model: name, at: unionPointer)
        let description = "An error body, whichever of these the server sends: "
            + members.map { "\($0.type) (`\($0.mediaType)`)" }.joined(separator: ", ") + "."
        models.append(SpecDocument.Model(
            name: Located(value: name, location: entry.value.location), pointer: unionPointer, description: description, options: .init(),
            tolerant: false,
            kind: .union(SpecDocument.Union(
                location: entry.value.location,
                members: members.map { .init(name: nil, type: Located(value: $0.type, location: $0.node.location)) },
                discriminator: nil, mapping: [])),
            additionalProperties: nil, allOf: []))
        return name
    }
}
