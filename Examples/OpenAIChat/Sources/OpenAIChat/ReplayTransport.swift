import Foundation
import GeneratedRuntime
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that answers requests with recorded responses read from files, and records every
/// request it is given.
///
/// A streamed request gets its recorded body in chunks of `chunkSize` bytes, handed out one at a
/// time through a ``ResponseBody`` stream, so the client's event parsing sees a body that arrives
/// in pieces, cut anywhere (inside a line, inside a UTF-8 character), as from a network.
public final class ReplayTransport: HTTPTransport, @unchecked Sendable {
    // `@unchecked Sendable`: `routes` and `recorded` are only touched under `lock`.
    private let lock = NSLock()
    private var routes: [(method: String, path: String, recording: Recording)] = []
    private var recorded: [URLRequest] = []
    /// The size of the chunks a streamed body is handed out in.
    public let chunkSize: Int

    public init(chunkSize: Int = 16) {
        precondition(chunkSize > 0, "chunkSize must be positive")
        self.chunkSize = chunkSize
    }

    /// Answers `method path` (the URL's path, base path included) with `recording`; a later
    /// route for the same request wins.
    public func replay(_ method: String, _ path: String, with recording: Recording) {
        lock.withLock { routes.insert((method, path, recording), at: 0) }
    }

    /// Every request sent so far, in order.
    public var requests: [URLRequest] {
        lock.withLock { recorded }
    }

    public func send(_ request: URLRequest) async throws -> HTTPResponse {
        let recording = match(request)
        return HTTPResponse(statusCode: recording.statusCode, headers: recording.headers, body: recording.body)
    }

    public func stream(_ request: URLRequest) async throws -> StreamedHTTPResponse {
        let recording = match(request)
        let (body, writer) = ResponseBody.makeStream()
        let chunkSize = self.chunkSize
        Task {
            var offset = recording.body.startIndex
            while offset < recording.body.endIndex, !writer.isCancelled {
                let end = recording.body.index(offset, offsetBy: chunkSize, limitedBy: recording.body.endIndex) ?? recording.body.endIndex
                writer.yield(recording.body[offset..<end])
                offset = end
                await Task.yield()
            }
            writer.finish()
        }
        return StreamedHTTPResponse(statusCode: recording.statusCode, headers: recording.headers, body: body)
    }

    /// The recording for `request`, or a 404 naming the request when there is none.
    private func match(_ request: URLRequest) -> Recording {
        let path = request.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: true)?.percentEncodedPath } ?? ""
        let method = request.httpMethod ?? "GET"
        let recording = lock.withLock { () -> Recording? in
            recorded.append(request)
            return routes.first { $0.method == method && $0.path == path }?.recording
        }
        return recording ?? Recording(
            statusCode: 404, headers: ["Content-Type": "text/plain"], body: Data("no recording for \(method) \(path)".utf8))
    }
}

/// A recorded response: its status, headers and body.
public struct Recording: Sendable {
    public var statusCode: Int
    public var headers: [String: String]
    public var body: Data

    public init(statusCode: Int = 200, headers: [String: String] = [:], body: Data) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    /// The recording in `file` of `folder`: server-sent events for a `.sse` file, JSON otherwise.
    public static func file(_ file: String, in folder: URL, status: Int = 200) throws -> Recording {
        let url = folder.appending(path: file)
        let contentType = url.pathExtension == "sse" ? "text/event-stream; charset=utf-8" : "application/json"
        return Recording(statusCode: status, headers: ["Content-Type": contentType], body: try Data(contentsOf: url))
    }
}
