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
}
