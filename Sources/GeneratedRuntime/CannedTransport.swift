import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that answers from canned responses and records every request, so that a feature's
/// tests run without a network:
///
/// ```swift
/// let transport = CannedTransport()
/// transport.stub(.get, "/v1/cities", with: try .fixture(Bundle.module.url(forResource: "cities", withExtension: "json")!))
/// let service = LiveCitiesService(client: CitiesAPI.client(baseURL: URL(string: "https://api.test")!, transport: transport))
/// ```
///
/// A request matches a stub by method and by the URL's percent-encoded path, base path included.
/// A stub's path may end in a query (`"/rest?method=flickr.photos.search"`, for endpoints that
/// share a path and tell themselves apart by a query item), percent-encoded as a URL writes it
/// (`q=a%20b`) or not (`q=a b`): the request must then send each of its items too. A request no
/// stub matches gets a 404 whose body names it.
public final class CannedTransport: HTTPTransport, @unchecked Sendable {
    // `@unchecked Sendable`: the state below is only touched under `lock`.
    private let lock = NSLock()
    private var stubs: [(method: HTTPMethod, path: String, items: [URLQueryItem], response: @Sendable (URLRequest) throws -> HTTPResponse)] = []
    private var recorded: [URLRequest] = []

    public init() {}

    /// Answers `method path` with `response`; a later stub for the same request wins.
    public func stub(_ method: HTTPMethod, _ path: String, with response: HTTPResponse) {
        stub(method, path) { _ in response }
    }

    /// Answers `method path` with what `respond` returns for the request, or fails with what it throws.
    public func stub(_ method: HTTPMethod, _ path: String, _ respond: @escaping @Sendable (URLRequest) throws -> HTTPResponse) {
        // The query as a URL writes it (`q=a%20b`), or as it reads (`q=a b`, percent-encoded here).
        var items: [URLQueryItem] = []
        var stubbed = path
        if let mark = path.firstIndex(of: "?") {
            stubbed = String(path[..<mark])
            // A `#` is the query's own here, not a fragment (`q=C#`).
            let query = path[path.index(after: mark)...].replacingOccurrences(of: "#", with: "%23")
            items = URLComponents(string: "?" + query)?.queryItems ?? {
                var components = URLComponents()
                components.query = query
                return components.queryItems ?? []
            }()
        }
        lock.withLock { stubs.insert((method, stubbed, items, respond), at: 0) }
    }

    /// Every request sent so far, in order.
    public var requests: [URLRequest] {
        lock.withLock { recorded }
    }

    public func send(_ request: URLRequest) async throws -> HTTPResponse {
        let components = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: true) }
        let path = components?.percentEncodedPath ?? ""
        let items = components?.queryItems ?? []
        let method = request.httpMethod ?? "GET"
        let stub = lock.withLock { () -> (@Sendable (URLRequest) throws -> HTTPResponse)? in
            recorded.append(request)
            return stubs.first { $0.method.rawValue == method && $0.path == path && $0.items.allSatisfy(items.contains) }?.response
        }
        guard let stub else {
            return HTTPResponse(statusCode: 404, headers: ["Content-Type": "text/plain"], body: Data("no canned response for \(method) \(path)".utf8))
        }
        return try stub(request)
    }
}

extension HTTPResponse {
    /// A JSON response with `text` as its body.
    public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: headers.merging(["Content-Type": "application/json"]) { own, _ in own }, body: Data(text.utf8))
    }

    /// A response whose body is the contents of a fixture file, such as a canned JSON response in
    /// a test bundle.
    public static func fixture(_ file: URL, status: Int = 200, contentType: String = "application/json") throws -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: ["Content-Type": contentType], body: try Data(contentsOf: file))
    }
}
