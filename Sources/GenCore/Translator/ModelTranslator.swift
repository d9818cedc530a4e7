/// Prints models: `Codable`, `Sendable` structs (and `Hashable` where asked for) that code their
/// keys by hand, unions, and enums that keep values the spec does not list.
struct ModelTranslator {
    let access: String

    init(access: AccessLevel) {
        self.access = access == .public ? "public " : ""
    }

    func render(_ model: ResolvedAPI.Model, into printer: inout CodePrinter) {
        switch model {
        case .structure(let structure): render(structure, into: &printer)
        case .enumeration(let enumeration): render(enumeration, into: &printer)
        case .union(let union): render(union, into: &printer)
        }
    }

    // MARK: Structs

    private func render(_ model: ResolvedAPI.Structure, into printer: inout CodePrinter) {
        printer.line("// Spec: \(CommentText.singleLine(model.pointer))")
        printer.documentation(model.description)
        let conformances = ["Codable", model.isHashable ? "Hashable" : nil, model.isIdentifiable ? "Identifiable" : nil, "Sendable"]
            .compactMap { $0 }.joined(separator: ", ")
        printer.block("\(access)struct \(model.name): \(conformances)") { printer in
            for property in model.properties {
                printer.documentation(property.description)
                let wrapper = property.isIndirect ? "@Indirect " : ""
                printer.line("\(wrapper)\(access)var \(SwiftNaming.escaped(property.swiftName)): \(property.swiftType)")
            }
            if let extra = model.additionalProperties {
                printer.line("/// The keys the spec does not declare, with their values: kept when decoding, written back when encoding.")
                printer.line("\(access)var \(extra.swiftName): [String: \(extra.valueType.swift)]")
            }
            printer.separator()
            renderInitializer(model, into: &printer)
            // Coded by hand with the runtime's one key type rather than a `CodingKeys` enum per
            // model: a compiler-synthesised enum and conformance cost each model more to compile
            // than the lines below (Benchmarks/README.md). A model without properties keeps the
            // synthesised conformance, which has nothing to decode.
            if !model.properties.isEmpty || model.additionalProperties != nil {
                printer.separator()
                renderDecoder(model, into: &printer)
                printer.separator()
                renderEncoder(model, into: &printer)
            }
        }
    }

    private func renderInitializer(_ model: ResolvedAPI.Structure, into printer: inout CodePrinter) {
        var parameters = model.properties.map { property in
            var parameter = "\(SwiftNaming.escaped(property.swiftName)): \(property.swiftType)"
            if let value = property.defaultValue {
                parameter += " = \(value)"
            } else if case .optional = property.type, !property.isRequired {
                parameter += " = nil"
            }
            return parameter
        }
        var names = model.properties.map { SwiftNaming.escaped($0.swiftName) }
        if let extra = model.additionalProperties {
            parameters.append("\(extra.swiftName): [String: \(extra.valueType.swift)] = [:]")
            names.append(extra.swiftName)
        }
        if parameters.isEmpty {
            printer.line("\(access)init() {}")
            return
        }
        printer.block("\(access)init", list: parameters) { printer in
            for name in names {
                printer.line("self.\(name) = \(name)")
            }
        }
    }

    private func renderDecoder(_ model: ResolvedAPI.Structure, into printer: inout CodePrinter) {
        printer.block("\(access)init(from decoder: any Decoder) throws") { printer in
            if !model.properties.isEmpty {
                printer.line("let container = try decoder.container(keyedBy: AnyCodingKey.self)")
            }
            for property in model.properties {
                printer.line("self.\(SwiftNaming.escaped(property.swiftName)) = \(decodeExpression(property, tolerant: model.tolerant))")
            }
            if let extra = model.additionalProperties {
                let tolerant = model.tolerant ? ", tolerant: true" : ""
                printer.line("self.\(extra.swiftName) = try decoder.additionalProperties(\(extra.valueType.swift).self, excluding: \(Self.declaredKeys(model))\(tolerant))")
            }
        }
    }

    /// `try container.decodeField(T.self, "name")` with `IfPresent`, a date strategy, a pruned
    /// array, a default or tolerance folded in as the property needs. The runtime's `…Field`
    /// functions, not `decode(_:forKey:)`: see FieldCoding.swift.
    private func decodeExpression(_ property: ResolvedAPI.Property, tolerant: Bool) -> String {
        if property.isNullable {
            var arguments = "\(property.type.unwrapped.swift).self, \(SwiftLiteral.string(property.key))"
            if let strategy = property.dateStrategy { arguments += ", dateStrategy: \(Self.expression(strategy))" }
            return "\(tolerant ? "try?" : "try") container.decodeNullableField(\(arguments))"
        }
        let isOptional: Bool = if case .optional = property.type { true } else { false }
        let ifPresent = isOptional || property.defaultValue != nil || tolerant
        var type = (isOptional ? property.type.unwrapped : property.type).swift
        var suffix = ""
        if property.prunesArray, case .array(let element) = property.type.unwrapped {
            type = "PrunedArray<\(element.swift)>"
            suffix = ifPresent ? "?.elements" : ".elements"
        }
        var arguments = "\(type).self, \(SwiftLiteral.string(property.key))"
        if let strategy = property.dateStrategy { arguments += ", dateStrategy: \(Self.expression(strategy))" }
        let call = "container.\(ifPresent ? "decodeFieldIfPresent" : "decodeField")(\(arguments))"
        var expression = tolerant ? (suffix.isEmpty ? "try? \(call)" : "(try? \(call))\(suffix)") : "try \(call)\(suffix)"
        if let value = property.defaultValue {
            expression = tolerant && suffix.isEmpty ? "(\(expression)) ?? \(value)" : "\(expression) ?? \(value)"
        }
        return expression
    }

    private func renderEncoder(_ model: ResolvedAPI.Structure, into printer: inout CodePrinter) {
        printer.block("\(access)func encode(to encoder: any Encoder) throws") { printer in
            if !model.properties.isEmpty {
                printer.line("var container = encoder.container(keyedBy: AnyCodingKey.self)")
            }
            for property in model.properties {
                let name = SwiftNaming.escaped(property.swiftName)
                // A required `T?` always writes its key: nil as `null`.
                let isOptional: Bool = if case .optional = property.type, !property.isRequired { true } else { false }
                var arguments = "\(SwiftLiteral.string(property.key)), self.\(name)"
                if let strategy = property.dateStrategy { arguments += ", dateStrategy: \(Self.expression(strategy))" }
                let method = property.isNullable ? "encodeNullableField" : isOptional ? "encodeFieldIfPresent" : "encodeField"
                printer.line("try container.\(method)(\(arguments))")
            }
            if let extra = model.additionalProperties {
                printer.line("try encoder.encodeAdditionalProperties(self.\(extra.swiftName), excluding: \(Self.declaredKeys(model)))")
            }
        }
    }

    /// `["id", "name"]`: the keys an open model declares, which its additional properties skip.
    static func declaredKeys(_ model: ResolvedAPI.Structure) -> String {
        "[" + model.properties.map { SwiftLiteral.string($0.key) }.joined(separator: ", ") + "]"
    }

    static func expression(_ strategy: DateStrategy) -> String {
        switch strategy {
        case .iso8601: ".iso8601"
        case .iso8601WithFractionalSeconds: ".iso8601WithFractionalSeconds"
        case .dateOnly: ".dateOnly"
        case .secondsSince1970: ".secondsSince1970"
        case .millisecondsSince1970: ".millisecondsSince1970"
        case .formatted(let format): ".formatted(\(SwiftLiteral.string(format)))"
        }
    }

    // MARK: Enums

    private func render(_ model: ResolvedAPI.Enumeration, into printer: inout CodePrinter) {
        let raw = model.rawType.rawValue
        let unknown = SwiftNaming.escaped(model.unknownCaseName)
        printer.line("// Spec: \(CommentText.singleLine(model.pointer))")
        printer.documentation(model.description)
        printer.block("\(access)enum \(model.name): OpenEnum") { printer in
            for enumCase in model.cases {
                printer.line("case \(SwiftNaming.escaped(enumCase.name))")
            }
            printer.line("/// A value this version of the spec does not list, kept as it was received.")
            printer.line("case \(unknown)(\(raw))")
            printer.separator()
            printer.block("\(access)init(rawValue: \(raw))") { printer in
                printer.line("switch rawValue {")
                for enumCase in model.cases {
                    printer.line("case \(enumCase.literal): self = .\(SwiftNaming.escaped(enumCase.name))")
                }
                printer.line("default: self = .\(unknown)(rawValue)")
                printer.line("}")
            }
            printer.separator()
            printer.block("\(access)var rawValue: \(raw)") { printer in
                printer.line("switch self {")
                for enumCase in model.cases {
                    printer.line("case .\(SwiftNaming.escaped(enumCase.name)): \(enumCase.literal)")
                }
                printer.line("case .\(unknown)(let rawValue): rawValue")
                printer.line("}")
            }
        }
    }

    // MARK: Unions

    /// A `URL` or `Data` member: the coder has its own form for them (a string, base64) that
    /// their `init(from:)` and `encode(to:)` do not use, so they go through a container, as a
    /// property's do. So does an app's type that replaces a model: it may be one of those, or a
    /// `Decimal`, which `JSONDecoder` reads from a number.
    static func goesThroughContainer(_ type: TypeReference) -> Bool {
        switch type {
        case .builtin(.url), .builtin(.data), .replaced: true
        default: false
        }
    }

    /// How an untagged union decodes a member.
    static func decodeMember(_ type: TypeReference) -> String {
        goesThroughContainer(type) ? "UnionCoding.decode(\(type.swift).self, from: decoder)" : "\(type.swift)(from: decoder)"
    }

    /// An untagged union's decoding, and a tagged one's of a value that is not an object: each
    /// case in the spec's order; the error says why each one failed.
    private static func renderTries(_ cases: [ResolvedAPI.Union.Case], of union: String, into printer: inout CodePrinter) {
        printer.line("var failures: [(member: String, error: any Error)] = []")
        // A replaced member is the app's type, decoded through the coder's container, as it is.
        let guarded = { (unionCase: ResolvedAPI.Union.Case) -> (label: String, keys: [String])? in
            guard !goesThroughContainer(unionCase.type) else { return nil }
            return unionCase.keys.map { ("holdingOnly", $0) } ?? unionCase.excludedKeys.map { ("holdingNone", $0) }
        }
        for unionCase in cases {
            let decode = guarded(unionCase).map { guarded in
                let keys = guarded.keys.map(SwiftLiteral.string).joined(separator: ", ")
                return "UnionCoding.decode(\(unionCase.type.swift).self, \(guarded.label): [\(keys)], from: decoder)"
            } ?? decodeMember(unionCase.type)
            printer.line(
                "do { self = .\(SwiftNaming.escaped(unionCase.name))(try \(decode)); return } catch { failures.append((\(SwiftLiteral.string(unionCase.label)), error)) }")
        }
        // An object that no member takes whole: the first that decodes it.
        for unionCase in cases where guarded(unionCase) != nil {
            printer.line("if let value = try? \(unionCase.type.swift)(from: decoder) { self = .\(SwiftNaming.escaped(unionCase.name))(value); return }")
        }
        printer.line("throw UnionCoding.noMemberFits(\(SwiftLiteral.string(union)), tried: failures, in: decoder)")
    }

    private func render(_ model: ResolvedAPI.Union, into printer: inout CodePrinter) {
        printer.line("// Spec: \(CommentText.singleLine(model.pointer))")
        printer.documentation(model.description)
        let unknown = SwiftNaming.escaped(model.unknownCaseName)
        let conformances = (model.isHashable ? "Codable, Hashable, Sendable" : "Codable, Sendable") + (model.isText ? ", ParameterValue" : "")
        printer.block("\(access)enum \(model.name): \(conformances)") { printer in
            for unionCase in model.cases {
                printer.line("\(unionCase.isIndirect ? "indirect " : "")case \(SwiftNaming.escaped(unionCase.name))(\(unionCase.type.swift))")
            }
            if let discriminator = model.discriminator {
                printer.line("/// An object whose \(CommentText.singleLine(SwiftLiteral.string(discriminator))) no case lists, kept as it was received.")
                printer.line("case \(unknown)(JSONValue)")
            }
            printer.separator()
            printer.block("\(access)init(from decoder: any Decoder) throws") { printer in
                if let discriminator = model.discriminator {
                    let values = model.cases.filter { $0.tags.isEmpty }
                    if values.isEmpty {
                        printer.line("switch try UnionCoding.tag(at: \(SwiftLiteral.string(discriminator)), in: decoder) {")
                    } else {
                        // Members that are never objects: tried in order when the value is not one.
                        printer.block("guard let tag = try UnionCoding.tagIfObject(at: \(SwiftLiteral.string(discriminator)), in: decoder) else") { printer in
                            Self.renderTries(values, of: model.name, into: &printer)
                        }
                        printer.line("switch tag {")
                    }
                    for unionCase in model.cases where !unionCase.tags.isEmpty {
                        let tags = unionCase.tags.map(SwiftLiteral.string).joined(separator: ", ")
                        printer.line("case \(tags): self = .\(SwiftNaming.escaped(unionCase.name))(try \(unionCase.type.swift)(from: decoder))")
                    }
                    printer.line("default: self = .\(unknown)(try JSONValue(from: decoder))")
                    printer.line("}")
                } else {
                    Self.renderTries(model.cases, of: model.name, into: &printer)
                }
            }
            printer.separator()
            printer.block("\(access)func encode(to encoder: any Encoder) throws") { printer in
                printer.line("switch self {")
                for unionCase in model.cases {
                    let pattern = "case .\(SwiftNaming.escaped(unionCase.name))(let value):"
                    if model.discriminator != nil, unionCase.encodesItsOwnTag {
                        printer.line("\(pattern) try value.encode(to: encoder)")
                    } else if let discriminator = model.discriminator, let own = unionCase.ownTag {
                        let tags = unionCase.tags.map(SwiftLiteral.string).joined(separator: ", ")
                        printer.line("\(pattern) try UnionCoding.encode(value, tag: \(own), among: [\(tags)], at: \(SwiftLiteral.string(discriminator)), to: encoder)")
                    } else if let discriminator = model.discriminator, let tag = unionCase.tags.first {
                        printer.line("\(pattern) try UnionCoding.encode(value, tag: \(SwiftLiteral.string(tag)), at: \(SwiftLiteral.string(discriminator)), to: encoder)")
                    } else if Self.goesThroughContainer(unionCase.type) {
                        printer.line("\(pattern) try UnionCoding.encode(value, to: encoder)")
                    } else {
                        printer.line("\(pattern) try value.encode(to: encoder)")
                    }
                }
                if model.discriminator != nil {
                    printer.line("case .\(unknown)(let value): try value.encode(to: encoder)")
                }
                printer.line("}")
            }
            if model.isText {
                printer.separator()
                printer.line("/// The member's text, as a path, query item, header, cookie or form field sends it.")
                printer.block("\(access)var parameterValue: String") { printer in
                    printer.line("switch self {")
                    for unionCase in model.cases {
                        printer.line("case .\(SwiftNaming.escaped(unionCase.name))(let value): value.parameterValue")
                    }
                    printer.line("}")
                }
            }
        }
    }
}
