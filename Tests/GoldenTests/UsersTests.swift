import Foundation
import GeneratedRuntime
import GoldenUsers
import Testing

/// Seed 002: renamed keys, recursive children, a status/message envelope, cookies, a custom
/// port, query arrays and percent-encoding of path values.
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

    @Test func theEnvelopeHoldsTheUserOrAMessage() throws {
        let ok = try decode(FetchUserResponse.self, #"{"fetchStatus": 0, "message": "OK", "realUser": {"user_name": "A", "age": 3}}"#)
        #expect(ok.realUser?.name == "A")
        let failed = try decode(FetchUserResponse.self, #"{"fetchStatus": 1, "message": "No such user"}"#)
        #expect(failed.realUser == nil)
        #expect(failed.message == "No such user")
    }

    @Test func cookiesPortAndPercentEncodedPathReachTheRequest() async throws {
        let transport = StubTransport(json: #"{"user_name": "A", "age": 3}"#)
        let service = LiveUsersService(client: UsersAPI.client(transport: transport))
        _ = try await service.fetchUser(id: "a/b c?d#e%f", cookies: "session=1; theme=dark")
        let request = try #require(await transport.lastRequest)
        #expect(request.url?.absoluteString == "http://localhost:8080/api/users/a%2Fb%20c%3Fd%23e%25f")
        #expect(request.value(forHTTPHeaderField: "Cookie") == "session=1; theme=dark")

        _ = try await service.fetchUser(id: "1")
        #expect(await transport.lastRequest?.value(forHTTPHeaderField: "Cookie") == nil)
    }

    @Test func queryArraysRepeatTheNameAndReservedCharactersAreEncoded() throws {
        let client = UsersAPI.client(server: .production)
        let endpoint = UsersService.fetchUserEnvelope(id: "7", fields: ["name", "a&b=c+d"], includeChildren: true)
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
