import Foundation
import GeneratedRuntime
import Testing

/// The event-stream and JSON-lines parsers against the WHATWG standard's examples and rules,
/// fed whole and in every split, since a network delivers chunks of any size.
@Suite struct EventStreamParsingTests {
    /// All events of `text`, fed in one chunk.
    private func events(_ text: String) throws -> [ServerSentEvent<String>] {
        var parser = ServerSentEventParser()
        let events = parser.feed(Array(text.utf8))
        try parser.finish()
        return events
    }

    /// The events of `text` fed in chunks cut at every `step` bytes, for each step.
    private func everySplit(_ text: String) throws -> [[ServerSentEvent<String>]] {
        let bytes = Array(text.utf8)
        return try (1...max(1, bytes.count)).map { step in
            var parser = ServerSentEventParser()
            var events: [ServerSentEvent<String>] = []
            var start = 0
            while start < bytes.count {
                events += parser.feed(bytes[start..<min(start + step, bytes.count)])
                start += step
            }
            try parser.finish()
            return events
        }
    }

    @Test func dataLinesAreJoinedWithLineFeeds() throws {
        // The standard's stock-ticker example.
        #expect(try events("data: YHOO\ndata: +2\ndata: 10\n\n") == [ServerSentEvent<String>(data: "YHOO\n+2\n10")])
    }

    @Test func commentsIdsAndTheSpaceAfterTheColon() throws {
        let text = ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n"
        #expect(try events(text) == [
            ServerSentEvent<String>(data: "first event", id: "1"),
            ServerSentEvent<String>(data: "second event", id: ""),
            ServerSentEvent<String>(data: " third event", id: ""),
        ])
    }

    @Test func emptyDataAndFieldsWithoutAColon() throws {
        // "data" alone is a data line with an empty value; the id carries on to later events.
        #expect(try events("data\n\ndata\ndata\n\n") == [ServerSentEvent<String>(data: ""), ServerSentEvent<String>(data: "\n")])
        #expect(try events("data:test\n\ndata: test\n\n") == [ServerSentEvent<String>(data: "test"), ServerSentEvent<String>(data: "test")])
    }

    @Test func eventTypeRetryAndIgnoredFields() throws {
        let text = "event: delta\nretry: 3000\nfoo: bar\ndata: {\"a\":1}\n\nretry: 2s\ndata: x\n\nevent: ping\n\nid: a\u{0}b\ndata: y\n\n"
        #expect(try events(text) == [
            ServerSentEvent<String>(event: "delta", data: #"{"a":1}"#, retry: 3000),
            // A retry that is not all digits is ignored; the event type does not carry over.
            ServerSentEvent<String>(data: "x", retry: 3000),
            // "ping" had no data: not dispatched. An id with NUL is ignored.
            ServerSentEvent<String>(data: "y", retry: 3000),
        ])
    }

    /// An empty `event` field is the default type, as none (the standard sets the type only
    /// from a non-empty buffer): `nil`, not `""`. Found by the valid-spec campaign (seed 1, specs
    /// 14, 16 and 19), whose streams send `event` and `event:` now and then.
    @Test func anEmptyEventTypeIsNoEventType() throws {
        #expect(try events("event\ndata: a\n\nevent:\ndata: b\n\nevent: \ndata: c\n\nevent: x\nevent:\ndata: d\n\n") == [
            ServerSentEvent<String>(data: "a"), ServerSentEvent<String>(data: "b"), ServerSentEvent<String>(data: "c"),
            ServerSentEvent<String>(data: "d"),
        ])
        #expect(try events("event: x\ndata: a\n\nevent:\nevent: y\ndata: b\n\n").map(\.event) == ["x", "y"])
    }

    /// A body that is a byte order mark alone is an empty stream, not one cut in the middle of a
    /// line; a mark with anything after it but no line end is still a cut line. Found by the
    /// valid-spec campaign (seed 1, spec 72 of 150: an SSE body of no events with a BOM).
    @Test func aByteOrderMarkAloneIsAnEmptyStream() throws {
        for events in try everySplit("\u{FEFF}") { #expect(events.isEmpty) }
        #expect(try events("\u{FEFF}\n") == [])
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array("\u{FEFF}data: x".utf8)).isEmpty)
        #expect(throws: EventStreamError.self) { try parser.finish() }
        var partial = ServerSentEventParser()
        #expect(partial.feed([0xEF, 0xBB]).isEmpty)
        #expect(throws: EventStreamError.self) { try partial.finish() }
    }

    @Test func everyLineEndingAndEverySplitGiveTheSameEvents() throws {
        let expected = [
            ServerSentEvent<String>(event: "update", data: "héllo 👋\nworld", id: "7"),
            ServerSentEvent<String>(data: "", id: "7"),
        ]
        for ending in ["\n", "\r\n", "\r"] {
            let text = "\u{FEFF}event: update\(ending)data: héllo 👋\(ending)data: world\(ending)id: 7\(ending)\(ending): note\(ending)data\(ending)\(ending)"
            for events in try everySplit(text) {
                #expect(events == expected, "line ending \(ending.debugDescription)")
            }
        }
    }

    @Test func aStreamCutMidEventIsAnErrorNamingTheEvent() throws {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array("data: one\n\ndata: two\n\ndata: thr".utf8)).count == 2)
        let cut = try #require(throws: EventStreamError.self) { try parser.finish() }
        #expect(cut.kind == .truncated && cut.position == 3)
        #expect(cut.description == "the stream ended in the middle of event 3: a line was cut off")

        var fields = ServerSentEventParser()
        _ = fields.feed(Array("data: one\n".utf8))
        let unfinished = try #require(throws: EventStreamError.self) { try fields.finish() }
        #expect(unfinished.position == 1 && unfinished.excerpt == "one")
        // A stream that ends after a comment, or after a blank line, ends cleanly.
        #expect(try events("data: a\n\n: bye\n") == [ServerSentEvent<String>(data: "a")])
        // Also after a comment cut off before its line feed, which holds no data (found by a
        // review: a keep-alive `: ping` as the last bytes ended the stream with an error).
        for events in try everySplit("data: a\n\n: keep-alive") { #expect(events == [ServerSentEvent<String>(data: "a")]) }
        for events in try everySplit("\u{FEFF}: ping") { #expect(events.isEmpty) }
        var unended = ServerSentEventParser()
        _ = unended.feed(Array("data: a\n: ping".utf8))
        #expect(throws: EventStreamError.self, "an event's fields without their blank line still are") { try unended.finish() }
    }

    @Test func jsonLinesAreSplitAtLineFeedsInAnyChunks() throws {
        let text = "{\"n\": 1}\r\n\n  \n{\"n\": \"é\"}\n[1,2]"
        let bytes = Array(text.utf8)
        for step in 1...bytes.count {
            var parser = JSONLinesParser()
            var lines: [String] = []
            var start = 0
            while start < bytes.count {
                lines += parser.feed(bytes[start..<min(start + step, bytes.count)]).map { String(decoding: $0, as: UTF8.self) }
                start += step
            }
            if let last = parser.finish() { lines.append(String(decoding: last, as: UTF8.self)) }
            #expect(lines == [#"{"n": 1}"#, #"{"n": "é"}"#, "[1,2]"], "step \(step)")
            #expect(parser.count == 3)
        }
    }
}
