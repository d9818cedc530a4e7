import Testing

@testable import GenCore

/// Where an error may be reported: at a piece of text (its first scalar) or at a line and column.
enum Spot: Sendable {
    case marker(String, occurrence: Int = 1)
    case at(Int, Int)

    func location(in text: String) -> GenCore.SourceLocation {
        switch self {
        case .marker(let needle, let occurrence): GenCoreTests.location(of: needle, in: text, occurrence: occurrence)
        case .at(let line, let column): loc(line, column)
        }
    }
}

struct SyntaxErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    /// Every place that is a right answer (for a trailing comma, the comma or the bracket).
    var spots: [Spot]
    /// Words the message must hold, so that it says what is wrong.
    var message: [String]

    var testDescription: String { name }

    static let all: [SyntaxErrorCase] = [
        .init(name: "trailing comma in an array", text: "[1, 2,]", spots: [.marker(",", occurrence: 2), .marker("]")],
              message: ["trailing comma"]),
        .init(name: "trailing comma in an object", text: "{\n  \"a\": 1,\n}", spots: [.marker(","), .marker("}")],
              message: ["trailing comma"]),
        .init(name: "missing comma in an array", text: "[1 2]", spots: [.marker("2")], message: ["expected ','"]),
        .init(name: "missing comma between members", text: "{\"a\": 1\n  \"b\": 2}", spots: [.marker("\"b\"")],
              message: ["expected ','"]),
        .init(name: "single-quoted value", text: "[\"a\", 'b']", spots: [.marker("'")], message: ["double quote"]),
        .init(name: "single-quoted key", text: "{\n  'a': 1}", spots: [.marker("'")], message: ["double quote"]),
        .init(name: "unterminated string", text: "{\"a\": \"abc", spots: [.marker("\"abc")], message: ["unterminated string"]),
        .init(name: "raw line break in a string", text: "{\"a\": \"ab\ncd\"}", spots: [.marker("\"ab"), .marker("\ncd")],
              message: ["line break"]),
        .init(name: "raw tab in a string", text: "[\"a\tb\"]", spots: [.marker("\t")], message: ["control character", "U+0009"]),
        .init(name: "raw control character in a string", text: "[\"a\u{1}b\"]", spots: [.marker("\u{1}")],
              message: ["control character", "U+0001"]),
        .init(name: "leading zero", text: "[012]", spots: [.marker("012"), .marker("12")], message: ["leading zero"]),
        .init(name: "negative leading zero", text: "[-01]", spots: [.marker("-01"), .marker("1]")], message: ["leading zero"]),
        .init(name: "fraction without digits", text: "[1.]", spots: [.marker("1."), .marker("]")], message: ["digit"]),
        .init(name: "exponent without digits", text: "[1e+]", spots: [.marker("1e"), .marker("]")], message: ["digit", "exponent"]),
        .init(name: "minus without digits", text: "[-]", spots: [.marker("-"), .marker("]")], message: ["digit"]),
        .init(name: "number starting with a point", text: "[.5]", spots: [.marker(".")], message: ["unexpected '.'"]),
        .init(name: "number starting with plus", text: "[+1]", spots: [.marker("+")], message: ["unexpected '+'"]),
        .init(name: "duplicate key", text: "{\n  \"id\": 1,\n  \"name\": \"x\",\n  \"id\": 2\n}",
              spots: [.marker("\"id\"", occurrence: 2)], message: ["duplicate key 'id'", "line 2, column 3"]),
        .init(name: "duplicate key in a nested object", text: "[{\"a\": {\"b\": 1, \"b\": 2}}]",
              spots: [.marker("\"b\"", occurrence: 2)], message: ["duplicate key 'b'", "line 1, column 9"]),
        .init(name: "duplicate key after CRLF and tabs", text: "{\r\n\t\"a\": 1,\r\n\t\"a\": 2\r\n}",
              spots: [.at(3, 2)], message: ["duplicate key 'a'", "line 2, column 2"]),
        .init(name: "trailing garbage", text: "{\"a\": 1} x", spots: [.marker("x")], message: ["after the end"]),
        .init(name: "second closing bracket", text: "[1]\n]", spots: [.at(2, 1)], message: ["after the end"]),
        .init(name: "two documents", text: "\"a\" \"b\"", spots: [.marker("\"b\"")], message: ["after the end"]),
        .init(name: "empty input", text: "", spots: [.at(1, 1)], message: ["end of the document"]),
        .init(name: "only white space", text: "  \n  ", spots: [.at(2, 3)], message: ["end of the document"]),
        .init(name: "unclosed object", text: "{\"a\": 1", spots: [.at(1, 1), .at(1, 8)], message: ["not closed", "line 1, column 1"]),
        .init(name: "unclosed array", text: "\n [1, 2", spots: [.at(2, 2), .at(2, 7)], message: ["not closed", "line 2, column 2"]),
        .init(name: "misspelt true", text: "[tru]", spots: [.marker("tru")], message: ["'true'"]),
        .init(name: "misspelt null", text: "[nul]", spots: [.marker("nul")], message: ["'null'"]),
        .init(name: "capitalised literal", text: "[True]", spots: [.marker("True")], message: ["unexpected 'T'"]),
        .init(name: "missing colon", text: "{\"a\" 1}", spots: [.marker("1")], message: ["expected ':'"]),
        .init(name: "missing value", text: "{\"a\": }", spots: [.marker("}")], message: ["expected a value"]),
        .init(name: "comment", text: "{\n  // note\n}", spots: [.marker("/")], message: ["expected a key"]),
        .init(name: "error after wide characters", text: "[\"😀🇬🇧\", x]", spots: [.marker("x")], message: ["unexpected 'x'"]),
        .init(name: "short unicode escape", text: "[\"\\u12\"]", spots: [.marker("\\u"), .marker("\"]")],
              message: ["four hexadecimal digits"]),
    ]

    /// Errors inside an escape sequence: the right place is the escape's backslash (or, at a
    /// stretch, the character that makes it invalid), not what follows it.
    static let escapes: [SyntaxErrorCase] = [
        .init(name: "invalid escape", text: "[\"ab\\xcd\"]", spots: [.marker("\\x"), .marker("xcd")], message: ["invalid escape", "\\x"]),
        .init(name: "lone high surrogate", text: "[\"\\uD800x\"]", spots: [.marker("\\uD800")], message: ["surrogate", "D800"]),
        .init(name: "lone low surrogate", text: "[\"\\uDC00\"]", spots: [.marker("\\uDC00")], message: ["surrogate", "DC00"]),
        .init(name: "high surrogate before a non-surrogate", text: "[\"\\uD800\\u0041\"]",
              spots: [.marker("\\uD800"), .marker("\\u0041")], message: ["surrogate"]),
    ]
}

@Suite struct JSONParserErrorTests {
    private func check(_ testCase: SyntaxErrorCase) {
        guard case .failure(let error) = parseJSON(testCase.text) else {
            Issue.record("'\(testCase.text)' parsed, but it is not JSON")
            return
        }
        let expected = testCase.spots.map { $0.location(in: testCase.text) }
        #expect(expected.contains(error.location), "reported at \(error.location), expected one of \(expected): \(error.message)")
        #expect(error.message.hasPrefix("malformed JSON: "))
        for fragment in testCase.message {
            #expect(error.message.contains(fragment), "message '\(error.message)' lacks '\(fragment)'")
        }
    }

    @Test(arguments: SyntaxErrorCase.all)
    func reportsTheProblemWhereItIs(_ testCase: SyntaxErrorCase) {
        check(testCase)
    }

    @Test(arguments: SyntaxErrorCase.escapes)
    func escapeErrorsNameTheEscape(_ testCase: SyntaxErrorCase) {
        guard case .failure(let error) = parseJSON(testCase.text) else {
            Issue.record("'\(testCase.text)' parsed, but it is not JSON")
            return
        }
        #expect(error.message.hasPrefix("malformed JSON: "))
        for fragment in testCase.message {
            #expect(error.message.contains(fragment), "message '\(error.message)' lacks '\(fragment)'")
        }
    }

    /// The location half of the escape cases. JSONParser reports these one past the escape (for
    /// `"ab\xcd"` it points at the `c`, for `"\uDC00"` at the closing quote).
    @Test(arguments: SyntaxErrorCase.escapes)
    func escapeErrorsPointAtTheEscape(_ testCase: SyntaxErrorCase) {
        guard case .failure(let error) = parseJSON(testCase.text) else {
            Issue.record("'\(testCase.text)' parsed, but it is not JSON")
            return
        }
        let expected = testCase.spots.map { $0.location(in: testCase.text) }
        #expect(expected.contains(error.location), "reported at \(error.location), expected one of \(expected)")
    }

    @Test func nestingUpToTheLimitParses() {
        let text = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        guard case .success = parseJSON(text) else {
            Issue.record("512 levels must parse")
            return
        }
        let objects = String(repeating: "{\"a\":", count: 511) + "[]" + String(repeating: "}", count: 511)
        guard case .success = parseJSON(objects) else {
            Issue.record("511 objects around an array must parse")
            return
        }
    }

    /// Found by a review: a document with carriage returns alone for line breaks reported every
    /// problem on line 1.
    @Test func aCarriageReturnAloneEndsALine() {
        // `\n\r` is two line breaks: a line feed, then a carriage return no line feed follows.
        for (ending, expected) in [("\r", loc(3, 8)), ("\r\n", loc(3, 8)), ("\n", loc(3, 8)), ("\n\r", loc(5, 8))] {
            let text = "{" + ending + "  \"a\": 1," + ending + "  \"b\": ]" + ending + "}"
            guard case .failure(let error) = parseJSON(text) else {
                Issue.record("\(text.debugDescription) parsed")
                continue
            }
            #expect(error.location == expected, "\(ending.debugDescription): \(error.location)")
        }
    }

    @Test func nestingPastTheLimitIsAnErrorAtTheOffendingBracket() {
        let text = "\n" + String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        guard case .failure(let error) = parseJSON(text) else {
            Issue.record("513 levels must not parse")
            return
        }
        #expect(error.location == loc(2, 513))
        #expect(error.message.contains("512"))
        #expect(error.message.contains("nested"))

        let mixed = String(repeating: "{\"k\": [", count: 257)
        guard case .failure(let mixedError) = parseJSON(mixed) else {
            Issue.record("514 mixed levels must not parse")
            return
        }
        #expect(mixedError.message.contains("nested"))
        // Level 513 is the `{` of the 257th repetition.
        #expect(mixedError.location == loc(1, 256 * 7 + 1))
    }

    @Test func hugeNestingFailsWithoutExhaustingTheStack() {
        let text = String(repeating: "[", count: 200_000)
        guard case .failure(let error) = parseJSON(text) else {
            Issue.record("must not parse")
            return
        }
        #expect(error.message.contains("nested"))
    }

    @Test func generatorReportsMalformedJSONWithItsPosition() {
        let text = "{\n  \"name\": \"x\",\n  \"models\": {,}\n}"
        let result = generate(text, path: "Specs/broken.json")
        #expect(result.files.isEmpty)
        #expect(!result.succeeded)
        #expect(result.diagnostics.count == 1)
        let expected = location(of: ",}", in: text)
        #expect(result.diagnostics.first?.location == expected)
        #expect(result.diagnostics.first?.description.hasPrefix("Specs/broken.json:3:14: error: malformed JSON: ") == true)
    }
}
