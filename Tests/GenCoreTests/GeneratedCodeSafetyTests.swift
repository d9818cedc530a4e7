import Foundation
import Testing

@testable import GenCore

/// Spec text ends up in string literals and comments of the generated Swift. Whatever it holds,
/// it must stay inside them: literals mean exactly the spec's text, comments stay comments, and
/// no line of output holds a raw control character.
@Suite struct GeneratedCodeSafetyTests {
    /// Every hostile string carries `PWNED`, so that text which escaped its literal or comment
    /// shows up in the code.
    static let hostile: [String] = [
        "x\"); PWNED(); (\"",
        "back\\slash \\(PWNED) end",
        "*/ PWNED /* \"\"\" #\"raw\"# ]] }",
        "ctl\u{1}\u{7}\u{8}\u{B}\u{C}\u{1B}\u{7F}\u{85}\u{9F}PWNED",
        "fmt\u{200B}\u{FEFF}\u{202E}\u{2028}\u{2029}PWNED",
        "tab\there PWNED \\",
    ]
    /// Line breaks, which no header value may hold but descriptions, messages and keys may.
    static let multiline = "first line\nPWNED()\r\nthird\rfourth\u{2028}fifth\u{0}end"

    static var specText: String {
        let h = hostile.map(jsonString)
        let m = jsonString(multiline)
        let all = jsonString(hostile.joined(separator: "\n") + "\n" + multiline)
        return """
            {
              "endpointgen": 1,
              "name": "Hostile",
              "description": \(all),
              "servers": { "main": "https://example.com/base" },
              "headers": { "X-A": \(h[0]), "X-B": \(h[1]), "X-C": \(h[2]), "X-D": \(h[4]), "X-E": \(h[5]) },
              "models": {
                "Thing": {
                  "description": \(all),
                  "properties": {
                    "a": { "type": "String", "key": \(h[0]), "description": \(m), "default": \(h[1]) },
                    "b": { "type": "String", "key": \(m), "default": \(m) },
                    "c": { "type": "JSON", "key": \(h[2]), "default": { \(h[3]): [\(h[4]), \(m), 1.5, null] } },
                    "d": { "type": "[String: String]", "key": \(h[5]), "default": { \(h[0]): \(h[1]) } },
                    "e": { "type": "[String]?", "default": [\(h[2]), \(h[3])] },
                    "when": { "type": "Date", "dateStrategy": { "format": \(h[0]) } }
                  }
                },
                "Kind": {
                  "description": \(m),
                  "enum": { "k0": \(h[0]), "k1": \(h[1]), "k2": \(h[2]), "k3": \(h[3]), "k4": \(h[4]), "k5": \(m) }
                }
              },
              "resources": {
                "Things": {
                  "description": \(all),
                  "endpoints": [
                    {
                      "name": "getThing",
                      "method": "GET",
                      "path": "/a'b/(c)/$d&e*f+g,h;i=j:k@l!m~n.o_p-q%20r/{id}",
                      "description": \(all),
                      "deprecated": \(m),
                      "pathParams": { "id": { "type": "Kind", "description": \(m) } },
                      "query": { \(h[0]): { "type": "[String]?", "swiftName": "q0", "description": \(h[3]) },
                                 \(m): { "type": "Int?", "swiftName": "q1" } },
                      "headers": { "X-Mode": { "type": "String?", "description": \(all) } },
                      "response": "Thing",
                      "responseKey": \(h[1])
                    },
                    {
                      "name": "putThing",
                      "method": "PUT",
                      "path": "/things",
                      "deprecated": \(h[0]),
                      "body": { "type": "Thing", "key": \(m), "swiftName": "thing" }
                    }
                  ]
                }
              }
            }
            """
    }

    /// Every string the generated code must hold as a literal value.
    static var expectedLiterals: [String] {
        hostile + [multiline]
    }

    private func generatedFiles(layout: OutputLayout = .split) throws -> [GeneratedFile] {
        let result = generate(Self.specText, path: "Specs/hostile.json", layout: layout)
        #expect(result.succeeded, "\(result.diagnostics.map(\.description).joined(separator: "\n"))")
        return result.files
    }

    @Test func hostileSpecIsAccepted() throws {
        let files = try generatedFiles()
        #expect(files.count > 5)
    }

    @Test func literalsMeanExactlyTheSpecText() throws {
        var values: [String: Int] = [:]
        for file in try generatedFiles() {
            let lexed = try SwiftLexer.lex(file.contents)
            for literal in lexed.literals { values[literal.value, default: 0] += 1 }
        }
        for text in Self.expectedLiterals {
            #expect(values[text] != nil, "no literal holds \(text.debugDescription)")
        }
        // Enum raw values appear twice: in init(rawValue:) and in rawValue.
        for text in Self.hostile.prefix(5) {
            #expect((values[text] ?? 0) >= 2, "\(text.debugDescription)")
        }
    }

    @Test func noSpecTextReachesTheCode() throws {
        for file in try generatedFiles() {
            let lexed = try SwiftLexer.lex(file.contents)
            #expect(!lexed.code.contains("PWNED"), "\(file.path): spec text outside a literal or comment")
            #expect(!lexed.comments.contains { $0.isBlock }, "\(file.path): block comment")
            for literal in lexed.literals {
                // The only interpolations are path parameters.
                for expression in literal.interpolations {
                    #expect(expression.wholeMatch(of: /(self\.)?`?[A-Za-z_][A-Za-z0-9_]*`?/) != nil, "\(file.path): \\(\(expression))")
                }
            }
        }
    }

    @Test func specTextInCommentsIsInDocumentationLines() throws {
        var documentationLines = 0
        for file in try generatedFiles() {
            let lexed = try SwiftLexer.lex(file.contents)
            for comment in lexed.comments where comment.text.contains("PWNED") || comment.text.contains("first line") {
                #expect(comment.text.hasPrefix("///"), "\(file.path):\(comment.line): \(comment.text)")
                documentationLines += 1
            }
            // Each line of a multi-line description is a line of its own.
            let lines = file.contents.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            if lines.contains("/// first line") {
                #expect(lines.contains("/// PWNED()"), "\(file.path)")
                #expect(lines.contains("/// third"))
                #expect(lines.contains("/// fourth"))
                #expect(lines.contains("/// fifthend") || lines.contains("/// fifth"))
            }
        }
        #expect(documentationLines > 20)
    }

    @Test func noLineHoldsARawControlCharacter() throws {
        for layout in OutputLayout.allCases {
            for file in try generatedFiles(layout: layout) {
                for (number, line) in file.contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    // Format characters (U+200B, U+FEFF, U+202E) hide or reorder text in editors.
                    let bad = line.unicodeScalars.filter {
                        [.control, .format].contains($0.properties.generalCategory) || $0 == "\u{2028}" || $0 == "\u{2029}"
                    }
                    #expect(bad.isEmpty, "\(file.path):\(number + 1) holds \(bad.map { String($0.value, radix: 16) })")
                }
            }
        }
    }

    @Test func pathsOnlyHoldCharactersThatNeedNoEscaping() throws {
        // Quotes, backslashes and spaces are not legal in a URL path; they are rejected, so a
        // path never needs escaping in the generated literal.
        for path in ["/a\"b", "/a\\(b)", "/a b", "/a\u{0}b", "/a\nb", "/é"] {
            let text = spec(resources: #"{"R": {"endpoints": [{"method": "GET", "path": \#(jsonString(path))}]}}"#)
            let result = generate(text)
            #expect(!result.succeeded, "\(path)")
            #expect(result.diagnostics.first?.message.contains("percent-encoded") == true, "\(path): \(result.diagnostics)")
        }
        let files = try generatedFiles()
        let endpoint = try #require(files.first { $0.path.hasSuffix("GetThingEndpoint.swift") })
        let lexed = try SwiftLexer.lex(endpoint.contents)
        let path = try #require(lexed.literals.first { $0.interpolations == ["id"] })
        #expect(path.value == "/a'b/(c)/$d&e*f+g,h;i=j:k@l!m~n.o_p-q%20r/")
    }

    @Test func headerValuesWithLineBreaksAreRejectedNotEscaped() {
        for value in ["a\nb", "a\rb", "a\u{0}b"] {
            let text = spec(extra: #""headers": {"X-A": \#(jsonString(value))}"#)
            #expect(!generate(text).succeeded, "\(value.debugDescription)")
        }
    }

    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func generatedFilesParseAsSwift() async throws {
        let folder = try TemporaryDirectory()
        var paths: [String] = []
        for file in try generatedFiles() {
            let name = file.path.replacingOccurrences(of: "/", with: "_")
            try folder.write(name, file.contents)
            paths.append(folder.file(name).path)
        }
        let result = try await runProcess(executable(named: "swiftc")!, ["-parse"] + paths)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains("error"), "\(result.standardError)")
    }

    // MARK: Resource names

    /// A resource's name is copied into the `// Spec:` comment of its files.
    @Test func controlCharactersInResourceNamesStayOutOfComments() throws {
        let text = spec(resources: #"{"Odd\u0001Name\u2028Here\n}}": {"endpoints": [{"method": "GET", "path": "/a"}]}}"#)
        let result = generate(text)
        #expect(result.succeeded, "\(result.diagnostics)")
        for file in result.files {
            for line in file.contents.split(separator: "\n") {
                let bad = line.unicodeScalars.filter { $0.properties.generalCategory == .control || $0 == "\u{2028}" }
                #expect(bad.isEmpty, "\(file.path): \(line.debugDescription)")
            }
            let lexed = try SwiftLexer.lex(file.contents)
            // The `}}` after the line break stayed in the comment.
            #expect(lexed.code.filter { $0 == "{" }.count == lexed.code.filter { $0 == "}" }.count, "\(file.path)")
            if file.path.contains("OddNameHere") {
                #expect(lexed.comments.contains { $0.text.hasPrefix("// Spec: #/resources/Odd") }, "\(file.path)")
            }
        }
    }

    /// With a line break in a resource name the `// Spec:` line would be two lines, which
    /// CodePrinter's precondition turns into a crash: run it in a child process.
    @Test func lineBreakInAResourceNameDoesNotCrash() async {
        await #expect(processExitsWith: .success) {
            let text = #"{"endpointgen": 1, "name": "T", "resources": {"Two\nLines": {"endpoints": [{"method": "GET", "path": "/a"}]}}}"#
            let result = Generator.generate(specText: text, specPath: "spec.json")
            precondition(result.succeeded)
        }
    }
}
