import Testing

@testable import GenCore

/// What YAMLParser reads: each YAML construct against the JSON that means the same (read by
/// JSONParser, so that both trees are compared value by value, numbers by their text), the
/// positions it records, and the errors for what JSON cannot hold.
@Suite struct YAMLParserTests {
    /// The values of a tree, without positions.
    static func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let value): return "\(value)"
        case .number(let text): return "#\(text)"
        case .string(let text): return text.debugDescription
        case .array(let elements): return "[" + elements.map(describe).joined(separator: ", ") + "]"
        case .object(let members): return "{" + members.map { "\($0.key.debugDescription): \(describe($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    private func yaml(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> JSONNode {
        do {
            return try YAMLParser.parse(text)
        } catch {
            Issue.record("did not parse: \(error.location.line):\(error.location.column): \(error.message)\n\(text)", sourceLocation: sourceLocation)
            throw error
        }
    }

    private func expect(_ text: String, means json: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let node = try? yaml(text, sourceLocation: sourceLocation) else { return }
        let expected: JSONNode
        do {
            expected = try JSONParser.parse(json)
        } catch {
            Issue.record("the expected JSON does not parse: \(error.message)", sourceLocation: sourceLocation)
            return
        }
        #expect(Self.describe(node) == Self.describe(expected), "\(text)", sourceLocation: sourceLocation)
    }

    private func expectError(_ text: String, at location: GenCore.SourceLocation, _ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        do {
            let node = try YAMLParser.parse(text)
            Issue.record("parsed as \(Self.describe(node)) instead of failing", sourceLocation: sourceLocation)
        } catch {
            #expect(error.location == location, "\(error.message)", sourceLocation: sourceLocation)
            #expect(error.message == "malformed YAML: " + message, sourceLocation: sourceLocation)
        }
    }

    // MARK: Block collections

    @Test func blockMappingsAndSequences() {
        expect("""
            openapi: 3.1.0
            info:
              title: Pets
              version: "1"
            tags:
              - name: pets
                description: Everything about pets
              - name: store
            servers:
            - url: https://example.com/v1
            - url: http://localhost:8080
            empty:
            nested:
              - - a
                - b
              -
                - c
            """, means: """
            {"openapi": "3.1.0", "info": {"title": "Pets", "version": "1"},
             "tags": [{"name": "pets", "description": "Everything about pets"}, {"name": "store"}],
             "servers": [{"url": "https://example.com/v1"}, {"url": "http://localhost:8080"}],
             "empty": null, "nested": [["a", "b"], ["c"]]}
            """)
    }

    @Test func keysKeepTheirOrderAndAreText() {
        expect("""
            z: 1
            a: 2
            200: ok
            "404": missing
            'x y': 3
            true: t
            ~: n
            1.50: f
            """, means: #"{"z": 1, "a": 2, "200": "ok", "404": "missing", "x y": 3, "true": "t", "~": "n", "1.50": "f"}"#)
    }

    @Test func commentsAndBlankLines() {
        expect("""
            # A comment first
            a: 1 # after a value

            b:   # before a nested mapping
              # inside
              c: "#not a comment" # a comment
              d: x#y
            e: [1, 2] # after a flow sequence
            """, means: ##"{"a": 1, "b": {"c": "#not a comment", "d": "x#y"}, "e": [1, 2]}"##)
    }

    @Test func documentMarkersAndDirectives() {
        expect("%YAML 1.2\n---\na: 1\n...\n", means: #"{"a": 1}"#)
        expect("--- # the document\n- 1\n- 2\n", means: "[1, 2]")
        expect("--- text\n", means: #""text""#)
        expect("\u{FEFF}a: 1\r\nb: 2\r\n", means: #"{"a": 1, "b": 2}"#)
    }

    // MARK: Scalars

    @Test func plainScalarsResolveByTheCoreSchema() {
        expect("""
            - null
            - Null
            - ~
            -
            - true
            - False
            - TRUE
            - yes
            - no
            - on
            - off
            - y
            - 2024-01-01
            - 12:30
            - 1_000
            - 0.1.2
            - 1e
            - .
            - "123"
            - '1.5'
            """, means: """
            [null, null, null, null, true, false, true, "yes", "no", "on", "off", "y", "2024-01-01", "12:30", "1_000",
             "0.1.2", "1e", ".", "123", "1.5"]
            """)
    }

    @Test func numbersTakeJSONsForm() {
        expect("""
            - 0
            - -0
            - 12
            - +12
            - 007
            - -007
            - 1.5
            - 1.
            - .5
            - -.5
            - +1.50
            - 1e3
            - 2.5E-3
            - 6.02e+23
            - 0x1F
            - 0xff
            - 0o17
            - 123456789012345678901234567890
            """, means: """
            [0, -0, 12, 12, 7, -7, 1.5, 1.0, 0.5, -0.5, 1.50, 1e3, 2.5e-3, 6.02e+23, 31, 255, 15, 123456789012345678901234567890]
            """)
    }

    @Test func plainScalarsOverSeveralLines() {
        expect("""
            description: The first line
              goes on here,

              and after an empty line
              here.
            next: 'a: b'
            """, means: #"{"description": "The first line goes on here,\nand after an empty line here.", "next": "a: b"}"#)
        expect("- one\n  two\n- three\n", means: #"["one two", "three"]"#)
        expect("key: value # a comment ends it\nnext: 1\n", means: #"{"key": "value", "next": 1}"#)
    }

    @Test func quotedScalars() {
        expect(#"""
            single: 'it''s # not a comment'
            double: "tab\there \"quoted\" \\ \/ \u00e9 \x41 \U0001F600 \ud83d\ude00 \0 \e \N \_ \L \P"
            folded: "first
              second

              third"
            joined: "no\
              space"
            singlefold: 'a
              b'
            empty: ''
            """#, means: #"""
            {"single": "it's # not a comment",
             "double": "tab\there \"quoted\" \\ / é A 😀 😀 \u0000 \u001b \u0085 \u00a0 \u2028 \u2029",
             "folded": "first second\nthird", "joined": "nospace", "singlefold": "a b", "empty": ""}
            """#)
    }

    @Test func blockScalars() {
        expect("""
            literal: |
              line one
                indented
              line three
            folded: >
              folded
              into one

              paragraph two
                more indented
              back
            strip: |-
              text
            keep: |+
              text

            clip: |
              text


            explicit: |2
                two more spaces
            leading: |

              after an empty line
            empty: |
            next: 1
            """, means: #"""
            {"literal": "line one\n  indented\nline three\n",
             "folded": "folded into one\nparagraph two\n  more indented\nback\n",
             "strip": "text", "keep": "text\n\n", "clip": "text\n",
             "explicit": "  two more spaces\n", "leading": "\nafter an empty line\n", "empty": "", "next": 1}
            """#)
        expect("- |\n  in a sequence\n- >-\n  folded\n  stripped\n", means: #"["in a sequence\n", "folded stripped"]"#)
        expect("text: |\n  # not a comment\n  last", means: ##"{"text": "# not a comment\nlast"}"##)
    }

    @Test func explicitKeys() {
        expect("""
            ? ''
            : empty key
            ? long
              key
            : value
            ? no value
            ? list
            : - x
              - y
            ? map
            : k: v
              l: w
            last: 1
            flow: {? a : b, ? c, ? long
              key : v}
            """, means: """
            {"": "empty key", "long key": "value", "no value": null, "list": ["x", "y"], "map": {"k": "v", "l": "w"},
             "last": 1, "flow": {"a": "b", "c": null, "long key": "v"}}
            """)
    }

    // MARK: Flow collections

    @Test func flowCollections() {
        expect("""
            a: [1, two, "three", 'four', [5], {six: 6}]
            b: {x: 1, "y": 2, z}
            c: {"json": "like", "n": [1, 2.5, true, null]}
            d: [
              multi,
              line, # a comment
            ]
            e: [k: v, plain]
            f: []
            g: {}
            h: [a b
              c]
            i: [http://example.com/x, a:b]
            """, means: """
            {"a": [1, "two", "three", "four", [5], {"six": 6}], "b": {"x": 1, "y": 2, "z": null},
             "c": {"json": "like", "n": [1, 2.5, true, null]}, "d": ["multi", "line"], "e": [{"k": "v"}, "plain"],
             "f": [], "g": {}, "h": ["a b c"], "i": ["http://example.com/x", "a:b"]}
            """)
        expect(#"{"a": {"b": [1, {"c": null}]}, "d": "e"}"#, means: #"{"a": {"b": [1, {"c": null}]}, "d": "e"}"#)
    }

    // MARK: Anchors, aliases, merge keys and tags

    @Test func anchorsAndAliases() {
        expect("""
            base: &base
              type: object
              required: [id]
            copy: *base
            list: [&x 1, *x, *x]
            scalar: &s text
            again: *s
            """, means: """
            {"base": {"type": "object", "required": ["id"]}, "copy": {"type": "object", "required": ["id"]},
             "list": [1, 1, 1], "scalar": "text", "again": "text"}
            """)
    }

    @Test func mergeKeys() {
        expect("""
            defaults: &defaults
              a: 1
              b: 2
            more: &more
              b: 20
              c: 30
            one:
              <<: *defaults
              b: 3
            list:
              x: 0
              <<: [*defaults, *more]
            quoted:
              "<<": not a merge
            flow: {<<: *defaults, a: 9}
            """, means: """
            {"defaults": {"a": 1, "b": 2}, "more": {"b": 20, "c": 30},
             "one": {"a": 1, "b": 3}, "list": {"x": 0, "a": 1, "b": 2, "c": 30},
             "quoted": {"<<": "not a merge"}, "flow": {"b": 2, "a": 9}}
            """)
    }

    @Test func standardTags() {
        expect("""
            - !!str 012
            - !!str true
            - !!str
            - ! 12
            - !!int "12"
            - !!float 1
            - !!float "2.5"
            - !!bool "true"
            - !!null ""
            - !!map {a: 1}
            - !!seq [1]
            - !<tag:yaml.org,2002:str> 7
            - &a !!str 8
            - *a
            """, means: #"["012", "true", "", "12", 12, 1.0, 2.5, true, null, {"a": 1}, [1], "7", "8", "8"]"#)
    }

    // MARK: Positions

    @Test func positionsOfValuesAndKeys() throws {
        let node = try yaml("""
            # comment
            info:
              title: "Pets"
            paths:
              /pets:
                get: {operationId: listPets}
            tags:
              - name: é
                x: [1, 2]
            """)
        #expect(node.location == loc(2, 1))
        #expect(node.member("info")?.keyLocation == loc(2, 1))
        #expect(node["info"]?.location == loc(3, 3))
        #expect(node["info"]?.member("title")?.keyLocation == loc(3, 3))
        #expect(node["info"]?["title"]?.location == loc(3, 10))
        #expect(node["paths"]?["/pets"]?["get"]?.location == loc(6, 10))
        #expect(node["paths"]?["/pets"]?["get"]?.member("operationId")?.keyLocation == loc(6, 11))
        #expect(node["paths"]?["/pets"]?["get"]?["operationId"]?.location == loc(6, 24))
        #expect(node["tags"]?.location == loc(8, 3))
        #expect(node["tags"]?[0]?.location == loc(8, 5))
        #expect(node["tags"]?[0]?.member("x")?.keyLocation == loc(9, 5))
        #expect(node["tags"]?[0]?["x"]?[1]?.location == loc(9, 12))
        // A column counts characters: "é" is one.
        let wide = try yaml("é: [x, y]\n")
        #expect(wide["é"]?[1]?.location == loc(1, 8))
    }

    @Test func aPlainScalarPointsInsideItselfAsAQuotedStringDoes() throws {
        let node = try yaml("type: Dictionary<Strin>\nquoted: \"Dictionary<Strin>\"\n")
        let plain = Located("Dictionary<Strin>", of: try #require(node["type"]))
        let quoted = Located("Dictionary<Strin>", of: try #require(node["quoted"]))
        #expect(plain.location(ofScalarAt: 0) == loc(1, 7))
        #expect(plain.location(ofScalarAt: 11) == loc(1, 18))
        #expect(quoted.location(ofScalarAt: 0) == loc(2, 10))
        #expect(quoted.location(ofScalarAt: 11) == loc(2, 21))
    }

    // MARK: Errors

    @Test func whatJSONCannotHoldIsAnError() {
        expectError("a: .inf\n", at: loc(1, 4), "'.inf' is a number JSON has no form for; put it in quotes to mean the text")
        expectError("a: [1, -.Inf]\n", at: loc(1, 8), "'-.Inf' is a number JSON has no form for; put it in quotes to mean the text")
        expectError("? [complex]\n: key\n", at: loc(1, 3), "a key must be text, not an array")
        expectError("a: 1\n? {b: c}\n", at: loc(2, 3), "a key must be text, not an object")
        expectError("[a, b]: c\n", at: loc(1, 1), "a key must be text, not an array")
        expectError("{[a]: b}\n", at: loc(1, 2), "a key must be text, not an array")
        expectError("a: !custom x\n", at: loc(1, 4), "the tag '!custom' is not supported; endpointgen reads YAML's standard types (!!str, !!int, !!float, !!bool, !!null, !!map, !!seq)")
        expectError("a: !!int x\n", at: loc(1, 4), "a string is not what the tag '!!int' says")
        expectError("a: 1\n---\nb: 2\n", at: loc(2, 1), "a second document starts here; endpointgen reads one document per file")
        expectError("a: 1\n---\n", at: loc(2, 1), "a second document starts here; endpointgen reads one document per file")
        expectError("a: 0x1FFFFFFFFFFFFFFFF\n", at: loc(1, 4), "the number '0x1FFFFFFFFFFFFFFFF' is too large to read; put it in quotes to mean the text")
    }

    @Test func syntaxErrorsSayWhereAndWhat() {
        expectError("a: 1\na: 2\n", at: loc(2, 1), "duplicate key 'a' (first at line 1, column 1)")
        expectError("{a: 1, a: 2}", at: loc(1, 8), "duplicate key 'a' (first at line 1, column 2)")
        expectError("a:\n\tb: 1\n", at: loc(2, 2), "a tab indents this line; YAML indents with spaces")
        expectError("a: b: c\n", at: loc(1, 4), "a mapping cannot start on the line of its key; start it on the next line, indented")
        expectError("a: - b\n", at: loc(1, 4), "a block sequence cannot start on the line of its key; start it on the next line")
        expectError("a:\n  b: 1\n    c: 2\n", at: loc(3, 5), "this line is indented more than the line before, so it goes on with its text, where a ': ' cannot stand; indent the key as its mapping's others, or put the text in quotes")
        expectError("a:\n  b:\n    - 1\n    c: 2\n", at: loc(4, 5), "a line at the indentation of the sequence at line 3 that is not an entry; is its '- ' missing?")
        expectError("a:\n    b: 1\n  c: 2\n", at: loc(3, 3), "this line's indentation matches none around it: the keys of the mapping at line 1 stand at column 1")
        expectError("a: 1\nb\n", at: loc(2, 1), "expected ':' after the key 'b' (the mapping at line 1 goes on at this indentation)")
        expectError("a:\n  - 1\n  b: 2\n", at: loc(3, 3), "a line at the indentation of the sequence at line 2 that is not an entry; is its '- ' missing?")
        expectError("parameters:\n  - name: a\n    in: query\n  name: b\n", at: loc(4, 3), "a line at the indentation of the sequence at line 2 that is not an entry; is its '- ' missing?")
        expectError("a: 'open\n", at: loc(1, 4), "the single-quoted text opened at line 1, column 4 is not closed")
        expectError("a: \"bad \\q\"\n", at: loc(1, 9), "invalid escape '\\q'")
        expectError("a: [1, 2\n", at: loc(2, 1), "unexpected end of the document; a sequence opened at line 1, column 4 is not closed")
        expectError("a: {b: 1]}\n", at: loc(1, 9), "expected ',' or '}' after an entry, not ']'")
        expectError("a: *nowhere\n", at: loc(1, 4), "the alias '*nowhere' names no anchor before it")
        expectError("a: \"x\" y\n", at: loc(1, 8), "unexpected 'y' after the quoted text on the same line")
        expectError("", at: loc(1, 1), "the document is empty; expected an OpenAPI document or a spec")
        expectError("# only a comment\n", at: loc(2, 1), "the document is empty; expected an OpenAPI document or a spec")
        expectError("a: 1\n b: 2\n", at: loc(2, 2), "this line is indented more than the line before, so it goes on with its text, where a ': ' cannot stand; indent the key as its mapping's others, or put the text in quotes")
        expectError("info:\n  title: x\n   version: 1\n", at: loc(3, 4), "this line is indented more than the line before, so it goes on with its text, where a ': ' cannot stand; indent the key as its mapping's others, or put the text in quotes")
        expectError("a:\n  &a1\n  &a2\n  v\n", at: loc(3, 3), "a node has one anchor")
        expectError("a: [1,#c\n  2]\n", at: loc(1, 7), "a comment needs a space before its '#'")
        expectError("a: \"x\"#c\n", at: loc(1, 7), "a comment needs a space before its '#'")
        expectError("x: &x 1\ny: {*x : 1}\n", at: loc(2, 5), "an alias cannot be a key")
        expectError("a: {b\n  c: 1}\n", at: loc(1, 5), "a key must fit on one line")
        expectError("d: &d {x: 1}\ne: &e {y: 2}\nm:\n  <<: *d\n  <<: *e\n", at: loc(5, 3), "a second merge key ('<<') in the mapping (the first at line 4, column 3); merge a list: '<<: [*a, *b]'")
        expectError("<<: 1\n", at: loc(1, 5), "a merge key ('<<') takes a mapping or a list of mappings, not a number")
    }

    @Test func propertiesOnTheirOwnLinesBelongToTheNodeBelow() {
        expect("a: &x\n  !!str\n  12\nb: *x\nc: !!str\nd: &e\ne: *e\n", means: #"{"a": "12", "b": "12", "c": "", "d": null, "e": null}"#)
        // Stacked, they are a node's two properties at most: an error, not a recursion per line.
        expectError("description:\n" + String(repeating: "    !!str\n", count: 1_000) + "    v\n", at: loc(3, 5), "a node has one tag")
    }

    @Test func nestedExplicitKeysStopAtTheDepthLimit() {
        expectError(String(repeating: "? ", count: 2_000) + "x\n", at: loc(1, 513), "nested more than 256 levels deep")
    }

    @Test func whatLooksLikeANumberIsTextWhereTextIsMeant() {
        expect("a: !!str .inf\nb: {.inf: 1, 0xFFFFFFFFFFFFFFFFFF: 2}\n? .nan\n: 3\n.inf: 4\n",
               means: #"{"a": ".inf", "b": {".inf": 1, "0xFFFFFFFFFFFFFFFFFF": 2}, ".nan": 3, ".inf": 4}"#)
        expectError("a: [.inf]\n", at: loc(1, 5), "'.inf' is a number JSON has no form for; put it in quotes to mean the text")
        expectError("a: {b: .nan}\n", at: loc(1, 8), "'.nan' is a number JSON has no form for; put it in quotes to mean the text")
    }

    @Test func escapedBlanksAndBreaksInDoubleQuotes() {
        expect("a: \"x\\t\n  y\"\nb: \"x\\ \n  y\"\nc: \"x\\\n\n  y\"\nd: \"x  \n  y\"\n",
               means: #"{"a": "x\t y", "b": "x  y", "c": "x\ny", "d": "x y"}"#)
    }

    @Test func anEmptyBlockScalarWithBlankLinesWiderThanTheNextKey() {
        expect("a: |\n    \nb: 1\nc: |+\n    \nd: 2\n", means: #"{"a": "", "b": 1, "c": "\n", "d": 2}"#)
    }

    @Test func aLongLineCostsItsLengthOnce() throws {
        // A document minified onto one line (a JSON document named .yaml): 20,000 values.
        let value = { (number: Int) in #"{"k\#(number)": "v\n\#(number)"}"# }
        let values = (0..<20_000).map(value).joined(separator: ",")
        let node = try yaml("[" + values + "]")
        #expect(node.elements?.count == 20_000)
        #expect(node[19_999]?.location.column == 1 + values.count - value(19_999).count + 1)
        #expect(node[19_999]?["k19999"]?.stringValue == "v\n19999")
    }

    @Test func aliasesCannotMakeADocumentExplode() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...7 {
            text += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        do {
            _ = try YAMLParser.parse(text)
            Issue.record("ten million values were read")
        } catch {
            #expect(error.message == "malformed YAML: aliases copy more than 1000000 values in all; the document repeats itself too often to read")
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() throws {
        // 256 levels read, in flow and in block context; 257 are an error.
        func block(_ levels: Int) -> String {
            (0..<levels).map { String(repeating: " ", count: $0) + "k:\n" }.joined() + String(repeating: " ", count: levels) + "- x\n"
        }
        _ = try yaml(String(repeating: "[", count: 256) + String(repeating: "]", count: 256))
        _ = try yaml(block(255))
        expectError(String(repeating: "[", count: 600) + String(repeating: "]", count: 600), at: loc(1, 257), "nested more than 256 levels deep")
        expectError(block(256), at: loc(257, 257), "nested more than 256 levels deep")
        expectError(block(600), at: loc(257, 257), "nested more than 256 levels deep")
    }
}
