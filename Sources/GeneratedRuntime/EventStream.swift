import Foundation

/// One server-sent event: its `data` decoded to the declared type, with the event's type and the
/// stream's last event ID and reconnection time.
public struct ServerSentEvent<Payload: Sendable>: Sendable {
    /// The `event` field: the event's type, nil when the server sent none or an empty one (`message`).
    public var event: String?
    /// The event's `data` lines (joined with `\n`), decoded.
    public var data: Payload
    /// The last event ID the stream set, which a client sends back as `Last-Event-ID`.
    public var id: String?
    /// The reconnection time the server asked for, in milliseconds.
    public var retry: Int?

    public init(event: String? = nil, data: Payload, id: String? = nil, retry: Int? = nil) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
    }
}

extension ServerSentEvent: Equatable where Payload: Equatable {}
extension ServerSentEvent: Hashable where Payload: Hashable {}

/// The events of a streamed response, decoded one by one as they arrive: an `AsyncSequence`
/// read once.
///
/// ```swift
/// for try await chunk in try await api.chat.streamCompletion(body: request) {
///     print(chunk.data.choices.first?.delta.content ?? "", terminator: "")
/// }
/// ```
///
/// It ends when the body ends, or at the terminator the spec names (`[DONE]`). It throws
/// ``EndpointError``, after the events that arrived before the failure: `.decoding` with an
/// ``EventStreamError`` for an event that does not decode or a body that ends in the middle of one
/// (both name the event's position), `.transport` when the connection fails, `.cancelled` when
/// the task is cancelled, which closes the connection. Leaving a `for try await` loop early
/// closes it too. After an error the stream is over.
public struct EventStream<Event: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Event

    private let source: Source

    private enum Source: Sendable {
        case body(ResponseBody, Format)
        case events([Event])
    }

    /// How the body is cut into events and each event decoded.
    enum Format: Sendable {
        case serverSentEvents(terminator: String?, decode: @Sendable (ServerSentEvent<String>, JSONDecoder) throws -> Event)
        case jsonLines(terminator: String?, decode: @Sendable (Data, JSONDecoder) throws -> Event)
    }

    init(body: ResponseBody, format: Format) {
        source = .body(body, format)
    }

    /// A stream of the given events, for previews and test stubs.
    public init(_ events: some Sequence<Event>) {
        source = .events(Array(events))
    }

    public func makeAsyncIterator() -> AsyncIterator {
        switch source {
        case .body(let body, let format): AsyncIterator(reader: Reader(body: body, format: format))
        case .events(let events): AsyncIterator(reader: nil, events: events)
        }
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        private let reader: Reader?
        private var events: [Event]
        private var index = 0

        fileprivate init(reader: Reader?, events: [Event] = []) {
            self.reader = reader
            self.events = events
        }

        public mutating func next() async throws -> Event? {
            guard let reader else {
                guard index < events.count else { return nil }
                defer { index += 1 }
                return events[index]
            }
            return try await reader.next()
        }
    }

    /// The reading state: the body's iterator, the parser and the events a chunk completed.
    /// Used by one iterator at a time.
    fileprivate final class Reader {
        private var chunks: ResponseBody.AsyncIterator
        private let format: Format
        private let context: ResponseBody.ErrorContext?
        private let decoder = JSONDecoder()
        private var serverSentEvents = ServerSentEventParser()
        private var lines = JSONLinesParser()
        private var pending: [Event] = []
        private var head = 0
        private var ended = false

        init(body: ResponseBody, format: Format) {
            chunks = body.makeAsyncIterator()
            self.format = format
            context = body.context
        }

        /// The error that ends the stream, thrown once the events before it have been read.
        private var failure: EndpointError?

        func next() async throws -> Event? {
            while true {
                if head < pending.count {
                    defer { head += 1 }
                    return pending[head]
                }
                pending.removeAll(keepingCapacity: true)
                head = 0
                if let failure {
                    self.failure = nil
                    throw failure
                }
                if ended { return nil }
                do {
                    if let chunk = try await chunks.next() {
                        try read(chunk)
                    } else {
                        try finish()
                    }
                } catch {
                    // The events the chunk completed before the error come first.
                    ended = true
                    failure = error as? EndpointError
                        ?? context?.failure(error)
                        ?? EndpointError(kind: EndpointClient.isCancellation(error) ? .cancelled : .transport, method: nil, url: nil, underlyingError: error)
                    // Stop the transfer: nothing after the error is read.
                    chunks = ResponseBody(Data()).makeAsyncIterator()
                }
            }
        }

        private func read(_ chunk: Data) throws {
            switch format {
            case .serverSentEvents(let terminator, let decode):
                let before = serverSentEvents.count
                for (offset, fields) in serverSentEvents.feed(chunk).enumerated() where !ended {
                    try take(fields, at: before + offset + 1, terminator: terminator, decode: decode)
                }
            case .jsonLines(let terminator, let decode):
                let before = lines.count
                for (offset, line) in lines.feed(chunk).enumerated() where !ended {
                    try take(line, at: before + offset + 1, terminator: terminator, decode: decode)
                }
            }
        }

        /// The body ended: a last line without its line feed is a value; an event without its
        /// blank line is an error.
        private func finish() throws {
            switch format {
            case .serverSentEvents:
                do {
                    try serverSentEvents.finish()
                } catch {
                    throw failure(error)
                }
            case .jsonLines(let terminator, let decode):
                let position = lines.count + 1
                if let line = lines.finish() { try take(line, at: position, terminator: terminator, decode: decode) }
            }
            ended = true
        }

        private func take(
            _ fields: ServerSentEvent<String>, at position: Int, terminator: String?,
            decode: (ServerSentEvent<String>, JSONDecoder) throws -> Event
        ) throws {
            if let terminator, fields.data == terminator { return end() }
            pending.append(try decoded(fields.data, at: position) { try decode(fields, $0) })
        }

        private func take(_ line: Data, at position: Int, terminator: String?, decode: (Data, JSONDecoder) throws -> Event) throws {
            if let terminator, line.elementsEqual(terminator.utf8) { return end() }
            pending.append(try decoded(String(decoding: line.prefix(200), as: UTF8.self), at: position) { try decode(line, $0) })
        }

        /// The terminator came: the events after it are not read, and the connection closes.
        private func end() {
            ended = true
            chunks = ResponseBody(Data()).makeAsyncIterator()
        }

        private func decoded(_ excerpt: @autoclosure () -> String, at position: Int, _ decode: (JSONDecoder) throws -> Event) throws -> Event {
            do {
                return try decode(decoder)
            } catch {
                throw failure(EventStreamError(
                    kind: .malformedEvent, position: position, message: "\(error)", excerpt: String(excerpt().prefix(200))))
            }
        }

        private func failure(_ error: EventStreamError) -> EndpointError {
            context?.failure(error, kind: .decoding)
                ?? EndpointError(kind: .decoding, method: nil, url: nil, underlyingError: error)
        }
    }
}

extension EventStream: StreamedResponseValue {
    var streamedBody: ResponseBody? {
        if case .body(let body, _) = source { body } else { nil }
    }
}

extension StreamedHTTPResponse {
    /// The body as server-sent events whose `data` is JSON of type `T`, up to the event whose data
    /// is `terminator`, when given (`[DONE]`).
    public func serverSentEvents<T: Decodable & Sendable>(of type: T.Type, terminator: String? = nil) -> EventStream<ServerSentEvent<T>> {
        EventStream(body: body, format: .serverSentEvents(terminator: terminator) { fields, decoder in
            ServerSentEvent(event: fields.event, data: try decoder.decode(T.self, from: Data(fields.data.utf8)), id: fields.id, retry: fields.retry)
        })
    }

    /// The body as server-sent events whose `data` is text, up to the event whose data is
    /// `terminator`, when given.
    public func serverSentEvents(terminator: String? = nil) -> EventStream<ServerSentEvent<String>> {
        EventStream(body: body, format: .serverSentEvents(terminator: terminator) { fields, _ in fields })
    }

    /// The body as JSON lines (NDJSON), one value of type `T` per line, up to the line that is
    /// `terminator`, when given. Empty lines are skipped.
    public func jsonLines<T: Decodable & Sendable>(of type: T.Type, terminator: String? = nil) -> EventStream<T> {
        EventStream(body: body, format: .jsonLines(terminator: terminator) { line, decoder in try decoder.decode(T.self, from: line) })
    }

    /// The body as lines of UTF-8 text, up to the line that is `terminator`, when given. Empty lines
    /// are skipped; a line that is not UTF-8 is a malformed event.
    public func textLines(terminator: String? = nil) -> EventStream<String> {
        EventStream(body: body, format: .jsonLines(terminator: terminator) { line, _ in
            guard let text = String(data: line, encoding: .utf8) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The line is not UTF-8 text."))
            }
            return text
        })
    }
}
