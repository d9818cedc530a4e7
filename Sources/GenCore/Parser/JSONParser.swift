/// A JSON value that remembers where it stood in the spec text. Objects keep their members in
/// the order they were written, because the spec's order is the generated code's order.
struct JSONNode: Sendable {
    enum Value: Sendable {
        case null
        case bool(Bool)
        /// The number's text as written, so that `1` and `1.0` stay apart.
        case number(String)
        case string(String)
        case array([JSONNode])
        case object([Member])
    }

    struct Member: Sendable {
        var key: String
        var keyLocation: SourceLocation
        var value: JSONNode
    }

    var value: Value
    var location: SourceLocation
    /// For a string written with escapes, where its scalars are in the line; nil otherwise.
    var columns: StringColumns? = nil

    var kindName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

struct JSONSyntaxError: Error, Sendable {
    var message: String
    var location: SourceLocation
}

/// A strict JSON parser (RFC 8259) that records line and column of every value and key, and
/// rejects duplicate keys, which other parsers silently resolve.
///
/// It reads the UTF-8 bytes of the text. A column counts Unicode scalars, so it is the number of
/// bytes since the start of the line that are not continuation bytes (0x80–0xBF), plus one; it
/// is worked out only when a position is recorded, from the last position worked out.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    /// Where the current line starts; a column is counted from the last recorded position on it.
    private var countedIndex = 0
    private var countedColumn = 1
    private var depth = 0
    private static let maximumDepth = 512

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(text)
        // A byte-order mark is not JSON, but editors write one; skip it.
        if parser.bytes.count >= 3, parser.bytes[0] == 0xEF, parser.bytes[1] == 0xBB, parser.bytes[2] == 0xBF {
            parser.index = 3
            parser.countedIndex = 3  // editors do not show the mark: it takes no column
        }
        parser.skipWhitespace()
        let node = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < parser.bytes.count {
            throw parser.error("unexpected '\(parser.displayScalar())' after the end of the document")
        }
        return node
    }

    private var location: SourceLocation {
        mutating get {
            var column = countedColumn
            var position = countedIndex
            while position < index {
                if bytes[position] & 0xC0 != 0x80 { column += 1 }
                position += 1
            }
            countedIndex = index
            countedColumn = column
            return SourceLocation(line: line, column: column)
        }
    }

    /// The byte at the current position, or nil at the end.
    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func error(_ message: String, at location: SourceLocation) -> JSONSyntaxError {
        JSONSyntaxError(message: "malformed JSON: \(message)", location: location)
    }

    private mutating func error(_ message: String) -> JSONSyntaxError {
        error(message, at: location)
    }

    /// The scalar that starts at the current position, as a message shows it.
    private func displayScalar() -> String {
        displayedScalar(bytes, at: index)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                index += 1
            case UInt8(ascii: "\r"):
                index += 1
                // A carriage return alone ends a line too (an editor shows one); before a line
                // feed, the line feed counts it.
                if index == bytes.count || bytes[index] != UInt8(ascii: "\n") {
                    line += 1
                    countedIndex = index
                    countedColumn = 1
                }
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                countedIndex = index
                countedColumn = 1
            default:
                return
            }
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        let start = location
        guard let byte = peek else { throw error("unexpected end of the document; expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(at: start)
        case UInt8(ascii: "["): return try parseArray(at: start)
        case UInt8(ascii: "\""):
            var columns: StringColumns?
            let text = try parseString(at: start, columns: &columns)
            return JSONNode(value: .string(text), location: start, columns: columns)
        case UInt8(ascii: "t"): try expectWord("true", at: start); return JSONNode(value: .bool(true), location: start)
        case UInt8(ascii: "f"): try expectWord("false", at: start); return JSONNode(value: .bool(false), location: start)
        case UInt8(ascii: "n"): try expectWord("null", at: start); return JSONNode(value: .null, location: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(value: .number(try parseNumber()), location: start)
        case UInt8(ascii: "'"): throw error("strings take double quotes (\"), not single quotes", at: start)
        default: throw error("unexpected '\(displayScalar())'; expected a value", at: start)
        }
    }

    private mutating func expectWord(_ word: StaticString, at start: SourceLocation) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { expected in
            index + count <= bytes.count && expected.indices.allSatisfy { bytes[index + $0] == expected[$0] }
        }
        guard matches else { throw error("unknown word; expected '\(word)'", at: start) }
        index += count
    }

    private mutating func enter(at start: SourceLocation) throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nested more than \(Self.maximumDepth) levels deep", at: start) }
    }

    private mutating func parseObject(at start: SourceLocation) throws(JSONSyntaxError) -> JSONNode {
        try enter(at: start)
        index += 1  // {
        var members: [JSONNode.Member] = []
        // Duplicate keys are looked for among the members up to a few, then in a dictionary.
        var seen: [String: SourceLocation] = [:]
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return JSONNode(value: .object([]), location: start)
        }
        while true {
            skipWhitespace()
            let keyLocation = location
            guard peek == UInt8(ascii: "\"") else {
                if peek == UInt8(ascii: "}") { throw error("trailing comma before '}'", at: keyLocation) }
                throw error(peek == nil ? "unexpected end of the document inside an object" : "expected a key in double quotes", at: keyLocation)
            }
            var keyColumns: StringColumns?
            let key = try parseString(at: keyLocation, columns: &keyColumns)
            if let first = Self.firstLocation(of: key, in: members, seen: &seen) {
                throw error("duplicate key '\(key)' (first at line \(first.line), column \(first.column))", at: keyLocation)
            }
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw error("expected ':' after the key '\(key)'") }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONNode.Member(key: key, keyLocation: keyLocation, value: value))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return JSONNode(value: .object(members), location: start)
            case nil: throw error("unexpected end of the document; an object opened at line \(start.line), column \(start.column) is not closed")
            default: throw error("expected ',' or '}' after a member of an object")
            }
        }
    }

    /// Where `key` first stood among `members`, if it did. A short object is searched in order; a
    /// long one through `seen`, which holds every member's key once the object grows past a few.
    private static func firstLocation(of key: String, in members: [JSONNode.Member], seen: inout [String: SourceLocation]) -> SourceLocation? {
        let linearLimit = 8
        if members.count < linearLimit {
            for member in members where member.key == key { return member.keyLocation }
            return nil
        }
        if seen.isEmpty {
            seen.reserveCapacity(members.count * 2)
            for member in members { seen[member.key] = member.keyLocation }
        } else {
            let last = members[members.count - 1]
            seen[last.key] = last.keyLocation
        }
        return seen[key]
    }

    private mutating func parseArray(at start: SourceLocation) throws(JSONSyntaxError) -> JSONNode {
        try enter(at: start)
        index += 1  // [
        var elements: [JSONNode] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return JSONNode(value: .array([]), location: start)
        }
        while true {
            skipWhitespace()
            if peek == UInt8(ascii: "]") { throw error("trailing comma before ']'") }
            elements.append(try parseValue())
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return JSONNode(value: .array(elements), location: start)
            case nil: throw error("unexpected end of the document; an array opened at line \(start.line), column \(start.column) is not closed")
            default: throw error("expected ',' or ']' after an element of an array")
            }
        }
    }

    /// Reads a string whose opening quote is at the current position and at `start`.
    /// Reads a string; `columns` is set when it has escapes, so that a place inside the decoded
    /// text can be pointed at in the line.
    private mutating func parseString(at start: SourceLocation, columns: inout StringColumns?) throws(JSONSyntaxError) -> String {
        index += 1  // "
        var runStart = index
        // Filled only once an escape turns up; a string without one is made from its bytes at once.
        var decoded: [UInt8] = []
        var escaped = false
        // Scalars decoded so far (counted only once an escape turns up) and the map being built.
        var scalars = 0
        var map = StringColumns()
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text: String
                if escaped {
                    decoded.append(contentsOf: bytes[runStart..<index])
                    text = String(decoding: decoded, as: UTF8.self)
                    columns = map
                } else {
                    text = String(decoding: bytes[runStart..<index], as: UTF8.self)
                }
                index += 1
                return text
            } else if byte == UInt8(ascii: "\\") {
                if !escaped {
                    escaped = true
                    decoded.reserveCapacity(index - runStart + 16)
                }
                decoded.append(contentsOf: bytes[runStart..<index])
                for byte in bytes[runStart..<index] where byte & 0xC0 != 0x80 { scalars += 1 }
                let escapeStart = location
                let backslash = index
                index += 1
                let scalar = try parseEscape(startingAt: escapeStart)
                UTF8.encode(scalar) { decoded.append($0) }
                scalars += 1
                // The escape is ASCII: it takes (index - backslash) columns for one scalar.
                map.append(escapeEndingBefore: scalars, extraColumns: index - backslash - 1)
                runStart = index
            } else if byte < 0x20 {
                if byte == UInt8(ascii: "\n") {
                    throw error("unterminated string (a line break must be written as \\n)", at: start)
                }
                throw error("control character U+\(hex4(UInt32(byte))) in a string must be escaped")
            } else {
                index += 1
            }
        }
        throw error("unterminated string", at: start)
    }

    /// Reads the escape after a backslash; its errors point at the backslash.
    private mutating func parseEscape(startingAt start: SourceLocation) throws(JSONSyntaxError) -> Unicode.Scalar {
        func error(_ message: String) -> JSONSyntaxError { self.error(message, at: start) }
        guard let byte = peek else { throw error("unterminated escape sequence") }
        switch byte {
        case UInt8(ascii: "\""): index += 1; return "\""
        case UInt8(ascii: "\\"): index += 1; return "\\"
        case UInt8(ascii: "/"): index += 1; return "/"
        case UInt8(ascii: "b"): index += 1; return "\u{08}"
        case UInt8(ascii: "f"): index += 1; return "\u{0C}"
        case UInt8(ascii: "n"): index += 1; return "\n"
        case UInt8(ascii: "r"): index += 1; return "\r"
        case UInt8(ascii: "t"): index += 1; return "\t"
        case UInt8(ascii: "u"):
            index += 1
            let high = try parseHex4(startingAt: start)
            if (0xD800..<0xDC00).contains(high) {
                guard peek == UInt8(ascii: "\\") else { throw error("unpaired surrogate \\u\(hex4(high))") }
                index += 1
                guard peek == UInt8(ascii: "u") else { throw error("unpaired surrogate \\u\(hex4(high))") }
                index += 1
                let low = try parseHex4(startingAt: start)
                guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate \\u\(hex4(low))") }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let result = Unicode.Scalar(high) else { throw error("unpaired surrogate \\u\(hex4(high))") }
            return result
        default:
            throw error("invalid escape '\\\(displayScalar())'")
        }
    }

    private mutating func parseHex4(startingAt start: SourceLocation) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let digit: UInt32
            switch peek {
            case let byte? where byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case let byte? where byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case let byte? where byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("expected four hexadecimal digits after \\u", at: start)
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private func isDigit(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        if peek == UInt8(ascii: "-") { index += 1 }
        guard isDigit(peek) else { throw error("expected a digit") }
        if peek == UInt8(ascii: "0") {
            index += 1
            if isDigit(peek) { throw error("numbers cannot have leading zeros") }
        } else {
            skipDigits()
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard isDigit(peek) else { throw error("expected a digit after '.'") }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard isDigit(peek) else { throw error("expected a digit in the exponent") }
            skipDigits()
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipDigits() {
        while isDigit(peek) { index += 1 }
    }
}

/// The scalar whose UTF-8 starts at `index`, as a message shows it: white space and control
/// characters as `\u{…}`.
func displayedScalar(_ bytes: [UInt8], at index: Int) -> String {
    var end = index + 1
    while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
    let scalar = String(decoding: bytes[index..<end], as: UTF8.self).unicodeScalars.first!
    return scalar.properties.isWhitespace || scalar.value < 0x20 ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
}

func hex4(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
