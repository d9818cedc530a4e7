/// Type expressions resolved against builtins and the spec's models.
extension Resolver {
    /// Resolves a type expression, reporting a parse error or an unknown name at its column.
    mutating func resolveType(_ text: Located<String>) -> TypeReference? {
        func location(_ offset: Int) -> SourceLocation { text.location(ofScalarAt: offset) }
        let expression: TypeExpression
        do {
            expression = try TypeExpressionParser.parse(text.value)
        } catch {
            diagnostics.error("\(error.message): '\(text.value)'", at: location(error.offset))
            return nil
        }
        switch lookUp(expression) {
        case .success(let type): return type
        case .failure(let unknown):
            var message = "unknown type '\(unknown.name)'"
            let candidates = BuiltinType.allCases.map(\.rawValue) + document.models.map(\.name.value)
            if let hint = suggestion(for: unknown.name, among: candidates) { message += "; \(hint)" }
            diagnostics.error(message, at: location(unknown.offset))
            return nil
        }
    }

    /// A type expression resolved without a diagnostic: nil when it does not parse or names no
    /// type (where it is declared, it is reported).
    func quietType(_ text: String) -> TypeReference? {
        guard let expression = try? TypeExpressionParser.parse(text) else { return nil }
        return try? lookUp(expression).get()
    }

    struct UnknownTypeName: Error {
        var name: String
        var offset: Int
    }

    /// The type an expression names against builtins and the spec's models, or its first name
    /// that names neither.
    private func lookUp(_ expression: TypeExpression) -> Result<TypeReference, UnknownTypeName> {
        switch expression {
        case .array(let element): return lookUp(element).map { .array($0) }
        case .dictionary(let value): return lookUp(value).map { .dictionary($0) }
        case .optional(let wrapped): return lookUp(wrapped).map { .optional($0) }
        case .named(let name, let offset):
            if let builtin = BuiltinType(rawValue: name) { return .success(.builtin(builtin)) }
            if modelKinds[name] != nil { return .success(.model(name)) }
            return .failure(UnknownTypeName(name: name, offset: offset))
        }
    }

    func isEnum(_ type: TypeReference) -> Bool {
        if case .model(let name) = type { return modelKinds[name] == .enumeration }
        return false
    }

    /// A union whose members are all values a parameter or form field sends as text (Telegram's
    /// `chat_id`: an id or a channel's name), untagged: it sends the text of its member
    /// (`ParameterValue`). A case named `parameterValue` would clash with the property.
    func isTextUnion(_ union: SpecDocument.Union) -> Bool {
        guard !union.members.isEmpty, union.discriminator == nil else { return false }
        return union.members.allSatisfy { member in
            guard member.name.map({ SwiftNaming.memberName($0.value) }) != "parameterValue" else { return false }
            if let builtin = BuiltinType(rawValue: member.type.value) { return [.string, .int, .int64, .double, .bool, .uuid, .url].contains(builtin) }
            return modelKinds[member.type.value] == .enumeration
        }
    }

    /// A value a path, query item, header, cookie or form field sends as text: a simple type, or
    /// a union of them.
    func isSentAsText(_ type: TypeReference) -> Bool {
        if isSimple(type) { return true }
        guard case .model(let name) = type, let model = model(named: name), case .union(let union) = model.kind else { return false }
        return isTextUnion(union)
    }

    /// Types with one text form: what a path segment, query item or header can hold.
    func isSimple(_ type: TypeReference) -> Bool {
        switch type {
        case .builtin(let builtin): return ![.data, .json, .file].contains(builtin)
        case .model: return isEnum(type)
        default: return false
        }
    }
}
