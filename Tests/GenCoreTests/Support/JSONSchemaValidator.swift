import Foundation

@testable import GenCore

/// A JSON Schema (draft 2020-12) validator for exactly the keywords docs/endpointgen.schema.json
/// uses, so that the tests can check specs against it without a dependency. A schema with any
/// other keyword is refused when the validator is made, so the schema cannot outgrow it unseen.
///
/// Values are the project's `JSONNode`s. Each failure names the place in the instance by its JSON
/// pointer; an unknown key is reported at the key's own pointer. When no alternative of an
/// `anyOf` or `oneOf` fits, the failures of the one alternative for this kind of value are
/// reported if there is exactly one (a string-or-object property given a bad object shows what is
/// wrong inside the object), else a single failure at the value.
struct JSONSchemaValidator {
    struct Failure: Equatable, CustomStringConvertible {
        var pointer: String
        var message: String
        /// The value is of a kind (string, object, …) the schema does not take at all.
        var isKindMismatch = false

        var description: String { "\(pointer.isEmpty ? "(root)" : pointer): \(message)" }
    }

    struct SchemaError: Error, CustomStringConvertible {
        var description: String
    }

    /// Keywords that say something about the instance.
    static let assertions: Set<String> = [
        "type", "enum", "const", "pattern", "minLength", "minimum", "exclusiveMinimum", "maximum", "items", "minItems", "uniqueItems",
        "properties", "additionalProperties", "propertyNames", "required", "minProperties", "dependentRequired",
        "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "$ref", "$defs",
    ]
    /// Keywords for people and editors, which validation ignores.
    static let annotations: Set<String> = ["$schema", "$id", "$comment", "title", "description", "examples"]

    private let root: JSONNode
    private let patterns: [String: NSRegularExpression]
    private let references: [String: JSONNode]

    init(schema: JSONNode) throws(SchemaError) {
        root = schema
        var patterns: [String: NSRegularExpression] = [:]
        var references: [String: JSONNode] = [:]
        try Self.check(schema, at: "#", root: schema, patterns: &patterns, references: &references)
        self.patterns = patterns
        self.references = references
    }

    init(schemaText: String) throws {
        try self.init(schema: JSONParser.parse(schemaText))
    }

    func validate(_ instance: JSONNode) -> [Failure] {
        var failures: [Failure] = []
        validate(instance, against: root, at: "", into: &failures)
        return failures
    }

    func validate(_ text: String) throws -> [Failure] {
        validate(try JSONParser.parse(text))
    }

    // MARK: Checking the schema

    private static func check(
        _ schema: JSONNode, at path: String, root: JSONNode, patterns: inout [String: NSRegularExpression],
        references: inout [String: JSONNode]
    ) throws(SchemaError) {
        switch schema.value {
        case .bool: return
        case .object(let members):
            for member in members {
                let here = "\(path)/\(member.key)"
                func subschemas(_ node: JSONNode) throws(SchemaError) -> [(String, JSONNode)] {
                    switch node.value {
                    case .object(let entries): entries.map { ("\(here)/\($0.key)", $0.value) }
                    case .array(let elements): elements.enumerated().map { ("\(here)/\($0.offset)", $0.element) }
                    default: throw SchemaError(description: "\(here) must be an object or an array")
                    }
                }
                switch member.key {
                case "properties", "$defs", "allOf", "anyOf", "oneOf":
                    for (subpath, subschema) in try subschemas(member.value) {
                        try check(subschema, at: subpath, root: root, patterns: &patterns, references: &references)
                    }
                case "items", "additionalProperties", "propertyNames", "not", "if", "then", "else":
                    try check(member.value, at: here, root: root, patterns: &patterns, references: &references)
                case "$ref":
                    guard case .string(let reference) = member.value.value, let target = resolve(reference, in: root) else {
                        throw SchemaError(description: "\(here) does not point into the schema")
                    }
                    references[reference] = target
                case "pattern":
                    guard case .string(let pattern) = member.value.value,
                          let regex = try? NSRegularExpression(pattern: pattern) else {
                        throw SchemaError(description: "\(here) is not a regular expression")
                    }
                    patterns[pattern] = regex
                default:
                    guard assertions.contains(member.key) || annotations.contains(member.key) else {
                        throw SchemaError(description: "\(here): this validator does not know the keyword '\(member.key)'")
                    }
                }
            }
        default:
            throw SchemaError(description: "\(path) is neither a schema object nor a boolean")
        }
    }

    /// The node a local reference (`#`, `#/$defs/name`, any JSON pointer) points at.
    private static func resolve(_ reference: String, in root: JSONNode) -> JSONNode? {
        guard reference.hasPrefix("#") else { return nil }
        var node = root
        for token in reference.dropFirst().split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch node.value {
            case .object(let members):
                guard let next = members.first(where: { $0.key == key }) else { return nil }
                node = next.value
            case .array(let elements):
                guard let index = Int(key), elements.indices.contains(index) else { return nil }
                node = elements[index]
            default:
                return nil
            }
        }
        return node
    }

    // MARK: Validating

    private func validate(_ node: JSONNode, against schema: JSONNode, at pointer: String, into failures: inout [Failure]) {
        guard case .object(let keywords) = schema.value else {
            if case .bool(false) = schema.value { failures.append(Failure(pointer: pointer, message: "no value is allowed here")) }
            return
        }
        func keyword(_ name: String) -> JSONNode? { keywords.first { $0.key == name }?.value }

        for entry in keywords {
            let value = entry.value
            switch entry.key {
            case "$ref":
                if case .string(let reference) = value.value, let target = references[reference] {
                    validate(node, against: target, at: pointer, into: &failures)
                }
            case "type":
                let names: [String] = switch value.value {
                case .string(let name): [name]
                case .array(let elements): elements.compactMap { if case .string(let name) = $0.value { name } else { nil } }
                default: []
                }
                if !names.contains(where: { Self.has(node, type: $0) }) {
                    failures.append(Failure(
                        pointer: pointer, message: "expected \(names.joined(separator: " or ")), not \(node.kindName)",
                        isKindMismatch: true))
                }
            case "enum":
                let options = value.elements ?? []
                if !options.contains(where: { Self.equal($0, node) }) {
                    failures.append(Failure(
                        pointer: pointer, message: "expected one of \(options.map(Self.text).joined(separator: ", ")), not \(Self.text(node))",
                        isKindMismatch: !options.contains { $0.kindName == node.kindName }))
                }
            case "const":
                if !Self.equal(value, node) {
                    failures.append(Failure(
                        pointer: pointer, message: "expected \(Self.text(value)), not \(Self.text(node))",
                        isKindMismatch: value.kindName != node.kindName))
                }
            case "pattern":
                if case .string(let text) = node.value, case .string(let pattern) = value.value, let regex = patterns[pattern],
                   regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
                    failures.append(Failure(pointer: pointer, message: "\(Self.text(node)) does not match \(pattern)"))
                }
            case "minLength":
                if case .string(let text) = node.value, let minimum = Self.integer(value), text.unicodeScalars.count < minimum {
                    failures.append(Failure(pointer: pointer, message: "\(Self.text(node)) is shorter than \(minimum)"))
                }
            case "minimum":
                if case .number(let text) = node.value, let number = Double(text), let minimum = value.numberText.flatMap(Double.init),
                   number < minimum {
                    failures.append(Failure(pointer: pointer, message: "\(text) is less than \(minimum)"))
                }
            case "exclusiveMinimum":
                if case .number(let text) = node.value, let number = Double(text), let minimum = value.numberText.flatMap(Double.init),
                   number <= minimum {
                    failures.append(Failure(pointer: pointer, message: "\(text) is not greater than \(minimum)"))
                }
            case "maximum":
                if case .number(let text) = node.value, let number = Double(text), let maximum = value.numberText.flatMap(Double.init),
                   number > maximum {
                    failures.append(Failure(pointer: pointer, message: "\(text) is greater than \(maximum)"))
                }
            case "items":
                for (index, element) in (node.elements ?? []).enumerated() {
                    validate(element, against: value, at: "\(pointer)/\(index)", into: &failures)
                }
            case "minItems":
                if let elements = node.elements, let minimum = Self.integer(value), elements.count < minimum {
                    failures.append(Failure(pointer: pointer, message: "\(elements.count) items, expected at least \(minimum)"))
                }
            case "uniqueItems":
                if case .bool(true) = value.value, let elements = node.elements {
                    for (index, element) in elements.enumerated() where elements[..<index].contains(where: { Self.equal($0, element) }) {
                        failures.append(Failure(pointer: "\(pointer)/\(index)", message: "\(Self.text(element)) is listed twice"))
                    }
                }
            case "properties":
                for member in node.members ?? [] {
                    if let subschema = value.members?.first(where: { $0.key == member.key })?.value {
                        validate(member.value, against: subschema, at: Self.pointer(pointer, member.key), into: &failures)
                    }
                }
            case "additionalProperties":
                let declared = Set((keyword("properties")?.members ?? []).map(\.key))
                for member in node.members ?? [] where !declared.contains(member.key) {
                    if case .bool(false) = value.value {
                        failures.append(Failure(pointer: Self.pointer(pointer, member.key), message: "unknown key '\(member.key)'"))
                    } else {
                        validate(member.value, against: value, at: Self.pointer(pointer, member.key), into: &failures)
                    }
                }
            case "propertyNames":
                for member in node.members ?? [] {
                    var nameFailures: [Failure] = []
                    validate(JSONNode(value: .string(member.key), location: member.keyLocation), against: value, at: "", into: &nameFailures)
                    for failure in nameFailures {
                        failures.append(Failure(pointer: Self.pointer(pointer, member.key), message: "the key: \(failure.message)"))
                    }
                }
            case "required":
                let present = Set((node.members ?? []).map(\.key))
                if node.members != nil {
                    for name in (value.elements ?? []).compactMap(\.stringValue) where !present.contains(name) {
                        failures.append(Failure(pointer: pointer, message: "'\(name)' is required"))
                    }
                }
            case "minProperties":
                if let members = node.members, let minimum = Self.integer(value), members.count < minimum {
                    failures.append(Failure(pointer: pointer, message: "\(members.count) keys, expected at least \(minimum)"))
                }
            case "dependentRequired":
                let present = Set((node.members ?? []).map(\.key))
                for dependency in value.members ?? [] where present.contains(dependency.key) {
                    for name in (dependency.value.elements ?? []).compactMap(\.stringValue) where !present.contains(name) {
                        failures.append(Failure(pointer: pointer, message: "'\(dependency.key)' needs '\(name)'"))
                    }
                }
            case "allOf":
                for subschema in value.elements ?? [] {
                    validate(node, against: subschema, at: pointer, into: &failures)
                }
            case "anyOf", "oneOf":
                let alternatives = value.elements ?? []
                let outcomes = alternatives.map { alternative in
                    var found: [Failure] = []
                    validate(node, against: alternative, at: pointer, into: &found)
                    return found
                }
                let fitting = outcomes.filter(\.isEmpty).count
                if entry.key == "oneOf", fitting > 1 {
                    failures.append(Failure(pointer: pointer, message: "fits \(fitting) of the alternatives, expected exactly one"))
                }
                guard fitting == 0 else { break }
                let ofThisKind = outcomes.filter { !$0.contains { $0.isKindMismatch && $0.pointer == pointer } }
                if ofThisKind.count == 1 {
                    failures += ofThisKind[0]
                } else {
                    failures.append(Failure(
                        pointer: pointer, message: "fits none of the \(alternatives.count) alternatives",
                        isKindMismatch: ofThisKind.isEmpty))
                }
            case "not":
                var found: [Failure] = []
                validate(node, against: value, at: pointer, into: &found)
                if found.isEmpty {
                    // The schema's own description says why, as the schema's `not` cannot.
                    failures.append(Failure(pointer: pointer, message: keyword("description")?.stringValue ?? "this value is not allowed here"))
                }
            case "if":
                var found: [Failure] = []
                validate(node, against: value, at: pointer, into: &found)
                if let branch = keyword(found.isEmpty ? "then" : "else") {
                    validate(node, against: branch, at: pointer, into: &failures)
                }
            default:
                break  // `then` and `else` (through `if`), `$defs` (through `$ref`), annotations
            }
        }
    }

    // MARK: Values

    private static func pointer(_ base: String, _ key: String) -> String {
        base + "/" + key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    private static func integer(_ node: JSONNode) -> Int? {
        node.numberText.flatMap { Int($0) }
    }

    /// JSON Schema's types: a number is an `integer` when its value is whole, however written.
    private static func has(_ node: JSONNode, type: String) -> Bool {
        switch (type, node.value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object), ("number", .number):
            true
        case ("integer", .number(let text)):
            Double(text).map { $0.isFinite && $0.rounded() == $0 } ?? false
        default:
            false
        }
    }

    /// JSON equality: numbers by value, objects whatever the order of their keys.
    private static func equal(_ a: JSONNode, _ b: JSONNode) -> Bool {
        switch (a.value, b.value) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.number(let x), .number(let y)): x == y || (Double(x) != nil && Double(x) == Double(y))
        case (.array(let x), .array(let y)): x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)):
            x.count == y.count && x.allSatisfy { member in y.contains { $0.key == member.key && equal($0.value, member.value) } }
        default: false
        }
    }

    /// A short JSON-like rendering of a value, for messages.
    private static func text(_ node: JSONNode) -> String {
        switch node.value {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .number(let text): text
        case .string(let text): "\"\(text)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
