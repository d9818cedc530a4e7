import Foundation

/// An endpoint whose successful responses carry header fields the spec declares
/// (`"responseHeaders"`). Sending it as it is gives its value alone; sending
/// ``withResponseHeaders()`` gives the value and the headers, read into the endpoint's
/// `ResponseHeaders` struct:
///
/// ```swift
/// let (pet, headers) = try await client.send(PetsService.getPet(id: 7).withResponseHeaders())
/// cache.store(pet, etag: headers.eTag)
/// ```
public protocol ResponseHeadersDecoding: Endpoint {
    associatedtype ResponseHeaders: Sendable

    /// Reads the declared headers of a successful response; throws when a required one is
    /// missing or one does not read as its type.
    func decodeResponseHeaders(_ response: HTTPResponse) throws -> ResponseHeaders
}

extension ResponseHeadersDecoding {
    /// This endpoint, answering with its value and its response's headers.
    public func withResponseHeaders() -> WithResponseHeaders<Self> {
        WithResponseHeaders(self)
    }
}

/// An endpoint that answers with the value of the endpoint it wraps and the headers of the
/// response: ``ResponseHeadersDecoding/withResponseHeaders()``. Sent through any client, the
/// same way as the endpoint itself: its request, auth scheme, error body and idempotence are
/// the wrapped endpoint's. A header that is missing or does not read fails the request with a
/// `.decoding` error, as a body that does not decode does.
public struct WithResponseHeaders<Wrapped: ResponseHeadersDecoding>: Endpoint {
    public typealias Response = (value: Wrapped.Response, headers: Wrapped.ResponseHeaders)
    public typealias Auth = Wrapped.Auth

    public var wrapped: Wrapped

    public init(_ wrapped: Wrapped) {
        self.wrapped = wrapped
    }

    public func makeRequest() throws -> EndpointRequest { try wrapped.makeRequest() }

    public func decodeResponse(_ response: HTTPResponse) throws -> Response {
        let headers = try wrapped.decodeResponseHeaders(response)
        return (try wrapped.decodeResponse(response), headers)
    }
}

extension WithResponseHeaders: ErrorBodyDecoding where Wrapped: ErrorBodyDecoding {
    public func decodeErrorBody(_ response: HTTPResponse) -> (any Sendable)? { wrapped.decodeErrorBody(response) }
}

extension WithResponseHeaders: IdempotentEndpoint where Wrapped: IdempotentEndpoint {}

extension WithResponseHeaders: StreamingEndpoint where Wrapped: StreamingEndpoint {
    /// The headers, read as soon as the response's head arrives, beside the stream of its body.
    public func decodeEvents(_ response: StreamedHTTPResponse) throws -> Response {
        let headers = try wrapped.decodeResponseHeaders(HTTPResponse(statusCode: response.statusCode, headers: response.headers))
        return (try wrapped.decodeEvents(response), headers)
    }
}

extension WithResponseHeaders: EndpointWrapper {
    static var wrappedEndpointName: String { Wrapped.endpointName }
}

extension TimedEndpoint: ResponseHeadersDecoding where Wrapped: ResponseHeadersDecoding {
    public func decodeResponseHeaders(_ response: HTTPResponse) throws -> Wrapped.ResponseHeaders {
        try wrapped.decodeResponseHeaders(response)
    }
}

/// A value a response header field holds, read from the field's text (spaces and tabs at either
/// end, which HTTP does not count as part of the value, left out).
public protocol ResponseHeaderValue: Sendable {
    /// The value `text` spells; nil when it spells none of this type.
    init?(headerValue text: String)
}

extension String: ResponseHeaderValue {
    public init?(headerValue text: String) { self = text }
}

extension Int: ResponseHeaderValue {
    public init?(headerValue text: String) { self.init(text) }
}

extension Int64: ResponseHeaderValue {
    public init?(headerValue text: String) { self.init(text) }
}

extension Double: ResponseHeaderValue {
    public init?(headerValue text: String) { self.init(text) }
}

extension Bool: ResponseHeaderValue {
    /// `true` or `false`, as parameters send them.
    public init?(headerValue text: String) { self.init(text) }
}

extension UUID: ResponseHeaderValue {
    public init?(headerValue text: String) { self.init(uuidString: text) }
}

extension URL: ResponseHeaderValue {
    /// The URL as the header writes it: absolute, or a relative reference (`Location: /pets/7`)
    /// that the app resolves against the request's URL.
    public init?(headerValue text: String) { self.init(string: text) }
}

extension Date: ResponseHeaderValue {
    /// An HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`, as `Last-Modified` and `Expires` send
    /// one), or ISO 8601 (`1994-11-06T08:49:37Z`, as parameters send a date).
    public init?(headerValue text: String) {
        guard let date = HTTPDate.date(from: text) ?? DateCodingStrategy.iso8601.date(from: text) else { return nil }
        self = date
    }
}

extension ResponseHeaderValue where Self: RawRepresentable, RawValue: ResponseHeaderValue {
    /// The case whose raw value the header spells: an enum of the app's (one that replaces a
    /// spec's enum) reads a header by declaring the conformance.
    public init?(headerValue text: String) {
        guard let raw = RawValue(headerValue: text) else { return nil }
        self.init(rawValue: raw)
    }
}

/// HTTP's date forms (RFC 9110, section 5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`, and the two
/// obsolete ones a recipient must read too, `Sunday, 06-Nov-94 08:49:37 GMT` and
/// `Sun Nov  6 08:49:37 1994`. Read strictly: nothing else, and no field out of its range.
enum HTTPDate {
    static let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let longDays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `currentYear` decides the century of an RFC 850 date's two-digit year.
    static func date(from text: String, currentYear: @autoclosure () -> Int = yearNow()) -> Date? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        if parts.count == 6, parts[0].hasSuffix(","), days.contains(String(parts[0].dropLast())), parts[5] == "GMT",
           parts[1].count == 2, let day = number(parts[1]), let month = months.firstIndex(of: String(parts[2])),
           parts[3].count == 4, let year = number(parts[3]) {
            // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
            return date(year: year, month: month + 1, day: day, time: parts[4])
        }
        if parts.count == 4, parts[0].hasSuffix(","), longDays.contains(String(parts[0].dropLast())), parts[3] == "GMT" {
            // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT; a two-digit year is this century's unless
            // that is more than 50 years ahead, then the last century's (RFC 9110, 5.6.7).
            let fields = parts[1].split(separator: "-", omittingEmptySubsequences: false)
            guard fields.count == 3, fields[0].count == 2, let day = number(fields[0]), let month = months.firstIndex(of: String(fields[1])),
                  fields[2].count == 2, let short = number(fields[2])
            else { return nil }
            let now = currentYear()
            let century = now / 100 * 100
            let year = century + short > now + 50 ? century - 100 + short : century + short
            return date(year: year, month: month + 1, day: day, time: parts[2])
        }
        // asctime: Sun Nov  6 08:49:37 1994, a day under 10 after two spaces.
        let asctime: (day: Substring, time: Substring, year: Substring)? =
            if parts.count == 6, parts[2].isEmpty, parts[3].count == 1 { (parts[3], parts[4], parts[5]) }
            else if parts.count == 5, parts[2].count == 2 { (parts[2], parts[3], parts[4]) }
            else { nil }
        guard let asctime, days.contains(String(parts[0])), let month = months.firstIndex(of: String(parts[1])),
              let day = number(asctime.day), asctime.year.count == 4, let year = number(asctime.year)
        else { return nil }
        return date(year: year, month: month + 1, day: day, time: asctime.time)
    }

    /// The year now, in UTC.
    static func yearNow() -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.component(.year, from: Date())
    }

    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(text)
    }

    /// The date at `HH:MM:SS` (a leap second `60` allowed) in UTC; nil for a field out of range.
    private static func date(year: Int, month: Int, day: Int, time: Substring) -> Date? {
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }), let hour = number(clock[0]), let minute = number(clock[1]),
              let second = number(clock[2]), hour < 24, minute < 60, second <= 60
        else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...monthDays[month - 1]).contains(day) else { return nil }
        // Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }
}

extension Array: ResponseHeaderValue where Element: ResponseHeaderValue {
    /// A comma-separated list (`Allow: GET, HEAD`; RFC 9110, 5.6.1); an empty field is an empty
    /// list and empty items do not count. A comma inside a quoted item (`"a, b"`, kept with its
    /// quotes) or after an HTTP date's day name (`Sun, 06 Nov 1994 08:49:37 GMT`) does not
    /// separate items.
    public init?(headerValue text: String) {
        var items: [String] = []
        var item = ""
        var quoted = false
        var escaped = false
        for character in text {
            if quoted {
                item.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { quoted = false }
            } else if character == "," {
                let piece = HTTPResponse.trimmed(Substring(item))
                // `Sun,` or `Sunday,` starts an HTTP date, which goes on after the comma.
                if Element.self == Date.self, HTTPDate.days.contains(piece) || HTTPDate.longDays.contains(piece) {
                    item.append(character)
                } else {
                    items.append(piece)
                    item = ""
                }
            } else {
                if character == "\"" { quoted = true }
                item.append(character)
            }
        }
        items.append(HTTPResponse.trimmed(Substring(item)))
        var elements: [Element] = []
        for item in items where !item.isEmpty {
            guard let element = Element(headerValue: item) else { return nil }
            elements.append(element)
        }
        self = elements
    }
}


/// A response header that is missing or does not read as its type.
public struct ResponseHeaderError: Error, Sendable, CustomStringConvertible {
    /// The header's name, as the spec declares it.
    public var name: String
    public var description: String

    public init(name: String, description: String) {
        self.name = name
        self.description = description
    }
}

extension HTTPResponse {
    /// The header field `name` (case ignored) read as `T`; throws a ``ResponseHeaderError`` when
    /// the response has no such field or its value does not read as `T`.
    public func header<T: ResponseHeaderValue>(_ name: String, as type: T.Type) throws -> T {
        try required(name, try headerIfPresent(name, as: T.self))
    }

    /// The header field `name` (case ignored) read as `T`, nil when the response has no such
    /// field; throws a ``ResponseHeaderError`` when its value does not read as `T`. The value
    /// itself is not in the error, since headers can hold secrets.
    public func headerIfPresent<T: ResponseHeaderValue>(_ name: String, as type: T.Type) throws -> T? {
        try read(name, as: T.self) { T(headerValue: $0) }
    }

    // A generated enum reads its raw value: functions of their own rather than a conformance
    // of every enum, which each enum of a module would cost the compiler.

    /// The header field `name` read as the enum case its raw value names (`unknown` for one
    /// the spec does not list).
    public func header<T: OpenEnum>(_ name: String, as type: T.Type) throws -> T where T.RawValue: ResponseHeaderValue {
        try required(name, try headerIfPresent(name, as: T.self))
    }

    public func headerIfPresent<T: OpenEnum>(_ name: String, as type: T.Type) throws -> T? where T.RawValue: ResponseHeaderValue {
        try read(name, as: T.self) { T.RawValue(headerValue: $0).map(T.init(rawValue:)) }
    }

    /// The header field `name` read as a list of enum cases.
    public func header<T: OpenEnum>(_ name: String, as type: [T].Type) throws -> [T] where T.RawValue: ResponseHeaderValue {
        try required(name, try headerIfPresent(name, as: [T].self))
    }

    public func headerIfPresent<T: OpenEnum>(_ name: String, as type: [T].Type) throws -> [T]? where T.RawValue: ResponseHeaderValue {
        try read(name, as: [T].self) { [T.RawValue](headerValue: $0).map { $0.map(T.init(rawValue:)) } }
    }

    private func required<T>(_ name: String, _ value: T?) throws -> T {
        guard let value else { throw ResponseHeaderError(name: name, description: "the response has no '\(name)' header") }
        return value
    }

    private func read<T>(_ name: String, as type: T.Type, _ parse: (String) -> T?) throws -> T? {
        guard let text = value(forHeader: name) else { return nil }
        guard let value = parse(Self.trimmed(Substring(text))) else {
            throw ResponseHeaderError(name: name, description: "the '\(name)' header does not read as \(T.self)")
        }
        return value
    }

    /// `text` without the spaces and tabs at either end.
    static func trimmed(_ text: Substring) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[first...last])
    }
}
