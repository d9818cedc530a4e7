import Foundation

/// One HTTP operation: how to build its request and how to read its response.
///
/// Generated code declares one conforming struct per endpoint of a spec; hand-written endpoints
/// conform the same way. An endpoint is a pure value: sending it is the job of an ``EndpointClient``.
public protocol Endpoint: Sendable {
    /// The value a successful response decodes to (`Void` when the body is ignored).
    associatedtype Response: Sendable

    /// The scheme whose credential the request needs: ``NoAuth`` when it needs none. A client can
    /// send the endpoint only if it holds this scheme's credential, which the compiler checks.
    associatedtype Auth: AuthScheme = NoAuth

    /// The request relative to the client's base URL.
    func makeRequest() throws -> EndpointRequest

    /// Decodes a response whose status the client has already accepted as successful (2xx).
    func decodeResponse(_ response: HTTPResponse) throws -> Response

    /// Decodes the body of a response the client rejected (not 2xx) into the endpoint's error
    /// model, carried by the ``EndpointError``; nil when the endpoint declares none or it does not
    /// decode.
    func decodeErrorBody(_ response: HTTPResponse) -> (any Sendable)?

    /// Whether the client hands the response to ``decodeStream(_:)`` as soon as its status and
    /// headers arrive, with the body still arriving: true for a ``StreamingEndpoint``, false
    /// (the default) for an endpoint that reads the whole body with ``decodeResponse(_:)``.
    static var streamsResponse: Bool { get }

    /// Decodes a successful (2xx) response whose body may still be arriving. The default waits for
    /// the whole body and decodes it with ``decodeResponse(_:)``.
    func decodeStream(_ response: StreamedHTTPResponse) async throws -> Response

    /// Whether the endpoint may be sent twice although its method is not idempotent (a `POST`
    /// with an idempotency key), so that a retry middleware may resend it: the spec's
    /// `"idempotent": true`. False by default.
    static var declaresIdempotency: Bool { get }
}

extension Endpoint {
    public func decodeErrorBody(_ response: HTTPResponse) -> (any Sendable)? { nil }

    public static var streamsResponse: Bool { false }

    public static var declaresIdempotency: Bool { false }

    public func decodeStream(_ response: StreamedHTTPResponse) async throws -> Response {
        try decodeResponse(await response.collect())
    }
}

/// An HTTP method.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let get = HTTPMethod(rawValue: "GET")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let patch = HTTPMethod(rawValue: "PATCH")
    public static let delete = HTTPMethod(rawValue: "DELETE")
    public static let head = HTTPMethod(rawValue: "HEAD")
}
