@testable import GenCore

// The scalar-by-scalar JSONParser that the UTF-8 parser replaced, kept as it was (renamed) so that
// JSONParserDifferentialTests can check the new parser against it: the same values and positions
// for every document, the same message and position for every error.

/// The former JSONParser: a strict JSON parser (RFC 8259) that records line and column of every value and key, and
/// rejects duplicate keys, which other parsers silently resolve.
struct ReferenceJSONParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1
    private var depth = 0
    private static let maximumDepth = 512

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        var parser = ReferenceJSONParser(text)
        // A byte-order mark is not JSON, but editors write one; skip it.
        if parser.peek == "\u{FEFF}" {
            parser.advance()
            parser.column = 1  // editors do not show the mark: it takes no column
        }
        parser.skipWhitespace()
        let node = try parser.parseValue()
        parser.skipWhitespace()
        if let extra = parser.peek {
            throw parser.error("unexpected '\(Self.display(extra))' after the end of the document")
        }
        return node
    }

    private var location: SourceLocation { SourceLocation(line: line, column: column) }
    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func advance() {
        // A line feed ends a line, and so does a carriage return that no line feed follows.
        if scalars[index] == "\n" || (scalars[index] == "\r" && (index + 1 == scalars.count || scalars[index + 1] != "\n")) {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private func error(_ message: String, at location: SourceLocation? = nil) -> JSONSyntaxError {
        JSONSyntaxError(message: "malformed JSON: \(message)", location: location ?? self.location)
    }

    private static func display(_ scalar: Unicode.Scalar) -> String {
        scalar.properties.isWhitespace || scalar.value < 0x20 ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
    }

    private mutating func skipWhitespace() {
        while let scalar = peek, scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" {
            advance()
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        let start = location
        guard let scalar = peek else { throw error("unexpected end of the document; expected a value") }
        switch scalar {
        case "{": return try parseObject()
        case "[": return try parseArray()
        case "\"": return JSONNode(value: .string(try parseString()), location: start)
        case "t": try expectWord("true"); return JSONNode(value: .bool(true), location: start)
        case "f": try expectWord("false"); return JSONNode(value: .bool(false), location: start)
        case "n": try expectWord("null"); return JSONNode(value: .null, location: start)
        case "-", "0"..."9": return JSONNode(value: .number(try parseNumber()), location: start)
        case "'": throw error("strings take double quotes (\"), not single quotes")
        default: throw error("unexpected '\(Self.display(scalar))'; expected a value")
        }
    }

    private mutating func expectWord(_ word: String) throws(JSONSyntaxError) {
        let start = location
        for expected in word.unicodeScalars {
            guard peek == expected else { throw error("unknown word; expected '\(word)'", at: start) }
            advance()
        }
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nested more than \(Self.maximumDepth) levels deep") }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONNode {
        let start = location
        try enter()
        advance()  // {
        var members: [JSONNode.Member] = []
        var seen: [String: SourceLocation] = [:]
        skipWhitespace()
        if peek == "}" {
            advance()
            depth -= 1
            return JSONNode(value: .object([]), location: start)
        }
        while true {
            skipWhitespace()
            let keyLocation = location
            guard peek == "\"" else {
                if peek == "}" { throw error("trailing comma before '}'") }
                throw error(peek == nil ? "unexpected end of the document inside an object" : "expected a key in double quotes")
            }
            let key = try parseString()
            if let first = seen[key] {
                throw error("duplicate key '\(key)' (first at line \(first.line), column \(first.column))", at: keyLocation)
            }
            seen[key] = keyLocation
            skipWhitespace()
            guard peek == ":" else { throw error("expected ':' after the key '\(key)'") }
            advance()
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONNode.Member(key: key, keyLocation: keyLocation, value: value))
            skipWhitespace()
            switch peek {
            case ",": advance()
            case "}":
                advance()
                depth -= 1
                return JSONNode(value: .object(members), location: start)
            case nil: throw error("unexpected end of the document; an object opened at line \(start.line), column \(start.column) is not closed")
            default: throw error("expected ',' or '}' after a member of an object")
            }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONNode {
        let start = location
        try enter()
        advance()  // [
        var elements: [JSONNode] = []
        skipWhitespace()
        if peek == "]" {
            advance()
            depth -= 1
            return JSONNode(value: .array([]), location: start)
        }
        while true {
            skipWhitespace()
            if peek == "]" { throw error("trailing comma before ']'") }
            elements.append(try parseValue())
            skipWhitespace()
            switch peek {
            case ",": advance()
            case "]":
                advance()
                depth -= 1
                return JSONNode(value: .array(elements), location: start)
            case nil: throw error("unexpected end of the document; an array opened at line \(start.line), column \(start.column) is not closed")
            default: throw error("expected ',' or ']' after an element of an array")
            }
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = location
        advance()  // "
        var result = String.UnicodeScalarView()
        while true {
            guard let scalar = peek else { throw error("unterminated string", at: start) }
            switch scalar {
            case "\"":
                advance()
                return String(result)
            case "\\":
                let escapeStart = location
                advance()
                result.append(try parseEscape(startingAt: escapeStart))
            case "\n":
                throw error("unterminated string (a line break must be written as \\n)", at: start)
            default:
                if scalar.value < 0x20 { throw error("control character U+\(referenceHex4(scalar.value)) in a string must be escaped") }
                result.append(scalar)
                advance()
            }
        }
    }

    /// Reads the escape after a backslash; its errors point at the backslash.
    private mutating func parseEscape(startingAt start: SourceLocation) throws(JSONSyntaxError) -> Unicode.Scalar {
        func error(_ message: String) -> JSONSyntaxError { self.error(message, at: start) }
        guard let scalar = peek else { throw error("unterminated escape sequence") }
        advance()
        switch scalar {
        case "\"": return "\""
        case "\\": return "\\"
        case "/": return "/"
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "u":
            let high = try parseHex4(startingAt: start)
            if (0xD800..<0xDC00).contains(high) {
                guard peek == "\\" else { throw error("unpaired surrogate \\u\(referenceHex4(high))") }
                advance()
                guard peek == "u" else { throw error("unpaired surrogate \\u\(referenceHex4(high))") }
                advance()
                let low = try parseHex4(startingAt: start)
                guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate \\u\(referenceHex4(low))") }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let result = Unicode.Scalar(high) else { throw error("unpaired surrogate \\u\(referenceHex4(high))") }
            return result
        default:
            throw error("invalid escape '\\\(Self.display(scalar))'")
        }
    }

    private mutating func parseHex4(startingAt start: SourceLocation) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = peek, scalar.properties.isASCIIHexDigit, let digit = UInt32(String(scalar), radix: 16) else {
                throw error("expected four hexadecimal digits after \\u", at: start)
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        if peek == "-" { advance() }
        guard let first = peek, ("0"..."9").contains(first) else { throw error("expected a digit") }
        if first == "0" {
            advance()
            if let next = peek, ("0"..."9").contains(next) { throw error("numbers cannot have leading zeros") }
        } else {
            skipDigits()
        }
        if peek == "." {
            advance()
            guard let next = peek, ("0"..."9").contains(next) else { throw error("expected a digit after '.'") }
            skipDigits()
        }
        if peek == "e" || peek == "E" {
            advance()
            if peek == "+" || peek == "-" { advance() }
            guard let next = peek, ("0"..."9").contains(next) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[start..<index])
        return String(text)
    }

    private mutating func skipDigits() {
        while let scalar = peek, ("0"..."9").contains(scalar) { advance() }
    }
}

private func referenceHex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
