import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import GeneratedRuntime

/// The next hop of a redirect, as `URLSessionTransport` follows redirects on Linux: the URL from
/// the response's `Location`, URLSession's rules for the method and the body, and the headers
/// that may go to the new origin.
@Suite struct RedirectHopTests {
    static func request(_ method: String, _ url: String = "https://api.example.com/v1/things/7") -> URLRequest {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        request.httpBody = Data("payload".utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("en", forHTTPHeaderField: "Content-Language")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        request.setValue("Bearer tok", forHTTPHeaderField: "Authorization")
        return request
    }

    static func next(_ request: URLRequest, _ status: Int, to location: String?, proposed: URL? = nil) throws -> (request: URLRequest, keepsBody: Bool) {
        try #require(URLSessionTransport.nextHop(after: request, status: status, location: location, proposed: proposed))
    }

    @Test(arguments: [
        ("POST", 301), ("POST", 302), ("POST", 303), ("PUT", 303), ("DELETE", 303), ("GET", 303), ("post", 302),
    ])
    func becomesAGetWithoutTheBody(method: String, status: Int) throws {
        let hop = try Self.next(Self.request(method), status, to: "/v1/done")
        #expect(hop.request.httpMethod == "GET")
        #expect(!hop.keepsBody)
        #expect(hop.request.httpBody == nil)
        #expect(hop.request.value(forHTTPHeaderField: "Content-Type") == nil)
        #expect(hop.request.value(forHTTPHeaderField: "Content-Language") == nil)
        #expect(hop.request.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(hop.request.value(forHTTPHeaderField: "Authorization") == "Bearer tok", "same origin: every other header stays")
        #expect(hop.request.url?.absoluteString == "https://api.example.com/v1/done")
    }

    @Test(arguments: [
        ("POST", 307), ("POST", 308), ("PUT", 301), ("PUT", 302), ("PATCH", 307), ("DELETE", 308), ("GET", 302), ("HEAD", 303),
    ])
    func keepsTheMethodAndTheBody(method: String, status: Int) throws {
        let hop = try Self.next(Self.request(method), status, to: "https://api.example.com/v2/things/7")
        #expect(hop.request.httpMethod == method)
        #expect(hop.keepsBody)
        #expect(hop.request.httpBody == Data("payload".utf8))
        #expect(hop.request.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test(arguments: [
        ("/v1/other", "https://api.example.com/v1/other"),
        ("other", "https://api.example.com/v1/things/other"),
        ("../x?y=1", "https://api.example.com/v1/x?y=1"),
        ("?page=2", "https://api.example.com/v1/things/7?page=2"),
        ("//cdn.example.net/blob", "https://cdn.example.net/blob"),
        ("http://api.example.com:8080/a%20b", "http://api.example.com:8080/a%20b"),
    ])
    func theLocationIsResolvedAgainstTheRequest(location: String, expected: String) throws {
        let hop = try Self.next(Self.request("GET"), 302, to: location)
        #expect(hop.request.url?.absoluteString == expected)
    }

    @Test func aRedirectToAnotherOriginKeepsOnlyTheContentHeaders() throws {
        let hop = try Self.next(Self.request("POST"), 307, to: "https://cdn.example.net/upload")
        #expect(hop.request.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(hop.request.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(hop.request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(hop.request.httpBody == Data("payload".utf8))
    }

    @Test func withoutALocationTheProposedURLIsUsed() throws {
        let proposed = URL(string: "https://api.example.com/elsewhere")!
        #expect(try Self.next(Self.request("GET"), 302, to: nil, proposed: proposed).request.url == proposed)
        #expect(URLSessionTransport.nextHop(after: Self.request("GET"), status: 302, location: nil, proposed: nil) == nil)
    }
}
