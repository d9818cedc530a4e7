import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How an endpoint proves who is calling. Every ``Endpoint`` names its scheme in its `Auth` type,
/// so the compiler checks that the client sending it holds that scheme's credential: an endpoint
/// whose `Auth` is `KongAuth` cannot be sent through a client that has no Kong token.
///
/// Generated code declares one caseless enum per scheme of a spec, conforming to one of
/// ``BearerAuthScheme``, ``BasicAuthScheme``, ``APIKeyAuthScheme`` or ``CustomAuthScheme``.
public protocol AuthScheme: Sendable {
    /// What the app supplies: a token, a user and password, a key, or a closure.
    associatedtype Credential: Sendable

    /// Adds `credential` to a request about to be sent.
    static func authorize(_ request: inout URLRequest, with credential: Credential) async throws

    /// The secret text in `credential`, removed from error descriptions and response excerpts.
    static func secrets(of credential: Credential) -> [String]
}

extension AuthScheme {
    public static func secrets(of credential: Credential) -> [String] { [] }
}

/// The scheme of endpoints that need no credential. Any client can send them.
public enum NoAuth: AuthScheme {
    public static func authorize(_ request: inout URLRequest, with credential: Never) {}
}

// MARK: Bearer

/// A bearer token (`Authorization: Bearer <token>`). Its description never shows the token.
public struct BearerToken: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var token: String
    public init(_ token: String) { self.token = token }
    public var description: String { "BearerToken(<redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

/// A scheme that sends a ``BearerToken`` in the `Authorization` header.
public protocol BearerAuthScheme: AuthScheme where Credential == BearerToken {}

extension BearerAuthScheme {
    public static func authorize(_ request: inout URLRequest, with credential: BearerToken) {
        request.setValue("Bearer \(HeaderValue.clean(credential.token))", forHTTPHeaderField: "Authorization")
    }

    public static func secrets(of credential: BearerToken) -> [String] { [credential.token] }
}

// MARK: Basic

/// A user name and password for HTTP basic authentication. Its description shows neither.
public struct BasicCredential: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var user: String
    public var password: String
    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }
    public var description: String { "BasicCredential(<redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// The `Authorization` header's value: `Basic` and the Base64 of `user:password`.
    public var headerValue: String { "Basic " + Data("\(user):\(password)".utf8).base64EncodedString() }
}

/// A scheme that sends a ``BasicCredential`` in the `Authorization` header.
public protocol BasicAuthScheme: AuthScheme where Credential == BasicCredential {}

extension BasicAuthScheme {
    public static func authorize(_ request: inout URLRequest, with credential: BasicCredential) {
        request.setValue(credential.headerValue, forHTTPHeaderField: "Authorization")
    }

    public static func secrets(of credential: BasicCredential) -> [String] {
        [credential.password, String(credential.headerValue.dropFirst("Basic ".count))].filter { !$0.isEmpty }
    }
}

// MARK: API key

/// An API key. Its description never shows the key.
public struct APIKey: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var value: String
    public init(_ value: String) { self.value = value }
    public var description: String { "APIKey(<redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

/// Where an API key travels.
public enum APIKeyLocation: Sendable, Hashable {
    /// In a header field of this name.
    case header(String)
    /// In a query item of this name.
    case query(String)
}

/// A scheme that sends an ``APIKey`` in a header field or a query item.
public protocol APIKeyAuthScheme: AuthScheme where Credential == APIKey {
    static var location: APIKeyLocation { get }
}

extension APIKeyAuthScheme {
    public static func authorize(_ request: inout URLRequest, with credential: APIKey) throws {
        switch location {
        case .header(let name):
            request.setValue(HeaderValue.clean(credential.value), forHTTPHeaderField: name)
        case .query(let name):
            guard let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
                throw URLError(.badURL)
            }
            let item = "\(PercentEncoding.encode(name))=\(PercentEncoding.encode(credential.value))"
            components.percentEncodedQuery = components.percentEncodedQuery.map { "\($0)&\(item)" } ?? item
            guard let authorized = components.url else { throw URLError(.badURL) }
            request.url = authorized
        }
    }

    public static func secrets(of credential: APIKey) -> [String] {
        [credential.value, PercentEncoding.encode(credential.value)]
    }
}

// MARK: Custom

/// A closure that authorizes a request however the server wants: a signature, a session cookie,
/// a token fetched or refreshed on demand.
public struct CustomAuthorization: Sendable, CustomStringConvertible, CustomReflectable {
    public let authorize: @Sendable (inout URLRequest) async throws -> Void
    /// Secret text the closure adds, removed from error descriptions and response excerpts.
    public let secrets: [String]

    public init(secrets: [String] = [], _ authorize: @escaping @Sendable (inout URLRequest) async throws -> Void) {
        self.authorize = authorize
        self.secrets = secrets
    }

    public var description: String { "CustomAuthorization(<redacted>)" }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

/// A scheme whose credential is a ``CustomAuthorization`` closure the app supplies.
public protocol CustomAuthScheme: AuthScheme where Credential == CustomAuthorization {}

extension CustomAuthScheme {
    public static func authorize(_ request: inout URLRequest, with credential: CustomAuthorization) async throws {
        try await credential.authorize(&request)
    }

    public static func secrets(of credential: CustomAuthorization) -> [String] { credential.secrets }
}

enum HeaderValue {
    /// Removes line breaks and NUL, so a value cannot add header fields of its own.
    static func clean(_ value: String) -> String {
        var text = value
        text.unicodeScalars.removeAll { $0 == "\r" || $0 == "\n" || $0 == "\0" }
        return text
    }
}
