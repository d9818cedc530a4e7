import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import GeneratedRuntime

/// `URLSessionTransport` keeps every header on a redirect within one origin, and sends a redirect
/// to another origin (scheme, host and port) only the standard content headers: an API key can
/// have any name, so any other header might be a credential.
@Suite struct RedirectCredentialTests {
    static let credentialHeaders = [
        "Authorization": "Bearer tok", "Proxy-Authorization": "Basic abc", "Cookie": "session=1",
        "X-API-Key": "k1", "X-Auth-Token": "t1", "X-Client-Secret": "s1", "apikey": "k2",
    ]
    static let contentHeaders = ["Accept": "application/json", "Content-Type": "text/plain", "User-Agent": "test"]
    static let otherHeaders = contentHeaders.merging(["X-Trace": "42", "X-Partner": "p1"]) { a, _ in a }

    static func request(_ url: String, headers: [String: String] = credentialHeaders.merging(otherHeaders) { a, _ in a }) -> URLRequest {
        var request = URLRequest(url: URL(string: url)!)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    static func headers(_ request: URLRequest) -> [String: String] {
        Dictionary(uniqueKeysWithValues: (request.allHTTPHeaderFields ?? [:]).map { ($0.key.lowercased(), $0.value) })
    }

    static func lowered(_ headers: [String: String]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: headers.map { ($0.key.lowercased(), $0.value) })
    }

    @Test(arguments: [
        ("https://api.example.com/a", "https://api.example.com/b?x=1"),
        ("https://api.example.com/a", "https://API.Example.com/b"),
        ("https://api.example.com/a", "https://api.example.com:443/b"),
        ("http://api.example.com:80/a", "http://api.example.com/b"),
        ("http://127.0.0.1:8080/a", "http://127.0.0.1:8080/b"),
    ])
    func aRedirectWithinTheOriginKeepsEveryHeader(from: String, to: String) {
        let next = URLSessionTransport.redirect(Self.request(to), from: Self.request(from))
        #expect(Self.headers(next) == Self.lowered(Self.credentialHeaders.merging(Self.otherHeaders) { a, _ in a }))
        #expect(next.url?.absoluteString == to)
    }

    @Test(arguments: [
        ("https://api.example.com/a", "https://evil.example.net/b"),
        ("https://api.example.com/a", "http://api.example.com/b"),
        ("https://api.example.com/a", "https://api.example.com:8443/b"),
        ("http://127.0.0.1:8080/a", "http://127.0.0.1:8081/b"),
        ("https://api.example.com/a", "https://sub.api.example.com/b"),
    ])
    func aRedirectToAnotherOriginKeepsOnlyTheContentHeaders(from: String, to: String) {
        let next = URLSessionTransport.redirect(Self.request(to), from: Self.request(from))
        #expect(Self.headers(next) == Self.lowered(Self.contentHeaders))
        #expect(next.url?.absoluteString == to)
    }

    @Test func withoutAnOriginalRequestNothingIsDropped() {
        let next = URLSessionTransport.redirect(Self.request("https://elsewhere.test/"), from: nil)
        #expect(next.value(forHTTPHeaderField: "Authorization") == "Bearer tok")
    }

    @Test func headersKeptAcrossOrigins() {
        for name in ["Accept", "accept-language", "Content-Type", "User-Agent", "If-None-Match", "Cache-Control", "Range"] {
            #expect(URLSessionTransport.keepsAcrossOrigins(header: name), "\(name)")
        }
        for name in ["Authorization", "Proxy-Authorization", "Cookie", "X-API-Key", "X-Auth-Token", "apikey", "X-Partner", "X-Trace"] {
            #expect(!URLSessionTransport.keepsAcrossOrigins(header: name), "\(name)")
        }
    }
}
