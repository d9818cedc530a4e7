import BooksAPI
import Foundation
import GeneratedRuntime
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The committed generated code, exercised on a canned-response transport.
@Suite struct BooksAPITests {
    actor Canned: HTTPTransport {
        var sent: [String] = []
        func send(_ request: URLRequest) async throws -> HTTPResponse {
            sent.append("\(request.httpMethod ?? "") \(request.url?.path ?? "")")
            return HTTPResponse(statusCode: 200, body: Data(#"[{"id": "1", "name": "Emma"}]"#.utf8))
        }
    }

    @Test func theCommittedClientListsAndDeletesBooks() async throws {
        let transport = Canned()
        let service = LiveBooksService(client: HouseholdAPI.client(transport: transport))
        #expect(try await service.fetchBooks() == [Book(id: "1", name: "Emma")])
        try await service.deleteBook(id: "1")
        #expect(await transport.sent == ["GET /api/books", "DELETE /api/books/1"])
    }
}
