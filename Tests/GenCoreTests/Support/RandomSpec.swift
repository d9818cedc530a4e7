import Foundation

@testable import GenCore

// Random VALID specs for the valid-spec campaign (RandomSpecTests): every construct of the
// format, names that are keywords or need escaping, and for each struct model a JSON instance
// whose decode-encode round trip is checked against the model's schema. A spec is a function
// of (seed, index) alone.
//
// The generator knows the format's rules (docs/SPEC.md) and keeps to them; a spec it makes that
// the generator rejects is a bug here or a defect there, and the test says which rule fired.

/// A type as the random spec declares it.
indirect enum RandomType: Equatable {
    case string, int, int64, double, bool, date, url, uuid, data, json, file
    case model(String)
    case array(RandomType)
    case dictionary(RandomType)
    case optional(RandomType)

    /// The type expression, with spaces where the format allows them now and then.
    func expression(spaced: Bool) -> String {
        switch self {
        case .string: "String"
        case .int: "Int"
        case .int64: "Int64"
        case .double: "Double"
        case .bool: "Bool"
        case .date: "Date"
        case .url: "URL"
        case .uuid: "UUID"
        case .data: "Data"
        case .json: "JSON"
        case .file: "File"
        case .model(let name): name
        case .array(let element): spaced ? "[ \(element.expression(spaced: spaced)) ]" : "[\(element.expression(spaced: spaced))]"
        case .dictionary(let value): spaced ? "[String : \(value.expression(spaced: spaced))]" : "[String: \(value.expression(spaced: spaced))]"
        case .optional(let wrapped): spaced ? "\(wrapped.expression(spaced: spaced)) ?" : "\(wrapped.expression(spaced: spaced))?"
        }
    }

    var unwrapped: RandomType {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    var containsDate: Bool {
        switch self {
        case .date: true
        case .array(let inner), .dictionary(let inner), .optional(let inner): inner.containsDate
        default: false
        }
    }
}

enum RandomDateStrategy: Equatable {
    case iso8601, iso8601WithFractionalSeconds, dateOnly, secondsSince1970, millisecondsSince1970
    case format(String)

    static let named: [RandomDateStrategy] = [.iso8601, .iso8601WithFractionalSeconds, .dateOnly, .secondsSince1970, .millisecondsSince1970]
    /// Formats with letters the `en_US_POSIX` locale reads back, and literal text that must be
    /// escaped in the generated Swift (quotes, a backslash).
    static let formats = [
        "yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ", "dd/MM/yyyy HH:mm", "yyyyMMdd'T'HHmmss", "MM-dd-yyyy", "yyyy\"MM\\dd HH:mm:ss",
        "EEE, dd MMM yyyy HH:mm:ss 'GMT'", "yyyy-MM-dd HH:mm:ss.SSS",
    ]

    var json: FuzzJSON {
        switch self {
        case .iso8601: .string("iso8601")
        case .iso8601WithFractionalSeconds: .string("iso8601WithFractionalSeconds")
        case .dateOnly: .string("dateOnly")
        case .secondsSince1970: .string("secondsSince1970")
        case .millisecondsSince1970: .string("millisecondsSince1970")
        case .format(let format): .object([("format", .string(format))])
        }
    }
}

struct RandomProperty {
    var specName: String
    var swiftName: String
    var key: String
    /// The type the spec declares.
    var type: RandomType
    /// The type of the Swift property: optional in a tolerant model unless it has a default.
    var effectiveType: RandomType
    var defaultValue: FuzzJSON?
    /// The date strategy in force, when the type holds a date.
    var dateStrategy: RandomDateStrategy?
    /// `"nullable": true`: absent, `null` and a value stay apart (a `Nullable<T>?`); the
    /// effective type is then `T?`.
    var nullable = false

    /// A key every object of the model has: one a decoder needs to take the object.
    var isRequired: Bool { !effectiveType.isOptional && defaultValue == nil && !nullable }
}

/// A member of a union: its type, and for a tagged union the discriminator values that pick
/// it (the first is the one written when encoding).
struct RandomUnionMember {
    var caseName: String?
    var type: RandomType
    var tags: [String] = []
}

struct RandomModel {
    enum Kind {
        /// Every property, a composed model's bases' first.
        case structure([RandomProperty])
        case stringEnum([String])
        case integerEnum([Int])
        /// `oneOf`, tagged when it has a discriminator (a JSON key).
        case union([RandomUnionMember], discriminator: String?)
    }

    var name: String
    var kind: Kind
    /// An open model's `additionalProperties`: the type of the values of the keys it does not
    /// declare (its own, or the one its bases agree on).
    var additionalProperties: RandomType? = nil
    /// A composed model's bases.
    var allOf: [String] = []

    var properties: [RandomProperty] {
        if case .structure(let properties) = kind { return properties }
        return []
    }
}

/// One random valid spec and the JSON instances of its models.
struct RandomSpec {
    var index: Int
    var seed: UInt64
    var spec: FuzzJSON
    var models: [RandomModel]
    /// Model name and instance, for each struct model and union one or two.
    var instances: [(model: String, json: FuzzJSON)]
    /// How often the spec and its instances use each construct, for the campaign's report.
    var stats: [String: Int] = [:]
    /// The streaming endpoints, each with a body to read.
    var streams: [RandomStream] = []

    var text: String { spec.text }

    func model(named name: String) -> RandomModel? { models.first { $0.name == name } }

    /// The JSON keys a struct model declares, or (for a tagged union) any of its members does,
    /// with the discriminator.
    func declaredKeys(_ name: String) -> Set<String> {
        switch model(named: name)?.kind {
        case .structure(let properties): return Set(properties.map(\.key))
        case .union(let members, let discriminator?):
            var keys: Set<String> = [discriminator]
            for case .model(let member) in members.map(\.type) { keys.formUnion(declaredKeys(member)) }
            return keys
        default: return []
        }
    }

    /// The keys every object of a struct model (or tagged union) has.
    func requiredKeys(_ name: String) -> Set<String> {
        switch model(named: name)?.kind {
        case .structure(let properties): return Set(properties.filter(\.isRequired).map(\.key))
        case .union(_, let discriminator?): return [discriminator]
        default: return []
        }
    }
}

/// A streamed response of a random spec's endpoint, and a body for it: the bytes a server sends,
/// the chunks they arrive in, and the events the endpoint's stream must hand on.
struct RandomStream {
    enum Kind: String { case sse, jsonLines, bytes }

    /// An event's data: text (a `String` response), or a JSON instance of the events' type.
    enum Payload: Equatable {
        case text(String)
        case json(FuzzJSON)
    }

    /// An event as the stream hands it on; for JSON lines only `data` counts.
    struct Event: Equatable {
        var event: String?
        var id: String?
        var retry: Int?
        var data: Payload
    }

    /// The endpoint's struct.
    var typeName: String
    var kind: Kind
    /// The events' type; nil for text events and for bytes.
    var eventType: RandomType?
    var terminator: String?
    /// An instance of the endpoint's body, to make the endpoint with.
    var bodyInstance: FuzzJSON?
    var body: [UInt8]
    /// The sizes of the chunks the body arrives in (their sum is the body's size).
    var chunks: [Int]
    var events: [Event]

    /// Terminators: the usual, and text the generated literal must escape.
    static let terminators = [
        "[DONE]", "DONE", "\"quoted\"", "back\\slash \\(x)", "ünï ✓ 中文", "👩‍👩‍👧", "null", "{}", "0", "end\nof stream",
        " ", "  padded  ", "*/ \"\"\" #", "\u{0}", "tab\there", "\r", "a\r\nb", "right\u{202E}left", "line\u{2028}separator", "#\"raw\"#",
    ]
}

/// Makes ``RandomSpec``s. A fresh generator per spec: `make(index:)` is a function of the seed
/// and the index.
struct RandomSpecGenerator {
    let seed: UInt64

    func make(index: Int) -> RandomSpec {
        var builder = Builder(random: SpecMutator.random(seed: seed, name: "random-spec", index: index), index: index)
        return builder.build(seed: seed)
    }
}

// MARK: - Vocabulary

enum RandomNames {
    /// Property, parameter and case names: keywords, names that are not identifiers, names
    /// the generated code uses itself.
    static let members = [
        "name", "id", "title", "count", "default", "class", "self", "Self", "init", "Type", "protocol", "func", "in", "is",
        "as", "try", "nil", "true", "none", "Protocol", "_", "async", "await", "actor", "inout", "var", "let", "where", "static",
        "first-name", "last_name", "2fa", "URLString", "userID", "e-mail", "page size", "naïve", "größe", "ñandú", "日本",
        "request", "response", "container", "decoder", "encoder", "coder", "rawValue", "description", "hashValue", "form",
        "client", "value", "values", "elements", "position", "next", "body", "data", "key", "keys", "type", "to", "from",
        "CodingKeys", "codingKey", "super", "dynamicType", "some", "any", "get", "set", "willSet", "didSet", "subscript",
        "Any", "operator", "precedence", "left", "right", "internal", "public", "open", "private", "fileprivate", "package",
        "x y z", "ALLCAPS", "HTTPStatus", "mixed_Case-name", "a1", "b2c3", "é", "ǅemal",
    ]

    /// Words for type names: model names are used as written, so these are identifiers.
    static let typeWords = [
        "Item", "Thing", "Record", "User", "Café", "Größe", "Node", "Entry", "Locale", "Thread", "Set", "Character",
        "Float", "Decimal", "Hasher", "Strideable", "Sequence", "Collection", "Mirror", "Unicode", "Bundle", "Progress",
        "Notification", "Calendar", "TimeZone", "Int32", "UInt", "Substring", "Comparable", "Equatable_", "Json", "Model",
        "Value", "Error_", "Problem", "Login", "Photo", "Page_", "Cursor", "Ünïcode", "_Private", "Δelta", "Self_",
    ]

    static let resources = [
        "Items", "default", "Edge Things", "class", "user-profiles", "Ünicode things", "Self", "Type", "Protocol",
        "Pets and Vets", "2nd resource", "Live", "Service", "Async", "Sequence", "Catalog", "self", "init",
    ]

    static let apiNames = ["Random", "edge cases", "default", "Ünïcode", "shop_api", "Self", "class", "HTTPBin", "2fa", "Shop API"]

    static let servers = ["production", "staging", "local host", "default", "self", "2nd", "dev-eu", "url", "init", "Type", "rawValue", "allCases"]
    static let serverURLs = [
        "https://api.example.com", "https://api.example.com/core/v1", "http://127.0.0.1:8080", "http://[::1]:8080/a",
        "https://user:pa%20ss@host.example.com:8443/base", "https://x.example.com/a;b=c/(d)/$e&f*g+h,i'j!k~l.m_n-o",
        "http://localhost", "https://EXAMPLE.com:/x",
    ]

    static let headers = ["X-Client", "Accept-Language", "X-Quote", "X_Odd!#$%&'*+-.^_`|~", "x-request-id", "Cookie", "Accept"]

    static let cookies = ["session", "theme", "a!#$%&'*+-.^_`|~z", "ID", "locale", "x"]

    /// Text for descriptions, header values, keys, enum values and defaults.
    static let texts = [
        "plain", "", " ", "a \"quoted\" \\ value \\(not interpolated)", "*/ \"\"\" } \\(oops)", "#\"raw\"#", "/* open",
        "emoji 👩‍👩‍👧 and e\u{301}", "right\u{202E}left", "zero\u{200B}width", "中文 עברית", "tab\there", "%20%", "{id}",
        "'single'", "`tick`", "\\", "\"", "line\u{2028}separator", "nul\u{0}byte", "bell\u{7}", "ȸ𝔘𝔫𝔦",
    ]

    /// Multi-line text, for descriptions and deprecation messages only.
    static let multiline = ["first\nsecond", "a\r\nb\rc", "trailing\n\n", "x\n}\nstruct Evil {}"]

    static let pathWords = [
        "items", "v2", "user-profiles", "robots.txt", "a'b", "(c)", "$d&e", "*f+g", ",h;i=j", ":k@l", "!m~n", "o_p-q",
        "%20r", "default", "class", "self", "Type", "x.y", "~", "1", "_",
    ]

    static let pathParameters = ["id", "item-id", "class", "self", "default", "a.b", "x_y", "Type", "2fa", "init", "request", "org"]

    static let queryNames = [
        "q", "tag", "page size", "class", "a&b=c", "x+y", "#hash", "?", "é", "✓ check", "limit", "offset", "cursor", "request",
        "default", "self", "Type", "\"quoted\"", "back\\slash",
    ]

    static let schemes = ["kong", "admin", "partnerKey", "mapsKey", "signed", "user auth", "default", "class", "Type", "2fa"]

    /// Discriminator keys (JSON keys of the tagged unions).
    static let discriminators = ["type", "kind", "object", "@type", "event-type", "$kind", "é", "Type", "a \"b\"", "self"]

    /// Discriminator values of a mapping.
    static let tags = ["text", "image_url", "created", "a \"quoted\" tag", "é", "1", "true", "null", "", " ", "default", "self", "\\(x)", "*/"]

    static let contentTypes = ["application/zip", "text/plain; charset=utf-8", "application/octet-stream", "image/png", "a \"quoted\" \\ type"]
}

// MARK: - Builder

private struct Builder {
    var random: SeededGenerator
    let index: Int

    /// Every type name the spec declares, lowercased: file names differ only in case otherwise.
    var declared: Set<String> = []
    var models: [RandomModel] = []
    /// Models usable as a form body, and as a multipart body.
    var formModels: [String] = []
    var multipartModels: [String] = []
    var structNames: [String] = []
    var enumNames: [String] = []
    var schemes: [(name: String, kind: String)] = []
    var serverNames: [String] = []
    var defaultKeySnakeCase = false
    var defaultDateStrategy: RandomDateStrategy = .iso8601
    var defaultAuth: String?
    var defaultEnvelope = false
    /// Function names in the whole spec, lowercased (endpoint struct names must be unique).
    var functionTypeNames: Set<String> = []
    var stringEnumNames: [String] = []
    var integerEnumNames: [String] = []
    var unionNames: [String] = []
    /// Structs and unions made so far, in order: a plain reference goes to one of them.
    var finished: [String] = []
    /// The discriminator of the tagged unions a struct is a member of.
    var discriminators: [String: String] = [:]
    /// Every JSON key a model declares: the keys an instance makes up (a dictionary's, an open
    /// model's) are never one of them, so that an untagged union's members stay apart.
    var declaredKeys: Set<String> = []
    var stats: [String: Int] = [:]
    var streams: [RandomStream] = []

    init(random: SeededGenerator, index: Int) {
        self.random = random
        self.index = index
    }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    mutating func pick<T>(_ values: [T]) -> T { values.randomElement(using: &random)! }
    mutating func count(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    mutating func text() -> String { pick(RandomNames.texts) }
    mutating func description() -> FuzzJSON { .string(chance(30) ? pick(RandomNames.multiline) : text()) }

    /// Claims a type name; false when it (or a name differing only in case) is taken.
    mutating func claim(_ typeName: String) -> Bool {
        declared.insert(typeName.lowercased()).inserted
    }

    // MARK: Spec

    mutating func build(seed: UInt64) -> RandomSpec {
        var top: [(key: String, value: FuzzJSON)] = [("endpointgen", .number("1"))]
        var apiName = pick(RandomNames.apiNames)
        if chance(50) { apiName += " \(index)" }
        top.append(("name", .string(apiName)))
        _ = claim(Resolver.withSuffix(SwiftNaming.typeName(apiName), "API"))
        if chance(70) { top.append(("description", description())) }

        // Servers: distinct case names.
        var servers: [(key: String, value: FuzzJSON)] = []
        var serverCases: Set<String> = []
        // Distinct URLs: they are the raw values of the Server enum.
        var urls = RandomNames.serverURLs.shuffled(using: &random)
        for _ in 0..<count(0...3) {
            let name = pick(RandomNames.servers)
            guard serverCases.insert(SwiftNaming.memberName(name)).inserted else { continue }
            servers.append((name, .string(urls.removeLast())))
            serverNames.append(name)
        }
        if !servers.isEmpty || chance(20) { top.append(("servers", .object(servers))) }

        var headers: [(key: String, value: FuzzJSON)] = []
        var headerNames: Set<String> = []
        for _ in 0..<count(0...2) {
            let name = pick(RandomNames.headers)
            guard headerNames.insert(name.lowercased()).inserted else { continue }
            headers.append((name, .string(oneLineText())))
        }
        if !headers.isEmpty { top.append(("headers", .object(headers))) }

        // Auth schemes.
        var auth: [(key: String, value: FuzzJSON)] = []
        for _ in 0..<count(0...4) {
            let name = pick(RandomNames.schemes)
            guard !schemes.contains(where: { $0.name == name }),
                  claim(Resolver.withSuffix(SwiftNaming.typeName(name), "Auth")) else { continue }
            var fields: [(key: String, value: FuzzJSON)] = []
            let kind = pick(["bearer", "basic", "apiKey", "apiKey", "custom"])
            fields.append(("type", .string(kind)))
            if kind == "apiKey" {
                if chance(50) {
                    fields += [("in", .string("header")), ("name", .string(pick(["X-Partner-Key", "X_Key", "api-key"])))]
                } else {
                    fields += [("in", .string("query")), ("name", .string(pick(["api_key", "key", "a b&c", "ключ"])))]
                }
            }
            if chance(40) { fields.append(("description", description())) }
            auth.append((name, .object(fields)))
            schemes.append((name, kind))
        }
        if !auth.isEmpty { top.append(("auth", .object(auth))) }

        var defaults: [(key: String, value: FuzzJSON)] = []
        if chance(40) {
            defaultKeySnakeCase = chance(50)
            defaults.append(("keyStrategy", .string(defaultKeySnakeCase ? "convertFromSnakeCase" : "useDefaultKeys")))
        }
        if chance(40) {
            defaultDateStrategy = randomDateStrategy()
            defaults.append(("dateStrategy", defaultDateStrategy.json))
        }
        if chance(30) { defaults.append(("arrayStrategy", .string(pick(["strict", "prune"])))) }
        if chance(20) { defaults.append(("access", .string(pick(["public", "internal"])))) }
        if !schemes.isEmpty, chance(30) {
            let value = chance(20) ? "none" : pick(schemes).name
            defaultAuth = value == "none" ? nil : value
            defaults.append(("auth", .string(value)))
        }

        makeModels()
        var modelEntries: [(key: String, value: FuzzJSON)] = []
        for model in models { modelEntries.append((model.name, modelJSON(model))) }
        top.append(("models", .object(modelEntries)))

        if chance(25) { defaults.append(("errorResponse", .string(jsonType(depth: 1).expression(spaced: false)))) }
        if chance(20) {
            defaultEnvelope = true
            defaults.append(("envelope", envelope()))
        }
        if !defaults.isEmpty {
            top.insert(("defaults", .object(defaults)), at: top.firstIndex { $0.key == "models" }!)
        }

        var resources: [(key: String, value: FuzzJSON)] = []
        for _ in 0..<count(1...4) {
            if let resource = makeResource() { resources.append(resource) }
        }
        top.append(("resources", .object(resources)))

        var instances: [(model: String, json: FuzzJSON)] = []
        for name in structNames + unionNames {
            for _ in 0..<count(1...2) { instances.append((name, instance(of: .model(name), depth: 0))) }
        }
        countUses(top)
        return RandomSpec(index: index, seed: seed, spec: .object(top), models: models, instances: instances, stats: stats, streams: streams)
    }

    /// Where unions, composed and open models are used: properties, elements, values, bodies,
    /// responses.
    mutating func countUses(_ top: [(key: String, value: FuzzJSON)]) {
        let composedNames = models.filter { !$0.allOf.isEmpty }.map(\.name)
        let openNames = models.filter { $0.additionalProperties != nil }.map(\.name)
        func uses(_ type: RandomType, _ names: [String], inCollection: Bool = false) -> [String] {
            switch type {
            case .model(let name): return names.contains(name) ? [inCollection ? "" : "plain"] : []
            case .optional(let wrapped): return uses(wrapped, names, inCollection: inCollection)
            case .array(let element): return uses(element, names, inCollection: true).map { $0.isEmpty || $0 == "plain" ? "array element" : $0 }
            case .dictionary(let value): return uses(value, names, inCollection: true).map { $0.isEmpty || $0 == "plain" ? "dictionary value" : $0 }
            default: return []
            }
        }
        for model in models {
            for property in model.properties {
                for use in uses(property.type, unionNames) { stats["union as \(use == "plain" ? "property" : use)", default: 0] += 1 }
                for use in uses(property.type, composedNames) { stats["composed model as \(use == "plain" ? "property" : use)", default: 0] += 1 }
            }
            if let extra = model.additionalProperties, case .model(let name) = extra {
                stats[unionNames.contains(name) ? "union as additional property" : "model as additional property", default: 0] += 1
            }
            if case .union(let members, _) = model.kind {
                for member in members {
                    for use in uses(member.type, unionNames) where use != "plain" { stats["union in an untagged union's \(use)", default: 0] += 1 }
                    if case .model(let name) = member.type, taggedUnionNames.contains(name) { stats["tagged union as untagged member", default: 0] += 1 }
                    if case .model(let name) = member.type, composedNames.contains(name) { stats["composed model as union member", default: 0] += 1 }
                    if case .model(let name) = member.type, openNames.contains(name) { stats["open model as union member", default: 0] += 1 }
                }
            }
        }
        // Bodies and responses name a type as text.
        func mentions(_ text: String, _ names: [String]) -> Bool {
            let words = text.split { !$0.isLetter && !$0.isNumber && $0 != "_" }.map(String.init)
            return words.contains { names.contains($0) }
        }
        guard case .object(let resources)? = top.first(where: { $0.key == "resources" })?.value else { return }
        for resource in resources {
            guard case .object(let fields) = resource.value, case .array(let endpoints)? = fields.first(where: { $0.key == "endpoints" })?.value else { continue }
            for case .object(let endpoint) in endpoints {
                for (key, value) in endpoint where ["body", "response", "errorResponse"].contains(key) {
                    var text = ""
                    if case .string(let type) = value { text = type }
                    if case .object(let body) = value, case .string(let type)? = body.first(where: { $0.key == "type" })?.value { text = type }
                    if mentions(text, unionNames) { stats["union in \(key)", default: 0] += 1 }
                    if mentions(text, composedNames) { stats["composed model in \(key)", default: 0] += 1 }
                    if mentions(text, openNames) { stats["open model in \(key)", default: 0] += 1 }
                }
            }
        }
    }

    mutating func oneLineText() -> String {
        // Header values: anything but line breaks and NUL.
        var value = text()
        value.unicodeScalars.removeAll { $0 == "\n" || $0 == "\r" || $0 == "\0" }
        return value
    }

    mutating func randomDateStrategy() -> RandomDateStrategy {
        chance(25) ? .format(pick(RandomDateStrategy.formats)) : pick(RandomDateStrategy.named)
    }

    // MARK: Models

    mutating func modelName() -> String? {
        for _ in 0..<20 {
            // Now and then a bare word: a name Foundation or the standard library uses too.
            let name = pick(RandomNames.typeWords) + (chance(70) ? String(count(0...99)) : "")
            if claim(name) { return name }
        }
        return nil
    }

    mutating func makeModels() {
        // Enums first, so that structs can use them.
        for _ in 0..<count(1...3) {
            guard let name = modelName() else { continue }
            if chance(60) {
                var values: [String] = []
                var caseNames: Set<String> = ["unknown"]
                for _ in 0..<count(1...5) {
                    let value = chance(60) ? pick(RandomNames.members) : text()
                    let caseName = value.isEmpty ? "empty" : SwiftNaming.memberName(value)
                    guard !values.contains(value), caseNames.insert(caseName).inserted else { continue }
                    values.append(value)
                }
                if values.isEmpty { values = ["only"] }
                models.append(RandomModel(name: name, kind: .stringEnum(values)))
                var objectNames: [String] = []
                for _ in values { objectNames.append(objectFormCaseName()) }
                enumForms[name] = chance(40) ? .objectForm(objectNames) : .arrayForm
                stringEnumNames.append(name)
            } else {
                var values: [Int] = []
                for _ in 0..<count(1...5) {
                    let value = pick([0, 1, -2, 5, 10, 404, Int(Int32.max), -1, Int.max, Int.min + 1])
                    if !values.contains(value) { values.append(value) }
                }
                models.append(RandomModel(name: name, kind: .integerEnum(values)))
                enumForms[name] = chance(40) ? .objectForm(values.map { _ in "" }) : .arrayForm
                integerEnumNames.append(name)
            }
            enumNames.append(name)
        }
        // Names up front, so that properties can refer to later models (recursion). A slot is a
        // struct (now and then composed of earlier ones), or a union; a tagged union's members
        // are earlier structs, which then hold its discriminator.
        var slots: [(name: String, kind: Slot)] = []
        for _ in 0..<count(2...7) {
            guard let name = modelName() else { continue }
            let position = slots.count
            let structs = slots.indices.filter { slots[$0].kind.isStructure }
            var kind = Slot.plain
            switch count(0...99) {
            case 0..<14 where position > 0:
                // A tagged union of earlier structs that can take its discriminator.
                let key = pick(RandomNames.discriminators)
                let members = structs.filter { discriminators[slots[$0].name].map { $0 == key } ?? true }
                    .shuffled(using: &random).prefix(count(1...3))
                if members.isEmpty {
                    kind = .untagged
                } else {
                    for member in members { discriminators[slots[member].name] = key }
                    kind = .tagged(key, members.sorted().map { slots[$0].name })
                }
            case 14..<28 where position > 0: kind = .untagged
            case 28..<40 where !structs.isEmpty: kind = .composed
            default: break
            }
            slots.append((name, kind))
        }
        structNames = slots.filter { $0.kind.isStructure }.map(\.name)
        unionNames = slots.filter { !$0.kind.isStructure }.map(\.name)
        for slot in slots {
            switch slot.kind {
            case .plain: models.append(makeStruct(slot.name, composed: false))
            case .composed: models.append(makeStruct(slot.name, composed: true))
            case .tagged(let key, let members): models.append(makeTaggedUnion(slot.name, discriminator: key, members: members))
            case .untagged: models.append(makeUntaggedUnion(slot.name))
            }
            finished.append(slot.name)
        }
        // A form model and a multipart model, sometimes.
        if chance(60), let name = modelName() {
            structNames.append(name)
            models.append(makeFormModel(name, multipart: false))
            formModels.append(name)
        }
        if chance(50), let name = modelName() {
            structNames.append(name)
            models.append(makeFormModel(name, multipart: true))
            multipartModels.append(name)
        }
        for model in models {
            if case .structure(let properties) = model.kind { declaredKeys.formUnion(properties.map(\.key)) }
            if case .union(_, let key?) = model.kind { declaredKeys.insert(key) }
        }
    }

    enum Slot {
        case plain, composed, untagged
        /// The discriminator and the member structs.
        case tagged(String, [String])

        var isStructure: Bool {
            switch self {
            case .plain, .composed: true
            case .untagged, .tagged: false
            }
        }
    }

    enum EnumForm {
        case arrayForm
        /// Case names for the object form (unused for integer enums, whose cases are `n<position>`).
        case objectForm([String])
    }

    var enumForms: [String: EnumForm] = [:]
    /// Per struct model: its options (strategies, tolerance, description) and properties, as written.
    var modelOptions: [String: [(key: String, value: FuzzJSON)]] = [:]
    var modelPropertiesJSON: [String: [(key: String, value: FuzzJSON)]] = [:]
    /// Per union: its members as written, and the rest (discriminator, mapping, description).
    var unionJSON: [String: [(key: String, value: FuzzJSON)]] = [:]

    mutating func objectFormCaseName() -> String {
        // Object-form case names: keywords and odd names; the values stay as they are.
        let names = ["default", "class", "self", "Type", "init", "case", "in", "first", "x y", "é", "rawValue", "hashValue", "none", "some"]
        return pick(names) + (chance(50) ? String(count(0...9)) : "")
    }

    /// The property types a struct can hold. A plain (not optional, not in a collection)
    /// reference is to a model already made, so that every model has a finite JSON instance.
    mutating func propertyType(depth: Int = 0) -> RandomType {
        let roll = count(0...99)
        switch roll {
        case 0..<38:
            return pick([.string, .int, .int64, .double, .bool, .date, .url, .uuid, .data, .json, .file] as [RandomType])
        case 38..<47:
            return enumNames.isEmpty ? .string : .model(pick(enumNames))
        case 47..<57:
            // A plain reference: a model made already, or (optional) any struct, itself included.
            if let earlier = finished.randomElement(using: &random), chance(50) { return .model(earlier) }
            return .optional(.model(pick(structNames)))
        case 57..<62:
            // A union: plain when made already, else optional or in a collection.
            guard !unionNames.isEmpty else { return .string }
            let union = pick(unionNames)
            if finished.contains(union), chance(50) { return .model(union) }
            return pick([.optional(.model(union)), .array(.model(union)), .dictionary(.model(union))])
        case 62..<75:
            return depth > 2 ? .string : .optional(propertyType(depth: depth + 1).unwrapped)
        case 75..<88:
            if chance(20) { return .array(.model(pick(structNames + unionNames))) }
            return depth > 2 ? .array(.int) : .array(propertyType(depth: depth + 1))
        default:
            if chance(20) { return .dictionary(.model(pick(structNames + unionNames))) }
            return depth > 2 ? .dictionary(.string) : .dictionary(propertyType(depth: depth + 1))
        }
    }

    /// The value type of an open model's undeclared keys: no date, no file.
    mutating func additionalType() -> RandomType {
        switch count(0...9) {
        case 0...3: return .json
        case 4, 5: return pick([.string, .int, .int64, .double, .bool, .uuid, .url, .data] as [RandomType])
        case 6: return enumNames.isEmpty ? .string : .model(pick(enumNames))
        case 7, 8: return .model(pick(structNames + unionNames))
        default: return pick([.optional(.string), .array(.int), .dictionary(.bool), .array(.json), .optional(.double)] as [RandomType])
        }
    }

    /// A struct: composed of earlier structs now and then, holding the discriminator of the
    /// tagged unions it is a member of, open now and then, with nullable properties.
    mutating func makeStruct(_ name: String, composed: Bool) -> RandomModel {
        var options: [(key: String, value: FuzzJSON)] = []
        var snake = defaultKeySnakeCase
        var dateStrategy = defaultDateStrategy
        if chance(25) {
            snake = chance(50)
            options.append(("keyStrategy", .string(snake ? "convertFromSnakeCase" : "useDefaultKeys")))
        }
        if chance(25) {
            dateStrategy = randomDateStrategy()
            options.append(("dateStrategy", dateStrategy.json))
        }
        if chance(20) { options.append(("arrayStrategy", .string(pick(["strict", "prune"])))) }
        let tolerant = chance(15)
        if tolerant { options.append(("tolerant", .bool(true))) }
        if chance(50) { options.append(("description", description())) }
        let discriminator = discriminators[name]

        var properties: [RandomProperty] = []
        var json: [(key: String, value: FuzzJSON)] = []
        var swiftNames: Set<String> = []
        var keys: Set<String> = []

        // The bases' properties first, as their models resolve them; a tolerant model makes
        // those without a default optional. A base that would clash is left out.
        var bases: [String] = []
        var inheritedExtra: [RandomType] = []
        if composed {
            let candidates = finished.filter { base in
                structNames.contains(base) && base != name
            }.shuffled(using: &random).prefix(count(1...3))
            for base in candidates {
                guard let model = models.first(where: { $0.name == base }) else { continue }
                var adjusted = model.properties
                for index in adjusted.indices where tolerant && adjusted[index].defaultValue == nil && !adjusted[index].effectiveType.isOptional {
                    adjusted[index].effectiveType = .optional(adjusted[index].effectiveType)
                }
                var added: [RandomProperty] = []
                var fits = true
                for property in adjusted {
                    if let discriminator, property.key == discriminator,
                       property.nullable || !isDiscriminatorType(property.effectiveType.unwrapped) {
                        fits = false
                    }
                    let sameKey = (properties + added).first { $0.key == property.key }
                    let sameName = (properties + added).first { $0.swiftName == property.swiftName }
                    if let same = sameKey ?? sameName {
                        // Kept once when it is the same property: same key, type, Swift name, and
                        // (so that which one is kept does not matter) the same default and dates.
                        if same.key == property.key && same.swiftName == property.swiftName && same.effectiveType == property.effectiveType
                            && same.nullable == property.nullable && same.defaultValue == property.defaultValue
                            && !property.effectiveType.containsDate {
                            continue
                        }
                        fits = false
                    }
                    added.append(property)
                }
                guard fits else { continue }
                bases.append(base)
                properties += added
                if let extra = model.additionalProperties { inheritedExtra.append(extra) }
            }
            if !bases.isEmpty { stats["allOf", default: 0] += 1 }
            swiftNames = Set(properties.map(\.swiftName))
            keys = Set(properties.map(\.key))
        }

        // A tagged union's discriminator, unless a base holds it already.
        let inheritedCount = properties.count
        if let discriminator, !keys.contains(discriminator) {
            var specName = chance(60) ? discriminator : pick(["discriminator", "kind of thing", "type", "tag", "class"])
            while swiftNames.contains(SwiftNaming.memberName(specName)) { specName = "discriminator \(count(0...999))" }
            let swiftName = SwiftNaming.memberName(specName)
            do {
                let derived = snake ? SwiftNaming.snakeCase(specName) : specName
                var type: RandomType = chance(30) && !stringEnumNames.isEmpty ? .model(pick(stringEnumNames)) : .string
                if chance(20) { type = .optional(type) }
                var full: [(key: String, value: FuzzJSON)] = [("type", .string(type.expression(spaced: false)))]
                if derived != discriminator { full.append(("key", .string(discriminator))) }
                let effective = tolerant && !type.isOptional ? .optional(type) : type
                properties.append(RandomProperty(
                    specName: specName, swiftName: swiftName, key: discriminator, type: type, effectiveType: effective,
                    defaultValue: nil, dateStrategy: nil))
                json.append((specName, full.count == 1 && chance(50) ? full[0].value : .object(full)))
                swiftNames.insert(swiftName)
                keys.insert(discriminator)
            }
        }

        // Now and then, a base's property said again, as the format allows.
        if composed, chance(30), let repeated = properties.prefix(inheritedCount).filter({ $0.defaultValue == nil && !$0.nullable && !$0.effectiveType.containsDate }).randomElement(using: &random) {
            // Written with its resolved type and key, so that it resolves to the same property.
            let base = models.first { $0.properties.contains { $0.key == repeated.key } && bases.contains($0.name) }
            let original = base?.properties.first { $0.key == repeated.key }
            if let original {
                json.append((original.specName, .object([("type", .string(original.effectiveType.expression(spaced: false))), ("key", .string(original.key))])))
                stats["allOf repeated property", default: 0] += 1
            }
        }

        for _ in 0..<count(0...8) {
            let specName = pick(RandomNames.members) + (chance(30) ? String(count(0...9)) : "")
            let swiftName = SwiftNaming.memberName(specName)
            let explicitKey: String? = chance(20) ? text() + String(count(0...99)) : nil
            let key = explicitKey ?? (snake ? SwiftNaming.snakeCase(specName) : specName)
            guard !swiftNames.contains(swiftName), !keys.contains(key), swiftName != "additionalProperties" else { continue }
            let type = propertyType()
            let nullable = chance(10)
            var full: [(key: String, value: FuzzJSON)] = [("type", .string(type.expression(spaced: chance(10))))]
            if let explicitKey { full.append(("key", .string(explicitKey))) }
            if nullable { full.append(("nullable", .bool(true))) }
            if chance(20) { full.append(("description", description())) }
            var defaultValue: FuzzJSON?
            if nullable {
                // No default: it would erase the difference between absent and null.
            } else if chance(30), let value = defaultJSON(for: type) {
                // `null` for an optional (a `JSON?` can draw one) is the same as no default.
                defaultValue = type.isOptional && value == .null ? nil : value
                full.append(("default", value))
            } else if type.isOptional, chance(5) {
                full.append(("default", .null))
            } else if chance(3) {
                full.append(("nullable", .bool(false)))
            }
            var strategy: RandomDateStrategy?
            if type.containsDate {
                strategy = dateStrategy
                if chance(30) {
                    strategy = randomDateStrategy()
                    full.append(("dateStrategy", strategy!.json))
                }
            }
            if case .array = type.unwrapped, chance(25) { full.append(("arrayStrategy", .string(pick(["strict", "prune"])))) }
            swiftNames.insert(swiftName)
            keys.insert(key)
            var effective = tolerant && defaultValue == nil && !type.isOptional ? .optional(type) : type
            if nullable {
                effective = .optional(type.unwrapped)
                stats["nullable property", default: 0] += 1
            }
            properties.append(RandomProperty(
                specName: specName, swiftName: swiftName, key: key, type: type, effectiveType: effective,
                defaultValue: defaultValue, dateStrategy: strategy, nullable: nullable))
            // The shorthand when nothing but the type is said.
            json.append((specName, full.count == 1 && chance(70) ? full[0].value : .object(full)))
        }

        // Open now and then; a composed model whose bases keep different types must say its own.
        var extra: RandomType?
        var ownExtra = false
        if chance(15) || Set(inheritedExtra.map { $0.expression(spaced: false) }).count > 1 {
            extra = additionalType()
            ownExtra = true
        } else {
            extra = inheritedExtra.first
        }
        if extra != nil { stats["additionalProperties", default: 0] += 1 }
        if ownExtra, let extra { options.append(("additionalProperties", .string(extra.expression(spaced: chance(10))))) }
        if !bases.isEmpty { options.insert(("allOf", .array(bases.map { .string($0) })), at: 0) }
        modelOptions[name] = options
        modelPropertiesJSON[name] = json
        return RandomModel(name: name, kind: .structure(properties), additionalProperties: extra, allOf: bases)
    }

    func isDiscriminatorType(_ type: RandomType) -> Bool {
        if case .model(let name) = type { return stringEnumNames.contains(name) }
        return type == .string
    }

    // MARK: Unions

    /// A union's case name as the format derives it from the member's type.
    static func caseName(_ type: RandomType) -> String {
        switch type {
        case .array(let element): caseName(element) + "Array"
        case .dictionary(let value): caseName(value) + "Dictionary"
        case .optional(let wrapped): caseName(wrapped)
        case .model(let name): SwiftNaming.memberName(name)
        default: SwiftNaming.memberName(type.expression(spaced: false))
        }
    }

    /// Case names: derived (the array form) or chosen (the object form), distinct.
    mutating func caseNames(_ types: [RandomType], tagged: Bool) -> [String?] {
        let derived = types.map(Self.caseName)
        if chance(60), Set(derived).count == derived.count, !(tagged && derived.contains("unknown")) {
            return types.map { _ in nil }
        }
        var used: Set<String> = tagged ? ["unknown"] : []
        return types.enumerated().map { number, _ in
            var name = pick(RandomNames.members) + (chance(30) ? String(count(0...9)) : "")
            if !used.insert(SwiftNaming.memberName(name)).inserted {
                name = "case \(number)"
                used.insert(SwiftNaming.memberName(name))
            }
            return name
        }
    }

    /// A tagged union of `members` (structs that hold the discriminator): discriminator values
    /// mapped, or (for members the mapping leaves out) the type's name.
    mutating func makeTaggedUnion(_ name: String, discriminator: String, members: [String]) -> RandomModel {
        var taken: Set<String> = []
        var tags: [[String]] = members.map { _ in [] }
        var mapping: [(key: String, value: FuzzJSON)] = []
        for (index, member) in members.enumerated() where chance(60) {
            for _ in 0..<count(1...2) {
                let value = chance(20) ? members[count(0...members.count - 1)] : pick(RandomNames.tags) + (chance(40) ? String(count(0...9)) : "")
                // A member's own name picks it unless the mapping gives it values.
                guard !taken.contains(value), !(members.contains(value) && value != member) else { continue }
                taken.insert(value)
                tags[index].append(value)
                mapping.append((value, .string(member)))
            }
        }
        for (index, member) in members.enumerated() where tags[index].isEmpty {
            guard !taken.contains(member) else { return makeUntaggedUnion(name) }
            tags[index] = [member]
            taken.insert(member)
        }
        mapping.shuffle(using: &random)
        // The first value mapped to a member is the one written: order the tags as the mapping does.
        for index in tags.indices where tags[index].count > 1 {
            tags[index] = mapping.filter { $0.value == .string(members[index]) }.map(\.key)
        }
        let types = members.map { RandomType.model($0) }
        let cases = caseNames(types, tagged: true)
        var fields: [(key: String, value: FuzzJSON)] = []
        if chance(30) { fields.append(("description", description())) }
        fields.append(("oneOf", oneOfJSON(types, cases)))
        fields.append(("discriminator", .string(discriminator)))
        if !mapping.isEmpty { fields.append(("mapping", .object(mapping))) }
        if chance(30) { fields.shuffle(using: &random) }
        unionJSON[name] = fields
        stats["tagged union", default: 0] += 1
        if !mapping.isEmpty { stats["tagged union with mapping", default: 0] += 1 }
        if tags.contains(where: { $0.count == 1 && members.contains($0[0]) }) { stats["tagged member picked by type name", default: 0] += 1 }
        return RandomModel(name: name, kind: .union(zip(zip(cases, types), tags).map { RandomUnionMember(caseName: $0.0, type: $0.1, tags: $1) }, discriminator: discriminator))
    }

    func oneOfJSON(_ types: [RandomType], _ cases: [String?]) -> FuzzJSON {
        if cases.allSatisfy({ $0 == nil }) { return .array(types.map { .string($0.expression(spaced: false)) }) }
        return .object(zip(cases, types).map { ($0!, .string($1.expression(spaced: false))) })
    }

    /// The JSON kinds an untagged union's members can take, each at most once (with the few
    /// orders that stay apart: a UUID before another string, a whole number before a Double,
    /// structs each with a key the ones after never hold, a dictionary last), so that every
    /// value decodes as the member it was made for and the generator has nothing to warn about.
    mutating func makeUntaggedUnion(_ name: String) -> RandomModel {
        var types: [RandomType] = []
        var kinds = ["string", "number", "bool", "array", "object", "object", "json"].shuffled(using: &random).prefix(count(2...4))
        if !kinds.contains("object") && !kinds.contains("array") && chance(50) { kinds.append("json") }
        var objects: [RandomType] = []
        for kind in Set(kinds).sorted() {
            switch kind {
            case "string":
                let strings: [RandomType] = [.string, .url, .data] + stringEnumNames.map { .model($0) }
                if chance(25) { types += [.uuid, pick(strings)] } else { types.append(pick(strings + [.uuid])) }
            case "number":
                let numbers: [RandomType] = [.int, .int64, .double] + integerEnumNames.map { .model($0) }
                if chance(25) { types += [pick([.int, .int64] as [RandomType]), .double] } else { types.append(pick(numbers)) }
            case "bool": types.append(.bool)
            case "array": types.append(.array(unionElementType(name, depth: 0)))
            case "object":
                // Structs and tagged unions made already, each with a key that no later one declares.
                let candidates = finished.filter { candidate in
                    structNames.contains(candidate) || taggedUnionNames.contains(candidate)
                }.shuffled(using: &random)
                for candidate in candidates.prefix(3) {
                    let required = currentRequiredKeys(candidate)
                    let declared = currentDeclaredKeys(candidate)
                    guard !required.isEmpty else { continue }
                    let apart = objects.allSatisfy { earlier in
                        guard case .model(let earlierName) = earlier else { return false }
                        return !currentRequiredKeys(earlierName).isSubset(of: declared)
                    }
                    if apart { objects.append(.model(candidate)) }
                }
                if objects.isEmpty || chance(25) { objects.append(.dictionary(unionElementType(name, depth: 1))) }
            default: break
            }
        }
        types += objects
        let hasJSON = kinds.contains("json") && !kinds.contains("object") && !kinds.contains("array")
        if hasJSON { types.append(.json) }
        if types.count < 2 { types.insert(types.contains(.bool) ? .string : .bool, at: 0) }
        // One type once: a dictionary of JSON drawn twice, say.
        var distinct: [RandomType] = []
        for type in types where !distinct.contains(type) { distinct.append(type) }
        let cases = caseNames(distinct, tagged: false)
        var fields: [(key: String, value: FuzzJSON)] = []
        if chance(30) { fields.append(("description", description())) }
        fields.append(("oneOf", oneOfJSON(distinct, cases)))
        unionJSON[name] = fields
        stats["untagged union", default: 0] += 1
        if objects.count > 1 { stats["untagged union of several object members", default: 0] += 1 }
        return RandomModel(name: name, kind: .union(zip(cases, distinct).map { RandomUnionMember(caseName: $0, type: $1) }, discriminator: nil))
    }

    var taggedUnionNames: [String] {
        models.compactMap { if case .union(_, _?) = $0.kind { $0.name } else { nil } }
    }

    func currentRequiredKeys(_ name: String) -> Set<String> {
        RandomSpec(index: index, seed: 0, spec: .null, models: models, instances: []).requiredKeys(name)
    }

    func currentDeclaredKeys(_ name: String) -> Set<String> {
        RandomSpec(index: index, seed: 0, spec: .null, models: models, instances: []).declaredKeys(name)
    }

    /// An element of an untagged union's array or dictionary member: no date, no file; any
    /// model, the union itself included.
    mutating func unionElementType(_ union: String, depth: Int) -> RandomType {
        switch count(0...9) {
        case 0...3: return pick([.string, .int, .int64, .double, .bool, .uuid, .url, .data, .json] as [RandomType])
        case 4: return enumNames.isEmpty ? .int : .model(pick(enumNames))
        case 5, 6: return .model(pick(structNames + unionNames))
        case 7: return .model(union)
        default: return depth > 1 ? .string : (chance(50) ? .array(unionElementType(union, depth: depth + 1)) : .dictionary(unionElementType(union, depth: depth + 1)))
        }
    }

    /// A model whose fields a form can send: simple values, optional or in arrays; for
    /// multipart also files and values sent as JSON parts (models, dictionaries), in arrays too.
    mutating func makeFormModel(_ name: String, multipart: Bool) -> RandomModel {
        var properties: [RandomProperty] = []
        var json: [(key: String, value: FuzzJSON)] = []
        var swiftNames: Set<String> = []
        var keys: Set<String> = []
        let simple: [RandomType] = [.string, .int, .int64, .double, .bool, .date, .url, .uuid] + enumNames.map { .model($0) }
        for _ in 0..<count(1...6) {
            let specName = pick(RandomNames.members)
            let swiftName = SwiftNaming.memberName(specName)
            let key = defaultKeySnakeCase ? SwiftNaming.snakeCase(specName) : specName
            guard !swiftNames.contains(swiftName), !keys.contains(key) else { continue }
            var type = pick(simple)
            if multipart, chance(30) { type = pick([.file, .data]) }
            if multipart, chance(20) { type = chance(50) && !finished.isEmpty ? .model(pick(finished)) : .dictionary(.string) }
            if chance(25) { type = .array(type) }
            if chance(30) { type = .optional(type) }
            swiftNames.insert(swiftName)
            keys.insert(key)
            properties.append(RandomProperty(
                specName: specName, swiftName: swiftName, key: key, type: type, effectiveType: type, defaultValue: nil,
                dateStrategy: type.containsDate ? defaultDateStrategy : nil))
            json.append((specName, .string(type.expression(spaced: false))))
        }
        modelOptions[name] = chance(50) ? [("description", description())] : []
        modelPropertiesJSON[name] = json
        return RandomModel(name: name, kind: .structure(properties))
    }

    func modelJSON(_ model: RandomModel) -> FuzzJSON {
        switch model.kind {
        case .structure:
            var members = modelOptions[model.name] ?? []
            let properties = modelPropertiesJSON[model.name] ?? []
            if !properties.isEmpty || index % 2 == 0 { members.append(("properties", .object(properties))) }
            return .object(members)
        case .stringEnum(let values):
            if case .objectForm(let names) = enumForms[model.name] {
                var used: Set<String> = ["unknown"]
                var entries: [(key: String, value: FuzzJSON)] = []
                for (number, value) in values.enumerated() {
                    var caseName = names[number]
                    if !used.insert(SwiftNaming.memberName(caseName)).inserted { caseName = "case\(number)" }
                    used.insert(SwiftNaming.memberName(caseName))
                    entries.append((caseName, .string(value)))
                }
                return .object([("enum", .object(entries))])
            }
            return .object([("enum", .array(values.map { .string($0) }))])
        case .integerEnum(let values):
            if case .objectForm = enumForms[model.name] {
                return .object([("enum", .object(values.enumerated().map { ("n\($0.offset) \($0.element < 0 ? "minus" : "")", .number(String($0.element))) }))])
            }
            return .object([("enum", .array(values.map { .number(String($0)) }))])
        case .union:
            return .object(unionJSON[model.name] ?? [])
        }
    }

    /// A default that fits `type`, or nil for types that take none.
    mutating func defaultJSON(for type: RandomType) -> FuzzJSON? {
        switch type {
        case .string: return .string(text())
        case .int, .int64: return .number(pick(["0", "3", "-7", "9007199254740993", "-9223372036854775808", "9223372036854775807"]))
        case .double: return .number(pick(["0.5", "-2.25", "3", "1e300", "9007199254740993", "0.1", "-0"]))
        case .bool: return .bool(chance(50))
        case .json: return randomJSON(depth: 0)
        case .model(let name):
            switch models.first(where: { $0.name == name })?.kind {
            case .stringEnum(let values): return .string(pick(values))
            case .integerEnum(let values): return .number(String(pick(values)))
            default: return nil
            }
        case .array(let element):
            var elements: [FuzzJSON] = []
            for _ in 0..<count(0...2) {
                guard let value = defaultJSON(for: element) else { return nil }
                elements.append(value)
            }
            return .array(elements)
        case .dictionary(let value):
            var members: [(key: String, value: FuzzJSON)] = []
            for number in 0..<count(0...2) {
                guard let element = defaultJSON(for: value) else { return nil }
                members.append((text() + String(number), element))
            }
            return .object(members)
        case .optional(let wrapped):
            return defaultJSON(for: wrapped)
        case .date, .url, .uuid, .data, .file: return nil
        }
    }

    /// A type for JSON bodies, responses and error bodies: no date outside a model.
    mutating func jsonType(depth: Int) -> RandomType {
        switch count(0...9) {
        case 0...2: return .model(pick(structNames))
        case 3: return unionNames.isEmpty ? .model(pick(structNames)) : .model(pick(unionNames))
        case 4: return enumNames.isEmpty ? .json : .model(pick(enumNames))
        case 5: return pick([.string, .int, .double, .bool, .uuid, .url, .json, .data] as [RandomType])
        case 6, 7: return depth > 1 ? .json : .array(jsonType(depth: depth + 1))
        default: return depth > 1 ? .json : .dictionary(jsonType(depth: depth + 1))
        }
    }

    mutating func envelope() -> FuzzJSON {
        var fields: [(key: String, value: FuzzJSON)] = [("status", .string(pick(["fetchStatus", "status", "ok", "a \"b\""])))]
        let values: [FuzzJSON] = [.number("1"), .string("ok"), .bool(true), .number("-1"), .string("")]
        fields.append(("success", chance(50) ? pick(values) : .array(Array(values.shuffled(using: &random).prefix(count(1...3))))))
        if chance(60) { fields.append(("message", .string(pick(["message", "reason", "é"])))) }
        if chance(60) { fields.append(("value", .string(pick(["value", "realUser", "data", "\\"])))) }
        return .object(fields)
    }

    // MARK: Resources

    mutating func makeResource() -> (key: String, value: FuzzJSON)? {
        var name = pick(RandomNames.resources)
        if chance(40) { name += " \(count(0...9))" }
        let base = SwiftNaming.typeName(name)
        let service = Resolver.withSuffix(base, "Service")
        guard claim(service), claim(service + "Protocol"), claim("Live" + service) else { return nil }
        var members: [(key: String, value: FuzzJSON)] = []
        if chance(40) { members.append(("description", description())) }
        var prefixParameters: [String] = []
        if chance(40) {
            var path = "/" + pick(RandomNames.pathWords)
            if chance(30) {
                let parameter = pick(RandomNames.pathParameters)
                path += "/{\(parameter)}"
                prefixParameters.append(parameter)
            }
            if chance(30) { path += "/" }
            members.append(("path", .string(path)))
        }
        // The resource's scheme: its endpoints need it or none.
        var resourceAuth = defaultAuth
        if !schemes.isEmpty, chance(40) {
            let value = chance(25) ? "none" : pick(schemes).name
            resourceAuth = value == "none" ? nil : value
            members.append(("auth", .string(value)))
        }
        if !serverNames.isEmpty, chance(30) {
            members.append(("servers", .object(serverNames.map { ($0, .string(pick(RandomNames.serverURLs))) })))
        }
        var functionNames: Set<String> = []
        var endpoints: [FuzzJSON] = []
        for _ in 0..<count(1...6) {
            if let endpoint = makeEndpoint(prefixParameters: prefixParameters, auth: resourceAuth, functionNames: &functionNames) {
                endpoints.append(endpoint)
            }
        }
        members.append(("endpoints", .array(endpoints)))
        return (name, .object(members))
    }

    mutating func simpleType(optional: Bool) -> RandomType {
        let base = pick([.string, .int, .int64, .double, .bool, .uuid, .url, .date] + enumNames.map { RandomType.model($0) })
        return optional && chance(50) ? .optional(base) : base
    }

    mutating func makeEndpoint(prefixParameters: [String], auth: String?, functionNames: inout Set<String>) -> FuzzJSON? {
        let method = pick(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "get", "Post"])
        let upper = method.uppercased()
        var segments: [ResolvedAPI.PathSegment] = []
        var path = ""
        var pathParameters = prefixParameters
        for _ in 0..<count(0...3) {
            if chance(30) {
                let parameter = pick(RandomNames.pathParameters)
                guard !pathParameters.contains(parameter) else { continue }
                pathParameters.append(parameter)
                path += "/{\(parameter)}"
                segments.append(.parameter(parameter))
            } else {
                let word = pick(RandomNames.pathWords)
                path += "/" + word
                segments.append(.literal("/" + word))
            }
        }
        if path.isEmpty { path = "/" }
        if path == "/" { segments = [.literal("/")] }

        var members: [(key: String, value: FuzzJSON)] = []
        let functionName: String
        if chance(60) {
            let name = pick(RandomNames.members + ["fetch", "makeRequest", "decodeResponse", "send", "perform", "pages", "client"])
                + (chance(50) ? " \(count(0...99))" : "")
            functionName = SwiftNaming.memberName(name)
            members.append(("name", .string(name)))
        } else {
            functionName = Resolver.derivedName(method: upper, segments: segments)
        }
        let typeName = SwiftNaming.typeName(functionName) + "Endpoint"
        guard !functionNames.contains(functionName), !functionTypeNames.contains(typeName.lowercased()), claim(typeName) else {
            return nil
        }
        functionTypeNames.insert(typeName.lowercased())
        members.append(("method", .string(method)))
        members.append(("path", .string(path)))
        if chance(40) { members.append(("description", description())) }
        if chance(15) { members.append(("deprecated", chance(50) ? .bool(true) : description())) }

        // Swift names of the parameters, which share one name space.
        var swiftNames: Set<String> = Resolver.endpointMemberNames
        func free(_ name: String) -> Bool { !swiftNames.contains(SwiftNaming.memberName(name)) }

        if !pathParameters.isEmpty {
            var entries: [(key: String, value: FuzzJSON)] = []
            for parameter in pathParameters {
                var swiftName: String?
                if !free(parameter) || chance(15) { swiftName = "path " + parameter + " \(count(0...99))" }
                guard free(swiftName ?? parameter) else { return nil }
                swiftNames.insert(SwiftNaming.memberName(swiftName ?? parameter))
                entries.append((parameter, parameterJSON(simpleType(optional: false), swiftName: swiftName)))
            }
            members.append(("pathParams", .object(entries)))
        }

        // The body.
        var isUpload = false
        /// The body's type (not an upload's): a streaming endpoint's test builds one to make the endpoint.
        var bodyType: RandomType?
        var bodyIsOptional = false
        if upper != "GET", upper != "HEAD", chance(50) {
            var body: [(key: String, value: FuzzJSON)] = []
            var swiftName: String
            let roll = count(0...9)
            if roll < 2, !formModels.isEmpty {
                let model = pick(formModels)
                body = [("type", .string(model)), ("encoding", .string("form"))]
                swiftName = model
                bodyType = .model(model)
            } else if roll == 2, !multipartModels.isEmpty {
                let model = pick(multipartModels)
                body = [("type", .string(model)), ("encoding", .string("multipart"))]
                swiftName = model
                bodyType = .model(model)
            } else if roll == 3 {
                isUpload = true
                body = [("type", .string("Upload"))]
                if chance(60) { body.append(("contentType", .string(pick(RandomNames.contentTypes)))) }
                swiftName = "upload"
            } else {
                let type = jsonType(depth: 0)
                bodyType = type
                body = [("type", .string(type.expression(spaced: chance(10))))]
                if chance(20) { body.append(("encoding", .string("json"))) }
                if case .model(let model) = type { swiftName = model } else { swiftName = "body" }
                if chance(30) {
                    let key = pick(["address", "payload", "data", "a \"b\"", "é", "self", ""])
                    body.append(("key", .string(key)))
                    swiftName = key
                }
            }
            // An optional body, left out when nil.
            if chance(15), case .string(let type) = body[0].value, !type.hasSuffix("?") {
                body[0].value = .string(type + (chance(20) ? " ?" : "?"))
                bodyIsOptional = true
            }
            if chance(25) || !free(swiftName) {
                swiftName = pick(RandomNames.members) + " body"
                body.append(("swiftName", .string(swiftName)))
            }
            guard free(swiftName) else { return nil }
            swiftNames.insert(SwiftNaming.memberName(swiftName))
            if isUpload {
                guard free("progress") else { return nil }
                swiftNames.insert("progress")
            }
            members.append(("body", body.count == 1 && chance(50) ? body[0].value : .object(body)))
        }

        for (key, count) in [("query", count(0...3)), ("headers", count(0...2)), ("cookies", count(0...2))] where count > 0 {
            var entries: [(key: String, value: FuzzJSON)] = []
            var wireNames: Set<String> = []
            for _ in 0..<count {
                let wire: String
                let type: RandomType
                // An array sent as one item or one header field, now and then with its separator.
                var separator: String?
                switch key {
                case "query":
                    wire = pick(RandomNames.queryNames)
                    let element = simpleType(optional: false)
                    let collection: RandomType = chance(80) ? .array(element) : .dictionary(element)
                    type = chance(30) ? (chance(50) ? .optional(collection) : collection) : (chance(50) ? .optional(element) : element)
                    if case .array = type.unwrapped, chance(40) { separator = pick([",", " ", "|"]) }
                case "headers":
                    wire = pick(RandomNames.headers.filter { $0 != "Cookie" } + ["X-Request-ID", "X-Retry"])
                    if chance(20) {
                        let list = RandomType.array(simpleType(optional: false))
                        type = chance(50) ? .optional(list) : list
                        if chance(30) { separator = "," }
                    } else {
                        type = simpleType(optional: true)
                    }
                default:
                    wire = pick(RandomNames.cookies)
                    type = simpleType(optional: true)
                }
                guard wireNames.insert(key == "headers" ? wire.lowercased() : wire).inserted else { continue }
                var swiftName: String?
                if !free(wire) || chance(15) { swiftName = key + " " + wire + " \(self.count(0...99))" }
                guard free(swiftName ?? wire) else { continue }
                swiftNames.insert(SwiftNaming.memberName(swiftName ?? wire))
                entries.append((wire, parameterJSON(type, swiftName: swiftName, separator: separator)))
            }
            if !entries.isEmpty { members.append((key, .object(entries))) }
        }

        // The response, and what reads it: now and then a stream, which nothing else reads whole.
        var paginated = false
        var hasResponseKey = false
        var envelopeAllowed = true
        var stream: (kind: RandomStream.Kind, events: RandomType?, terminator: String?)?
        // A body model with a Bool property can say whether to stream: such endpoints stream more often.
        let flags: [RandomProperty] = if case .model(let name)? = bodyType, !bodyIsOptional,
            let model = models.first(where: { $0.name == name }) { model.properties.filter { $0.type == .bool || $0.type == .optional(.bool) } } else { [] }
        if !isUpload, chance(flags.isEmpty ? 16 : 50) {
            let kind = pick([RandomStream.Kind.sse, .sse, .sse, .jsonLines, .jsonLines, .bytes])
            var events: RandomType?
            var terminator: String?
            if kind == .bytes {
                if chance(50) { members.append(("response", .string("Data"))) }
            } else {
                // Text (`String`) now and then, else a JSON type: often a model or a union.
                var type: RandomType = chance(25) ? .string : (chance(50) ? .model(pick(structNames + unionNames)) : jsonType(depth: 0))
                if type == .data { type = .array(.data) }
                if chance(12) { type = .optional(type) }
                events = type == .string ? nil : type
                members.append(("response", .string(type == .string ? "String" : type.expression(spaced: chance(10)))))
                if chance(50) {
                    terminator = chance(70) ? pick(RandomStream.terminators) : text()
                    if terminator!.isEmpty { terminator = "[DONE]" }
                }
            }
            members.append(("stream", .string(kind.rawValue)))
            if let terminator { members.append(("streamTerminator", .string(terminator))) }
            // A body model's Bool property that asks for the stream, which the request sets.
            if let flag = flags.randomElement(using: &random), chance(80) {
                members.append(("streamFlag", .string(flag.specName)))
                stats["stream flag", default: 0] += 1
            }
            // A spec-wide envelope is not for streams; saying so is allowed.
            if defaultEnvelope, chance(30) { members.append(("envelope", .string("none"))) }
            if chance(30) { members.shuffle(using: &random) }
            stream = (kind, events, terminator)
        } else {
            switch count(0...11) {
            case 0: break
            case 1: members.append(("response", .string("Void")))
            case 2:
                members.append(("response", .string(pick(["Data", "String", "HTTPResponse"]))))
                envelopeAllowed = false
            case 3, 4:
                // A page of items.
                let item = chance(80) || unionNames.isEmpty ? pick(structNames) : pick(unionNames)
                if let pagination = pagination(&swiftNames) {
                    members.append(("response", .string("[\(item)]")))
                    members.append(("pagination", pagination))
                    paginated = true
                    if chance(30) { members.append(("arrayStrategy", .string(pick(["strict", "prune"])))) }
                } else {
                    members.append(("response", .string("[\(item)]")))
                }
            default:
                var type = jsonType(depth: 0)
                // A bare `String` or `Data` response is the raw body, not JSON.
                if type == .string || type == .data { type = .array(type) }
                if chance(15) { type = .optional(type) }
                members.append(("response", .string(type.expression(spaced: chance(10)))))
                if case .array = type.unwrapped, chance(40) { members.append(("arrayStrategy", .string(pick(["strict", "prune"])))) }
                if chance(25) {
                    members.append(("responseKey", .string(pick(["cities", "data", "a \"quoted\" key", "é", "\\(x)", " "]))))
                    hasResponseKey = true
                }
            }
        }
        if !paginated, stream == nil {
            if envelopeAllowed && !hasResponseKey && chance(20) {
                members.append(("envelope", envelope()))
            } else if defaultEnvelope && (!envelopeAllowed || hasResponseKey || chance(20)) {
                members.append(("envelope", .string("none")))
            }
        }
        if chance(20) {
            if chance(25) {
                // A type per status: codes, classes (any case) and the default, some with no body.
                var statuses: [(key: String, value: FuzzJSON)] = []
                for status in ["404", "409", "422", pick(["4XX", "4xx"]), "5XX", "default"].shuffled(using: &random) where chance(50) {
                    statuses.append((status, .string(chance(15) ? "none" : jsonType(depth: 1).expression(spaced: false))))
                }
                if statuses.isEmpty { statuses.append(("500", .string(jsonType(depth: 1).expression(spaced: false)))) }
                members.append(("errorResponse", .object(statuses)))
            } else {
                members.append(("errorResponse", .string(chance(20) ? "none" : jsonType(depth: 1).expression(spaced: false))))
            }
        }
        // Typed response headers, in their own name space, a streamed response's too.
        if chance(20) {
            var entries: [(key: String, value: FuzzJSON)] = []
            var wireNames: Set<String> = []
            var headerSwiftNames: Set<String> = []
            for _ in 0..<count(1...3) {
                let wire = pick(RandomNames.headers + ["ETag", "X-Total-Count", "Location", "self", "response"])
                let element = simpleType(optional: false)
                let type: RandomType = chance(25) ? .array(element) : element
                guard wireNames.insert(wire.lowercased()).inserted else { continue }
                var swiftName: String?
                if headerSwiftNames.contains(SwiftNaming.memberName(wire)) || chance(15) { swiftName = "header " + wire + " \(count(0...99))" }
                guard headerSwiftNames.insert(SwiftNaming.memberName(swiftName ?? wire)).inserted else { continue }
                entries.append((wire, parameterJSON(chance(50) ? .optional(type) : type, swiftName: swiftName)))
            }
            if !entries.isEmpty { members.append(("responseHeaders", .object(entries))) }
        }
        if chance(20), let auth {
            members.append(("auth", .string(chance(50) ? auth : "none")))
        } else if chance(10) {
            members.append(("auth", .string("none")))
        }
        functionNames.insert(functionName)
        if paginated {
            let pages = functionName + "Pages"
            guard !functionNames.contains(pages) else { return nil }
            functionNames.insert(pages)
        }
        if let stream {
            streams.append(makeStream(typeName: typeName, kind: stream.kind, events: stream.events, terminator: stream.terminator, bodyType: bodyType))
        }
        return .object(members)
    }

    mutating func parameterJSON(_ type: RandomType, swiftName: String?, separator: String? = nil) -> FuzzJSON {
        let expression = FuzzJSON.string(type.expression(spaced: chance(10)))
        guard swiftName != nil || separator != nil || chance(20) else { return expression }
        var fields: [(key: String, value: FuzzJSON)] = [("type", expression)]
        if let swiftName { fields.append(("swiftName", .string(swiftName))) }
        if let separator { fields.append(("separator", .string(separator))) }
        if chance(50) { fields.append(("description", description())) }
        return .object(fields)
    }

    /// A pagination object whose query items do not clash with the endpoint's parameters.
    mutating func pagination(_ swiftNames: inout Set<String>) -> FuzzJSON? {
        let style = pick(["offset", "page", "cursor", "link"])
        var fields: [(key: String, value: FuzzJSON)] = [("style", .string(style))]
        // A link page's position is `pageLink`, not a query item the spec can rename.
        var position = ["offset": "offset", "page": "page", "cursor": "cursor", "link": "pageLink"][style]!
        var size: String? = ["offset": "limit", "page": "per_page"][style]
        let positionKey = position
        let sizeKey = style == "page" ? "perPage" : "limit"
        if style != "link", chance(40) {
            position = pick(["after", "from", "p", "start index", "self"])
            fields.append((positionKey, .string(position)))
        }
        if chance(40) || ((style == "cursor" || style == "link") && chance(50)) {
            size = pick(["count", "size", "n", "page size"])
            fields.append((sizeKey, .string(size!)))
        }
        let hasItems = style == "cursor" || (style != "link" && chance(70)) || (style == "link" && chance(30))
        if hasItems { fields.append(("items", .string(pick(["records", "data", "items", "é"])))) }
        switch style {
        case "offset": if hasItems, chance(50) { fields.append(("total", .string("total"))) }
        case "page":
            if hasItems, chance(50) { fields.append(("pageCount", .string("total_pages"))) }
            if chance(40) { fields.append(("firstPage", .number(pick(["0", "1", "2"])))) }
        case "link": break
        default: fields.append(("nextCursor", .string(pick(["next", "next_cursor"]))))
        }
        let names = [position] + (size.map { [$0] } ?? [])
        let swift = names.map(SwiftNaming.memberName)
        guard Set(swift).count == swift.count, swift.allSatisfy({ !swiftNames.contains($0) }) else { return nil }
        swiftNames.formUnion(swift)
        return .object(fields)
    }

    // MARK: Instances

    /// A made-up key (of a dictionary or an open model) that no model declares.
    mutating func undeclaredKey(_ number: Int) -> String {
        var key = text() + String(number)
        while declaredKeys.contains(key) { key += "+" }
        return key
    }

    /// What kind of JSON value a member of an untagged union takes.
    static func jsonKind(_ type: RandomType, _ models: [RandomModel]) -> String {
        switch type {
        case .string, .url, .uuid, .data, .date: return "string"
        case .int, .int64, .double: return "number"
        case .bool: return "bool"
        case .array: return "array"
        case .dictionary, .file: return "object"
        case .json: return "any"
        case .optional(let wrapped): return jsonKind(wrapped, models)
        case .model(let name):
            switch models.first(where: { $0.name == name })?.kind {
            case .stringEnum: return "string"
            case .integerEnum: return "number"
            case .union(_, _?), .structure: return "object"
            default: return "any"
            }
        }
    }

    static func jsonKind(_ value: FuzzJSON) -> String {
        switch value {
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        case .raw: "raw"
        }
    }

    mutating func randomJSON(depth: Int) -> FuzzJSON {
        switch count(0...(depth > 2 ? 4 : 6)) {
        case 0: return .null
        case 1: return .bool(chance(50))
        case 2: return .number(pick(["0", "-1", "42", "1.5", "-0.25", "1e100", "123456789"]))
        case 3, 4: return .string(text())
        case 5: return .array((0..<count(0...3)).map { _ in randomJSON(depth: depth + 1) })
        default:
            var members: [(key: String, value: FuzzJSON)] = []
            for number in 0..<count(0...3) { members.append((text() + String(number), randomJSON(depth: depth + 1))) }
            return .object(members)
        }
    }

    /// A JSON value of `type`. Past a depth, optional and collection references to models end.
    mutating func instance(of type: RandomType, depth: Int, strategy: RandomDateStrategy? = nil) -> FuzzJSON {
        switch type {
        case .string: return .string(text())
        case .int, .int64: return .number(pick(["0", "1", "-42", "9007199254740993", "9223372036854775807", "-9223372036854775808"]))
        case .double: return .number(pick(["0", "0.5", "-2.25", "1e300", "3", "0.1", "123.456", "-0", "5e-324"]))
        case .bool: return .bool(chance(50))
        case .date: return RandomDates.instance(strategy ?? .iso8601, &random)
        case .url: return .string(pick(["https://example.com", "https://example.com/a/b?c=d&e=f#g", "http://127.0.0.1:8080/x%20y", "mailto:a@example.com", "urn:isbn:0451450523"]))
        case .uuid:
            var uuid = UUID().uuid
            withUnsafeMutableBytes(of: &uuid) { bytes in
                for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &random) }
            }
            return .string(UUID(uuid: uuid).uuidString)
        case .data: return .string(Data((0..<count(0...9)).map { _ in UInt8.random(in: 0...255, using: &random) }).base64EncodedString())
        case .json: return randomJSON(depth: 0)
        case .file:
            return .object([
                ("data", instance(of: .data, depth: depth)), ("filename", .string(text())), ("contentType", .string(pick(RandomNames.contentTypes))),
            ])
        case .model(let name):
            switch models.first(where: { $0.name == name })?.kind {
            case .stringEnum(let values): return .string(chance(80) ? pick(values) : "unlisted \(text())")
            case .integerEnum(let values): return .number(String(chance(80) ? pick(values) : 123_456))
            case .structure(let properties):
                var members: [(key: String, value: FuzzJSON)] = []
                for property in properties {
                    let effective = property.effectiveType
                    if property.defaultValue != nil, chance(25) { continue }  // the default fills it
                    if property.nullable {
                        // Absent, null and a value, a third each.
                        switch depth > 3 ? 0 : count(0...2) {
                        case 0: stats["nullable absent", default: 0] += 1; continue
                        case 1: stats["nullable null", default: 0] += 1; members.append((property.key, .null)); continue
                        default: stats["nullable value", default: 0] += 1
                        }
                    } else if effective.isOptional {
                        if depth > 3 || chance(25) { continue }
                        if chance(15) { members.append((property.key, .null)); continue }
                    }
                    members.append((property.key, instance(of: effective.unwrapped, depth: depth + 1, strategy: property.dateStrategy)))
                }
                if let extra = models.first(where: { $0.name == name })?.additionalProperties {
                    // Keys the model does not declare, some of them its properties' names in
                    // another spelling than their keys.
                    for number in 0..<(depth > 3 ? 0 : count(0...3)) {
                        var key = undeclaredKey(number)
                        if chance(30), let property = properties.randomElement(using: &random),
                           !declaredKeys.contains(property.specName), !members.contains(where: { $0.key == property.specName }) {
                            key = property.specName
                        }
                        members.append((key, instance(of: extra, depth: depth + 1)))
                        stats["additional key in an instance", default: 0] += 1
                    }
                }
                return .object(members.shuffled(using: &random))
            case .union(let unionMembers, let discriminator?):
                if chance(15) {
                    // A value no case lists: kept as it came.
                    var members: [(key: String, value: FuzzJSON)] = [(discriminator, .string("unlisted " + text()))]
                    for number in 0..<count(0...3) { members.append((undeclaredKey(number), randomJSON(depth: 1))) }
                    stats["unknown discriminator in an instance", default: 0] += 1
                    return .object(members.shuffled(using: &random))
                }
                let member = pick(unionMembers)
                guard case .model(let memberName) = member.type, case .object(var members) = instance(of: member.type, depth: depth) else { return .null }
                _ = memberName
                members.removeAll { $0.key == discriminator }
                members.insert((discriminator, .string(pick(member.tags))), at: count(0...members.count))
                stats["tagged union instance", default: 0] += 1
                return .object(members)
            case .union(let unionMembers, nil):
                stats["untagged union instance", default: 0] += 1
                let member = pick(unionMembers)
                guard member.type == .json else { return instance(of: member.type, depth: depth + 1) }
                // JSON takes what no member before it takes.
                let covered = Set(unionMembers.dropLast().map { Self.jsonKind($0.type, models) })
                for _ in 0..<20 {
                    let value = randomJSON(depth: 1)
                    if !covered.contains(Self.jsonKind(value)) { return value }
                }
                return .null
            case nil: return .null
            }
        case .array(let element):
            let elements = depth > 3 ? 0 : count(0...3)
            return .array((0..<elements).map { _ in instance(of: element, depth: depth + 1, strategy: strategy) })
        case .dictionary(let value):
            var members: [(key: String, value: FuzzJSON)] = []
            for number in 0..<(depth > 3 ? 0 : count(0...3)) {
                members.append((undeclaredKey(number), instance(of: value, depth: depth + 1, strategy: strategy)))
            }
            return .object(members)
        case .optional(let wrapped):
            return chance(20) ? .null : instance(of: wrapped, depth: depth, strategy: strategy)
        }
    }
}

// MARK: - Streams

extension Builder {
    /// A body for a streaming endpoint, the chunks it arrives in, and the events it holds.
    mutating func makeStream(typeName: String, kind: RandomStream.Kind, events eventType: RandomType?, terminator: String?, bodyType: RandomType?) -> RandomStream {
        stats["stream \(kind.rawValue)", default: 0] += 1
        if terminator != nil { stats["stream with a terminator", default: 0] += 1 }
        if kind != .bytes {
            switch eventType {
            case nil: stats["stream of text", default: 0] += 1
            case .model(let name)?, .optional(.model(let name))?:
                stats[unionNames.contains(name) ? "stream of a union" : enumNames.contains(name) ? "stream of an enum" : "stream of a struct", default: 0] += 1
            default: stats["stream of another JSON type", default: 0] += 1
            }
        }
        let bodyInstance = bodyType.map { instance(of: $0, depth: 0) }
        var stream = RandomStream(
            typeName: typeName, kind: kind, eventType: eventType, terminator: terminator, bodyInstance: bodyInstance,
            body: [], chunks: [], events: [])
        switch kind {
        case .bytes: stream.body = (0..<(chance(10) ? 0 : count(1...400))).map { _ in UInt8.random(in: 0...255, using: &random) }
        case .sse: serverSentEventsBody(&stream)
        case .jsonLines: jsonLinesBody(&stream)
        }
        stats["stream events", default: 0] += stream.events.count
        stream.chunks = chunks(stream.body)
        return stream
    }

    /// An event's data: an instance of the events' type, or text (without carriage returns,
    /// which would end an event-stream line; on one line for JSON lines, not blank there).
    mutating func streamPayload(_ type: RandomType?, oneLine: Bool) -> RandomStream.Payload {
        if let type { return .json(instance(of: type, depth: 0)) }
        var value = chance(20) ? pick(RandomNames.multiline) : text()
        value.unicodeScalars.removeAll { $0 == "\r" }
        if oneLine {
            value = value.replacingOccurrences(of: "\n", with: " ")
            if value.unicodeScalars.allSatisfy({ $0 == " " || $0 == "\t" }) { value = "plain" }
        }
        return .text(value)
    }

    /// JSON on one line, or (`loose`) with spaces, tabs and, when `newlines`, line feeds between tokens.
    mutating func render(_ value: FuzzJSON, loose: Bool, newlines: Bool, into out: inout String) {
        func space(_ builder: inout Builder) -> String {
            guard loose else { return "" }
            return builder.pick(newlines ? ["", "", "", " ", "\t", "\n", "\n  ", " \n"] : ["", "", "", " ", "\t", "  "])
        }
        out += space(&self)
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let text), .raw(let text): out += text
        case .string(let text): out += FuzzJSON.quoted(text)
        case .array(let elements):
            out += "["
            for (number, element) in elements.enumerated() {
                if number > 0 { out += "," }
                render(element, loose: loose, newlines: newlines, into: &out)
            }
            out += space(&self) + "]"
        case .object(let members):
            out += "{"
            for (number, member) in members.enumerated() {
                if number > 0 { out += "," }
                out += space(&self) + FuzzJSON.quoted(member.key) + space(&self) + ":"
                render(member.value, loose: loose, newlines: newlines, into: &out)
            }
            out += space(&self) + "}"
        }
        out += space(&self)
    }

    /// A field line: `name: value`, `name:value` when the value does not start with a space,
    /// and for an empty value now and then the bare name.
    mutating func field(_ name: String, _ value: String) -> String {
        if value.isEmpty { return pick([name, name + ":", name + ": "]) }
        return value.hasPrefix(" ") || chance(70) ? name + ": " + value : name + ":" + value
    }

    /// `text/event-stream`: events with data on one or more lines (JSON split where it has line
    /// feeds), `event`, `id` and `retry` fields (some to be ignored), comments, unknown fields,
    /// events without data, a byte order mark now and then, LF, CRLF and CR line ends; the
    /// terminator's event now and then, and after it what must not be read.
    mutating func serverSentEventsBody(_ stream: inout RandomStream) {
        var out: [UInt8] = []
        var previousEnding = ""
        let style = count(0...9)
        func emit(_ line: String, _ builder: inout Builder) {
            var ending: String
            switch style {
            case 0...3: ending = "\n"
            case 4, 5: ending = "\r\n"
            case 6: ending = "\r"
            default: ending = builder.pick(["\n", "\r\n", "\r"])
            }
            // A line feed right after a carriage return belongs to that line's end.
            if previousEnding == "\r", line.isEmpty, ending == "\n" { ending = "\r\n" }
            builder.stats[["\n": "LF line end", "\r\n": "CRLF line end", "\r": "CR line end"][ending]!, default: 0] += 1
            out += Array(line.utf8) + Array(ending.utf8)
            previousEnding = ending
        }
        if chance(10) {
            out += [0xEF, 0xBB, 0xBF]
            stats["sse byte order mark", default: 0] += 1
        }
        var lastID: String?
        var retry: Int?
        var fieldValues: [(name: String, value: String)] = []
        /// Applies the fields as the parser does: the last event type, the last id without NUL,
        /// the last retry of digits only.
        func apply(_ fields: [(name: String, value: String)]) -> String? {
            var type: String?
            for (name, value) in fields {
                switch name {
                case "event": type = value
                case "id" where !value.unicodeScalars.contains("\0"): lastID = value
                case "retry" where !value.isEmpty && value.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }):
                    if let milliseconds = Int(value) { retry = milliseconds }
                default: break
                }
            }
            // An empty event type is the default one (`message`), as no type at all.
            return type.flatMap { $0.isEmpty ? nil : $0 }
        }
        /// Other fields of an event, in random places among its data lines.
        func otherFields(_ builder: inout Builder) -> [(name: String, value: String)] {
            var fields: [(name: String, value: String)] = []
            if builder.chance(35) {
                fields.append(("event", builder.chance(10) ? "" : builder.oneLineText()))
                builder.stats["sse event field", default: 0] += 1
                if builder.chance(10) { fields.append(("event", builder.oneLineText())) }
            }
            if builder.chance(30) {
                let withNull = builder.chance(10)
                fields.append(("id", withNull ? "a\u{0}b" : builder.chance(10) ? "" : builder.oneLineText()))
                builder.stats[withNull ? "sse id with NUL (ignored)" : "sse id", default: 0] += 1
            }
            if builder.chance(20) {
                let valid = builder.chance(60)
                fields.append(("retry", valid ? builder.pick(["0", "1000", "3000", "123456", "007"]) : builder.pick(["2s", "-1", "1.5", "99999999999999999999", "", " 5", "1e3"])))
                builder.stats[valid ? "sse retry" : "sse retry ignored", default: 0] += 1
            }
            if builder.chance(10) {
                fields.append((builder.pick(["foo", "Data", "DATA", "data ", "x-data", "ID", "Event"]), builder.oneLineText()))
                builder.stats["sse unknown field", default: 0] += 1
            }
            return fields
        }
        /// Writes data lines and other fields (comments now and then between them), and the blank line.
        func write(data: String?, fields: [(name: String, value: String)], _ builder: inout Builder) {
            var lines = (data?.components(separatedBy: "\n") ?? []).map { builder.field("data", $0) }
            if let data, data.contains("\n") { builder.stats["sse data on several lines", default: 0] += 1 }
            // In their order (the last event type counts), each after the one before.
            var position = 0
            for (name, value) in fields {
                position = builder.count(position...lines.count)
                lines.insert(builder.field(name, value), at: position)
                position += 1
            }
            if builder.chance(10) {
                lines.insert(builder.pick([":", ": " + builder.oneLineText(), ":data: x"]), at: builder.count(0...lines.count))
                builder.stats["sse comment", default: 0] += 1
            }
            for line in lines { emit(line, &builder) }
            emit("", &builder)
        }

        for _ in 0..<count(0...6) {
            if chance(15) {
                emit(chance(50) ? ":" : ": " + oneLineText(), &self)
                stats["sse comment", default: 0] += 1
            }
            if chance(8) {
                // An event without data: its id and retry count, nothing is dispatched.
                let fields = otherFields(&self)
                _ = apply(fields)
                write(data: nil, fields: fields, &self)
                stats["sse event without data", default: 0] += 1
            }
            let payload = streamPayload(stream.eventType, oneLine: false)
            var data: String
            switch payload {
            case .text(let text): data = text
            case .json(let value):
                data = ""
                render(value, loose: chance(40), newlines: true, into: &data)
            }
            // An event whose data is the terminator would end the stream.
            if data == stream.terminator { continue }
            fieldValues = otherFields(&self)
            let type = apply(fieldValues)
            write(data: data, fields: fieldValues, &self)
            stream.events.append(.init(event: type, id: lastID, retry: retry, data: payload))
        }
        if chance(10) {
            emit(": the end", &self)
            stats["sse comment", default: 0] += 1
        }
        if let terminator = stream.terminator, !terminator.unicodeScalars.contains("\r"), chance(70) {
            write(data: terminator, fields: chance(20) ? otherFields(&self) : [], &self)
            stats["stream terminator sent", default: 0] += 1
            if chance(70) {
                // Not to be read: more events, a malformed one, a cut line, bytes that are not UTF-8.
                switch count(0...3) {
                case 0: write(data: "{\"not\": json", fields: [], &self)
                case 1: write(data: "[1, 2", fields: [("event", "after")], &self)
                case 2: out += Array("data: {\"cut".utf8)
                default: out += [0xFF, 0xC3, 0x0A, 0x0A, 0x80]
                }
                stats["junk after the terminator", default: 0] += 1
            }
        }
        stream.body = out
    }

    /// JSON lines: one value a line (spaces and tabs around it now and then), blank lines, LF or
    /// CRLF, the last line with or without its line feed; the terminator's line now and then, and
    /// after it what must not be read.
    mutating func jsonLinesBody(_ stream: inout RandomStream) {
        var lines: [(text: [UInt8], ending: String, blank: Bool)] = []
        let crlf = count(0...2)  // 0: LF, 1: CRLF, 2: either
        func ending(_ builder: inout Builder) -> String {
            let value = crlf == 0 ? "\n" : crlf == 1 ? "\r\n" : builder.pick(["\n", "\r\n"])
            builder.stats[value == "\n" ? "LF line end" : "CRLF line end", default: 0] += 1
            return value
        }
        for _ in 0..<count(0...6) {
            if chance(20) {
                lines.append((Array(pick(["", " ", "\t", " \t "]).utf8), ending(&self), true))
                stats["json lines blank line", default: 0] += 1
            }
            let payload = streamPayload(stream.eventType, oneLine: true)
            var line: String
            switch payload {
            case .text(let text): line = text
            case .json(let value):
                line = chance(15) ? pick([" ", "\t"]) : ""
                render(value, loose: chance(30), newlines: false, into: &line)
                if chance(15) { line += pick([" ", "\t", " \t"]) }
            }
            if line == stream.terminator { continue }
            lines.append((Array(line.utf8), ending(&self), false))
            stream.events.append(.init(data: payload))
        }
        var junk: [UInt8] = []
        if let terminator = stream.terminator, !terminator.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }),
           !terminator.unicodeScalars.allSatisfy({ $0 == " " || $0 == "\t" }), chance(70) {
            lines.append((Array(terminator.utf8), ending(&self), false))
            stats["stream terminator sent", default: 0] += 1
            if chance(70) {
                junk = pick([Array("{\"not\": json\n".utf8), Array("[1, 2".utf8), [0xFF, 0xC3, 0x0A], Array("0\n\"after\"\n".utf8)])
                stats["junk after the terminator", default: 0] += 1
            }
        }
        if junk.isEmpty, let last = lines.indices.last, !lines[last].blank, chance(35) {
            lines[last].ending = ""
            stats["json lines last line without a line feed", default: 0] += 1
        }
        stream.body = lines.flatMap { $0.text + Array($0.ending.utf8) } + junk
    }

    /// Chunk sizes for `body`: whole now and then, else cut at random (small or larger pieces),
    /// inside UTF-8 sequences and between a carriage return and its line feed, now and then an
    /// empty chunk.
    mutating func chunks(_ body: [UInt8]) -> [Int] {
        if body.isEmpty { return chance(50) ? [] : [0] }
        if chance(10) { return [body.count] }
        var cuts: Set<Int> = []
        let scale = pick([1, 2, 4, 16, 64])
        var position = 0
        while position < body.count {
            position += count(1...scale)
            if position < body.count { cuts.insert(position) }
        }
        for index in 1..<body.count {
            if body[index] & 0xC0 == 0x80, chance(30) { cuts.insert(index) }
            if body[index - 1] == 0x0D, body[index] == 0x0A, chance(50) { cuts.insert(index) }
        }
        var sizes: [Int] = []
        var last = 0
        for cut in cuts.sorted() {
            if body[cut] & 0xC0 == 0x80 { stats["chunk cut inside a UTF-8 sequence", default: 0] += 1 }
            if body[cut - 1] == 0x0D, body[cut] == 0x0A { stats["chunk cut between CR and LF", default: 0] += 1 }
            sizes.append(cut - last)
            last = cut
            if chance(2) { sizes.append(0) }
        }
        sizes.append(body.count - last)
        stats["chunks", default: 0] += sizes.count
        return sizes
    }
}

// MARK: - Dates

/// Dates as each strategy writes them, made and read back here with Foundation directly rather
/// than with the runtime's code.
enum RandomDates {
    static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .iso8601)
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = format
        return formatter
    }

    static func iso(_ fractional: Bool) -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = fractional ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        return formatter
    }

    static func instance(_ strategy: RandomDateStrategy, _ random: inout SeededGenerator) -> FuzzJSON {
        // From 1900 to 2100, in whole milliseconds.
        let milliseconds = Int64.random(in: -2_208_988_800_000...4_102_444_800_000, using: &random)
        let seconds = Double(milliseconds / 1000)
        switch strategy {
        case .iso8601:
            let fraction = Bool.random(using: &random)
            let date = Date(timeIntervalSince1970: fraction ? Double(milliseconds) / 1000 : seconds)
            var text = iso(fraction).string(from: date)
            if Bool.random(using: &random), text.hasSuffix("Z") {
                // The same instant at another offset.
                let shifted = iso(fraction)
                shifted.timeZone = TimeZone(secondsFromGMT: 5 * 3600 + 1800)
                text = shifted.string(from: date)
            }
            return .string(text)
        case .iso8601WithFractionalSeconds:
            let whole = Int.random(in: 0..<4, using: &random) == 0
            return .string(iso(!whole).string(from: Date(timeIntervalSince1970: whole ? seconds : Double(milliseconds) / 1000)))
        case .dateOnly:
            let day = (milliseconds / 86_400_000) * 86_400
            return .string(formatter("yyyy-MM-dd").string(from: Date(timeIntervalSince1970: Double(day))))
        case .secondsSince1970:
            return .number(Bool.random(using: &random) ? String(Int64(seconds)) : String(Double(milliseconds) / 1000))
        case .millisecondsSince1970:
            return .number(String(milliseconds))
        case .format(let format):
            // Milliseconds too: formats with `SSS` keep them.
            return .string(formatter(format).string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000)))
        }
    }

    /// The instant a JSON date means under `strategy`, or nil when it does not parse.
    static func instant(_ node: JSONNode, _ strategy: RandomDateStrategy) -> Double? {
        switch (strategy, node.value) {
        case (.secondsSince1970, .number(let text)): return Double(text)
        case (.millisecondsSince1970, .number(let text)): return Double(text).map { $0 / 1000 }
        case (.iso8601, .string(let text)), (.iso8601WithFractionalSeconds, .string(let text)):
            return (iso(false).date(from: text) ?? iso(true).date(from: text))?.timeIntervalSince1970
        case (.dateOnly, .string(let text)):
            return formatter("yyyy-MM-dd").date(from: text)?.timeIntervalSince1970
        case (.format(let format), .string(let text)):
            return formatter(format).date(from: text)?.timeIntervalSince1970
        default: return nil
        }
    }
}
