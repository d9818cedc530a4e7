import Foundation
import GeneratedRuntime
import GoldenItems
import Testing

/// Seed 001: a bearer token from log-in and a session that follows the user, custom-format
/// dates, offset/limit pages, void responses, and raw responses from another server.
@Suite struct ItemsTests {
    @Test func customFormatDatesDecodeAndEncode() throws {
        let item = try decode(Item.self, #"{"id": 1, "title": "Tea", "createdAt": "2024-05-01T09:30:00.250+02:00"}"#)
        #expect(item.createdAt == Date(timeIntervalSince1970: 1_714_548_600.25))
        #expect(item.updatedAt == nil)
        // Written back in the same format, in UTC.
        #expect(try encodeSorted(item) == #"{"createdAt":"2024-05-01T07:30:00.250Z","id":1,"title":"Tea"}"#)
        let again = try decode(Item.self, try encodeSorted(item))
        #expect(again.id == item.id && again.title == item.title && again.createdAt == item.createdAt && again.updatedAt == nil)
    }

    /// The spec asks for no `Hashable`, and models then have none: the conformance costs a
    /// model about as much compile time as the rest of it.
    @Test func modelsAreNotHashableUnlessTheSpecSaysSo() {
        let types: [Any.Type] = [Item.self, Credentials.self, AuthorizationResponse.self]
        for type in types {
            #expect(!(type is any Equatable.Type), "\(type)")
            #expect(type is any Codable.Type, "\(type)")
        }
    }

    @Test func aDateInAnotherFormatFailsWithItsPath() async throws {
        let page = #"{"offset": 0, "total": 1, "records": [{"id": 1, "title": "T", "createdAt": "2024-05-01"}]}"#
        #expect(throws: DecodingError.self) { try FetchItemsEndpoint().decodeResponse(HTTPResponse(statusCode: 200, body: json(page))) }
        let transport = CannedTransport()
        transport.stub(.get, "/items", with: .json(page))
        let client = ItemsAPI.client(transport: transport).authorized(UserAuth.self, credential: BearerToken("t"))
        let error = await #expect(throws: EndpointError.self) { try await client.send(ItemsService.fetchItems()) }
        #expect(error?.kind == .decoding)
        #expect(error?.codingPath == "records[0].createdAt")
    }

    /// 25 items served 10 at a time from `offset`: what seed 001's `circular` pager walked.
    static func itemsTransport() -> CannedTransport {
        let transport = CannedTransport()
        transport.stub(.get, "/items") { request in
            let query = URLComponents(url: request.url!, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let offset = query.first { $0.name == "offset" }?.value.flatMap(Int.init) ?? 0
            let limit = query.first { $0.name == "limit" }?.value.flatMap(Int.init) ?? 1000
            let records = (offset..<min(offset + limit, 25)).map { #"{"id": \#($0 + 1), "title": "Item \#($0 + 1)", "createdAt": "2024-01-02T03:04:05.000Z"}"# }
            return .json(#"{"offset": \#(offset), "total": 25, "records": [\#(records.joined(separator: ", "))]}"#)
        }
        return transport
    }

    @Test func pagesFollowOffsetAndLimitUntilTheTotal() async throws {
        let transport = Self.itemsTransport()
        let service = LiveItemsService(client: ItemsAPI.client(transport: transport).authorized(UserAuth.self, credential: BearerToken("t-1")))
        var sizes: [Int] = []
        for try await page in service.fetchItemsPages(limit: 10) { sizes.append(page.count) }
        #expect(sizes == [10, 10, 5])
        #expect(transport.requests.map { $0.url?.absoluteString } == [
            "https://backend.example.com/items?limit=10",
            "https://backend.example.com/items?offset=10&limit=10",
            "https://backend.example.com/items?offset=20&limit=10",
        ])
        #expect(transport.requests.allSatisfy { $0.value(forHTTPHeaderField: "Authorization") == "Bearer t-1" })

        let all = try await service.fetchItemsPages().allItems()
        #expect(all.map(\.id) == Array(1...25), "one page when the server's default is larger than the total")
        let one = try await service.fetchItems(offset: 20, limit: 10)
        #expect(one.total == 25)
        #expect(one.items.map(\.title) == (21...25).map { "Item \($0)" })
    }

    /// Seed 001's `AppUser`: signed out, the app talks to the public backend without a token;
    /// `authorize` returns a token and the user's own API URL, and the session follows.
    @Test func theSessionFollowsTheUsersIdentity() async throws {
        let transport = CannedTransport()
        transport.stub(.post, "/authorize", with: .json(#"{"token": "abc"}"#))
        transport.stub(.post, "/eu/deauthorize", with: .json("not json at all"))
        transport.stub(.get, "/eu/items", with: .json(#"{"offset": 0, "total": 0, "records": []}"#))
        let session = SessionClient<UserAuth>(client: ItemsAPI.client(transport: transport))
        let authorization = LiveAuthorizationService(client: session)
        let items = LiveItemsService(client: session)

        let signedOut = await #expect(throws: EndpointError.self) { try await items.fetchItems() }
        #expect(signedOut?.kind == .authorization, "no token yet: nothing is sent")
        #expect(transport.requests.isEmpty)

        let response = try await authorization.authorize(credentials: Credentials(username: "ann", password: "pw"))
        #expect(transport.requests.last?.jsonBody as? [String: String] == ["username": "ann", "password": "pw"])
        #expect(transport.requests.last?.value(forHTTPHeaderField: "Authorization") == nil)
        session.update(client: ItemsAPI.client(baseURL: URL(string: "https://backend.example.com/eu")!, transport: transport), credential: BearerToken(response.token))

        #expect(try await items.fetchItems().items.isEmpty)
        #expect(transport.requests.last?.url?.absoluteString == "https://backend.example.com/eu/items")
        #expect(transport.requests.last?.value(forHTTPHeaderField: "Authorization") == "Bearer abc")
        try await authorization.deauthorize()
        #expect(transport.requests.last?.httpMethod == "POST")
        #expect(transport.requests.last?.value(forHTTPHeaderField: "Authorization") == "Bearer abc")
        session.update(client: ItemsAPI.client(transport: transport), credential: nil)
        let afterwards = await #expect(throws: EndpointError.self) { try await items.fetchItems() }
        #expect(afterwards?.kind == .authorization)
    }

    /// The pages of one list all go out for one user: after a switch, the next page fails as
    /// superseded instead of appending the new user's items to the old user's.
    @Test func aPageSequenceBelongsToTheIdentityItWasMadeUnder() async throws {
        let transport = Self.itemsTransport()
        let session = SessionClient<UserAuth>(client: ItemsAPI.client(transport: transport), credential: BearerToken("alice"))
        let items = LiveItemsService(client: session)
        var pages = items.fetchItemsPages(limit: 10).makeAsyncIterator()
        #expect(try await pages.next()?.count == 10)
        session.update(client: ItemsAPI.client(transport: transport), credential: BearerToken("bob"))
        do {
            _ = try await pages.next()
            Issue.record("the second page must not go out for the new user")
        } catch let error as EndpointError {
            #expect(error.kind == .cancelled)
            #expect(error.wasSuperseded)
        }
        #expect(transport.requests.count == 1)
        #expect(try await items.fetchItemsPages(limit: 10).allItems().count == 25, "a list started after the switch is the new user's")
        #expect(transport.requests.dropFirst().allSatisfy { $0.value(forHTTPHeaderField: "Authorization") == "Bearer bob" })
    }

    @Test func avatarsComeBackRawFromTheirOwnServer() async throws {
        let image = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF])
        let transport = StubTransport { _ in
            HTTPResponse(statusCode: 200, headers: ["Content-Type": "image/png", "Content-Disposition": #"inline; filename="5.png""#], body: image)
        }
        let avatars = LiveAvatarsService(client: ItemsAPI.client(transport: transport))
        let response = try await avatars.loadAvatar(size: 128, id: 5)
        #expect(response.body == image)
        #expect(response.value(forHeader: "content-disposition") == #"inline; filename="5.png""#)
        #expect(await transport.lastRequest?.url?.absoluteString == "https://i.pravatar.cc/128?img=5")
        #expect(await transport.lastRequest?.value(forHTTPHeaderField: "Accept") == "*/*", "images are not JSON")
        // A client for one local server serves every resource from it.
        _ = try await LiveAvatarsService(client: ItemsAPI.client(baseURL: URL(string: "http://127.0.0.1:9")!, transport: transport)).loadAvatar(size: 64, id: 1)
        #expect(await transport.lastRequest?.url?.absoluteString == "http://127.0.0.1:9/64?img=1")
    }
}
