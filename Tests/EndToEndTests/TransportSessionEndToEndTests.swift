import Foundation
import GoldenHTTPBin
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import GeneratedRuntime

/// `URLSessionTransport.session` is the session that sends: invalidating it cancels the requests
/// in flight. And the redirects the transport follows: method, body, limit.
@Suite(.enabled(if: HTTPBinServer.isAvailable, "set HTTPBIN_URL (scripts/test.sh starts httpbin)"))
struct TransportSessionEndToEndTests {
    static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || (error as? URLError)?.code == .cancelled
    }

    static func redirect(to path: String, status: Int, method: String = "GET", body: Data? = nil) throws -> URLRequest {
        var components = try #require(URLComponents(url: HTTPBinServer.url().appendingPathComponent("redirect-to"), resolvingAgainstBaseURL: false))
        components.queryItems = [URLQueryItem(name: "url", value: path), URLQueryItem(name: "status_code", value: "\(status)")]
        var request = URLRequest(url: try #require(components.url))
        request.httpMethod = method
        request.httpBody = body
        if body != nil { request.setValue("text/plain", forHTTPHeaderField: "Content-Type") }
        return request
    }

    static func echo(_ response: HTTPResponse) throws -> [String: JSONValue] {
        try JSONDecoder().decode([String: JSONValue].self, from: response.body)
    }

    /// Until `transport` has `count` exchanges in flight (up to ten seconds): a fixed sleep was
    /// sometimes too short on a loaded machine. The requests waited for take seconds, so that a
    /// poll delayed by the load still sees them.
    static func waitUntil(_ transport: URLSessionTransport, has count: Int) async throws {
        for _ in 0..<2_000 where transport.exchangesInFlight < count { try await Task.sleep(for: .milliseconds(5)) }
        #expect(transport.exchangesInFlight == count)
    }

    // MARK: The session that sends

    @Test func invalidatingTheSessionCancelsTheRequestsInFlight() async throws {
        let transport = URLSessionTransport(session: URLSession(configuration: .ephemeral))
        let client = EndpointClient(baseURL: try HTTPBinServer.url(), transport: transport)
        let slow = try URLRequest(url: HTTPBinServer.fixtures().appendingPathComponent("delay/10"))
        let raw = Task { try await transport.send(slow) }
        let typed = Task { try await client.send(EchoService.echoPath(segment: "x", q: "y")) }
        #if canImport(FoundationNetworking)
        let delayed = Task {
            // Held up by a slow request of its own, so that it is sent after the invalidation.
            _ = try? await transport.send(slow)
            return try await client.send(EchoService.echoPath(segment: "x", q: "y"))
        }
        #endif
        _ = try await typed.value
        try await Task.sleep(for: .milliseconds(300))
        let clock = ContinuousClock()
        let start = clock.now
        transport.session.invalidateAndCancel()
        let error = try #require(await raw.result.failureError)
        #expect((error as? URLError)?.code == .cancelled, "\(error)")
        #if canImport(FoundationNetworking)
        // Where URLSession would stop the process instead.
        let afterwards = try #require(await delayed.result.failureError as? EndpointError)
        #expect(afterwards.kind == .cancelled, "a request sent after the invalidation fails as cancelled: \(afterwards)")
        #endif
        // A generous bound, for a machine busy with other tests: without the cancellation the
        // slow request would answer after 10 s.
        #expect(clock.now - start < .seconds(8), "cancelled, not waited for")
    }

    @Test func finishingTheSessionLetsTheRequestsInFlightComplete() async throws {
        let transport = URLSessionTransport(session: URLSession(configuration: .ephemeral))
        let request = try URLRequest(url: HTTPBinServer.fixtures().appendingPathComponent("delay/3"))
        let inFlight = Task { try await transport.send(request) }
        try await Self.waitUntil(transport, has: 1)
        transport.session.finishTasksAndInvalidate()
        #expect(try await inFlight.value.statusCode == 200)
        #if canImport(FoundationNetworking)
        let error = await #expect(throws: URLError.self) { try await transport.send(request) }
        #expect(error?.code == .cancelled)
        #endif
    }

    #if canImport(FoundationNetworking)
    /// On Linux a redirect's next hop is a new task, which a finishing session cannot make.
    @Test func finishingTheSessionFailsARequestWithARedirectStillToFollow() async throws {
        let transport = URLSessionTransport(session: URLSession(configuration: .ephemeral))
        var components = try #require(URLComponents(
            url: HTTPBinServer.fixtures().appendingPathComponent("delay/3"), resolvingAgainstBaseURL: false))
        components.queryItems = [URLQueryItem(name: "then", value: "/echo?id=7")]
        let redirected = URLRequest(url: try #require(components.url))
        #expect(try Self.echo(await URLSessionTransport().send(redirected))["id"] == .string("7"), "the redirect is followed")
        let inFlight = Task { try await transport.send(redirected) }
        try await Self.waitUntil(transport, has: 1)
        transport.session.finishTasksAndInvalidate()
        let error = try #require(await inFlight.result.failureError)
        #expect((error as? URLError)?.code == .cancelled, "\(error)")
        #expect(transport.exchangesInFlight == 0)
    }
    #endif

    #if canImport(FoundationNetworking)
    /// Every transport made from `URLSession.shared` shares its session, which, like
    /// `URLSession.shared`, ignores invalidation.
    @Test func theSharedSessionGoesOnSending() async throws {
        let transport = URLSessionTransport()
        transport.session.invalidateAndCancel()
        transport.session.finishTasksAndInvalidate()
        let request = try URLRequest(url: HTTPBinServer.url().appendingPathComponent("get"))
        #expect(try await URLSessionTransport().send(request).statusCode == 200)
    }
    #endif

    // MARK: Redirects

    // On Linux the transport follows redirects itself; Apple's Foundation follows them there.
    #if canImport(FoundationNetworking)
    @Test(arguments: [301, 302, 303])
    func aPostRedirectedGoesOnAsAGetWithoutItsBody(status: Int) async throws {
        let request = try Self.redirect(to: "/anything", status: status, method: "POST", body: Data("tea".utf8))
        let echo = try Self.echo(try await URLSessionTransport().send(request))
        #expect(echo["method"] == .string("GET"))
        #expect(echo["data"] == .string(""))
        if case .object(let headers)? = echo["headers"] {
            #expect(headers["Content-Type"] == nil)
        } else {
            Issue.record("no headers in \(echo)")
        }
    }

    @Test(arguments: [307, 308])
    func aTemporaryOrPermanentRedirectKeepsTheMethodAndBody(status: Int) async throws {
        let request = try Self.redirect(to: "/anything", status: status, method: "PUT", body: Data("tea".utf8))
        let echo = try Self.echo(try await URLSessionTransport().send(request))
        #expect(echo["method"] == .string("PUT"))
        #expect(echo["data"] == .string("tea"))
    }

    /// An upload redirected with `307` sends its body again, from memory, a file or a new stream.
    @Test(arguments: ["data", "file", "stream"])
    func aRedirectedUploadSendsItsBodyAgain(_ kind: String) async throws {
        let bytes = Data(String(repeating: "endpointgen redirects ", count: 2048).utf8)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("endpointgen-redirect-upload-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        let body: UploadBody
        switch kind {
        case "data": body = .data(bytes)
        case "file":
            try bytes.write(to: file)
            body = .file(file)
        default: body = .stream { InputStream(data: bytes) }
        }
        var request = try Self.redirect(to: "/anything", status: 307, method: "POST")
        request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        let response = try await URLSessionTransport().upload(request, from: body, progress: nil)
        let echo = try Self.echo(response)
        #expect(echo["method"] == .string("POST"))
        #expect(echo["data"] == .string(String(decoding: bytes, as: UTF8.self)))
    }

    /// URLSession's limit: 20 redirects, then `URLError.httpTooManyRedirects`.
    @Test func atMostTwentyRedirects() async throws {
        let base = try HTTPBinServer.url()
        let twenty = try await URLSessionTransport().send(URLRequest(url: base.appendingPathComponent("redirect/20")))
        #expect(twenty.statusCode == 200)
        let error = await #expect(throws: URLError.self) {
            try await URLSessionTransport().send(URLRequest(url: base.appendingPathComponent("redirect/21")))
        }
        #expect(error?.code == .httpTooManyRedirects)
    }

    /// A redirect to anything but HTTP fails at once, as URLSession's own following does (found
    /// by a review: an `ftp://` location was tried, and the request waited, busy, for its timeout).
    @Test(arguments: ["ftp", "file", "gopher"])
    func aRedirectToAnotherSchemeFailsAtOnce(scheme: String) async throws {
        // The fixture server's address: it takes the connection, and says nothing an FTP client waits for.
        let fixtures = try HTTPBinServer.fixtures()
        let location = scheme == "file" ? "file:///etc/passwd" : "\(scheme)://127.0.0.1:\(fixtures.port ?? 80)/x"
        var request = try Self.redirect(to: location, status: 302)
        // Followed, the ftp:// request would wait for the server's greeting until this timeout.
        request.timeoutInterval = 8
        let error = await #expect(throws: URLError.self) { try await URLSessionTransport().send(request) }
        #expect(error?.code == .unsupportedURL, "not .timedOut: the location is not tried")
    }
    #endif

    /// Invalidating a session while its requests follow redirects, at random moments: each
    /// request completes or fails as cancelled, and the process goes on.
    @Test func invalidatingWhileRedirectsAreFollowed() async throws {
        let base = try HTTPBinServer.url()
        let chains = RedirectCancellationStressTests.chains(base)
        let rounds = 60
        let watchdog = Watchdog("invalidatingWhileRedirectsAreFollowed", total: rounds * 8)
        defer { watchdog.stop() }
        let outcomes = Outcomes()
        for round in 0..<rounds {
            let transport = URLSessionTransport(session: URLSession(configuration: .ephemeral))
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<8 {
                    let request = chains[(round * 8 + index) % chains.count]
                    group.addTask {
                        do {
                            #expect(try await transport.send(request).statusCode == 200)
                            outcomes.add(cancelled: false)
                        } catch {
                            #expect(Self.isCancellation(error), "\(error)")
                            outcomes.add(cancelled: true)
                        }
                        watchdog.finish()
                    }
                }
                try? await Task.sleep(for: .microseconds(Int.random(in: 0...30_000)))
                transport.session.invalidateAndCancel()
            }
            #expect(transport.exchangesInFlight == 0)
        }
        #expect(watchdog.count == rounds * 8)
        #expect(outcomes.cancelled > 0)
    }
}
