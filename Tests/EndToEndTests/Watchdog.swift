import Foundation

/// Stops the test process when a stress test makes no progress: a deadlock blocks the threads of
/// the concurrency pool, the test's own included, so the check runs on a dispatch queue and ends
/// the run with a message instead of hanging it.
final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var finished = 0
    private var lastSeen = -1
    private let timer = DispatchSource.makeTimerSource(queue: .global())

    /// Checks every `interval` seconds that `finish()` was called since the last check, until
    /// `total` calls; `name` says which test hung.
    init(_ name: String, total: Int, interval: Int = 10) {
        timer.schedule(deadline: .now() + .seconds(interval), repeating: .seconds(interval))
        timer.setEventHandler { [self] in
            let (now, last) = lock.withLock { (finished, lastSeen) }
            if now < total && now == last {
                fatalError("\(name): nothing finished for \(interval) s after \(now) of \(total): the transport hangs")
            }
            lock.withLock { lastSeen = now }
        }
        timer.resume()
    }

    /// One more request finished.
    func finish() { lock.withLock { finished += 1 } }

    var count: Int { lock.withLock { finished } }

    func stop() { timer.cancel() }

    deinit { timer.cancel() }
}
