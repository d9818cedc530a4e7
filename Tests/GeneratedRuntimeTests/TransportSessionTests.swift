import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import GeneratedRuntime

/// The session `URLSessionTransport` sends through, which `session` is: for a session without a
/// delegate, one of the transport's own (shared by every transport made from `URLSession.shared`);
/// on Linux it has no URL cache and a serial delegate queue, and making it changes nothing in the
/// session the app passed in.
@Suite struct TransportSessionTests {
    final class Delegate: NSObject, URLSessionDelegate {}

    @Test func theSharedSessionKeepsItsCache() throws {
        let before = try #require(URLSession.shared.configuration.urlCache)
        let transport = URLSessionTransport()
        #expect(transport.session !== URLSession.shared)
        #expect(transport.session.delegate != nil)
        let after = try #require(URLSession.shared.configuration.urlCache)
        #expect(after === before)
    }

    @Test func anAppSessionKeepsItsCacheAndTheRoutedSessionHasNoneOnLinux() throws {
        let cache = URLCache(memoryCapacity: 1 << 20, diskCapacity: 0, diskPath: nil)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = cache
        configuration.httpAdditionalHeaders = ["X-App": "1"]
        let session = URLSession(configuration: configuration)
        let transport = URLSessionTransport(session: session)
        let routed = transport.session
        #expect(routed !== session)

        #expect(configuration.urlCache === cache)
        #expect(session.configuration.urlCache === cache)
        // Everything else is the app's configuration.
        #expect(routed.configuration.httpAdditionalHeaders?["X-App"] as? String == "1")
        #if canImport(FoundationNetworking)
        #expect(routed.configuration.urlCache == nil)
        #expect(routed.delegateQueue is SerialDispatchOperationQueue)
        #else
        #expect(routed.configuration.urlCache === cache)
        #endif
        session.invalidateAndCancel()
    }

    #if canImport(FoundationNetworking)
    /// However work reaches the delegate queue, it runs one item at a time in the order it came,
    /// and waiting for the queue waits for all of it.
    @Test func theDelegateQueueRunsEverythingInOrder() {
        final class Log: @unchecked Sendable {
            private let lock = NSLock()
            private var entries: [Int] = []
            private var running = 0
            private(set) var overlapped = false
            func record(_ entry: Int) {
                lock.lock()
                running += 1
                overlapped = overlapped || running > 1
                lock.unlock()
                usleep(200)
                lock.lock()
                entries.append(entry)
                running -= 1
                lock.unlock()
            }
            var all: [Int] { lock.lock(); defer { lock.unlock() }; return entries }
        }
        let log = Log()
        let queue = SerialDispatchOperationQueue()
        var expected: [Int] = []
        for round in 0..<20 {
            let base = round * 5
            queue.addOperation { log.record(base) }
            queue.addOperation(BlockOperation { log.record(base + 1) })
            let first = BlockOperation { log.record(base + 2) }
            let second = BlockOperation { log.record(base + 3) }
            second.addDependency(first)
            queue.addOperations([first, second], waitUntilFinished: false)
            queue.addBarrierBlock { log.record(base + 4) }
            expected += (base..<base + 5)
        }
        queue.waitUntilAllOperationsAreFinished()
        #expect(log.all == expected)
        #expect(!log.overlapped)

        queue.addOperations([BlockOperation { log.record(-1) }], waitUntilFinished: true)
        #expect(log.all.last == -1)
    }
    #endif

    @Test func transportsMadeFromTheSharedSessionShareOneSessionAndOthersHaveTheirOwn() {
        #expect(URLSessionTransport().session === URLSessionTransport(session: .shared).session)
        let session = URLSession(configuration: .ephemeral)
        let first = URLSessionTransport(session: session)
        let second = URLSessionTransport(session: session)
        #expect(first.session !== second.session)
        #expect(first.session !== URLSessionTransport().session)
        first.session.invalidateAndCancel()
        second.session.invalidateAndCancel()
    }

    #if canImport(FoundationNetworking)
    /// Like `URLSession.shared`, the session of the transports made from it cannot be invalidated:
    /// every other default transport goes on sending through it.
    @Test func theSharedTransportSessionIgnoresInvalidation() {
        let session = URLSessionTransport().session
        session.invalidateAndCancel()
        session.finishTasksAndInvalidate()
        let task = session.dataTask(with: URL(string: "http://127.0.0.1:9/")!)
        task.cancel()
    }
    #endif

    @Test func aSessionWithADelegateIsUsedAsItIs() {
        let session = URLSession(configuration: .ephemeral, delegate: Delegate(), delegateQueue: nil)
        let transport = URLSessionTransport(session: session)
        #expect(transport.session === session)
        session.invalidateAndCancel()
    }

    #if canImport(FoundationNetworking)
    /// libcurl's words for a lost connection become `networkConnectionLost`, what URLSession on
    /// Apple platforms says and what a retry looks for; other errors with the same codes stay.
    /// ("Connection died" came in a test run on a loaded machine: libcurl had tried the request
    /// on five reused connections, each closed by the server.)
    @Test(arguments: [
        (URLError.Code.badServerResponse, "Empty reply from server", false, true),
        (.unknown, "transfer closed with 87 bytes remaining to read", true, true),
        (.unknown, "Connection died, tried 5 times before giving up", false, true),
        (.badServerResponse, "Received HTTP/0.9 when not allowed", false, false),
        (.badServerResponse, "Empty reply from server", true, false),
        (.unknown, "transfer closed with 87 bytes remaining to read", false, false),
        (.unknown, "Connection died, tried 5 times before giving up", true, false),
        (.unknown, "Failed writing received data to disk/application", false, false),
    ])
    func aLostConnectionIsNamedAsOnApplePlatforms(code: URLError.Code, words: String, headReceived: Bool, lost: Bool) throws {
        let error = URLError(code, userInfo: [NSLocalizedDescriptionKey: words])
        let named = try #require(URLSessionTransport.lostConnection(error, headReceived: headReceived) as? URLError)
        #expect(named.code == (lost ? .networkConnectionLost : code))
        #expect(named.localizedDescription == words)
    }
    #endif
}
