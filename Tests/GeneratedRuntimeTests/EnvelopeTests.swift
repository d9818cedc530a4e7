import Foundation
import GeneratedRuntime
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Response envelopes (`{"fetchStatus": 1, "message": "OK", "realUser": {…}}`): the value is
/// decoded only when the status is one of the success values; otherwise the request fails with
/// `.rejected` and the server's message.
@Suite struct EnvelopeTests {
    struct User: Decodable, Equatable {
        var name: String
        var age: Int
    }

    static let userEnvelope = ResponseEnvelope(status: "fetchStatus", success: [.int(1)], message: "message", value: "realUser")

    @Test func aSuccessDecodesTheValue() throws {
        let response = HTTPResponse.json(#"{"fetchStatus": 1, "message": "OK", "realUser": {"name": "Ada", "age": 36}}"#)
        #expect(try response.decodeEnvelope(User.self, Self.userEnvelope) == User(name: "Ada", age: 36))
    }

    @Test func aSuccessDecodesAListValue() throws {
        let envelope = ResponseEnvelope(status: "ok", success: [.bool(true)], value: "users")
        let response = HTTPResponse.json(#"{"ok": true, "users": [{"name": "A", "age": 1}, {"name": "B", "age": 2}]}"#)
        #expect(try response.decodeEnvelope([User].self, envelope) == [User(name: "A", age: 1), User(name: "B", age: 2)])
    }

    @Test func withoutAValueKeyTheWholeBodyIsTheValue() throws {
        let envelope = ResponseEnvelope(status: "status", success: [.string("ok")])
        let response = HTTPResponse.json(#"{"status": "ok", "name": "Ada", "age": 36}"#)
        #expect(try response.decodeEnvelope(User.self, envelope) == User(name: "Ada", age: 36))
    }

    @Test(arguments: [#"1"#, #""ok""#, #"true"#])
    func anyOfTheSuccessValuesIsASuccess(status: String) throws {
        let envelope = ResponseEnvelope(status: "s", success: [.int(1), .string("ok"), .bool(true)])
        try HTTPResponse.json(#"{"s": \#(status)}"#).checkEnvelope(envelope)
    }

    /// Each failing status, and the message the error carries: the server's when it is a string,
    /// the status otherwise. A status compares by kind as well as value: `"1"` is not `1`.
    @Test(arguments: [
        (#"{"fetchStatus": 0, "message": "No such user"}"#, "No such user"),
        (#"{"fetchStatus": 0}"#, "status 0"),
        (#"{"fetchStatus": 0, "message": 17}"#, "status 0"),
        (#"{"fetchStatus": "1", "message": null}"#, #"status "1""#),
        (#"{"fetchStatus": true, "realUser": {"name": "A", "age": 1}}"#, "status true"),
    ])
    func aFailureCarriesTheMessage(body: String, message: String) throws {
        let response = HTTPResponse.json(body)
        let error = #expect(throws: EndpointError.self) { try response.decodeEnvelope(User.self, Self.userEnvelope) }
        #expect(error?.kind == .rejected)
        #expect(error?.message == message)
        #expect(error?.response == response)
        #expect(throws: EndpointError.self) { try response.checkEnvelope(Self.userEnvelope) }
    }

    @Test func anEnvelopeWithoutAStatusDoesNotDecode() {
        let response = HTTPResponse.json(#"{"message": "OK", "realUser": {"name": "A", "age": 1}}"#)
        #expect(throws: DecodingError.self) { try response.decodeEnvelope(User.self, Self.userEnvelope) }
    }

    @Test func anOptionalValueMayBeMissingOrNull() throws {
        let missing = HTTPResponse.json(#"{"fetchStatus": 1}"#)
        let null = HTTPResponse.json(#"{"fetchStatus": 1, "realUser": null}"#)
        #expect(try missing.decodeEnvelopeIfPresent(User.self, Self.userEnvelope) == nil)
        #expect(try null.decodeEnvelopeIfPresent(User.self, Self.userEnvelope) == nil)
        #expect(throws: DecodingError.self) { try missing.decodeEnvelope(User.self, Self.userEnvelope) }
        // The status is checked first, whatever the value.
        let rejected = HTTPResponse.json(#"{"fetchStatus": 2, "realUser": null}"#)
        #expect(throws: EndpointError.self) { try rejected.decodeEnvelopeIfPresent(User.self, Self.userEnvelope) }
    }

    /// An endpoint with an envelope, as the generator writes one.
    struct FetchUser: Endpoint {
        func makeRequest() -> EndpointRequest { EndpointRequest(method: .get, path: "/envelope/user") }
        func decodeResponse(_ response: HTTPResponse) throws -> User {
            try response.decodeEnvelope(User.self, EnvelopeTests.userEnvelope)
        }
    }

    @Test func throughAClientARejectionNamesTheRequestAndTheMessage() async throws {
        let transport = CannedTransport()
        transport.stub(.get, "/envelope/user", with: .json(#"{"fetchStatus": 0, "message": "No such user"}"#))
        let client = EndpointClient(baseURL: URL(string: "https://api.test")!, transport: transport)
        let error = await #expect(throws: EndpointError.self) { try await client.send(FetchUser()) }
        #expect(error?.kind == .rejected)
        #expect(error?.method == .get)
        #expect(error?.url?.absoluteString == "https://api.test/envelope/user")
        #expect(error?.statusCode == 200)
        #expect(error?.description == "GET https://api.test/envelope/user: the server reported a failure: No such user")

        transport.stub(.get, "/envelope/user", with: .json(#"{"fetchStatus": 1, "realUser": {"name": "Ada", "age": 36}}"#))
        #expect(try await client.send(FetchUser()) == User(name: "Ada", age: 36))
    }
}
