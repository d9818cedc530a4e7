import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import GeneratedRuntime

/// The session `URLSessionTransport` routes requests through: on Linux it has no URL cache and a
/// serial delegate queue, and making it changes nothing in the session the app passed in.
@Suite struct TransportSessionTests {
    final class Delegate: NSObject, URLSessionDelegate {}

    @Test func theSharedSessionKeepsItsCache() throws {
        let before = try #require(URLSession.shared.configuration.urlCache)
        let transport = URLSessionTransport()
        _ = try #require(transport.routedSession)
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
        let routed = try #require(transport.routedSession)

        #expect(configuration.urlCache === cache)
        #expect(session.configuration.urlCache === cache)
        // Everything else is the app's configuration.
        #expect(routed.configuration.httpAdditionalHeaders?["X-App"] as? String == "1")
        #if canImport(FoundationNetworking)
        #expect(routed.configuration.urlCache == nil)
        #expect(routed.delegateQueue.maxConcurrentOperationCount == 1)
        #else
        #expect(routed.configuration.urlCache === cache)
        #endif
    }

    @Test func aSessionWithADelegateIsUsedAsItIs() {
        let session = URLSession(configuration: .ephemeral, delegate: Delegate(), delegateQueue: nil)
        let transport = URLSessionTransport(session: session)
        #expect(transport.routedSession == nil)
        #expect(transport.session === session)
        session.invalidateAndCancel()
    }
}
