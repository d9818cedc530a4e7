import Foundation
import GeneratedRuntime
import GoldenItems
import Testing

/// Seed 001: custom-format dates, offset/limit queries, void and raw-data responses.
@Suite struct ItemsTests {
    @Test func customFormatDatesDecodeAndEncode() throws {
        let item = try decode(Item.self, #"{"id": 1, "title": "Tea", "createdAt": "2024-05-01T09:30:00.250+02:00"}"#)
        #expect(item.createdAt == Date(timeIntervalSince1970: 1_714_548_600.25))
        #expect(item.updatedAt == nil)
        // Written back in the same format, in UTC.
        #expect(try encodeSorted(item) == #"{"createdAt":"2024-05-01T07:30:00.250Z","id":1,"title":"Tea"}"#)
        #expect(try decode(Item.self, try encodeSorted(item)) == item)
    }

    @Test func aDateInAnotherFormatFailsWithItsPath() throws {
        let page = #"{"offset": 0, "total": 1, "records": [{"id": 1, "title": "T", "createdAt": "2024-05-01"}]}"#
        let response = HTTPResponse(statusCode: 200, body: json(page))
        #expect(throws: DecodingError.self) { try FetchItemsEndpoint().decodeResponse(response) }
    }

    @Test func pagesAreRequestedWithOffsetAndLimit() async throws {
        let transport = StubTransport(json: #"{"offset": 20, "total": 21, "records": [{"id": 21, "title": "Last", "createdAt": "2024-01-02T03:04:05.000Z"}]}"#)
        let service = LiveItemsService(client: ItemsAPI.client(transport: transport))
        let page = try await service.fetchItems(offset: 20, limit: 10)
        #expect(page.offset + page.records.count >= page.total)
        #expect(await transport.lastRequest?.url?.absoluteString == "https://backend.example.com/items?offset=20&limit=10")

        _ = try await service.fetchItems()
        #expect(await transport.lastRequest?.url?.absoluteString == "https://backend.example.com/items")
    }

    @Test func authorizeSendsCredentialsAndDeauthorizeIgnoresTheBody() async throws {
        let transport = StubTransport { request in
            let body = request.url?.path == "/authorize" ? #"{"token": "abc"}"# : "not json at all"
            return HTTPResponse(statusCode: 200, body: json(body))
        }
        let service = LiveAuthorizationService(client: ItemsAPI.client(transport: transport))
        let response = try await service.authorize(credentials: Credentials(username: "ann", password: "pw"))
        #expect(response.token == "abc")
        #expect(await transport.lastRequest?.jsonBody as? [String: String] == ["username": "ann", "password": "pw"])
        try await service.deauthorize()
        #expect(await transport.lastRequest?.httpMethod == "POST")
    }

    @Test func avatarsComeBackAsRawData() async throws {
        let image = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF])
        let transport = StubTransport { _ in HTTPResponse(statusCode: 200, headers: ["Content-Type": "image/png"], body: image) }
        let client = ItemsAPI.client(server: .avatars, transport: transport)
        #expect(try await client.send(AvatarsService.loadAvatar(size: 128, id: 5)) == image)
        #expect(await transport.lastRequest?.url?.absoluteString == "https://i.pravatar.cc/128?img=5")
        #expect(await transport.lastRequest?.value(forHTTPHeaderField: "Accept") == "*/*", "images are not JSON")
    }
}
