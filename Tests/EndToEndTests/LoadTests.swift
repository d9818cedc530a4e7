import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import GeneratedRuntime

/// A thousand concurrent requests through one client against the fixture server on 127.0.0.1,
/// and the same while a `SessionClient`'s identity switches every few milliseconds: every
/// response matches its request, none is sent with a mix of two identities, none hangs (the
/// watchdog), and nothing is left in flight afterwards.
@Suite(.enabled(if: HTTPBinServer.isAvailable, "set HTTPBIN_URL and FIXTURES_URL (scripts/test.sh starts the servers)"))
struct LoadTests {
    enum LoadAuth: BearerAuthScheme {}

    /// What `/echo` answers: the request's id and headers.
    struct Echoed: Decodable, Sendable {
        var id: String?
        var headers: [String: String]

        func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    /// `GET /echo?id=…` with the id in a header too.
    struct EchoID<Auth: AuthScheme>: Endpoint {
        typealias Response = Echoed
        var id: Int

        func makeRequest() -> EndpointRequest {
            EndpointRequest(method: .get, path: "/echo", query: [.init(name: "id", value: "\(id)")], headers: ["X-Request-Id": "\(id)"])
        }

        func decodeResponse(_ response: HTTPResponse) throws -> Echoed {
            try response.decodeJSON(Echoed.self)
        }
    }

    /// `GET /delay/10`: answered after ten seconds, so in flight at the first identity switch.
    struct Slow<Auth: AuthScheme>: Endpoint {
        typealias Response = Void

        func makeRequest() -> EndpointRequest {
            EndpointRequest(method: .get, path: "/delay/10")
        }

        func decodeResponse(_ response: HTTPResponse) throws {}
    }

    static let total = 1_000

    /// A transport with a session of its own, whose tasks only this test makes.
    static func transport() -> URLSessionTransport {
        URLSessionTransport(session: URLSession(configuration: .ephemeral))
    }

    /// How many tasks of `session` are still running, once they have had up to 5 s to go.
    static func runningTasks(in session: URLSession) async -> Int {
        var count = 0
        for _ in 0..<100 {
            count = await withCheckedContinuation { continuation in
                session.getAllTasks { continuation.resume(returning: $0.count) }
            }
            if count == 0 { break }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return count
    }

    @Test func aThousandConcurrentRequestsThroughOneClient() async throws {
        let transport = Self.transport()
        let client = EndpointClient(baseURL: try HTTPBinServer.fixtures(), transport: transport)
        let watchdog = Watchdog("LoadTests.aThousandConcurrentRequestsThroughOneClient", total: Self.total)
        defer { watchdog.stop() }
        let problems = await withTaskGroup(of: String?.self) { group in
            for id in 0..<Self.total {
                group.addTask {
                    defer { watchdog.finish() }
                    do {
                        let echo = try await client.send(EchoID<NoAuth>(id: id))
                        return echo.id == "\(id)" && echo.header("X-Request-Id") == "\(id)" ? nil : "request \(id) got \(echo)"
                    } catch {
                        return "request \(id) failed: \(error)"
                    }
                }
            }
            var problems: [String] = []
            for await problem in group { if let problem { problems.append(problem) } }
            return problems
        }
        #expect(problems.isEmpty, "\(problems.count) of \(Self.total): \(problems.prefix(5))")
        #expect(watchdog.count == Self.total)
        #expect(transport.exchangesInFlight == 0)
        #expect(await Self.runningTasks(in: transport.session) == 0)
    }

    /// The generations of the identity: `started` before a switch, `published` after it, so that
    /// a request sent after reading `published` and completed before reading `started` went out
    /// with a generation between the two.
    final class Generations: @unchecked Sendable {
        private let lock = NSLock()
        private var values = (started: 0, published: 0, stopped: false)
        var started: Int { lock.withLock { values.started } }
        var published: Int { lock.withLock { values.published } }
        var stopped: Bool { lock.withLock { values.stopped } }
        func start(_ generation: Int) { lock.withLock { values.started = generation } }
        func publish(_ generation: Int) { lock.withLock { values.published = generation } }
        func stop() { lock.withLock { values.stopped = true } }
    }

    @Test func aThousandConcurrentRequestsWhileTheIdentitySwitches() async throws {
        let base = try HTTPBinServer.fixtures()
        let transport = Self.transport()
        // Generation g: the header `X-Identity: g` and the token `token-g`, together.
        @Sendable func identity(_ generation: Int) -> SessionClient<LoadAuth>.Configuration {
            SessionClient.Configuration(
                client: EndpointClient(baseURL: base, defaultHeaders: ["X-Identity": "\(generation)"], transport: transport),
                credential: BearerToken("token-\(generation)"))
        }
        let session = SessionClient<LoadAuth>(identity(0))
        let generations = Generations()
        let outcomes = Outcomes()
        // A request surely in flight when the switches begin, so that one at least is superseded
        // however quickly the others complete (on a fast machine none of the thousand was).
        let slow = Task { try await session.send(Slow<LoadAuth>()) }
        for _ in 0..<1_000 where session.requestsInFlight == 0 { try await Task.sleep(for: .milliseconds(5)) }
        // On a thread of its own: the concurrency pool is busy with the requests. Every few
        // milliseconds; every twentieth time, once a request has completed (or after ten
        // seconds), so that some complete whatever the load (with a second, on a slow machine
        // running the other suites beside it, none did: every request was superseded).
        let switching = DispatchGroup()
        DispatchQueue.global().async(group: switching) {
            var generation = 0
            while !generations.stopped {
                usleep(UInt32.random(in: 2_000...10_000))
                if generation % 20 == 19 {
                    let completed = outcomes.completed
                    for _ in 0..<10_000 where outcomes.completed == completed && !generations.stopped { usleep(1_000) }
                }
                generation += 1
                generations.start(generation)
                session.update(identity(generation))
                generations.publish(generation)
            }
        }
        let watchdog = Watchdog("LoadTests.aThousandConcurrentRequestsWhileTheIdentitySwitches", total: Self.total)
        defer { watchdog.stop() }
        let problems = await withTaskGroup(of: String?.self) { group in
            for id in 0..<Self.total {
                group.addTask {
                    defer { watchdog.finish() }
                    // Half of them at once, the others over two seconds, so that requests start
                    // all through the switches.
                    if id % 2 == 1 { try? await Task.sleep(for: .milliseconds(Int.random(in: 0...2_000))) }
                    let earliest = generations.published
                    do {
                        let echo = try await session.send(EchoID<LoadAuth>(id: id))
                        let latest = generations.started
                        outcomes.add(cancelled: false)
                        guard echo.id == "\(id)", echo.header("X-Request-Id") == "\(id)" else { return "request \(id) got \(echo)" }
                        guard let sent = echo.header("X-Identity").flatMap(Int.init),
                              echo.header("Authorization") == "Bearer token-\(sent)"
                        else { return "request \(id) went with a mix of identities: \(echo.headers)" }
                        guard (earliest...latest).contains(sent) else {
                            return "request \(id) went as identity \(sent), not one of \(earliest)...\(latest)"
                        }
                        return nil
                    } catch let error as EndpointError where error.kind == .cancelled && error.wasSuperseded {
                        outcomes.add(cancelled: true)
                        return nil
                    } catch {
                        return "request \(id) failed: \(error)"
                    }
                }
            }
            var problems: [String] = []
            for await problem in group { if let problem { problems.append(problem) } }
            return problems
        }
        generations.stop()
        await withCheckedContinuation { continuation in switching.notify(queue: .global()) { continuation.resume() } }
        let switches = generations.started
        #expect(problems.isEmpty, "\(problems.count) of \(Self.total): \(problems.prefix(5))")
        #expect(outcomes.completed + outcomes.cancelled == Self.total)
        #expect(outcomes.completed > 0, "some requests completed between two switches")
        let superseded = await slow.result.failureError as? EndpointError
        #expect(superseded?.kind == .cancelled && superseded?.wasSuperseded == true, "the slow request was superseded")
        #expect(switches >= 10)
        #expect(session.requestsInFlight == 0)
        #expect(transport.exchangesInFlight == 0)
        #expect(await Self.runningTasks(in: transport.session) == 0)
    }
}
