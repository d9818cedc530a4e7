import Foundation

/// The request an ``Endpoint`` describes: method, a percent-encoded path relative to the server's
/// base URL, query items, headers, cookies and an optional body. The client resolves it into a
/// `URLRequest`.
public struct EndpointRequest: Sendable {
    public var method: HTTPMethod
    /// The percent-encoded path, starting with `/`.
    public var path: EndpointPath
    /// Query items in the order they are sent; a name may repeat (arrays).
    public var query: [QueryItem]
    /// Header fields set on this request; they win over the client's default headers, whatever
    /// the case of their names.
    public var headers: [String: String]
    public var body: Data?
    /// A body streamed from a file, data or a stream, with progress reports; sent instead of `body`.
    public var upload: Upload?
    /// Cookies sent in the `Cookie` header, in order.
    public var cookies: [QueryItem] = []
    /// The name of the server the request goes to when it is not the client's base URL, such as
    /// `"Avatars"` for a resource on an image host; the client maps names to base URLs.
    public var server: String?
    /// The `Accept` header sent unless `headers` or the client's defaults set one: JSON for
    /// endpoints that decode JSON, `*/*` for raw data and text.
    public var accept: String?
    /// Values of this request that must never be shown, in errors or logs: those of the
    /// parameters the spec marks `"secret": true`.
    public var secrets: [String] = []
    /// Seconds without data after which the request fails, instead of the client's timeout: the
    /// spec's `timeout`, or one call's (``Endpoint/timeout(_:)``).
    public var timeout: TimeInterval?
    /// The address a server gave for this request, such as a `Link` header's next page: when
    /// set, the request goes there instead of to `path` and `query`, resolved against the URL
    /// they make, and only on the same server (scheme, host and port); elsewhere the client
    /// fails it with `invalidRequest` instead of sending it.
    public var link: URL?
    /// Why the request cannot be sent as the app asked (a header value that a header cannot
    /// carry, see ``setHeader(_:_:)``), or nil. The client fails the request with
    /// `invalidRequest` and this message instead of sending it.
    public var problem: String?

    public init(
        method: HTTPMethod,
        path: EndpointPath,
        accept: String? = "application/json",
        query: [QueryItem] = [],
        headers: [String: String] = [:],
        body: Data? = nil,
        server: String? = nil
    ) {
        self.server = server
        self.method = method
        self.path = path
        self.accept = accept
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// Keeps `value` out of errors and logs (a parameter the spec marks `"secret": true`), as
    /// written and percent-encoded; nil adds nothing.
    public mutating func markSecret(_ value: (some ParameterValue)?) {
        guard let text = value?.parameterValue, !text.isEmpty else { return }
        secrets.append(text)
        let encoded = PercentEncoding.encode(text)
        if encoded != text { secrets.append(encoded) }
    }

    /// Keeps each of `values` out of errors and logs; nil adds nothing.
    public mutating func markSecret(_ values: [some ParameterValue]?) {
        for value in values ?? [] { markSecret(value) }
    }

    /// Keeps the values of `entries` out of errors and logs; nil adds nothing.
    public mutating func markSecret(_ entries: [String: some ParameterValue]?) {
        for value in (entries ?? [:]).values { markSecret(value) }
    }

    /// One `name=value` pair of the query string, not yet percent-encoded.
    public struct QueryItem: Sendable, Hashable {
        public var name: String
        public var value: String
        /// For an array sent as one item (``addQueryList(_:_:separator:)``), the character between
        /// its elements in `value`; a comma is sent as it is, so that a reader can tell it from a
        /// comma in a value (`%2C`), a space and `|` percent-encoded like any other.
        public var separator: Character?

        public init(name: String, value: String, separator: Character? = nil) {
            self.name = name
            self.value = value
            self.separator = separator
        }

        /// `name=value`, percent-encoded.
        var percentEncoded: String {
            let value = separator == "," ? PercentEncoding.encodeKeepingCommas(value) : PercentEncoding.encode(value)
            return PercentEncoding.encode(name) + "=" + value
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

    /// Appends `name[key]=value` for each entry, in the order of the keys (OpenAPI's deepObject
    /// style: `metadata[color]=red&metadata[size]=2`), unless `entries` is nil. A key that is
    /// empty or holds a bracket would be read as another name (`metadata[]` appends to a list
    /// in many servers), so it is not sent: the request records the ``problem`` and the client
    /// fails it with `invalidRequest`.
    public mutating func addQueryDictionary(_ name: String, _ entries: [String: some ParameterValue]?) {
        guard let entries else { return }
        let keys = entries.keys.sorted()
        if keys.contains(where: { $0.isEmpty || $0.utf8.contains(UInt8(ascii: "[")) || $0.utf8.contains(UInt8(ascii: "]")) }) {
            if problem == nil { problem = "a key of query item '\(name)' is empty or holds a bracket, which would make it another name" }
            return
        }
        for key in keys {
            query.append(QueryItem(name: "\(name)[\(key)]", value: entries[key]!.parameterValue))
        }
    }

    /// Appends `key=value` for each entry, in the order of the keys, each an item of its own
    /// (OpenAPI's form style, exploded: `hs_url=x&hs_title=y`), unless `entries` is nil. An empty
    /// key names no item, so it is not sent: the request records the ``problem`` and the client
    /// fails it with `invalidRequest`.
    public mutating func addQueryEntries(_ entries: [String: some ParameterValue]?) {
        guard let entries else { return }
        let keys = entries.keys.sorted()
        if keys.contains(where: \.isEmpty) {
            if problem == nil { problem = "a key of a query dictionary sent by key is empty, which names no query item" }
            return
        }
        for key in keys {
            query.append(QueryItem(name: key, value: entries[key]!.parameterValue))
        }
    }

    /// Appends one `name=value` item holding the elements in order, `separator` between them
    /// (`ids=1,2,3`), unless `values` is nil or empty: OpenAPI's `form` style not exploded
    /// (`","`), `spaceDelimited` (`" "`) or `pipeDelimited` (`"|"`). An element that holds the
    /// separator would reach the server as two, so it is not sent: the request records the
    /// ``problem`` and the client fails it with `invalidRequest`.
    public mutating func addQueryList(_ name: String, _ values: [some ParameterValue]?, separator: Character) {
        guard let values, !values.isEmpty else { return }
        let texts = values.map(\.parameterValue)
        // Compared as bytes, not characters: a comma followed by a combining mark is one
        // character, but its comma still reaches the server.
        let separatorBytes = Array(String(separator).utf8)
        if texts.contains(where: { Self.holds($0, separatorBytes) }) {
            if problem == nil { problem = "an element of query item '\(name)' holds its separator '\(separator)'" }
            return
        }
        query.append(QueryItem(name: name, value: texts.joined(separator: String(separator)), separator: separator))
    }

    /// Sets a header to a list (RFC 9110 section 5.6.1), its elements separated by commas
    /// (`X-Tags: a,b`), unless `values` is nil or empty. An element the list's reader would not
    /// get back as it was (one that is empty, holds a comma or a quote left open, begins or ends
    /// with a space, or that a header cannot carry at all) is not sent: as with
    /// ``setHeader(_:_:)``, the request records the ``problem`` and the client fails it with
    /// `invalidRequest`.
    public mutating func setHeaderList(_ name: String, _ values: [some ParameterValue]?) {
        guard let values, !values.isEmpty else { return }
        let texts = values.map(\.parameterValue)
        for text in texts {
            let reason = text.isEmpty ? "is empty, which a list's reader drops"
                : Self.holds(text, [UInt8(ascii: ",")]) ? "holds a comma, which separates a list's elements"
                : Self.leavesAQuoteOpen(text) ? "holds a quote left open, which would join it to the next element"
                : HeaderValue.problem(text)
            if let reason {
                if problem == nil { problem = "an element of header '\(name)' \(reason)" }
                return
            }
        }
        setHeaderField(name, texts.joined(separator: ","))
    }

    /// Whether `text`'s UTF-8 holds `bytes` (a separator), wherever its characters begin.
    static func holds(_ text: String, _ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first else { return false }
        if bytes.count == 1 { return text.utf8.contains(first) }
        let utf8 = Array(text.utf8)
        guard utf8.count >= bytes.count else { return false }
        return (0...(utf8.count - bytes.count)).contains { utf8[$0..<($0 + bytes.count)].elementsEqual(bytes) }
    }

    /// Whether a list's reader, which reads a quoted string (RFC 9110 section 5.6.4: `"…"`, a
    /// backslash escaping the next character) as one piece, would still be inside one at the end
    /// of `text`, and so read on past the comma after it.
    static func leavesAQuoteOpen(_ text: String) -> Bool {
        var quoted = false
        var escaped = false
        for byte in text.utf8 {
            if escaped {
                escaped = false
            } else if quoted && byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                quoted.toggle()
            }
        }
        return quoted
    }

    /// Sets a header unless `value` is nil. A value that a header cannot carry as it is (a line
    /// break or another control character, which could add header fields of its own or make the
    /// server refuse the request, or a space at either end, which HTTP drops) is not set: the
    /// request records the ``problem`` and the client fails it with `invalidRequest` instead of
    /// sending something else than the app asked for.
    public mutating func setHeader(_ name: String, _ value: (some ParameterValue)?) {
        guard let value else { return }
        let text = value.parameterValue
        if let reason = HeaderValue.problem(text) {
            if problem == nil { problem = "the value of header '\(name)' \(reason)" }
            return
        }
        setHeaderField(name, text)
    }

    /// Sets the header field `name`, replacing one of the same name in another case (header names
    /// ignore case): a `content-type` parameter set after a body replaces the body's `Content-Type`.
    mutating func setHeaderField(_ name: String, _ value: String) {
        if headers[name] == nil && !headers.isEmpty {
            let lowercased = name.lowercased()
            for other in headers.keys.filter({ $0.lowercased() == lowercased }) { headers[other] = nil }
        }
        headers[name] = value
    }

    /// Adds a cookie unless `value` is nil. Characters a cookie value cannot hold (`;`, `,`,
    /// spaces, quotes, controls and non-ASCII) are percent-encoded.
    public mutating func addCookie(_ name: String, _ value: (some ParameterValue)?) {
        guard let value else { return }
        cookies.append(QueryItem(name: name, value: PercentEncoding.encodeCookieValue(value.parameterValue)))
    }

    /// Sets an `application/x-www-form-urlencoded` body from `form`'s fields.
    public mutating func setFormBody(_ form: FormFields) {
        body = Data(form.urlEncoded.utf8)
        upload = nil
        setHeaderField("Content-Type", "application/x-www-form-urlencoded")
    }

    /// Sets a `multipart/form-data` body from `form`'s fields and files. A file's content type
    /// that a header cannot carry as it is, a boundary RFC 2046 does not allow, or one that the
    /// content holds (so that a part would end early) is recorded as the ``problem``, and the
    /// client does not send the request.
    public mutating func setMultipartBody(_ form: FormFields, boundary: String = "endpointgen-\(UUID().uuidString)") {
        let encoded = form.multipartEncoded(boundary: boundary)
        body = encoded
        upload = nil
        // A boundary with a character a header parameter's token cannot hold goes in quotes.
        let parameter = boundary.utf8.allSatisfy(Self.tokenCharacters.contains) ? boundary : "\"\(boundary)\""
        setHeaderField("Content-Type", "multipart/form-data; boundary=\(parameter)")
        if problem == nil { problem = Self.multipartProblem(form, encoded, boundary: boundary) }
    }

    /// RFC 9110's `tchar`: what a header parameter's value may hold without quotes.
    static let tokenCharacters = ByteSet("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
    /// RFC 2046 section 5.1.1's `bchars`: what a boundary may hold (not ending with the space).
    private static let boundaryCharacters = ByteSet("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=? ".utf8)

    /// Why `encoded`, `form` as a multipart body with `boundary`, is not what the app gave, or nil.
    private static func multipartProblem(_ form: FormFields, _ encoded: Data, boundary: String) -> String? {
        for case .file(let name, let file) in form.fields {
            if let reason = HeaderValue.problem(file.contentType) { return "the content type of file field '\(name)' \(reason)" }
        }
        guard (1...70).contains(boundary.utf8.count), boundary.utf8.allSatisfy(boundaryCharacters.contains), boundary.utf8.last != 0x20 else {
            return "the multipart boundary '\(boundary)' is not one RFC 2046 allows"
        }
        // A delimiter is a line break and `--boundary`: one ends each field (the first field
        // opens the body without the line break), and any other is in the content.
        var delimiters = 0, searched = encoded.startIndex
        let delimiter = Data("\r\n--\(boundary)".utf8)
        while let found = encoded.range(of: delimiter, in: searched..<encoded.endIndex) {
            delimiters += 1
            searched = found.upperBound
        }
        return delimiters == form.fields.count ? nil : "the multipart boundary '\(boundary)' occurs in the content"
    }

    /// Sends `text` as the request body, its UTF-8 bytes as they are, with `contentType`
    /// (`text/plain; charset=utf-8`, `text/csv; charset=utf-8`).
    public mutating func setTextBody(_ text: String, contentType: String) {
        body = Data(text.utf8)
        upload = nil
        setHeaderField("Content-Type", contentType)
    }

    /// Sends `body` as the request body, streamed from a file, data or a stream, calling
    /// `progress` as it goes out.
    public mutating func setUploadBody(
        _ body: UploadBody, contentType: String = "application/octet-stream",
        progress: (@Sendable (UploadProgress) -> Void)? = nil
    ) {
        self.body = nil
        upload = Upload(body: body, progress: progress)
        setHeaderField("Content-Type", contentType)
    }

    /// An upload: what to send and whom to tell how far it got.
    public struct Upload: Sendable {
        public var body: UploadBody
        public var progress: (@Sendable (UploadProgress) -> Void)?
        public init(body: UploadBody, progress: (@Sendable (UploadProgress) -> Void)? = nil) {
            self.body = body
            self.progress = progress
        }
    }

    /// Encodes `value` as the JSON body, optionally wrapped in a one-key object (`{"key": value}`).
    public mutating func setJSONBody(_ value: some Encodable, wrappedIn key: String? = nil, contentType: String = "application/json") throws {
        let encoder = JSONEncoder()
        if let key {
            body = try encoder.encode([key: AnyEncodable(value)])
        } else {
            body = try encoder.encode(value)
        }
        upload = nil
        setHeaderField("Content-Type", contentType)
    }

    /// The query string, percent-encoded so that every reserved character survives the trip.
    public var percentEncodedQuery: String? {
        guard !query.isEmpty else { return nil }
        return query.map(\.percentEncoded).joined(separator: "&")
    }
}

/// A body under a key: encoded through a container, so that the coder writes it its own way
/// (`JSONEncoder`: a `URL` as a string, `Data` as base64, a `Decimal` as a number).
private struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// A request path whose interpolated values are percent-encoded as single path segments, so
/// `"/books/\(id)"` stays one segment whatever `id` holds (`/`, `?`, `#`, spaces…).
public struct EndpointPath: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The percent-encoded path.
    public var percentEncoded: String
    /// The path as written, each interpolated value a `{}` (`/cities/{}`); the path itself when
    /// nothing was interpolated. For logs and metrics, which group requests by it.
    public var template: String { interpolatedTemplate ?? percentEncoded }
    private var interpolatedTemplate: String?
    /// Why the path cannot be sent, when an interpolated value makes a segment that servers read
    /// as another resource's: `.` or `..` (however spelt, `%2E` included, alone or beside the
    /// template's own dots), or an empty segment before another (`/users//books`, which many
    /// servers read as `/users/books`). The client fails such a request with `invalidRequest`
    /// instead of sending it. An empty last segment (`/contents/`) is sent as it is.
    public private(set) var problem: String?

    public init(percentEncoded: String) { self.percentEncoded = percentEncoded }
    public init(stringLiteral value: String) { percentEncoded = value }
    public init(stringInterpolation: StringInterpolation) {
        percentEncoded = stringInterpolation.text
        interpolatedTemplate = stringInterpolation.template
        problem = Self.problem(in: stringInterpolation.text, valueSegments: stringInterpolation.valueSegments)
    }

    /// The first segment among `valueSegments` (indices of the segments that hold a value) that
    /// is a dot segment, or empty before another segment.
    private static func problem(in text: String, valueSegments: [Int]) -> String? {
        guard !valueSegments.isEmpty else { return nil }
        let segments = text.split(separator: "/", omittingEmptySubsequences: false)
        for index in valueSegments where index < segments.count {
            // A dot segment is at most six characters (`%2E%2E`); longer ones are left alone.
            guard segments[index].utf8.count <= 6 else { continue }
            let segment = segments[index].replacingOccurrences(of: "%2E", with: ".").replacingOccurrences(of: "%2e", with: ".")
            if segment == "." || segment == ".." {
                return "a path parameter makes the segment '\(segments[index])', which servers read as '\(segment)'"
            }
            if segment.isEmpty && index < segments.count - 1 {
                return "a path parameter is empty, which makes an empty segment before another ('//')"
            }
        }
        return nil
    }
    public var description: String { percentEncoded }

    public static func == (lhs: EndpointPath, rhs: EndpointPath) -> Bool { lhs.percentEncoded == rhs.percentEncoded }
    public func hash(into hasher: inout Hasher) { hasher.combine(percentEncoded) }

    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""
        var template = ""
        /// The index of the segment each value went into: the number of `/` before it, all in
        /// literals (a value's `/` is encoded).
        var valueSegments: [Int] = []
        private var slashes = 0
        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }
        public mutating func appendLiteral(_ literal: String) {
            text += literal
            template += literal
            slashes += literal.utf8.reduce(0) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 }
        }
        public mutating func appendInterpolation(_ value: some ParameterValue) {
            valueSegments.append(slashes)
            text += PercentEncoding.encodeSegment(value.parameterValue)
            template += "{}"
        }
    }
}

/// Percent-encoding that leaves only RFC 3986's unreserved characters as they are.
public enum PercentEncoding {
    private static let unreserved = ByteSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    /// A value as one path segment: as ``encode(_:)``, but `@` as it is, which RFC 3986 allows
    /// in a segment (`/users/jane@example.com`: some servers, such as VictorOps', read `%40` as
    /// it is and find no such user), and `.` and `..` encoded too. (`:` stays encoded: Google's
    /// APIs read `/v1/ops:cancel` as the method `cancel` of `ops`.) Servers may still read `%2E`
    /// as a dot, so ``EndpointPath`` also reports such a segment as its
    /// ``EndpointPath/problem`` and the client does not send it.
    public static func encodeSegment(_ string: String) -> String {
        string == "." || string == ".." ? String(repeating: "%2E", count: string.count) : encode(string.utf8, keeping: segmentCharacters)
    }

    /// The unreserved characters and `@`.
    private static let segmentCharacters = unreserved.union(ByteSet("@".utf8))

    /// Whether `path` is a valid percent-encoded URL path: only characters a path may hold,
    /// and every `%` followed by two hexadecimal digits.
    public static func isValidPath(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        let allowed = pathCharacters
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else { return false }
                index += 3
                continue
            }
            guard allowed.contains(byte) else { return false }
            index += 1
        }
        return true
    }

    /// The unreserved characters and the symbols a path may hold as they are.
    private static let pathCharacters = unreserved.union(ByteSet("!$&'()*+,;=:@/".utf8))

    private static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// A cookie value: RFC 6265's cookie-octets stay as they are (so `+`, `/`, `=` and `:` do too),
    /// everything else, and `%`, is percent-encoded.
    public static func encodeCookieValue(_ string: String) -> String {
        encode(string.utf8, keeping: cookieOctets)
    }

    private static let cookieOctets = ByteSet((0x21...0x7E).filter { ![0x22, 0x25, 0x2C, 0x3B, 0x5C].contains($0) })

    public static func encode(_ string: String) -> String {
        encode(string.utf8, keeping: unreserved)
    }

    /// As ``encode(_:)``, but commas stay as they are: the separators of a delimited query array.
    static func encodeKeepingCommas(_ string: String) -> String {
        encode(string.utf8, keeping: unreservedAndComma)
    }

    private static let unreservedAndComma = unreserved.union(ByteSet(",".utf8))

    /// As ``encode(_:)``, from bytes that need not be UTF-8: each is encoded as it is.
    public static func encode(bytes: some Collection<UInt8>) -> String {
        encode(bytes, keeping: unreserved)
    }

    private static func encode(_ input: some Collection<UInt8>, keeping: ByteSet) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(input.count)
        for byte in input {
            if keeping.contains(byte) {
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

/// A set of bytes, looked up by index rather than by hash: percent-encoding asks it once for
/// every byte of every path and query.
struct ByteSet: Sendable {
    private var members = [Bool](repeating: false, count: 256)

    init(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { members[Int(byte)] = true }
    }

    func contains(_ byte: UInt8) -> Bool { members[Int(byte)] }

    func union(_ other: ByteSet) -> ByteSet {
        var union = self
        for index in 0..<256 where other.members[index] { union.members[index] = true }
        return union
    }
}
