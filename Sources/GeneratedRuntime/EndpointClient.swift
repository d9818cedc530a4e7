import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What sends endpoints. Generated live services hold one, so an ``EndpointClient``, a test
/// double or a session that changes configuration with the user's identity can stand behind them.
public protocol EndpointSending: Sendable {
    /// Sends `endpoint` and returns its decoded response.
    func send<E: Endpoint>(_ endpoint: E) async throws(EndpointError) -> E.Response
}

/// Sends endpoints to one server: resolves each request against the base URL, adds the default
/// headers, accepts 2xx responses and decodes them, and reports every failure as an ``EndpointError``.
public struct EndpointClient: EndpointSending {
    /// The server's base URL; an endpoint's path is appended to it (`https://host/api` + `/cities`).
    public var baseURL: URL
    /// Headers sent with every request; an endpoint's own headers win.
    public var defaultHeaders: [String: String]
    /// The request timeout, or nil for the transport's default.
    public var timeout: TimeInterval?
    public var transport: any HTTPTransport

    public init(
        baseURL: URL,
        defaultHeaders: [String: String] = [:],
        timeout: TimeInterval? = nil,
        transport: any HTTPTransport = URLSessionTransport()
    ) {
        self.baseURL = baseURL
        self.defaultHeaders = defaultHeaders
        self.timeout = timeout
        self.transport = transport
    }

    /// Sends `endpoint` and returns its decoded response.
    public func send<E: Endpoint>(_ endpoint: E) async throws(EndpointError) -> E.Response {
        let request: EndpointRequest
        let urlRequest: URLRequest
        do {
            request = try endpoint.makeRequest()
            urlRequest = try makeURLRequest(request)
        } catch {
            throw error as? EndpointError ?? EndpointError(kind: .invalidRequest, method: nil, url: nil, underlyingError: error)
        }
        let response: HTTPResponse
        do {
            try Task.checkCancellation()
            response = try await transport.send(urlRequest)
        } catch {
            throw EndpointError(
                kind: Self.isCancellation(error) ? .cancelled : .transport,
                method: request.method, url: urlRequest.url, underlyingError: error)
        }
        guard response.isSuccess else {
            throw EndpointError(kind: .unacceptableStatus, method: request.method, url: urlRequest.url, response: response)
        }
        do {
            return try endpoint.decodeResponse(response)
        } catch {
            throw EndpointError(
                kind: .decoding, method: request.method, url: urlRequest.url, response: response, underlyingError: error)
        }
    }

    /// The `URLRequest` this client sends for `endpoint`: useful in tests and for logging.
    public func urlRequest(for endpoint: some Endpoint) throws -> URLRequest {
        try makeURLRequest(endpoint.makeRequest())
    }

    private func makeURLRequest(_ request: EndpointRequest) throws -> URLRequest {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else {
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
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        if let timeout { urlRequest.timeoutInterval = timeout }
        // Header names are case-insensitive: the endpoint's field wins over a default of any case.
        var fields: [String: (name: String, value: String)] = [:]
        for (name, value) in defaultHeaders { fields[name.lowercased()] = (name, value) }
        for (name, value) in request.headers { fields[name.lowercased()] = (name, value) }
        if fields["accept"] == nil, let accept = request.accept { fields["accept"] = ("Accept", accept) }
        for field in fields.values {
            urlRequest.setValue(field.value, forHTTPHeaderField: field.name)
        }
        urlRequest.httpBody = request.body
        return urlRequest
    }

    private static func isCancellation(_ error: any Error) -> Bool {
        if error is CancellationError { return true }
        if let error = error as? URLError, error.code == .cancelled { return true }
        return false
    }
}
