import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Campaigns run the generator in-process, so a crash or a hang would take the test process
// down without saying which input did it. The watchdog remembers the input in flight in each
// worker's slot; a signal handler prints the slots when the process crashes, and a thread
// prints a slot and ends the process when one generation runs longer than the bound.

private let slotCount = 16
private let slotSize = 1024
/// One NUL-terminated description per slot, written by its worker and read by the handler.
nonisolated(unsafe) private let slots: UnsafeMutablePointer<CChar> = {
    let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * slotSize)
    pointer.initialize(repeating: 0, count: slotCount * slotSize)
    return pointer
}()
/// The actions the handler replaced, by signal number, restored before it returns.
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
    let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 64)
    pointer.initialize(repeating: sigaction(), count: 64)
    return pointer
}()
/// Room for a signal's number: the handler cannot allocate.
nonisolated(unsafe) private let digits = UnsafeMutablePointer<CChar>.allocate(capacity: 8)
private let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT]

private func writeToStandardError(_ text: UnsafePointer<CChar>) {
    _ = write(2, text, strlen(text))
}

/// Async-signal-safe: it only writes the preformatted slots and restores the previous action,
/// so that returning re-raises the signal there (the Swift runtime's backtrace, or the default).
private func crashHandler(_ signal: Int32) {
    writeToStandardError("\n*** campaign crash: signal ")
    var value = signal, index = 6
    digits[7] = 0
    repeat {
        digits[index] = CChar(48 + value % 10)
        value /= 10
        index -= 1
    } while value > 0 && index >= 0
    writeToStandardError(digits + index + 1)
    writeToStandardError(" while running:\n")
    for slot in 0..<slotCount where slots[slot * slotSize] != 0 {
        writeToStandardError("***   ")
        writeToStandardError(slots + slot * slotSize)
        writeToStandardError("\n")
    }
    _ = sigaction(signal, previousActions + Int(signal), nil)
    if signal == SIGABRT { _ = raise(signal) }
}

final class FuzzWatchdog: @unchecked Sendable {
    static let shared = FuzzWatchdog()

    private let lock = NSLock()
    private var started: [Date?] = Array(repeating: nil, count: slotCount)
    private var inUse: [Bool] = Array(repeating: false, count: slotCount)
    /// How long one step may take before it counts as a hang.
    var limit: TimeInterval = 60

    private init() {
        for signal in crashSignals {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = crashHandler
            #else
            action.__sigaction_u.__sa_handler = crashHandler
            #endif
            action.sa_flags = Int32(SA_ONSTACK)
            sigemptyset(&action.sa_mask)
            _ = sigaction(signal, &action, previousActions + Int(signal))
        }
        let thread = Thread { [unowned self] in self.watch() }
        thread.name = "FuzzWatchdog"
        thread.start()
    }

    /// A slot for one worker, released by `release(_:)`.
    func claim() -> Int {
        lock.lock()
        defer { lock.unlock() }
        guard let slot = inUse.firstIndex(of: false) else { preconditionFailure("more than \(slotCount) campaign workers") }
        inUse[slot] = true
        return slot
    }

    func release(_ slot: Int) {
        lock.lock()
        defer { lock.unlock() }
        started[slot] = nil
        inUse[slot] = false
        slots[slot * slotSize] = 0
    }

    /// Marks the start of one step; `description` says how to replay it.
    func begin(_ slot: Int, _ description: String) {
        let bytes = Array(description.utf8.prefix(slotSize - 1))
        let base = slots + slot * slotSize
        base[0] = 0
        for (offset, byte) in bytes.enumerated().dropFirst() { base[offset] = CChar(bitPattern: byte) }
        base[bytes.count] = 0
        if let first = bytes.first { base[0] = CChar(bitPattern: first) }
        lock.lock()
        started[slot] = Date()
        lock.unlock()
    }

    func end(_ slot: Int) {
        lock.lock()
        started[slot] = nil
        lock.unlock()
        slots[slot * slotSize] = 0
    }

    private func watch() {
        while true {
            Thread.sleep(forTimeInterval: 0.5)
            lock.lock()
            let now = Date()
            let hung = started.indices.first { started[$0].map { now.timeIntervalSince($0) > limit } ?? false }
            lock.unlock()
            if let hung {
                writeToStandardError("\n*** campaign hang: one step has run for more than \(Int(limit)) s:\n***   ")
                writeToStandardError(slots + hung * slotSize)
                writeToStandardError("\n")
                _exit(70)
            }
        }
    }

    /// Runs `body` with an alternate signal stack on the current thread, so that the handler
    /// can report a stack overflow too.
    static func withAlternateSignalStack<T>(_ body: () throws -> T) rethrows -> T {
        let size = 256 * 1024
        let memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        var stack = stack_t()
        stack.ss_sp = memory
        stack.ss_size = size
        stack.ss_flags = 0
        var previous = stack_t()
        _ = sigaltstack(&stack, &previous)
        defer {
            _ = sigaltstack(&previous, nil)
            memory.deallocate()
        }
        return try body()
    }
}
