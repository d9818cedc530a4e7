import Foundation
import GeneratedRuntime
import GoldenBooks
import Testing

/// Seed 004: a books CRUD API with a derived endpoint name and a `Void` endpoint.
@Suite struct BooksTests {
    @Test func eachEndpointBuildsItsRequest() throws {
        let client = HouseholdAPI.client()
        let list = try client.urlRequest(for: BooksService.fetchBooks())
        #expect(list.httpMethod == "GET")
        #expect(list.url?.absoluteString == "https://household.example.com/api/books")
        let one = try client.urlRequest(for: BooksService.fetchBook(id: "1"))
        #expect(one.url?.absoluteString == "https://household.example.com/api/books/1")
        let update = try client.urlRequest(for: BooksService.updateBook(id: "1", book: Book(id: "1", name: "Emma")))
        #expect(update.httpMethod == "PUT")
        #expect(update.jsonBody as? [String: String] == ["id": "1", "name": "Emma"])
        let delete = try client.urlRequest(for: BooksService.deleteBook(id: "1"))
        #expect(delete.httpMethod == "DELETE")
        #expect(delete.httpBody == nil)
    }

    @Test func deleteIgnoresTheResponseBodyAndListDecodes() async throws {
        let transport = StubTransport { request in
            request.httpMethod == "DELETE"
                ? HTTPResponse(statusCode: 204)
                : HTTPResponse(statusCode: 200, body: json(#"[{"id": "1", "name": "Emma"}]"#))
        }
        let service = LiveBooksService(client: HouseholdAPI.client(transport: transport))
        try await service.deleteBook(id: "1")
        #expect(try await service.fetchBooks() == [Book(id: "1", name: "Emma")])
    }
}
