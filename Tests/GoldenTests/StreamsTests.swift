import Foundation
import GeneratedRuntime
import GoldenStreams
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The streams golden case: each kind of stream asks for its media type, reads its events (or
/// chunks) from a body that arrives in pieces, and a whole response from a transport that cannot
/// stream reads the same.
@Suite struct StreamsTests {
    static let base = URL(string: "https://streams.test/api")!

    /// Sends `endpoint` through a client whose transport (answering with `send` only) returns `body`.
    static func send<E: Endpoint>(_ endpoint: E, answering body: String, status: Int = 200) async throws -> (E.Response, URLRequest) {
        let transport = StubTransport { _ in HTTPResponse(statusCode: status, body: Data(body.utf8)) }
        let response = try await StreamsAPI.client(baseURL: base, transport: transport).perform(endpoint)
        return (response, try #require(await transport.lastRequest))
    }

    @Test func serverSentEventsAskForTheirMediaTypeAndDecodeEachEventsData() async throws {
        let body = "retry: 10\nid: a\ndata: {\"index\": 1, \"text\": \"one\"}\n\ndata: [DONE]\n\ndata: {\"index\": 2}\n\n"
        let (stream, request) = try await Self.send(FeedService.ticks(count: 2, done: 1), answering: body)
        #expect(request.url?.absoluteString == "https://streams.test/api/sse/ticks?count=2&done=1")
        #expect(request.value(forHTTPHeaderField: "Accept") == "text/event-stream")
        var events: [ServerSentEvent<Tick>] = []
        for try await event in stream { events.append(event) }
        // The terminator ends the stream: the malformed event after it is never read.
        #expect(events == [ServerSentEvent(data: Tick(index: 1, text: "one"), id: "a", retry: 10)])
    }

    /// A streamed response's typed headers are read as soon as its head arrives, beside the
    /// stream; a required one that is missing fails the call before any event is read.
    @Test func aStreamsTypedHeadersComeWithIt() async throws {
        let body = "data: {\"index\": 1, \"text\": \"one\"}\n\ndata: [DONE]\n\n"
        let transport = StubTransport { _ in
            HTTPResponse(statusCode: 200, headers: ["x-tick-count": " 1 ", "Cache-Control": "no-cache, no-store"], body: Data(body.utf8))
        }
        let client = StreamsAPI.client(baseURL: Self.base, transport: transport)
        let (stream, headers) = try await client.send(FeedService.ticks(count: 1).withResponseHeaders())
        #expect(headers == TicksEndpoint.ResponseHeaders(xTickCount: 1, cacheControl: ["no-cache", "no-store"]))
        var ticks: [Tick] = []
        for try await event in stream { ticks.append(event.data) }
        #expect(ticks == [Tick(index: 1, text: "one")])
        // Through a timeout too, which wraps the endpoint as the headers do.
        #expect(try await client.send(FeedService.ticks(count: 1).timeout(5).withResponseHeaders()).headers.xTickCount == 1)

        let bare = StubTransport { _ in HTTPResponse(statusCode: 200, body: Data(body.utf8)) }
        let error = await #expect(throws: EndpointError.self) {
            try await StreamsAPI.client(baseURL: Self.base, transport: bare).send(FeedService.ticks().withResponseHeaders())
        }
        #expect(error?.kind == .decoding && error?.statusCode == 200)
        #expect(error?.description.contains("'X-Tick-Count'") == true, "\(String(describing: error))")
        // Sent alone, the endpoint reads no header.
        var alone = 0
        for try await _ in try await StreamsAPI.client(baseURL: Self.base, transport: bare).send(FeedService.ticks()) { alone += 1 }
        #expect(alone == 1)
    }

    @Test func aTaggedUnionOfEventsKeepsAnUnknownMember() async throws {
        let body = """
            event: progress
            data: {"type": "progress", "percent": 5}

            data: {"type": "message", "text": "hi"}

            data: {"type": "shiny", "new": true}


            """
        let (stream, _) = try await Self.send(FeedService.events(), answering: body)
        var data: [FeedEvent] = []
        for try await event in stream { data.append(event.data) }
        #expect(data == [
            .progressEvent(ProgressEvent(type: "progress", percent: 5)),
            .messageEvent(MessageEvent(type: "message", text: "hi")),
            .unknown(.object(["type": .string("shiny"), "new": .bool(true)])),
        ])
    }

    @Test func aRequestBodyGoesOutAsJSON() async throws {
        let (stream, request) = try await Self.send(FeedService.echo(say: Say(message: "a b")), answering: "data: [DONE]\n\n")
        #expect(request.httpMethod == "POST")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(request.jsonBody as? [String: String] == ["message": "a b"])
        var count = 0
        for try await _ in stream { count += 1 }
        #expect(count == 0)
    }

    /// A streamed endpoint with a `streamFlag` sends its body's flag as true, whatever the body
    /// holds (the app cannot turn the stream off by mistake); the value the app holds is not
    /// changed, and the whole-answer endpoint sends the body as it is.
    @Test func aStreamFlagAsksForTheStreamWhateverTheBodyHolds() async throws {
        let client = StreamsAPI.client(baseURL: Self.base)
        for flag: Nullable<Bool>? in [nil, .null, .value(false), .value(true)] {
            let endpoint = FeedService.ask(ask: Ask(message: "a b", stream: flag))
            let request = try client.urlRequest(for: endpoint)
            #expect(request.jsonBody as? NSDictionary == ["message": "a b", "stream": true], "\(String(describing: flag))")
            #expect(request.value(forHTTPHeaderField: "Accept") == "text/event-stream")
            #expect(endpoint.ask.stream == flag, "the endpoint's own body is left as it was")
        }
        let whole = try client.urlRequest(for: FeedService.askWhole(ask: Ask(message: "a b", stream: .null)))
        #expect(whole.jsonBody as? NSDictionary == ["message": "a b", "stream": NSNull()])
        #expect(try client.urlRequest(for: FeedService.askWhole(ask: Ask(message: "a"))).jsonBody as? NSDictionary == ["message": "a"])

        for flag: Bool? in [nil, false, true] {
            let form = try client.urlRequest(for: FeedService.askByForm(askForm: AskForm(message: "a b", stream: flag)))
            #expect(form.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
            #expect(String(decoding: try #require(form.httpBody), as: UTF8.self) == "message=a+b&stream=true")
        }

        let (stream, request) = try await Self.send(FeedService.ask(ask: Ask(message: "hi")), answering: "data: {\"index\": 1, \"text\": \"hi\"}\n\ndata: [DONE]\n\n")
        #expect(request.jsonBody as? NSDictionary == ["message": "hi", "stream": true])
        var ticks: [Tick] = []
        for try await event in stream { ticks.append(event.data) }
        #expect(ticks == [Tick(index: 1, text: "hi")])
    }

    @Test func textEventsAndTextLinesAreNotJSONDecoded() async throws {
        let (events, _) = try await Self.send(FeedService.tickTexts(), answering: "data: not JSON\ndata: at all\n\n")
        var texts: [String] = []
        for try await event in events { texts.append(event.data) }
        #expect(texts == ["not JSON\nat all"])

        let (lines, request) = try await Self.send(FeedService.textLines(count: 1), answering: "one\n\ntwo")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/jsonl, application/x-ndjson, application/json")
        var read: [String] = []
        for try await line in lines { read.append(line) }
        #expect(read == ["one", "two"])
    }

    @Test func jsonLinesFailWithTheLinesPositionAndTheRequest() async throws {
        let (lines, _) = try await Self.send(FeedService.lines(), answering: "{\"index\": 1, \"text\": \"one\"}\n\n[1, 2]\n")
        var ticks: [Tick] = []
        do {
            for try await tick in lines { ticks.append(tick) }
            Issue.record("a bad line decoded")
        } catch let error as EndpointError {
            #expect(error.kind == .decoding)
            #expect(error.url?.absoluteString == "https://streams.test/api/lines/ticks")
            let reason = try #require(error.underlyingError as? EventStreamError)
            #expect(reason.position == 2)
            #expect(reason.excerpt == "[1, 2]")
            #expect("\(error)".contains("event 2 of the stream is malformed"))
        }
        #expect(ticks == [Tick(index: 1, text: "one")])
    }

    @Test func aBytesStreamHandsOnTheBodyUndecoded() async throws {
        let (body, request) = try await Self.send(SamplesService.download(count: 3, chunkSize: 1), answering: "\u{0}\u{1}\u{FF}")
        #expect(request.url?.absoluteString == "https://streams.test/api/stream-bytes/3?chunk_size=1")
        #expect(request.value(forHTTPHeaderField: "Accept") == "*/*")
        var data = Data()
        for try await chunk in body { data.append(chunk) }
        #expect(data == Data("\u{0}\u{1}\u{FF}".utf8))
    }

    @Test func aFailedStreamThrowsWithTheDecodedErrorBody() async throws {
        do {
            _ = try await Self.send(FeedService.problem(status: 429), answering: #"{"title": "Slow down", "status": 429}"#, status: 429)
            Issue.record("a 429 opened a stream")
        } catch let error as EndpointError {
            #expect(error.kind == .unacceptableStatus)
            #expect(error.errorBody as? Problem == Problem(title: "Slow down", status: 429))
        }
    }

    @Test func aServiceStubReturnsEventsWithoutANetwork() async throws {
        struct StubFeed: FeedServiceProtocol {
            func ticks(count: Int?, gate: String?, done: Int?) async throws -> EventStream<ServerSentEvent<Tick>> {
                EventStream((1...(count ?? 1)).map { ServerSentEvent(data: Tick(index: $0, text: "stub")) })
            }
            func tickTexts(count: Int?) async throws -> EventStream<ServerSentEvent<String>> { EventStream([]) }
            func events() async throws -> EventStream<ServerSentEvent<FeedEvent>> { EventStream([]) }
            func echo(say: Say) async throws -> EventStream<ServerSentEvent<Tick>> { EventStream([]) }
            func malformed() async throws -> EventStream<ServerSentEvent<Tick>> { EventStream([]) }
            func cut(abrupt: Int?) async throws -> EventStream<ServerSentEvent<Tick>> { EventStream([]) }
            func endless(id: String) async throws -> EventStream<ServerSentEvent<Tick>> { EventStream([]) }
            func problem(status: Int) async throws -> EventStream<ServerSentEvent<Tick>> { EventStream([]) }
            func lines(count: Int?) async throws -> EventStream<Tick> { EventStream([]) }
            func textLines(count: Int?) async throws -> EventStream<String> { EventStream([]) }
            func askWhole(ask: Ask) async throws -> Tick { Tick(index: 0, text: ask.message) }
            func ask(ask: Ask) async throws -> EventStream<ServerSentEvent<Tick>> { EventStream([]) }
            func askByForm(askForm: AskForm) async throws -> EventStream<ServerSentEvent<Tick>> { EventStream([]) }
        }
        let feed: any FeedServiceProtocol = StubFeed()
        var indexes: [Int] = []
        for try await event in try await feed.ticks(count: 3, gate: nil, done: nil) { indexes.append(event.data.index) }
        #expect(indexes == [1, 2, 3])
    }
}
