import Foundation

/// The request an ``Endpoint`` describes: method, a percent-encoded path relative to the server's
/// base URL, query items, headers and an optional body. The client resolves it into a `URLRequest`.
public struct EndpointRequest: Sendable, Hashable {
    public var method: HTTPMethod
    /// The percent-encoded path, starting with `/`.
    public var path: EndpointPath
    /// Query items in the order they are sent; a name may repeat (arrays).
    public var query: [QueryItem]
    /// Header fields set on this request; they win over the client's default headers.
    public var headers: [String: String]
    public var body: Data?

    public init(
        method: HTTPMethod,
        path: EndpointPath,
        query: [QueryItem] = [],
        headers: [String: String] = [:],
        body: Data? = nil
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// One `name=value` pair of the query string, not yet percent-encoded.
    public struct QueryItem: Sendable, Hashable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Appends `name=value` unless `value` is nil.
    public mutating func addQuery(_ name: String, _ value: (some ParameterValue)?) {
        guard let value else { return }
        query.append(QueryItem(name: name, value: value.parameterValue))
    }

    /// Appends `name=value` once for each element, in order (`tag=a&tag=b`).
    public mutating func addQuery(_ name: String, _ values: [some ParameterValue]?) {
        guard let values else { return }
        for value in values {
            query.append(QueryItem(name: name, value: value.parameterValue))
        }
    }

    /// Sets a header unless `value` is nil. Line breaks and NUL are removed from the value, so
    /// that a value from user input cannot add header fields of its own.
    public mutating func setHeader(_ name: String, _ value: (some ParameterValue)?) {
        guard let value else { return }
        var text = value.parameterValue
        text.unicodeScalars.removeAll { $0 == "\r" || $0 == "\n" || $0 == "\0" }
        headers[name] = text
    }

    /// Encodes `value` as the JSON body, optionally wrapped in a one-key object (`{"key": value}`).
    public mutating func setJSONBody(_ value: some Encodable, wrappedIn key: String? = nil) throws {
        let encoder = JSONEncoder()
        if let key {
            body = try encoder.encode([key: AnyEncodable(value)])
        } else {
            body = try encoder.encode(value)
        }
        headers["Content-Type"] = "application/json"
    }

    /// The query string, percent-encoded so that every reserved character survives the trip.
    public var percentEncodedQuery: String? {
        guard !query.isEmpty else { return nil }
        return query.map { "\(PercentEncoding.encode($0.name))=\(PercentEncoding.encode($0.value))" }
            .joined(separator: "&")
    }
}

private struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws { try value.encode(to: encoder) }
}

/// A request path whose interpolated values are percent-encoded as single path segments, so
/// `"/books/\(id)"` stays one segment whatever `id` holds (`/`, `?`, `#`, spaces…).
public struct EndpointPath: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The percent-encoded path.
    public var percentEncoded: String

    public init(percentEncoded: String) { self.percentEncoded = percentEncoded }
    public init(stringLiteral value: String) { percentEncoded = value }
    public init(stringInterpolation: StringInterpolation) { percentEncoded = stringInterpolation.text }
    public var description: String { percentEncoded }

    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""
        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }
        public mutating func appendLiteral(_ literal: String) { text += literal }
        public mutating func appendInterpolation(_ value: some ParameterValue) {
            text += PercentEncoding.encode(value.parameterValue)
        }
    }
}

/// Percent-encoding that leaves only RFC 3986's unreserved characters as they are.
public enum PercentEncoding {
    private static let unreserved: Set<UInt8> = Set(
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    )

    public static func encode(_ string: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count)
        for byte in string.utf8 {
            if unreserved.contains(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
