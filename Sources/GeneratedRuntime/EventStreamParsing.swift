import Foundation

/// Why a streamed body could not be read as the events it should hold.
public struct EventStreamError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// The body ended in the middle of an event (a line or fields without the blank line
        /// that dispatches them).
        case truncated
        /// An event's data did not decode to the declared type.
        case malformedEvent
    }

    public var kind: Kind
    /// The event's position in the stream, from 1: how many events came before it, plus one.
    public var position: Int
    /// Why, in words; for a malformed event, the decoding error.
    public var message: String
    /// The start of the event's data as it came.
    public var excerpt: String

    public var description: String {
        switch kind {
        case .truncated: "the stream ended in the middle of event \(position): \(message)"
        case .malformedEvent: "event \(position) of the stream is malformed: \(message); data: \(excerpt)"
        }
    }
}

/// Reads a `text/event-stream` body incrementally: feed it chunks as they arrive, in any sizes
/// (a line, even a UTF-8 sequence, may be split across chunks), and it returns the events each
/// chunk completes, as the WHATWG HTML standard's "event stream interpretation" defines them:
/// `data` lines joined by line feeds, the last `event`, `id` and `retry` fields, comments dropped.
public struct ServerSentEventParser: Sendable {
    private var buffer: [UInt8] = []
    /// Whether the byte order mark at the very start has been looked for.
    private var started = false
    /// A carriage return ended the last line: a line feed right after it belongs to it.
    private var afterCarriageReturn = false
    private var data: [String] = []
    private var hasData = false
    private var eventType: String?
    private var lastEventID: String?
    private var retry: Int?
    /// Fields seen since the last dispatch (whether an event is in progress).
    private var pendingFields = false
    /// Events dispatched so far.
    public private(set) var count = 0

    public init() {}

    /// The events that `chunk` completes.
    public mutating func feed(_ chunk: some Sequence<UInt8>) -> [ServerSentEvent<String>] {
        var events: [ServerSentEvent<String>] = []
        for byte in chunk {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == UInt8(ascii: "\n") { continue }
            }
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                afterCarriageReturn = byte == UInt8(ascii: "\r")
                if let event = endLine() { events.append(event) }
            default:
                buffer.append(byte)
            }
        }
        return events
    }

    /// Called when the body ends: an event left without its blank line is an error (the
    /// standard drops it; dropping it silently would lose a value).
    public mutating func finish() throws(EventStreamError) {
        // A body of a byte order mark alone holds no line: it ends cleanly, as an empty one.
        if !started, buffer.starts(with: [0xEF, 0xBB, 0xBF]) { buffer.removeFirst(3) }
        // Nor does a comment cut off at the end (a keep-alive `: ping` without its line feed).
        if buffer.first == UInt8(ascii: ":") { buffer.removeAll() }
        if !buffer.isEmpty || pendingFields {
            let partial = String(decoding: buffer, as: UTF8.self)
            throw EventStreamError(
                kind: .truncated, position: count + 1,
                message: buffer.isEmpty ? "its fields came without the blank line that ends an event" : "a line was cut off",
                excerpt: String((data.joined(separator: "\n") + partial).prefix(200)))
        }
    }

    private mutating func endLine() -> ServerSentEvent<String>? {
        var line = buffer[...]
        buffer.removeAll(keepingCapacity: true)
        if !started {
            started = true
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
        }
        if line.isEmpty { return dispatch() }
        if line.first == UInt8(ascii: ":") { return nil }  // a comment
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            // A line without a colon is a field with an empty value.
            return process(name: String(decoding: line, as: UTF8.self), value: [])
        }
        var value = line[(colon + 1)...]
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        return process(name: String(decoding: line[..<colon], as: UTF8.self), value: value)
    }

    private mutating func process(name: String, value: ArraySlice<UInt8>) -> ServerSentEvent<String>? {
        let text = String(decoding: value, as: UTF8.self)
        switch name {
        case "data":
            data.append(text)
            hasData = true
            pendingFields = true
        case "event":
            eventType = text
            pendingFields = true
        case "id":
            // An id with U+0000 is ignored, as the standard says.
            if !value.contains(0) { lastEventID = text }
            pendingFields = true
        case "retry":
            if !value.isEmpty, value.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }), let milliseconds = Int(text) {
                retry = milliseconds
            }
            pendingFields = true
        default:
            break  // other fields are ignored
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent<String>? {
        defer {
            data.removeAll(keepingCapacity: true)
            hasData = false
            eventType = nil
            pendingFields = false
        }
        // An event without data is not dispatched, but its id and retry still count.
        guard hasData else { return nil }
        count += 1
        // An empty type is the default one, `message`, as when the event had none.
        let type = eventType.flatMap { $0.isEmpty ? nil : $0 }
        return ServerSentEvent<String>(event: type, data: data.joined(separator: "\n"), id: lastEventID, retry: retry)
    }
}

/// Reads a newline-delimited JSON body (JSON Lines, NDJSON) incrementally: one value per line,
/// empty lines skipped, `\r\n` accepted.
public struct JSONLinesParser: Sendable {
    private var buffer: [UInt8] = []
    /// Lines read so far, empty ones included, for error positions.
    public private(set) var count = 0

    public init() {}

    /// The complete lines in `chunk`, each the bytes of one JSON value.
    public mutating func feed(_ chunk: some Sequence<UInt8>) -> [Data] {
        var lines: [Data] = []
        for byte in chunk {
            if byte == UInt8(ascii: "\n") {
                if let line = takeLine() { lines.append(line) }
            } else {
                buffer.append(byte)
            }
        }
        return lines
    }

    /// The last line, which may come without a line feed; nil when there is none.
    public mutating func finish() -> Data? {
        takeLine()
    }

    private mutating func takeLine() -> Data? {
        var line = buffer[...]
        buffer.removeAll(keepingCapacity: true)
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else { return nil }
        count += 1
        return Data(line)
    }
}
