import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A step between a client and its transport: it sees each request with what the endpoint is,
/// and the next step, and may change the request, answer it itself, send it again, or inspect and
/// change the response or the error.
///
/// A client runs its middlewares in order: the first sees the request first and the response
/// last. They run for every way of sending (async, completion handlers, Combine, pages, uploads
/// and streams), after the credential has been added, once per call (a retry calls `next` again).
///
/// ```swift
/// struct UserAgent: EndpointMiddleware {
///     func intercept(_ request: URLRequest, context: RequestContext, next: Next) async throws -> StreamedHTTPResponse {
///         var request = request
///         request.setValue("MyApp/1.0", forHTTPHeaderField: "User-Agent")
///         return try await next(request)
///     }
/// }
/// ```
///
/// The response's body is still arriving for a streaming endpoint; for the others it has arrived
/// whole (`response.body.wholeData`).
public protocol EndpointMiddleware: Sendable {
    typealias Next = @Sendable (URLRequest) async throws -> StreamedHTTPResponse

    func intercept(_ request: URLRequest, context: RequestContext, next: Next) async throws -> StreamedHTTPResponse
}

/// What a middleware knows of the request besides the request itself.
public struct RequestContext: Sendable {
    /// The endpoint's type name, such as `FetchCitiesEndpoint`.
    public var endpoint: String
    public var method: HTTPMethod
    /// The path as the endpoint wrote it, each parameter a `{}` (`/cities/{}/streets`).
    public var pathTemplate: String
    /// Whether sending the request twice does what sending it once does: `GET`, `HEAD`, `PUT`,
    /// `DELETE`, `OPTIONS` and `TRACE`, and an endpoint the spec marks `"idempotent": true` (an API
    /// with idempotency keys).
    public var isIdempotent: Bool
    /// Whether the body can be sent again: false for a `URLRequest.httpBodyStream`, which can be
    /// read once (an upload's body, a stream included, is made again for each attempt).
    public var canResend: Bool
    /// Whether the response is read as it arrives.
    public var isStreaming: Bool
    /// Text that must never be shown: the credential's values and the request's secret parameters.
    public var secrets: [String]
    /// The body of an upload, which the transport sends beside the request (whose `httpBody` is
    /// then nil); nil for other requests.
    public var upload: UploadBody? = nil
    let record: ExchangeRecord

    /// How many times the request has been sent so far (a retry middleware counts them).
    public var attempts: Int { record.attempts }

    /// Counts one more sending of the request; a middleware that sends it again calls this.
    public func countAttempt() { record.countAttempt() }
}

/// What happened to one call across its attempts, shared by the middlewares that see it.
final class ExchangeRecord: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 1
    var attempts: Int { lock.withLock { count } }
    func countAttempt() { lock.withLock { count += 1 } }
}

extension HTTPMethod {
    /// GET, HEAD, PUT, DELETE, OPTIONS and TRACE (RFC 9110, 9.2.2).
    public var isIdempotent: Bool {
        switch rawValue.uppercased() {
        case "GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE": true
        default: false
        }
    }
}

/// An endpoint sent with its own timeout: `client.send(CitiesService.fetchCities().timeout(5))`.
/// It wins over the spec's `timeout` and the client's.
public struct TimedEndpoint<Wrapped: Endpoint>: Endpoint {
    public typealias Response = Wrapped.Response
    public typealias Auth = Wrapped.Auth

    public var wrapped: Wrapped
    /// Seconds without data after which the request fails with `URLError.timedOut`.
    public var timeout: TimeInterval

    public init(_ wrapped: Wrapped, timeout: TimeInterval) {
        self.wrapped = wrapped
        self.timeout = timeout
    }

    public func makeRequest() throws -> EndpointRequest {
        var request = try wrapped.makeRequest()
        request.timeout = timeout
        return request
    }

    public func decodeResponse(_ response: HTTPResponse) throws -> Response { try wrapped.decodeResponse(response) }
}

extension TimedEndpoint: ErrorBodyDecoding where Wrapped: ErrorBodyDecoding {
    public func decodeErrorBody(_ response: HTTPResponse) -> (any Sendable)? { wrapped.decodeErrorBody(response) }
}

extension TimedEndpoint: StreamingEndpoint where Wrapped: StreamingEndpoint {
    public func decodeEvents(_ response: StreamedHTTPResponse) throws -> Response { try wrapped.decodeEvents(response) }
}

extension TimedEndpoint: IdempotentEndpoint where Wrapped: IdempotentEndpoint {}

extension TimedEndpoint: EndpointWrapper {
    static var wrappedEndpointName: String { Wrapped.endpointName }
}

extension Endpoint {
    /// This endpoint with its own timeout, in seconds, for one call.
    public func timeout(_ seconds: TimeInterval) -> TimedEndpoint<Self> {
        TimedEndpoint(self, timeout: seconds)
    }
}
