import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What an upload sends: bytes in memory, a file, or a stream made on demand.
public enum UploadBody: Sendable {
    case data(Data)
    case file(URL)
    /// A stream of the bytes; the closure makes a fresh one for each attempt.
    case stream(@Sendable () -> InputStream)

    /// The bytes of a `.data` body; nil for a file or a stream, which are not read to show them.
    var dataIfInMemory: Data? {
        if case .data(let data) = self { return data }
        return nil
    }

    /// All the bytes, read into memory: what a transport without streaming support sends.
    public func readAll() throws -> Data {
        switch self {
        case .data(let data):
            return data
        case .file(let url):
            return try Data(contentsOf: url)
        case .stream(let make):
            let stream = make()
            stream.open()
            defer { stream.close() }
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = stream.read(&buffer, maxLength: buffer.count)
                if count < 0 { throw stream.streamError ?? URLError(.cannotOpenFile) }
                if count == 0 { break }
                data.append(buffer, count: count)
            }
            return data
        }
    }
}

/// How far an upload got.
public struct UploadProgress: Sendable, Hashable {
    public var bytesSent: Int64
    /// The whole body's size, when known (not for every stream).
    public var totalBytes: Int64?

    public init(bytesSent: Int64, totalBytes: Int64?) {
        self.bytesSent = bytesSent
        self.totalBytes = totalBytes
    }

    /// From 0 to 1, when the size is known.
    public var fractionCompleted: Double? {
        guard let totalBytes, totalBytes > 0 else { return nil }
        return Double(bytesSent) / Double(totalBytes)
    }
}

extension HTTPTransport {
    /// Reads the whole body into memory, sends it with ``send(_:)`` and reports progress once,
    /// when it has gone: what a transport that cannot stream does.
    public func upload(
        _ request: URLRequest, from body: UploadBody, progress: (@Sendable (UploadProgress) -> Void)?
    ) async throws -> HTTPResponse {
        try await sendWhole(request, from: body, progress: progress)
    }

    /// The body read into memory and sent with ``send(_:)``, with one progress report at the end.
    func sendWhole(
        _ request: URLRequest, from body: UploadBody, progress: (@Sendable (UploadProgress) -> Void)?
    ) async throws -> HTTPResponse {
        var request = request
        let data = try body.readAll()
        request.httpBody = data
        let response = try await send(request)
        progress?(UploadProgress(bytesSent: Int64(data.count), totalBytes: Int64(data.count)))
        return response
    }
}
