import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one request and returns what came back. The client's only seam to the network:
/// conform to it to stub responses in tests or to route requests through another HTTP stack.
public protocol HTTPTransport: Sendable {
    func send(_ request: URLRequest) async throws -> HTTPResponse

    /// Sends `request` with `body` as its body, calling `progress` as the bytes go out. The
    /// default reads the body into memory and calls ``send(_:)``.
    func upload(
        _ request: URLRequest, from body: UploadBody, progress: (@Sendable (UploadProgress) -> Void)?
    ) async throws -> HTTPResponse
}

/// The transport built on `URLSession`, on Apple platforms and Linux.
public struct URLSessionTransport: HTTPTransport {
    public let session: URLSession

    public init(session: URLSession = .shared) {
        self.session = session
    }

    public func send(_ request: URLRequest) async throws -> HTTPResponse {
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        return HTTPResponse(statusCode: http.statusCode, headers: Self.headers(of: http), body: data)
    }

    static func headers(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return headers
    }
}
