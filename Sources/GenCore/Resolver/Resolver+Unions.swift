/// Unions (`oneOf`): case names, member types, the discriminator and its mapping, members that
/// can never be decoded, and unions that would contain themselves.
extension Resolver {
    mutating func resolveUnion(_ model: SpecDocument.Model, _ union: SpecDocument.Union) -> ResolvedAPI.Union? {
        let unionName = model.name.value
        let tagged = union.discriminator != nil
        var cases: [ResolvedAPI.Union.Case] = []
        var caseLocations: [String: SourceLocation] = [:]
        var typeTexts: [TypeReference: Located<String>] = [:]
        var failed = false
        for member in union.members {
            guard let type = resolveType(member.type) else {
                failed = true
                continue
            }
            guard checkMemberType(type, of: unionName, tagged: tagged, at: member.type.location) else {
                failed = true
                continue
            }
            let name = member.name.map { SwiftNaming.memberName($0.value) } ?? Self.caseName(for: type)
            let location = member.name?.location ?? member.type.location
            if let first = typeTexts[type] {
                diagnostics.error("union '\(unionName)' lists \(first.value) twice (the first at line \(first.location.line))", at: member.type.location)
                failed = true
                continue
            }
            typeTexts[type] = member.type
            if let first = caseLocations[name] {
                diagnostics.error(
                    "two members of union '\(unionName)' become the case '\(name)' (the first at line \(first.line)); name the cases with an object: {\"caseName\": \"Type\"}",
                    at: location)
                failed = true
                continue
            }
            if tagged && name == "unknown" {
                diagnostics.error(
                    "union '\(unionName)' cannot have a case named 'unknown': that case keeps objects whose discriminator no member lists; name it with an object: {\"caseName\": \"Type\"}",
                    at: location)
                failed = true
                continue
            }
            caseLocations[name] = location
            cases.append(.init(name: name, type: type, label: "\(name) (\(type.swift))", tags: [], isIndirect: false))
        }
        if union.discriminator != nil {
            // Checked even when a member failed, so that one run reports every problem.
            let tags = resolveMapping(union, cases: cases, of: unionName)
            guard let tags, !failed else { return nil }
            for index in cases.indices {
                cases[index].tags = tags[index]
                if case .model(let name) = cases[index].type, modelKinds[name] == .union, tags[index].count > 1 {
                    cases[index].encodesItsOwnTag = true
                }
            }
            // The members that are never objects are tried in order, as in an untagged union.
            pendingReachability.append((unionName, cases.filter { $0.tags.isEmpty }, model.pointer, typeTexts))
        } else if failed {
            return nil
        } else {
            guardStructMembers(&cases)
            pendingReachability.append((unionName, cases, model.pointer, typeTexts))
        }
        var resolved = ResolvedAPI.Union(
            name: unionName, pointer: model.pointer, description: model.description, cases: cases,
            discriminator: union.discriminator?.value, unknownCaseName: "unknown")
        resolved.isText = isTextUnion(union)
        return resolved
    }

    /// Whether `type` can be a member: not optional (the property holding the union is), no
    /// `Date` outside a model (it would have no date strategy), no file; for a tagged union, a
    /// struct model, or a union of struct models (Figma's `UpdateMediaRuntimeAction` among the
    /// `Action`s told apart by `type`), whose members `checkDiscriminators` checks.
    private mutating func checkMemberType(_ type: TypeReference, of union: String, tagged: Bool, at location: SourceLocation) -> Bool {
        if case .optional = type {
            diagnostics.error(
                "a member of union '\(union)' cannot be optional; make the property that holds the union optional instead",
                at: location)
            return false
        }
        if type.containsDate {
            diagnostics.error(
                "a Date can only be in a union inside a model, so that it has a date strategy; make \(type.swift) a model property",
                at: location)
            return false
        }
        if type.contains(.builtin(.file)) {
            diagnostics.error("a File can only be a property of a multipart body's model, not a member of union '\(union)'", at: location)
            return false
        }
        if tagged {
            if case .model(let name) = type, modelKinds[name] == .structure || modelKinds[name] == .union { return true }
            // A value that is never an object is told apart without the discriminator: tried in
            // order when the value is not an object (OpenAI's `tool_choice`: "auto" or an object).
            guard Self.isNeverAnObject(type, kinds: modelKinds) else {
                diagnostics.error(
                    "a member of tagged union '\(union)' must be a struct model that holds the discriminator, a union of such models, or a value that is never an object (a string, number, Bool, enum or array), not \(type.swift)",
                    at: location)
                return false
            }
        }
        return true
    }

    /// Whether no JSON object ever decodes as `type`: a scalar, an enum or an array.
    static func isNeverAnObject(_ type: TypeReference, kinds: [String: ModelKind]) -> Bool {
        switch type {
        case .builtin(let builtin): [.string, .int, .int64, .double, .bool, .uuid, .url, .data].contains(builtin)
        case .model(let name): kinds[name] == .enumeration
        case .array: true
        default: false
        }
    }

    /// Each case's discriminator values: those the mapping gives it, or its type's name when the
    /// mapping gives none (as in OpenAPI).
    private mutating func resolveMapping(_ union: SpecDocument.Union, cases: [ResolvedAPI.Union.Case], of unionName: String) -> [[String]]? {
        var tags = Array(repeating: [String](), count: cases.count)
        var owners: [String: Int] = [:]
        var failed = false
        for (value, type) in union.mapping {
            guard union.members.contains(where: { $0.type.value == type.value }) else {
                let members = union.members.map(\.type.value).joined(separator: ", ")
                diagnostics.error(
                    "the mapping of '\(value.value)' names '\(type.value)', which is not a member of union '\(unionName)'; its members are \(members)",
                    at: type.location)
                failed = true
                continue
            }
            // A member that failed to resolve has no case; its own error says why.
            guard let index = cases.firstIndex(where: { $0.type == .model(type.value) || $0.type.swift == type.value }) else { continue }
            guard case .model(let name) = cases[index].type, modelKinds[name] == .structure || modelKinds[name] == .union else {
                diagnostics.error("the mapping of '\(value.value)' names '\(type.value)', which is not an object: it has no discriminator", at: type.location)
                failed = true
                continue
            }
            tags[index].append(value.value)
            owners[value.value] = index
        }
        for index in cases.indices where tags[index].isEmpty {
            // A member that is never an object has no tag.
            guard case .model(let name) = cases[index].type, modelKinds[name] == .structure || modelKinds[name] == .union else { continue }
            let value = cases[index].type.swift
            if let other = owners[value] {
                diagnostics.error(
                    "the discriminator value '\(value)' picks both \(cases[other].type.swift) (in the mapping) and \(value) (by its name); map \(value) to another value",
                    at: union.mapping.first { $0.value.value == value }?.value.location ?? union.location)
                failed = true
                continue
            }
            tags[index] = [value]
            owners[value] = index
        }
        return failed ? nil : tags
    }

    /// Untagged cases are tried in order: a case listed after one that accepts every value it
    /// accepts is never decoded.
    private mutating func warnAboutUnreachableMembers(
        _ cases: [ResolvedAPI.Union.Case], of union: String, at pointer: String, written: [TypeReference: Located<String>]
    ) {
        for (index, later) in cases.enumerated() {
            guard let earlier = cases[..<index].first(where: { covers($0, later.type, within: union) }),
                  let laterText = written[later.type], let earlierText = written[earlier.type] else { continue }
            let isUnion = if case .model(let name) = earlier.type { modelKinds[name] == .union } else { false }
            unreachableMembers.append((
                union,
                "member \(laterText.value) of union '\(union)' is never decoded: \(earlierText.value), \(isUnion ? "a union " : "")tried before it, "
                    + "accepts every value it accepts; list it first, or give the union a discriminator",
                laterText.location, pointer))
        }
    }

    /// The warnings about members never decoded, except for a union that the endpoints only send
    /// (a request body's), which the app builds case by case and no response decodes.
    mutating func warnAboutUnreachableMembers(models: [ResolvedAPI.Model], services: [ResolvedAPI.Service]) {
        for case .union(let union) in models { resolvedUnions[union.name] = union }
        for pending in pendingReachability {
            warnAboutUnreachableMembers(pending.cases, of: pending.union, at: pending.pointer, written: pending.written)
        }
        guard !unreachableMembers.isEmpty else { return }
        let endpoints = services.flatMap(\.endpoints)
        let decoded = ResolvedAPI.modelsReached(from: endpoints.flatMap(\.decodedTypes).flatMap(\.modelNames), in: models)
        let sent = ResolvedAPI.modelsReached(from: endpoints.flatMap { $0.parameters.map(\.type) }.flatMap(\.modelNames), in: models)
        for pending in unreachableMembers where decoded.contains(pending.union) || !sent.contains(pending.union) {
            diagnostics.warning(pending.message, at: pending.location, concerns: [pending.pointer])
        }
    }

    /// Whether case `earlier` takes every JSON value that `later` decodes. A member tried only with
    /// an object that holds no key but its own takes a later struct's objects when that struct
    /// declares no other key (and may hold no undeclared one); one tried only with an object that
    /// holds none of some keys takes no object of a later struct that declares one of them.
    private func covers(_ earlier: ResolvedAPI.Union.Case, _ later: TypeReference, within union: String) -> Bool {
        if let excluded = earlier.excludedKeys, case .model(let name) = later, !declaredKeys(of: name).isDisjoint(with: excluded) {
            return false
        }
        guard let keys = earlier.keys else { return covers(earlier.type, later, within: [union]) }
        guard case .model(let name) = later, let fields = objectFields(name) else { return false }
        return Set(fields.keys).isSubset(of: keys) && covers(earlier.type, later, within: [union])
    }

    /// The JSON keys a struct model declares, its bases' too (each followed once); none for another model.
    private func declaredKeys(of name: String, visited: Set<String> = []) -> Set<String> {
        guard !visited.contains(name), visited.count <= Self.maximumCompositionDepth, let model = model(named: name),
              case .structure(let properties) = model.kind else { return [] }
        let snakeCase = document.usesSnakeCase(model)
        var keys = Set(properties.map { Self.jsonKey(of: $0, snakeCase: snakeCase) })
        for base in model.allOf { keys.formUnion(declaredKeys(of: base.value, visited: visited.union([name]))) }
        return keys
    }

    /// The struct members of an untagged union before another member that takes objects, each
    /// tried so that it does not take what a later member holds whole. One that takes every
    /// object (its properties all optional) is tried only with an object that holds no key but
    /// its own: `{"weeks": […], "total": 2}` then goes to `WeekData {weeks?, total?}` after
    /// `MonthData {months?, total?}`, not to a `MonthData` that drops the weeks. One that
    /// requires keys is tried only with an object that holds none of the keys later structs
    /// declare and it does not: `{"label": "a", "specs": {…}}` goes to `Linode {label?, specs?}`
    /// after `Volume {label, size?}` (found by a tester on Linode's tagged objects), while a key
    /// no member declares (a field the server added) leaves it to `Volume`. An object that no
    /// member takes comes back to the first such member that decodes it. Only a plain struct (no
    /// bases, no undeclared keys, not tolerant) is tried so.
    private func guardStructMembers(_ cases: inout [ResolvedAPI.Union.Case]) {
        for index in cases.indices {
            guard case .model(let name) = cases[index].type,
                  cases[(index + 1)...].contains(where: { takesObjects($0.type) }),
                  let model = model(named: name), !model.tolerant, model.allOf.isEmpty, model.additionalProperties == nil,
                  case .structure(let properties) = model.kind, !properties.isEmpty else { continue }
            let snakeCase = document.usesSnakeCase(model)
            let own = properties.map { Self.jsonKey(of: $0, snakeCase: snakeCase) }
            if acceptsAnyObject(name) {
                cases[index].keys = own
                continue
            }
            var excluded: [String] = []
            for later in cases[(index + 1)...] {
                guard case .model(let laterName) = later.type else { continue }
                excluded += declaredKeys(of: laterName).subtracting(own).subtracting(excluded).sorted()
            }
            if !excluded.isEmpty { cases[index].excludedKeys = excluded }
        }
    }

    /// Whether a member may decode an object.
    private func takesObjects(_ type: TypeReference) -> Bool {
        switch type {
        case .dictionary, .builtin(.json), .replaced: true
        case .model(let name): modelKinds[name] != .enumeration
        default: false
        }
    }

    /// Whether every JSON value that `later` decodes, `earlier` decodes too.
    func covers(_ earlier: TypeReference, _ later: TypeReference, within unions: Set<String> = []) -> Bool {
        switch (earlier, later) {
        case (.builtin(.json), _): return true
        case (.model(let name), _) where modelKinds[name] == .union:
            return unionCovers(name, later, within: unions)
        case (.builtin(.double), .builtin(.int)), (.builtin(.double), .builtin(.int64)),
             (.builtin(.int), .builtin(.int64)), (.builtin(.int64), .builtin(.int)):
            return true
        case (.array(let a), .array(let b)), (.dictionary(let a), .dictionary(let b)):
            // The elements are values of their own: a union met on the way down to them is tried
            // afresh (`U: [[V], String]` with `V: [[U], Int]` decodes `[["a"]]` as `[V]`). The
            // walk ends: each step down an array takes one off `later`.
            return covers(a, b, within: [])
        case (.dictionary(.builtin(.json)), .model(let name)):
            return modelKinds[name] == .structure
        case (.model(let name), _) where modelKinds[name] == .enumeration:
            // An open enum takes every string (or every whole number) it is given.
            let isString = enumRawValues[name]?.keys.contains { if case .string = $0 { true } else { false } } ?? false
            return isString ? Self.isString(later, enums: enumRawValues) : Self.isWholeNumber(later, enums: enumRawValues)
        case (.builtin(.string), _):
            return Self.isString(later, enums: enumRawValues)
        case (.builtin(.int), .model), (.builtin(.int64), .model), (.builtin(.double), .model):
            // A number takes every value of an integer enum.
            return isEnum(later) && Self.isWholeNumber(later, enums: enumRawValues)
        case (.model(let a), .model(let b)) where modelKinds[a] == .structure && modelKinds[b] == .structure:
            return (acceptsAnyObject(a) && !declaresOtherTypes(b, than: a)) || decodesEveryObject(of: b, as: a)
        case (.model(let a), .dictionary) where modelKinds[a] == .structure:
            return acceptsAnyObject(a)
        default:
            return earlier == later
        }
    }

    /// Whether union `name`, tried as a member, decodes every value `later` decodes: one of its
    /// untagged members does, or, tagged, `later` is a struct that always holds the discriminator
    /// as a string (the union then decodes it as a member or keeps it as its unknown case).
    private func unionCovers(_ name: String, _ later: TypeReference, within unions: Set<String>) -> Bool {
        // A union met again on the way in (the one checked, or one that contains itself, which is
        // an error of its own) is tried first forever: it decodes nothing.
        guard !unions.contains(name), unions.count < Self.maximumCompositionDepth, let union = resolvedUnions[name], later != .model(name)
        else { return false }
        // The way down (`unions`) changes the answer only where a union holds itself with no
        // array between, an error of its own (an array's elements start afresh: see `covers`),
        // or past the depth limit: each answer is remembered, and each union walked once.
        if let known = unionCoverage.results[name]?[later] { return known }
        let result = walkedUnionCovers(union, name, later, within: unions)
        unionCoverage.results[name, default: [:]][later] = result
        return result
    }

    private func walkedUnionCovers(_ union: ResolvedAPI.Union, _ name: String, _ later: TypeReference, within unions: Set<String>) -> Bool {
        if let key = union.discriminator {
            guard case .model(let other) = later, let field = objectFields(other)?[key], field.required else { return false }
            return field.type == "String" || Self.isString(.model(field.type), enums: enumRawValues)
        }
        // A member tried only with an object that holds no key but its own still decodes, at the
        // end, an object that no other member took: the union takes what the member takes.
        return union.cases.contains { covers($0.type, later, within: unions.union([name])) }
    }

    private static func isString(_ type: TypeReference, enums: [String: [SpecDocument.EnumCase.RawValue: String]]) -> Bool {
        switch type {
        case .builtin(let builtin): return [.string, .url, .uuid, .data, .date].contains(builtin)
        case .model(let name): return enums[name]?.keys.contains { if case .string = $0 { true } else { false } } ?? false
        default: return false
        }
    }

    private static func isWholeNumber(_ type: TypeReference, enums: [String: [SpecDocument.EnumCase.RawValue: String]]) -> Bool {
        switch type {
        case .builtin(let builtin): return builtin == .int || builtin == .int64
        case .model(let name): return enums[name]?.keys.contains { if case .integer = $0 { true } else { false } } ?? false
        default: return false
        }
    }

    /// A struct without a required property (all optional, nullable or defaulted, its bases'
    /// too, or tolerant) decodes from any object.
    /// (No deeper than composition goes: a chain of bases thousands long, which composition
    /// reports, would overflow the stack here.)
    private func acceptsAnyObject(_ name: String, visited: Set<String> = []) -> Bool {
        guard !visited.contains(name), visited.count <= Self.maximumCompositionDepth, let model = model(named: name),
              case .structure(let properties) = model.kind else {
            return false
        }
        if model.tolerant { return true }
        let own = properties.allSatisfy {
            $0.type.value.last(where: { !$0.isWhitespace }) == "?" || $0.defaultValue != nil || $0.nullable?.value == true
        }
        return own && model.allOf.allSatisfy { acceptsAnyObject($0.value, visited: visited.union([name])) }
    }

    /// Whether struct `earlier` decodes every object struct `later` decodes, dropping the fields
    /// it does not have: each key `earlier` requires, `later` requires too, with the same type,
    /// and each it may have, `later` has with the same type or not at all. (`A {id}` takes every
    /// `B {id, name}`.) Structs composed with `allOf` are not compared.
    private func decodesEveryObject(of later: String, as earlier: String) -> Bool {
        guard let fields = objectFields(earlier), let others = objectFields(later) else { return false }
        for (key, field) in fields {
            if let other = others[key] {
                guard field.type == other.type || field.type == "JSON", !field.required || other.required else { return false }
            } else if field.required {
                return false
            }
        }
        return true
    }

    /// Whether struct `later` declares a key of `earlier` with another type (InfluxDB's `BoolLit`
    /// and `NumLit`, each `{type?, value?}`, found by a tester): an object of `later` that holds
    /// the key fails as `earlier`, optional as all its keys are. False where they cannot be compared.
    /// (A tolerant `earlier` reads each key with `try?`: it takes them all the same.)
    /// Dates count (Box's metadata filters: `gt` a number in one, a date in the other, found by a
    /// tester), and so do the own properties of a composed struct.
    private func declaresOtherTypes(_ later: String, than earlier: String) -> Bool {
        guard let model = model(named: earlier), !model.tolerant else { return false }
        let fields = declaredTypes(model), others = self.model(named: later).map(declaredTypes) ?? [:]
        return others.contains { key, other in
            guard let type = fields[key] else { return false }
            // A number takes every integer, a string every value of a string enum (and the text of
            // a date, a URL, a UUID).
            let takes = type == other || type == "JSON" || (type == "Double" && ["Int", "Int64"].contains(other))
                || (["Int", "Int64"].contains(type) && ["Int", "Int64"].contains(other))
                || (type == "String" && (Self.isString(.model(other), enums: enumRawValues) || ["Date", "URL", "UUID"].contains(other)))
            return !takes
        }
    }

    /// A struct's own properties' types as written without `?`, by JSON key.
    private func declaredTypes(_ model: SpecDocument.Model) -> [String: String] {
        guard case .structure(let properties) = model.kind else { return [:] }
        let snakeCase = document.usesSnakeCase(model)
        var types: [String: String] = [:]
        for property in properties {
            types[Self.jsonKey(of: property, snakeCase: snakeCase)] = Self.writtenType(property).type
        }
        return types
    }

    /// The fields of struct model `name` by JSON key: whether an object must hold the key with a
    /// value, and the type as written without `?`; nil for a model that is not a plain struct.
    private func objectFields(_ name: String) -> [String: (required: Bool, type: String)]? {
        // Not compared either: a model that reads undeclared keys (they must decode too), or one
        // with dates (whose strategies may tell the same type apart).
        guard let model = model(named: name), model.allOf.isEmpty,
              model.additionalProperties == nil, case .structure(let properties) = model.kind,
              !properties.contains(where: { $0.type.value.contains("Date") }) else { return nil }
        let snakeCase = document.usesSnakeCase(model)
        var fields: [String: (required: Bool, type: String)] = [:]
        for property in properties {
            let (type, optional) = Self.writtenType(property)
            let required = !optional && property.defaultValue == nil && property.nullable?.value != true && !model.tolerant
            fields[Self.jsonKey(of: property, snakeCase: snakeCase)] = (required, type)
        }
        return fields
    }

    /// A property's type as the spec writes it, without spaces and without `?`, and whether it
    /// had one.
    private static func writtenType(_ property: SpecDocument.Property) -> (type: String, optional: Bool) {
        var type = property.type.value.filter { !$0.isWhitespace }
        let optional = type.hasSuffix("?")
        if optional { type.removeLast() }
        return (type, optional)
    }

    /// `String` → `string`, `MessageEvent` → `messageEvent`, `[Part]` → `partArray`,
    /// `[String: Int]` → `intDictionary`.
    static func caseName(for type: TypeReference) -> String {
        switch type {
        case .builtin(let builtin): SwiftNaming.memberName(builtin.rawValue)
        case .model(let name), .replaced(let name, _): SwiftNaming.memberName(name)
        case .array(let element): caseName(for: element) + "Array"
        case .dictionary(let value): caseName(for: value) + "Dictionary"
        case .optional(let wrapped): caseName(for: wrapped)
        case .uploadBody: "upload"
        case .progressHandler: "progress"
        }
    }

    /// Tagged unions: every member holds the discriminator, under its JSON key, as a `String` or a
    /// string enum. Run once structs are resolved, since keys depend on key strategies. Unions
    /// that contain themselves through unions alone are found here too.
    mutating func checkDiscriminators(_ models: inout [ResolvedAPI.Model]) {
        var structures: [String: ResolvedAPI.Structure] = [:]
        for case .structure(let structure) in models { structures[structure.name] = structure }
        var unionsByName: [String: ResolvedAPI.Union] = [:]
        for case .union(let union) in models { unionsByName[union.name] = union }
        // Read from the spec, not the resolved union: a union with another problem (an unknown
        // member, say) is not resolved, and its members are still checked in the same run.
        for model in document.models {
            guard case .union(let union) = model.kind, let discriminator = union.discriminator else { continue }
            for member in union.members {
                // A member that is a union holds the discriminator in each of its own members,
                // which must be objects (each union looked at once, `seen`; one that did not
                // resolve has said why).
                let severalValues = union.mapping.filter { $0.type.value == member.type.value }.count > 1
                var pending = [(type: TypeReference.model(member.type.value), within: [String]())]
                var seen: Set<String> = [model.name.value]
                while let (type, within) = pending.popLast() {
                    let place = within.isEmpty ? "" : " (in \(within.map { "'\($0)'" }.joined(separator: " in ")))"
                    guard case .model(let name) = type, modelKinds[name] != .enumeration else {
                        // The union's own members that are never objects are read without it.
                        if within.isEmpty { continue }
                        diagnostics.error(
                            "member '\(type.swift)'\(place) of union '\(model.name.value)' is not an object, so it cannot hold the discriminator '\(discriminator.value)': a union that is a member of a tagged union must be of struct models",
                            at: member.type.location)
                        continue
                    }
                    if modelKinds[name] == .union {
                        guard seen.insert(name).inserted, let inner = unionsByName[name] else { continue }
                        pending += inner.cases.reversed().map { ($0.type, [name] + within) }
                        continue
                    }
                    guard let structure = structures[name] else { continue }
                    guard let property = structure.properties.first(where: { $0.key == discriminator.value }) else {
                        diagnostics.error(
                            "member '\(name)'\(place) of union '\(model.name.value)' has no property with the JSON key '\(discriminator.value)', the union's discriminator",
                            at: member.type.location)
                        continue
                    }
                    let type = property.type.unwrapped
                    let isStringEnum = isEnum(type) && Self.isString(type, enums: enumRawValues)
                    if type != .builtin(.string) && !isStringEnum {
                        diagnostics.error(
                            "property '\(property.swiftName)' of '\(name)'\(place) holds the discriminator '\(discriminator.value)' of union '\(model.name.value)', so it must be a String or a string enum, not \(property.type.swift)",
                            at: member.type.location)
                    } else if !within.isEmpty, severalValues, property.isNullable || property.type != property.type.unwrapped {
                        // Picked by several values, the union goes out as it encodes itself: its
                        // members must always write the discriminator.
                        diagnostics.error(
                            "property '\(property.swiftName)' of '\(name)'\(place) may be \(property.isRequired ? "null" : "left out"), but '\(member.type.value)' is picked by several values of '\(discriminator.value)' in union '\(model.name.value)' and goes out with its members' own: make it \(property.isRequired ? "non-optional" : "required")",
                            at: member.type.location)
                    }
                }
            }
        }
        checkUnionCycles(unionsByName)
        // A case that several values pick writes the member's own one: how to read it, from the
        // resolved struct (its bases' properties, and the optional a tolerant model makes, included).
        for index in models.indices {
            guard case .union(var union) = models[index], let discriminator = union.discriminator else { continue }
            for caseIndex in union.cases.indices where union.cases[caseIndex].tags.count > 1 {
                guard case .model(let name) = union.cases[caseIndex].type, let structure = structures[name],
                      let property = structure.properties.first(where: { $0.key == discriminator }) else { continue }
                var expression = "value." + SwiftNaming.escaped(property.swiftName)
                var optional = false
                if property.isNullable {
                    expression += "?.value"
                    optional = true
                } else if case .optional = property.type {
                    optional = true
                }
                if isEnum(property.type.unwrapped) { expression += (optional ? "?" : "") + ".rawValue" }
                union.cases[caseIndex].ownTag = expression
            }
            models[index] = .union(union)
        }
    }

    /// A union that is its own member through unions alone (`A` of `B | Int`, `B` of `A | String`)
    /// would try itself forever when decoding.
    private mutating func checkUnionCycles(_ unions: [String: ResolvedAPI.Union]) {
        var edges: [String: [String]] = [:]
        var names: [String] = []
        for model in document.models {
            guard let union = unions[model.name.value] else { continue }
            names.append(union.name)
            edges[union.name] = union.cases.compactMap {
                if case .model(let target) = $0.type, unions[target] != nil { return target }
                return nil
            }
        }
        let component = Self.stronglyConnectedComponents(names, edges)
        var reported: Set<Int> = []
        for model in document.models {
            guard case .union(let union) = model.kind, let resolved = unions[model.name.value],
                  let own = component[resolved.name] else { continue }
            for (member, resolvedCase) in zip(union.members, resolved.cases) {
                guard case .model(let target) = resolvedCase.type, component[target] == own, reported.insert(own).inserted else { continue }
                diagnostics.error(
                    "union '\(resolved.name)' contains itself through '\(target)' with no struct or array in between, so decoding it would never end; hold the member in a struct property or an array",
                    at: member.type.location)
            }
        }
    }
}

extension TypeReference {
    /// Whether `type` appears anywhere in this one.
    func contains(_ type: TypeReference) -> Bool {
        if self == type { return true }
        switch self {
        case .array(let inner), .dictionary(let inner), .optional(let inner): return inner.contains(type)
        default: return false
        }
    }
}
