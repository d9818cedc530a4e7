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
        func resolve(_ expression: TypeExpression) -> TypeReference? {
            switch expression {
            case .array(let element): return resolve(element).map { .array($0) }
            case .dictionary(let value): return resolve(value).map { .dictionary($0) }
            case .optional(let wrapped): return resolve(wrapped).map { .optional($0) }
            case .named(let name, let offset):
                if let builtin = BuiltinType(rawValue: name) { return .builtin(builtin) }
                if modelKinds[name] != nil { return .model(name) }
                var message = "unknown type '\(name)'"
                let candidates = BuiltinType.allCases.map(\.rawValue) + document.models.map(\.name.value)
                if let hint = suggestion(for: name, among: candidates) { message += "; \(hint)" }
                diagnostics.error(message, at: location(offset))
                return nil
            }
        }
        return resolve(expression)
    }

    /// A type expression resolved without a diagnostic: nil when it does not parse or names no
    /// type (where it is declared, it is reported).
    func quietType(_ text: String) -> TypeReference? {
        guard let expression = try? TypeExpressionParser.parse(text) else { return nil }
        func resolve(_ expression: TypeExpression) -> TypeReference? {
            switch expression {
            case .array(let element): return resolve(element).map { .array($0) }
            case .dictionary(let value): return resolve(value).map { .dictionary($0) }
            case .optional(let wrapped): return resolve(wrapped).map { .optional($0) }
            case .named(let name, _):
                if let builtin = BuiltinType(rawValue: name) { return .builtin(builtin) }
                return modelKinds[name] != nil ? .model(name) : nil
            }
        }
        return resolve(expression)
    }

    func isEnum(_ type: TypeReference) -> Bool {
        if case .model(let name) = type { return modelKinds[name] == .enumeration }
        return false
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
