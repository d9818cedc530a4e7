import Foundation
@testable import GeneratedRuntime
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `ResponseBody` and `EventStream` without a network: events are handed on as the chunks that
/// complete them arrive, errors name the event's position, and giving a stream up (cancelling,
/// leaving the loop, releasing it, an identity change) stops the transfer exactly once.
@Suite(.timeLimit(.minutes(1))) struct StreamedResponseTests {
    struct Tick: Codable, Hashable, Sendable {
        var index: Int
        var text: String
    }

    /// Counts the calls of a body's `onCancel`.
    final class CancelCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var calls = 0
        var count: Int { lock.withLock { calls } }
        func cancel() { lock.withLock { calls += 1 } }
    }

    /// A body written through the returned writer, and its cancellation count.
    static func body() -> (StreamedHTTPResponse, ResponseBody.Writer, CancelCounter) {
        let counter = CancelCounter()
        let (body, writer) = ResponseBody.makeStream { counter.cancel() }
        return (StreamedHTTPResponse(statusCode: 200, body: body), writer, counter)
    }

    @Test func anEventIsHandedOnAsSoonAsItsChunkArrives() async throws {
        let (response, writer, counter) = Self.body()
        var events = response.serverSentEvents(of: Tick.self).makeAsyncIterator()
        writer.yield(Data(#"data: {"index": 1, "text": "one"}"#.utf8))
        writer.yield(Data("\n\nda".utf8))
        // The first event is complete while the body is still arriving.
        #expect(try await events.next() == ServerSentEvent(data: Tick(index: 1, text: "one")))
        writer.yield(Data(#"ta: {"index": 2, "te"#.utf8))
        writer.yield(Data("xt\": \"caf\u{E9}\"}\r\n\r\n".utf8))
        #expect(try await events.next() == ServerSentEvent(data: Tick(index: 2, text: "café")))
        writer.finish()
        #expect(try await events.next() == nil)
        #expect(try await events.next() == nil)
        #expect(counter.count == 0)
    }

    @Test func aUTF8SequenceSplitAcrossChunksDecodes() async throws {
        let bytes = Array("event: greeting\nid: 7\nretry: 20\ndata: \u{2615}\u{1F600}\n\n".utf8)
        for cut in 1..<bytes.count {
            let (response, writer, _) = Self.body()
            writer.yield(Data(bytes[..<cut]))
            writer.yield(Data(bytes[cut...]))
            writer.finish()
            var events: [ServerSentEvent<String>] = []
            for try await event in response.serverSentEvents() { events.append(event) }
            #expect(events == [ServerSentEvent(event: "greeting", data: "\u{2615}\u{1F600}", id: "7", retry: 20)], "cut at \(cut)")
        }
    }

    @Test func theTerminatorEndsTheStreamAndStopsTheTransfer() async throws {
        let (response, writer, counter) = Self.body()
        writer.yield(Data("data: {\"index\": 1, \"text\": \"one\"}\n\ndata: [DONE]\n\ndata: not read\n\n".utf8))
        var ticks: [Tick] = []
        for try await event in response.serverSentEvents(of: Tick.self, terminator: "[DONE]") { ticks.append(event.data) }
        #expect(ticks == [Tick(index: 1, text: "one")])
        // The server may still be sending: the transfer stops once.
        #expect(counter.count == 1)
        writer.yield(Data("data: late\n\n".utf8))
        writer.finish()
        #expect(counter.count == 1)
    }

    @Test func aMalformedEventNamesItsPositionAndEndsTheStream() async throws {
        let (response, writer, counter) = Self.body()
        writer.yield(Data("data: {\"index\": 1, \"text\": \"one\"}\n\ndata: {\"index\": \"two\"}\n\ndata: {\"index\": 3, \"text\": \"three\"}\n\n".utf8))
        var events = response.serverSentEvents(of: Tick.self).makeAsyncIterator()
        #expect(try await events.next()?.data.index == 1)
        do {
            _ = try await events.next()
            Issue.record("a malformed event decoded")
        } catch let error as EndpointError {
            #expect(error.kind == .decoding)
            let reason = try #require(error.underlyingError as? EventStreamError)
            #expect(reason.kind == .malformedEvent)
            #expect(reason.position == 2)
            #expect(reason.excerpt == #"{"index": "two"}"#)
        }
        // The stream is over: no later event, and the transfer stopped.
        #expect(try await events.next() == nil)
        #expect(counter.count == 1)
    }

    @Test func aBodyEndingInsideAnEventIsTruncated() async throws {
        for tail in ["data: {\"index\": 2", "data: {\"index\": 2, \"text\": \"two\"}\n", "id: 9\n"] {
            let (response, writer, _) = Self.body()
            writer.yield(Data("data: {\"index\": 1, \"text\": \"one\"}\n\n\(tail)".utf8))
            writer.finish()
            var ticks: [Int] = []
            do {
                for try await event in response.serverSentEvents(of: Tick.self) { ticks.append(event.data.index) }
                Issue.record("\(tail.debugDescription): the cut event was dropped silently")
            } catch let error as EndpointError {
                let reason = try #require(error.underlyingError as? EventStreamError)
                #expect(reason.kind == .truncated)
                #expect(reason.position == 2)
            }
            #expect(ticks == [1])
        }
    }

    @Test func jsonLinesTakeTheLastLineWithoutItsLineFeed() async throws {
        let (response, writer, _) = Self.body()
        writer.yield(Data("{\"index\": 1, \"text\": \"one\"}\r\n\n  \n{\"index\": 2,".utf8))
        writer.yield(Data(" \"text\": \"two\"}".utf8))
        writer.finish()
        var ticks: [Tick] = []
        for try await tick in response.jsonLines(of: Tick.self) { ticks.append(tick) }
        #expect(ticks == [Tick(index: 1, text: "one"), Tick(index: 2, text: "two")])

        let (bad, badWriter, _) = Self.body()
        badWriter.yield(Data("{\"index\": 1, \"text\": \"one\"}\n\n{\"index\": 2}\n".utf8))
        badWriter.finish()
        do {
            for try await _ in bad.jsonLines(of: Tick.self) {}
            Issue.record("a bad line decoded")
        } catch let error as EndpointError {
            let reason = try #require(error.underlyingError as? EventStreamError)
            #expect(reason.kind == .malformedEvent)
            // Empty lines are not values: the bad one is the second value.
            #expect(reason.position == 2)
        }

        let (text, textWriter, _) = Self.body()
        textWriter.yield(Data("first\nEND\nnot read\n".utf8))
        textWriter.finish()
        var lines: [String] = []
        for try await line in text.textLines(terminator: "END") { lines.append(line) }
        #expect(lines == ["first"])
    }

    @Test func cancellingTheReaderStopsTheTransferAndThrows() async throws {
        let (response, writer, counter) = Self.body()
        let events = response.serverSentEvents(of: Tick.self)
        let (firstRead, firstReadContinuation) = AsyncStream.makeStream(of: Void.self)
        let reader = Task { () -> (any Error)? in
            do {
                for try await _ in events { firstReadContinuation.yield() }
                return nil
            } catch {
                return error
            }
        }
        writer.yield(Data("data: {\"index\": 1, \"text\": \"one\"}\n\n".utf8))
        for await _ in firstRead { break }
        reader.cancel()
        let error = await reader.value
        // Not a silent end: the reader learns the stream did not finish.
        #expect((error as? EndpointError)?.kind == .cancelled, "\(String(describing: error))")
        #expect(counter.count == 1)
    }

    @Test func leavingTheLoopOrReleasingTheStreamStopsTheTransfer() async throws {
        let (response, writer, counter) = Self.body()
        writer.yield(Data("data: {\"index\": 1, \"text\": \"one\"}\n\ndata: {\"index\": 2, \"text\": \"two\"}\n\n".utf8))
        for try await _ in response.serverSentEvents(of: Tick.self) { break }
        #expect(counter.count == 1)

        var (unread, _, unreadCounter) = Self.body()
        #expect(unreadCounter.count == 0)
        unread = StreamedHTTPResponse(statusCode: 204, body: ResponseBody(Data()))
        #expect(unread.statusCode == 204)
        #expect(unreadCounter.count == 1)
    }

    @Test func aWholeBodyReadsAsAStream() async throws {
        let whole = StreamedHTTPResponse(HTTPResponse(statusCode: 200, headers: ["content-type": "text/event-stream"], body: Data("data: a\n\ndata: b\n\n".utf8)))
        #expect(whole.value(forHeader: "Content-Type") == "text/event-stream")
        var data: [String] = []
        for try await event in whole.serverSentEvents() { data.append(event.data) }
        #expect(data == ["a", "b"])
        #expect(try await StreamedHTTPResponse(HTTPResponse(statusCode: 200, body: Data([1, 2, 3]))).collect().body == Data([1, 2, 3]))
        // A stub stream for previews and tests.
        var stubbed: [Int] = []
        for try await value in EventStream([1, 2, 3]) { stubbed.append(value) }
        #expect(stubbed == [1, 2, 3])
    }

    @Test func aTransportFailureMidStreamIsReported() async throws {
        let (response, writer, _) = Self.body()
        writer.yield(Data("data: {\"index\": 1, \"text\": \"one\"}\n\n".utf8))
        writer.finish(throwing: URLError(.networkConnectionLost))
        var ticks: [Int] = []
        do {
            for try await event in response.serverSentEvents(of: Tick.self) { ticks.append(event.data.index) }
            Issue.record("a lost connection ended the stream silently")
        } catch let error as EndpointError {
            #expect(error.kind == .transport)
            #expect((error.underlyingError as? URLError)?.code == .networkConnectionLost)
        }
        #expect(ticks == [1])
    }

    // MARK: Through a client

    /// Streams responses whose bodies the test writes; answers other requests from `send`.
    final class StreamingTransport: HTTPTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var writers: [ResponseBody.Writer] = []
        let counter = CancelCounter()
        var status = 200

        var openWriters: [ResponseBody.Writer] { lock.withLock { writers } }

        func send(_ request: URLRequest) async throws -> HTTPResponse {
            Issue.record("a streaming endpoint was sent whole")
            return HTTPResponse(statusCode: 500)
        }

        func stream(_ request: URLRequest) async throws -> StreamedHTTPResponse {
            let counter = self.counter
            let (body, writer) = ResponseBody.makeStream { counter.cancel() }
            lock.withLock { writers.append(writer) }
            if status != 200 {
                writer.yield(Data(#"{"reason": "#.utf8))
                writer.yield(Data(#""busy"}"#.utf8))
                writer.finish()
            }
            var headers = request.allHTTPHeaderFields ?? [:]
            headers["X-Method"] = request.httpMethod ?? "GET"
            return StreamedHTTPResponse(statusCode: status, headers: headers, body: body)
        }
    }

    struct Problem: Decodable, Sendable, Equatable { var reason: String }

    struct Ticks<Auth: AuthScheme>: StreamingEndpoint, ErrorBodyDecoding {
        typealias Response = EventStream<ServerSentEvent<Tick>>
        func makeRequest() -> EndpointRequest { EndpointRequest(method: .get, path: "/ticks", accept: "text/event-stream") }
        func decodeEvents(_ response: StreamedHTTPResponse) -> Response { response.serverSentEvents(of: Tick.self) }
        func decodeErrorBody(_ response: HTTPResponse) -> (any Sendable)? { try? response.decodeJSON(Problem.self) }
    }

    enum Bearer: BearerAuthScheme {}

    @Test func aClientHandsTheStreamOnAtItsHeadWithTheCredential() async throws {
        let transport = StreamingTransport()
        let client = EndpointClient(baseURL: URL(string: "https://api.test/v1")!, transport: transport)
            .authorized(Bearer.self, credential: BearerToken("s3cr3t-token"))
        let stream = try await client.send(Ticks<Bearer>())
        let writer = try #require(transport.openWriters.first)
        var events = stream.makeAsyncIterator()
        writer.yield(Data("data: {\"index\": 1, \"text\": \"one\"}\n\n".utf8))
        #expect(try await events.next()?.data == Tick(index: 1, text: "one"))
        writer.yield(Data("data: {\"index\": 2}\n\n".utf8))
        do {
            _ = try await events.next()
            Issue.record("a malformed event decoded")
        } catch let error as EndpointError {
            // The error names the request, and keeps its credential out.
            #expect(error.url?.absoluteString == "https://api.test/v1/ticks")
            #expect(error.method == .get)
            #expect(!"\(error)".contains("s3cr3t-token"))
        }
    }

    @Test func aFailedStatusCollectsTheBodyAndThrowsTheUsualError() async throws {
        let transport = StreamingTransport()
        transport.status = 503
        let client = EndpointClient(baseURL: URL(string: "https://api.test")!, transport: transport)
        do {
            _ = try await client.send(Ticks<NoAuth>())
            Issue.record("a 503 opened a stream")
        } catch {
            #expect(error.kind == .unacceptableStatus)
            #expect(error.statusCode == 503)
            #expect(error.errorBody as? Problem == Problem(reason: "busy"))
        }
        // With its own timeout the endpoint still decodes its error body.
        do {
            _ = try await client.send(Ticks<NoAuth>().timeout(5))
            Issue.record("a 503 opened a stream")
        } catch {
            #expect(error.statusCode == 503)
            #expect(error.errorBody as? Problem == Problem(reason: "busy"))
        }
    }

    @Test func anIdentityChangeStopsTheOldIdentitysStreams() async throws {
        let transport = StreamingTransport()
        let base = EndpointClient(baseURL: URL(string: "https://api.test")!, transport: transport)
        let session = SessionClient<Bearer>(client: base, credential: BearerToken("first"))
        let stream = try await session.send(Ticks<Bearer>())
        let finished = try await session.send(Ticks<Bearer>())
        #expect(session.requestsInFlight == 2)
        let writers = transport.openWriters
        // A stream that ended is no longer in flight.
        writers[1].finish()
        for try await _ in finished {}
        #expect(session.requestsInFlight == 1)

        var events = stream.makeAsyncIterator()
        writers[0].yield(Data("data: {\"index\": 1, \"text\": \"one\"}\n\n".utf8))
        #expect(try await events.next()?.data.index == 1)
        session.update(client: base, credential: BearerToken("second"))
        do {
            _ = try await events.next()
            Issue.record("the old identity's stream went on")
        } catch let error as EndpointError {
            #expect(error.kind == .cancelled)
            #expect(error.wasSuperseded)
        }
        #expect(transport.counter.count == 1)
        #expect(session.requestsInFlight == 0)
    }
}
