import Foundation
import GeneratedRuntime
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Cancelling a request at any moment while its redirects are followed neither stops the
/// process nor hangs the transport, and never loses the request's outcome. (swift-corelibs-foundation
/// stops the process when a task is cancelled while it waits for its delegate's answer to a
/// redirect: `URLSessionTransport` never lets it wait for one.)
@Suite(.enabled(if: HTTPBinServer.isAvailable, "set HTTPBIN_URL (scripts/test.sh starts httpbin)"))
struct RedirectCancellationStressTests {
    /// Redirect chains on httpbin, each ending at `/get`: relative and absolute `302`s, and a
    /// `303`, `307` and `308` in front of them.
    static func chains(_ base: URL) -> [URLRequest] {
        var requests: [URLRequest] = []
        for hops in 1...5 {
            requests.append(URLRequest(url: base.appendingPathComponent("redirect/\(hops)")))
            requests.append(URLRequest(url: base.appendingPathComponent("absolute-redirect/\(hops)")))
        }
        for status in [301, 302, 303, 307, 308] {
            var components = URLComponents(url: base.appendingPathComponent("redirect-to"), resolvingAgainstBaseURL: false)!
            components.queryItems = [URLQueryItem(name: "url", value: "/redirect/2"), URLQueryItem(name: "status_code", value: "\(status)")]
            requests.append(URLRequest(url: components.url!))
        }
        return requests
    }

    @Test func cancellingWhileRedirectsAreFollowedNeverCrashesOrHangs() async throws {
        let base = try HTTPBinServer.url()
        let chains = Self.chains(base)
        let transport = URLSessionTransport()
        // How long a chain takes here, so that cancellations fall before, between and after its
        // hops: the median (other tests share the server), and at most 40 ms, to bound the run.
        let clock = ContinuousClock()
        var durations: [Duration] = []
        for request in chains {
            let started = clock.now
            let response = try await transport.send(request)
            durations.append(clock.now - started)
            #expect(response.statusCode == 200, "\(request.url!)")
        }
        let latency = min(durations.sorted()[durations.count / 2], .milliseconds(40))

        let total = 2_000
        let watchdog = Watchdog("RedirectCancellationStressTests", total: total)
        defer { watchdog.stop() }
        let outcomes = Outcomes()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<total {
                if index >= 8 { await group.next() }
                let request = chains[index % chains.count]
                group.addTask {
                    let sending = Task { try await transport.send(request) }
                    // One request in ten is left to complete.
                    if index % 10 != 0 {
                        try? await Task.sleep(for: latency * Double.random(in: 0...1.5))
                        sending.cancel()
                    }
                    switch await sending.result {
                    case .success(let response):
                        #expect(response.statusCode == 200)
                        let echo = try? JSONDecoder().decode([String: JSONValue].self, from: response.body)
                        #expect(echo?["url"] == .string(base.appendingPathComponent("get").absoluteString), "the chain was followed to its end")
                        outcomes.add(cancelled: false)
                    case .failure(let error):
                        #expect(error is CancellationError || (error as? URLError)?.code == .cancelled, "\(error)")
                        outcomes.add(cancelled: true)
                    }
                    watchdog.finish()
                }
            }
        }
        #expect(watchdog.count == total)
        // Both outcomes happened.
        #expect(outcomes.completed > 0)
        #expect(outcomes.cancelled > 0)
    }
}

/// How many requests completed and how many were cancelled.
final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var counts = (completed: 0, cancelled: 0)
    func add(cancelled: Bool) {
        lock.withLock { if cancelled { counts.cancelled += 1 } else { counts.completed += 1 } }
    }
    var completed: Int { lock.withLock { counts.completed } }
    var cancelled: Int { lock.withLock { counts.cancelled } }
}
