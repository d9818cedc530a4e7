/// What `endpointgen import` chooses.
public struct OpenAPIImportOptions: Sendable {
    /// Every construct the import cannot map is an error instead of a warning.
    public var strict: Bool
    /// Reads a file that a `$ref` names (`schemas/Pet.yaml`), by its path relative to the
    /// current directory as the document's is given, or absolute; nil when it cannot. Without
    /// it such references are left out, with a warning.
    public var readFile: (@Sendable (_ path: String) -> String?)?
    /// The security schemes (by their keys in the document) the app holds credentials for, in
    /// order: an operation that accepts several gets the first of these it accepts.
    public var preferredSchemes: [String]
    /// The spec's `defaults.hashable` and `defaults.identifiable`: every model `Hashable`, every
    /// struct with an `id` `Identifiable`, which a document has no word for.
    public var hashable: Bool
    public var identifiable: Bool

    public init(
        strict: Bool = false, readFile: (@Sendable (_ path: String) -> String?)? = nil, preferredSchemes: [String] = [],
        hashable: Bool = false, identifiable: Bool = false
    ) {
        self.strict = strict
        self.readFile = readFile
        self.preferredSchemes = preferredSchemes
        self.hashable = hashable
        self.identifiable = identifiable
    }
}

/// A security scheme of an OpenAPI document that the import leaves out: its key there, and why.
public typealias LeftOutAuthScheme = (key: String, reason: String)

/// The result of importing one OpenAPI document: the spec's text, or the diagnostics that stopped
/// it (never both). Warnings name what was not mapped and what was done instead.
public struct ImportResult: Sendable {
    public var specText: String?
    public var diagnostics: [Diagnostic]
    /// The keys of the document's security schemes that were imported.
    public var schemeNames: [String] = []
    /// The keys of those left out, with why.
    public var leftOutSchemes: [LeftOutAuthScheme] = []

    public var succeeded: Bool { specText != nil }
}

/// The door from OpenAPI into the generator: an OpenAPI 3.0 or 3.1 document, in JSON or YAML,
/// read with the same readers as a spec (positions included), becomes the same ``SpecDocument``
/// a spec file becomes. `endpointgen import` writes that document out as spec JSON; generation then runs
/// unchanged, and its diagnostics point into the OpenAPI document.
public enum OpenAPIImport {
    /// Imports the document at `path` (the name diagnostics use) into spec JSON, checked by the
    /// resolver as generation would check it: a document that imports without errors generates.
    public static func importSpec(openAPIText: String, path: String, options: OpenAPIImportOptions = .init()) -> ImportResult {
        let root: JSONNode
        do {
            root = try DocumentText.parse(openAPIText, path: path)
        } catch {
            return ImportResult(specText: nil, diagnostics: [Diagnostic(.error, file: path, location: error.location, message: error.message)])
        }
        var (document, collector) = read(root, path: path, options: options)
        if let document {
            var resolver = Resolver(document: document, file: path, accessOverride: nil)
            _ = resolver.resolve(specReference: path)
            collector.append(contentsOf: resolver.diagnostics)
        }
        guard let document, !collector.hasErrors else {
            return ImportResult(
                specText: nil, diagnostics: collector.sorted, schemeNames: document?.authSchemeKeys ?? [],
                leftOutSchemes: document?.leftOutAuthSchemes ?? [])
        }
        return ImportResult(
            specText: SpecWriter.write(document), diagnostics: collector.sorted, schemeNames: document.authSchemeKeys,
            leftOutSchemes: document.leftOutAuthSchemes)
    }

    /// Whether a parsed JSON document is an OpenAPI (or Swagger) document rather than a spec.
    static func isOpenAPI(_ root: JSONNode) -> Bool {
        guard case .object(let members) = root.value else { return false }
        return members.contains { $0.key == "openapi" || $0.key == "swagger" }
    }

    /// The spec document of an OpenAPI document, as reading a spec file gives one: with the
    /// import's warnings, and with the defaults the resolver would refuse left out (each with a
    /// warning). Positions are the OpenAPI document's.
    static func read(_ root: JSONNode, path: String, options: OpenAPIImportOptions) -> (SpecDocument?, DiagnosticCollector) {
        var root = root
        var files: [(path: String, key: String)] = []
        if let readFile = options.readFile {
            // The other files a document in several names come into it first.
            var external = ExternalReferences(read: readFile)
            root = external.bundle(root, path: path)
            files = external.files.map { ($0.path, $0.key) }
            if !external.diagnostics.isEmpty {
                var collector = DiagnosticCollector(file: path)
                collector.externalFiles = files
                for diagnostic in external.diagnostics { collector.append(diagnostic) }
                return (nil, collector)
            }
        }
        root = repaired(root) ?? root
        var reader = OpenAPIReader(root: root, file: path, strict: options.strict)
        reader.preferredSchemes = options.preferredSchemes
        reader.diagnostics.externalFiles = files
        guard var document = reader.read() else { return (nil, reader.diagnostics) }
        if options.hashable { document.defaultHashable = Located(value: true, location: root.location) }
        if options.identifiable { document.defaultIdentifiable = Located(value: true, location: root.location) }
        if !files.isEmpty {
            // The generated files' `// Spec:` lines name the file a declaration came from.
            for index in document.models.indices {
                document.models[index].pointer = ExternalReferences.displayed(document.models[index].pointer, files: files)
            }
            for index in document.resources.indices {
                document.resources[index].pointer = ExternalReferences.displayed(document.resources[index].pointer, files: files)
                for endpoint in document.resources[index].endpoints.indices {
                    let pointer = document.resources[index].endpoints[endpoint].pointer
                    document.resources[index].endpoints[endpoint].pointer = ExternalReferences.displayed(pointer, files: files)
                }
            }
        }
        return (document, reader.diagnostics)
    }
}

extension OpenAPIImport {
    /// Keys whose values are data, not schemas: the repairs leave them as they are.
    private static let dataKeys: Set<String> = ["default", "example", "examples", "enum", "const"]
    /// Keys whose values are maps of names the document gives (properties, response codes,
    /// schemas): there a key such as `default` or `example` names a schema or a response.
    private static let mapKeys: Set<String> = [
        "properties", "patternProperties", "responses", "schemas", "$defs", "definitions", "headers", "content", "parameters",
        "requestBodies", "callbacks", "pathItems", "paths", "dependentSchemas",
    ]

    /// The document with what its authors meant where it says it in a way the reader would
    /// misread; nil when there is nothing to repair. Every other place stays where it was, so
    /// that a `$ref` into the document still names what it named.
    /// - A schema that refines the object schema its `$ref` names with a non-empty `required` or
    ///   `properties` (`{$ref: Base, required: [name]}`, `{$ref: Base, properties: {extra: …}}`,
    ///   Codat's) has the reference as a part of `allOf` instead, the keys kept in place: the
    ///   composition JSON Schema makes of them. Read as a reference alone, the keys were dropped
    ///   without a word. (OpenAPI 3.0 says to ignore them, but a document that writes them means
    ///   them.) A union, a polymorphic base, a plain type or a reference outside the document is
    ///   left as it is.
    /// - An array's `enum` of strings or numbers beside inline `items` of a plain type
    ///   (Wordnik's `type: array, items: {type: string}, enum: [all, ahd]`) is given to the items,
    ///   whose values it lists (the reader warns where it reads the array).
    static func repaired(_ root: JSONNode) -> JSONNode? {
        repaired(root, in: root, depth: 0, isMap: false)
    }

    private static func repaired(_ node: JSONNode, in root: JSONNode, depth: Int, isMap: Bool) -> JSONNode? {
        // A document nested deeper than the reader follows is left for the reader to report.
        guard depth < 512 else { return nil }
        switch node.value {
        case .array(let elements):
            var changed: [JSONNode]?
            for (index, element) in elements.enumerated() {
                if let new = repaired(element, in: root, depth: depth + 1, isMap: false) {
                    if changed == nil { changed = elements }
                    changed![index] = new
                }
            }
            return changed.map { JSONNode(value: .array($0), location: node.location, columns: node.columns) }
        case .object(let members):
            var changed: [JSONNode.Member]?
            for (index, member) in members.enumerated() where isMap || (!dataKeys.contains(member.key) && !member.key.hasPrefix("x-")) {
                if let new = repaired(member.value, in: root, depth: depth + 1, isMap: !isMap && mapKeys.contains(member.key)) {
                    if changed == nil { changed = members }
                    changed![index].value = new
                }
            }
            var result = changed ?? members
            if let index = result.firstIndex(where: { $0.key == "$ref" }), case .string(let reference) = result[index].value.value,
               result.contains(where: refinesAnObject), namesAnObjectSchema(reference, in: root) {
                let part = JSONNode(value: .object([result[index]]), location: result[index].keyLocation)
                if let allOf = result.firstIndex(where: { $0.key == "allOf" }), case .array(let parts) = result[allOf].value.value {
                    result[allOf].value.value = .array(parts + [part])
                } else {
                    result.append(JSONNode.Member(
                        key: "allOf", keyLocation: result[index].keyLocation, value: JSONNode(value: .array([part]), location: result[index].keyLocation)))
                }
                result.remove(at: index)
                changed = result
            }
            if let listed = result.first(where: { $0.key == "enum" }), listsElementValues(listed.value.value),
               let itemsIndex = result.firstIndex(where: { $0.key == "items" }), case .object(let items) = result[itemsIndex].value.value,
               isPlainValueSchema(items), OpenAPIReader.isArray(result, OpenAPIReader.typeNames(result)) {
                result[itemsIndex].value.value = .object(items + [listed])
                changed = result
            }
            return changed.map { JSONNode(value: .object($0), location: node.location, columns: node.columns) }
        default:
            return nil
        }
    }

    /// `required` naming a key, or `properties` declaring one.
    private static func refinesAnObject(_ member: JSONNode.Member) -> Bool {
        switch (member.key, member.value.value) {
        case ("required", .array(let keys)): !keys.isEmpty
        case ("properties", .object(let properties)): !properties.isEmpty
        default: false
        }
    }

    /// Whether a local reference names an object schema of properties (or composed of parts),
    /// through references, that is no union and no polymorphic base.
    private static func namesAnObjectSchema(_ reference: String, in root: JSONNode) -> Bool {
        var reference = reference
        for _ in 0..<16 {
            guard reference.hasPrefix("#/"),
                  let node = OpenAPIReader.descend(
                      root, through: OpenAPIReader.canonicalReference(reference).dropFirst(2).split(separator: "/", omittingEmptySubsequences: false)),
                  case .object(let members) = node.value else { return false }
            if let next = members.first(where: { $0.key == "$ref" }), case .string(let text) = next.value.value {
                reference = text
                continue
            }
            let keys = Set(members.map { $0.key })
            return !keys.isDisjoint(with: ["properties", "allOf"]) && keys.isDisjoint(with: ["oneOf", "anyOf", "discriminator", "enum", "const"])
        }
        return false
    }

    /// Whether a schema is of a plain value (a string, a number), whose values an enum can list.
    private static func isPlainValueSchema(_ members: [JSONNode.Member]) -> Bool {
        guard !members.contains(where: { ["$ref", "enum", "const", "properties", "items", "allOf", "oneOf", "anyOf", "additionalProperties"].contains($0.key) })
        else { return false }
        return OpenAPIReader.typeNames(members).allSatisfy { ["string", "integer", "number"].contains($0) }
    }

    /// Whether an `enum` beside `items` lists values of the elements: strings or numbers, none
    /// an array.
    static func listsElementValues(_ node: JSONNode.Value) -> Bool {
        guard case .array(let values) = node, !values.isEmpty else { return false }
        return values.allSatisfy { if case .string = $0.value { true } else if case .number = $0.value { true } else { false } }
    }
}

/// Reads an OpenAPI document into a ``SpecDocument``. Names of models it makes for inline schemas
/// come from their place (`Pet` property `owner` → `PetOwner`), so the same document always gives
/// the same spec. What it cannot map gets one warning, with the JSON pointer into the document.
struct OpenAPIReader {
    var diagnostics: DiagnosticCollector
    let root: JSONNode
    let strict: Bool
    /// The schemes the app prefers where an operation accepts several (``OpenAPIImportOptions/preferredSchemes``).
    var preferredSchemes: [String] = []
    /// The security schemes left out, by key, with why (``SpecDocument/leftOutAuthSchemes``).
    var leftOutSchemes: [LeftOutAuthScheme] = []
    /// Object schemas with a discriminator that the schemas extending them are told apart by
    /// (``findPolymorphicBases(_:)``): the `oneOf` and `discriminator` each is read as, by
    /// pointer, and where each is, for ``modelKind(of:)``.
    var polymorphicBases: [String: [JSONNode.Member]] = [:]
    var polymorphicBaseLocations: Set<SourceLocation> = []
    /// Where the schemas that extend such a base are: its members.
    var polymorphicMemberLocations: Set<SourceLocation> = []
    /// The property keys that the schemas extending a component schema (`allOf`) declare, by its
    /// pointer: a base may require a key they declare (Spotify's `Paging` and its `items`).
    var keysOfExtenders: [String: Set<String>] = [:]
    /// The schemes of API keys that requirements need together (VTEX's app key and app token),
    /// made as requirements name them.
    var combinedSchemes: [OpenAPIReader.ImportedScheme] = []
    /// The unions of error bodies made so far, by their models' names (``errorUnion(_:pointer:chosen:hint:)``).
    var errorUnions: [String: String] = [:]

    /// Component schema name → the model it became, for schemas that become models.
    var componentModels: [String: String] = [:]
    /// JSON pointer → model name, for every schema that became a model (components and inline).
    var modelAtPointer: [String: String] = [:]
    /// Model name → the pointer of its schema (`modelAtPointer` the other way).
    var pointerOfModel: [String: String] = [:]
    /// Model name → its index in `models`, once read.
    var modelIndex: [String: Int] = [:]
    /// Type names already taken, by models and by the types the generator declares, in lower
    /// case: names that differ only in case would name files that a file system which ignores
    /// case holds as one (the generator rejects them).
    var takenTypeNames: Set<String> = []
    /// Models in the order they are written; an inline model follows the model that holds it.
    var models: [SpecDocument.Model?] = []
    /// Component schemas that are types, not models (`Id: {type: string}`), while being read, so
    /// that one that refers to itself is caught.
    var aliasesInProgress: Set<String> = []
    /// Local references being followed, so that one that leads back to itself is caught.
    var referencesInProgress: Set<String> = []
    var aliasTypes: [String: SchemaType] = [:]
    /// What walks through `allOf` chains found, kept for the next walk that reaches the same place.
    final class Walks {
        var propertyKeys: [String: Set<String>] = [:]
        var allowsNull: [String: Bool] = [:]
        var unionTagValues: [String: (values: [String: [String]], required: Set<String>)?] = [:]
    }
    let walks = Walks()
    /// How many schemas are being read, each inside the one before (`schemaType`).
    var schemaDepth = 0
    /// Deeper than real documents go (OpenAI's: 9, Discourse's: 7), shallow enough for the stack of a debug
    /// build, which the build plugin runs: a level of inline objects takes about 110 KB of it there
    /// (`structModel`'s frame alone about 50 KB), so 48 levels fit in 6 MB of the usual 8 MB, which
    /// 64 only just did (measured on 2026-11-30 with `ulimit -s`: 64 levels needed more than 7 MB).
    static let maximumSchemaDepth = 48
    /// How many times a schema was not read for being too deep.
    var depthCuts = 0
    /// The warnings given, by pointer and message, with their index among the diagnostics.
    var warned: [String: Int] = [:]
    /// The warnings raised at least once where no endpoint or model was being read: they concern
    /// the document as a whole, whoever reads the same place again.
    var unattributed: Set<Int> = []
    /// The endpoints (by operation pointer) and models (by schema pointer) being read, innermost
    /// last: a warning concerns the innermost, and every other that reads the same place again.
    var reading: [String] = []
    /// While the schema of a multipart body is read: `format: binary` properties are files.
    var readingMultipart = false
    /// The Swift names of the parameters of the endpoint being read, for its body to avoid.
    var endpointSwiftNames: Set<String> = []
    /// The stream a success response of the endpoint being read offers beside its JSON one
    /// (`"sse"` or `"jsonLines"`, its element type): the endpoint gets a streamed twin.
    var streamTwin: (stream: String, element: String, location: SourceLocation)?
    /// Where the API keys that the endpoint being read sends go (`header`, `query` or `cookie`)
    /// and their names: a parameter there is a credential, which the auth scheme sends.
    var credentialFields: [(place: String, name: String)] = []
    /// The path placeholders of the endpoint being read that were renamed, by their name.
    var placeholderNames: [String: String] = [:]
    /// The first of the document's date-time examples and how many there are, when every one is
    /// a date in another form than RFC 3339's (``findDateTimeForm()``).
    var dateTimeForm: (example: JSONNode, pointer: String, count: Int)?
    /// Unions whose discriminator the import inferred from constant properties, by pointer.
    var inferredDiscriminators: Set<String> = []
    /// Inline parameter enums that several operations declare alike (Wordnik's `useCanonical:
    /// [false, true]` in eleven): named after the parameter and made once
    /// (``sharedParameterEnum(_:)``), with the model made for each so far.
    var sharedParameterEnumKeys: Set<SharedParameterEnum> = []
    var sharedParameterEnums: [SharedParameterEnum: String] = [:]
    var sharedParameterEnumsNamedAlone: Set<SharedParameterEnum> = []

    /// The component schemas by name (the first of a name), for `resolve`: references name them
    /// most, and a search through thousands of them for each would make the import quadratic.
    let componentSchemas: [String: JSONNode]?

    init(root: JSONNode, file: String, strict: Bool) {
        self.root = root
        self.strict = strict
        diagnostics = DiagnosticCollector(file: file)
        let components = Self.object(root)?.first { $0.key == "components" }.flatMap { Self.object($0.value) }
        componentSchemas = components?.first { $0.key == "schemas" }.flatMap { Self.object($0.value) }.map { schemas in
            Dictionary(schemas.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        }
    }

    // MARK: Diagnostics

    /// A construct that is not mapped: a warning, or an error under `--strict`. One per pointer
    /// and message (or per `once` key); it concerns the endpoint or model being read (`concerns`
    /// when the caller knows better), and each other one that reaches the same place, unless it
    /// was also reached where none was being read.
    mutating func unmapped(
        _ message: String, at node: JSONNode, pointer: String, concerns: [String]? = nil, once: String? = nil
    ) {
        unmapped(message, at: node.location, pointer: pointer, concerns: concerns, once: once)
    }

    mutating func unmapped(
        _ message: String, at location: SourceLocation, pointer: String, concerns: [String]? = nil, once: String? = nil
    ) {
        let concerns = concerns ?? Array(reading.suffix(1))
        let key = once ?? pointer + "\u{0}" + message
        if let index = warned[key] {
            if concerns.isEmpty {
                unattributed.insert(index)
                diagnostics.removeConcerns(ofDiagnosticAt: index)
            } else if !unattributed.contains(index) {
                diagnostics.add(concerns: concerns, toDiagnosticAt: index)
            }
            return
        }
        warned[key] = diagnostics.diagnostics.count
        if concerns.isEmpty { unattributed.insert(diagnostics.diagnostics.count) }
        let text = "\(pointer): \(message)"
        if strict {
            diagnostics.error(text + " (--strict)", at: location)
        } else {
            diagnostics.warning(text, at: location, concerns: concerns)
        }
    }

    mutating func error(_ message: String, at node: JSONNode, pointer: String) {
        diagnostics.error("\(pointer): \(message)", at: node.location)
    }

    // MARK: The document

    mutating func read() -> SpecDocument? {
        guard case .object(let members) = root.value else {
            diagnostics.error("an OpenAPI document must be a JSON object, not \(root.kindName)", at: root.location)
            return nil
        }
        if let swagger = member("swagger", members) {
            diagnostics.error(
                "this is a Swagger \(Self.text(swagger.value) ?? "2.0") document; endpointgen imports OpenAPI 3.0 and 3.1. "
                    + "Convert it to OpenAPI 3 first, for example with swagger2openapi (`npx swagger2openapi swagger.json -o openapi.json`)",
                at: swagger.keyLocation)
            return nil
        }
        guard let version = member("openapi", members) else {
            diagnostics.error("no 'openapi' version: this is not an OpenAPI document", at: root.location)
            return nil
        }
        let versionText = Self.text(version.value) ?? "?"
        let parts = versionText.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0] == "3", parts[1] == "0" || parts[1] == "1" else {
            diagnostics.error("OpenAPI \(versionText) is not supported; endpointgen imports OpenAPI 3.0.x and 3.1.x", at: version.value.location)
            return nil
        }
        if case .number = version.value.value {
            // YAML reads an unquoted `3.0` as a number; the version is text.
            unmapped("the version is the number \(versionText), which OpenAPI writes as a string: quote it (\"\(versionText)\"); "
                     + "it is read as OpenAPI \(versionText)", at: version.value, pointer: "#/openapi", concerns: [])
        }
        for key in ["webhooks", "jsonSchemaDialect"] {
            if let entry = member(key, members) {
                unmapped("\(key == "webhooks" ? "webhooks (requests the API sends)" : "'jsonSchemaDialect'") are not imported; "
                         + "the client is imported without them", at: entry.value, pointer: "#/\(key)")
            }
        }
        let info = member("info", members).flatMap { Self.object($0.value) } ?? []
        let title = member("title", info).flatMap { Self.located($0.value) }
            ?? Located(value: "API", location: root.location)
        let name = Located(value: Self.apiName(title.value), location: title.location)
        var description = Self.prose(member("description", info)?.value)
        if let summary = Self.prose(member("summary", info)?.value) {
            description = [summary, description].compactMap { $0 }.joined(separator: "\n\n")
        }

        let components = member("components", members).flatMap { Self.object($0.value) } ?? []
        reserveTypeNames(apiName: name.value)
        let authSchemes = readSecuritySchemes(components)
        findPolymorphicBases(components)
        findDateTimeForm()
        nameComponentModels(components)
        readComponentModels(components)
        let (servers, basePath) = readServers(members)
        var (resources, defaultRequirement) = readPaths(members, authSchemes: authSchemes, apiName: title.value, servers: servers)
        if let basePath {
            for index in resources.indices { resources[index].path = basePath }
        }
        var defaultAuth: Located<String>?
        if case .scheme(let scheme) = defaultRequirement {
            defaultAuth = Located(value: scheme, location: member("security", members)?.value.location ?? root.location)
        }
        var document = SpecDocument(
            name: name, description: description, servers: servers, headers: [], defaults: .init(),
            access: nil, authSchemes: (authSchemes + combinedSchemes).map(\.scheme), defaultAuth: defaultAuth, defaultErrorResponse: nil,
            defaultEnvelope: nil, models: models.compactMap { $0 }, resources: resources, leftOutAuthSchemes: leftOutSchemes)
        checkTaggedUnions(&document)
        orderUntaggedUnions(&document)
        checkFormBodies(&document)
        hoistErrorResponse(&document)
        chooseKeyStrategy(&document)
        return document
    }

    /// The spec's `name`: the title, without a trailing "API" word that the namespace adds back.
    static func apiName(_ title: String) -> String {
        let trimmed = title.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
        return trimmed.isEmpty ? "API" : String(trimmed)
    }

    // MARK: JSON helpers

    func member(_ key: String, _ members: [JSONNode.Member]) -> JSONNode.Member? {
        members.first { $0.key == key }
    }

    static func object(_ node: JSONNode) -> [JSONNode.Member]? {
        if case .object(let members) = node.value { return members }
        return nil
    }

    /// A description: the text without the blank lines and spaces around it.
    static func prose(_ node: JSONNode?) -> String? {
        guard let node, case .string(let text) = node.value else { return nil }
        let trimmed = text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
        return trimmed.isEmpty ? nil : String(trimmed)
    }

    static func text(_ node: JSONNode) -> String? {
        switch node.value {
        case .string(let text): text
        case .number(let text): text
        default: nil
        }
    }

    static func located(_ node: JSONNode) -> Located<String>? {
        if case .string(let text) = node.value { return Located(text, of: node) }
        return nil
    }

    static func bool(_ node: JSONNode?) -> Bool {
        if let node, case .bool(true) = node.value { return true }
        return false
    }

    /// A JSON pointer with one more token.
    static func pointer(_ base: String, _ token: String) -> String {
        base + "/" + jsonPointerToken(token)
    }

    /// A local reference spelt as the import spells pointers (`#/paths/~1%7Bid%7D` as
    /// `#/paths/~1{id}`), so that each place of the document has one key however it is named.
    static func canonicalReference(_ reference: String) -> String {
        guard reference.hasPrefix("#/"), reference.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 >= 0x80 }) else { return reference }
        return "#" + reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false)
            .map { "/" + jsonPointerToken(pointerTokenValue(String($0))) }.joined()
    }

    /// The schema `node` is, once the local `$ref`s it is made of are followed (each once); nothing
    /// is reported (``dereference(_:pointer:)`` reports what it cannot follow).
    func followingReferences(_ node: JSONNode) -> JSONNode {
        var node = node
        var seen: Set<String> = []
        while let members = Self.object(node), let reference = member("$ref", members).flatMap({ Self.text($0.value) }),
              seen.insert(reference).inserted, let target = resolve(reference) {
            node = target
        }
        return node
    }

    /// The node a local `$ref` names (`#/components/schemas/Pet`), or nil.
    func resolve(_ reference: String) -> JSONNode? {
        guard reference == "#" || reference.hasPrefix("#/") else { return nil }
        // The most common reference, a component schema, without splitting the pointer.
        if let componentSchemas, reference.hasPrefix("#/components/schemas/") {
            let name = reference.dropFirst("#/components/schemas/".count)
            if !name.contains("/") { return componentSchemas[Self.pointerTokenValue(String(name))] }
        }
        var node = root
        var tokens = reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false)[...]
        if reference == "#" { tokens = [] }
        if let componentSchemas, tokens.count >= 3, tokens[tokens.startIndex] == "components", tokens[tokens.startIndex + 1] == "schemas" {
            guard let schema = componentSchemas[Self.pointerTokenValue(String(tokens[tokens.startIndex + 2]))] else { return nil }
            node = schema
            tokens = tokens.dropFirst(3)
        }
        return Self.descend(node, through: tokens)
    }

    /// The node that the tokens of a JSON pointer (still escaped) name below `node`, or nil.
    static func descend(_ node: JSONNode, through tokens: some Sequence<Substring>) -> JSONNode? {
        var node = node
        for rawToken in tokens {
            let token = pointerTokenValue(String(rawToken))
            switch node.value {
            case .object(let members):
                guard let next = members.first(where: { $0.key == token }) else { return nil }
                node = next.value
            case .array(let elements):
                guard let index = Int(token), elements.indices.contains(index) else { return nil }
                node = elements[index]
            default:
                return nil
            }
        }
        return node
    }

    /// `text` with its `%XX` escapes decoded, as a URI's are.
    static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count, let high = hex(utf8[index + 1]), let low = hex(utf8[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The key a pointer token names: percent-decoded (it sits in a URI fragment), then `~1` → `/`
    /// and `~0` → `~`.
    static func pointerTokenValue(_ token: String) -> String {
        var result = ""
        var scalars = percentDecoded(token).unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "~" {
                switch scalars.next() {
                case "1": result += "/"
                case "0": result += "~"
                case let other?: result += "~" + String(other)
                case nil: result += "~"
                }
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Follows `$ref`s of a parameter, request body, response or header to the object they name,
    /// with that object's pointer. nil (after a warning) for a reference outside the document.
    mutating func dereference(_ node: JSONNode, pointer: String) -> (node: JSONNode, pointer: String)? {
        var node = node, pointer = pointer
        var seen: Set<String> = []
        while let members = Self.object(node), let reference = member("$ref", members) {
            guard case .string(let written) = reference.value.value else { return nil }
            let target = Self.canonicalReference(written)
            guard target.hasPrefix("#") else {
                unmapped(Self.outside(written) + "it is left out", at: reference.value, pointer: pointer)
                return nil
            }
            guard seen.insert(target).inserted, let resolved = resolve(target) else {
                error("the reference '\(written)' names nothing in this document", at: reference.value, pointer: pointer)
                return nil
            }
            node = resolved
            pointer = target
        }
        return (node, pointer)
    }

    /// Why a reference outside the document is not followed, up to what is done instead. One
    /// to another file is followed when the document is read from a file (``ExternalReferences``).
    static func outside(_ reference: String) -> String {
        if ExternalReferences.target(reference, in: "") == nil {
            return "the reference '\(reference)' names a document on the web, which the import does not fetch; "
        }
        return "the reference '\(reference)' names another file, which is read only when the document is read from a file "
            + "(endpointgen import or generate); "
    }

    // MARK: Names

    /// Type names the generator declares, so that no model takes one.
    mutating func reserveTypeNames(apiName: String) {
        takenTypeNames = Set(Resolver.reservedTypeNames.map { $0.lowercased() })
        let api = SwiftNaming.typeName(apiName)
        takenTypeNames.insert((api.hasSuffix("API") ? api : api + "API").lowercased())
    }

    /// A type name for a model, unique in the document: the name through the type-name rule, with
    /// `Model` after a name the generated code uses and a number after one already taken.
    mutating func uniqueTypeName(_ proposed: String) -> String {
        var base = SwiftNaming.typeName(proposed)
        if SwiftNaming.keywords.contains(base) || Resolver.reservedTypeNames.contains(base) || base.hasSuffix("Endpoint")
            || base.hasSuffix("Service") || base.hasSuffix("ServiceProtocol") || base.hasSuffix("Auth") {
            base += "Model"
        }
        var name = base
        var number = 2
        while takenTypeNames.contains(name.lowercased()) {
            name = base + String(number)
            number += 1
        }
        takenTypeNames.insert(name.lowercased())
        return name
    }
}
