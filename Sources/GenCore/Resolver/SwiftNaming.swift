/// Every rule that turns a spec name into a Swift name, in one place.
enum SwiftNaming {
    /// Words Swift reserves; a name equal to one of these is written in backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "_", "associativity", "convenience", "dynamic", "didSet", "final", "get", "infix", "indirect", "lazy",
        "left", "mutating", "none", "nonmutating", "optional", "override", "postfix", "precedence", "prefix",
        "Protocol", "required", "right", "set", "Type", "unowned", "weak", "willSet", "some", "any", "async",
        "actor", "consuming", "borrowing", "package",
    ]

    /// Names that cannot be used even in backticks as a member, or that would hide what the
    /// generated code needs; they get a trailing underscore instead. A `hashValue` property would
    /// shadow Hashable's: ambiguous, deprecated, or (in an `encode(to:)`) Hashable's `Int` encoded.
    private static let unusableMemberNames: Set<String> = ["self", "Self", "Type", "Protocol", "init", "_", "hashValue"]

    /// A lowerCamelCase identifier for a property, parameter or case: `user_name` → `userName`,
    /// `X-Request-ID` → `xRequestID`, `2fa` → `_2fa`. Keeps names that are already identifiers.
    static func memberName(_ name: String) -> String {
        let joined = joiningApostrophes(name)
        let name = isShouting(joined) ? joined.lowercased() : joined
        let result = asciiMemberName(name) ?? scalarMemberName(name)
        if result == "value", let symbols = symbolsName(name) { return symbols }
        return result
    }

    /// A name of symbols alone, read by their Unicode names: Telegram's dice emoji `🎲`, `🎯`
    /// → `gameDie`, `directHit` (found by a tester: they were `value`, `value2`…), `*` →
    /// `asterisk`, `<=` → `lessThanSignEqualsSign` (an operator, found by the review). Nil for a
    /// name with a letter or digit, of more than four symbols, or of ASCII punctuation longer than
    /// two characters (`---`) or with an underscore (`_`), which stay `value`.
    private static func symbolsName(_ name: String) -> String? {
        if name.utf8.allSatisfy({ $0 < 0x80 }), name.utf8.count > 2 || name.contains("_") { return nil }
        var words: [String] = []
        for scalar in name.unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) { return nil }
            // A skin tone says nothing of what the symbol is.
            if scalar.properties.isEmojiModifier { continue }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark, .format, .control, .spaceSeparator: continue
            default: break
            }
            guard let word = scalar.properties.name, words.count < 4 else { return nil }
            words.append(word)
        }
        return words.isEmpty ? nil : memberName(words.joined(separator: " "))
    }

    /// Whether a name is words in capitals only (`NOT_SUBSCRIBED`, `X-API-KEY`, as many APIs write
    /// their enum values): as a member, such words are read in lower case (`notSubscribed`), not
    /// kept as capitals after the first (`notSUBSCRIBED`). One word (`ID`, `URL`) is not. Type
    /// names keep capitals (`NASA API` → `NASAAPI`), where they read as acronyms.
    static func isShouting(_ name: String) -> Bool {
        var words = 0, inWord = false, upper = false
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            for byte in name.utf8 {
                if byte >= 0x61 && byte <= 0x7A { return false }
                let isUpper = byte >= 0x41 && byte <= 0x5A
                let isWordByte = isUpper || (byte >= 0x30 && byte <= 0x39)
                if isWordByte && !inWord { words += 1 }
                inWord = isWordByte
                upper = upper || isUpper
            }
            return words > 1 && upper
        }
        for scalar in name.unicodeScalars {
            if scalar.properties.isLowercase { return false }
            let isWordScalar = ("0"..."9").contains(scalar) || scalar.properties.isAlphabetic
            if isWordScalar && !inWord { words += 1 }
            inWord = isWordScalar
            if scalar.properties.isUppercase { upper = true }
        }
        return words > 1 && upper
    }

    /// ``memberName(_:)`` by the scalar rules, for any name.
    static func scalarMemberName(_ name: String) -> String {
        var result = words(of: name).enumerated().map { index, word in
            index == 0 ? lowerFirstWord(word) : upperFirst(word)
        }.joined()
        if result.isEmpty { result = "value" }
        if let first = result.unicodeScalars.first, needsLeadingUnderscore(first) { result = "_" + result }
        if unusableMemberNames.contains(result) { result += "_" }
        return result
    }

    /// ``memberName(_:)`` for an ASCII name, byte by byte, by the same rules (in ASCII a letter
    /// is A–Z or a–z, an uppercase one A–Z, a number 0–9); nil for any other name.
    static func asciiMemberName(_ name: String) -> String? {
        let utf8 = name.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
        func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
        func isWordByte(_ byte: UInt8) -> Bool { isUpper(byte) || (byte >= 0x61 && byte <= 0x7A) || isDigit(byte) }
        func lower(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte + 0x20 : byte }
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count + 2)
        var word: [UInt8] = []
        var isFirstWord = true
        func finishWord() {
            guard !word.isEmpty else { return }
            if isFirstWord {
                // lowerFirstWord: `URLString` → `urlString`, `ID` → `id`, `URLs` → `urls`, `ID2` → `id2`.
                var upperRun = 0
                while upperRun < word.count, isUpper(word[upperRun]) { upperRun += 1 }
                let rest = word[upperRun...]
                if upperRun == 0 {
                    result.append(contentsOf: word)
                } else if upperRun == word.count || (upperRun > 1 && (rest.elementsEqual([UInt8(ascii: "s")]) || rest.allSatisfy(isDigit))) {
                    result.append(contentsOf: word.lazy.map(lower))
                } else {
                    let cut = upperRun > 1 ? upperRun - 1 : 1
                    result.append(contentsOf: word[..<cut].lazy.map(lower))
                    result.append(contentsOf: word[cut...])
                }
                isFirstWord = false
            } else {
                // upperFirst
                result.append(word[0] >= 0x61 && word[0] <= 0x7A ? word[0] - 0x20 : word[0])
                result.append(contentsOf: word[1...])
            }
            word.removeAll(keepingCapacity: true)
        }
        for byte in utf8 {
            if isWordByte(byte) { word.append(byte) } else { finishWord() }
        }
        finishWord()
        if result.isEmpty { return "value" }
        if isDigit(result[0]) { result.insert(UInt8(ascii: "_"), at: 0) }
        var text = String(decoding: result, as: UTF8.self)
        if unusableMemberNames.contains(text) { text += "_" }
        return text
    }

    /// The type name of what an endpoint `name`s (its struct, the models an OpenAPI operation's
    /// `operationId` names): the type-name rule, so that its acronyms stay capitals as in its
    /// models (`URLShortener` → `URLShortenerEndpoint`, not `UrlShortenerEndpoint`), but words
    /// in capitals only read as its function reads them (`GET_USERS` → `GetUsers`, as
    /// `getUsers`).
    static func typeName(ofMember name: String) -> String {
        typeName(isShouting(name) ? memberName(name) : name)
    }

    /// An UpperCamelCase type name: `fetch cities` → `FetchCities`.
    static func typeName(_ name: String) -> String {
        var result = words(of: joiningApostrophes(name)).map(upperFirst).joined()
        if result.isEmpty { result = "Value" }
        if let first = result.unicodeScalars.first, needsLeadingUnderscore(first) { result = "_" + result }
        return result
    }

    /// The JSON key for a property under `convertFromSnakeCase`, by the rule of
    /// `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase`: `cityName` → `city_name`,
    /// `userID` → `user_id`; a name that is already snake_case stays as it is. Unlike
    /// JSONEncoder, `-` and spaces also separate words (`first-name` → `first_name`).
    static func snakeCase(_ name: String) -> String {
        var words: [String] = []
        var current = ""
        let scalars = Array(name.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if scalar == "_" || scalar == "-" || scalar == " " {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            let isUpper = scalar.isUppercase
            if isUpper && !current.isEmpty {
                let previousIsUpper = scalars[index - 1].isUppercase
                let nextIsLower = index + 1 < scalars.count && scalars[index + 1].isLowercase
                if !previousIsUpper || nextIsLower {
                    words.append(current)
                    current = ""
                }
            }
            current.unicodeScalars.append(scalar)
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.lowercased() }.joined(separator: "_")
    }

    /// A name as it is written in Swift source: in backticks when it is a keyword.
    static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// A name as an argument label in a call: keywords need no backticks there, but for these.
    static func argumentLabel(_ identifier: String) -> String {
        ["inout", "var", "let"].contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// Whether `name` is a plain Swift identifier (letters, digits, underscores; not starting with
    /// a digit or a mark).
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !needsLeadingUnderscore(first) else { return false }
        return name.unicodeScalars.allSatisfy(isIdentifierScalar)
    }

    /// Whether a plain identifier may hold `scalar`: an ASCII letter, digit or `_`, or a letter
    /// Swift allows in names.
    static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            : scalar.properties.isAlphabetic && isIdentifierCharacter(scalar)
    }

    /// Whether a name cannot start with `scalar`: a digit, a scalar Swift does not let an
    /// identifier start with, or a mark, which would join the `/` before it in a file path into
    /// one Character.
    static func needsLeadingUnderscore(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return ("0"..."9").contains(scalar) }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: break
        }
        switch scalar.value {
        case 0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: return true
        default: return !isIdentifierCharacter(scalar)
        }
    }

    /// Whether Swift allows the non-ASCII `scalar` in an identifier: the ranges of its lexer
    /// (C11's Annex D), checked against swiftc for every letter, mark and number.
    static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00A8, 0x00AA, 0x00AD, 0x00AF, 0x00B2...0x00B5, 0x00B7...0x00BA, 0x00BC...0x00BE, 0x00C0...0x00D6,
             0x00D8...0x00F6, 0x00F8...0x00FF, 0x0100...0x167F, 0x1681...0x180D, 0x180F...0x1FFF, 0x200B...0x200D,
             0x202A...0x202E, 0x203F...0x2040, 0x2054, 0x2060...0x206F, 0x2070...0x218F, 0x2460...0x24FF,
             0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F,
             0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE44, 0xFE47...0xFFF8, 0x10000...0xEFFFF:
            return true
        default:
            return scalar.isASCII
        }
    }

    // MARK: Words

    /// An apostrophe between letters is no break between words: `List an Organization's Teams`
    /// → `listAnOrganizationsTeams`, not `…OrganizationSTeams` (found by a tester on Sentry's
    /// document), `don't` → `dont`.
    static func joiningApostrophes(_ name: String) -> String {
        // One pass over the bytes: `'`, or the first byte of `’` (E2 80 99).
        guard name.utf8.contains(where: { $0 == 0x27 || $0 == 0xE2 }) else { return name }
        let scalars = Array(name.unicodeScalars)
        var result = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            if scalar == "'" || scalar == "\u{2019}", index > 0, index + 1 < scalars.count,
               scalars[index - 1].properties.isAlphabetic, scalars[index + 1].properties.isAlphabetic {
                continue
            }
            result.append(scalar)
        }
        return String(result)
    }

    /// Splits a name at anything that is not a letter or digit. Case inside a word is kept, so
    /// that `userID` and `URLString` survive as they were written.
    private static func words(of name: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in name.unicodeScalars {
            // A letter Swift does not allow in a name (U+2E2F) splits words like punctuation.
            if ("0"..."9").contains(scalar) || (scalar.isAlphabetic && (scalar.isASCII || isIdentifierCharacter(scalar))) {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func upperFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// `URLString` → `urlString`, `ID` → `id`, `Name` → `name`, `xRequest` → `xRequest`.
    private static func lowerFirstWord(_ word: String) -> String {
        let scalars = Array(word)
        var upperRun = 0
        while upperRun < scalars.count, scalars[upperRun].isUppercase { upperRun += 1 }
        if upperRun == 0 { return word }
        if upperRun == scalars.count { return word.lowercased() }
        // A plural or numbered acronym is one word: `URLs` → `urls`, `IDs` → `ids`, `ID2` → `id2`.
        let rest = scalars[upperRun...]
        if upperRun > 1, rest == ["s"] || rest.allSatisfy(\.isNumber) { return word.lowercased() }
        // `URLString`: the last capital starts the next word.
        let cut = upperRun > 1 ? upperRun - 1 : 1
        return String(scalars[..<cut]).lowercased() + String(scalars[cut...])
    }
}
