import Foundation
import Testing

@testable import GenCore

/// `SwiftLiteral.string` and `CommentText.lines`, the two ways spec text enters generated code.
@Suite struct SwiftLiteralTests {
    /// Scalars that are hard to put in a literal, and some ordinary ones.
    static let alphabet: [Unicode.Scalar] = [
        "a", "Z", "0", " ", "\"", "\\", "(", ")", "#", "'", "`", "$", "/", "*", "{", "}", "\n", "\r", "\t", "\0",
        "\u{1}", "\u{1B}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}", "\u{A0}", "\u{AD}", "\u{200B}", "\u{200E}", "\u{202E}",
        "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{301}", "é", "日", "😀", "\u{1F1EC}", "\u{E000}", "\u{10FFFF}",
    ]

    static func randomStrings(count: Int, seed: UInt64) -> [String] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...12, using: &generator) { text.append(alphabet.randomElement(using: &generator)!) }
            return String(text)
        }
    }

    @Test func roundTripsThroughSwiftEscapes() throws {
        let samples = ["", "plain", "\"", "\\", "\\(x)", "\"\"\"", "#\"raw\"#", "a\nb", "\r\n", "\u{2028}"]
            + Self.randomStrings(count: 3000, seed: 11)
        for text in samples {
            let literal = SwiftLiteral.string(text)
            let lexed = try SwiftLexer.lex(literal)
            // One literal and nothing else: no quote or backslash ended it early.
            #expect(lexed.literals.count == 1, "\(text.debugDescription) → \(literal)")
            #expect(lexed.code == "\"\"", "\(text.debugDescription) → \(literal)")
            #expect(lexed.literals.first?.interpolations.isEmpty == true, "\(literal)")
            #expect(lexed.literals.first?.value.unicodeScalars.elementsEqual(text.unicodeScalars) == true,
                    "\(text.debugDescription) → \(literal)")
        }
    }

    @Test func literalsAreOneLineOfVisibleText() {
        for text in Self.randomStrings(count: 2000, seed: 12) {
            let literal = SwiftLiteral.string(text)
            let invisible = literal.unicodeScalars.filter {
                $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
                    || $0 == "\u{2028}" || $0 == "\u{2029}"
            }
            #expect(invisible.isEmpty, "\(text.debugDescription) → \(literal.debugDescription)")
        }
    }

    @Test func specificEscapes() {
        #expect(SwiftLiteral.string("a\"b") == #""a\"b""#)
        #expect(SwiftLiteral.string("a\\b") == #""a\\b""#)
        #expect(SwiftLiteral.string("\\(x)") == #""\\(x)""#)
        #expect(SwiftLiteral.string("a\nb\tc\rd") == #""a\nb\tc\rd""#)
        #expect(SwiftLiteral.string("é😀") == "\"é😀\"")
    }

    /// The real compiler is the judge of what a literal means: compile one program holding
    /// every literal and compare the scalars it prints with the original strings.
    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func compilerReadsTheLiteralsBack() async throws {
        let samples = ["\"\"\"", "\\(1)", "#\"x\"#", "\u{2028}", "\u{0}", "a\r\nb"] + Self.randomStrings(count: 200, seed: 13)
        var source = "let values: [String] = [\n"
        for text in samples { source += "    \(SwiftLiteral.string(text)),\n" }
        source += "]\nfor value in values { print(value.unicodeScalars.map { String($0.value) }.joined(separator: \",\")) }\n"
        let folder = try TemporaryDirectory()
        try folder.write("main.swift", source)
        let binary = folder.file("literals").path
        let build = try await runProcess(executable(named: "swiftc")!, [folder.file("main.swift").path, "-o", binary])
        try #require(build.status == 0, "\(build.standardError)")
        let run = try await runProcess(binary, [])
        let printed = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        let expected = samples.map { $0.unicodeScalars.map { String($0.value) }.joined(separator: ",") }
        #expect(printed == expected)
    }

    @Test func jsonDefaultsUseLiteralsForEveryString() throws {
        let node = try parseJSON(#"{"k\"ey": ["v\\(x)", 1, 2.5, true, null, {}], "": {"a": "\n"}}"#).get()
        let expression = SwiftLiteral.json(node)
        let lexed = try SwiftLexer.lex(expression)
        #expect(lexed.literals.map(\.value) == ["k\"ey", "v\\(x)", "", "a", "\n"])
        #expect(lexed.code == #".object(["": .array([.string(""), .int(1), .double(2.5), .bool(true), .null, .object([:])]), "": .object(["": .string("")])])"#)
    }

    // MARK: Comments

    @Test func commentLinesHoldNoLineBreakOrControlCharacter() {
        for text in Self.randomStrings(count: 3000, seed: 14) {
            for line in CommentText.lines(text) {
                let bad = line.unicodeScalars.filter {
                    [.control, .format].contains($0.properties.generalCategory) || $0 == "\u{2028}" || $0 == "\u{2029}"
                }
                #expect(bad.isEmpty, "\(text.debugDescription) → \(line.debugDescription)")
                #expect(!line.hasSuffix(" "), "\(line.debugDescription)")
            }
        }
    }

    @Test func commentLinesSplitAtEveryKindOfLineBreak() {
        #expect(CommentText.lines("one\ntwo\r\nthree\rfour\u{2028}five\u{2029}six\u{85}seven") ==
                ["one", "two", "three", "four", "five", "six", "seven"])
        #expect(CommentText.lines("a\n\nb") == ["a", "", "b"])
        #expect(CommentText.lines("\n\n  lead and trail  \n\n") == ["  lead and trail"])
        #expect(CommentText.lines("tab\there") == ["tab    here"])
        #expect(CommentText.lines("") == [])
        #expect(CommentText.lines("bell\u{7}\u{1B}[31m") == ["bell[31m"])
    }

    @Test func everyDocumentationLineStartsWithTripleSlash() {
        for text in Self.randomStrings(count: 500, seed: 15) + ["*/ x", "a\n/* b", "\n", " "] {
            var printer = CodePrinter()
            printer.indented { $0.documentation(text) }
            for line in printer.text.split(separator: "\n") {
                #expect(line.hasPrefix("    ///"), "\(text.debugDescription) → \(line.debugDescription)")
            }
        }
    }

    @Test func asciiCommentLinesMatchTheScalarPath() {
        let ascii: [UInt8] = [0x61, 0x20, 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C, 0x00, 0x01, 0x1B, 0x7F, 0x2F, 0x2A, 0x7A]
        var generator = SeededGenerator(seed: 16)
        for _ in 0..<3000 {
            let bytes = (0..<Int.random(in: 0...14, using: &generator)).map { _ in ascii.randomElement(using: &generator)! }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(CommentText.asciiLines(text) == CommentText.scalarLines(text), "\(text.debugDescription)")
            #expect(CommentText.lines(text) == CommentText.scalarLines(text), "\(text.debugDescription)")
        }
    }

    @Test func printableASCIILiteralsAreQuotedAsTheyAre() {
        #expect(SwiftLiteral.string("plain text/with (parens) and #") == "\"plain text/with (parens) and #\"")
        #expect(SwiftLiteral.string("") == "\"\"")
        #expect(SwiftLiteral.string("a\"b") == "\"a\\\"b\"")
        #expect(SwiftLiteral.string("a\\b") == "\"a\\\\b\"")
        #expect(SwiftLiteral.string("a\u{7F}") == "\"a\\u{7F}\"")
    }
}

/// The printer's layout rules, which it applies as lines arrive.
@Suite struct CodePrinterTests {
    @Test func trailingSpacesAndEmptyLinesAtTheEndAreDropped() {
        var printer = CodePrinter()
        printer.line("a  ")
        printer.indented { $0.line("   ") }
        printer.line("b")
        printer.line()
        printer.separator()
        printer.line()
        #expect(printer.text == "a\n\nb\n")
    }

    @Test func aLineOfSpacesAtTheEndIsKeptEmpty() {
        // Only lines printed empty are dropped at the end; one that is all spaces stays, emptied.
        var printer = CodePrinter()
        printer.line("x")
        printer.indented { $0.line(" ") }
        printer.line()
        #expect(printer.text == "x\n\n")
    }

    @Test func nothingPrintedIsOneNewline() {
        #expect(CodePrinter().text == "\n")
        var printer = CodePrinter()
        printer.line()
        printer.line()
        #expect(printer.text == "\n")
    }

    @Test func separatorsNeverDoubleOrFollowAnOpeningBrace() {
        var printer = CodePrinter()
        printer.separator()
        printer.block("struct A") { inner in
            inner.separator()
            inner.line("let a = 1")
            inner.separator()
            inner.separator()
            inner.line("let b = 2")
            inner.line()
            inner.separator()
            inner.line("let c = \"{\"  ")
            inner.separator()
        }
        #expect(printer.text == "struct A {\n    let a = 1\n\n    let b = 2\n\n    let c = \"{\"\n\n}\n")
    }

    @Test func wrapsByCharactersNotBytes() {
        // 100 "é" are 200 bytes but 100 characters: the line fits.
        var printer = CodePrinter()
        printer.wrapped("f", [String(repeating: "é", count: 100)], "")
        #expect(printer.text == "f(\(String(repeating: "é", count: 100)))\n")
        var long = CodePrinter()
        long.wrapped("f", [String(repeating: "a", count: 60), String(repeating: "b", count: 60)], " {")
        #expect(long.text == "f(\n    \(String(repeating: "a", count: 60)),\n    \(String(repeating: "b", count: 60))\n) {\n")
    }
}
