import Foundation
import GeneratedRuntime
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `Page`'s next-position helpers, `decodePage`, and `PageSequence`: it fetches pages one at a
/// time, stops after the last without asking for another, and stops a cancelled task.
@Suite(.timeLimit(.minutes(1))) struct PaginationTests {
    static func page(_ count: Int, total: Int? = nil, pageCount: Int? = nil, cursor: String? = nil) -> Page<Int> {
        Page(items: Array(0..<count), total: total, pageCount: pageCount, nextCursor: cursor)
    }

    // MARK: Page helpers

    @Test func nextOffsetWithATotal() {
        #expect(Self.page(10, total: 25).nextOffset(after: nil, limit: 10) == 10)
        #expect(Self.page(10, total: 25).nextOffset(after: 10, limit: 10) == 20)
        #expect(Self.page(5, total: 25).nextOffset(after: 20, limit: 10) == nil)
        #expect(Self.page(10, total: 20).nextOffset(after: 10, limit: 10) == nil)
        // The total decides, even when a page is shorter than the limit (a server that caps it).
        #expect(Self.page(5, total: 25).nextOffset(after: 0, limit: 10) == 5)
        #expect(Self.page(0, total: 25).nextOffset(after: 0, limit: 10) == nil)
    }

    @Test func nextOffsetWithoutATotal() {
        #expect(Self.page(10).nextOffset(after: nil, limit: 10) == 10)
        #expect(Self.page(10).nextOffset(after: 30, limit: 10) == 40)
        #expect(Self.page(9).nextOffset(after: 30, limit: 10) == nil)
        #expect(Self.page(3).nextOffset(after: 30, limit: nil) == 33)
        #expect(Self.page(0).nextOffset(after: 30, limit: nil) == nil)
    }

    @Test func nextPageNumber() {
        #expect(Self.page(10, pageCount: 3).nextPageNumber(after: nil, first: 1, size: 10) == 2)
        #expect(Self.page(10, pageCount: 3).nextPageNumber(after: 2, first: 1, size: 10) == 3)
        #expect(Self.page(10, pageCount: 3).nextPageNumber(after: 3, first: 1, size: 10) == nil)
        // Zero-based numbering: page 2 is the third and last of three.
        #expect(Self.page(10, pageCount: 3).nextPageNumber(after: nil, first: 0, size: 10) == 1)
        #expect(Self.page(10, pageCount: 3).nextPageNumber(after: 1, first: 0, size: 10) == 2)
        #expect(Self.page(10, pageCount: 3).nextPageNumber(after: 2, first: 0, size: 10) == nil)
        // Without a count: a short page is the last.
        #expect(Self.page(10).nextPageNumber(after: 4, first: 1, size: 10) == 5)
        #expect(Self.page(7).nextPageNumber(after: 4, first: 1, size: 10) == nil)
        #expect(Self.page(7).nextPageNumber(after: 4, first: 1, size: nil) == 5)
        #expect(Self.page(0).nextPageNumber(after: 4, first: 1, size: nil) == nil)
    }

    @Test func nextCursor() {
        #expect(Self.page(2, cursor: "abc").nextPageCursor(after: nil) == "abc")
        #expect(Self.page(2, cursor: "abc").nextPageCursor(after: "xyz") == "abc")
        #expect(Self.page(2, cursor: "abc").nextPageCursor(after: "abc") == nil, "a repeated cursor ends the list")
        #expect(Self.page(2, cursor: "").nextPageCursor(after: nil) == nil)
        #expect(Self.page(2).nextPageCursor(after: nil) == nil)
    }

    /// Items dropped by the prune strategy count, and the count follows `items` when code sets
    /// them (found by a review: a stored count did not).
    @Test func receivedCountIsTheItemsAndThoseDropped() throws {
        var page = Page<Int>(items: [])
        page.items = [1, 2, 3]
        #expect(page.receivedCount == 3)
        #expect(page.nextOffset(after: 0, limit: 3) == 3)
        let pruned = try HTTPResponse.json(#"{"items": [1, "x", 3], "next": 123456789012345678901234567890}"#)
            .decodePage(of: Int.self, items: "items", strategy: .prune, nextCursor: "next")
        #expect(pruned.items == [1, 3] && pruned.droppedCount == 1 && pruned.receivedCount == 3)
        #expect(pruned.nextCursor == "123456789012345678901234567890", "a cursor past Int keeps its digits")
    }

    @Test func decodePageReadsItemsAndTheFieldsAboutTheRest() throws {
        let offset = HTTPResponse.json(#"{"records": [1, 2], "total": 7}"#)
        let page = try offset.decodePage(of: Int.self, items: "records", strategy: .strict, total: "total")
        #expect(page.items == [1, 2])
        #expect(page.total == 7)

        let numbered = HTTPResponse.json(#"{"data": [3], "total_pages": null}"#)
        #expect(try numbered.decodePage(of: Int.self, items: "data", strategy: .strict, pageCount: "total_pages").pageCount == nil)

        let cursor = HTTPResponse.json(#"{"items": [1, "x", 3], "next": 42}"#)
        let pruned = try cursor.decodePage(of: Int.self, items: "items", strategy: .prune, nextCursor: "next")
        #expect(pruned.items == [1, 3])
        #expect(pruned.nextCursor == "42")

        let bare = HTTPResponse.json("[5, 6]")
        #expect(try bare.decodePage(of: Int.self, items: nil, strategy: .strict).items == [5, 6])

        let badTotal = HTTPResponse.json(#"{"records": [], "total": "many"}"#)
        #expect(throws: DecodingError.self) {
            try badTotal.decodePage(of: Int.self, items: "records", strategy: .strict, total: "total")
        }
    }

    // MARK: PageSequence

    /// An offset-paginated endpoint, as the generator writes one.
    struct Numbers: PaginatedEndpoint {
        typealias PageItem = Int
        var offset: Int?
        var limit: Int?
        var withTotal: Bool
        var strategy: ArrayDecodingStrategy = .strict

        func makeRequest() -> EndpointRequest {
            var request = EndpointRequest(method: .get, path: "/numbers")
            request.addQuery("offset", offset)
            request.addQuery("limit", limit)
            return request
        }

        func decodeResponse(_ response: HTTPResponse) throws -> Page<Int> {
            try response.decodePage(of: Int.self, items: "items", strategy: strategy, total: withTotal ? "total" : nil)
        }

        func nextPage(after page: Page<Int>) -> Numbers? {
            guard let position = page.nextOffset(after: offset, limit: limit) else { return nil }
            var next = self
            next.offset = position
            return next
        }
    }

    /// Serves `count` numbers, `limit` at a time from `offset`, with the total when asked; those
    /// in `bad` as strings, which an `Int` item does not decode from.
    static func server(count: Int, total: Bool, bad: Set<Int> = []) -> (EndpointClient, CannedTransport) {
        let transport = CannedTransport()
        transport.stub(.get, "/numbers") { request in
            let items = URLComponents(url: request.url!, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let offset = items.first { $0.name == "offset" }?.value.flatMap(Int.init) ?? 0
            let limit = items.first { $0.name == "limit" }?.value.flatMap(Int.init) ?? 100
            let slice = Array(offset..<min(count, offset + limit))
            let list = "[" + slice.map { bad.contains($0) ? #""bad""# : String($0) }.joined(separator: ",") + "]"
            return .json(total ? #"{"items": \#(list), "total": \#(count)}"# : #"{"items": \#(list)}"#)
        }
        return (EndpointClient(baseURL: URL(string: "https://api.test")!, transport: transport), transport)
    }

    static func offsets(_ transport: CannedTransport) -> [String?] {
        transport.requests.map { request in
            URLComponents(url: request.url!, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "offset" }?.value
        }
    }

    @Test func pagesStopAtTheTotalWithoutAskingForMore() async throws {
        let (client, transport) = Self.server(count: 5, total: true)
        var pages: [[Int]] = []
        for try await page in client.pages(Numbers(limit: 2, withTotal: true)) { pages.append(page) }
        #expect(pages == [[0, 1], [2, 3], [4]])
        #expect(Self.offsets(transport) == [nil, "2", "4"])
    }

    @Test func pagesWithoutATotalStopAtAShortPage() async throws {
        let (client, transport) = Self.server(count: 5, total: false)
        #expect(try await client.pages(Numbers(limit: 2, withTotal: false)).allItems() == [0, 1, 2, 3, 4])
        #expect(Self.offsets(transport) == [nil, "2", "4"])
    }

    @Test func pagesWithoutATotalStopAtAnEmptyPage() async throws {
        let (client, transport) = Self.server(count: 4, total: false)
        #expect(try await client.pages(Numbers(limit: 2, withTotal: false)).allItems() == [0, 1, 2, 3])
        #expect(Self.offsets(transport) == [nil, "2", "4"])
    }

    /// Found by a review: an item the `prune` strategy dropped made its page look short (the
    /// list ended there), and moved the next offset back (items came twice).
    @Test(arguments: [false, true])
    func prunedItemsStillCountForTheNextPage(withTotal: Bool) async throws {
        let (client, transport) = Self.server(count: 10, total: withTotal, bad: [1, 4])
        let items = try await client.pages(Numbers(limit: 3, withTotal: withTotal, strategy: .prune)).allItems()
        #expect(items == [0, 2, 3, 5, 6, 7, 8, 9])
        #expect(Self.offsets(transport) == [nil, "3", "6", "9"])
    }

    /// Found by a review: a server whose cursors go round (A, B, A…) was followed forever.
    @Test func aCursorAnEarlierPageGaveEndsTheList() async throws {
        struct Feed: PaginatedEndpoint {
            typealias PageItem = String
            var cursor: String?
            func makeRequest() -> EndpointRequest {
                var request = EndpointRequest(method: .get, path: "/feed")
                request.addQuery("cursor", cursor)
                return request
            }
            func decodeResponse(_ response: HTTPResponse) throws -> Page<String> {
                try response.decodePage(of: String.self, items: "items", strategy: .strict, nextCursor: "next")
            }
            func nextPage(after page: Page<String>) -> Feed? {
                page.nextPageCursor(after: cursor).map { Feed(cursor: $0) }
            }
        }
        let transport = CannedTransport()
        transport.stub(.get, "/feed") { request in
            let cursor = URLComponents(url: request.url!, resolvingAgainstBaseURL: false)?.queryItems?.first?.value ?? "start"
            let next = ["start": "A", "A": "B", "B": "A"][cursor] ?? ""
            return .json(#"{"items": ["\#(cursor)"], "next": "\#(next)"}"#)
        }
        let client = EndpointClient(baseURL: URL(string: "https://api.test")!, transport: transport)
        #expect(try await client.pages(Feed()).allItems() == ["start", "A", "B"])
        #expect(transport.requests.count == 3)
    }

    @Test func pagesAreFetchedOnlyAsTheyAreRead() async throws {
        let (client, transport) = Self.server(count: 10, total: true)
        var iterator = client.pages(Numbers(limit: 3, withTotal: true)).makeAsyncIterator()
        #expect(transport.requests.isEmpty)
        #expect(try await iterator.next() == [0, 1, 2])
        #expect(transport.requests.count == 1)
        #expect(try await iterator.next() == [3, 4, 5])
        #expect(transport.requests.count == 2)
    }

    @Test func aFailingPageEndsTheSequenceWithItsError() async throws {
        let transport = CannedTransport()
        let client = EndpointClient(baseURL: URL(string: "https://api.test")!, transport: transport)
        let error = await #expect(throws: EndpointError.self) {
            _ = try await client.pages(Numbers(limit: 2, withTotal: true)).allItems()
        }
        #expect(error?.kind == .unacceptableStatus)
        #expect(error?.statusCode == 404)
    }

    /// Counts the pages asked for; it never checks for cancellation itself.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    @Test func aCancelledTaskStopsThePagesWithoutFetching() async throws {
        let calls = Counter()
        let pages = PageSequence(first: Numbers(limit: 2, withTotal: false)) { _ throws(EndpointError) in
            calls.increment()
            return Page(items: [1, 2])
        }
        let task = Task {
            while !Task.isCancelled { await Task.yield() }
            return try await pages.allItems()
        }
        task.cancel()
        let result = await task.result
        #expect(throws: EndpointError.self) { try result.get() }
        if case .failure(let error as EndpointError) = result { #expect(error.kind == .cancelled) }
        #expect(calls.count == 0)
    }

    @Test func cancellingBetweenPagesStopsBeforeTheNext() async throws {
        let calls = Counter()
        let pages = PageSequence(first: Numbers(limit: 2, withTotal: false)) { _ throws(EndpointError) in
            calls.increment()
            return Page(items: [1, 2])
        }
        let task = Task {
            var iterator = pages.makeAsyncIterator()
            let first = try await iterator.next()
            withUnsafeCurrentTask { $0?.cancel() }
            let second: Result<[Int]?, any Error>
            do {
                second = .success(try await iterator.next())
            } catch {
                second = .failure(error)
            }
            return (first, second)
        }
        let (first, second) = try await task.value
        #expect(first == [1, 2])
        #expect(calls.count == 1)
        guard case .failure(let error as EndpointError) = second else {
            Issue.record("the page after a cancellation was fetched: \(second)")
            return
        }
        #expect(error.kind == .cancelled)
    }

    @Test func pagesGivenInAdvance() async throws {
        let sequence = PageSequence(pages: [["a", "b"], [], ["c"]])
        var seen: [[String]] = []
        for try await page in sequence { seen.append(page) }
        #expect(seen == [["a", "b"], [], ["c"]])
        #expect(try await sequence.allItems() == ["a", "b", "c"])
    }
}

/// RFC 8288 `Link` headers, as link pagination reads them.
@Suite struct LinkHeaderTests {
    func next(_ field: String?, relation: String = "next") -> String? {
        HTTPResponse(statusCode: 200, headers: field.map { ["link": $0] } ?? [:]).link(relation: relation)?.absoluteString
    }

    @Test func theLinkOfTheRelationIsFound() {
        let github = #"<https://api.github.com/repositories/1300192/issues?page=2>; rel="next", <https://api.github.com/repositories/1300192/issues?page=4>; rel="last""#
        #expect(next(github) == "https://api.github.com/repositories/1300192/issues?page=2")
        #expect(next(github, relation: "last") == "https://api.github.com/repositories/1300192/issues?page=4")
        #expect(next(github, relation: "prev") == nil)
        #expect(next(nil) == nil)
        #expect(next(#"</a?x=1,2>; rel="prev", </b>; title="next, or; not"; REL=next"#) == "/b", "commas and semicolons in a quoted title or a target")
        #expect(next(#"</c>; rel="prefetch NEXT""#) == "/c", "one of several relations, case ignored")
        #expect(next(#"</d>;rel=next"#) == "/d", "a token value, no spaces")
        #expect(next(#", , </e>; rel="next""#) == "/e", "empty list elements")
        #expect(next(#"</f>; rel="last"; rel="next""#) == nil, "only the first rel counts")
        #expect(next(#"</g>; title="a \"quoted\" > title"; rel="next""#) == "/g", "an escaped quote in a quoted string")
        #expect(next(#"<?page=2>; rel="next""#) == "?page=2", "a relative target, as written")
        #expect(next(#"</h>; type=application/json; rel=next"#) == "/h", "an unquoted value that is not a token, read liberally")
        #expect(next(##"</i>; rel=next; anchor="#other", </j>; rel="next""##) == "/j", "a link about another resource is not this one's")
    }

    @Test func aMalformedHeaderGivesNoLinkFromWhereItStops() {
        #expect(next(#"https://a/b; rel="next""#) == nil, "no angle brackets")
        #expect(next(#"</a; rel="next""#) == nil, "an unclosed target")
        #expect(next(#"</a>; rel="next"#) == nil, "an unclosed quoted string")
        #expect(next(#"</a>; rel="next" garbage, </b>; rel="next""#) == nil)
        #expect(next(#"</a>; rel="next", garbage"#) == "/a", "links before the problem are read")
    }

    @Test func aPageFromALinkHeaderKnowsItsNextLinkAndStopsOnARepeat() throws {
        let response = HTTPResponse(statusCode: 200, headers: ["Link": #"</items?page=2>; rel="next""#], body: Data("[1, 2]".utf8))
        let page = try response.decodePage(of: Int.self, items: nil, strategy: .strict, linkHeader: true)
        #expect(page.items == [1, 2])
        #expect(page.nextLink?.absoluteString == "/items?page=2")
        #expect(page.nextPageLink(after: nil)?.absoluteString == "/items?page=2")
        #expect(page.nextPageLink(after: URL(string: "/items?page=2")) == nil, "the same link again would loop")
        let last = try HTTPResponse(statusCode: 200, body: Data("[]".utf8)).decodePage(of: Int.self, items: nil, strategy: .strict, linkHeader: true)
        #expect(last.nextPageLink(after: URL(string: "/items?page=2")) == nil)
    }
}

/// Link pages through a client (found by a review): relative links resolve against the page that
/// gave them, pages that link round end, and an API key the server repeats in its links is sent
/// once and never shown.
@Suite(.timeLimit(.minutes(1))) struct LinkPagesThroughAClientTests {
    struct Linked<Auth: AuthScheme>: PaginatedEndpoint {
        typealias Response = Page<Int>
        typealias PageItem = Int
        var pageLink: URL?
        func makeRequest() -> EndpointRequest {
            var request = EndpointRequest(method: .get, path: "/items")
            request.link = pageLink
            return request
        }
        func decodeResponse(_ response: HTTPResponse) throws -> Page<Int> {
            try response.decodePage(of: Int.self, items: nil, strategy: .strict, linkHeader: true)
        }
        func nextPage(after response: Page<Int>) -> Self? {
            guard let position = response.nextPageLink(after: pageLink) else { return nil }
            return Self(pageLink: position)
        }
    }

    enum QueryKey: APIKeyAuthScheme {
        static let location = APIKeyLocation.query("api_key")
    }

    /// Answers `/api/…` paths from a table: path → (items, Link header).
    static func transport(_ pages: [String: ([Int], String?)]) -> CannedTransport {
        let transport = CannedTransport()
        for (path, page) in pages {
            transport.stub(.get, path, with: .json("\(page.0)", headers: page.1.map { ["Link": $0] } ?? [:]))
        }
        return transport
    }

    @Test func aRelativeLinkResolvesAgainstThePageThatGaveIt() async throws {
        let transport = Self.transport([
            "/api/items": ([1], #"<items/page/2>; rel="next""#),
            "/api/items/page/2": ([2], #"<3>; rel="next""#),
            "/api/items/page/3": ([3], nil),
        ])
        let client = EndpointClient(baseURL: URL(string: "https://api.test/api")!, transport: transport)
        #expect(try await client.pages(Linked<NoAuth>()).allItems() == [1, 2, 3])
        #expect(transport.requests.map { $0.url!.path } == ["/api/items", "/api/items/page/2", "/api/items/page/3"])
    }

    @Test func pagesThatLinkRoundEnd() async throws {
        let transport = Self.transport([
            "/api/items": ([1], #"</api/a>; rel="next""#),
            "/api/a": ([2], #"</api/b>; rel="next""#),
            "/api/b": ([3], #"</api/a>; rel="next""#),
        ])
        let client = EndpointClient(baseURL: URL(string: "https://api.test/api")!, transport: transport)
        #expect(try await client.pages(Linked<NoAuth>()).allItems() == [1, 2, 3], "page b links back to page a: the list ends")
        #expect(transport.requests.count == 3)
    }

    @Test func anAPIKeyTheServerRepeatsInItsLinksIsSentOnceAndNeverShown() async throws {
        let transport = CannedTransport()
        transport.stub(.get, "/api/items") { request in
            // The server's next link repeats the query it received (the key too), with the next page.
            var components = URLComponents(url: request.url!, resolvingAgainstBaseURL: true)!
            let page = Int(components.queryItems!.first { $0.name == "page" }?.value ?? "1")!
            components.queryItems = components.queryItems!.filter { $0.name != "page" } + [URLQueryItem(name: "page", value: "\(page + 1)")]
            return .json("[\(page)]", headers: page < 3 ? ["Link": "<\(components.url!.absoluteString)>; rel=\"next\""] : [:])
        }
        let client = EndpointClient(baseURL: URL(string: "https://api.test/api")!, transport: transport)
            .authorized(QueryKey.self, credential: APIKey("k3y-s3cret"))
        #expect(try await client.pages(Linked<QueryKey>()).allItems() == [1, 2, 3])
        for request in transport.requests {
            let keys = URLComponents(url: request.url!, resolvingAgainstBaseURL: true)!.queryItems!.filter { $0.name == "api_key" }
            #expect(keys.map(\.value) == ["k3y-s3cret"], "\(request.url!)")
        }
        // A credential that fails on a followed link: the error does not show the key the link holds.
        let link = URL(string: "https://api.test/api/items?api_key=k3y-s3cret&page=2")!
        let failing = EndpointClient(baseURL: URL(string: "https://api.test/api")!, transport: transport)
            .authorized(QueryKey.self) { () async throws -> APIKey in throw FailureReason(message: "no key today") }
        let error = await #expect(throws: EndpointError.self) { try await failing.send(Linked<QueryKey>(pageLink: link)) }
        #expect(error?.kind == .authorization)
        #expect(error?.description.contains("k3y-s3cret") == false, "\(String(describing: error))")
    }
}
