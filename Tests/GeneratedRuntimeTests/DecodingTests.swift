import Foundation
import GeneratedRuntime
import Testing

@Suite struct DecodingTests {
    struct Item: Codable, Equatable {
        var id: Int
    }

    enum Color: OpenEnum {
        case red
        case unknown(String)
        init(rawValue: String) { self = rawValue == "red" ? .red : .unknown(rawValue) }
        var rawValue: String {
            switch self {
            case .red: "red"
            case .unknown(let value): value
            }
        }
    }

    @Test func unwrapAndPrune() throws {
        let response = HTTPResponse(statusCode: 200, body: Data(#"{"items": [{"id": 1}, {"id": "x"}, null, {"id": 3}], "other": 1}"#.utf8))
        #expect(try response.decodeJSONArray(of: Item.self, unwrapping: "items", strategy: .prune) == [Item(id: 1), Item(id: 3)])
        #expect(throws: DecodingError.self) { try response.decodeJSONArray(of: Item.self, unwrapping: "items", strategy: .strict) }
        #expect(try response.decodeJSON(Int.self, unwrapping: "other") == 1)
        let missing = try #require(throws: DecodingError.self) { try response.decodeJSON(Int.self, unwrapping: "absent") }
        guard case .keyNotFound(let key, _) = missing else {
            Issue.record("expected keyNotFound, got \(missing)")
            return
        }
        #expect(key.stringValue == "absent")
    }

    @Test func errorsDescribeWhereDecodingFailed() throws {
        let body = Data(#"{"items": [{"id": 1}, {"id": "x"}]}"#.utf8)
        let response = HTTPResponse(statusCode: 200, body: body)
        let decodingError = try #require(throws: DecodingError.self) {
            try response.decodeJSONArray(of: Item.self, unwrapping: "items", strategy: .strict)
        }
        let error = EndpointError(kind: .decoding, method: .get, url: URL(string: "https://h/items"), response: response, underlyingError: decodingError)
        #expect(error.codingPath == "items[1].id")
        #expect(error.bodyExcerpt == String(decoding: body, as: UTF8.self))
        #expect(error.description.hasPrefix("GET https://h/items: the response did not decode at items[1].id: expected Int"))

        let long = HTTPResponse(statusCode: 500, body: Data(String(repeating: "é", count: 600).utf8))
        let statusError = EndpointError(kind: .unacceptableStatus, method: .post, url: nil, response: long)
        #expect(statusError.bodyExcerpt?.hasSuffix("…") == true)
        #expect(statusError.codingPath == nil)
        #expect(statusError.description.contains("HTTP 500"))
    }

    /// Hand-written endpoints that leave `decodeResponse` out, as generated ones with a plain
    /// JSON response or none do.
    struct FetchItem: Endpoint {
        typealias Response = Item
        func makeRequest() -> EndpointRequest { EndpointRequest(method: .get, path: "/item") }
    }

    struct Touch: Endpoint {
        typealias Response = Void
        func makeRequest() -> EndpointRequest { EndpointRequest(method: .post, path: "/touch") }
    }

    struct FetchText: Endpoint {
        typealias Response = String
        func makeRequest() -> EndpointRequest { EndpointRequest(method: .get, path: "/text") }
        func decodeResponse(_ response: HTTPResponse) throws -> String { try response.decodeString() }
    }

    @Test func endpointsDecodeJSONOrNothingByDefault() throws {
        let item = HTTPResponse(statusCode: 200, body: Data(#"{"id": 7}"#.utf8))
        #expect(try FetchItem().decodeResponse(item) == Item(id: 7))
        // The default is the whole body as JSON: a body that is not that is an error, not a value.
        #expect(throws: DecodingError.self) { try FetchItem().decodeResponse(HTTPResponse(statusCode: 200, body: Data(#"{"id": "7"}"#.utf8))) }
        #expect(throws: DecodingError.self) { try FetchItem().decodeResponse(HTTPResponse(statusCode: 200)) }
        // Void reads nothing, whatever the body.
        Touch().decodeResponse(HTTPResponse(statusCode: 204))
        Touch().decodeResponse(HTTPResponse(statusCode: 200, body: Data("not JSON".utf8)))
        // An endpoint's own decodeResponse wins over the default, also through the protocol.
        func decoded<E: Endpoint>(_ endpoint: E, _ response: HTTPResponse) throws -> E.Response { try endpoint.decodeResponse(response) }
        #expect(try decoded(FetchText(), HTTPResponse(statusCode: 200, body: Data("plain".utf8))) == "plain")
        #expect(try decoded(FetchItem(), item) == Item(id: 7))
    }

    @Test func headerLookupIgnoresCase() {
        let response = HTTPResponse(statusCode: 200, headers: ["Content-Type": "text/plain"])
        #expect(response.value(forHeader: "content-type") == "text/plain")
        #expect(response.value(forHeader: "X-None") == nil)
    }

    @Test func textResponsesMustBeUTF8() throws {
        #expect(try HTTPResponse(statusCode: 200, body: Data("ok ✓".utf8)).decodeString() == "ok ✓")
        #expect(throws: DecodingError.self) { try HTTPResponse(statusCode: 200, body: Data([0xFF, 0xFE, 0x00])).decodeString() }
    }

    @Test func jsonValuesOfEveryKind() throws {
        let text = #"[null, true, 1, -2.5, "s", [1], {"k": {}}]"#
        let values = try JSONDecoder().decode([JSONValue].self, from: Data(text.utf8))
        #expect(values == [.null, .bool(true), .int(1), .double(-2.5), .string("s"), .array([.int(1)]), .object(["k": .object([:])])])
        #expect(try JSONDecoder().decode([JSONValue].self, from: JSONEncoder().encode(values)) == values)
    }

    @Test func jsonValuesKeepEveryNumberAsWritten() throws {
        let numbers = ["12345678901234567890", "-9223372036854775809", "123456789012345678901234567890.5",
                       "3.141592653589793238462643383279", "-0", "0.1", "2.5e-7", "1e300", "9223372036854775807"]
        let values = try JSONDecoder().decode([JSONValue].self, from: Data("[\(numbers.joined(separator: ", "))]".utf8))
        #expect(values[0] == .decimal(Decimal(string: "12345678901234567890")!))
        #expect(values[2] == .decimal(Decimal(string: "123456789012345678901234567890.5")!))
        #expect(values[4] == .double(-0.0) && values[5] == .double(0.1) && values[8] == .int(.max))
        let encoded = String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
        #expect(encoded == "[12345678901234567890,-9223372036854775809,123456789012345678901234567890.5,"
                + "3.141592653589793238462643383279,-0,0.1,2.5e-07,1e+300,9223372036854775807]", "\(encoded)")
        #expect(try JSONDecoder().decode([JSONValue].self, from: Data(encoded.utf8)) == values)
    }

    @Test func openEnumsKeepUnknownValuesAndWorkAsParameters() throws {
        let colors = try JSONDecoder().decode([Color].self, from: Data(#"["red", "teal"]"#.utf8))
        #expect(colors == [.red, .unknown("teal")])
        #expect(String(decoding: try JSONEncoder().encode(colors), as: UTF8.self) == #"["red","teal"]"#)
        #expect(Color.unknown("teal").parameterValue == "teal")
    }

    @Test func indirectStorageHasValueSemantics() {
        let a = Node(value: 1, next: Node(value: 2, next: nil))
        var b = a
        b.next?.value = 3
        #expect(a.next?.value == 2)
        #expect(b.next?.value == 3)
        #expect(a != b)
    }

    /// Found by a tester: `print` and `dump` of a model showed the wrapper's box for every
    /// property that holds another model. They show the value.
    @Test func anIndirectPropertyPrintsAsItsValue() {
        let node = Node(value: 1, next: Node(value: 2, next: nil))
        #expect(String(describing: node) == "Node(value: 1, _next: Optional(GeneratedRuntimeTests.Node(value: 2, _next: nil)))")
        var dumped = ""
        dump(node, to: &dumped)
        #expect(!dumped.contains("box"), "\(dumped)")
        #expect(dumped.contains("value: 2"), "\(dumped)")
    }
}

/// A type that holds itself, as generated models do with `@Indirect`.
struct Node: Equatable, Sendable {
    var value: Int
    @Indirect var next: Node?
}
