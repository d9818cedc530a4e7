import Foundation
import GeneratedRuntime
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Cancelling a request at any moment, also just as its response completes, neither hangs the
/// transport nor loses the request's outcome. (On Linux, cancelling a task waits for the
/// session's work queue; a cancellation handler that did so while the response completed on
/// that queue deadlocked the shared session.)
@Suite(.enabled(if: HTTPBinServer.isAvailable, "set HTTPBIN_URL (scripts/test.sh starts httpbin)"))
struct CancellationStressTests {
    @Test func cancellingAtRandomMomentsNeverHangs() async throws {
        let request = URLRequest(url: try HTTPBinServer.url().appendingPathComponent("get"))
        let transport = URLSessionTransport()
        // How long a request takes here, so that cancellations fall before, during and after it:
        // the median (other tests share the server), and at most 40 ms, to bound the run.
        let clock = ContinuousClock()
        var durations: [Duration] = []
        for _ in 0..<20 {
            let started = clock.now
            _ = try await transport.send(request)
            durations.append(clock.now - started)
        }
        let latency = min(durations.sorted()[durations.count / 2], .milliseconds(40))

        let total = 1_500
        let watchdog = Watchdog("CancellationStressTests", total: total)
        defer { watchdog.stop() }
        let work = Task {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<total {
                    if index >= 8 { await group.next() }
                    group.addTask {
                        let request = Task { try await transport.send(request) }
                        try? await Task.sleep(for: latency * Double.random(in: 0.2...1.4))
                        request.cancel()
                        switch await request.result {
                        case .success(let response):
                            #expect(response.statusCode == 200)
                        case .failure(let error):
                            #expect(error is CancellationError || (error as? URLError)?.code == .cancelled, "\(error)")
                        }
                        watchdog.finish()
                    }
                }
            }
        }
        await work.value
        #expect(watchdog.count == total)
    }
}
