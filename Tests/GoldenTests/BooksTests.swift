import Foundation
import GeneratedRuntime
import GoldenBooks
import Testing

/// Seed 004: a books CRUD API with a derived endpoint name and a `Void` endpoint, the API's
/// error body on every failure, and uploads of a file, `Data` or a stream with progress.
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

    @Test func everyFailureCarriesTheAPIsErrorBody() async throws {
        let transport = CannedTransport()
        transport.stub(.get, "/api/books/9", with: .json(#"{"code": "not_found", "message": "No book 9"}"#, status: 404))
        transport.stub(.put, "/api/books/9", with: .json("<html>bad gateway</html>", status: 502))
        let service = LiveBooksService(client: HouseholdAPI.client(transport: transport))
        let missing = await #expect(throws: EndpointError.self) { try await service.fetchBook(id: "9") }
        #expect(missing?.statusCode == 404)
        #expect(missing?.errorBody(as: APIError.self) == APIError(code: "not_found", message: "No book 9"))
        let gateway = await #expect(throws: EndpointError.self) { try await service.updateBook(id: "9", book: Book(id: "9", name: "X")) }
        #expect(gateway?.statusCode == 502)
        #expect(gateway?.errorBody == nil, "a body that is not an APIError is left in the response")
        #expect(gateway?.response?.body == json("<html>bad gateway</html>"))
    }

    @Test(arguments: ["data", "file", "stream"])
    func anUploadSendsItsBytesAndReportsProgress(_ kind: String) async throws {
        let bytes = Data((0..<100_000).map { UInt8($0 % 251) })
        let body: UploadBody
        // Removed when the test ends, also when it fails.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("books-upload-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        switch kind {
        case "data": body = .data(bytes)
        case "file":
            try bytes.write(to: file)
            body = .file(file)
        default: body = .stream { InputStream(data: bytes) }
        }
        let transport = CannedTransport()
        transport.stub(.post, "/api/upload", with: HTTPResponse(statusCode: 204))
        let progress = ProgressLog()
        try await LiveFilesService(client: HouseholdAPI.client(transport: transport)).uploadFile(upload: body) { progress.add($0) }
        let request = try #require(transport.requests.last)
        #expect(request.httpBody == bytes)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/octet-stream")
        #expect(progress.all.last == UploadProgress(bytesSent: 100_000, totalBytes: 100_000))
        #expect(progress.all.last?.fractionCompleted == 1)
    }

    @Test func aFailedUploadCarriesTheErrorBody() async throws {
        let transport = CannedTransport()
        transport.stub(.post, "/api/upload", with: .json(#"{"code": "too_large", "message": "At most 10 MB"}"#, status: 413))
        let error = await #expect(throws: EndpointError.self) {
            try await LiveFilesService(client: HouseholdAPI.client(transport: transport)).uploadFile(upload: .data(Data(count: 10)))
        }
        #expect(error?.errorBody(as: APIError.self)?.message == "At most 10 MB")
    }
}

final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [UploadProgress] = []
    var all: [UploadProgress] { lock.withLock { reports } }
    func add(_ report: UploadProgress) { lock.withLock { reports.append(report) } }
}
