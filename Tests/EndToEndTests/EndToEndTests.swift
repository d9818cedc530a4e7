import Foundation
import GeneratedRuntime
import GoldenHTTPBin
import Testing

/// The generated httpbin client sending real requests to httpbin on 127.0.0.1.
@Suite(.enabled(if: HTTPBinServer.isAvailable, "set HTTPBIN_URL (scripts/test.sh starts httpbin)"))
struct EndToEndTests {
    @Test func getWithPathAndQueryParameters() async throws {
        let client = try HTTPBinServer.client()
        let echo = try await client.send(
            EchoService.echoPath(segment: "a b/c?d", q: "x&y=z+1 ü", tag: ["one", "two"], limit: 5, status: .all))
        #expect(echo.method == "GET")
        // httpbin shows the path decoded; `?` survived as %3F, or `/items` would be in the query.
        #expect(echo.url.contains("/anything/a%20b/c%3Fd/items?q=x%26y%3Dz%2B1%20"))
        #expect(echo.args["q"] == .string("x&y=z+1 ü"))
        #expect(echo.args["tag"] == .array([.string("one"), .string("two")]))
        #expect(echo.args["limit"] == .string("5"))
        #expect(echo.headers["X-Client"] == "endpointgen-e2e", "the spec's default headers are sent")
        #expect(echo.headers["Accept"] == "application/json")
    }

    /// Every reserved character of RFC 3986, and `%`, space and non-ASCII, reaches the server
    /// as the value it was, in a path segment and in a query value.
    @Test func everyReservedCharacterSurvivesInThePathAndTheQuery() async throws {
        let client = try HTTPBinServer.client()
        let reserved = ":/?#[]@!$&'()*+,;=% ü€"
        // In the path without `%`: httpbin rebuilds the URL it shows with a bare `%` (and `/`
        // decoded), which would make the comparison ambiguous. RequestBuildingTests cover `%25`.
        let segment = "x" + reserved.replacingOccurrences(of: "%", with: "") + "y"
        let echo = try await client.send(EchoService.echoPath(segment: segment, q: reserved, tag: [reserved, "&tag=z"]))
        #expect(echo.args["q"] == .string(reserved))
        #expect(echo.args["tag"] == .array([.string(reserved), .string("&tag=z")]))
        #expect(echo.args.count == 2, "no value added a query item")
        let shown = try #require(echo.url.components(separatedBy: "/anything/").last?.components(separatedBy: "/items?").first)
        #expect(shown.removingPercentEncoding == segment)
    }

    @Test func postAJSONBodyAndUnwrapTheResponseKey() async throws {
        let client = try HTTPBinServer.client()
        let payload = Payload(title: "Tea \"for\" two", count: 2, tags: ["hot"], sentAt: Date(timeIntervalSince1970: 1_700_000_000.5))
        let echoed = try await client.send(EchoService.echoPayload(payload: payload))
        #expect(echoed == payload)
    }

    @Test func postABodyWrappedUnderAKey() async throws {
        let client = try HTTPBinServer.client()
        let echo = try await client.send(EchoService.echoWrappedPayload(payload: Payload(title: "T", count: 1)))
        #expect(echo.method == "POST")
        #expect(echo.headers["Content-Type"] == "application/json")
        #expect(echo.json == .object(["payload": .object(["title": .string("T"), "count": .int(1), "tags": .array([])])]))
    }

    @Test func pruneDropsBadElementsWhileStrictFailsWithTheirPath() async throws {
        let client = try HTTPBinServer.client()
        let elements: [JSONValue] = [
            .object(["title": .string("a"), "count": .int(1)]),
            .object(["title": .int(2), "count": .int(2)]),
            .object(["title": .string("c"), "count": .int(3)]),
        ]
        let pruned = try await client.send(EchoService.echoPayloads(elements: elements))
        #expect(pruned.map(\.title) == ["a", "c"])

        do {
            _ = try await client.send(EchoService.echoPayloadsStrictly(elements: elements))
            Issue.record("a strict array must fail on the bad element")
        } catch {
            #expect(error.kind == .decoding)
            #expect(error.codingPath == "json[1].title")
            #expect(error.statusCode == 200)
            let body = String(decoding: error.response?.body ?? Data(), as: UTF8.self)
            #expect(body.contains("\"title\": 2"))
            #expect(error.bodyExcerpt.map { !$0.isEmpty && $0.count <= 513 } == true)
        }
    }

    @Test func deleteAndHeaderParameters() async throws {
        let client = try HTTPBinServer.client()
        let deleted = try await client.send(EchoService.deleteThing(id: 7))
        #expect(deleted.method == "DELETE")
        #expect(deleted.url.hasSuffix("/anything/things/7"))
        let headers = try await client.send(EchoService.headers(xCorrelationID: "req-42", xTrace: 9))
        #expect(headers.headers["X-Correlation-Id"] == "req-42")
        #expect(headers.headers["X-Trace"] == "9")
    }

    @Test func fixedResponsesUnwrapDecodeAndStayRaw() async throws {
        let client = try HTTPBinServer.client()
        let slideshow = try await client.send(SamplesService.slideshow())
        #expect(slideshow.title == "Sample Slide Show")
        #expect(slideshow.slides.first?.type == .all)
        #expect(slideshow.slides.last?.items?.count == 2)
        let uuid = try await client.send(SamplesService.uuid())
        #expect(uuid.uuidString.count == 36)
        let robots = try await client.send(SamplesService.robots())
        #expect(robots.contains("User-agent"))
        let bytes = try await client.send(SamplesService.bytes(count: 16))
        #expect(bytes.count == 16)
    }

    @Test(arguments: [404, 500])
    func errorStatusesSurfaceWithTheirStatus(_ status: Int) async throws {
        let service = LiveSamplesService(client: try HTTPBinServer.client())
        do {
            try await service.status(code: status)
            Issue.record("HTTP \(status) must throw")
        } catch let error as EndpointError {
            #expect(error.kind == .unacceptableStatus)
            #expect(error.statusCode == status)
            #expect(error.url?.path == "/status/\(status)")
            #expect(error.description.contains("HTTP \(status)"))
        }
        do {
            try await service.statusHead(code: status)
            Issue.record("HEAD \(status) must throw")
        } catch let error as EndpointError {
            #expect(error.statusCode == status)
        }
        try await service.status(code: 204)
        try await service.statusHead(code: 200)
    }

    @Test func cancellationFailsWithACancellationError() async throws {
        let client = try HTTPBinServer.client()
        let task = Task { try await client.send(SamplesService.delay(seconds: 10)) }
        try await Task.sleep(for: .milliseconds(300))
        let started = ContinuousClock.now
        task.cancel()
        let result = await task.result
        // Well before the 10 s the response takes (the suite runs many tests at once).
        #expect(ContinuousClock.now - started < .seconds(7), "cancellation must not wait for the response")
        guard case .failure(let error as EndpointError) = result else {
            Issue.record("expected an EndpointError, got \(result)")
            return
        }
        #expect(error.kind == .cancelled)
    }

    @Test func aClosedPortIsATransportError() async throws {
        // Port 9 (discard) is not served on this machine; the request stays on loopback.
        let client = HTTPBinAPI.client(baseURL: URL(string: "http://127.0.0.1:9")!)
        let error = await #expect(throws: EndpointError.self) { try await client.send(SamplesService.uuid()) }
        #expect(error?.kind == .transport)
        #expect(error?.response == nil)
    }
}
