import Foundation
import GeneratedRuntime
import GoldenUsers
import Testing

/// Seed 002: renamed keys, recursive children, a status/message envelope, named cookies,
/// custom ports, completion handlers, query arrays and percent-encoding of path values.
@Suite struct UsersTests {
    @Test func renamedKeysAndChildrenDecode() throws {
        let user = try decode(User.self, #"""
            {"user_name": "Father of Bach", "age": 50, "children": [
                {"user_name": "Bach Le", "age": 21, "children": []},
                {"user_name": "Bach Le 2", "age": 21}
            ]}
            """#)
        #expect(user.name == "Father of Bach")
        #expect(user.children.map(\.name) == ["Bach Le", "Bach Le 2"])
        #expect(user.children[1].children == [], "a missing `children` takes its default")
        #expect(try encodeSorted(User(name: "A", age: 1)) == #"{"age":1,"children":[],"user_name":"A"}"#)
    }

    /// The seed's `FetchUserResponse.toClientData()`, declared in the spec: status 1 unwraps
    /// `realUser`, anything else fails with `message`.
    @Test func theEnvelopeUnwrapsTheUserOrFailsWithItsMessage() async throws {
        let transport = CannedTransport()
        transport.stub(.get, "/api/users/1/status", with: .json(#"{"fetchStatus": 1, "message": "OK", "realUser": {"user_name": "A", "age": 3}}"#))
        transport.stub(.get, "/api/users/2/status", with: .json(#"{"fetchStatus": 0, "message": "No such user"}"#))
        let service = LiveUsersService(client: UsersAPI.client(transport: transport))
        #expect(try await service.fetchUserStatus(id: "1") == User(name: "A", age: 3))
        let error = await #expect(throws: EndpointError.self) { try await service.fetchUserStatus(id: "2") }
        #expect(error?.kind == .rejected)
        #expect(error?.message == "No such user")
        #expect(error?.description.contains("No such user") == true)
    }

    @Test func namedCookiesPortAndPercentEncodedPathReachTheRequest() async throws {
        let transport = StubTransport(json: #"{"user_name": "A", "age": 3}"#)
        let service = LiveUsersService(client: UsersAPI.client(transport: transport))
        _ = try await service.fetchUser(id: "a/b c?d#e%f", session: "s1; admin=1", locale: "en-GB")
        let request = try #require(await transport.lastRequest)
        #expect(request.url?.absoluteString == "http://localhost:8080/api/users/a%2Fb%20c%3Fd%23e%25f")
        #expect(request.value(forHTTPHeaderField: "Cookie") == "session=s1%3B%20admin=1; locale=en-GB", "a value cannot add a cookie")

        _ = try await service.fetchUser(id: "1")
        #expect(await transport.lastRequest?.value(forHTTPHeaderField: "Cookie") == nil)
    }

    /// Seed 002's `performGet(request, completion:)` with a `Result`.
    @Test func aCompletionHandlerGetsAResult() async throws {
        let transport = CannedTransport()
        transport.stub(.get, "/api/users/1", with: .json(#"{"user_name": "A", "age": 3}"#))
        let client = UsersAPI.client(transport: transport)
        let queue = DispatchQueue(label: "completions")
        let results = await withCheckedContinuation { (continuation: CheckedContinuation<[Result<User, EndpointError>], Never>) in
            client.send(UsersService.fetchUser(id: "1"), queue: queue) { first in
                dispatchPrecondition(condition: .onQueue(queue))
                client.send(UsersService.fetchUser(id: "404"), queue: queue) { second in
                    continuation.resume(returning: [first, second])
                }
            }
        }
        #expect(try results[0].get() == User(name: "A", age: 3))
        guard case .failure(let error) = results[1] else {
            Issue.record("an unmatched request gets the canned 404")
            return
        }
        #expect(error.statusCode == 404)
    }

    @Test func queryArraysRepeatTheNameAndReservedCharactersAreEncoded() throws {
        let client = UsersAPI.client(server: .production)
        let endpoint = UsersService.fetchUserStatus(id: "7", fields: ["name", "a&b=c+d"], includeChildren: true)
        let url = try #require(try client.urlRequest(for: endpoint).url)
        #expect(url.absoluteString == "https://users.example.com:8443/api/users/7/status?fields=name&fields=a%26b%3Dc%2Bd&includeChildren=true")
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(items.map(\.value) == ["name", "a&b=c+d", "true"])
    }

    @Test func createAndUpdateSendTheUser() async throws {
        let transport = StubTransport { request in HTTPResponse(statusCode: 201, body: request.httpBody ?? Data()) }
        let service = LiveUsersService(client: UsersAPI.client(transport: transport))
        let user = User(name: "New", age: 9, children: [User(name: "Kid", age: 1)])
        #expect(try await service.createUser(user: user) == user)
        #expect(try await service.updateUser(id: "5", user: user) == user)
        #expect(await transport.lastRequest?.httpMethod == "PUT")
        #expect(await transport.lastRequest?.url?.path == "/api/users/5")
    }
}
