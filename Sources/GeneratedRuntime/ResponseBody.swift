import Foundation

/// A response whose body may still be arriving: the status and the header fields as soon as they
/// came, and the body as a ``ResponseBody``, read as it arrives.
public struct StreamedHTTPResponse: Sendable {
    public var statusCode: Int
    /// Header fields as received; look them up with ``value(forHeader:)``, which ignores case.
    public var headers: [String: String]
    public var body: ResponseBody

    public init(statusCode: Int, headers: [String: String] = [:], body: ResponseBody) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }

    /// A whole response, its body one chunk: what a transport that cannot stream hands on.
    public init(_ response: HTTPResponse) {
        self.init(statusCode: response.statusCode, headers: response.headers, body: ResponseBody(response.body))
    }

    /// The value of a header field, whatever the case of its name.
    public func value(forHeader name: String) -> String? {
        HTTPResponse(statusCode: statusCode, headers: headers).value(forHeader: name)
    }

    public var isSuccess: Bool { (200..<300).contains(statusCode) }

    /// Waits for the rest of the body: the whole response.
    public func collect() async throws -> HTTPResponse {
        if let whole = body.wholeData { return HTTPResponse(statusCode: statusCode, headers: headers, body: whole) }
        var data = Data()
        for try await chunk in body { data.append(chunk) }
        return HTTPResponse(statusCode: statusCode, headers: headers, body: data)
    }
}

/// The body of a response as it arrives: an `AsyncSequence` of chunks of bytes, in the sizes the
/// network delivered them. It can be read once.
///
/// Reading ends when the body does. The connection closes when the reading task is cancelled
/// (`next()` then throws), when the iterator is released before the end (leaving a
/// `for try await` loop early), and when the body is released unread. A body a client handed on
/// throws ``EndpointError``: `.transport` when the connection failed, `.cancelled` when the task
/// was cancelled or, through a ``SessionClient``, the user's identity changed.
public struct ResponseBody: AsyncSequence, Sendable {
    public typealias Element = Data

    /// A body that has arrived whole, or one still arriving.
    enum Storage: Sendable {
        case whole(Data)
        /// Gives the body up when the last copy of it (and the last iterator) is released.
        case arriving(Lifetime)
    }

    let storage: Storage
    /// What errors are reported with (the request's method and URL), once a client hands the body on.
    let context: ErrorContext?

    /// The channel of a body still arriving; nil for a whole one.
    var channel: Channel? {
        if case .arriving(let lifetime) = storage { lifetime.channel } else { nil }
    }

    init(storage: Storage, context: ErrorContext?) {
        self.storage = storage
        self.context = context
    }

    /// A body that has arrived whole: one chunk (none when `data` is empty).
    public init(_ data: Data) {
        self.init(storage: .whole(data), context: nil)
    }

    /// The whole body when it arrived whole (from ``init(_:)`` or a transport that cannot
    /// stream); nil for a body still arriving, which has to be read.
    public var wholeData: Data? {
        if case .whole(let data) = storage { data } else { nil }
    }

    /// A body whose chunks a transport writes as they arrive. `onCancel` runs once, when the reader
    /// gives up before the end (cancelled, or released): it stops the transfer.
    public static func makeStream(onCancel: @escaping @Sendable () -> Void = {}) -> (body: ResponseBody, writer: Writer) {
        let channel = Channel(onCancel: onCancel)
        return (ResponseBody(storage: .arriving(Lifetime(channel: channel)), context: nil), Writer(channel: channel))
    }

    /// Where a transport writes the chunks of a ``ResponseBody`` as they arrive.
    public struct Writer: Sendable {
        let channel: Channel

        /// Hands on a chunk; does nothing once the body has ended or its reader gave up.
        public func yield(_ chunk: Data) { channel.yield(chunk) }

        /// Ends the body: normally, or with the error the transfer failed with.
        public func finish(throwing error: (any Error)? = nil) { channel.finish(error) }

        /// Whether the reader gave up (the transfer can stop).
        public var isCancelled: Bool { channel.isCancelled }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        switch storage {
        case .whole(let data): AsyncIterator(reader: nil, whole: data.isEmpty ? nil : data, context: context)
        case .arriving(let lifetime): AsyncIterator(reader: Reader(lifetime: lifetime), whole: nil, context: context)
        }
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let reader: Reader?
        /// A whole body's one chunk, until it is read.
        var whole: Data?
        let context: ErrorContext?

        public mutating func next() async throws -> Data? {
            guard let reader else {
                defer { whole = nil }
                return whole
            }
            do {
                return try await reader.lifetime.channel.next()
            } catch {
                throw context?.failure(error) ?? error
            }
        }
    }

    /// Gives the body up when the iterator is released before its end.
    final class Reader: Sendable {
        let lifetime: Lifetime
        init(lifetime: Lifetime) { self.lifetime = lifetime }
        deinit { lifetime.channel.cancel(CancellationError()) }
    }

    /// Gives the body up when no copy of it and no iterator is left (the transport's writer
    /// holds the channel, not this).
    final class Lifetime: Sendable {
        let channel: Channel
        init(channel: Channel) { self.channel = channel }
        deinit { channel.cancel(CancellationError()) }
    }

    /// The body with errors reported as ``EndpointError``s of `context`'s request.
    func reporting(_ context: ErrorContext) -> ResponseBody {
        ResponseBody(storage: storage, context: context)
    }

    /// Stops the transfer: a reader waiting or coming later gets `error`. Does nothing once the
    /// body has ended.
    func cancel(_ error: any Error) { channel?.cancel(error) }

    /// The request a body belongs to, for its errors.
    struct ErrorContext: Sendable {
        var method: HTTPMethod
        var url: URL?
        var secrets: [String]
        /// The attempts of a call through middlewares.
        var record: ExchangeRecord?

        var attempts: Int { record?.attempts ?? 1 }

        func failure(_ error: any Error, kind: EndpointError.Kind? = nil) -> EndpointError {
            if let error = error as? EndpointError { return error }
            let kind = kind ?? (EndpointClient.isCancellation(error) ? .cancelled : .transport)
            var failure = EndpointError(kind: kind, method: method, url: url, underlyingError: error, secrets: secrets)
            failure.attempts = attempts
            return failure
        }
    }

    /// The chunks between the transport and the reader: a buffer, the reader's continuation while
    /// it waits, and how the body ended. Guarded by a lock.
    final class Channel: @unchecked Sendable {
        private let lock = NSLock()
        private var chunks: [Data] = []
        private var head = 0
        private var waiter: CheckedContinuation<Data?, any Error>?
        /// nil while the body is arriving; then `.success` for a complete body, `.failure` for a
        /// failed or cancelled one.
        private var end: Result<Void, any Error>?
        private var onCancel: (@Sendable () -> Void)?
        private var onEnd: [@Sendable () -> Void] = []
        private(set) var isCancelled = false

        init(onCancel: @escaping @Sendable () -> Void) {
            self.onCancel = onCancel
        }

        func yield(_ chunk: Data) {
            let waiter: CheckedContinuation<Data?, any Error>? = lock.withLock {
                guard end == nil else { return nil }
                if let waiter = self.waiter {
                    self.waiter = nil
                    return waiter
                }
                chunks.append(chunk)
                return nil
            }
            waiter?.resume(returning: chunk)
        }

        func finish(_ error: (any Error)?) {
            let (waiter, observers): (CheckedContinuation<Data?, any Error>?, [@Sendable () -> Void]) = lock.withLock {
                guard end == nil else { return (nil, []) }
                end = error.map { .failure($0) } ?? .success(())
                onCancel = nil
                defer { self.waiter = nil; onEnd = [] }
                // A waiting reader has read every chunk already.
                return (self.waiter, onEnd)
            }
            if let error { waiter?.resume(throwing: error) } else { waiter?.resume(returning: nil) }
            for observer in observers { observer() }
        }

        /// The reader gave up, or someone stopped the transfer for it: the chunks not read yet
        /// are dropped, and reading fails with `error`.
        func cancel(_ error: any Error) {
            let (waiter, onCancel, observers): (CheckedContinuation<Data?, any Error>?, (@Sendable () -> Void)?, [@Sendable () -> Void]) = lock.withLock {
                guard end == nil else { return (nil, nil, []) }
                end = .failure(error)
                isCancelled = true
                chunks = []
                head = 0
                defer { self.waiter = nil; self.onCancel = nil; onEnd = [] }
                return (self.waiter, self.onCancel, onEnd)
            }
            onCancel?()
            waiter?.resume(throwing: error)
            for observer in observers { observer() }
        }

        /// Runs `observer` once the body has ended, at once if it has.
        func whenEnded(_ observer: @escaping @Sendable () -> Void) {
            let ended = lock.withLock {
                if end != nil { return true }
                onEnd.append(observer)
                return false
            }
            if ended { observer() }
        }

        func next() async throws -> Data? {
            if Task.isCancelled { cancel(CancellationError()) }
            if let chunk = try takeBuffered() { return chunk }
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
                    let ready: Result<Data?, any Error>? = lock.withLock {
                        if head < chunks.count {
                            defer { advance() }
                            return .success(chunks[head])
                        }
                        switch end {
                        case .success?: return .success(nil)
                        case .failure(let error)?: return .failure(error)
                        case nil:
                            waiter = continuation
                            return nil
                        }
                    }
                    if let ready { continuation.resume(with: ready) }
                }
            } onCancel: {
                self.cancel(CancellationError())
            }
        }

        /// A chunk that has arrived already, nil when the reader has to wait, or how the body ended.
        private func takeBuffered() throws -> Data?? {
            try lock.withLock { () throws -> Data?? in
                if head < chunks.count {
                    defer { advance() }
                    return .some(chunks[head])
                }
                switch end {
                case .success?: return .some(nil)
                case .failure(let error)?: throw error
                case nil: return nil
                }
            }
        }

        /// Moves past the chunk at `head`; called with the lock held.
        private func advance() {
            head += 1
            if head == chunks.count {
                chunks.removeAll(keepingCapacity: true)
                head = 0
            }
        }
    }
}

/// An endpoint whose response is a stream: the client hands it the response as soon as its
/// status and headers arrive, and the body is read as it comes (server-sent events, JSON lines,
/// a download).
public protocol StreamingEndpoint: Endpoint {
    /// The response's body as the endpoint's stream (an ``EventStream`` or the ``ResponseBody``),
    /// once its head has arrived; it throws when the head does not read, such as a typed
    /// response header (``withResponseHeaders()``).
    func decodeEvents(_ response: StreamedHTTPResponse) throws -> Response
}

extension StreamingEndpoint {
    /// A whole response (from a transport that cannot stream, or a test) read as a stream.
    public func decodeResponse(_ response: HTTPResponse) throws -> Response {
        try decodeEvents(StreamedHTTPResponse(response))
    }
}
