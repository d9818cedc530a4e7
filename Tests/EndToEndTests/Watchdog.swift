import Foundation

/// Stops the test process when a stress test makes no progress: a deadlock can block the threads
/// of the concurrency pool, the test's own included, so the check runs on a dispatch queue and
/// ends the run with a message instead of hanging it.
///
/// Other tests can hold the pool's few threads for a long time too (a compile the test waits for
/// synchronously), and then nothing of this test runs either. So when nothing finished during an
/// interval, the watchdog tells the two apart with a probe, a task started on the pool: when the
/// probes ran in two intervals in a row, the pool was free and the requests still did not finish,
/// which is a hang; while they do not run, the pool is busy, and only `starvationLimit` seconds of
/// that end the run.
final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var finished = 0
    private var lastSeen = 0
    private var stalled = 0
    private var freeIntervals = 0
    private var probeRan = false
    private let timer = DispatchSource.makeTimerSource(queue: .global())

    /// Checks every `interval` seconds that `finish()` was called since the last check, until
    /// `total` calls; `name` says which test hung.
    init(_ name: String, total: Int, interval: Int = 10, starvationLimit: Int = 300) {
        timer.schedule(deadline: .now() + .seconds(interval), repeating: .seconds(interval))
        timer.setEventHandler { [self] in
            let (now, free, stalledFor) = lock.withLock { () -> (Int, Int, Int) in
                if finished != lastSeen || finished >= total {
                    lastSeen = finished
                    stalled = 0
                    freeIntervals = 0
                } else {
                    stalled += interval
                    freeIntervals = probeRan ? freeIntervals + 1 : 0
                }
                probeRan = false
                return (finished, freeIntervals, stalled)
            }
            guard stalledFor > 0 else { return }
            if free >= 2 {
                fatalError("\(name): nothing finished for \(stalledFor) s after \(now) of \(total), while the concurrency pool was free: the transport hangs")
            }
            if stalledFor >= starvationLimit {
                fatalError("\(name): nothing finished for \(stalledFor) s after \(now) of \(total), and the concurrency pool busy with other work")
            }
            Task.detached { [self] in lock.withLock { probeRan = true } }
        }
        timer.resume()
    }

    /// One more request finished.
    func finish() { lock.withLock { finished += 1 } }

    var count: Int { lock.withLock { finished } }

    func stop() { timer.cancel() }

    deinit { timer.cancel() }
}
