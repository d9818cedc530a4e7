import Foundation
import Testing

@testable import GenCore

/// JSONParser reads UTF-8 bytes; ReferenceJSONParser is the scalar-by-scalar parser it replaced.
/// For every document here both must give the same tree (values, keys, lines and columns) or the
/// same error (message, line and column), and a few cases pin the exact text of a message.
@Suite struct JSONParserDifferentialTests {
    /// A text that shows everything a parse produced, so that two parses compare as strings.
    private static func outcome(_ parse: (String) throws(JSONSyntaxError) -> JSONNode, _ text: String) -> String {
        do {
            var out = ""
            describe(try parse(text), into: &out)
            return out
        } catch {
            return "error \(error.location.line):\(error.location.column) \(error.message)"
        }
    }

    private static func describe(_ node: JSONNode, into out: inout String) {
        out += "@\(node.location.line):\(node.location.column)"
        switch node.value {
        case .null: out += "null"
        case .bool(let value): out += "\(value)"
        case .number(let text): out += "#\(text)"
        case .string(let text): out += "s" + text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ",")
        case .array(let elements):
            out += "["
            for element in elements {
                describe(element, into: &out)
                out += ";"
            }
            out += "]"
        case .object(let members):
            out += "{"
            for member in members {
                out += "k\(member.keyLocation.line):\(member.keyLocation.column)="
                out += member.key.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ",")
                describe(member.value, into: &out)
                out += ";"
            }
            out += "}"
        }
    }

    private func expectSameOutcome(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let new = Self.outcome(JSONParser.parse, text)
        let old = Self.outcome(ReferenceJSONParser.parse, text)
        #expect(new == old, "\(text.debugDescription)", sourceLocation: sourceLocation)
    }

    static let seeds: [String] = [
        "{\"é\": \"😀🇬🇧e\u{301}\", \"k\": 1, \"日本\": [\"語\", 2]}",
        "\u{FEFF}{\"a\": [1, -2.5e+3, true, false, null], \"b\": {\"c\": \"d\\n\\u00e9\\ud83d\\ude00\"}}",
        "\u{FEFF}\n  [\"é\", {\"ü\": 0.5E-1}]\r\n",
        "{\r\n\t\"naïve\": \"café\\t\\\"q\\\"\",\r\n\t\"∑\": [\"\\/\\b\\f\\r\", 1e9]\r\n}",
        "[\"\\u0041\\u00E9\\uD834\\uDD1E\", \"plain\", \"\u{2028}\u{7F}\", 0, -0, 12.50]",
        "{\"a\": 1, \"b\": 2, \"c\": 3, \"d\": 4, \"e\": 5, \"f\": 6, \"g\": 7, \"h\": 8, \"i\": 9, \"j\": 10, \"k\": {\"x\": [], \"y\": {}}}",
        "{\"e\u{301}\": 1, \"é\": 2}",
    ]

    /// Characters that make trouble: every structural one, escapes, and scalars of 2, 3 and 4 bytes.
    static let alphabet: [String] = [
        "{", "}", "[", "]", ":", ",", "\"", "\\", "'", " ", "\n", "\r", "\t", "u", "D", "8", "0", "e", "-", "+", ".",
        "t", "x", "é", "€", "😀", "\u{FEFF}", "\u{A0}", "\u{2028}", "\u{1}", "\u{7F}", "\u{301}",
    ]

    @Test func seedsMatchTheReferenceParser() {
        for seed in Self.seeds {
            expectSameOutcome(seed)
        }
    }

    @Test func specFilesMatchTheReferenceParser() throws {
        let folders = ["Specs", "Benchmarks/Specs", "Tests/GoldenFiles", "Examples"]
        var count = 0
        for folder in folders {
            let root = packageRoot.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker {
                // The examples' build folders hold the build system's JSON, not ours.
                if url.lastPathComponent == ".build" {
                    walker.skipDescendants()
                    continue
                }
                guard url.pathExtension == "json" else { continue }
                expectSameOutcome(try String(contentsOf: url, encoding: .utf8))
                count += 1
            }
        }
        #expect(count > 5)
    }

    /// Damaged copies of the seeds: a character deleted, inserted or replaced, or the text cut
    /// short, a few at a time, so that most of them are errors of every kind and in every place.
    @Test func damagedDocumentsMatchTheReferenceParser() {
        var generator = SeededGenerator(seed: 2026)
        for seed in Self.seeds {
            let original = seed.unicodeScalars.map { String($0) }
            for _ in 0..<400 {
                var scalars = original
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    let position = Int.random(in: 0...scalars.count, using: &generator)
                    switch Int.random(in: 0..<4, using: &generator) {
                    case 0 where position < scalars.count: scalars.remove(at: position)
                    case 1: scalars.insert(Self.alphabet.randomElement(using: &generator)!, at: position)
                    case 2 where position < scalars.count: scalars[position] = Self.alphabet.randomElement(using: &generator)!
                    default: scalars.removeSubrange(position...)
                    }
                }
                expectSameOutcome(scalars.joined())
            }
        }
    }

    private func error(_ text: String) -> JSONSyntaxError? {
        if case .failure(let error) = parseJSON(text) { return error }
        Issue.record("'\(text)' parsed, but it is not JSON")
        return nil
    }

    @Test func columnsAfterWideCharactersCountScalars() {
        // 日本語 is 9 bytes but 3 columns; 😀 is 4 bytes, 1 column; e + U+0301 2 columns.
        let text = "[\"日本語\", \"😀e\u{301}\", tru]"
        #expect(error(text)?.location == loc(1, 16))
        #expect(error(text)?.location == location(of: "tru", in: text))
        #expect(error("{\"ü\": 1,\n \"€\": \"a\u{1}\"}")?.location == loc(2, 9))
        #expect(error("{\"ü\": 1,\n \"€\": \"a\u{1}\"}")?.message == "malformed JSON: control character U+0001 in a string must be escaped")
    }

    @Test func unexpectedCharactersAreShownWhole() {
        #expect(error("[é]")?.message == "malformed JSON: unexpected 'é'; expected a value")
        #expect(error("[😀]")?.message == "malformed JSON: unexpected '😀'; expected a value")
        #expect(error("[1] 😀")?.message == "malformed JSON: unexpected '😀' after the end of the document")
        #expect(error("[1] 😀")?.location == loc(1, 5))
        #expect(error("[\u{A0}1]")?.message == "malformed JSON: unexpected '\\u{a0}'; expected a value")
        #expect(error("[\u{1}]")?.message == "malformed JSON: unexpected '\\u{1}'; expected a value")
        #expect(error("[\"\\é\"]")?.message == "malformed JSON: invalid escape '\\é'")
        #expect(error("[\"\\\t\"]")?.message == "malformed JSON: invalid escape '\\\\u{9}'")
        // A byte-order mark anywhere but the start is not skipped.
        #expect(error("[\u{FEFF}1]")?.message == "malformed JSON: unexpected '\u{FEFF}'; expected a value")
    }

    @Test func byteOrderMarkTakesNoColumnInErrors() {
        #expect(error("\u{FEFF}[1 2]")?.location == loc(1, 4))
        #expect(error("\u{FEFF}\u{FEFF}[]")?.location == loc(1, 1))
        #expect(error("\u{FEFF}")?.message == "malformed JSON: unexpected end of the document; expected a value")
        #expect(error("\u{FEFF}")?.location == loc(1, 1))
    }

    @Test func escapesAndSurrogates() {
        #expect(error("[\"é\\uD800\"]")?.message == "malformed JSON: unpaired surrogate \\uD800")
        #expect(error("[\"é\\uD800\"]")?.location == loc(1, 4))
        #expect(error("[\"\\ud800\\u0041\"]")?.message == "malformed JSON: invalid low surrogate \\u0041")
        #expect(error("[\"\\uDC00\"]")?.message == "malformed JSON: unpaired surrogate \\uDC00")
        #expect(error("[\"ab\\u00g0\"]")?.message == "malformed JSON: expected four hexadecimal digits after \\u")
        #expect(error("[\"ab\\u00g0\"]")?.location == loc(1, 5))
        #expect(error("[\"ab\\")?.message == "malformed JSON: unterminated escape sequence")
        if case .success(let node) = parseJSON("[\"a\\u00e9b\\ud83d\\ude00c\\\\\"]") {
            #expect(node[0]?.stringValue == "aéb😀c\\")
        } else {
            Issue.record("escapes must parse")
        }
    }

    @Test func duplicateKeysInLongObjects() {
        let keys = (0..<20).map { "k\($0)" }
        let text = "{" + keys.map { "\"\($0)\": 1" }.joined(separator: ", ") + ", \"k3\": 2}"
        #expect(error(text)?.message == "malformed JSON: duplicate key 'k3' (first at line 1, column 29)")
        #expect(error(text)?.location == location(of: "\"k3\"", in: text, occurrence: 2))
        let late = "{" + keys.map { "\"\($0)\": 1" }.joined(separator: ", ") + ", \"k19\": 2}"
        #expect(error(late)?.message.contains("duplicate key 'k19'") == true)
        // Keys that are canonically equivalent are the same key, as String compares them.
        #expect(error("{\"e\u{301}\": 1, \"é\": 2}")?.message.contains("duplicate key") == true)
    }
}
