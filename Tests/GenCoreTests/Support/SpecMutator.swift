import Foundation

@testable import GenCore

// The mutation engine of the fuzz campaign (MutationFuzzTests): a spec's text is mutated as
// bytes, as a JSON structure, or in its values, and every mutation is a pure function of
// (seed, spec name, index), so that a failure found at mutation 81 234 of `cities` is replayed
// exactly from those three values.

/// A JSON value with its members in order and its numbers as written, which the mutator edits
/// and prints back. `raw` is JSON text written as it is (escapes a string cannot carry, such as
/// a lone surrogate `"\uD800"`).
indirect enum FuzzJSON: Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case raw(String)
    case array([FuzzJSON])
    case object([(key: String, value: FuzzJSON)])

    static func == (lhs: FuzzJSON, rhs: FuzzJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)), (.string(let a), .string(let b)), (.raw(let a), .raw(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    init(_ node: JSONNode) {
        switch node.value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let text): self = .number(text)
        case .string(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map(FuzzJSON.init))
        case .object(let members): self = .object(members.map { ($0.key, FuzzJSON($0.value)) })
        }
    }

    /// Pretty-printed JSON, two spaces a level, so that diagnostics fall on many lines.
    var text: String {
        var out = ""
        write(into: &out, indent: 0)
        out += "\n"
        return out
    }

    private func write(into out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let text), .raw(let text): out += text
        case .string(let text): out += Self.quoted(text)
        case .array(let elements):
            if elements.isEmpty { out += "[]"; return }
            out += "[\n"
            for (index, element) in elements.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                element.write(into: &out, indent: indent + 1)
                out += index == elements.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += String(repeating: "  ", count: indent + 1) + Self.quoted(member.key) + ": "
                member.value.write(into: &out, indent: indent + 1)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, the rest as it is.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

/// A place in a FuzzJSON tree: the member index or element index at each level.
typealias FuzzPath = [Int]

extension FuzzJSON {
    /// Every node's path, the root's (`[]`) first, in document order.
    var allPaths: [FuzzPath] {
        var paths: [FuzzPath] = []
        func visit(_ node: FuzzJSON, _ path: FuzzPath) {
            paths.append(path)
            switch node {
            case .array(let elements): for (index, element) in elements.enumerated() { visit(element, path + [index]) }
            case .object(let members): for (index, member) in members.enumerated() { visit(member.value, path + [index]) }
            default: break
            }
        }
        visit(self, [])
        return paths
    }

    subscript(path: FuzzPath) -> FuzzJSON {
        get {
            guard let first = path.first else { return self }
            switch self {
            case .array(let elements): return elements[first][Array(path.dropFirst())]
            case .object(let members): return members[first].value[Array(path.dropFirst())]
            default: preconditionFailure("no node at \(path)")
            }
        }
        set {
            guard let first = path.first else { self = newValue; return }
            switch self {
            case .array(var elements):
                elements[first][Array(path.dropFirst())] = newValue
                self = .array(elements)
            case .object(var members):
                members[first].value[Array(path.dropFirst())] = newValue
                self = .object(members)
            default: preconditionFailure("no node at \(path)")
            }
        }
    }
}

/// Mutates one spec. `mutation(at:)` is deterministic: the same seed, spec name and index give
/// the same text on every machine and in every run.
struct SpecMutator {
    let name: String
    let original: String
    let tree: FuzzJSON
    let seed: UInt64
    /// Names of the spec's models and auth schemes, so that value mutations can refer to them.
    let specNames: [String]
    /// Every subtree of the original, for splicing one construct into another place.
    let subtrees: [FuzzJSON]

    init(name: String, text: String, seed: UInt64) throws {
        self.name = name
        original = text
        self.seed = seed
        let tree = FuzzJSON(try JSONParser.parse(text))
        self.tree = tree
        var names: [String] = []
        if case .object(let members) = tree {
            for member in members where ["models", "auth", "resources"].contains(member.key) {
                if case .object(let entries) = member.value { names += entries.map(\.key) }
            }
        }
        specNames = names
        subtrees = tree.allPaths.map { tree[$0] }
    }

    enum Kind: String, CaseIterable {
        case bytes, structure, values, mixed
    }

    struct Mutation {
        var text: String
        var kind: Kind
        /// What was done, for a failure report.
        var steps: [String]
        /// The generator options of this mutation.
        var layout: OutputLayout
        var access: AccessLevel?
    }

    /// The random source of one mutation, from (seed, spec name, index) only.
    static func random(seed: UInt64, name: String, index: Int) -> SeededGenerator {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a of the name
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        var mixer = SeededGenerator(seed: seed ^ hash.rotated(17) ^ UInt64(index).rotated(41))
        _ = mixer.next()
        return SeededGenerator(seed: mixer.next() ^ UInt64(index))
    }

    func mutation(at index: Int, layout defaultLayout: OutputLayout = .split, access defaultAccess: AccessLevel? = nil) -> Mutation {
        var random = Self.random(seed: seed, name: name, index: index)
        let roll = Int.random(in: 0..<20, using: &random)
        let kind: Kind = roll < 5 ? .bytes : roll < 12 ? .structure : roll < 18 ? .values : .mixed
        var steps: [String] = []
        var text: String
        switch kind {
        case .bytes:
            text = mutateBytes(original, count: Int.random(in: 1...4, using: &random), &random, &steps)
        case .structure, .values:
            var json = tree
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                if kind == .structure { mutateStructure(&json, &random, &steps) } else { mutateValue(&json, &random, &steps) }
            }
            text = json.text
        case .mixed:
            var json = tree
            mutateStructure(&json, &random, &steps)
            mutateValue(&json, &random, &steps)
            text = mutateBytes(json.text, count: 1, &random, &steps)
        }
        // Most mutations keep the case's options; some try the other layout or access level.
        let layout = Int.random(in: 0..<4, using: &random) == 0 ? (defaultLayout == .split ? .compact : .split) : defaultLayout
        let access: AccessLevel? = Int.random(in: 0..<8, using: &random) == 0 ? .internal : defaultAccess
        if text == original { steps.append("(no change)") }
        return Mutation(text: text, kind: kind, steps: steps, layout: layout, access: access)
    }

    // MARK: Bytes

    private func mutateBytes(_ text: String, count: Int, _ random: inout SeededGenerator, _ steps: inout [String]) -> String {
        var bytes = Array(text.utf8)
        for _ in 0..<count {
            guard !bytes.isEmpty else {
                bytes = Array(FuzzVocabulary.bytePieces.randomElement(using: &random)!)
                continue
            }
            let position = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<7, using: &random) {
            case 0:
                let length = min(bytes.count - position, Int.random(in: 1...8, using: &random))
                bytes.removeSubrange(position..<position + length)
                steps.append("bytes: delete \(length) at \(position)")
            case 1, 2:
                let piece = FuzzVocabulary.bytePieces.randomElement(using: &random)!
                bytes.insert(contentsOf: piece, at: position)
                steps.append("bytes: insert \(String(decoding: piece, as: UTF8.self).debugDescription) at \(position)")
            case 3:
                let value = UInt8.random(in: 0...255, using: &random)
                bytes[position] = value
                steps.append("bytes: set \(position) to 0x\(String(value, radix: 16))")
            case 4:
                bytes[position] ^= 1 << UInt8.random(in: 0..<8, using: &random)
                steps.append("bytes: flip a bit at \(position)")
            case 5:
                let length = min(bytes.count - position, Int.random(in: 1...64, using: &random))
                bytes.insert(contentsOf: bytes[position..<position + length], at: position)
                steps.append("bytes: duplicate \(length) at \(position)")
            default:
                bytes.removeSubrange(position...)
                steps.append("bytes: truncate at \(position)")
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Structure

    private func mutateStructure(_ json: inout FuzzJSON, _ random: inout SeededGenerator, _ steps: inout [String]) {
        let paths = json.allPaths
        let path = paths.randomElement(using: &random)!
        var node = json[path]
        let place = "#\(path.map(String.init).joined(separator: "/"))"
        switch (node, Int.random(in: 0..<10, using: &random)) {
        case (.object(var members), 0...5) where !members.isEmpty:
            let a = Int.random(in: 0..<members.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0:
                steps.append("structure: delete member '\(members[a].key)' of \(place)")
                members.remove(at: a)
            case 1:
                steps.append("structure: duplicate member '\(members[a].key)' of \(place)")
                members.insert(members[a], at: Int.random(in: 0...members.count, using: &random))
            case 2:
                let b = Int.random(in: 0..<members.count, using: &random)
                steps.append("structure: swap members \(a) and \(b) of \(place)")
                members.swapAt(a, b)
            case 3:
                let key = randomKey(&random)
                steps.append("structure: rename member '\(members[a].key)' of \(place) to \(key.debugDescription)")
                members[a].key = key
            case 4:
                let key = randomKey(&random)
                let value = randomValue(&random)
                steps.append("structure: add member \(key.debugDescription) to \(place)")
                members.insert((key, value), at: Int.random(in: 0...members.count, using: &random))
            default:
                // The member's value moves into a copy of itself: a construct nested in its own kind.
                steps.append("structure: nest member '\(members[a].key)' of \(place) in itself")
                members[a].value = .object([(members[a].key, members[a].value)])
            }
            node = .object(members)
        case (.array(var elements), 0...5) where !elements.isEmpty:
            let a = Int.random(in: 0..<elements.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                steps.append("structure: delete element \(a) of \(place)")
                elements.remove(at: a)
            case 1:
                steps.append("structure: duplicate element \(a) of \(place)")
                elements.insert(elements[a], at: Int.random(in: 0...elements.count, using: &random))
            case 2:
                let b = Int.random(in: 0..<elements.count, using: &random)
                steps.append("structure: swap elements \(a) and \(b) of \(place)")
                elements.swapAt(a, b)
            default:
                steps.append("structure: insert a copied subtree into \(place)")
                elements.insert(subtrees.randomElement(using: &random)!, at: Int.random(in: 0...elements.count, using: &random))
            }
            node = .array(elements)
        default:
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                node = subtrees.randomElement(using: &random)!
                steps.append("structure: replace \(place) with a copied subtree")
            case 1:
                node = Int.random(in: 0..<2, using: &random) == 0 ? .array([node]) : .object([(randomKey(&random), node)])
                steps.append("structure: wrap \(place)")
            default:
                // Another kind of value.
                node = randomValue(&random)
                steps.append("structure: change the kind of \(place)")
            }
        }
        json[path] = node
    }

    // MARK: Values

    private func mutateValue(_ json: inout FuzzJSON, _ random: inout SeededGenerator, _ steps: inout [String]) {
        let paths = json.allPaths
        // Keys and strings carry most of the spec's meaning: aim at them.
        let textual = paths.filter {
            switch json[$0] {
            case .string, .number, .bool, .null: true
            case .object(let members): !members.isEmpty
            default: false
            }
        }
        guard let path = textual.randomElement(using: &random) else { return }
        let place = "#\(path.map(String.init).joined(separator: "/"))"
        switch json[path] {
        case .object(var members):
            let index = Int.random(in: 0..<members.count, using: &random)
            let key = mutatedString(members[index].key, &random)
            steps.append("values: key '\(members[index].key)' of \(place) → \(key.debugDescription.prefix(80))")
            members[index].key = key
            json[path] = .object(members)
        case .string(let text):
            if Int.random(in: 0..<12, using: &random) == 0 {
                let raw = FuzzVocabulary.rawStrings.randomElement(using: &random)!
                steps.append("values: string at \(place) → raw \(raw)")
                json[path] = .raw(raw)
            } else {
                let value = mutatedString(text, &random)
                steps.append("values: string at \(place) → \(value.debugDescription.prefix(80))")
                json[path] = .string(value)
            }
        case .number:
            let number = FuzzVocabulary.numbers.randomElement(using: &random)!
            steps.append("values: number at \(place) → \(number)")
            json[path] = .number(number)
        default:
            let value = randomValue(&random)
            steps.append("values: \(place) → another value")
            json[path] = value
        }
    }

    /// A hostile, odd or meaningful replacement for `text`, or `text` with one spliced in.
    private func mutatedString(_ text: String, _ random: inout SeededGenerator) -> String {
        let piece = randomString(&random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0, 1: return piece
        case 2: return text + piece
        case 3: return piece + text
        case 4:
            let scalars = Array(text.unicodeScalars)
            let cut = Int.random(in: 0...scalars.count, using: &random)
            var result = String.UnicodeScalarView(scalars[..<cut])
            result.append(contentsOf: piece.unicodeScalars)
            result.append(contentsOf: scalars[cut...])
            return String(result)
        default:
            // A type expression around the text: `[T]`, `T?`, `[String: T]`.
            return ["[\(text)]", "\(text)?", "[String: \(text)]", "[\(text)?]?", "\(text)??", "[\(text)", "\(text) ?"]
                .randomElement(using: &random)!
        }
    }

    private func randomString(_ random: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<10, using: &random) {
        case 0, 1, 2: return FuzzVocabulary.hostileStrings.randomElement(using: &random)!
        case 3, 4: return FuzzVocabulary.keywords.randomElement(using: &random)!
        case 5, 6: return FuzzVocabulary.specValues.randomElement(using: &random)!
        case 7: return specNames.randomElement(using: &random) ?? "Missing"
        case 8:
            // A very long string, of one repeated piece.
            let piece = (FuzzVocabulary.hostileStrings + ["a", "Ab", "é", "_"]).randomElement(using: &random)!
            return String(repeating: piece, count: Int.random(in: 100...5000, using: &random) / max(1, piece.count))
        default:
            // A few random scalars, anywhere in Unicode.
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let value = UInt32.random(in: 0...0x10FFFF, using: &random)
                text.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            }
            return String(text)
        }
    }

    private func randomKey(_ random: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<4, using: &random) {
        case 0, 1: FuzzVocabulary.specKeys.randomElement(using: &random)!
        case 2: specNames.randomElement(using: &random) ?? "Missing"
        default: randomString(&random)
        }
    }

    private func randomValue(_ random: inout SeededGenerator) -> FuzzJSON {
        switch Int.random(in: 0..<9, using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number(FuzzVocabulary.numbers.randomElement(using: &random)!)
        case 3, 4: return .string(randomString(&random))
        case 5: return .array([])
        case 6: return .object([])
        default: return subtrees.randomElement(using: &random)!
        }
    }
}

/// What mutations are made of.
enum FuzzVocabulary {
    /// The breakout marker: `¡` is punctuation, so no Swift name the generator derives holds it,
    /// and it appears outside a literal or comment only if spec text escaped one.
    static let marker = "¡PWN¡"

    static let hostileStrings: [String] = [
        "", " ", "  \t ", "\(marker)\"); \(marker)(); (\"", "\\(\(marker))", "\\(", "*/ \(marker) /*", "/* \(marker)",
        "// \(marker)", "\"\"\"", "\"\"\"\n\(marker)\n\"\"\"", "#\"\(marker)\"#", "##", "#", "#if", "\\", "\\\\", "\\u{41}", "\"",
        "'", "`", "``", "`\(marker)`", "\n", "\r\n", "\r", "\n}\nstruct \(marker) {}", "}}}}", "{{{{", ")", "((", "]", "[[",
        "\u{0}", "\u{1}\u{7}\u{8}\u{B}\u{C}\u{1B}", "\u{7F}\u{85}\u{9F}", "\u{2028}", "\u{2029}", "\u{200B}\u{FEFF}\u{202E}",
        "\u{202E}gnp.exe", "👩‍👩‍👧", "e\u{301}", "\u{301}", "é", "Ω", "ß", "ǅ", "İ", "ﬃ", "Ⅻ", "٣", "𝔘𝔫𝔦", "中文", "עברית",
        "\u{FFFD}", "\u{FFFF}", "\u{10FFFF}", "\u{E000}", "a\u{0}b", "$0", "$", "@", "@objc", "%", "%zz", "%2F", "..", "../..", "/",
        "{id}", "{", "}", "?", "&", "=", ";", ",", ":", "\t", "0", "1a", "-", "_", "__", "-1", "9", "a b", "A-B_c d",
    ]

    static let keywords: [String] = [
        "default", "class", "self", "Self", "init", "Type", "Protocol", "_", "none", "some", "nil", "true", "false",
        "rawValue", "unknown", "makeRequest", "decodeResponse", "nextPage", "Response", "Auth", "PageItem", "CodingKeys",
        "String", "Int", "JSONValue", "JSON", "Any", "Sendable", "async", "await", "throws", "inout", "let", "var", "func",
        "struct", "enum", "protocol", "extension", "return", "where", "in", "is", "as", "try", "super", "deinit", "subscript",
        "operator", "precedencegroup", "associatedtype", "typealias", "static", "public", "internal", "private", "open",
        "actor", "consuming", "borrowing", "package", "Equatable", "Hashable", "Codable", "Error", "Result", "Task",
        "client", "request", "response", "progress", "upload", "body", "container", "decoder", "encoder", "value",
        "empty", "Foundation", "GeneratedRuntime", "Page", "Endpoint", "Indirect", "URL", "Date", "Data", "File", "Upload",
    ]

    static let specValues: [String] = [
        "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "get", "OPTIONS", "none", "prune", "strict", "iso8601",
        "iso8601WithFractionalSeconds", "dateOnly", "secondsSince1970", "millisecondsSince1970", "useDefaultKeys",
        "convertFromSnakeCase", "offset", "page", "cursor", "form", "multipart", "json", "header", "query", "cookie",
        "bearer", "basic", "apiKey", "custom", "internal", "public", "String", "String?", "Int", "Int64", "Double", "Bool",
        "Date", "Date?", "[Date]", "URL", "UUID", "Data", "JSON", "File", "Upload", "HTTPResponse", "Void", "[String]",
        "[String: Int]", "[[Date]]?", "[String: [String: JSON]]", "[String?]", "[", "[]", "?", "[String:", "Int??",
        "[Int: String]", String(repeating: "[", count: 40) + "Int" + String(repeating: "]", count: 40),
        "/a/{id}", "/{x}/{x}", "/a b", "/%zz", "/{", "/}", "/{a b}", "/é", "/", "//", "/v1/", "a", "https://example.com",
        "http://[::1]:0", "http://[::1]:8080/a", "https://a.example.com:65536", "ftp://x.example.com", "https://x/?q",
        "https://user@host/p", "https://%41/", "application/json", "text/plain; charset=utf-8", "yyyy-MM-dd", "''",
        "x-request-id", "Content-Type", "Cookie", "Authorization", "a\"b", "sse", "jsonLines", "bytes", "[DONE]",
    ]

    static let specKeys: [String] = [
        "endpointgen", "name", "description", "servers", "headers", "auth", "defaults", "models", "resources",
        "keyStrategy", "dateStrategy", "arrayStrategy", "access", "errorResponse", "envelope", "properties", "tolerant",
        "enum", "type", "key", "default", "format", "path", "endpoints", "method", "deprecated", "pathParams", "query",
        "cookies", "body", "response", "responseKey", "pagination", "swiftName", "encoding", "contentType", "in",
        "status", "success", "message", "value", "style", "offset", "limit", "items", "total", "page", "perPage",
        "pageCount", "firstPage", "cursor", "nextCursor", "production", "staging", "id", "stream", "streamTerminator",
        "oneOf", "discriminator", "mapping", "allOf", "additionalProperties", "nullable",
    ]

    static let numbers: [String] = [
        "0", "-0", "1", "-1", "2", "1.5", "-2.5e3", "0.1", "3.0", "1E2", "1e-7", "1e999", "-1e999", "1e-400",
        "9007199254740993", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551616", "123456789012345678901234567890", "100000000000000000000000", "65535", "65536", "32", "33",
        "512", "-0.0", "0e0", "1.7976931348623157e308", "4.9e-324",
    ]

    /// JSON string tokens with escapes a Swift `String` cannot carry, written as they are.
    static let rawStrings: [String] = [
        #""\uD800""#, #""\uDC00x""#, #""\uD83D\uDE00""#, #""\u0000""#, #""a\u2028b""#, #""\/""#, #""\uFFFF""#, #""\ud800\u0041""#,
    ]

    /// Byte pieces for byte mutations: JSON punctuation, escapes, and bytes that are not UTF-8.
    static let bytePieces: [[UInt8]] = [
        "{", "}", "[", "]", "\"", ",", ":", "\\", "?", "null", "true", "-", "0", "1e", "\\u", "\\uD800", "\\u00", "\n", "\t",
        "\"[String: [", "{\"type\": 1}", "\u{2028}", "\"\\u0000\"", "-0e5", "\"Date\"", "\"\": ", "//", "/*", "*/", "\\(",
        "\"\"\"", "\u{FEFF}", "é", "👩‍👩‍👧",
    ].map { Array($0.utf8) } + [[0xFF], [0xC0, 0x80], [0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0xED, 0xA0, 0x80], [0x00]]
}

extension UInt64 {
    fileprivate func rotated(_ amount: UInt64) -> UInt64 { (self << amount) | (self >> (64 - amount)) }
}
