import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import GeneratedRuntime
import Testing

/// Typed response headers: each value type reads its text forms and refuses others, a missing or
/// unreadable header fails the request as a `.decoding` error that does not quote the value, and
/// `withResponseHeaders()` keeps the wrapped endpoint's request, auth, error body and idempotence.
@Suite struct ResponseHeaderTests {
    enum Mode: OpenEnum {
        case fast, slow
        case unknown(String)
        init(rawValue: String) {
            switch rawValue {
            case "fast": self = .fast
            case "slow": self = .slow
            default: self = .unknown(rawValue)
            }
        }
        var rawValue: String {
            switch self {
            case .fast: "fast"
            case .slow: "slow"
            case .unknown(let value): value
            }
        }
    }

    /// An app's enum with raw values (one that replaces a spec's enum) reads a header by
    /// declaring the conformance.
    enum Tier: String, ResponseHeaderValue { case free, pro }
    enum Level: Int, ResponseHeaderValue { case one = 1, two = 2 }

    @Test func aRawValueEnumReadsItsCase() throws {
        let response = HTTPResponse(statusCode: 200, headers: ["X-Tier": "pro", "X-Level": "2", "X-Other": "gold"])
        #expect(try response.header("X-Tier", as: Tier.self) == .pro)
        #expect(try response.header("X-Level", as: Level.self) == .two)
        #expect(Tier(headerValue: "gold") == nil && Level(headerValue: "3") == nil && Level(headerValue: "two") == nil)
        #expect(throws: (any Error).self) { try response.header("X-Other", as: Tier.self) }
    }

    @Test func eachTypeReadsItsTextForm() throws {
        let response = HTTPResponse(statusCode: 200, headers: [
            "x-count": " 42\t", "X-Big": "9007199254740993", "X-Ratio": "0.25", "X-Flag": "true",
            "X-Id": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "Location": "/pets/7", "Last-Modified": "Sun, 06 Nov 1994 08:49:37 GMT",
            "X-Since": "2024-05-01T09:30:00.125Z", "Allow": "GET, HEAD,,\tPUT", "X-Mode": "slow", "X-Modes": "fast, turbo",
            "X-Empty": "", "X-Text": "  a, b  ",
        ])
        #expect(try response.header("X-Count", as: Int.self) == 42, "names ignore case; spaces and tabs at the ends are not the value")
        #expect(try response.header("x-big", as: Int64.self) == 9_007_199_254_740_993)
        #expect(try response.header("X-Ratio", as: Double.self) == 0.25)
        #expect(try response.header("X-Flag", as: Bool.self) == true)
        #expect(try response.header("X-Id", as: UUID.self) == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(try response.header("Location", as: URL.self).relativeString == "/pets/7")
        #expect(try response.header("Last-Modified", as: Date.self) == Date(timeIntervalSince1970: 784_111_777))
        #expect(try response.header("X-Since", as: Date.self) == Date(timeIntervalSince1970: 1_714_555_800.125))
        // The two obsolete HTTP date forms, which a recipient must read too; a leap day, a leap second.
        for (text, seconds) in [
            ("Sunday, 06-Nov-94 08:49:37 GMT", 784_111_777), ("Sun Nov  6 08:49:37 1994", 784_111_777),
            ("Thu Feb 29 00:00:00 2024", 1_709_164_800), ("Wed, 31 Dec 2016 23:59:60 GMT", 1_483_228_800),
            ("Friday, 01-Jan-21 00:00:00 GMT", 1_609_459_200), ("Tue, 01 Jan 1901 00:00:00 GMT", -2_177_452_800),
        ] {
            #expect(try HTTPResponse(statusCode: 200, headers: ["D": text]).header("D", as: Date.self) == Date(timeIntervalSince1970: TimeInterval(seconds)), "\(text)")
        }
        #expect(try response.header("Allow", as: [String].self) == ["GET", "HEAD", "PUT"], "empty list items do not count")
        #expect(try response.header("X-Mode", as: Mode.self) == .slow)
        #expect(try response.header("X-Modes", as: [Mode].self) == [.fast, .unknown("turbo")], "an unlisted value is kept")
        #expect(try response.header("X-Empty", as: [Int].self) == [])
        #expect(try response.header("X-Empty", as: String.self) == "")
        #expect(try response.header("X-Text", as: String.self) == "a, b", "a String is the whole field")
        #expect(try response.headerIfPresent("X-Absent", as: Int.self) == nil)
    }

    @Test(arguments: [
        ("X-Count", "4 2", "Int"), ("X-Count", "42.0", "Int"), ("X-Count", "", "Int"),
        ("X-Big", "9223372036854775808", "Int64"), ("X-Flag", "1", "Bool"), ("X-Flag", "True", "Bool"),
        ("X-Id", "not-a-uuid", "UUID"), ("X-Date", "yesterday", "Date"), ("X-Date", "Sun, 06 Nov 1994 08:49:37", "Date"),
        ("X-Date", "Sun, 31 Nov 1994 08:49:37 GMT", "Date"), ("X-Date", "Sun, 06 Nov 1994 24:00:00 GMT", "Date"),
        ("X-Date", "Sun, 6 Nov 1994 08:49:37 GMT", "Date"), ("X-Date", "Sun, 06 Nov 1994 08:49:37 UTC", "Date"),
        ("X-Date", "Sun Nov 6 08:49:37 1994", "Date"), ("X-Date", "Sunday, 06-Nov-1994 08:49:37 GMT", "Date"),
        ("X-List", "1, two, 3", "Array<Int>"),
    ])
    func aValueThatDoesNotReadIsAnError(_ name: String, _ text: String, _ typeName: String) throws {
        let response = HTTPResponse(statusCode: 200, headers: [name: text])
        let error = #expect(throws: ResponseHeaderError.self) {
            switch typeName {
            case "Int": _ = try response.header(name, as: Int.self)
            case "Int64": _ = try response.header(name, as: Int64.self)
            case "Bool": _ = try response.headerIfPresent(name, as: Bool.self)
            case "UUID": _ = try response.header(name, as: UUID.self)
            case "Date": _ = try response.header(name, as: Date.self)
            default: _ = try response.header(name, as: [Int].self)
            }
        }
        #expect(error?.name == name)
        #expect(error?.description == "the '\(name)' header does not read as \(typeName)")
    }

    /// Found by a review: a list split inside a quoted item or an HTTP date; an RFC 850 year read
    /// with a fixed pivot instead of RFC 9110's rule (this century unless over 50 years ahead).
    @Test func listsKeepQuotedItemsAndHTTPDatesWhole() throws {
        let response = HTTPResponse(statusCode: 200, headers: [
            "X-Tags": #""a, b", c, "d \"e, f\"""#,
            "X-Dates": "Sun, 06 Nov 1994 08:49:37 GMT, Sunday, 06-Nov-94 08:49:37 GMT,1994-11-06T08:49:37Z",
            "X-Date": "Sun, 06 Nov 1994 08:49:37 GMT",
        ])
        #expect(try response.header("X-Tags", as: [String].self) == [#""a, b""#, "c", #""d \"e, f\"""#])
        let date = Date(timeIntervalSince1970: 784_111_777)
        #expect(try response.header("X-Dates", as: [Date].self) == [date, date, date])
        #expect(try response.header("X-Date", as: [Date].self) == [date])
        #expect(throws: ResponseHeaderError.self, "a day name and no date") {
            try HTTPResponse(statusCode: 200, headers: ["X": "Sun, 1"]).header("X", as: [Date].self)
        }
    }

    @Test func aTwoDigitYearIsThisCenturysUnlessMoreThanFiftyYearsAhead() {
        func year(_ text: String, now: Int) -> Int? {
            HTTPDate.date(from: text, currentYear: now).map { Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: $0).year! }
        }
        #expect(year("Tuesday, 01-Jan-75 00:00:00 GMT", now: 2026) == 2075)
        #expect(year("Tuesday, 01-Jan-77 00:00:00 GMT", now: 2026) == 1977)
        #expect(year("Tuesday, 01-Jan-94 00:00:00 GMT", now: 2026) == 1994)
        #expect(year("Tuesday, 01-Jan-26 00:00:00 GMT", now: 2026) == 2026)
        #expect(year("Tuesday, 01-Jan-49 00:00:00 GMT", now: 2099) == 2049)
        #expect(year("Tuesday, 01-Jan-80 00:00:00 GMT", now: 2030) == 2080, "exactly 50 years ahead")
        #expect(year("Tuesday, 01-Jan-81 00:00:00 GMT", now: 2030) == 1981)
    }

    @Test func aMissingRequiredHeaderIsAnError() {
        let error = #expect(throws: ResponseHeaderError.self) {
            try HTTPResponse(statusCode: 200).header("ETag", as: String.self)
        }
        #expect(error?.description == "the response has no 'ETag' header")
    }

    struct Tagged: ResponseHeadersDecoding, ErrorBodyDecoding, IdempotentEndpoint {
        typealias Response = [String: Int]
        struct ResponseHeaders: Sendable, Hashable {
            var eTag: String
            var remaining: Int?
        }

        func makeRequest() -> EndpointRequest { EndpointRequest(method: .post, path: "/tagged") }

        func decodeResponseHeaders(_ response: HTTPResponse) throws -> ResponseHeaders {
            try ResponseHeaders(eTag: response.header("ETag", as: String.self), remaining: response.headerIfPresent("X-Remaining", as: Int.self))
        }

        func decodeErrorBody(_ response: HTTPResponse) -> (any Sendable)? { try? response.decodeJSON([String: String].self) }
    }

    @Test func withResponseHeadersGivesTheValueAndTheHeaders() async throws {
        let transport = CannedTransport()
        transport.stub(.post, "/tagged", with: .json(#"{"a": 1}"#, headers: ["ETag": "\"v1\"", "X-Remaining": "9"]))
        let client = EndpointClient(baseURL: URL(string: "https://api.test")!, transport: transport)
        let (value, headers) = try await client.send(Tagged().withResponseHeaders())
        #expect(value == ["a": 1])
        #expect(headers == Tagged.ResponseHeaders(eTag: "\"v1\"", remaining: 9))
        #expect(try await client.send(Tagged()) == ["a": 1], "the endpoint itself still answers with its value alone")
        #expect(try await client.send(Tagged().timeout(5).withResponseHeaders()).headers.eTag == "\"v1\"")
    }

    /// What a middleware sees of the wrapped endpoint: its name and its idempotence.
    @Test func middlewaresSeeTheWrappedEndpoint() async throws {
        struct Recorder: EndpointMiddleware {
            let contexts = Contexts()
            func intercept(_ request: URLRequest, context: RequestContext, next: Next) async throws -> StreamedHTTPResponse {
                contexts.add(context)
                return try await next(request)
            }
        }
        final class Contexts: @unchecked Sendable {
            private let lock = NSLock()
            private var values: [RequestContext] = []
            func add(_ context: RequestContext) { lock.withLock { values.append(context) } }
            var all: [RequestContext] { lock.withLock { values } }
        }
        let transport = CannedTransport()
        transport.stub(.post, "/tagged", with: .json(#"{"a": 1}"#, headers: ["ETag": "e"]))
        let recorder = Recorder()
        let client = EndpointClient(baseURL: URL(string: "https://api.test")!, transport: transport, middlewares: [recorder])
        _ = try await client.send(Tagged().withResponseHeaders())
        _ = try await client.send(Tagged().timeout(5).withResponseHeaders())
        _ = try await client.send(Tagged().withResponseHeaders().timeout(5))
        #expect(recorder.contexts.all.map(\.endpoint) == ["Tagged", "Tagged", "Tagged"])
        #expect(recorder.contexts.all.map(\.isIdempotent) == [true, true, true], "a POST the endpoint marks idempotent")
    }

    @Test func aHeaderThatDoesNotReadFailsTheRequestWithoutItsValue() async throws {
        let transport = CannedTransport()
        transport.stub(.post, "/tagged", with: .json(#"{"a": 1}"#, headers: ["ETag": "x", "X-Remaining": "secret-7"]))
        let client = EndpointClient(baseURL: URL(string: "https://api.test")!, transport: transport)
        let error = await #expect(throws: EndpointError.self) { try await client.send(Tagged().withResponseHeaders()) }
        #expect(error?.kind == .decoding)
        #expect(error?.statusCode == 200)
        #expect(error?.description.contains("the 'X-Remaining' header does not read as Int") == true, "\(String(describing: error))")
        #expect(error?.description.contains("secret-7") == false)
        transport.stub(.post, "/tagged", with: .json(#"{"a": 1}"#))
        let missing = await #expect(throws: EndpointError.self) { try await client.send(Tagged().withResponseHeaders()) }
        #expect(missing?.description.contains("the response has no 'ETag' header") == true)
    }

    @Test func aRejectedResponseCarriesTheWrappedEndpointsErrorBody() async throws {
        let transport = CannedTransport()
        transport.stub(.post, "/tagged", with: .json(#"{"message": "no"}"#, status: 409))
        let client = EndpointClient(baseURL: URL(string: "https://api.test")!, transport: transport)
        let error = await #expect(throws: EndpointError.self) { try await client.send(Tagged().withResponseHeaders()) }
        #expect(error?.statusCode == 409)
        #expect(error?.errorBody as? [String: String] == ["message": "no"])
    }
}
