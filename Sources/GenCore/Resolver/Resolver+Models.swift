/// Models: struct properties (names, keys, types, defaults, strategies), open enums, and
/// the properties that must be stored out of line.
extension Resolver {
    mutating func registerModel(_ model: SpecDocument.Model) {
        let name = model.name
        // A name that cannot be one is reported, and the model is still resolved, so that the
        // problems of its properties are reported in the same run.
        if !SwiftNaming.isIdentifier(name.value) || SwiftNaming.keywords.contains(name.value) {
            var example = SwiftNaming.typeName(name.value)
            if example == name.value || SwiftNaming.keywords.contains(example) { example += "Model" }
            diagnostics.error(
                "model name '\(name.value)' is not a Swift type name; use letters, digits and '_' (for example '\(example)')",
                at: name.location)
        } else if name.value.first?.isLowercase == true {
            // Lower-case names are the generated code's own: a model `container`, `response` or
            // one named like a property that holds it would not compile.
            diagnostics.error(
                "model name '\(name.value)' starts with a lower-case letter, as the generated code's variables and properties do; "
                + "write it as a type name, such as '\(SwiftNaming.typeName(name.value))'",
                at: name.location)
        } else if Self.reservedTypeNames.contains(name.value) {
            diagnostics.error(
                "model name '\(name.value)' is reserved: the generated code uses a type of that name; rename the model",
                at: name.location)
        } else {
            declare(name.value, origin: "model '\(name.value)'", at: name.location)
        }
        switch model.kind {
        case .enumeration(let cases):
            modelKinds[name.value] = .enumeration
            var raws: [SpecDocument.EnumCase.RawValue: String] = [:]
            for (index, enumCase) in cases.enumerated() { raws[enumCase.value.value] = enumCaseName(enumCase, index) }
            enumRawValues[name.value] = raws
        case .structure:
            modelKinds[name.value] = .structure
        case .union:
            modelKinds[name.value] = .union
        }
    }

    func enumCaseName(_ enumCase: SpecDocument.EnumCase, _ index: Int) -> String {
        if let name = enumCase.name { return SwiftNaming.memberName(name.value) }
        switch enumCase.value.value {
        case .string(let text): return text.isEmpty ? "empty" : SwiftNaming.memberName(text)
        case .integer(let value): return value < 0 ? "valueMinus\(value.magnitude)" : "value\(value)"
        }
    }

    mutating func resolveModel(_ model: SpecDocument.Model) -> ResolvedAPI.Model? {
        guard modelKinds[model.name.value] != nil else { return nil }
        switch model.kind {
        case .enumeration(let cases): return resolveEnum(model, cases).map { .enumeration($0) }
        case .structure: return composedStructure(model).map { .structure($0) }
        case .union(let union): return resolveUnion(model, union).map { .union($0) }
        }
    }

    mutating func resolveEnum(_ model: SpecDocument.Model, _ cases: [SpecDocument.EnumCase]) -> ResolvedAPI.Enumeration? {
        let isString = cases.allSatisfy { if case .string = $0.value.value { true } else { false } }
        let isInteger = cases.allSatisfy { if case .integer = $0.value.value { true } else { false } }
        guard isString || isInteger else {
            diagnostics.error("the values of enum '\(model.name.value)' must be all strings or all integers", at: model.name.location)
            return nil
        }
        var names: [String: SourceLocation] = [:]
        var raws: [SpecDocument.EnumCase.RawValue: SourceLocation] = [:]
        var resolved: [ResolvedAPI.Enumeration.Case] = []
        // The case that keeps unlisted values is `unknown`, unless a listed value is (Codat's
        // `"Unknown"` address type): then `undocumented`, so that `.unknown` is the value the
        // API sends and not a catch-all beside an `.unknown2`.
        let catchAll = Self.catchAllCase(of: Dictionary(cases.enumerated().map { ($1.value.value, enumCaseName($1, $0)) }, uniquingKeysWith: { first, _ in first }))
        for (index, enumCase) in cases.enumerated() {
            let name = enumCaseName(enumCase, index)
            let location = enumCase.name?.location ?? enumCase.value.location
            if raws[enumCase.value.value] != nil {
                diagnostics.error("enum '\(model.name.value)' lists the value \(literal(enumCase.value.value)) twice", at: enumCase.value.location)
                continue
            }
            raws[enumCase.value.value] = location
            if let first = names[name] {
                diagnostics.error(
                    "two values of enum '\(model.name.value)' become the case '\(name)' (the first at line \(first.line)); name the cases with an object: {\"caseName\": value}",
                    at: location)
                continue
            }
            if name == catchAll {
                diagnostics.error(
                    "enum '\(model.name.value)' cannot have a case named 'undocumented' beside one named 'unknown': it keeps the values the spec does not list; name it with an object: {\"caseName\": value}",
                    at: location)
                continue
            }
            names[name] = location
            resolved.append(.init(name: name, literal: literal(enumCase.value.value)))
        }
        return .init(
            name: model.name.value, pointer: model.pointer, description: model.description,
            rawType: isString ? .string : .integer, cases: resolved, unknownCaseName: catchAll)
    }

    func literal(_ raw: SpecDocument.EnumCase.RawValue) -> String {
        switch raw {
        case .string(let text): SwiftLiteral.string(text)
        case .integer(let value): String(value)
        }
    }

    mutating func resolveStructure(_ model: SpecDocument.Model, _ properties: [SpecDocument.Property]) -> ResolvedAPI.Structure {
        let inherited = strategies(model.options, inheriting: defaults)
        let snakeCase = inherited.snakeCase
        var swiftNames: [String: String] = [:]
        var keys: [String: String] = [:]
        var resolved: [ResolvedAPI.Property] = []
        for property in properties {
            let name = property.name.value
            let swiftName = SwiftNaming.memberName(name)
            if let other = swiftNames[swiftName] {
                diagnostics.error(
                    "properties '\(other)' and '\(name)' of model '\(model.name.value)' both become '\(swiftName)' in Swift",
                    at: property.name.location)
                continue
            }
            swiftNames[swiftName] = name
            let key = Self.jsonKey(of: property, snakeCase: snakeCase)
            if let other = keys[key] {
                diagnostics.error(
                    "properties '\(other)' and '\(name)' of model '\(model.name.value)' both use the JSON key '\(key)'",
                    at: property.key?.location ?? property.name.location)
                continue
            }
            keys[key] = name
            guard var type = resolveType(property.type) else { continue }
            let isNullable = property.nullable?.value == true
            if isNullable {
                if case .optional = type {} else { type = .optional(type) }
                if let node = property.defaultValue {
                    diagnostics.error(
                        "nullable property '\(name)' cannot have a default: absent, null and a value must stay apart",
                        at: node.location)
                    continue
                }
            }
            guard let isRequired = requiredMayBeNull(property, type: type, model: model.name.value) else { continue }

            var defaultValue: String?
            if let node = property.defaultValue {
                defaultValue = defaultLiteral(node, type: type)
                if defaultValue == nil { continue }
                // `null` for an optional is what a missing key gives anyway.
                if defaultValue == "nil" { defaultValue = nil }
            }
            if model.tolerant, defaultValue == nil, case .optional = type {} else if model.tolerant, defaultValue == nil {
                type = .optional(type)
            }

            var dateStrategy: DateStrategy?
            if type.containsDate {
                dateStrategy = resolveDateStrategy(property.options.dateStrategy, inheriting: inherited.date)
            } else if let strategy = property.options.dateStrategy {
                diagnostics.error("property '\(name)' has a 'dateStrategy' but its type holds no Date", at: strategy.location)
            }
            var prunes = false
            if case .array = type.unwrapped {
                // Dates decode through their strategy, which a pruned array cannot pass on; a
                // nullable array is decoded whole, as null or as every element.
                prunes = arrayStrategy(property.options.arrayStrategy, inheriting: inherited.array) == .prune && !type.containsDate
                    && !isNullable
            } else if let strategy = property.options.arrayStrategy {
                diagnostics.error("property '\(name)' has an 'arrayStrategy' but is not an array", at: strategy.location)
            }
            resolved.append(.init(
                swiftName: swiftName, key: key, type: type, description: property.description,
                defaultValue: defaultValue, dateStrategy: dateStrategy, prunesArray: prunes, isIndirect: false,
                isNullable: isNullable, isRequired: isRequired, origin: (model.name.value, property.name.location), specName: name))
        }
        return .init(
            name: model.name.value, pointer: model.pointer, description: model.description, properties: resolved,
            tolerant: model.tolerant, additionalProperties: resolveAdditionalProperties(model, swiftNames: swiftNames))
    }

    /// `"required": true`: for a `T?` whose key is always sent, nil as `null` (OpenAPI's required
    /// and nullable); it decodes as any `T?` does. Neither with `nullable` (which leaves the key
    /// out for nil) nor with a default (which would stand in for null), and not for `JSON?`
    /// (`JSON` holds a null itself). A type without `?` is required anyway: a warning. Whether
    /// the property is such a `T?`; nil after an error.
    @inline(never)
    mutating func requiredMayBeNull(_ property: SpecDocument.Property, type: TypeReference, model: String) -> Bool? {
        guard let flag = property.required, flag.value else { return false }
        let name = property.name.value
        guard case .optional(let wrapped) = type else {
            diagnostics.warning(
                "'required' does nothing on property '\(name)' of model '\(model)': a type without '?' is required already; 'required' is for a 'T?' whose nil is sent as null",
                at: flag.location)
            return false
        }
        if property.nullable?.value == true {
            diagnostics.error(
                "property '\(name)' is both 'nullable' and 'required': nullable leaves the key out for nil, required sends null; keep one",
                at: flag.location)
        } else if property.defaultValue != nil {
            diagnostics.error(
                "required property '\(name)' cannot have a default: its nil is sent and read as null", at: flag.location)
        } else if wrapped == .builtin(.json) {
            diagnostics.error(
                "property '\(name)' is a required 'JSON?': write 'JSON', which holds null itself (.null)", at: flag.location)
        } else {
            return true
        }
        return nil
    }

    /// `"additionalProperties": "T"`: a `[String: T]` property that keeps every key the model
    /// does not declare.
    private mutating func resolveAdditionalProperties(_ model: SpecDocument.Model, swiftNames: [String: String]) -> ResolvedAPI.AdditionalProperties? {
        guard let text = model.additionalProperties, let type = resolveType(text) else { return nil }
        let swiftName = "additionalProperties"
        if let other = swiftNames[swiftName] {
            diagnostics.error(
                "property '\(other)' of model '\(model.name.value)' becomes 'additionalProperties', the property that holds the keys it does not declare; rename it",
                at: text.location)
            return nil
        }
        if type.containsDate {
            diagnostics.error(
                "the additional properties of model '\(model.name.value)' cannot hold a Date: a date needs a property of its own, with a date strategy",
                at: text.location)
            return nil
        }
        if type.contains(.builtin(.file)) {
            diagnostics.error("a File can only be a property of a multipart body's model, not an additional property", at: text.location)
            return nil
        }
        return .init(swiftName: swiftName, valueType: type)
    }

    /// Which properties and union cases are stored out of line: every one whose type is a struct
    /// of the spec, optional or not. (Arrays and dictionaries already store their elements out
    /// of line; an enum is a few bytes; a union is then a reference and a tag, as its struct
    /// members are out of line.) A struct holds its own fields and a reference per nested model,
    /// so its value-witness functions (copy, assign, destroy) and the outlined copies the compiler
    /// writes for it grow with its own properties only, never with the whole tree of models below
    /// it. At 100 models that halved the code the compiler emits for them and cut their compile
    /// time by a third (Benchmarks/README.md); a decode pays one small allocation per nested
    /// object. It also cuts every cycle of plain references, which would otherwise give a struct
    /// infinite size (a cycle through unions alone is an error: `checkUnionCycles`).
    func markIndirectProperties(_ models: inout [ResolvedAPI.Model]) {
        var outOfLine = Set<String>()
        for case .structure(let structure) in models { outOfLine.insert(structure.name) }
        func isOutOfLine(_ type: TypeReference) -> Bool {
            if case .model(let name) = type.unwrapped { return outOfLine.contains(name) }
            return false
        }
        for index in models.indices {
            switch models[index] {
            case .structure(var structure):
                for property in structure.properties.indices where isOutOfLine(structure.properties[property].type) {
                    structure.properties[property].isIndirect = true
                }
                models[index] = .structure(structure)
            case .union(var union):
                for unionCase in union.cases.indices where isOutOfLine(union.cases[unionCase].type) {
                    union.cases[unionCase].isIndirect = true
                }
                models[index] = .union(union)
            case .enumeration:
                break
            }
        }
    }

    /// The component number of each node. Iterative, so that a long chain of references cannot
    /// overflow the stack.
    static func stronglyConnectedComponents(_ nodes: [String], _ edges: [String: [String]]) -> [String: Int] {
        var index: [String: Int] = [:], lowLink: [String: Int] = [:], component: [String: Int] = [:]
        var stack: [String] = [], onStack: Set<String> = []
        var counter = 0, components = 0
        for root in nodes where index[root] == nil {
            // Each frame: the node and how many of its edges have been followed.
            var frames: [(node: String, next: Int)] = [(root, 0)]
            index[root] = counter; lowLink[root] = counter; counter += 1
            stack.append(root); onStack.insert(root)
            while var frame = frames.popLast() {
                let targets = edges[frame.node] ?? []
                if frame.next < targets.count {
                    let target = targets[frame.next]
                    frame.next += 1
                    frames.append(frame)
                    guard edges[target] != nil else { continue }  // an enum: no edges, no cycle
                    if index[target] == nil {
                        index[target] = counter; lowLink[target] = counter; counter += 1
                        stack.append(target); onStack.insert(target)
                        frames.append((target, 0))
                    } else if onStack.contains(target) {
                        lowLink[frame.node] = min(lowLink[frame.node]!, index[target]!)
                    }
                    continue
                }
                if lowLink[frame.node] == index[frame.node] {
                    while let member = stack.popLast() {
                        onStack.remove(member)
                        component[member] = components
                        if member == frame.node { break }
                    }
                    components += 1
                }
                if let parent = frames.last {
                    lowLink[parent.node] = min(lowLink[parent.node]!, lowLink[frame.node]!)
                }
            }
        }
        return component
    }


    /// The Swift expression for a default value, or nil (with an error) when it does not fit the type.
    mutating func defaultLiteral(_ node: JSONNode, type: TypeReference) -> String? {
        func fail(_ expected: String) -> String? {
            diagnostics.error("the default value \(describe(node)) does not fit the type \(type.swift); expected \(expected)", at: node.location)
            return nil
        }
        switch (type, node.value) {
        case (.optional, .null): return "nil"
        case (.optional(let wrapped), _): return defaultLiteral(node, type: wrapped)
        case (.builtin(.string), .string(let text)): return SwiftLiteral.string(text)
        case (.builtin(.int), .number(let text)), (.builtin(.int64), .number(let text)):
            return Int64(text) != nil ? text : fail("a whole number")
        case (.builtin(.double), .number(let text)):
            // Written as the Double it becomes, so that no literal is inexact or overflows.
            guard let value = Double(text), value.isFinite else { return fail("a number that fits in Double") }
            return SwiftLiteral.double(value)
        case (.builtin(.bool), .bool(let flag)): return flag ? "true" : "false"
        case (.builtin(.json), _):
            // Each level is two brackets in Swift (`.array([`), and swiftc nests at most 256.
            if Self.depth(of: node) > 100 {
                diagnostics.error("a JSON default nested more than 100 levels deep is more than the Swift compiler reads; flatten it", at: node.location)
                return nil
            }
            if let number = Self.nonFiniteNumber(in: node) {
                diagnostics.error("the number \(number) in a JSON default does not fit in Double or Decimal", at: node.location)
                return nil
            }
            return SwiftLiteral.json(node)
        case (.model(let name), .string(let text)) where isEnum(type):
            if let caseName = enumRawValues[name]?[.string(text)] { return Self.caseExpression(caseName, of: name) }
            return fail("one of the values of enum '\(name)'")
        case (.model(let name), .number(let text)) where isEnum(type):
            if let value = Int(text), let caseName = enumRawValues[name]?[.integer(value)] { return Self.caseExpression(caseName, of: name) }
            return fail("one of the values of enum '\(name)'")
        case (.array(let elementType), .array(let elements)):
            var items: [String] = []
            for element in elements {
                guard let item = defaultLiteral(element, type: elementType) else { return nil }
                items.append(item)
            }
            return "[\(items.joined(separator: ", "))]"
        case (.dictionary(let value), .object(let members)):
            if members.isEmpty { return "[:]" }
            var items: [String] = []
            for member in members {
                guard let item = defaultLiteral(member.value, type: value) else { return nil }
                items.append("\(SwiftLiteral.string(member.key)): \(item)")
            }
            return "[\(items.joined(separator: ", "))]"
        case (.model(let name), _) where modelKinds[name] == .union:
            if let literal = unionDefault(node, union: name) { return literal }
            return fail("a string, number or true/false that a member of union '\(name)' holds")
        case (.builtin(.string), _): return fail("a string")
        case (.builtin(.int), _), (.builtin(.int64), _): return fail("a whole number")
        case (.builtin(.double), _): return fail("a number")
        case (.builtin(.bool), _): return fail("true or false")
        case (.array, _): return fail("an array")
        case (.dictionary, _): return fail("an object")
        default:
            diagnostics.error("default values are not supported for properties of type \(type.swift)", at: node.location)
            return nil
        }
    }

    /// A union's default that is a string, number or true/false: the case of the first member
    /// that decoding would give it to, in the union's order (`Size.string("auto")`; an open enum
    /// holds any string of its kind). Nil when no member holds it, or when one that may (a `URL`,
    /// `UUID`, `Data` or another union) comes first: which case decoding picks would then depend
    /// on the value, and the default must be what decoding it gives.
    func unionDefault(_ node: JSONNode, union name: String) -> String? {
        guard let model = document.models.first(where: { $0.name.value == name }), case .union(let union) = model.kind else { return nil }
        switch node.value {
        case .string, .number, .bool: break
        default: return nil
        }
        for member in union.members {
            guard let type = quietType(member.type.value) else { return nil }
            let value: String?
            switch (type, node.value) {
            case (.builtin(.string), .string(let text)): value = SwiftLiteral.string(text)
            case (.builtin(.int), .number(let text)), (.builtin(.int64), .number(let text)): value = Int64(text) != nil ? text : nil
            case (.builtin(.double), .number(let text)): value = Double(text).flatMap { $0.isFinite ? SwiftLiteral.double($0) : nil }
            case (.builtin(.bool), .bool(let flag)): value = flag ? "true" : "false"
            case (.builtin(.json), _): value = SwiftLiteral.json(node)
            case (.model(let enumName), .string(let text)) where modelKinds[enumName] == .enumeration:
                guard let cases = enumRawValues[enumName], cases.keys.contains(where: { if case .string = $0 { true } else { false } }) else { value = nil; break }
                value = cases[.string(text)].map { Self.caseExpression($0, of: enumName) }
                    ?? "\(enumName).\(Self.catchAllCase(of: cases))(\(SwiftLiteral.string(text)))"
            case (.model(let enumName), .number(let text)) where modelKinds[enumName] == .enumeration:
                guard let cases = enumRawValues[enumName], cases.keys.contains(where: { if case .integer = $0 { true } else { false } }),
                      let number = Int(text) else { value = nil; break }
                value = cases[.integer(number)].map { Self.caseExpression($0, of: enumName) } ?? "\(enumName).\(Self.catchAllCase(of: cases))(\(number))"
            case (.model(let other), _) where modelKinds[other] == .structure: value = nil
            case (.array, _), (.dictionary, _), (.builtin(.date), _), (.builtin(.file), _): value = nil
            case (.builtin(.string), _), (.builtin(.int), _), (.builtin(.int64), _), (.builtin(.double), _), (.builtin(.bool), _): value = nil
            case (.model, _) where modelKinds[member.type.value] == .enumeration: value = nil
            default: return nil
            }
            if let value {
                let caseName = member.name.map { SwiftNaming.memberName($0.value) } ?? Self.caseName(for: type)
                return "\(name).\(SwiftNaming.escaped(caseName))(\(value))"
            }
        }
        return nil
    }

    /// The case of an open enum that keeps the values it does not list: `unknown`, unless a listed
    /// value is (``resolveEnum(_:_:)``).
    static func catchAllCase(of cases: [SpecDocument.EnumCase.RawValue: String]) -> String {
        cases.values.contains("unknown") ? "undocumented" : "unknown"
    }

    /// `Status.none`, never `.none`: where an optional is expected, `.none` (or `.some`) would
    /// mean `Optional.none`, so a default named like a member of `Optional` would silently become
    /// nil. Naming the type makes every case mean that case, whatever it is called.
    static func caseExpression(_ caseName: String, of enumName: String) -> String {
        "\(enumName).\(SwiftNaming.escaped(caseName))"
    }

    /// The JSON key of a property: its `key`, else its name under the key strategy.
    static func jsonKey(of property: SpecDocument.Property, snakeCase: Bool) -> String {
        property.key?.value ?? (snakeCase ? SwiftNaming.snakeCase(property.name.value) : property.name.value)
    }

    /// How many arrays and objects deep `node` is.
    static func depth(of node: JSONNode) -> Int {
        switch node.value {
        case .array(let elements): 1 + (elements.lazy.map(depth).max() ?? 0)
        case .object(let members): 1 + (members.lazy.map { depth(of: $0.value) }.max() ?? 0)
        default: 0
        }
    }

    static func nonFiniteNumber(in node: JSONNode) -> String? {
        switch node.value {
        case .number(let text): return SwiftLiteral.jsonNumber(text) == nil ? text : nil
        case .array(let elements): return elements.lazy.compactMap(nonFiniteNumber).first
        case .object(let members): return members.lazy.compactMap { nonFiniteNumber(in: $0.value) }.first
        default: return nil
        }
    }

    func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let text): text
        case .string(let text): "\"\(text)\""
        case .array: "[…]"
        case .object: "{…}"
        }
    }
}
