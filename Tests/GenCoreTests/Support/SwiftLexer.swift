/// A small lexer for the subset of Swift the generator writes, written from the Swift language
/// reference rather than from the generator: it splits source into code, comments and string
/// literals and decodes every literal, so that tests can see what a literal *means* and whether
/// any spec text ended up outside the literal or comment it was meant for.
struct LexedSwift {
    struct Literal: Equatable {
        /// The value with its escapes evaluated; each interpolation is left out.
        var value: String
        var interpolations: [String]
        var line: Int
    }

    struct Comment: Equatable {
        /// The whole comment as written, `//` included.
        var text: String
        var line: Int
        var isBlock: Bool
    }

    /// The source with comments removed and every literal replaced by `""`.
    var code = ""
    var literals: [Literal] = []
    var comments: [Comment] = []
}

struct SwiftLexError: Error, CustomStringConvertible {
    var message: String
    var line: Int
    var description: String { "line \(line): \(message)" }
}

enum SwiftLexer {
    static func lex(_ source: String) throws(SwiftLexError) -> LexedSwift {
        let s = Array(source.unicodeScalars)
        var result = LexedSwift()
        var i = 0
        var line = 1

        func at(_ offset: Int) -> Unicode.Scalar? { i + offset < s.count ? s[i + offset] : nil }

        while i < s.count {
            let c = s[i]
            if c == "/" && at(1) == "/" {
                var text = String.UnicodeScalarView()
                while i < s.count && s[i] != "\n" && s[i] != "\r" {
                    text.append(s[i])
                    i += 1
                }
                result.comments.append(.init(text: String(text), line: line, isBlock: false))
                continue
            }
            if c == "/" && at(1) == "*" {
                let startLine = line
                var depth = 0
                var text = String.UnicodeScalarView()
                repeat {
                    guard i < s.count else { throw SwiftLexError(message: "unterminated block comment", line: startLine) }
                    if s[i] == "/" && at(1) == "*" {
                        depth += 1
                        text.append(contentsOf: [s[i], s[i + 1]])
                        i += 2
                    } else if s[i] == "*" && at(1) == "/" {
                        depth -= 1
                        text.append(contentsOf: [s[i], s[i + 1]])
                        i += 2
                    } else {
                        if s[i] == "\n" { line += 1 }
                        text.append(s[i])
                        i += 1
                    }
                } while depth > 0
                result.comments.append(.init(text: String(text), line: startLine, isBlock: true))
                continue
            }
            if c == "#" && (at(1) == "\"" || at(1) == "#") {
                throw SwiftLexError(message: "raw string literal", line: line)
            }
            if c == "\"" {
                if at(1) == "\"" && at(2) == "\"" {
                    throw SwiftLexError(message: "multi-line string literal", line: line)
                }
                i += 1
                let literal = try lexLiteral(s, &i, line: line)
                result.literals.append(literal)
                result.code += "\"\""
                continue
            }
            if c == "\n" { line += 1 }
            result.code.unicodeScalars.append(c)
            i += 1
        }
        return result
    }

    /// Reads a single-line literal after its opening quote, up to and including the closing quote.
    private static func lexLiteral(_ s: [Unicode.Scalar], _ i: inout Int, line: Int) throws(SwiftLexError) -> LexedSwift.Literal {
        var value = String.UnicodeScalarView()
        var interpolations: [String] = []
        while true {
            guard i < s.count else { throw SwiftLexError(message: "unterminated string literal", line: line) }
            let c = s[i]
            switch c {
            case "\"":
                i += 1
                return .init(value: String(value), interpolations: interpolations, line: line)
            case "\n", "\r":
                throw SwiftLexError(message: "line break in a single-line string literal", line: line)
            case "\\":
                guard i + 1 < s.count else { throw SwiftLexError(message: "lone backslash", line: line) }
                let e = s[i + 1]
                i += 2
                switch e {
                case "n": value.append("\n")
                case "r": value.append("\r")
                case "t": value.append("\t")
                case "0": value.append("\0")
                case "\\": value.append("\\")
                case "\"": value.append("\"")
                case "'": value.append("'")
                case "u":
                    guard i < s.count, s[i] == "{" else { throw SwiftLexError(message: "\\u without {", line: line) }
                    i += 1
                    var digits = ""
                    while i < s.count, s[i] != "}" {
                        digits.unicodeScalars.append(s[i])
                        i += 1
                    }
                    i += 1
                    guard (1...8).contains(digits.count), let number = UInt32(digits, radix: 16),
                          let scalar = Unicode.Scalar(number)
                    else { throw SwiftLexError(message: "bad \\u{\(digits)}", line: line) }
                    value.append(scalar)
                case "(":
                    var depth = 1
                    var expression = String.UnicodeScalarView()
                    while depth > 0 {
                        guard i < s.count, s[i] != "\n" else {
                            throw SwiftLexError(message: "unterminated interpolation", line: line)
                        }
                        if s[i] == "(" { depth += 1 }
                        if s[i] == ")" { depth -= 1 }
                        if depth > 0 { expression.append(s[i]) }
                        i += 1
                    }
                    interpolations.append(String(expression))
                default:
                    throw SwiftLexError(message: "invalid escape \\\(e)", line: line)
                }
            default:
                value.append(c)
                i += 1
            }
        }
    }
}
