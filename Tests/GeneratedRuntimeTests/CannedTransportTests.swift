import Foundation
import GeneratedRuntime
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `CannedTransport`: stubs match by method and percent-encoded path (base path included, query
/// ignored unless the stub names items of it), the latest stub wins, every request is recorded,
/// and an unmatched one gets a 404.
@Suite struct CannedTransportTests {
    struct Get: Endpoint {
        var path: EndpointPath
        var method: HTTPMethod = .get
        var query: [String: String] = [:]
        func makeRequest() -> EndpointRequest {
            var request = EndpointRequest(method: method, path: path)
            for (name, value) in query.sorted(by: { $0.key < $1.key }) { request.addQuery(name, value) }
            return request
        }
        func decodeResponse(_ response: HTTPResponse) throws -> String { try response.decodeString() }
    }

    static func client(_ transport: CannedTransport, base: String = "https://api.test/base") -> EndpointClient {
        EndpointClient(baseURL: URL(string: base)!, transport: transport)
    }

    @Test func aStubAnswersItsMethodAndPath() async throws {
        let transport = CannedTransport()
        transport.stub(.get, "/base/cities", with: .json(#"["Oslo"]"#))
        transport.stub(.post, "/base/cities", with: .json(#"{"created": true}"#, status: 201))
        let client = Self.client(transport)
        #expect(try await client.send(Get(path: "/cities", query: ["q": "o"])) == #"["Oslo"]"#)
        #expect(try await client.send(Get(path: "/cities", method: .post)) == #"{"created": true}"#)
        #expect(transport.requests.map { "\($0.httpMethod ?? "") \($0.url?.absoluteString ?? "")" } == [
            "GET https://api.test/base/cities?q=o", "POST https://api.test/base/cities",
        ])
    }

    @Test func thePathMatchesPercentEncoded() async throws {
        let transport = CannedTransport()
        transport.stub(.get, "/base/cities/S%C3%A3o%20Paulo", with: .json("1"))
        #expect(try await Self.client(transport).send(Get(path: "/cities/\("São Paulo")")) == "1")
    }

    @Test func anUnmatchedRequestGetsA404NamingIt() async throws {
        let transport = CannedTransport()
        transport.stub(.get, "/cities", with: .json("[]"))
        transport.stub(.delete, "/base/cities", with: .json("[]"))
        let client = Self.client(transport)
        // Without the base path, or with another method, the stubs do not match.
        let error = await #expect(throws: EndpointError.self) { try await client.send(Get(path: "/cities")) }
        #expect(error?.kind == .unacceptableStatus)
        #expect(error?.statusCode == 404)
        #expect(error?.bodyExcerpt == "no canned response for GET /base/cities")
        #expect(transport.requests.count == 1)

        let direct = try await transport.send(URLRequest(url: URL(string: "https://x.test/nothing?q=1")!))
        #expect(direct.statusCode == 404)
        #expect(String(decoding: direct.body, as: UTF8.self) == "no canned response for GET /nothing")
        #expect(direct.value(forHeader: "content-type") == "text/plain")
    }

    /// Endpoints that share a path and tell themselves apart by a query item (Flickr's
    /// `/rest?method=flickr.photos.search`) each get their own answer: a stub that names items
    /// matches a request that sends each of them, whatever else it sends.
    @Test func aStubThatNamesQueryItemsMatchesRequestsThatSendThem() async throws {
        let transport = CannedTransport()
        transport.stub(.get, "/base/rest", with: .json("0"))
        transport.stub(.get, "/base/rest?method=flickr.photos.search", with: .json("1"))
        transport.stub(.get, "/base/rest?method=flickr.photos.getInfo&label=K%C3%B6ln%20a", with: .json("2"))
        let client = Self.client(transport)
        #expect(try await client.send(Get(path: "/rest", query: ["method": "flickr.photos.search", "text": "cats"])) == "1")
        #expect(try await client.send(Get(path: "/rest", query: ["method": "flickr.photos.getInfo", "label": "Köln a", "id": "7"])) == "2")
        #expect(try await client.send(Get(path: "/rest", query: ["method": "flickr.photos.getInfo"])) == "0", "one item missing")
        #expect(try await client.send(Get(path: "/rest", query: ["method": "other"])) == "0")
        #expect(try await client.send(Get(path: "/rest")) == "0")
        let error = await #expect(throws: EndpointError.self) {
            try await client.send(Get(path: "/rest/more", query: ["method": "flickr.photos.search"]))
        }
        #expect(error?.statusCode == 404, "the path still has to match")
        // Found by the review: a query written as it reads crashed on the first request.
        transport.stub(.get, "/base/search?q=hello world&tag={x}&n=100%", with: .json("3"))
        #expect(try await client.send(Get(path: "/search", query: ["q": "hello world", "tag": "{x}", "n": "100%"])) == "3")
        transport.stub(.get, "/base/lang?q=C#", with: .json("4"))
        #expect(try await client.send(Get(path: "/lang", query: ["q": "C#"])) == "4")
        let other = await #expect(throws: EndpointError.self) { try await client.send(Get(path: "/search", query: ["q": "hello"])) }
        #expect(other?.statusCode == 404, "another value does not match")
    }

    @Test func theLatestStubWins() async throws {
        let transport = CannedTransport()
        transport.stub(.get, "/base/flag", with: .json("1"))
        let client = Self.client(transport)
        #expect(try await client.send(Get(path: "/flag")) == "1")
        transport.stub(.get, "/base/flag", with: .json("2"))
        #expect(try await client.send(Get(path: "/flag")) == "2")
    }

    struct Refused: Error {}

    @Test func aClosureStubSeesTheRequestAndMayFail() async throws {
        let transport = CannedTransport()
        transport.stub(.get, "/base/echo") { request in
            .json(#""\#(request.url?.query ?? "")""#)
        }
        transport.stub(.get, "/base/down") { _ in throw Refused() }
        let client = Self.client(transport)
        #expect(try await client.send(Get(path: "/echo", query: ["a": "1"])) == #""a=1""#)
        let error = await #expect(throws: EndpointError.self) { try await client.send(Get(path: "/down")) }
        #expect(error?.kind == .transport)
        #expect(error?.underlyingError is Refused)
    }

    @Test func fixtureAndJSONResponses() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("canned-\(UUID().uuidString).json")
        try Data(#"{"a": 1}"#.utf8).write(to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixture = try HTTPResponse.fixture(folder, status: 202)
        #expect(fixture == HTTPResponse(statusCode: 202, headers: ["Content-Type": "application/json"], body: Data(#"{"a": 1}"#.utf8)))
        #expect(throws: (any Error).self) { try HTTPResponse.fixture(folder.appendingPathExtension("missing")) }

        let json = HTTPResponse.json("[]", status: 500, headers: ["Content-Type": "application/problem+json", "X-Id": "7"])
        #expect(json.headers == ["Content-Type": "application/problem+json", "X-Id": "7"])
        #expect(HTTPResponse.json("[]").headers == ["Content-Type": "application/json"])
    }
}
