/// A type as the spec writes it (`[City]?`, `[String: Int]`), before names are resolved.
indirect enum TypeExpression: Sendable, Hashable {
    case named(String, offset: Int)
    case array(TypeExpression)
    case dictionary(TypeExpression)
    case optional(TypeExpression)
}

struct TypeExpressionError: Error {
    var message: String
    /// Offset of the problem in the expression, in Unicode scalars.
    var offset: Int
}

/// `type := element '?'?`, `element := '[' type ']' | '[' 'String' ':' type ']' | name`.
struct TypeExpressionParser {
    private let text: String
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var depth = 0
    private static let maximumDepth = 32

    static func parse(_ text: String) throws(TypeExpressionError) -> TypeExpression {
        var parser = TypeExpressionParser(text: text)
        parser.skipSpaces()
        if parser.index == parser.scalars.count { throw TypeExpressionError(message: "empty type", offset: 0) }
        let type = try parser.parseType()
        parser.skipSpaces()
        if parser.index < parser.scalars.count {
            throw TypeExpressionError(message: "unexpected '\(parser.scalars[parser.index])' in type", offset: parser.index)
        }
        return type
    }

    private init(text: String) {
        self.text = text
        scalars = Array(text.unicodeScalars)
    }

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func skipSpaces() {
        while peek == " " { index += 1 }
    }

    private mutating func parseType() throws(TypeExpressionError) -> TypeExpression {
        var type = try parseElement()
        skipSpaces()
        if peek == "?" {
            index += 1
            type = .optional(type)
            skipSpaces()
            if peek == "?" { throw TypeExpressionError(message: "a type can be optional only once", offset: index) }
        }
        return type
    }

    private mutating func parseElement() throws(TypeExpressionError) -> TypeExpression {
        skipSpaces()
        if peek == "[" {
            depth += 1
            defer { depth -= 1 }
            if depth > Self.maximumDepth {
                throw TypeExpressionError(message: "the type is nested more than \(Self.maximumDepth) levels deep", offset: index)
            }
            index += 1
            let first = try parseType()
            skipSpaces()
            if peek == ":" {
                guard case .named("String", _) = first else {
                    throw TypeExpressionError(message: "dictionary keys must be String", offset: index)
                }
                index += 1
                let value = try parseType()
                try expect("]")
                return .dictionary(value)
            }
            try expect("]")
            return .array(first)
        }
        let start = index
        while let scalar = peek, scalar == "_" || scalar.isAlphabetic || ("0"..."9").contains(scalar) {
            index += 1
        }
        guard index > start else {
            if let scalar = peek {
                throw TypeExpressionError(message: "unexpected '\(scalar)' in type; expected a type name or '['", offset: index)
            }
            throw TypeExpressionError(message: "the type ends too early; expected a type name", offset: index)
        }
        // The name is cut from the text: appending the scalars one by one costs far more.
        let view = text.unicodeScalars
        let from = view.index(view.startIndex, offsetBy: start)
        let to = view.index(from, offsetBy: index - start)
        return .named(String(view[from..<to]), offset: start)
    }

    private mutating func expect(_ scalar: Unicode.Scalar) throws(TypeExpressionError) {
        skipSpaces()
        guard peek == scalar else {
            throw TypeExpressionError(message: "expected '\(scalar)' in type", offset: index)
        }
        index += 1
    }
}
