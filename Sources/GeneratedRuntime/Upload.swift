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
        var request = request
        let data = try body.readAll()
        request.httpBody = data
        let response = try await send(request)
        progress?(UploadProgress(bytesSent: Int64(data.count), totalBytes: Int64(data.count)))
        return response
    }
}

extension URLSessionTransport {
    /// Streams the body with an upload task of a session made for this upload (with the
    /// transport's configuration), reporting progress as the bytes go out.
    public func upload(
        _ request: URLRequest, from body: UploadBody, progress: (@Sendable (UploadProgress) -> Void)?
    ) async throws -> HTTPResponse {
        let delegate = UploadDelegate(progress: progress)
        let session = URLSession(configuration: self.session.configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                let task: URLSessionTask
                switch body {
                case .data(let data):
                    task = session.uploadTask(with: request, from: data)
                case .file(let url):
                    task = session.uploadTask(with: request, fromFile: url)
                case .stream(let make):
                    var streamed = request
                    streamed.httpBodyStream = make()
                    task = session.dataTask(with: streamed)
                }
                delegate.start(task, continuation: continuation)
            }
        } onCancel: {
            delegate.cancel()
        }
    }
}

/// Collects an upload task's response and reports its progress. Its state is guarded by a lock:
/// URLSession calls it on its delegate queue, cancellation comes from any thread.
private final class UploadDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private let progress: (@Sendable (UploadProgress) -> Void)?
    private var task: URLSessionTask?
    private var continuation: CheckedContinuation<HTTPResponse, any Error>?
    private var received = Data()
    private var cancelled = false

    init(progress: (@Sendable (UploadProgress) -> Void)?) {
        self.progress = progress
    }

    func start(_ task: URLSessionTask, continuation: CheckedContinuation<HTTPResponse, any Error>) {
        let cancelledAlready = lock.withLock {
            self.task = task
            self.continuation = continuation
            return cancelled
        }
        if cancelledAlready {
            finish(.failure(CancellationError()))
        } else {
            task.resume()
        }
    }

    func cancel() {
        let task = lock.withLock {
            cancelled = true
            return self.task
        }
        task?.cancel()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        progress?(UploadProgress(bytesSent: totalBytesSent, totalBytes: totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : nil))
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock { received.append(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            finish(.failure(error))
            return
        }
        guard let http = task.response as? HTTPURLResponse else {
            finish(.failure(URLError(.badServerResponse)))
            return
        }
        let body = lock.withLock { received }
        finish(.success(HTTPResponse(statusCode: http.statusCode, headers: URLSessionTransport.headers(of: http), body: body)))
    }

    private func finish(_ result: Result<HTTPResponse, any Error>) {
        let continuation = lock.withLock {
            defer { self.continuation = nil }
            return self.continuation
        }
        continuation?.resume(with: result)
    }
}
