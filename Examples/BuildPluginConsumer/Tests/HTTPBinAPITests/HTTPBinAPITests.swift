import Foundation
import GeneratedRuntime
import HTTPBinAPI
import Testing

/// The build-time generated client against httpbin on 127.0.0.1 (started by scripts/test.sh).
@Suite struct HTTPBinAPITests {
    static let baseURL = ProcessInfo.processInfo.environment["HTTPBIN_URL"].flatMap(URL.init(string:))
    static let required = ProcessInfo.processInfo.environment["ENDPOINTGEN_REQUIRE_E2E"] == "1"

    func service() throws -> LiveEchoService {
        let url = try #require(Self.baseURL, "HTTPBIN_URL is not set: run scripts/test.sh")
        #expect(url.host == "127.0.0.1" || url.host == "localhost")
        return HTTPBinAPI.localService(baseURL: url)
    }

    @Test(.enabled(if: baseURL != nil || required))
    func theGeneratedClientTalksToHTTPBin() async throws {
        let service = try service()
        let echo = try await service.echo(topic: "plug in", q: "a&b")
        #expect(echo.method == "GET")
        #expect(echo.args["q"] == .string("a&b"))

        let greeting = Greeting(text: "hello", sentAt: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(try await service.send(greeting: greeting) == greeting)

        let error = await #expect(throws: EndpointError.self) { try await service.status(code: 418) }
        #expect(error?.statusCode == 418)
    }

    /// Collects log lines and counts refreshes.
    final class Recorder: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        private var refreshed: [String] = []
        var log: [String] { lock.withLock { lines } }
        var refreshes: [String] { lock.withLock { refreshed } }
        func write(_ line: String) { lock.withLock { lines.append(line) } }
        func refresh(_ old: BearerToken) -> BearerToken {
            lock.withLock { refreshed.append(old.token) }
            return BearerToken("fresh-token-value")
        }
    }

    @Test(.enabled(if: baseURL != nil || required))
    func aResilientClientRetriesRefreshesAndLogsWithoutSecrets() async throws {
        let url = try #require(Self.baseURL, "HTTPBIN_URL is not set: run scripts/test.sh")
        let recorder = Recorder()
        let account = HTTPBinAPI.resilientAccount(
            baseURL: url, token: "first-token-value", refresh: { recorder.refresh($0) }, log: { recorder.write($0) })
        #expect(try await account.whoAmI() == TokenCheck(authenticated: true, token: "first-token-value"))

        // httpbin refuses every token here: one refresh, one more attempt, then the 401.
        let error = await #expect(throws: EndpointError.self) { try await account.expired() }
        #expect(error?.statusCode == 401)
        #expect(recorder.refreshes == ["first-token-value"])

        #expect(recorder.log.count == 3)
        #expect(recorder.log.allSatisfy { !$0.contains("first-token-value") && !$0.contains("fresh-token-value") })
        #expect(recorder.log.first?.contains("GET \(url.absoluteString)/bearer → 200") == true)
    }
}
