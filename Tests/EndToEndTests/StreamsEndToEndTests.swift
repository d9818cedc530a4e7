import Foundation
@testable import GeneratedRuntime
import GoldenStreams
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The streams client (Tests/GoldenFiles/streams) against the fixture server and httpbin on
/// 127.0.0.1: events arrive as the server sends them, a cut or malformed stream fails with the
/// event's position, and giving a stream up closes its connection, which the server sees.
@Suite(.enabled(if: HTTPBinServer.isAvailable, "set HTTPBIN_URL (scripts/test.sh starts httpbin)"))
struct StreamsEndToEndTests {
    static func feed() throws -> LiveFeedService {
        LiveFeedService(client: StreamsAPI.client(baseURL: try HTTPBinServer.fixtures()))
    }

    /// GETs a fixture path and decodes its JSON.
    static func fixture<T: Decodable>(_ path: String, query: [URLQueryItem] = [], as type: T.Type) async throws -> T {
        var components = try #require(URLComponents(url: HTTPBinServer.fixtures().appendingPathComponent(path), resolvingAgainstBaseURL: false))
        components.queryItems = query.isEmpty ? nil : query
        let response = try await URLSessionTransport().send(URLRequest(url: try #require(components.url)))
        #expect(response.statusCode == 200)
        return try JSONDecoder().decode(T.self, from: response.body)
    }

    struct EndlessStatus: Decodable {
        var closed: Bool
        var sent: Int
    }

    /// Waits (up to `seconds`) for the server to see the endless stream `id`'s connection close.
    /// Generous: the whole suite runs at once on few cores, and tests that compile Swift can hold
    /// the concurrency pool for a long time; the server streams for 300 s if nobody closes.
    static func serverSawClose(_ id: String, within seconds: Double = 240) async throws -> EndlessStatus {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let status = try await fixture("sse/status", query: [URLQueryItem(name: "id", value: id)], as: EndlessStatus.self)
            if status.closed || Date() > deadline { return status }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
    }

    @Test func eventsArriveAsTheServerSendsThem() async throws {
        // The server sends the first tick, then waits until the test opens the gate, which it
        // does only once that tick has arrived: a client that waited for the whole body would
        // see the gate time out after 300 s ("timed out") instead. The request's timeout is as
        // long: while tests that compile Swift hold the concurrency pool, this test's task may
        // not run for a minute, and the connection must not give up meanwhile.
        let gate = UUID().uuidString
        var ticks: [Tick] = []
        let feed = try StreamsAPI.client(baseURL: HTTPBinServer.fixtures())
        for try await event in try await feed.send(FeedService.ticks(count: 3, gate: gate, done: 1).timeout(300)) {
            ticks.append(event.data)
            if ticks.count == 1 {
                struct Opened: Decodable { var opened: Bool }
                #expect(try await Self.fixture("sse/open", query: [URLQueryItem(name: "gate", value: gate)], as: Opened.self).opened)
            }
        }
        #expect(ticks == [Tick(index: 1, text: "one"), Tick(index: 2, text: "opened"), Tick(index: 3, text: "opened")])
    }

    /// The fixture server says how many ticks it sends in a header: read, typed, before the
    /// first event arrives, and the events after it.
    @Test func aStreamsTypedHeadersArriveWithItsHead() async throws {
        let feed = try StreamsAPI.client(baseURL: HTTPBinServer.fixtures())
        let (stream, headers) = try await feed.send(FeedService.ticks(count: 2).withResponseHeaders())
        #expect(headers.xTickCount == 2)
        #expect(headers.cacheControl == ["no-cache"])
        var ticks: [Tick] = []
        for try await event in stream { ticks.append(event.data) }
        #expect(ticks.map(\.index) == [1, 2])
    }

    @Test func eventFieldsUnionsAndUnknownMembersComeThrough() async throws {
        var events: [ServerSentEvent<FeedEvent>] = []
        for try await event in try await Self.feed().events() { events.append(event) }
        #expect(events == [
            ServerSentEvent(event: "message", data: .messageEvent(MessageEvent(type: "message", text: "hello")), id: "1", retry: 1500),
            // Data on two lines, CRLF line ends.
            ServerSentEvent(event: "progress", data: .progressEvent(ProgressEvent(type: "progress", percent: 50)), id: "2", retry: 1500),
            // An event split across two chunks, UTF-8 text.
            ServerSentEvent(event: "message", data: .messageEvent(MessageEvent(type: "message", text: "café ☕")), id: "2", retry: 1500),
            // A member the spec does not know: kept as it came.
            ServerSentEvent(data: .unknown(.object(["type": .string("future"), "x": .int(1)])), id: "2", retry: 1500),
        ])
    }

    @Test func textEventsAndARequestBody() async throws {
        let feed = try Self.feed()
        var texts: [String] = []
        for try await event in try await feed.tickTexts(count: 2) { texts.append(event.data) }
        #expect(texts == [#"{"index": 1, "text": "one"}"#, #"{"index": 2, "text": "two"}"#])

        var words: [String] = []
        for try await event in try await feed.echo(say: Say(message: "streamed token by token")) { words.append(event.data.text) }
        #expect(words == ["streamed", "token", "by", "token"])
    }

    /// The fixture server answers /sse/ask whole unless the body asks for the stream: the
    /// streamed endpoints' flag reaches it (as JSON and in a form) even when the app's body says
    /// otherwise, and the whole-answer endpoint reads the same question whole.
    @Test func aStreamFlagGetsTheStreamFromAServerThatAnswersWholeOtherwise() async throws {
        let feed = try Self.feed()
        var words: [Tick] = []
        for try await event in try await feed.ask(ask: Ask(message: "one by one", stream: .value(false))) { words.append(event.data) }
        #expect(words == [Tick(index: 1, text: "one"), Tick(index: 2, text: "by"), Tick(index: 3, text: "one")])

        var formWords: [String] = []
        for try await event in try await feed.askByForm(askForm: AskForm(message: "in a form")) { formWords.append(event.data.text) }
        #expect(formWords == ["in", "a", "form"])

        #expect(try await feed.askWhole(ask: Ask(message: "all at once")) == Tick(index: 0, text: "all at once"))
    }

    @Test func jsonLinesFromTheFixtureServerAndHTTPBin() async throws {
        var ticks: [Tick] = []
        for try await tick in try await Self.feed().lines(count: 4) { ticks.append(tick) }
        // The last line comes without its line feed.
        #expect(ticks == [Tick(index: 1, text: "one"), Tick(index: 2, text: "two"), Tick(index: 3, text: "three"), Tick(index: 4, text: "four")])
        var lines: [String] = []
        for try await line in try await Self.feed().textLines(count: 2) { lines.append(line) }
        #expect(lines == [#"{"index": 1, "text": "one"}"#, #"{"index": 2, "text": "two"}"#])

        let samples = LiveSamplesService(client: StreamsAPI.client(baseURL: try HTTPBinServer.url()))
        var requests: [StreamedRequest] = []
        for try await request in try await samples.requests(count: 5) { requests.append(request) }
        #expect(requests.map(\.id) == [0, 1, 2, 3, 4])
        #expect(requests.allSatisfy { $0.url.path == "/stream/5" })
    }

    @Test func rawBytesArriveInChunksAndWhole() async throws {
        let url = try HTTPBinServer.url()
        let samples = LiveSamplesService(client: StreamsAPI.client(baseURL: url))
        var received = Data()
        var chunks = 0
        for try await chunk in try await samples.download(count: 20_000, seed: 7, chunkSize: 1_000) {
            received.append(chunk)
            chunks += 1
        }
        // httpbin's bytes for a seed are always the same: the same request, read whole.
        let whole = try await URLSessionTransport().send(URLRequest(url: URL(string: "\(url.absoluteString)/stream-bytes/20000?seed=7&chunk_size=1000")!))
        #expect(received.count == 20_000)
        #expect(received == whole.body)
        #expect(chunks >= 1)

        var dripped = Data()
        for try await chunk in try await samples.drip(numbytes: 4, duration: 0.4, delay: 0) { dripped.append(chunk) }
        #expect(dripped == Data(repeating: UInt8(ascii: "*"), count: 4))
    }

    @Test func aMalformedEventFailsWithItsPosition() async throws {
        var ticks: [Tick] = []
        do {
            for try await event in try await Self.feed().malformed() { ticks.append(event.data) }
            Issue.record("the malformed event decoded")
        } catch let error as EndpointError {
            #expect(error.kind == .decoding)
            let reason = try #require(error.underlyingError as? EventStreamError)
            #expect(reason.kind == .malformedEvent)
            #expect(reason.position == 2)
            #expect(reason.excerpt == "not json")
            #expect(error.url?.path == "/sse/malformed")
            #expect("\(error)".contains("event 2 of the stream is malformed"))
        }
        #expect(ticks == [Tick(index: 1, text: "one")])
    }

    @Test func aStreamCutMidEventFails() async throws {
        // The body ends properly, in the middle of the second event.
        var ticks: [Tick] = []
        do {
            for try await event in try await Self.feed().cut() { ticks.append(event.data) }
            Issue.record("a cut stream ended without an error")
        } catch let error as EndpointError {
            #expect(error.kind == .decoding)
            let reason = try #require(error.underlyingError as? EventStreamError)
            #expect(reason.kind == .truncated)
            #expect(reason.position == 2)
        }
        #expect(ticks == [Tick(index: 1, text: "one")])

        // The connection drops in the middle of the chunked body.
        ticks = []
        do {
            for try await event in try await Self.feed().cut(abrupt: 1) { ticks.append(event.data) }
            Issue.record("a dropped stream ended without an error")
        } catch let error as EndpointError {
            #expect(error.kind == .transport || error.kind == .decoding, "\(error)")
        }
        #expect(ticks == [Tick(index: 1, text: "one")])
    }

    @Test func cancellingTheReadingTaskClosesTheConnection() async throws {
        let id = UUID().uuidString
        let feed = try Self.feed()
        let (firstTwo, stream) = AsyncStream.makeStream(of: Int.self)
        let reader = Task { () -> EndpointError? in
            do {
                var count = 0
                for try await _ in try await feed.endless(id: id) {
                    count += 1
                    if count == 2 { stream.yield(count) }
                }
                return nil
            } catch let error as EndpointError {
                return error
            } catch {
                Issue.record("not an EndpointError: \(error)")
                return nil
            }
        }
        for await _ in firstTwo { break }
        reader.cancel()
        let error = await reader.value
        #expect(error?.kind == .cancelled)
        let status = try await Self.serverSawClose(id)
        #expect(status.closed, "the server still streams: \(status.sent) ticks sent")
    }

    @Test func leavingTheLoopEarlyClosesTheConnection() async throws {
        let id = UUID().uuidString
        var count = 0
        for try await _ in try await Self.feed().endless(id: id) {
            count += 1
            if count == 2 { break }
        }
        let status = try await Self.serverSawClose(id)
        #expect(status.closed, "the server still streams: \(status.sent) ticks sent")
    }

    @Test func aFailedStreamThrowsTheUsualErrorWithItsBody() async throws {
        do {
            _ = try await Self.feed().problem(status: 503)
            Issue.record("a 503 opened a stream")
        } catch let error as EndpointError {
            #expect(error.kind == .unacceptableStatus)
            #expect(error.statusCode == 503)
            let problem = try #require(error.errorBody as? Problem)
            #expect(problem == Problem(title: "Out of stock", status: 503))
        }
    }

    @Test func aStreamCarriesTheCredentialAndEndsWithTheIdentity() async throws {
        let base = try HTTPBinServer.fixtures()
        let session = SessionClient<TokenAuth>(client: StreamsAPI.client(baseURL: base), credential: BearerToken("first-token"))
        let account = LiveAccountService(client: session)
        var headers: [RequestHeaders] = []
        for try await event in try await account.headers() { headers.append(event.data) }
        #expect(headers.map { $0.additionalProperties["authorization"] } == ["Bearer first-token"])

        // The user logs out while a stream is open: it fails as superseded and its connection closes.
        let id = UUID().uuidString
        let stream = try await account.endlessAccount(id: id)
        var iterator = stream.makeAsyncIterator()
        #expect(try await iterator.next()?.data.index == 1)
        session.update(client: StreamsAPI.client(baseURL: base), credential: nil)
        do {
            while try await iterator.next() != nil {}
            Issue.record("the stream went on after the identity changed")
        } catch let error as EndpointError {
            #expect(error.kind == .cancelled)
            #expect(error.wasSuperseded)
        }
        let status = try await Self.serverSawClose(id)
        #expect(status.closed, "the server still streams: \(status.sent) ticks sent")
        #expect(session.requestsInFlight == 0)
    }
}
