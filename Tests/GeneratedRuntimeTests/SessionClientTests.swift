import Foundation
import GeneratedRuntime
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private enum SessionBearer: BearerAuthScheme {}

/// `SessionClient`: switching identity cancels the old identity's requests in flight, and the new
/// identity's requests go out with its base URL, headers and credential only.
@Suite(.timeLimit(.minutes(1))) struct SessionClientTests {
    /// Holds requests whose path ends in `/slow` until their task is cancelled; answers the rest at once.
    /// Each request is announced on `started` as it arrives.
    final class HoldingTransport: HTTPTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [URLRequest] = []
        private var cancelledPaths: [String] = []
        let started: AsyncStream<URLRequest>
        private let announce: AsyncStream<URLRequest>.Continuation

        init() {
            (started, announce) = AsyncStream.makeStream(of: URLRequest.self)
        }

        var requests: [URLRequest] { lock.withLock { seen } }
        var cancelled: [String] { lock.withLock { cancelledPaths } }

        func send(_ request: URLRequest) async throws -> HTTPResponse {
            lock.withLock { seen.append(request) }
            announce.yield(request)
            if request.url?.path.hasSuffix("/slow") == true {
                do {
                    try await Task.sleep(for: .seconds(50))
                } catch {
                    lock.withLock { cancelledPaths.append(request.url?.absoluteString ?? "") }
                    throw error
                }
            }
            return .json(#"{"path": "\#(request.url?.path ?? "")"}"#)
        }
    }

    struct Call<Auth: AuthScheme>: Endpoint {
        var path: EndpointPath
        func makeRequest() -> EndpointRequest { EndpointRequest(method: .get, path: path) }
        func decodeResponse(_ response: HTTPResponse) throws -> String { try response.decodeString() }
    }

    static func client(_ base: String, user: String, transport: HoldingTransport) -> EndpointClient {
        EndpointClient(baseURL: URL(string: base)!, defaultHeaders: ["X-User": user], transport: transport)
    }

    @Test func updatingCancelsTheOldIdentitysRequestAndTheNewGoesOutWithTheNewCredentialOnly() async throws {
        let transport = HoldingTransport()
        let session = SessionClient<SessionBearer>(
            client: Self.client("https://alice.test/api", user: "alice", transport: transport), credential: BearerToken("alice-token"))
        var announced = transport.started.makeAsyncIterator()

        let inFlight = Task { try await session.send(Call<SessionBearer>(path: "/slow")) }
        let held = try #require(await announced.next())
        #expect(held.url?.absoluteString == "https://alice.test/api/slow")
        #expect(held.value(forHTTPHeaderField: "Authorization") == "Bearer alice-token")

        session.update(client: Self.client("https://bob.test/v2", user: "bob", transport: transport), credential: BearerToken("bob-token"))

        let result = await inFlight.result
        guard case .failure(let error as EndpointError) = result else {
            Issue.record("the old identity's request was not cancelled: \(result)")
            return
        }
        #expect(error.kind == .cancelled)
        #expect(error.wasSuperseded)
        #expect(transport.cancelled == ["https://alice.test/api/slow"])

        let answer = try await session.send(Call<SessionBearer>(path: "/fast"))
        #expect(answer.contains("/v2/fast"))
        let sent = try #require(transport.requests.last)
        #expect(sent.url?.absoluteString == "https://bob.test/v2/fast")
        #expect(sent.value(forHTTPHeaderField: "Authorization") == "Bearer bob-token")
        #expect(sent.value(forHTTPHeaderField: "X-User") == "bob")
        let fields = sent.allHTTPHeaderFields ?? [:]
        #expect(!fields.values.contains { $0.contains("alice") }, "\(fields)")
    }

    @Test func anUpdateLeavesTheNewIdentitysRequestsAlone() async throws {
        let transport = HoldingTransport()
        let session = SessionClient<SessionBearer>(
            client: Self.client("https://alice.test", user: "alice", transport: transport), credential: BearerToken("alice-token"))
        var announced = transport.started.makeAsyncIterator()
        session.update(client: Self.client("https://bob.test", user: "bob", transport: transport), credential: BearerToken("bob-token"))

        let inFlight = Task { try await session.send(Call<SessionBearer>(path: "/slow")) }
        let held = try #require(await announced.next())
        #expect(held.value(forHTTPHeaderField: "Authorization") == "Bearer bob-token")
        // Another request of the same identity finishes while the first is held.
        #expect(try await session.send(Call<NoAuth>(path: "/fast")).contains("/fast"))
        #expect(transport.cancelled.isEmpty)
        // Only now is the held one stopped, by the caller rather than by an update: not superseded.
        inFlight.cancel()
        guard case .failure(let error as EndpointError) = await inFlight.result else {
            Issue.record("not cancelled")
            return
        }
        #expect(error.kind == .cancelled)
        #expect(!error.wasSuperseded)
    }

    @Test func loggedOutItSendsOnlyWhatNeedsNoCredential() async throws {
        let transport = HoldingTransport()
        let session = SessionClient<SessionBearer>(client: Self.client("https://anon.test", user: "anon", transport: transport))
        #expect(try await session.send(Call<NoAuth>(path: "/public")).contains("/public"))
        #expect(transport.requests.last?.value(forHTTPHeaderField: "Authorization") == nil)
        let error = await #expect(throws: EndpointError.self) { try await session.send(Call<SessionBearer>(path: "/private")) }
        #expect(error?.kind == .authorization)
        #expect(transport.requests.count == 1)

        // Logging in, then out again.
        session.update(client: Self.client("https://anon.test", user: "ada", transport: transport), credential: BearerToken("t1"))
        #expect(try await session.send(Call<SessionBearer>(path: "/private")).contains("/private"))
        #expect(transport.requests.last?.value(forHTTPHeaderField: "Authorization") == "Bearer t1")
        session.update(client: Self.client("https://anon.test", user: "anon", transport: transport), credential: nil)
        await #expect(throws: EndpointError.self) { try await session.send(Call<SessionBearer>(path: "/private")) }
        #expect(transport.requests.count == 2)
        #expect(session.configuration.credential == nil)
    }
}
