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

    /// Sends `request` and returns the response as soon as its status and headers arrive, its
    /// body read as it comes (server-sent events, JSON lines, downloads). The default sends it
    /// with ``send(_:)`` and hands on the whole body at once.
    func stream(_ request: URLRequest) async throws -> StreamedHTTPResponse
}

extension HTTPTransport {
    public func stream(_ request: URLRequest) async throws -> StreamedHTTPResponse {
        StreamedHTTPResponse(try await send(request))
    }
}
