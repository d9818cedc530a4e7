import Foundation
import GeneratedRuntime
import GoldenHTTPBin
import Testing

/// The httpbin server the test command starts on 127.0.0.1 (scripts/test.sh). Without it the
/// end-to-end tests are skipped, unless `ENDPOINTGEN_REQUIRE_E2E=1` says they must run, as it
/// does in the test command and CI.
enum HTTPBinServer {
    static let baseURL: URL? = ProcessInfo.processInfo.environment["HTTPBIN_URL"].flatMap(URL.init(string:))
    static let required = ProcessInfo.processInfo.environment["ENDPOINTGEN_REQUIRE_E2E"] == "1"
    static var isAvailable: Bool { baseURL != nil || required }
    /// scripts/fixture_server.py, started beside httpbin: pagination, error bodies, envelopes.
    static let fixturesURL: URL? = ProcessInfo.processInfo.environment["FIXTURES_URL"].flatMap(URL.init(string:))

    /// A client for the local httpbin; fails the test when the server is required but not set.
    static func client() throws -> EndpointClient {
        let url = try #require(baseURL, "HTTPBIN_URL is not set: run the tests with scripts/test.sh, which starts httpbin")
        precondition(url.host == "127.0.0.1" || url.host == "localhost", "end-to-end tests talk to loopback only")
        return HTTPBinAPI.client(baseURL: url)
    }

    /// httpbin's base URL, checked to be loopback.
    static func url() throws -> URL {
        let url = try #require(baseURL, "HTTPBIN_URL is not set: run the tests with scripts/test.sh, which starts httpbin")
        precondition(url.host == "127.0.0.1" || url.host == "localhost", "end-to-end tests talk to loopback only")
        return url
    }

    /// The fixture server's base URL, checked to be loopback.
    static func fixtures() throws -> URL {
        let url = try #require(fixturesURL, "FIXTURES_URL is not set: run the tests with scripts/test.sh, which starts the fixture server")
        precondition(url.host == "127.0.0.1" || url.host == "localhost", "end-to-end tests talk to loopback only")
        return url
    }
}
