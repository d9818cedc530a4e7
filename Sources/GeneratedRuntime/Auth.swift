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
    /// Throws, sending nothing, when the token holds what a header cannot carry as it is.
    public static func authorize(_ request: inout URLRequest, with credential: BearerToken) throws {
        request.setValue("Bearer \(try HeaderValue.checked(credential.token, "the bearer token"))", forHTTPHeaderField: "Authorization")
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
    /// In a cookie of this name, added to the request's `Cookie` header.
    case cookie(String)
}

/// A scheme that sends an ``APIKey`` in a header field, a query item or a cookie.
public protocol APIKeyAuthScheme: AuthScheme where Credential == APIKey {
    static var location: APIKeyLocation { get }
}

extension APIKeyAuthScheme {
    public static func authorize(_ request: inout URLRequest, with credential: APIKey) throws {
        try location.add(credential.value, to: &request)
    }

    public static func secrets(of credential: APIKey) -> [String] { location.secrets(of: credential.value) }
}

extension APIKeyLocation {
    /// Puts `key` where this location says.
    func add(_ key: String, to request: inout URLRequest) throws {
        switch self {
        case .header(let name):
            request.setValue(try HeaderValue.checked(key, "the API key"), forHTTPHeaderField: name)
        case .query(let name):
            // One key: an item of that name already there (a server's link that repeats the query
            // it saw) is replaced.
            guard let url = request.url.map({ EndpointClient.removingQueryItems(named: name, from: $0) }),
                  var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
            else {
                throw URLError(.badURL)
            }
            let item = "\(PercentEncoding.encode(name))=\(PercentEncoding.encode(key))"
            components.percentEncodedQuery = components.percentEncodedQuery.map { "\($0)&\(item)" } ?? item
            guard let authorized = components.url else { throw URLError(.badURL) }
            request.url = authorized
        case .cookie(let name):
            // After the request's own cookies; the URL session's cookie storage is not mixed in.
            let cookie = "\(name)=\(PercentEncoding.encodeCookieValue(key))"
            let existing = request.value(forHTTPHeaderField: "Cookie").flatMap { $0.isEmpty ? nil : $0 }
            request.setValue(existing.map { "\($0); \(cookie)" } ?? cookie, forHTTPHeaderField: "Cookie")
            request.httpShouldHandleCookies = false
        }
    }

    /// `key` as it may appear in a request, to keep out of errors and logs.
    func secrets(of key: String) -> [String] {
        [key, PercentEncoding.encode(key), PercentEncoding.encodeCookieValue(key)]
    }

    /// The query item's name, for a key that goes in the query.
    var queryItem: String? {
        if case .query(let name) = self { return name }
        return nil
    }
}

// MARK: API keys together

/// Several API keys that a request needs together, in the order of the scheme's
/// ``APIKeysAuthScheme/locations`` (VTEX's app key and app token). Its description never shows them.
public struct APIKeys: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var values: [String]
    public init(_ values: String...) { self.values = values }
    public init(_ values: [String]) { self.values = values }
    public var description: String { "APIKeys(<redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

/// A scheme that sends several ``APIKeys`` together, each in its header field, query item or cookie.
public protocol APIKeysAuthScheme: AuthScheme where Credential == APIKeys {
    static var locations: [APIKeyLocation] { get }
}

extension APIKeysAuthScheme {
    /// Throws, sending nothing, when the credential holds another number of keys than the scheme sends.
    public static func authorize(_ request: inout URLRequest, with credential: APIKeys) throws {
        guard credential.values.count == locations.count else {
            throw FailureReason(
                message: "the credential holds \(credential.values.count) API keys and \(Self.self) sends \(locations.count); nothing was sent")
        }
        var authorized = request
        for (location, key) in zip(locations, credential.values) { try location.add(key, to: &authorized) }
        request = authorized
    }

    public static func secrets(of credential: APIKeys) -> [String] {
        zip(locations, credential.values).flatMap { $0.secrets(of: $1) }
    }
}

// MARK: Custom

/// A closure that authorizes a request however the server wants: a signature, a session cookie,
/// a token fetched or refreshed on demand.
///
/// What the closure adds to a request is a secret unless said otherwise: every header value and
/// query item value it sets or changes (of at least ``minimumAddedSecretLength`` characters; the
/// credentials after the scheme of an `Authorization`-style value, and the values of the cookies
/// it adds, too) is removed from error descriptions and response excerpts, as are `secrets`.
/// `redactingAddedValues: false` limits redaction to `secrets`, for a closure that adds values
/// worth reading in logs.
public struct CustomAuthorization: Sendable, CustomStringConvertible, CustomReflectable {
    public let authorize: @Sendable (inout URLRequest) async throws -> Void
    /// Secret text the closure adds, removed from error descriptions and response excerpts
    /// whatever its length, and also when `redactsAddedValues` is false.
    public let secrets: [String]
    /// Whether the header and query values the closure sets are secrets too (the default).
    public let redactsAddedValues: Bool

    /// Values the closure adds that are shorter than this are not taken as secrets: a version
    /// number or a method name would otherwise be removed from every description (list a short
    /// secret in `secrets`).
    public static let minimumAddedSecretLength = 6

    public init(
        secrets: [String] = [], redactingAddedValues: Bool = true,
        _ authorize: @escaping @Sendable (inout URLRequest) async throws -> Void
    ) {
        self.authorize = authorize
        self.secrets = secrets
        self.redactsAddedValues = redactingAddedValues
    }

    public var description: String { "CustomAuthorization(<redacted>)" }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// The text the closure put into `after` that `before` did not hold: the values of headers set
    /// or changed (with the credentials of a `<scheme> <credentials>` value, and the values of
    /// cookies added) and of query items added, plain and as they appear in the URL.
    static func addedValues(from before: URLRequest, to after: URLRequest) -> [String] {
        var added: [String] = []
        let old = Dictionary((before.allHTTPHeaderFields ?? [:]).map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
        for (name, value) in after.allHTTPHeaderFields ?? [:] {
            let previous = old[name.lowercased()]
            guard value != previous else { continue }
            added.append(value)
            if name.lowercased() == "cookie" {
                let kept = Set(cookies(in: previous ?? ""))
                added += cookies(in: value).filter { !kept.contains($0) }.map(\.value)
            } else if let space = value.firstIndex(of: " ") {
                added.append(String(value[value.index(after: space)...]).trimmingCharacters(in: .whitespaces))
            }
        }
        if let url = after.url, url.query != before.url?.query,
           let items = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedQueryItems {
            let kept = before.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: true)?.percentEncodedQueryItems } ?? []
            var remaining = kept
            for item in items {
                if let index = remaining.firstIndex(of: item) {
                    remaining.remove(at: index)
                    continue
                }
                guard let value = item.value else { continue }
                added.append(value)
                if let plain = value.removingPercentEncoding { added.append(plain) }
            }
        }
        var seen = Set<String>()
        return added.filter { $0.count >= minimumAddedSecretLength && seen.insert($0).inserted }
    }

    private struct Cookie: Hashable {
        var name: String
        var value: String
    }

    private static func cookies(in header: String) -> [Cookie] {
        header.split(separator: ";").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            return Cookie(name: parts[0].trimmingCharacters(in: .whitespaces), value: parts[1].trimmingCharacters(in: .whitespaces))
        }
    }
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
    /// `credential`, or an error naming `what` (never the value) and the problem: a credential
    /// sent changed (a line break read from a file, say, removed) would be refused by the server
    /// in a way that does not say why.
    static func checked(_ credential: String, _ what: String) throws -> String {
        guard let problem = problem(credential) else { return credential }
        throw FailureReason(message: "\(what) \(problem); nothing was sent")
    }

    /// Why `text` cannot be a header's value as it is, or nil: a control character other than a
    /// tab, or a space or tab at either end, which HTTP drops.
    static func problem(_ text: String) -> String? {
        for byte in text.utf8 where (byte < 0x20 && byte != 0x09) || byte == 0x7F {
            return byte == 0x0A || byte == 0x0D ? "holds a line break" : "holds a control character"
        }
        if let first = text.utf8.first, let last = text.utf8.last,
           first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 {
            return "begins or ends with a space, which HTTP drops"
        }
        return nil
    }
}
