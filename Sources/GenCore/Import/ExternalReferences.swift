/// OpenAPI documents split over several files: a `$ref` that names another file
/// (`schemas/Pet.yaml`, `common.yaml#/components/schemas/Error`), JSON or YAML, relative to the
/// file that holds it. Before the document is read, each such file is read once and put into
/// the document under `x-endpointgen-files`, and every reference to it is rewritten to point
/// there, so that the import follows it as it follows any reference within the document. A
/// component that is only a reference to another file (`Pet: {$ref: schemas/Pet.yaml}`, the way
/// such documents are laid out) takes the file's content in its place, keeping its name.
///
/// A position in another file keeps its line and column: the lines of the n-th file are counted
/// from `n × lineBase`, and ``DiagnosticCollector`` names the file again when it reports one.
struct ExternalReferences {
    static let filesKey = "x-endpointgen-files"
    /// Far above any document's lines, and small enough that a billion files would fit.
    static let lineBase = 1 << 32

    struct File: Sendable {
        /// As diagnostics name it: relative to the document's folder as the document's own path is.
        var path: String
        /// Its name without the extensions, under which its content goes: a schema that is the
        /// whole file is named after it (`pet-owner.yaml` → `PetOwner`).
        var key: String
        var node: JSONNode
    }

    private let read: @Sendable (String) -> String?
    private(set) var files: [File] = []
    private var indexOfPath: [String: Int] = [:]
    /// Files that could not be read or parsed: reported once.
    private var unreadable: Set<String> = []
    /// Targets in other files (`path#pointer`) that a component of the document is.
    private var componentOfTarget: [String: String] = [:]
    /// Files read whose references are not rewritten yet.
    private var pending: [Int] = []
    private(set) var diagnostics: [Diagnostic] = []

    init(read: @escaping @Sendable (String) -> String?) {
        self.read = read
    }

    /// The document with the files it refers to brought in; unchanged when it refers to none.
    mutating func bundle(_ root: JSONNode, path: String) -> JSONNode {
        guard case .object(var members) = root.value, Self.refersToOtherFiles(root) else { return root }
        // Components that are a reference to another file take its content, under their name.
        var replaced: [(kind: Int, component: Int, target: String)] = []
        if let componentsIndex = members.firstIndex(where: { $0.key == "components" }),
           case .object(let kinds) = members[componentsIndex].value.value {
            for (kindIndex, kind) in kinds.enumerated() {
                guard case .object(let components) = kind.value.value else { continue }
                for (componentIndex, component) in components.enumerated() {
                    guard case .object(let fields) = component.value.value, fields.count == 1, fields[0].key == "$ref",
                          case .string(let reference) = fields[0].value.value, let target = Self.target(reference, in: path) else { continue }
                    guard load(target.path, referredAt: fields[0].value, from: path) != nil else { continue }
                    guard node(at: target.key) != nil else {
                        diagnostics.append(Diagnostic(.error, file: path, location: fields[0].value.location,
                                                      message: "the reference '\(reference)' names nothing in \(target.path)"))
                        continue
                    }
                    componentOfTarget[target.key] = "#/components/\(Self.escaped(kind.key))/\(Self.escaped(component.key))"
                    replaced.append((kindIndex, componentIndex, target.key))
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
            for (kindIndex, componentIndex, target) in replaced {
                guard case .object(var components) = kinds[kindIndex].value.value,
                      let content = node(at: target) else { continue }
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

    /// The node a target (`path#pointer`) names in a file read, if there is one.
    private func node(at target: String) -> JSONNode? {
        let (path, pointer) = Self.split(target)
        guard let index = indexOfPath[path] else { return nil }
        var node = files[index].node
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = OpenAPIReader.pointerTokenValue(String(token))
            switch node.value {
            case .object(let members):
                guard let next = members.first(where: { $0.key == key }) else { return nil }
                node = next.value
            case .array(let elements):
                guard let position = Int(key), elements.indices.contains(position) else { return nil }
                node = elements[position]
            default:
                return nil
            }
        }
        return node
    }

    /// `node` (of the file at `path`) with each reference rewritten: to another file, to the
    /// place that file's content takes; within a file other than the document, to that place too.
    private mutating func rewritten(_ node: JSONNode, in path: String, isRoot: Bool) -> JSONNode {
        switch node.value {
        case .array(let elements):
            var node = node
            node.value = .array(elements.map { rewritten($0, in: path, isRoot: isRoot) })
            return node
        case .object(let members):
            var node = node
            node.value = .object(members.map { member in
                var member = member
                if member.key == "$ref", case .string(let reference) = member.value.value {
                    if let replacement = replacement(for: reference, at: member.value, in: path, isRoot: isRoot) {
                        member.value.value = .string(replacement)
                    }
                } else {
                    member.value = rewritten(member.value, in: path, isRoot: isRoot)
                }
                return member
            })
            return node
        default:
            return node
        }
    }

    /// What a reference becomes, or nil to leave it: one within the document, or to a URL (the
    /// import says it does not fetch it).
    private mutating func replacement(for reference: String, at node: JSONNode, in path: String, isRoot: Bool) -> String? {
        if reference.hasPrefix("#"), isRoot { return nil }
        guard let target = Self.target(reference, in: path) else { return nil }
        if let component = component(containing: target) { return component }
        guard let index = load(target.path, referredAt: node, from: path) else { return nil }
        guard target.pointer.isEmpty || target.pointer.hasPrefix("/") else {
            diagnostics.append(Diagnostic(.error, file: path, location: node.location,
                                          message: "the reference '\(reference)' names a place by an anchor ('#\(target.pointer)'); only JSON pointers ('#/…') are followed"))
            return nil
        }
        if self.node(at: target.key) == nil {
            diagnostics.append(Diagnostic(.error, file: path, location: node.location,
                                          message: "the reference '\(reference)' names nothing in \(target.path)"))
            return nil
        }
        return "#/\(Self.filesKey)/\(index)/\(Self.escaped(files[index].key))\(target.pointer)"
    }

    /// The pointer of the place a target has in a component that is (part of) its file:
    /// `schemas/Pet.yaml#/properties/status` is `#/components/schemas/Pet/properties/status`
    /// when `Pet` is `schemas/Pet.yaml`.
    private func component(containing target: (key: String, path: String, pointer: String)) -> String? {
        var pointer = Substring(target.pointer)
        while true {
            if let component = componentOfTarget["\(target.path)#\(pointer)"] {
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
        if let dot = key.firstIndex(of: "."), dot != key.startIndex { key = String(key[..<dot]) }
        files.append(File(path: path, key: key.isEmpty ? "File" : key, node: Self.shifted(parsed, by: (index + 1) * Self.lineBase)))
        indexOfPath[path] = index
        pending.append(index)
        return index
    }

    // MARK: Paths and pointers

    /// `path#pointer` of a reference made in the file at `path`: the file it names (relative to
    /// the folder of the one that holds it), and the pointer; nil for a URL.
    static func target(_ reference: String, in path: String) -> (key: String, path: String, pointer: String)? {
        let hash = reference.firstIndex(of: "#") ?? reference.endIndex
        let file = String(reference[..<hash])
        let pointer = hash < reference.endIndex ? String(reference[reference.index(after: hash)...]) : ""
        if file.contains("://") || file.hasPrefix("//") { return nil }
        let resolved = file.isEmpty ? path : joined(path, file)
        return ("\(resolved)#\(pointer)", resolved, pointer)
    }

    static func split(_ target: String) -> (path: String, pointer: String) {
        let hash = target.lastIndex(of: "#")!
        return (String(target[..<hash]), String(target[target.index(after: hash)...]))
    }

    /// `relative` from the folder of the file at `path`, with `.` and `..` resolved by their text.
    static func joined(_ path: String, _ relative: String) -> String {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        let combined = relative.hasPrefix("/") || folder.isEmpty ? relative : folder + "/" + relative
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

    static func escaped(_ token: String) -> String {
        token.replacing("~", with: "~0").replacing("/", with: "~1")
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
        for (index, file) in files.enumerated().reversed() where placed.message.contains("#/\(filesKey)/") {
            placed.message = placed.message.replacing("#/\(filesKey)/\(index)/\(escaped(file.key))", with: file.path + "#")
        }
        guard let location = diagnostic.location, location.line > lineBase else { return placed }
        let index = location.line / lineBase - 1
        guard files.indices.contains(index) else { return placed }
        placed.file = files[index].path
        placed.location = SourceLocation(line: location.line % lineBase, column: location.column)
        return placed
    }
}
