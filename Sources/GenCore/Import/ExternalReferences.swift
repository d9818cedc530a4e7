/// OpenAPI documents split over several files: a `$ref` that names another file
/// (`schemas/Pet.yaml`, `common.yaml#/components/schemas/Error`), JSON or YAML, relative to the
/// file that holds it. Before the document is read, each such file is read once and put into
/// the document under `x-endpointgen-files`, and every reference to it is rewritten to point
/// there, so that the import follows it as it follows any reference within the document. A
/// component that is only a reference to another file (`Pet: {$ref: schemas/Pet.yaml}`, the way
/// such documents are laid out) takes the file's content in its place, keeping its name.
///
/// A position in another file keeps its line and column: the lines of the n-th file read (from
/// 0) are counted past `(n + 1) × lineBase`, and ``DiagnosticCollector`` names the file again
/// when it reports one.
struct ExternalReferences {
    static let filesKey = "x-endpointgen-files"
    /// What may stand beside a component's `$ref` to a file and still leave it the file's content.
    static let annotations: Set<String> = ["description", "summary", "title", "deprecated", "nullable", "readOnly", "writeOnly"]
    /// Far above any document's lines, and small enough that a billion files would fit.
    static let lineBase = 1 << 32

    /// A place a reference names: a file (as its path is spelt from the document's folder) and a
    /// JSON pointer in it, empty for the whole file.
    struct Target: Hashable {
        var path: String
        var pointer: String
    }

    struct File: Sendable {
        /// As diagnostics name it: relative to the document's folder as the document's own path is.
        var path: String
        /// Its name without its extension, under which its content goes: a schema that is the
        /// whole file is named after it (`pet-owner.yaml` → `PetOwner`).
        var key: String
        var node: JSONNode
    }

    private let read: @Sendable (String) -> String?
    private(set) var files: [File] = []
    private var indexOfPath: [String: Int] = [:]
    /// Files that could not be read or parsed, and targets that name nothing: reported once.
    private var unreadable: Set<String> = []
    private var reported: Set<Target> = []
    /// The document's own path, as a reference from another file spells it.
    private var rootPath = ""
    /// Places in other files that a component of the document is, and its pointer.
    private var componentOfTarget: [Target: String] = [:]
    /// Files read whose references are not rewritten yet.
    private var pending: [Int] = []
    private(set) var diagnostics: [Diagnostic] = []

    init(read: @escaping @Sendable (String) -> String?) {
        self.read = read
    }

    /// The document with the files it refers to brought in; unchanged when it refers to none.
    mutating func bundle(_ root: JSONNode, path: String) -> JSONNode {
        guard case .object(var members) = root.value, Self.refersToOtherFiles(root) else { return root }
        rootPath = Self.normalized(path)
        // Components that are a reference to another file take its content, under their name,
        // with the annotations beside the reference (OpenAPI 3.1's `description` or `summary`).
        var replaced: [(kind: Int, component: Int, target: Target, annotations: [JSONNode.Member])] = []
        if let componentsIndex = members.firstIndex(where: { $0.key == "components" }),
           case .object(let kinds) = members[componentsIndex].value.value {
            for (kindIndex, kind) in kinds.enumerated() {
                guard case .object(let components) = kind.value.value else { continue }
                for (componentIndex, component) in components.enumerated() {
                    guard case .object(let fields) = component.value.value, let field = fields.first(where: { $0.key == "$ref" }),
                          fields.allSatisfy({ $0.key == "$ref" || Self.annotations.contains($0.key) }),
                          case .string(let reference) = field.value.value, !reference.hasPrefix("#"),
                          let target = Self.target(reference, in: path), target.path != rootPath,
                          componentOfTarget[target] == nil,  // a second component naming the same place refers to the first
                          checked(target, reference: reference, at: field.value, from: path) else { continue }
                    componentOfTarget[target] = "#/components/\(Self.escaped(kind.key))/\(Self.escaped(component.key))"
                    replaced.append((kindIndex, componentIndex, target, fields.filter { $0.key != "$ref" }))
                }
            }
        }
        var document = rewritten(JSONNode(value: .object(members), location: root.location), in: path, isRoot: true)
        while let index = pending.popLast() {
            files[index].node = rewritten(files[index].node, in: files[index].path, isRoot: false)
        }
        guard case .object(let rewrittenMembers) = document.value else { return document }
        members = rewrittenMembers
        if let componentsIndex = members.firstIndex(where: { $0.key == "components" }),
           case .object(var kinds) = members[componentsIndex].value.value {
            for (kindIndex, componentIndex, target, annotations) in replaced {
                guard case .object(var components) = kinds[kindIndex].value.value,
                      var content = node(at: target) else { continue }
                if case .object(var contentMembers) = content.value {
                    for annotation in annotations {
                        if let existing = contentMembers.firstIndex(where: { $0.key == annotation.key }) {
                            contentMembers[existing] = annotation
                        } else {
                            contentMembers.append(annotation)
                        }
                    }
                    content.value = .object(contentMembers)
                }
                components[componentIndex].value = content
                kinds[kindIndex].value.value = .object(components)
            }
            members[componentsIndex].value.value = .object(kinds)
        }
        if !files.isEmpty {
            let entries = files.map { file in
                JSONNode(value: .object([JSONNode.Member(key: file.key, keyLocation: file.node.location, value: file.node)]),
                         location: file.node.location)
            }
            members.append(JSONNode.Member(key: Self.filesKey, keyLocation: root.location, value: JSONNode(value: .array(entries), location: root.location)))
        }
        document.value = .object(members)
        return document
    }

    /// The node a target names in a file read, if there is one.
    private func node(at target: Target) -> JSONNode? {
        guard let index = indexOfPath[target.path] else { return nil }
        return OpenAPIReader.descend(files[index].node, through: target.pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst())
    }

    /// `node` (of the file at `path`) with each reference rewritten: to another file, to the
    /// place that file's content takes; within a file other than the document, to that place too.
    /// Data is left as it is (`example`, `default`, `enum`, `const`, an example's `value`,
    /// extensions), and so are the keys of a map of names (`properties`, a component section),
    /// which are names, not keywords. A discriminator's `mapping` values are references too.
    private mutating func rewritten(_ node: JSONNode, in path: String, isRoot: Bool, namesMap: Bool = false) -> JSONNode {
        var node = node
        switch node.value {
        case .array(let elements):
            node.value = .array(elements.map { rewritten($0, in: path, isRoot: isRoot) })
        case .object(let members):
            node.value = .object(members.map { member in
                var member = member
                if namesMap {
                    member.value = rewritten(member.value, in: path, isRoot: isRoot)
                    return member
                }
                switch member.key {
                case "$ref":
                    if case .string(let reference) = member.value.value,
                       let replacement = replacement(for: reference, at: member.value, in: path, isRoot: isRoot) {
                        member.value.value = .string(replacement)
                    }
                case "example", "default", "enum", "const", "value", "externalValue":
                    break
                case "examples":
                    // OpenAPI's examples by name (each one's `value` is data), or JSON Schema's list of values.
                    if case .object = member.value.value { member.value = rewritten(member.value, in: path, isRoot: isRoot, namesMap: true) }
                case "mapping":
                    member.value = rewrittenMapping(member.value, in: path, isRoot: isRoot)
                case "properties", "patternProperties", "$defs", "definitions", "schemas", "parameters", "responses",
                     "requestBodies", "headers", "securitySchemes", "links", "callbacks", "pathItems", "paths", "content",
                     "encoding", "variables":
                    let isMap = if case .object = member.value.value { true } else { false }
                    member.value = rewritten(member.value, in: path, isRoot: isRoot, namesMap: isMap)
                default:
                    if !member.key.hasPrefix("x-") { member.value = rewritten(member.value, in: path, isRoot: isRoot) }
                }
                return member
            })
        default:
            break
        }
        return node
    }

    /// A discriminator's mapping: a value that is a reference (`schemas/Dog.yaml`, `#/…`) is
    /// rewritten as `$ref`s are; a schema's name (`Dog`) stays.
    private mutating func rewrittenMapping(_ node: JSONNode, in path: String, isRoot: Bool) -> JSONNode {
        guard case .object(let members) = node.value else { return node }
        var node = node
        node.value = .object(members.map { member in
            var member = member
            if case .string(let value) = member.value.value, value.contains("#") || value.contains("/") || value.contains("."),
               let replacement = replacement(for: value, at: member.value, in: path, isRoot: isRoot) {
                member.value.value = .string(replacement)
            }
            return member
        })
        return node
    }

    /// What a reference becomes, or nil to leave it: one within the document, or to a URL (the
    /// import says it does not fetch it).
    private mutating func replacement(for reference: String, at node: JSONNode, in path: String, isRoot: Bool) -> String? {
        if reference.hasPrefix("#"), isRoot { return nil }
        guard let target = Self.target(reference, in: path) else { return nil }
        // A reference back into the document, by its file's name, is one within it.
        if target.path == rootPath { return "#" + target.pointer }
        guard checked(target, reference: reference, at: node, from: path) else { return nil }
        if let component = component(containing: target) { return component }
        guard let index = indexOfPath[target.path] else { return nil }
        return "#/\(Self.filesKey)/\(index)/\(Self.escaped(files[index].key))\(target.pointer)"
    }

    /// Whether the target can be followed: its file read, its pointer a JSON pointer that names
    /// something there. Each problem is an error at the reference, once.
    private mutating func checked(_ target: Target, reference: String,
                                  at node: JSONNode, from path: String) -> Bool {
        guard load(target.path, referredAt: node, from: path) != nil else { return false }
        if reported.contains(target) { return false }
        if !(target.pointer.isEmpty || target.pointer.hasPrefix("/")) {
            reported.insert(target)
            diagnostics.append(Diagnostic(.error, file: path, location: node.location,
                                          message: "the reference '\(reference)' names a place by an anchor ('#\(target.pointer)'); only JSON pointers ('#/…') are followed"))
            return false
        }
        if self.node(at: target) == nil {
            reported.insert(target)
            diagnostics.append(Diagnostic(.error, file: path, location: node.location,
                                          message: "the reference '\(reference)' names nothing in \(target.path)"))
            return false
        }
        return true
    }

    /// The pointer of the place a target has in a component that is (part of) its file:
    /// `schemas/Pet.yaml#/properties/status` is `#/components/schemas/Pet/properties/status`
    /// when `Pet` is `schemas/Pet.yaml`.
    private func component(containing target: Target) -> String? {
        var pointer = Substring(target.pointer)
        while true {
            if let component = componentOfTarget[Target(path: target.path, pointer: String(pointer))] {
                return component + target.pointer.dropFirst(pointer.count)
            }
            guard let slash = pointer.lastIndex(of: "/") else { return nil }
            pointer = pointer[..<slash]
        }
    }

    /// The index of the file at `path`, read (and its positions moved past the files before it)
    /// the first time; nil, with an error at the reference, when it cannot be read.
    private mutating func load(_ path: String, referredAt node: JSONNode, from referringPath: String) -> Int? {
        if let index = indexOfPath[path] { return index }
        guard !unreadable.contains(path) else { return nil }
        unreadable.insert(path)
        guard let text = read(path) else {
            diagnostics.append(Diagnostic(.error, file: referringPath, location: node.location,
                                          message: "cannot read '\(path)', which a reference names"))
            return nil
        }
        let parsed: JSONNode
        do {
            parsed = try DocumentText.parse(text, path: path)
        } catch {
            diagnostics.append(Diagnostic(.error, file: path, location: error.location, message: error.message))
            return nil
        }
        unreadable.remove(path)
        let index = files.count
        var key = String(path.split(separator: "/").last ?? "")
        for suffix in [".json", ".yaml", ".yml"] where key.lowercased().hasSuffix(suffix) && key.count > suffix.count {
            key.removeLast(suffix.count)
            break
        }
        files.append(File(path: path, key: key.isEmpty ? "File" : key, node: Self.shifted(parsed, by: (index + 1) * Self.lineBase)))
        indexOfPath[path] = index
        pending.append(index)
        return index
    }

    // MARK: Paths and pointers

    /// The place a reference made in the file at `path` names: the file (relative to the folder
    /// of the one that holds it) and the pointer; nil for a URL.
    static func target(_ reference: String, in path: String) -> Target? {
        let hash = reference.firstIndex(of: "#") ?? reference.endIndex
        let file = String(reference[..<hash])
        let pointer = hash < reference.endIndex ? String(reference[reference.index(after: hash)...]) : ""
        if file.contains("://") || file.hasPrefix("//") { return nil }
        // A reference is a URI: `my%20schemas/Pet.yaml` names `my schemas/Pet.yaml`.
        let resolved = file.isEmpty ? normalized(path) : joined(path, OpenAPIReader.percentDecoded(file))
        return Target(path: resolved, pointer: pointer)
    }

    /// `relative` from the folder of the file at `path`, with `.` and `..` resolved by their text.
    static func joined(_ path: String, _ relative: String) -> String {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        return normalized(relative.hasPrefix("/") || folder.isEmpty ? relative : folder + "/" + relative)
    }

    /// `path` with `.` and `..` resolved by their text (leading `..`s of a relative path stay).
    static func normalized(_ combined: String) -> String {
        var parts: [Substring] = []
        for part in combined.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case ".." where !parts.isEmpty && parts.last != "..": parts.removeLast()
            default: parts.append(part)
            }
        }
        return (combined.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    /// A key as a token of a pointer in a reference: `~`, `/` and `%` (which the import decodes,
    /// as references are URIs) escaped.
    static func escaped(_ token: String) -> String {
        token.replacing("%", with: "%25").replacing("~", with: "~0").replacing("/", with: "~1")
    }

    static func refersToOtherFiles(_ node: JSONNode) -> Bool {
        switch node.value {
        case .array(let elements): return elements.contains(where: refersToOtherFiles)
        case .object(let members):
            return members.contains { member in
                if member.key == "$ref", case .string(let reference) = member.value.value {
                    return !reference.hasPrefix("#") && target(reference, in: "") != nil
                }
                return refersToOtherFiles(member.value)
            }
        default: return false
        }
    }

    /// The tree with every line moved by `base`.
    static func shifted(_ node: JSONNode, by base: Int) -> JSONNode {
        var node = node
        node.location.line += base
        switch node.value {
        case .array(let elements): node.value = .array(elements.map { shifted($0, by: base) })
        case .object(let members):
            node.value = .object(members.map { member in
                var member = member
                member.keyLocation.line += base
                member.value = shifted(member.value, by: base)
                return member
            })
        default: break
        }
        return node
    }

    /// Where a diagnostic's position is: in the document, or in the file whose lines it counts.
    /// A pointer into a file's content reads as one into the file (`schemas/Pet.yaml#/properties`).
    static func place(_ diagnostic: Diagnostic, files: [(path: String, key: String)]) -> Diagnostic {
        var placed = diagnostic
        placed.message = displayed(placed.message, files: files)
        placed.concerns = placed.concerns.map { displayed($0, files: files) }
        guard let location = diagnostic.location, location.line > lineBase else { return placed }
        let index = location.line / lineBase - 1
        guard files.indices.contains(index) else { return placed }
        placed.file = files[index].path
        placed.location = SourceLocation(line: location.line % lineBase, column: location.column)
        return placed
    }

    /// Text with each pointer into a file's content as one into the file: `schemas/Pet.yaml#/…`.
    static func displayed(_ text: String, files: [(path: String, key: String)]) -> String {
        guard text.contains("#/\(filesKey)/") else { return text }
        var text = text
        for (index, file) in files.enumerated().reversed() {
            text = text.replacing("#/\(filesKey)/\(index)/\(escaped(file.key))", with: file.path + "#")
        }
        return text
    }
}
