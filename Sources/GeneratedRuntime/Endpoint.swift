import Foundation

/// One HTTP operation: how to build its request and how to read its response.
///
/// Generated code declares one conforming struct per endpoint of a spec; hand-written endpoints
/// conform the same way. An endpoint is a pure value: sending it is the job of an ``EndpointClient``.
///
/// What only some endpoints do is a protocol of its own, which such an endpoint conforms to as
/// well: ``ErrorBodyDecoding`` for an error model, ``StreamingEndpoint`` for a response read as
/// it arrives, ``IdempotentEndpoint`` for one a retry may resend, ``PaginatedEndpoint`` for pages.
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
}

extension Endpoint where Response: Decodable {
    /// The whole body decoded as JSON into `Response`: what an endpoint with a JSON response does
    /// unless it says otherwise. Generated endpoints rely on it for a plain JSON response (one
    /// function in the runtime rather than one per endpoint in the generated module) and spell
    /// out any other reading: an optional value, a key to unwrap, pages, text or raw bytes. An
    /// endpoint whose `Response` is `Data` or `String` read as bytes or text writes its own.
    public func decodeResponse(_ response: HTTPResponse) throws -> Response {
        try response.decodeJSON(Response.self)
    }
}

extension Endpoint where Response == Void {
    /// Nothing to read: the status, which the client has already accepted, is the whole answer.
    public func decodeResponse(_ response: HTTPResponse) {}
}

/// An endpoint with an error model: the client decodes the body of a response it rejected (not
/// 2xx) with ``decodeErrorBody(_:)`` and carries the value in its ``EndpointError``.
///
/// A capability of its own rather than a requirement of ``Endpoint`` with a default, so that the
/// endpoints without an error model (most of them) bring no function for it into the code the
/// compiler builds; the client asks for it with a dynamic cast.
public protocol ErrorBodyDecoding: Endpoint {
    /// Decodes the body of a rejected response into the endpoint's error model; nil when it does
    /// not decode.
    func decodeErrorBody(_ response: HTTPResponse) -> (any Sendable)?
}

/// An endpoint that may be sent twice although its method is not idempotent (a `POST` with an
/// idempotency key), so that a retry middleware may resend it: the spec's `"idempotent": true`.
/// ``RequestContext/isIdempotent`` tells a middleware.
public protocol IdempotentEndpoint: Endpoint {}

extension Endpoint {
    /// The body of a rejected response decoded into the endpoint's error model, when it has one.
    func errorBody(_ response: HTTPResponse) -> (any Sendable)? {
        (self as? any ErrorBodyDecoding)?.decodeErrorBody(response)
    }

    /// Whether the client hands the response on as soon as its head arrives (a ``StreamingEndpoint``).
    static var isStreamingEndpoint: Bool { Self.self is any StreamingEndpoint.Type }

    /// Whether the endpoint is idempotent although its method is not (an ``IdempotentEndpoint``).
    static var isIdempotentEndpoint: Bool { Self.self is any IdempotentEndpoint.Type }

    /// The type name middlewares see: a wrapper's (`TimedEndpoint`, `WithResponseHeaders`) is
    /// the name of the endpoint it wraps.
    static var endpointName: String {
        (Self.self as? any EndpointWrapper.Type)?.wrappedEndpointName ?? String(describing: Self.self)
    }
}

/// An endpoint that sends another one another way, which middlewares know by its name.
protocol EndpointWrapper {
    static var wrappedEndpointName: String { get }
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
