import Testing

@testable import GenCore

/// What JSONParser reads from valid documents: every kind of value, the order of members, and
/// the line and column it records for every value and key.
@Suite struct JSONParserValueTests {
    private func parsed(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> JSONNode {
        switch parseJSON(text) {
        case .success(let node): return node
        case .failure(let error):
            Issue.record("'\(text)' did not parse: \(error.message) at \(error.location)", sourceLocation: sourceLocation)
            throw error
        }
    }

    @Test func literals() throws {
        if case .null = try parsed("null").value {} else { Issue.record("null") }
        if case .bool(true) = try parsed("true").value {} else { Issue.record("true") }
        if case .bool(false) = try parsed(" false ").value {} else { Issue.record("false") }
    }

    @Test(arguments: ["0", "-0", "7", "-12", "1.0", "1.50", "3.25e10", "1E+2", "-2.5e-3", "123456789012345678901234567890"])
    func numbersKeepTheirText(_ text: String) throws {
        #expect(try parsed(text).numberText == text)
        // Inside an array, the number ends at the delimiter.
        #expect(try parsed("[\(text),\(text)]")[1]?.numberText == text)
    }

    @Test func stringEscapes() throws {
        let cases: [(json: String, value: String)] = [
            (#""""#, ""),
            (#""plain""#, "plain"),
            (#""\"\\\/""#, "\"\\/"),
            (#""\b\f\n\r\t""#, "\u{08}\u{0C}\n\r\t"),
            (#""\u0041\u00e9\u00E9""#, "Aéé"),
            (#""\u0000""#, "\u{0}"),
            (#""\ud83d\ude00""#, "😀"),
            (#""\uD834\uDD1E""#, "\u{1D11E}"),
            ("\"é😀\u{2028}\u{2029}\u{7F}\"", "é😀\u{2028}\u{2029}\u{7F}"),
            (#""a\u0022b""#, "a\"b"),
        ]
        for (json, value) in cases {
            #expect(try parsed(json).stringValue == value, "\(json)")
        }
    }

    @Test func containers() throws {
        let node = try parsed(#"{"a": [1, [], {}, [true, null]], "b": {"c": {"d": "e"}}, "": 0}"#)
        #expect(node.members?.map(\.key) == ["a", "b", ""])
        #expect(node["a"]?.elements?.count == 4)
        #expect(node["a"]?[1]?.elements?.isEmpty == true)
        #expect(node["a"]?[2]?.members?.isEmpty == true)
        #expect(node["a"]?[3]?.elements?.count == 2)
        #expect(node["b"]?["c"]?["d"]?.stringValue == "e")
        #expect(node[""]?.numberText == "0")
        #expect(try parsed("[]").elements?.isEmpty == true)
        #expect(try parsed("{}").members?.isEmpty == true)
        #expect(try parsed(" \n\t\r\n[ ]\r\n ").elements?.isEmpty == true)
    }

    @Test func memberOrderIsKept() throws {
        let node = try parsed(#"{"zebra": 1, "apple": 2, "mango": 3, "Apple": 4, "a": 5}"#)
        #expect(node.members?.map(\.key) == ["zebra", "apple", "mango", "Apple", "a"])

        // Many keys in a scrambled order: a dictionary-backed parser would lose it.
        var generator = SeededGenerator(seed: 7)
        let keys = (0..<200).map { "key\($0)" }.shuffled(using: &generator)
        let text = "{" + keys.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ", ") + "}"
        let parsedNode = try parsed(text)
        #expect(parsedNode.members?.map(\.key) == keys)
        #expect(parsedNode.members?.map { $0.value.numberText } == keys.indices.map { String($0) })
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try parsed("\u{FEFF}{\"a\": 1}")["a"]?.numberText == "1")
    }

    @Test func locationsOfValuesAndKeys() throws {
        let text = """
            {
              "name": "Cities",
              "list": [1, true,
                null, "x"],
              "nested": {"inner": {"deep": -2.5}}
            }
            """
        let node = try parsed(text)
        #expect(node.location == loc(1, 1))
        #expect(node.member("name")?.keyLocation == location(of: #""name""#, in: text))
        #expect(node["name"]?.location == location(of: #""Cities""#, in: text))
        #expect(node.member("list")?.keyLocation == loc(3, 3))
        #expect(node["list"]?.location == location(of: "[1", in: text))
        #expect(node["list"]?[0]?.location == location(of: "1,", in: text))
        #expect(node["list"]?[1]?.location == location(of: "true", in: text))
        #expect(node["list"]?[2]?.location == loc(4, 5))
        #expect(node["list"]?[3]?.location == location(of: #""x""#, in: text))
        #expect(node["nested"]?.location == location(of: #"{"inner""#, in: text))
        #expect(node["nested"]?.member("inner")?.keyLocation == location(of: #""inner""#, in: text))
        #expect(node["nested"]?["inner"]?.member("deep")?.keyLocation == location(of: #""deep""#, in: text))
        #expect(node["nested"]?["inner"]?["deep"]?.location == location(of: "-2.5", in: text))
    }

    @Test func escapedLineBreaksInStringsDoNotStartLines() throws {
        // "a\nb" is one line of source: the escape is two characters, not a line break.
        let text = #"{"text": "line one\nline two\r\n\u000A", "after": 1}"#
        let node = try parsed(text)
        #expect(node["text"]?.stringValue == "line one\nline two\r\n\n")
        #expect(node.member("after")?.keyLocation == location(of: #""after""#, in: text))
        #expect(node.member("after")?.keyLocation.line == 1)
        #expect(node["after"]?.location == location(of: "1}", in: text))
    }

    @Test func windowsLineEnds() throws {
        let text = "{\r\n  \"a\": 1,\r\n  \"b\": [\r\n    2\r\n  ]\r\n}\r\n"
        let node = try parsed(text)
        #expect(node.member("a")?.keyLocation == loc(2, 3))
        #expect(node["a"]?.location == loc(2, 8))
        #expect(node.member("b")?.keyLocation == loc(3, 3))
        #expect(node["b"]?.location == loc(3, 8))
        #expect(node["b"]?[0]?.location == loc(4, 5))
    }

    @Test func tabsCountAsOneColumn() throws {
        let text = "{\n\t\"a\":\t\t1,\n\t\t\"b\": 2\n}"
        let node = try parsed(text)
        #expect(node.member("a")?.keyLocation == loc(2, 2))
        #expect(node["a"]?.location == loc(2, 8))
        #expect(node.member("b")?.keyLocation == loc(3, 3))
    }

    @Test func columnsCountUnicodeScalars() throws {
        // "é" precomposed is one scalar, "é" decomposed two, "😀" one (though two UTF-16 units
        // and four UTF-8 bytes), a flag two.
        let text = "{\"é\": \"😀🇬🇧e\u{301}\", \"k\": 1, \"日本\": [\"語\", 2]}"
        let node = try parsed(text)
        #expect(node.member("k")?.keyLocation == loc(1, 16))
        #expect(node.member("k")?.keyLocation == location(of: #""k""#, in: text))
        #expect(node["k"]?.location == loc(1, 21))
        #expect(node.member("日本")?.keyLocation == loc(1, 24))
        #expect(node["日本"]?[1]?.location == location(of: "2]", in: text))
        #expect(node["日本"]?[1]?.location == loc(1, 36))
        #expect(node["é"]?.stringValue == "😀🇬🇧e\u{301}")
    }

    @Test func byteOrderMarkTakesNoColumn() throws {
        // Editors do not show a byte-order mark, so it must not shift the columns of line 1.
        let node = try parsed("\u{FEFF}{\"a\": 1}")
        #expect(node.location == loc(1, 1))
        #expect(node.member("a")?.keyLocation == loc(1, 2))
    }

    @Test func nestedContainersRecordEachLevel() throws {
        // Deeply nested but within the limit: every level records its own column.
        let depth = 300
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var node = try parsed(text)
        for level in 1..<depth {
            guard let inner = node[0] else {
                Issue.record("level \(level) is missing")
                return
            }
            #expect(inner.location == loc(1, level + 1))
            node = inner
        }
    }
}
