/// Passes over the whole imported document: what OpenAPI allows and the spec format does not
/// (a discriminator its members do not hold, a form field that holds an object) is imported in a
/// form that generates, with a warning; what many endpoints share moves into `defaults`.
extension OpenAPIReader {
    // MARK: Tagged unions

    /// A discriminator is kept when every member is a struct model with a string property under
    /// its key; otherwise the union tries its members in order. Members the mapping does not name
    /// are tagged with their schema's name, as OpenAPI says, also where the model was renamed.
    mutating func checkTaggedUnions(_ document: inout SpecDocument) {
        var componentKeys: [String: String] = [:]
        for (key, model) in componentModels { componentKeys[model] = key }
        let structures = Self.structures(of: document)
        // Each base is looked at once (`visited`), so that diamonds of bases stay cheap.
        func holdsString(_ model: SpecDocument.Model, key: String, always: Bool = false, visited: inout Set<String>) -> Bool {
            guard visited.insert(model.name.value).inserted, case .structure(let properties) = model.kind else { return false }
            if let property = properties.first(where: { ($0.key ?? $0.name).value == key }) {
                let optional = property.type.value.hasSuffix("?")
                let type = optional ? String(property.type.value.dropLast()) : property.type.value
                return (type == "String" || isStringEnumModel(type)) && !(always && (optional || property.nullable?.value == true))
            }
            for base in model.allOf {
                if let structure = structures[base.value], holdsString(structure, key: key, always: always, visited: &visited) { return true }
            }
            return false
        }
        var unions: [String: SpecDocument.Union] = [:]
        for model in document.models {
            if case .union(let union) = model.kind { unions[model.name.value] = union }
        }
        // A member that is a union holds it in each of its members (each union looked at once);
        // `always` where several values pick it, since it then goes out with its members' own.
        func holds(_ type: String, key: String, always: Bool = false, unionsSeen: inout Set<String>) -> Bool {
            if let structure = structures[type] {
                var visited: Set<String> = []
                return holdsString(structure, key: key, always: always, visited: &visited)
            }
            guard let inner = unions[type], unionsSeen.insert(type).inserted, !inner.members.isEmpty else { return false }
            return inner.members.allSatisfy { holds($0.type.value, key: key, always: always, unionsSeen: &unionsSeen) }
        }
        for index in document.models.indices {
            guard case .union(var union) = document.models[index].kind, let discriminator = union.discriminator else { continue }
            let model = document.models[index]
            // Members that are never objects ("auto", a list) need no discriminator.
            var failing = union.members.first { member in
                var unionsSeen: Set<String> = [model.name.value]
                let type = member.type.value
                guard structures[type] != nil || unions[type] != nil else { return !isNeverAnObject(type) }
                // Picked by several values: those the mapping gives it, or else all its members hold.
                let mapped = union.mapping.filter { $0.type.value == type }.count
                let several = unions[type] != nil && (mapped > 0 ? mapped > 1
                    : (schema(ofModel: type).flatMap { unionTagValues(of: $0)?.values[discriminator.value]?.count } ?? 0) > 1)
                return !holds(type, key: discriminator.value, always: several, unionsSeen: &unionsSeen)
            }
            // A member that is a union is picked by the values its members hold, which must be
            // known and no other member's (OpenAI's `InputItem` lists `EasyInputMessage`, of
            // `message`, beside `Item`, whose messages are `message` too: only trying them in
            // order tells them apart).
            var unionValues: [String: [String]] = [:]
            if failing == nil {
                var owners: [String: String] = [:]
                for member in union.members {
                    let type = member.type.value
                    let mapped = union.mapping.filter { $0.type.value == type }.map(\.value.value)
                    var own = mapped
                    if mapped.isEmpty, unions[type] != nil {
                        own = schema(ofModel: type).flatMap { unionTagValues(of: $0)?.values[discriminator.value] } ?? []
                        unionValues[type] = own
                        if own.isEmpty { failing = failing ?? member }
                    } else if mapped.isEmpty, structures[type] != nil {
                        own = [constant(discriminator.value, of: type) ?? componentKeys[type] ?? type]
                    }
                    for value in own {
                        if let other = owners[value], other != type, unions[other] != nil || unions[type] != nil {
                            failing = failing ?? (unions[type] != nil ? member : union.members.first { $0.type.value == other })
                        }
                        owners[value] = type
                    }
                }
            }
            if failing != nil, inferredDiscriminators.contains(model.pointer) {
                union.discriminator = nil
                union.mapping = []
                union.members = orderedForDecoding(union.members, requiredKeysFirst: true)
                document.models[index].kind = .union(union)
                continue
            }
            if let failing {
                let name = failing.type.value
                let why = switch (unions[name] != nil, unionValues[name]) {
                case (false, _): "\(name) is not an object with a string property '\(discriminator.value)'"
                case (true, nil): "\(name), a union, has a member that is not an object that holds a string '\(discriminator.value)' (always, where several values pick it)"
                case (true, let values?) where values.isEmpty: "the members of \(name), a union, hold no fixed values of '\(discriminator.value)'"
                case (true, _): "\(name), a union, holds a value of '\(discriminator.value)' that another member holds too"
                }
                unmapped("the discriminator '\(discriminator.value)' is not imported: \(why); the union tries its members in order", at: discriminator.location,
                         pointer: model.pointer + "/discriminator", concerns: [model.pointer])
                union.discriminator = nil
                union.mapping = []
                union.members = orderedForDecoding(union.members, requiredKeysFirst: true)
                document.models[index].kind = .union(union)
                continue
            }
            let memberTypes = Set(union.members.map(\.type.value))
            union.mapping.removeAll { entry in
                if memberTypes.contains(entry.type.value), structures[entry.type.value] == nil, unions[entry.type.value] == nil {
                    unmapped("the mapping of '\(entry.value.value)' names \(entry.type.value), which is not an object and has no "
                             + "discriminator; it is left out", at: entry.value.location, pointer: model.pointer + "/discriminator/mapping",
                             concerns: [model.pointer])
                    return true
                }
                guard !memberTypes.contains(entry.type.value) else { return false }
                unmapped("the mapping of '\(entry.value.value)' names \(entry.type.value), which is not one of the union's members; "
                         + "it is left out", at: entry.value.location, pointer: model.pointer + "/discriminator/mapping",
                         concerns: [model.pointer])
                return true
            }
            var values = Set(union.mapping.map(\.value.value))
            for member in union.members where (structures[member.type.value] != nil || unions[member.type.value] != nil)
                && !union.mapping.contains(where: { $0.type.value == member.type.value }) {
                // A member whose discriminator property holds one constant (`"type": {"enum":
                // ["file_citation"]}`) is only ever sent with that value: the schema's name, which
                // OpenAPI's implicit mapping uses, would never match one (OpenAI's 54
                // discriminators have no mapping, and would decode every object as unknown).
                // A union: each value its members hold.
                if let held = unionValues[member.type.value] {
                    for value in held where values.insert(value).inserted {
                        union.mapping.append((Located(value: value, location: member.type.location), member.type))
                    }
                    continue
                }
                let implicit = constant(discriminator.value, of: member.type.value)
                    ?? componentKeys[member.type.value] ?? member.type.value
                if implicit != member.type.value || values.contains(implicit) {
                    if values.insert(implicit).inserted {
                        union.mapping.append((Located(value: implicit, location: member.type.location), member.type))
                    }
                }
            }
            document.models[index].kind = .union(union)
        }
    }

    /// The one string the property `key` of model `type`'s schema holds, if it holds one.
    private func constant(_ key: String, of type: String) -> String? {
        guard let schema = schema(ofModel: type) else { return nil }
        if let values = unionTagValues(of: schema)?.values[key] { return values.count == 1 ? values[0] : nil }
        return constantProperties(of: schema)[key]
    }

    /// An untagged union tries its members in order: a struct that decodes from any object (no
    /// required property) goes after the structs that need properties, so that they are tried first.
    func orderUntaggedUnions(_ document: inout SpecDocument) {
        let structures = Self.structures(of: document)
        func acceptsAnyObject(_ name: String) -> Bool {
            var visited: Set<String> = []
            return acceptsAnyObject(name, visited: &visited)
        }
        // A base already looked at does not change the answer (`visited`), which keeps diamonds cheap.
        func acceptsAnyObject(_ name: String, visited: inout Set<String>) -> Bool {
            guard visited.insert(name).inserted else { return true }
            guard let model = structures[name], case .structure(let properties) = model.kind else { return false }
            guard properties.allSatisfy({ $0.type.value.hasSuffix("?") || $0.defaultValue != nil || $0.nullable?.value == true }) else {
                return false
            }
            for base in model.allOf where !acceptsAnyObject(base.value, visited: &visited) { return false }
            return true
        }
        for index in document.models.indices {
            guard case .union(var union) = document.models[index].kind, union.discriminator == nil else { continue }
            let open = union.members.filter { acceptsAnyObject($0.type.value) }
            guard !open.isEmpty, let last = union.members.lastIndex(where: { structures[$0.type.value] != nil }) else { continue }
            var members = union.members.filter { !acceptsAnyObject($0.type.value) }
            let position = members[..<min(last + 1 - open.count, members.count)].count
            members.insert(contentsOf: open, at: position)
            union.members = members
            document.models[index].kind = .union(union)
        }
    }

    /// The document's struct models by name.
    static func structures(of document: SpecDocument) -> [String: SpecDocument.Model] {
        Dictionary(document.models.compactMap { model -> (String, SpecDocument.Model)? in
            if case .structure = model.kind { return (model.name.value, model) }
            return nil
        }, uniquingKeysWith: { first, _ in first })
    }

    // MARK: Forms

    /// A form or multipart body's model holds fields: text values and arrays of them; in a
    /// multipart body also files (`File`, so that the app names each) and other values, sent as
    /// JSON. A url-encoded field that holds more than text is imported as a String the app
    /// writes, with a warning; a calendar date is a String too, since a form sends a `Date` with
    /// its time. A model that needs such changes and is also used elsewhere is copied for the
    /// form (`<Model>Form`), so that its other uses keep their types.
    mutating func checkFormBodies(_ document: inout SpecDocument) {
        var forms: [String: String] = [:]  // model → the model its form bodies send
        for resourceIndex in document.resources.indices {
            for endpointIndex in document.resources[resourceIndex].endpoints.indices {
                guard let body = document.resources[resourceIndex].endpoints[endpointIndex].body, let encoding = body.encoding?.value else { continue }
                let optional = body.type.value.hasSuffix("?")
                let model = optional ? String(body.type.value.dropLast()) : body.type.value
                let key = model + "\u{0}" + encoding
                if forms[key] == nil {
                    forms[key] = formModel(model, multipart: encoding == "multipart", in: &document)
                }
                document.resources[resourceIndex].endpoints[endpointIndex].body?.type.value = forms[key]! + (optional ? "?" : "")
            }
        }
    }

    /// The name of the model a form body of `name` sends: `name` itself, changed where needed, or
    /// a changed copy when `name` is used elsewhere too.
    private mutating func formModel(_ name: String, multipart: Bool, in document: inout SpecDocument) -> String {
        guard let index = document.models.firstIndex(where: { $0.name.value == name }), case .structure = document.models[index].kind else {
            return name
        }
        var model = document.models[index]
        // The fields are the properties of the bases too, read in place.
        var properties = flattenedProperties(of: model, in: document)
        var changed = false
        if let additional = model.additionalProperties {
            // An object that declares no property (`properties: {}`) holds any key: its form has none.
            let message = properties.isEmpty ? "a form body whose schema declares no field is sent empty: the keys it may hold are not sent"
                : "a form body sends the fields it declares; the other keys ('additionalProperties') are left out"
            unmapped(message, at: additional.location,
                     pointer: model.pointer + (properties.isEmpty ? "" : "/additionalProperties"), concerns: [model.pointer])
            model.additionalProperties = nil
            changed = true
        }
        for (offset, property) in properties.enumerated() {
            var type = property.type.value
            let optional = type.hasSuffix("?") || property.nullable?.value == true
            if type.hasSuffix("?") { type.removeLast() }
            let pointer = Self.pointer(model.pointer + "/properties", (property.key ?? property.name).value)
            let isArray = type.hasPrefix("[") && type.hasSuffix("]") && !type.contains(":")
            var element = isArray ? String(type.dropFirst().dropLast()) : type
            var replacement: String?
            if isArray && element.hasSuffix("?") {
                // A nil element would have nothing to send.
                element.removeLast()
                unmapped("a form field cannot be null; the elements of \(type) are imported non-optional",
                         at: property.type.location, pointer: pointer, concerns: [model.pointer])
                replacement = "[\(element)]"
            }
            let isFile = element == "Data" || element == "File"
            let hadDefault = property.defaultValue != nil ? "; its default is left out" : ""
            if isFile && !multipart {
                unmapped("a form field holds text; the file is imported as a String the app encodes\(hadDefault)",
                         at: property.type.location, pointer: pointer, concerns: [model.pointer])
                replacement = "String"
            } else if isFile && element == "Data" {
                // A part of its own, with a file name and a media type the app gives (a server
                // may tell the file's format by its name's extension).
                replacement = isArray ? "[File]" : "File"
            } else if !isFile && !isSimpleParameter(element) && multipart && isFileUnion(element, in: document) {
                // One file or several (`oneOf: [binary, array of binary]`): several, one part each.
                unmapped("the field holds one file or several; it is imported as [File], a part per file\(hadDefault)",
                         at: property.type.location, pointer: pointer, concerns: [model.pointer])
                replacement = "[File]"
            } else if !isFile && !isSimpleParameter(element) && !multipart {
                // An array keeps its elements apart, a field each, as a form sends a list (Twilio's
                // `Details.Fields`: up to 20 objects, each as JSON).
                let what = isArray ? "the elements of \(type) are imported as Strings the app encodes (as JSON, for example), a field each"
                    : "\(type) is imported as a String the app encodes (as JSON, for example)"
                unmapped("a url-encoded form field holds text; \(what)\(hadDefault)",
                         at: property.type.location, pointer: pointer, concerns: [model.pointer])
                replacement = isArray ? "[String]" : "String"
            } else if !isFile && !isSimpleParameter(element) && type.replacingDateWithString() != type {
                // Sent as JSON, where a Date outside a model has no date strategy.
                unmapped("a multipart field of \(type) is sent as JSON, where a Date needs a model property for its date strategy; "
                         + "its dates are imported as Strings the app formats\(hadDefault)",
                         at: property.type.location, pointer: pointer, concerns: [model.pointer])
                replacement = (replacement ?? type).replacingDateWithString()
                properties[offset].options.dateStrategy = nil
            } else if case .named("dateOnly")? = property.options.dateStrategy?.value, element == "Date" {
                // A form sends a Date with its time: a calendar date is sent as the text it is.
                replacement = isArray ? "[String]" : "String"
                properties[offset].options.dateStrategy = nil
            }
            if let replacement {
                properties[offset].type.value = replacement + (optional ? "?" : "")
                // A default stays only where the type keeps its values.
                if replacement != "[\(element)]" { properties[offset].defaultValue = nil }
                changed = true
            }
            if property.nullable?.value == true || property.required?.value == true {
                // A form has no null: a field without a value is left out.
                properties[offset].nullable = nil
                properties[offset].required = nil
                if !properties[offset].type.value.hasSuffix("?") { properties[offset].type.value += "?" }
                changed = true
            }
        }
        guard changed else { return name }
        model.kind = .structure(properties)
        if !model.allOf.isEmpty {
            // The form holds its bases' fields from now on: a warning about a base concerns it.
            let bases = basePointers(of: model, in: document)
            for index in diagnostics.diagnostics.indices
            where !unattributed.contains(index) && !bases.isDisjoint(with: diagnostics.diagnostics[index].concerns) {
                diagnostics.add(concerns: [model.pointer], toDiagnosticAt: index)
            }
        }
        model.allOf = []
        if isUsedOutsideForms(name, in: document) {
            let copy = uniqueTypeName(name + "Form")
            model.name = Located(value: copy, location: model.name.location)
            model.description = model.description ?? "The form of \(name)."
            document.models.insert(model, at: index + 1)
            return copy
        }
        document.models[index] = model
        return name
    }

    /// Whether `type` names a union of files only (`Data`, `[Data]`).
    private func isFileUnion(_ type: String, in document: SpecDocument) -> Bool {
        guard let model = document.models.first(where: { $0.name.value == type }), case .union(let union) = model.kind else { return false }
        return union.members.allSatisfy { ["Data", "[Data]", "File", "[File]"].contains($0.type.value) }
    }

    /// The pointers of the models `model` is composed of, and of those they are composed of.
    private func basePointers(of model: SpecDocument.Model, in document: SpecDocument) -> Set<String> {
        var result: Set<String> = []
        var visited: Set<String> = []
        var pending = model.allOf.map(\.value)
        while let name = pending.popLast() {
            guard visited.insert(name).inserted, let base = document.models.first(where: { $0.name.value == name }) else { continue }
            result.insert(base.pointer)
            pending += base.allOf.map(\.value)
        }
        return result
    }

    /// A struct's properties after those of its bases (each base once); a later one with the same
    /// key replaces an earlier one in place.
    private func flattenedProperties(of model: SpecDocument.Model, in document: SpecDocument) -> [SpecDocument.Property] {
        var visited: Set<String> = []
        var result: [SpecDocument.Property] = []
        func add(_ model: SpecDocument.Model) {
            guard visited.insert(model.name.value).inserted, case .structure(let properties) = model.kind else { return }
            for base in model.allOf {
                if let found = document.models.first(where: { $0.name.value == base.value }) { add(found) }
            }
            for property in properties {
                let key = (property.key ?? property.name).value
                if let index = result.firstIndex(where: { ($0.key ?? $0.name).value == key }) {
                    result[index] = property
                } else {
                    result.append(property)
                }
            }
        }
        add(model)
        return result
    }

    /// Whether a type expression anywhere but a form or multipart body names the model.
    private func isUsedOutsideForms(_ name: String, in document: SpecDocument) -> Bool {
        func mentions(_ expression: String) -> Bool {
            var word = ""
            for character in expression + " " {
                if character.isLetter || character.isNumber || character == "_" {
                    word.append(character)
                } else {
                    if word == name { return true }
                    word = ""
                }
            }
            return false
        }
        for model in document.models where model.name.value != name {
            if model.allOf.contains(where: { $0.value == name }) || model.additionalProperties.map({ mentions($0.value) }) == true { return true }
            switch model.kind {
            case .structure(let properties): if properties.contains(where: { mentions($0.type.value) }) { return true }
            case .union(let union): if union.members.contains(where: { mentions($0.type.value) }) { return true }
            case .enumeration: break
            }
        }
        if let errorResponse = document.defaultErrorResponse, errorResponse.types.contains(where: { mentions($0.value) }) { return true }
        for endpoint in document.resources.flatMap(\.endpoints) {
            let parameters = endpoint.pathParameters + endpoint.query + endpoint.headers + endpoint.cookies
            if parameters.contains(where: { mentions($0.type.value) }) { return true }
            if let body = endpoint.body, body.encoding == nil, mentions(body.type.value) { return true }
            for type in [endpoint.response].compactMap({ $0 }) + (endpoint.errorResponse?.types ?? []) where mentions(type.value) { return true }
        }
        return false
    }


    /// The error body most endpoints share becomes `defaults.errorResponse`; the endpoints
    /// without one then say `"none"`, and those with a type per status keep theirs.
    mutating func hoistErrorResponse(_ document: inout SpecDocument) {
        var counts: [String: Int] = [:]
        var order: [String] = []
        var total = 0
        for resource in document.resources {
            for endpoint in resource.endpoints {
                total += 1
                guard let type = endpoint.errorResponse?.one?.value else { continue }
                if counts[type] == nil { order.append(type) }
                counts[type, default: 0] += 1
            }
        }
        guard let common = order.max(by: { counts[$0]! < counts[$1]! }), counts[common]! * 2 > total else { return }
        document.defaultErrorResponse = document.resources.lazy.flatMap(\.endpoints).compactMap(\.errorResponse).first { $0.one?.value == common }
        for resourceIndex in document.resources.indices {
            for index in document.resources[resourceIndex].endpoints.indices {
                let endpoint = document.resources[resourceIndex].endpoints[index]
                if endpoint.errorResponse?.one?.value == common {
                    document.resources[resourceIndex].endpoints[index].errorResponse = nil
                } else if endpoint.errorResponse == nil {
                    document.resources[resourceIndex].endpoints[index].errorResponse = .one(Located(value: "none", location: endpoint.location))
                }
            }
        }
    }

    /// `convertFromSnakeCase` when most keys are snake_case: properties are then written under
    /// their Swift-style names, and a key the strategy would not give is written out.
    mutating func chooseKeyStrategy(_ document: inout SpecDocument) {
        var snake = 0
        var camel = 0
        for model in document.models {
            guard case .structure(let properties) = model.kind else { continue }
            for property in properties where property.key == nil {
                let key = property.name.value
                if key.contains("_"), key == key.lowercased() { snake += 1 }
                if key.contains(where: \.isUppercase) { camel += 1 }
            }
        }
        guard snake > camel else { return }
        document.defaults.keyStrategy = Located(value: "convertFromSnakeCase", location: root.location)
        for index in document.models.indices {
            guard case .structure(var properties) = document.models[index].kind else { continue }
            for offset in properties.indices where properties[offset].key == nil {
                let key = properties[offset].name.value
                let swiftName = SwiftNaming.memberName(key)
                if SwiftNaming.isIdentifier(swiftName), !swiftName.hasPrefix("_"), SwiftNaming.snakeCase(swiftName) == key {
                    properties[offset].name.value = swiftName
                } else if SwiftNaming.snakeCase(key) != key {
                    properties[offset].key = properties[offset].name
                }
            }
            document.models[index].kind = .structure(properties)
        }
    }
}
