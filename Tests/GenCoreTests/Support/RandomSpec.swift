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
}

struct RandomModel {
    enum Kind {
        case structure([RandomProperty])
        case stringEnum([String])
        case integerEnum([Int])
    }

    var name: String
    var kind: Kind

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
    /// Model name and instance, for each struct model one or two.
    var instances: [(model: String, json: FuzzJSON)]

    var text: String { spec.text }

    func model(named name: String) -> RandomModel? { models.first { $0.name == name } }
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
        "Float", "Decimal", "Hasher", "Identifiable", "Sequence", "Collection", "Mirror", "Unicode", "Bundle", "Progress",
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
        for name in structNames {
            for _ in 0..<count(1...2) { instances.append((name, instance(of: .model(name), depth: 0))) }
        }
        return RandomSpec(index: index, seed: seed, spec: .object(top), models: models, instances: instances)
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
            } else {
                var values: [Int] = []
                for _ in 0..<count(1...5) {
                    let value = pick([0, 1, -2, 5, 10, 404, Int(Int32.max), -1, Int.max, Int.min + 1])
                    if !values.contains(value) { values.append(value) }
                }
                models.append(RandomModel(name: name, kind: .integerEnum(values)))
                enumForms[name] = chance(40) ? .objectForm(values.map { _ in "" }) : .arrayForm
            }
            enumNames.append(name)
        }
        // Struct names up front, so that properties can refer to later structs (recursion).
        var names: [String] = []
        for _ in 0..<count(2...7) {
            if let name = modelName() { names.append(name) }
        }
        structNames = names
        for (position, name) in names.enumerated() {
            models.append(makeStruct(name, position: position))
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

    mutating func objectFormCaseName() -> String {
        // Object-form case names: keywords and odd names; the values stay as they are.
        let names = ["default", "class", "self", "Type", "init", "case", "in", "first", "x y", "é", "rawValue", "hashValue", "none", "some"]
        return pick(names) + (chance(50) ? String(count(0...9)) : "")
    }

    /// The property types a struct can hold; `position` limits plain references to earlier
    /// structs, so that every model has a finite JSON instance.
    mutating func propertyType(position: Int, depth: Int = 0) -> RandomType {
        let roll = count(0...99)
        switch roll {
        case 0..<40:
            return pick([.string, .int, .int64, .double, .bool, .date, .url, .uuid, .data, .json, .file] as [RandomType])
        case 40..<50:
            return enumNames.isEmpty ? .string : .model(pick(enumNames))
        case 50..<60:
            // A plain reference: an earlier struct, or (optional) any struct, itself included.
            if position > 0, chance(50) { return .model(structNames[count(0...position - 1)]) }
            return .optional(.model(structNames[count(0...structNames.count - 1)]))
        case 60..<75:
            return depth > 2 ? .string : .optional(propertyType(position: position, depth: depth + 1).unwrapped)
        case 75..<88:
            if chance(20) { return .array(.model(pick(structNames))) }
            return depth > 2 ? .array(.int) : .array(propertyType(position: position, depth: depth + 1))
        default:
            if chance(20) { return .dictionary(.model(pick(structNames))) }
            return depth > 2 ? .dictionary(.string) : .dictionary(propertyType(position: position, depth: depth + 1))
        }
    }

    mutating func makeStruct(_ name: String, position: Int) -> RandomModel {
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

        var properties: [RandomProperty] = []
        var json: [(key: String, value: FuzzJSON)] = []
        var swiftNames: Set<String> = []
        var keys: Set<String> = []
        for _ in 0..<count(0...8) {
            let specName = pick(RandomNames.members) + (chance(30) ? String(count(0...9)) : "")
            let swiftName = SwiftNaming.memberName(specName)
            let explicitKey: String? = chance(20) ? text() + String(count(0...99)) : nil
            let key = explicitKey ?? (snake ? SwiftNaming.snakeCase(specName) : specName)
            guard !swiftNames.contains(swiftName), !keys.contains(key) else { continue }
            let type = propertyType(position: position)
            var full: [(key: String, value: FuzzJSON)] = [("type", .string(type.expression(spaced: chance(10))))]
            if let explicitKey { full.append(("key", .string(explicitKey))) }
            if chance(20) { full.append(("description", description())) }
            var defaultValue: FuzzJSON?
            if chance(30), let value = defaultJSON(for: type) {
                // `null` for an optional (a `JSON?` can draw one) is the same as no default.
                defaultValue = type.isOptional && value == .null ? nil : value
                full.append(("default", value))
            } else if type.isOptional, chance(5) {
                full.append(("default", .null))
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
            let effective = tolerant && defaultValue == nil && !type.isOptional ? .optional(type) : type
            properties.append(RandomProperty(
                specName: specName, swiftName: swiftName, key: key, type: type, effectiveType: effective,
                defaultValue: defaultValue, dateStrategy: strategy))
            // The shorthand when nothing but the type is said.
            json.append((specName, full.count == 1 && chance(70) ? full[0].value : .object(full)))
        }
        modelOptions[name] = options
        modelPropertiesJSON[name] = json
        return RandomModel(name: name, kind: .structure(properties))
    }

    /// A model whose fields a form can send: simple values, optional or in arrays; for
    /// multipart also files.
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
            if type != .file && type != .data && chance(25) { type = .array(type) }
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
        case 0...3: return .model(pick(structNames))
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
        var swiftNames: Set<String> = ["makeRequest", "decodeResponse"]
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
        if upper != "GET", upper != "HEAD", chance(50) {
            var body: [(key: String, value: FuzzJSON)] = []
            var swiftName: String
            let roll = count(0...9)
            if roll < 2, !formModels.isEmpty {
                let model = pick(formModels)
                body = [("type", .string(model)), ("encoding", .string("form"))]
                swiftName = model
            } else if roll == 2, !multipartModels.isEmpty {
                let model = pick(multipartModels)
                body = [("type", .string(model)), ("encoding", .string("multipart"))]
                swiftName = model
            } else if roll == 3 {
                isUpload = true
                body = [("type", .string("Upload"))]
                if chance(60) { body.append(("contentType", .string(pick(RandomNames.contentTypes)))) }
                swiftName = "upload"
            } else {
                let type = jsonType(depth: 0)
                body = [("type", .string(type.expression(spaced: chance(10))))]
                if chance(20) { body.append(("encoding", .string("json"))) }
                if case .model(let model) = type { swiftName = model } else { swiftName = "body" }
                if chance(30) {
                    let key = pick(["address", "payload", "data", "a \"b\"", "é", "self", ""])
                    body.append(("key", .string(key)))
                    swiftName = key
                }
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
                switch key {
                case "query":
                    wire = pick(RandomNames.queryNames)
                    let element = simpleType(optional: false)
                    type = chance(30) ? (chance(50) ? .optional(.array(element)) : .array(element)) : (chance(50) ? .optional(element) : element)
                case "headers":
                    wire = pick(RandomNames.headers.filter { $0 != "Cookie" } + ["X-Request-ID", "X-Retry"])
                    type = simpleType(optional: true)
                default:
                    wire = pick(RandomNames.cookies)
                    type = simpleType(optional: true)
                }
                guard wireNames.insert(key == "headers" ? wire.lowercased() : wire).inserted else { continue }
                var swiftName: String?
                if !free(wire) || chance(15) { swiftName = key + " " + wire + " \(self.count(0...99))" }
                guard free(swiftName ?? wire) else { continue }
                swiftNames.insert(SwiftNaming.memberName(swiftName ?? wire))
                entries.append((wire, parameterJSON(type, swiftName: swiftName)))
            }
            if !entries.isEmpty { members.append((key, .object(entries))) }
        }

        // The response, and what reads it.
        var paginated = false
        var hasResponseKey = false
        var envelopeAllowed = true
        switch count(0...11) {
        case 0: break
        case 1: members.append(("response", .string("Void")))
        case 2:
            members.append(("response", .string(pick(["Data", "String", "HTTPResponse"]))))
            envelopeAllowed = false
        case 3, 4:
            // A page of items.
            let item = pick(structNames)
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
        if !paginated {
            if envelopeAllowed && !hasResponseKey && chance(20) {
                members.append(("envelope", envelope()))
            } else if defaultEnvelope && (!envelopeAllowed || hasResponseKey || chance(20)) {
                members.append(("envelope", .string("none")))
            }
        }
        if chance(20) { members.append(("errorResponse", .string(chance(20) ? "none" : jsonType(depth: 1).expression(spaced: false)))) }
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
        return .object(members)
    }

    mutating func parameterJSON(_ type: RandomType, swiftName: String?) -> FuzzJSON {
        let expression = FuzzJSON.string(type.expression(spaced: chance(10)))
        guard swiftName != nil || chance(20) else { return expression }
        var fields: [(key: String, value: FuzzJSON)] = [("type", expression)]
        if let swiftName { fields.append(("swiftName", .string(swiftName))) }
        if chance(50) { fields.append(("description", description())) }
        return .object(fields)
    }

    /// A pagination object whose query items do not clash with the endpoint's parameters.
    mutating func pagination(_ swiftNames: inout Set<String>) -> FuzzJSON? {
        let style = pick(["offset", "page", "cursor"])
        var fields: [(key: String, value: FuzzJSON)] = [("style", .string(style))]
        var position = ["offset": "offset", "page": "page", "cursor": "cursor"][style]!
        var size: String? = ["offset": "limit", "page": "per_page"][style]
        let positionKey = position
        let sizeKey = style == "page" ? "perPage" : "limit"
        if chance(40) {
            position = pick(["after", "from", "p", "start index", "self"])
            fields.append((positionKey, .string(position)))
        }
        if chance(40) || (style == "cursor" && chance(50)) {
            size = pick(["count", "size", "n", "page size"])
            fields.append((sizeKey, .string(size!)))
        }
        let hasItems = style == "cursor" || chance(70)
        if hasItems { fields.append(("items", .string(pick(["records", "data", "items", "é"])))) }
        switch style {
        case "offset": if hasItems, chance(50) { fields.append(("total", .string("total"))) }
        case "page":
            if hasItems, chance(50) { fields.append(("pageCount", .string("total_pages"))) }
            if chance(40) { fields.append(("firstPage", .number(pick(["0", "1", "2"])))) }
        default: fields.append(("nextCursor", .string(pick(["next", "next_cursor"]))))
        }
        let names = [position] + (size.map { [$0] } ?? [])
        let swift = names.map(SwiftNaming.memberName)
        guard Set(swift).count == swift.count, swift.allSatisfy({ !swiftNames.contains($0) }) else { return nil }
        swiftNames.formUnion(swift)
        return .object(fields)
    }

    // MARK: Instances

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
                    if effective.isOptional {
                        if depth > 3 || chance(25) { continue }
                        if chance(15) { members.append((property.key, .null)); continue }
                    }
                    members.append((property.key, instance(of: effective.unwrapped, depth: depth + 1, strategy: property.dateStrategy)))
                }
                return .object(members.shuffled(using: &random))
            case nil: return .null
            }
        case .array(let element):
            let elements = depth > 3 ? 0 : count(0...3)
            return .array((0..<elements).map { _ in instance(of: element, depth: depth + 1, strategy: strategy) })
        case .dictionary(let value):
            var members: [(key: String, value: FuzzJSON)] = []
            for number in 0..<(depth > 3 ? 0 : count(0...3)) {
                members.append((text() + String(number), instance(of: value, depth: depth + 1, strategy: strategy)))
            }
            return .object(members)
        case .optional(let wrapped):
            return chance(20) ? .null : instance(of: wrapped, depth: depth, strategy: strategy)
        }
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
