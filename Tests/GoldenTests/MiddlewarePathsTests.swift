import Foundation
import GeneratedRuntime
import GoldenFeatures
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A client's middlewares see every way of sending: async calls, completion handlers, pages,
/// uploads with progress.
@Suite struct MiddlewarePathsTests {
    /// Marks each request and records the endpoint and path template it saw.
    final class Seen: EndpointMiddleware, @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String] = []
        var all: [String] { lock.withLock { entries } }
        func intercept(_ request: URLRequest, context: RequestContext, next: Next) async throws -> StreamedHTTPResponse {
            lock.withLock { entries.append("\(context.endpoint) \(context.method) \(context.pathTemplate)") }
            var request = request
            request.setValue("yes", forHTTPHeaderField: "X-Middleware")
            return try await next(request)
        }
    }

    static let echo = #"{"headers": {"X-Middleware": "yes"}, "url": "https://features.test/anything"}"#

    static func client(_ transport: StubTransport, _ seen: Seen) -> EndpointClient {
        var client = FeaturesAPI.client(baseURL: URL(string: "https://features.test")!, transport: transport)
        client.middlewares = [seen]
        return client
    }

    @Test func pagesGoThroughTheChainOneByOne() async throws {
        let transport = StubTransport { request in
            let offset = URLComponents(url: request.url!, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "offset" }?.value
            let body = offset == nil
                ? #"{"offset": 0, "total": 3, "records": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]}"#
                : #"{"offset": 2, "total": 3, "records": [{"id": 3, "name": "c"}]}"#
            #expect(request.value(forHTTPHeaderField: "X-Middleware") == "yes")
            return HTTPResponse(statusCode: 200, body: Data(body.utf8))
        }
        let seen = Seen()
        let items = try await LiveCatalogService(client: Self.client(transport, seen)).fetchItemsPages(limit: 2).allItems()
        #expect(items.map(\.id) == [1, 2, 3])
        #expect(seen.all == ["FetchItemsEndpoint GET /items", "FetchItemsEndpoint GET /items"])
    }

    @Test func uploadsWithProgressAndCompletionHandlersGoThroughTheChain() async throws {
        let transport = StubTransport { request in
            #expect(request.value(forHTTPHeaderField: "X-Middleware") == "yes")
            return HTTPResponse(statusCode: 200, body: Data(Self.echo.utf8))
        }
        let seen = Seen()
        let client = Self.client(transport, seen)
        let progress = ProgressLog()
        _ = try await LiveFormsService(client: client).uploadNotes(upload: .data(Data("notes".utf8))) { progress.append($0) }
        #expect(progress.all.last?.bytesSent == 5)

        let result = await withCheckedContinuation { continuation in
            client.send(GatewayService.publicHeaders(), queue: .global()) { continuation.resume(returning: $0) }
        }
        #expect((try? result.get()) != nil)
        #expect(seen.all.count == 2)
        #expect(seen.all.first?.hasPrefix("UploadNotesEndpoint ") == true)
        #expect(seen.all.last?.hasPrefix("PublicHeadersEndpoint GET ") == true)
    }

    final class ProgressLog: @unchecked Sendable {
        private let lock = NSLock()
        private var reports: [UploadProgress] = []
        var all: [UploadProgress] { lock.withLock { reports } }
        func append(_ progress: UploadProgress) { lock.withLock { reports.append(progress) } }
    }
}
