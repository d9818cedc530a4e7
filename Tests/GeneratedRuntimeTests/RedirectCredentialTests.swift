import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import GeneratedRuntime

/// `URLSessionTransport` keeps credentials on a redirect within one origin and drops them from a
/// redirect to another (scheme, host and port), as browsers do with `Authorization`.
@Suite struct RedirectCredentialTests {
    static let credentialHeaders = [
        "Authorization": "Bearer tok", "Proxy-Authorization": "Basic abc", "Cookie": "session=1",
        "X-API-Key": "k1", "X-Auth-Token": "t1", "X-Client-Secret": "s1", "apikey": "k2",
    ]
    static let otherHeaders = ["Accept": "application/json", "Content-Type": "text/plain", "X-Trace": "42", "User-Agent": "test"]

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
    func aRedirectToAnotherOriginDropsTheCredentials(from: String, to: String) {
        let next = URLSessionTransport.redirect(Self.request(to), from: Self.request(from))
        #expect(Self.headers(next) == Self.lowered(Self.otherHeaders))
        #expect(next.url?.absoluteString == to)
    }

    @Test func withoutAnOriginalRequestNothingIsDropped() {
        let next = URLSessionTransport.redirect(Self.request("https://elsewhere.test/"), from: nil)
        #expect(next.value(forHTTPHeaderField: "Authorization") == "Bearer tok")
    }

    @Test func credentialHeaderNames() {
        for name in ["Authorization", "authorization", "Proxy-Authorization", "Cookie", "COOKIE", "X-API-Key", "X-Auth-Token",
                     "X-Client-Secret", "apikey", "X-Token"] {
            #expect(URLSessionTransport.isCredential(header: name), "\(name)")
        }
        for name in ["Accept", "Content-Type", "User-Agent", "X-Trace", "If-None-Match", "Cache-Control", "Keep-Alive"] {
            #expect(!URLSessionTransport.isCredential(header: name), "\(name)")
        }
    }
}
