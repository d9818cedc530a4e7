import Foundation

/// The one error an ``EndpointClient`` throws. It says what went wrong, for which request, and
/// carries what came back: the status and body of a failed response, and for a decoding failure
/// the coding path and an excerpt of the body.
public struct EndpointError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public enum Kind: Sendable, Hashable {
        /// The endpoint could not make its request (a body that does not encode, a bad URL).
        case invalidRequest
        /// The transport failed: no connection, a timeout, a TLS error.
        case transport
        /// The request was cancelled before a response arrived.
        case cancelled
        /// The server answered with a status outside 200–299.
        case unacceptableStatus
        /// The response body did not decode to the endpoint's response type.
        case decoding
        /// The request could not be authorized: the client holds no credential for the endpoint's
        /// scheme, the credential could not be obtained, or the request goes to another server.
        case authorization
        /// The server answered 2xx, but the response's envelope reported a failure
        /// (`{"status": 0, "message": "…"}`); ``message`` holds the server's message.
        case rejected
    }

    public var kind: Kind
    /// The request's method and URL; nil when the endpoint could not make its request.
    public var method: HTTPMethod?
    public var url: URL?
    /// The response, when one arrived.
    public var response: HTTPResponse?
    /// The error that caused this one, if any.
    public var underlyingError: (any Error)?
    /// For a rejected status, the body decoded as the endpoint's error model, if it declares one.
    public var errorBody: (any Sendable)?
    /// The server's message, for a response whose envelope reported a failure.
    public var message: String?
    /// How many times the request was sent: more than 1 when a retry middleware sent it again.
    public var attempts = 1
    /// Secret text of the request's credential, kept out of ``description`` and ``bodyExcerpt``.
    var secrets: [String] = []

    public init(
        kind: Kind, method: HTTPMethod?, url: URL?, response: HTTPResponse? = nil, underlyingError: (any Error)? = nil,
        errorBody: (any Sendable)? = nil, message: String? = nil
    ) {
        self.kind = kind
        self.method = method
        self.url = url
        self.response = response
        self.underlyingError = underlyingError
        self.errorBody = errorBody
        self.message = message
    }

    init(
        kind: Kind, method: HTTPMethod?, url: URL?, response: HTTPResponse? = nil, underlyingError: (any Error)? = nil,
        errorBody: (any Sendable)? = nil, secrets: [String]
    ) {
        self.init(kind: kind, method: method, url: url, response: response, underlyingError: underlyingError, errorBody: errorBody)
        self.secrets = secrets
    }

    /// The decoded error body as `type`: `error.errorBody(as: APIProblem.self)?.detail`.
    public func errorBody<T>(as type: T.Type = T.self) -> T? {
        errorBody as? T
    }

    /// Whether the request was cancelled because the ``SessionClient`` it went through changed
    /// configuration (the user logged in or out) while it was in flight.
    public var wasSuperseded: Bool { underlyingError is SessionChanged }

    /// The HTTP status, when a response arrived.
    public var statusCode: Int? { response?.statusCode }

    /// For a decoding failure, where in the JSON it happened, as in `cities[2].name`.
    public var codingPath: String? {
        guard let error = underlyingError as? DecodingError else { return nil }
        return Self.path(of: error)
    }

    /// The start of the response body as text, for messages and logs.
    public var bodyExcerpt: String? {
        guard let body = response?.body, !body.isEmpty else { return nil }
        let limit = 512
        let text = String(decoding: body.prefix(limit), as: UTF8.self)
        return redacted(body.count > limit ? text + "…" : text)
    }

    public var debugDescription: String { "EndpointError(\(description))" }

    /// What `dump` and debuggers show: the description's parts, without the request's secrets.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "kind": kind as Any, "method": method as Any, "url": shownURL as Any, "statusCode": statusCode as Any,
            "message": message.map(redacted) as Any, "description": description,
        ], displayStyle: .struct)
    }

    /// The URL as descriptions show it: without the request's secrets or a password it holds.
    private var shownURL: String? {
        url.map { redacted($0.absoluteString) }
    }

    private func redacted(_ text: String) -> String {
        // A password in the URL, also where an underlying error quotes the URL.
        var text = url?.redactingPassword(in: text) ?? text
        // The longest first: a secret that holds another is removed whole.
        for secret in secrets.sorted(by: { $0.count > $1.count }) where !secret.isEmpty {
            text = text.replacingOccurrences(of: secret, with: "<redacted>")
        }
        return text
    }

    public var description: String {
        var text = method.map { "\($0) \(shownURL ?? "(no URL)"): " } ?? ""
        switch kind {
        case .invalidRequest: text += "could not make the request"
        case .transport: text += "the request failed"
        case .cancelled: text += "the request was cancelled"
        case .unacceptableStatus: text += "HTTP \(statusCode ?? 0)"
        case .decoding: text += "the response did not decode"
        case .authorization: text += "the request could not be authorized"
        case .rejected: text += "the server reported a failure"
        }
        if let message { text += ": \(message)" }
        if let codingPath { text += " at \(codingPath.isEmpty ? "the top level" : codingPath)" }
        if let underlyingError { text += ": \(Self.message(of: underlyingError))" }
        if attempts > 1 { text += " (after \(attempts) attempts)" }
        if let bodyExcerpt, kind == .unacceptableStatus || kind == .decoding { text += "\nbody: \(bodyExcerpt)" }
        return redacted(text)
    }

    static func path(of error: DecodingError) -> String {
        let keys: [any CodingKey]
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            keys = context.codingPath
        case .keyNotFound(let key, let context):
            keys = context.codingPath + [key]
        @unknown default:
            keys = []
        }
        var path = ""
        for key in keys {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return path
    }

    static func message(of error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        switch error {
        case .typeMismatch(let type, let context): return "expected \(type): \(context.debugDescription)"
        case .valueNotFound(let type, let context): return "expected \(type), found null: \(context.debugDescription)"
        case .keyNotFound(let key, _): return "no value for key \"\(key.stringValue)\""
        case .dataCorrupted(let context): return context.debugDescription
        @unknown default: return String(describing: error)
        }
    }
}

/// Why a request failed before or without reaching the server, in words.
public struct FailureReason: Error, Sendable, CustomStringConvertible {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}

extension URL {
    /// `text` with this URL's password (`https://user:password@host`) replaced by `<redacted>`
    /// wherever the URL shows in it.
    func redactingPassword(in text: String) -> String {
        guard let password = URLComponents(url: self, resolvingAgainstBaseURL: false)?.percentEncodedPassword,
              !password.isEmpty else { return text }
        return text.replacingOccurrences(of: ":\(password)@", with: ":<redacted>@")
    }
}
