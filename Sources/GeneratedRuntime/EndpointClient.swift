import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What sends endpoints. Generated live services hold one, so an ``EndpointClient``, an
/// ``AuthorizedClient``, a ``SessionClient`` that follows the user's identity, or a test double
/// can stand behind them.
///
/// Call ``send(_:)``: it compiles only when the sender can authorize the endpoint, that is when
/// the endpoint's `Auth` is ``NoAuth`` or the sender's `Scheme`.
public protocol EndpointSending<Scheme>: Sendable {
    /// The scheme whose credential this sender holds; ``NoAuth`` when it holds none.
    associatedtype Scheme: AuthScheme = NoAuth

    /// Sends `endpoint` and returns its decoded response. This requirement checks only at run
    /// time that the sender can authorize the endpoint (failing with `.authorization`); call
    /// ``send(_:)``, which checks at compile time.
    func perform<E: Endpoint>(_ endpoint: E) async throws(EndpointError) -> E.Response

    /// A sender for requests that belong together, such as the pages of one list: all of them go
    /// with the same configuration, or fail. The default is the sender itself; a
    /// ``SessionClient`` pins the user's identity of the moment.
    func pinned() -> any EndpointSending<Scheme>
}

extension EndpointSending {
    public func pinned() -> any EndpointSending<Scheme> { self }
}

extension EndpointSending {
    /// Sends an endpoint that needs no credential and returns its decoded response.
    @inlinable
    public func send<E: Endpoint>(_ endpoint: E) async throws(EndpointError) -> E.Response where E.Auth == NoAuth {
        try await perform(endpoint)
    }

    /// Sends an endpoint that needs this sender's credential and returns its decoded response.
    @inlinable @_disfavoredOverload
    public func send<E: Endpoint>(_ endpoint: E) async throws(EndpointError) -> E.Response where E.Auth == Scheme {
        try await perform(endpoint)
    }
}

/// Sends endpoints to one server: resolves each request against the base URL, adds the default
/// headers, accepts 2xx responses and decodes them, and reports every failure as an ``EndpointError``.
///
/// It holds no credential, so it sends only endpoints whose `Auth` is ``NoAuth``; make an
/// ``AuthorizedClient`` with ``authorized(_:credential:)`` for the others.
public struct EndpointClient: EndpointSending {
    public typealias Scheme = NoAuth

    /// The server's base URL; an endpoint's path is appended to it (`https://host/api` + `/cities`).
    public var baseURL: URL {
        didSet { basePrefix = ServerPrefix(baseURL) }
    }
    /// Headers sent with every request; an endpoint's own headers win.
    public var defaultHeaders: [String: String]
    /// The request timeout, or nil for the transport's default.
    public var timeout: TimeInterval?
    public var transport: any HTTPTransport
    /// The steps every request goes through between this client and its transport, the first
    /// outermost: retries, logging, metrics, your own (``EndpointMiddleware``).
    public var middlewares: [any EndpointMiddleware]
    /// Base URLs of resources that live on another server, by the name the generated code gives
    /// them (`"Avatars"`); a request for such a resource is resolved against its entry, or against
    /// `baseURL` when it has none (a local test server that serves everything).
    public var serverOverrides: [String: URL] {
        didSet { overridePrefixes = serverOverrides.mapValues(ServerPrefix.init) }
    }
    /// `baseURL` and `serverOverrides` read once, for the URLs of the requests.
    private var basePrefix: ServerPrefix?
    private var overridePrefixes: [String: ServerPrefix?]

    public init(
        baseURL: URL,
        defaultHeaders: [String: String] = [:],
        timeout: TimeInterval? = nil,
        transport: any HTTPTransport = URLSessionTransport(),
        serverOverrides: [String: URL] = [:],
        middlewares: [any EndpointMiddleware] = []
    ) {
        self.baseURL = baseURL
        self.defaultHeaders = defaultHeaders
        self.timeout = timeout
        self.transport = transport
        self.middlewares = middlewares
        self.serverOverrides = serverOverrides
        basePrefix = ServerPrefix(baseURL)
        overridePrefixes = serverOverrides.mapValues(ServerPrefix.init)
    }

    public func perform<E: Endpoint>(_ endpoint: E) async throws(EndpointError) -> E.Response {
        guard E.Auth.self == NoAuth.self else { throw Self.lacksCredential(E.self) }
        return try await send(endpoint, authorizer: nil)
    }

    /// A client that holds `credential` for `scheme`: it sends the endpoints that need it, and
    /// those that need none.
    public func authorized<S: AuthScheme>(_ scheme: S.Type, credential: S.Credential) -> AuthorizedClient<S> {
        AuthorizedClient(client: self, credential: { credential })
    }

    /// A client that asks `credential` for the credential before each request that needs it, so
    /// that a token can be refreshed; an error it throws fails the request with `.authorization`.
    public func authorized<S: AuthScheme>(
        _ scheme: S.Type, credential: @escaping @Sendable () async throws -> S.Credential
    ) -> AuthorizedClient<S> {
        AuthorizedClient(client: self, credential: credential)
    }

    /// The `URLRequest` this client sends for `endpoint`, before any credential is added: useful in
    /// tests and for logging.
    public func urlRequest(for endpoint: some Endpoint) throws -> URLRequest {
        try makeURLRequest(endpoint.makeRequest())
    }

    /// Adds a credential to a request, and knows what of it to keep out of error descriptions.
    struct Authorizer: Sendable {
        var authorize: @Sendable (inout URLRequest) async throws -> [String]
        /// The query items the credential goes in (an API key's), if any.
        var queryItems: [String] = []
    }

    static func lacksCredential<E: Endpoint>(_ endpoint: E.Type) -> EndpointError {
        EndpointError(
            kind: .authorization, method: nil, url: nil,
            underlyingError: FailureReason(message: "the endpoint needs a \(E.Auth.self) credential, which this client does not hold"))
    }

    /// The whole exchange: make the request, authorize it when `authorizer` is set, send it
    /// through the middlewares, check the status and decode.
    func send<E: Endpoint>(_ endpoint: E, authorizer: Authorizer?) async throws(EndpointError) -> E.Response {
        let request: EndpointRequest
        var urlRequest: URLRequest
        do {
            request = try endpoint.makeRequest()
            urlRequest = try makeURLRequest(request)
        } catch {
            throw error as? EndpointError ?? EndpointError(kind: .invalidRequest, method: nil, url: nil, underlyingError: error)
        }
        // A link the server gave may hold the API key it saw in the query: it goes, and the
        // authorizer adds the key again, so that errors never show it.
        if request.link != nil, var url = urlRequest.url {
            for name in authorizer?.queryItems ?? [] { url = Self.removingQueryItems(named: name, from: url) }
            urlRequest.url = url
        }
        // Errors name the URL as it was before authorization: an API key in the query stays out.
        var context = ResponseBody.ErrorContext(method: request.method, url: urlRequest.url, secrets: request.secrets)
        if let authorizer {
            // The URL is the configured server's (the base URL, or the resource's own server)
            // with an encoded path and query appended: the credential goes nowhere else, and
            // URLSessionTransport drops it from a redirect to another origin.
            do {
                context.secrets += try await authorizer.authorize(&urlRequest)
            } catch {
                throw EndpointError(
                    kind: .authorization, method: request.method, url: context.url, underlyingError: error,
                    secrets: context.secrets)
            }
        }
        let authorized = authorizer != nil
        if !middlewares.isEmpty {
            context.record = ExchangeRecord()
            return try await sendThroughMiddlewares(endpoint, request, urlRequest, context: context, authorized: authorized)
        }
        if let streaming = endpoint as? any StreamingEndpoint {
            let streamed: StreamedHTTPResponse
            do {
                try Task.checkCancellation()
                streamed = try await transport.stream(Self.streamable(urlRequest, request))
            } catch {
                throw Self.transportFailure(error, context, authorized: authorized)
            }
            return try await decodeStream(streamed, of: endpoint, as: streaming, context, authorized: authorized)
        }
        let response: HTTPResponse
        do {
            try Task.checkCancellation()
            if let upload = request.upload {
                response = try await transport.upload(urlRequest, from: upload.body, progress: upload.progress)
            } else {
                response = try await transport.send(urlRequest)
            }
        } catch {
            throw Self.transportFailure(error, context, authorized: authorized)
        }
        return try decode(response, of: endpoint, context)
    }

    /// The exchange through the middlewares, the transport at the end of the chain.
    private func sendThroughMiddlewares<E: Endpoint>(
        _ endpoint: E, _ request: EndpointRequest, _ urlRequest: URLRequest, context: ResponseBody.ErrorContext, authorized: Bool
    ) async throws(EndpointError) -> E.Response {
        let transport = self.transport
        let upload = request.upload
        let streaming = endpoint as? any StreamingEndpoint
        let streams = streaming != nil
        var next: EndpointMiddleware.Next = { urlRequest in
            try Task.checkCancellation()
            if streams { return try await transport.stream(Self.streamable(urlRequest, request)) }
            if let upload {
                return StreamedHTTPResponse(try await transport.upload(urlRequest, from: upload.body, progress: upload.progress))
            }
            return StreamedHTTPResponse(try await transport.send(urlRequest))
        }
        let middlewareContext = RequestContext(
            endpoint: E.endpointName, method: request.method, pathTemplate: request.path.template,
            isIdempotent: request.method.isIdempotent || E.isIdempotentEndpoint,
            canResend: urlRequest.httpBodyStream == nil, isStreaming: streams,
            secrets: context.secrets, upload: streams ? nil : upload?.body, record: context.record ?? ExchangeRecord())
        for middleware in middlewares.reversed() {
            let inner = next
            next = { try await middleware.intercept($0, context: middlewareContext, next: inner) }
        }
        let streamed: StreamedHTTPResponse
        do {
            streamed = try await next(urlRequest)
        } catch {
            throw Self.transportFailure(error, context, authorized: authorized)
        }
        if let streaming { return try await decodeStream(streamed, of: endpoint, as: streaming, context, authorized: authorized) }
        let response: HTTPResponse
        do {
            response = try await streamed.collect()
        } catch {
            throw Self.transportFailure(error, context, authorized: authorized)
        }
        return try decode(response, of: endpoint, context)
    }

    /// The request of a streaming endpoint: a transport streams a response, not an upload, so an
    /// upload's body goes whole.
    private static func streamable(_ urlRequest: URLRequest, _ request: EndpointRequest) throws -> URLRequest {
        guard let upload = request.upload else { return urlRequest }
        var urlRequest = urlRequest
        urlRequest.httpBody = try upload.body.readAll()
        return urlRequest
    }

    /// Checks the status of a whole response and decodes it.
    private func decode<E: Endpoint>(_ response: HTTPResponse, of endpoint: E, _ context: ResponseBody.ErrorContext) throws(EndpointError) -> E.Response {
        var response = response
        if response.url == nil { response.url = context.url }
        try check(response, of: endpoint, context)
        do {
            return try endpoint.decodeResponse(response)
        } catch {
            throw Self.decodingFailure(error, response, context)
        }
    }

    /// Checks the status of a streamed response and hands it to the endpoint as soon as its head
    /// arrived, its body reporting errors as this request's; a failed status reads the whole body.
    /// `streaming` is `endpoint` as a ``StreamingEndpoint``, found with a cast.
    private func decodeStream<E: Endpoint>(
        _ streamed: StreamedHTTPResponse, of endpoint: E, as streaming: any StreamingEndpoint,
        _ context: ResponseBody.ErrorContext, authorized: Bool
    ) async throws(EndpointError) -> E.Response {
        var streamed = streamed
        if !streamed.isSuccess {
            let response: HTTPResponse
            do {
                response = try await streamed.collect()
            } catch {
                throw Self.transportFailure(error, context, authorized: authorized)
            }
            try check(response, of: endpoint, context)
        }
        streamed.body = streamed.body.reporting(context)
        do {
            // `streaming` is `endpoint`, so its events are an `E.Response`.
            return try streaming.decodeEvents(streamed) as! E.Response
        } catch {
            // The head did not read (a typed header): the body is not read either.
            streamed.body.cancel(CancellationError())
            var head = HTTPResponse(statusCode: streamed.statusCode, headers: streamed.headers)
            head.url = context.url
            throw Self.decodingFailure(error, head, context)
        }
    }

    /// Throws the error for a response whose status is not 2xx.
    private func check<E: Endpoint>(_ response: HTTPResponse, of endpoint: E, _ context: ResponseBody.ErrorContext) throws(EndpointError) {
        guard response.isSuccess else {
            var error = EndpointError(
                kind: .unacceptableStatus, method: context.method, url: context.url, response: response,
                errorBody: endpoint.errorBody(response), secrets: context.secrets)
            error.attempts = context.attempts
            throw error
        }
    }

    private static func transportFailure(_ error: any Error, _ context: ResponseBody.ErrorContext, authorized: Bool) -> EndpointError {
        // A URLError carries the URL it failed on, query and all: keep only its code.
        // An authorizer may have put a credential in the URL (a custom one without `secrets`).
        if var error = error as? EndpointError {
            // A middleware's own error: it names this request.
            if error.method == nil { error.method = context.method }
            if error.url == nil { error.url = context.url }
            error.secrets += context.secrets
            error.attempts = max(error.attempts, context.attempts)
            return error
        }
        let underlying: any Error = if authorized, let urlError = error as? URLError { URLError(urlError.code) } else { error }
        var failure = EndpointError(
            kind: isCancellation(error) ? .cancelled : .transport,
            method: context.method, url: context.url, underlyingError: underlying, secrets: context.secrets)
        failure.attempts = context.attempts
        return failure
    }

    private static func decodingFailure(_ error: any Error, _ response: HTTPResponse, _ context: ResponseBody.ErrorContext) -> EndpointError {
        if var error = error as? EndpointError {
            if error.method == nil { error.method = context.method }
            if error.url == nil { error.url = context.url }
            if error.response == nil { error.response = response }
            error.secrets += context.secrets
            error.attempts = max(error.attempts, context.attempts)
            return error
        }
        var failure = EndpointError(
            kind: .decoding, method: context.method, url: context.url, response: response, underlyingError: error,
            secrets: context.secrets)
        failure.attempts = context.attempts
        return failure
    }

    private func makeURLRequest(_ request: EndpointRequest) throws -> URLRequest {
        // What the request's values would send changed or elsewhere: refused, nothing sent.
        if let problem = request.problem ?? request.path.problem.map({ "\($0) (\(request.path.template))" }) {
            throw EndpointError(kind: .invalidRequest, method: request.method, url: nil, underlyingError: FailureReason(message: problem))
        }
        let base: URL
        let prefix: ServerPrefix?
        if let server = request.server, let override = serverOverrides[server] {
            base = override
            prefix = overridePrefixes[server] ?? ServerPrefix(override)
        } else {
            base = baseURL
            prefix = basePrefix
        }
        var url = try prefix.map { try $0.url(for: request) } ?? Self.url(for: request, against: base)
        if let link = request.link { url = try Self.url(following: link, from: url, method: request.method) }
        var urlRequest = URLRequest(url: url)
        // GET is a new request's method; setting it anyway costs a copy of the request.
        if request.method != .get { urlRequest.httpMethod = request.method.rawValue }
        if let timeout = request.timeout ?? timeout { urlRequest.timeoutInterval = timeout }
        // Header names are case-insensitive: the endpoint's field wins over a default of any case.
        var fields: [String: (name: String, value: String)] = [:]
        for (name, value) in defaultHeaders { fields[name.lowercased()] = (name, value) }
        for (name, value) in request.headers {
            let key = name.lowercased()
            // Two fields of one name in `headers` (set in the dictionary directly; the setters
            // replace): the same one wins whatever the dictionary's order.
            if let other = fields[key], request.headers[other.name] != nil, other.name < name { continue }
            fields[key] = (name, value)
        }
        if fields["accept"] == nil, let accept = request.accept { fields["accept"] = ("Accept", accept) }
        if !request.cookies.isEmpty {
            let cookies = request.cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
            // An empty `Cookie` field (a header parameter or default sent as "") adds nothing.
            let existing = fields["cookie"].flatMap { $0.value.isEmpty ? nil : $0.value }
            fields["cookie"] = ("Cookie", existing.map { "\($0); \(cookies)" } ?? cookies)
            urlRequest.httpShouldHandleCookies = false
        }
        // All the fields at once: on Linux, setValue(_:forHTTPHeaderField:) costs several times
        // as much for each field. The names are distinct whatever their case.
        if !fields.isEmpty {
            urlRequest.allHTTPHeaderFields = Dictionary(uniqueKeysWithValues: fields.values.map { ($0.name, $0.value) })
        }
        if let body = request.body { urlRequest.httpBody = body }
        return urlRequest
    }

    /// A link a server gave (a `Link` header's target) resolved against the URL of the request
    /// it replaces; refused unless it stays on that URL's server: the same scheme, host, port
    /// and user, so that no credential goes to another origin.
    static func url(following link: URL, from url: URL, method: HTTPMethod) throws -> URL {
        func refused(_ reason: String) -> EndpointError {
            EndpointError(kind: .invalidRequest, method: method, url: url, underlyingError: FailureReason(message: reason))
        }
        guard let target = URL(string: link.absoluteString, relativeTo: url)?.absoluteURL,
              let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https", target.host != nil
        else { throw refused("the link '\(link.absoluteString)' is not an http or https address") }
        func origin(_ url: URL) -> String {
            let scheme = url.scheme?.lowercased() ?? ""
            let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
            return "\(scheme)://\(url.user ?? "")@\(url.host?.lowercased() ?? ""):\(port)"
        }
        guard origin(target) == origin(url), target.password == url.password else {
            throw refused("the link leads to another server (\(target.host ?? "")); it is not followed, so that no credential goes there")
        }
        return target
    }

    /// `url` without its query items of `name` (compared decoded).
    static func removingQueryItems(named name: String, from url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true), let query = components.percentEncodedQuery else { return url }
        let kept = query.split(separator: "&", omittingEmptySubsequences: false).filter { item in
            let itemName = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
            return String(itemName).replacingOccurrences(of: "+", with: " ").removingPercentEncoding != name
        }
        components.percentEncodedQuery = kept.isEmpty ? nil : kept.joined(separator: "&")
        return components.url ?? url
    }

    /// The URL of `request` on the server at `base`: its path appended to the base's path, its
    /// query instead of the base's.
    static func url(for request: EndpointRequest, against base: URL) throws -> URL {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: true) else {
            throw EndpointError(kind: .invalidRequest, method: request.method, url: nil)
        }
        let basePath = components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        // Foundation stops the process on an invalid percent-encoded path: check it first.
        let path = basePath + request.path.percentEncoded
        guard PercentEncoding.isValidPath(path) else {
            throw EndpointError(kind: .invalidRequest, method: request.method, url: nil)
        }
        components.percentEncodedPath = path
        components.percentEncodedQuery = request.percentEncodedQuery
        guard let url = components.url else {
            throw EndpointError(kind: .invalidRequest, method: request.method, url: nil)
        }
        return url
    }

    /// A base URL with a host and no fragment, read once: the scheme and authority as
    /// URLComponents writes them (`https://user@api.example.com:8443`) and the path. A request's URL
    /// is then that text with the request's path and query appended, which is what
    /// ``url(for:against:)`` builds through URLComponents, at a third of the cost.
    struct ServerPrefix: Sendable {
        let origin: String
        let path: String

        init?(_ base: URL) {
            guard var components = URLComponents(url: base, resolvingAgainstBaseURL: true),
                  components.host != nil, components.percentEncodedFragment == nil else { return nil }
            let path = components.percentEncodedPath
            self.path = path.hasSuffix("/") ? String(path.dropLast()) : path
            components.percentEncodedPath = ""
            components.percentEncodedQuery = nil
            guard let origin = components.string else { return nil }
            self.origin = origin
        }

        func url(for request: EndpointRequest) throws -> URL {
            let path = self.path + request.path.percentEncoded
            // As in url(for:against:): a valid path, which after an authority is empty or starts with "/".
            guard PercentEncoding.isValidPath(path), path.isEmpty || path.hasPrefix("/") else {
                throw EndpointError(kind: .invalidRequest, method: request.method, url: nil)
            }
            var text = origin + path
            if let query = request.percentEncodedQuery { text += "?" + query }
            guard let url = URL(string: text) else {
                throw EndpointError(kind: .invalidRequest, method: request.method, url: nil)
            }
            return url
        }
    }

    static func isCancellation(_ error: any Error) -> Bool {
        if error is CancellationError { return true }
        if let error = error as? URLError, error.code == .cancelled { return true }
        return false
    }
}

/// A client that holds one scheme's credential: it sends the endpoints that need it, adding the
/// credential, and those that need none, without it. The credential goes only to the servers the
/// client is configured with (its base URL and its resources' own servers), never with a
/// redirect to another origin.
///
/// With a refresher (bearer schemes), a `401` answer to a request with the credential makes the
/// client refresh it once, whoever else hit the `401` at the same time, and send each such
/// request again, once, with the new token.
public struct AuthorizedClient<Scheme: AuthScheme>: EndpointSending {
    /// The client that sends the requests; its servers are the only places the credential goes.
    public var client: EndpointClient
    let credential: @Sendable () async throws -> Scheme.Credential
    let refresher: CredentialRefresher<Scheme.Credential>?

    init(
        client: EndpointClient, credential: @escaping @Sendable () async throws -> Scheme.Credential,
        refresher: CredentialRefresher<Scheme.Credential>? = nil
    ) {
        self.client = client
        self.credential = credential
        self.refresher = refresher
    }

    public func perform<E: Endpoint>(_ endpoint: E) async throws(EndpointError) -> E.Response {
        if E.Auth.self == NoAuth.self { return try await client.send(endpoint, authorizer: nil) }
        guard E.Auth.self == Scheme.self else { throw EndpointClient.lacksCredential(E.self) }
        guard let refresher else { return try await client.send(endpoint, authorizer: Self.authorizer(credential)) }
        let used = UsedCredential()
        do {
            return try await client.send(endpoint, authorizer: Self.authorizer {
                let (value, generation) = refresher.current()
                used.set(generation)
                return value
            })
        } catch let refused where refused.statusCode == 401 {
            // A request the refresh itself sends (its endpoint needs the credential too) fails with
            // its 401: waiting for the refresh under way would be waiting for itself, for ever.
            guard let generation = used.generation, !refresher.isRefreshingInThisTask else { throw refused }
            let fresh: Scheme.Credential
            do {
                fresh = try await refresher.refreshed(after: generation)
            } catch {
                // Cancelled while it waited for the refresh, or the refresh failed.
                let kind: EndpointError.Kind = error is CancellationError ? .cancelled : .authorization
                var failure = EndpointError(
                    kind: kind, method: refused.method, url: refused.url, underlyingError: error, secrets: refused.secrets)
                failure.attempts = refused.attempts
                throw failure
            }
            return try await client.send(endpoint, authorizer: Self.authorizer { fresh })
        }
    }

    /// Adds the credential `credential` gives, and knows what of it to keep secret.
    static func authorizer(_ credential: @escaping @Sendable () async throws -> Scheme.Credential) -> EndpointClient.Authorizer {
        var queryItems: [String] = []
        if let scheme = Scheme.self as? any APIKeyAuthScheme.Type { queryItems = scheme.location.queryItem.map { [$0] } ?? [] }
        if let scheme = Scheme.self as? any APIKeysAuthScheme.Type { queryItems = scheme.locations.compactMap(\.queryItem) }
        return EndpointClient.Authorizer(authorize: { request in
            let value = try await credential()
            guard Scheme.Credential.self == CustomAuthorization.self, let custom = value as? CustomAuthorization,
                  custom.redactsAddedValues
            else {
                try await Scheme.authorize(&request, with: value)
                return Scheme.secrets(of: value)
            }
            // What a custom closure adds is secret unless it said otherwise.
            let before = request
            try await Scheme.authorize(&request, with: value)
            return Scheme.secrets(of: value) + CustomAuthorization.addedValues(from: before, to: request)
        }, queryItems: queryItems)
    }
}

extension EndpointClient {
    /// A client that holds `credential` for a bearer `scheme` and refreshes it when a request is
    /// answered `401`: `refresh` gets the token that was refused and returns a new one. Requests
    /// that hit the `401` together share one refresh, and each is sent again once. A refresh
    /// that throws fails those requests with `.authorization` and a ``CredentialRefreshFailed``.
    public func authorized<S: BearerAuthScheme>(
        _ scheme: S.Type, credential: BearerToken, refresh: @escaping @Sendable (BearerToken) async throws -> BearerToken
    ) -> AuthorizedClient<S> {
        let refresher = CredentialRefresher(credential, refresh: refresh)
        return AuthorizedClient(client: self, credential: { refresher.current().value }, refresher: refresher)
    }
}

/// Why a request failed after a `401`: refreshing the credential threw `underlyingError`.
public struct CredentialRefreshFailed: Error, Sendable, CustomStringConvertible {
    public var underlyingError: any Error
    public var description: String { "refreshing the credential failed: \(EndpointError.message(of: underlyingError))" }
}

/// The credential of the moment and its generation, refreshed by one task at a time. A request
/// waiting for a refresh stops waiting when its task is cancelled (a superseded identity); the
/// refresh itself goes on for the others.
final class CredentialRefresher<Credential: Sendable>: @unchecked Sendable {
    // `@unchecked Sendable`: the state below is only touched under `lock`.
    private let lock = NSLock()
    private var credential: Credential
    private var generation = 0
    private var refreshing = false
    private var waiters: [Int: CheckedContinuation<Credential, any Error>] = [:]
    /// Waiters whose task was cancelled before they started waiting.
    private var cancelled: Set<Int> = []
    private var nextWaiter = 0
    private let refresh: @Sendable (Credential) async throws -> Credential

    init(_ credential: Credential, refresh: @escaping @Sendable (Credential) async throws -> Credential) {
        self.credential = credential
        self.refresh = refresh
    }

    func current() -> (value: Credential, generation: Int) {
        lock.withLock { (credential, generation) }
    }

    /// Whether this task is the refresh under way, or a task it started: one the refresh started
    /// that lives on is not, once that refresh has ended.
    var isRefreshingInThisTask: Bool {
        guard let refreshed = CredentialRefreshes.running[ObjectIdentifier(self)] else { return false }
        return lock.withLock { refreshing && generation == refreshed }
    }

    /// A credential newer than generation `refused`: the one a refresh since then gave, the one
    /// a refresh under way gives, or a new refresh's.
    func refreshed(after refused: Int) async throws -> Credential {
        let id = lock.withLock { () -> Int in
            nextWaiter += 1
            return nextWaiter
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Credential, any Error>) in
                let next: WaitStep = lock.withLock {
                    if cancelled.remove(id) != nil { return .cancelled }
                    if generation != refused { return .ready(credential) }
                    waiters[id] = continuation
                    if refreshing { return .wait }
                    refreshing = true
                    return .start(credential)
                }
                switch next {
                case .ready(let credential): continuation.resume(returning: credential)
                case .cancelled: continuation.resume(throwing: CancellationError())
                case .wait: break
                case .start(let old):
                    let refresh = self.refresh
                    var running = CredentialRefreshes.running
                    running[ObjectIdentifier(self)] = refused
                    Task { [running] in
                        do {
                            let fresh = try await CredentialRefreshes.$running.withValue(running) {
                                try await refresh(old)
                            }
                            finish(.success(fresh))
                        } catch {
                            finish(.failure(CredentialRefreshFailed(underlyingError: error)))
                        }
                    }
                }
            }
        } onCancel: {
            let waiter: CheckedContinuation<Credential, any Error>? = lock.withLock {
                guard let waiter = waiters.removeValue(forKey: id) else {
                    cancelled.insert(id)
                    return nil
                }
                return waiter
            }
            waiter?.resume(throwing: CancellationError())
        }
    }

    private enum WaitStep {
        case ready(Credential), cancelled, start(Credential), wait
    }

    private func finish(_ result: Result<Credential, any Error>) {
        let waiting: [CheckedContinuation<Credential, any Error>] = lock.withLock {
            if case .success(let fresh) = result {
                credential = fresh
                generation += 1
            }
            refreshing = false
            defer { waiters.removeAll() }
            return Array(waiters.values)
        }
        for waiter in waiting { waiter.resume(with: result) }
    }
}

/// The refreshes the current task is part of, each refresher's with the generation it refreshes
/// (a generic class cannot hold a task-local).
enum CredentialRefreshes {
    @TaskLocal static var running: [ObjectIdentifier: Int] = [:]
}

/// The generation of the credential a request went out with.
final class UsedCredential: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Int?
    var generation: Int? { lock.withLock { value } }
    func set(_ generation: Int) { lock.withLock { value = generation } }
}
