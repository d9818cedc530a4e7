/// Swift literals for values that come from a spec. Nothing a spec string holds can end the
/// literal early or start an interpolation: quotes, backslashes, line breaks and every other
/// control character are escaped.
enum SwiftLiteral {
    static func string(_ text: String) -> String {
        // Printable ASCII without quotes or backslashes goes in as it is.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            default:
                if CommentText.isUnsafe(scalar) {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A finite Double as Swift code that gives exactly it: its shortest literal, or for a
    /// subnormal (`1e-310`), which swiftc warns a decimal literal loses precision for, its bits.
    static func double(_ value: Double) -> String {
        guard value.isSubnormal else { return "\(value)" }
        let bits = String(value.bitPattern, radix: 16)
        return "Double(bitPattern: 0x\(String(repeating: "0", count: 16 - bits.count) + bits))"
    }

    /// The `JSONValue` a JSON number decodes to, as the runtime decodes it: `.int` for a whole
    /// number that fits `Int`, `.double` for one a `Double` holds exactly, `.decimal` for one it
    /// does not (`12345678901234567890`); nil for a number none of them holds as written.
    static func jsonNumber(_ text: String) -> String? {
        if let integer = Int(text) {
            // `-0` decodes as a Double, which keeps its sign.
            return integer == 0 && text.hasPrefix("-") ? ".double(-0.0)" : ".int(\(integer))"
        }
        guard let value = Double(text), value.isFinite, let written = DecimalNumber(text) else { return nil }
        // `JSONDecoder` reads `1.0` and `1e3` as the Int they are equal to, exactly (not through a
        // Double), and `-0.0` keeps its sign.
        if written.digits.isEmpty { return written.negative ? ".double(-0.0)" : ".int(0)" }
        if written.exponent >= 0, written.digits.count + written.exponent <= 19,
           let integer = Int((written.negative ? "-" : "") + String(decoding: written.digits, as: UTF8.self)
                             + String(repeating: "0", count: written.exponent)) {
            return ".int(\(integer))"
        }
        if DecimalNumber("\(value)") == written { return ".double(\(double(value)))" }
        // Decimal's mantissa holds 38 digits, its exponent -128 through 127.
        guard written.digits.count <= 38, (-128...127).contains(written.exponent) else { return nil }
        // Qualified: a model of the spec may be named `Decimal`.
        return ".decimal(Foundation.Decimal(string: \"\(text)\")!)"
    }

    /// A JSON number's value as sign, digits and exponent, so that two texts of one number
    /// compare equal (`1.50`, `15e-1`).
    struct DecimalNumber: Equatable {
        var negative = false
        /// The digits without leading and trailing zeros; empty for zero.
        var digits: [UInt8] = []
        /// The power of ten of the last digit.
        var exponent = 0

        init?(_ text: String) {
            var bytes = Substring(text).utf8[...]
            if bytes.first == UInt8(ascii: "-") {
                negative = true
                bytes = bytes.dropFirst()
            }
            var point = false
            while let byte = bytes.first, byte == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                if byte == UInt8(ascii: ".") {
                    guard !point else { return nil }
                    point = true
                } else {
                    digits.append(byte)
                    if point { exponent -= 1 }
                }
                bytes = bytes.dropFirst()
            }
            if let marker = bytes.first {
                guard marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E"),
                      let power = Int(String(decoding: bytes.dropFirst(), as: UTF8.self)) else { return nil }
                exponent += power
            }
            guard !digits.isEmpty else { return nil }
            while digits.first == UInt8(ascii: "0") { digits.removeFirst() }
            while digits.last == UInt8(ascii: "0") {
                digits.removeLast()
                exponent += 1
            }
            if digits.isEmpty { exponent = 0 }
        }
    }

    /// A `JSONValue` expression for a JSON default value.
    static func json(_ node: JSONNode) -> String {
        switch node.value {
        case .null: return ".null"
        case .bool(let flag): return ".bool(\(flag))"
        case .number(let text):
            // The resolver rejected numbers that `jsonNumber` cannot write.
            return jsonNumber(text) ?? ".null"
        case .string(let text): return ".string(\(string(text)))"
        case .array(let elements): return ".array([\(elements.map(json).joined(separator: ", "))])"
        case .object(let members):
            if members.isEmpty { return ".object([:])" }
            return ".object([\(members.map { "\(string($0.key)): \(json($0.value))" }.joined(separator: ", "))])"
        }
    }
}

/// Text from a spec that goes into a comment: split into lines, with control characters that
/// could end the comment or confuse an editor removed.
enum CommentText {
    /// Characters that end a comment line in Swift or editors, or hide text: they never reach a
    /// generated line as they are.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII has no format characters: skip the table lookup for the common case.
        if scalar.value < 0x80 { return scalar.value < 0x20 || scalar.value == 0x7F }
        return (0x80..<0xA0).contains(scalar.value)
            || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar.properties.generalCategory == .format
    }

    /// Text for a one-line comment, such as a spec pointer: its lines joined by spaces.
    static func singleLine(_ text: String) -> String {
        lines(text).joined(separator: " ")
    }

    static func lines(_ text: String) -> [String] {
        text.utf8.allSatisfy({ $0 < 0x80 }) ? asciiLines(text) : scalarLines(text)
    }

    /// ``lines(_:)`` for any text, scalar by scalar.
    static func scalarLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\n" && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = scalar == "\r"
            if scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{0B}" || scalar == "\u{0C}" || scalar == "\u{85}" {
                lines.append(current)
                current = ""
            } else if scalar == "\t" {
                current += "    "
            } else if !isUnsafe(scalar) {
                current.unicodeScalars.append(scalar)
            }
        }
        lines.append(current)
        // Trailing white space is stripped: the renderer never writes it.
        var trimmed = lines.map { line -> String in
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }
        while trimmed.last?.isEmpty == true { trimmed.removeLast() }
        while trimmed.first?.isEmpty == true { trimmed.removeFirst() }
        return trimmed
    }

    /// ``lines(_:)`` for ASCII text, byte by byte: the same line breaks, tabs, dropped control
    /// characters and trimming.
    static func asciiLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current: [UInt8] = []
        var previousWasCR = false
        func finish() {
            while current.last == UInt8(ascii: " ") { current.removeLast() }
            lines.append(String(decoding: current, as: UTF8.self))
            current.removeAll(keepingCapacity: true)
        }
        for byte in text.utf8 {
            if byte == 0x0A && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = byte == 0x0D
            switch byte {
            case 0x0A, 0x0D, 0x0B, 0x0C: finish()
            case 0x09: current.append(contentsOf: [0x20, 0x20, 0x20, 0x20])
            case 0..<0x20, 0x7F: break
            default: current.append(byte)
            }
        }
        finish()
        while lines.last?.isEmpty == true { lines.removeLast() }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        return lines
    }
}
