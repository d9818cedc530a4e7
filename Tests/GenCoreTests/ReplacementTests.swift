import Foundation
import Testing

@testable import GenCore

/// A configuration's `replace`: models the app supplies types for are not generated, and every
/// place that held one names the app's type.
@Suite struct ReplacementTests {
    static let shop = """
        {
          "endpointgen": 1,
          "name": "Shop",
          "servers": { "production": "https://shop.example.com" },
          "models": {
            "Money": { "description": "An amount as text, with its currency.", "properties": { "amount": "String", "currency": "String" } },
            "Status": { "enum": ["active", "archived"] },
            "Product": {
              "properties": {
                "id": "Int",
                "price": "Money",
                "regionalPrices": "[String: Money]?",
                "status": "Status",
                "history": { "type": "[Status]", "default": [] },
                "quantity": "Quantity?"
              }
            },
            "Offer": { "oneOf": ["Product", "Money"] },
            "Weight": { "properties": { "grams": "Int" } },
            "Quantity": { "oneOf": ["Weight", "String"] }
          },
          "resources": {
            "Products": {
              "endpoints": [
                { "name": "listProducts", "method": "GET", "path": "/products", "query": { "status": "Status?", "tags": "[Status]?" }, "response": "[Product]" },
                { "name": "price", "method": "GET", "path": "/products/{id}/price", "pathParams": { "id": "Int" }, "response": "Money",
                  "responseHeaders": { "X-Status": "Status?" } },
                { "name": "setPrice", "method": "PUT", "path": "/products/{id}/price", "pathParams": { "id": "Int" }, "body": "Money", "response": "Offer",
                  "errorResponse": { "409": "Money" } },
                { "name": "pages", "method": "GET", "path": "/prices", "response": "[Money]", "pagination": { "style": "offset" } }
              ]
            }
          }
        }
        """

    /// Entries as the configuration reads them (`Product.id` is a property), the n-th at column 10 + 20n.
    static func replacements(_ pairs: KeyValuePairs<String, String>) -> Replacements {
        Replacements(entries: pairs.enumerated().map { index, pair in
            let parts = pair.key.split(separator: ".", maxSplits: 1).map(String.init)
            return Replacements.Entry(model: parts[0], property: parts.count > 1 ? parts[1] : nil, swiftType: pair.value,
                                      location: SourceLocation(line: 2, column: 10 + 20 * index))
        }, file: "endpointgen-config.json")
    }

    static func generated(_ text: String, _ pairs: KeyValuePairs<String, String>, selection: Selection? = nil) -> GenerationResult {
        Generator.generate(specText: text, specPath: "shop.json", options: GeneratorOptions(selection: selection, replacements: replacements(pairs)))
    }

    static func file(_ result: GenerationResult, _ path: String) -> String {
        result.files.first { $0.path == path }?.contents ?? ""
    }

    /// Found by the review: a union of values reads its members' text (`ParameterValue`), which
    /// the app's type in place of an enum need not have; only a union sent as text does so then,
    /// as a parameter of the app's type would.
    @Test func aUnionOfValuesHoldingTheAppsTypeReadsItsTextOnlyWhereItIsSentSo() throws {
        let spec = #"""
            {"endpointgen": 1, "name": "Probe", "models": {
              "Status": {"enum": ["a", "b"]}, "Ref": {"oneOf": ["Status", "Int"]}, "Sent": {"oneOf": ["Status", "String"]},
              "Body": {"properties": {"r": "Ref"}}},
             "resources": {"Things": {"endpoints": [
               {"name": "get", "method": "GET", "path": "/x", "query": {"s": "Sent?"}, "response": "Body"}]}}}
            """#
        let result = Self.generated(spec, ["Status": "AppStatus"])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(Self.file(result, "Models/Ref.swift").contains("public enum Ref: Codable, Sendable {"))
        #expect(Self.file(result, "Models/Sent.swift").contains("public enum Sent: Codable, Sendable, ParameterValue {"))
        let plain = Self.generated(spec, ["Body": "AppBody"])
        #expect(Self.file(plain, "Models/Ref.swift").contains("public enum Ref: Codable, Sendable, ParameterValue {"), "nothing of it replaced")
    }

    @Test func aReplacedModelIsNotGeneratedAndEveryUseNamesTheAppsType() throws {
        let result = Self.generated(Self.shop, ["Money": "Shop.Money", "Status": "ProductStatus"])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let paths = Set(result.files.map(\.path))
        #expect(!paths.contains("Models/Money.swift") && !paths.contains("Models/Status.swift"))
        #expect(paths.contains("Models/Product.swift") && paths.contains("Models/Offer.swift"))
        #expect(!result.declaredTypes.contains("Money") && !result.declaredTypes.contains("Status"))

        let product = Self.file(result, "Models/Product.swift")
        // Held inline: a struct of the spec is `@Indirect`, the app's type is not.
        #expect(product.contains("    public var price: Shop.Money\n"))
        #expect(product.contains("    public var regionalPrices: [String: Shop.Money]?\n"))
        #expect(product.contains("    public var status: ProductStatus\n"))
        #expect(product.contains("    public var history: [ProductStatus]\n"))
        #expect(product.contains("history: [ProductStatus] = []"))
        #expect(product.contains("self.price = try container.decodeField(Shop.Money.self, \"price\")"))
        #expect(!product.contains("Indirect"))

        let offer = Self.file(result, "Models/Offer.swift")
        #expect(offer.contains("    case money(Shop.Money)\n"))
        #expect(offer.contains("failures.append((\"money (Shop.Money)\", error))"))

        let list = Self.file(result, "Endpoints/Products/ListProductsEndpoint.swift")
        #expect(list.contains("public var status: ProductStatus?") && list.contains("public var tags: [ProductStatus]?"))
        #expect(Self.file(result, "Endpoints/Products/PriceEndpoint.swift").contains("public typealias Response = Shop.Money"))
        #expect(Self.file(result, "Endpoints/Products/PriceEndpoint.swift").contains("xStatus: ProductStatus?"))
        let set = Self.file(result, "Endpoints/Products/SetPriceEndpoint.swift")
        #expect(set.contains("public var money: Shop.Money"))
        #expect(set.contains("Shop.Money.self"), "the error body")
        #expect(Self.file(result, "Endpoints/Products/PagesEndpoint.swift").contains("Page<Shop.Money>"))
        // No generated code names the spec's models any more, but for the union case's name.
        for file in result.files {
            let code = file.contents.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            #expect(code.range(of: #"(?<![.\w-])(Money|Status)\b"#, options: .regularExpression) == nil, "\(file.path)")
        }
    }

    /// A body whose property asks for a stream, and a union whose case several tags pick (its
    /// member's discriminator read back): the `ask` endpoint goes with them.
    static let askAndPart = """
        "Ask": { "properties": { "prompt": "String", "stream": "Bool?" } },
                "Text": { "properties": { "kind": "String", "text": "String" } },
                "Part": { "oneOf": ["Text"], "discriminator": "kind", "mapping": { "text": "Text", "plain": "Text" } }
        """

    /// Found by the second review: a union member that takes every object, replaced by the app's
    /// type (`Decimal`), was still tried with the spec model's keys, through `Decimal(from:)`, so
    /// `3.5` fit no member. The app's type is decoded through the coder's container, as it is.
    @Test func aReplacedMemberThatTookEveryObjectIsDecodedAsTheAppsType() {
        let text = #"""
            {
              "endpointgen": 1,
              "name": "Amounts",
              "models": {
                "Amount": { "properties": { "value": "Double?" } },
                "Other": { "properties": { "x": "Int" } },
                "Either": { "oneOf": ["Amount", "Other"] }
              }
            }
            """#
        let result = Self.generated(text, ["Amount": "Decimal"])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let either = Self.file(result, "Models/Either.swift")
        #expect(either.contains("do { self = .amount(try UnionCoding.decode(Decimal.self, from: decoder)); return }"), "\(either)")
        #expect(!either.contains("holdingOnly") && !either.contains("try? Decimal"), "\(either)")
    }

    @Test func theSameInputGivesTheSameBytes() {
        let first = Self.generated(Self.shop, ["Money": "Decimal"])
        let second = Self.generated(Self.shop, ["Money": "Decimal"])
        #expect(first.files.map(\.contents) == second.files.map(\.contents))
    }

    @Test func aReplacementNamingNoModelMatchesNothingAndChangesNothing() {
        let plain = Generator.generate(specText: Self.shop, specPath: "shop.json")
        let result = Self.generated(Self.shop, ["Mony": "Decimal"])
        #expect(result.modelNames == ["Money", "Status", "Product", "Offer", "Weight", "Quantity"])
        #expect(result.files.map(\.contents) == plain.files.map(\.contents))
    }

    /// Where the generated code reads the model's own members, the app's type cannot stand in:
    /// an error at the configuration's entry for each place, and no files.
    @Test func placesThatNeedTheModelsMembersAreErrorsAtTheEntry() {
        let text = """
            {
              "endpointgen": 1,
              "name": "Shop",
              "models": {
                "Status": { "enum": ["active", "archived"] },
                "Mode": { "oneOf": ["Status", "Int"] },
                "Product": { "properties": {
                  "status": { "type": "Status", "default": "active" }, "statuses": { "type": "[Status]", "default": ["active"] },
                  "mode": { "type": "Mode", "default": "archived" }, "count": { "type": "Mode", "default": 2 }, "none": { "type": "[Status]", "default": [] } } },
                "Login": { "properties": { "user": "String", "password": "String" } },
                \(Self.askAndPart)
              },
              "resources": {
                "Session": {
                  "endpoints": [
                    { "name": "logIn", "method": "POST", "path": "/login", "body": { "type": "Login", "encoding": "form" } },
                    { "name": "upload", "method": "POST", "path": "/upload", "body": { "type": "Login", "encoding": "multipart" } },
                    { "name": "ask", "method": "POST", "path": "/ask", "body": "Ask", "response": "String", "stream": "sse", "streamFlag": "stream" }
                  ]
                }
              }
            }
            """
        let result = Self.generated(text, ["Status": "AppStatus", "Login": "AppLogin", "Ask": "AppAsk", "Text": "AppText"])
        #expect(result.files.isEmpty)
        let suffix = "; the generated code can use only the members of the spec's model"
        #expect(result.diagnostics.map(\.description) == [
            "endpointgen-config.json:2:10: error: 'Status' cannot be replaced by 'AppStatus': the default of Product's property 'status' (shop.json#/models/Product) is written with its cases: Status.active" + suffix,
            "endpointgen-config.json:2:10: error: 'Status' cannot be replaced by 'AppStatus': the default of Product's property 'statuses' (shop.json#/models/Product) is written with its cases: [Status.active]" + suffix,
            "endpointgen-config.json:2:10: error: 'Status' cannot be replaced by 'AppStatus': the default of Product's property 'mode' (shop.json#/models/Product) is written with its cases: Mode.status(Status.archived)" + suffix,
            "endpointgen-config.json:2:30: error: 'Login' cannot be replaced by 'AppLogin': endpoint 'logIn' (shop.json#/resources/Session/endpoints/0) sends its properties as form fields" + suffix,
            "endpointgen-config.json:2:30: error: 'Login' cannot be replaced by 'AppLogin': endpoint 'upload' (shop.json#/resources/Session/endpoints/1) sends its properties as form fields" + suffix,
            "endpointgen-config.json:2:50: error: 'Ask' cannot be replaced by 'AppAsk': endpoint 'ask' (shop.json#/resources/Session/endpoints/2) sets its property 'stream' to ask for the stream" + suffix,
            "endpointgen-config.json:2:70: error: 'Text' cannot be replaced by 'AppText': union Part (shop.json#/models/Part) reads the discriminator of case 'text' back from its property" + suffix,
        ])
        // Without those replacements the spec generates: the errors are the replacements'.
        #expect(Generator.generate(specText: text, specPath: "shop.json").succeeded)
        // A tag that is always the same needs no member: a union of one tag per case takes the app's type.
        let oneTag = text.replacingOccurrences(of: #", "plain": "Text""#, with: "")
        let tagged = Self.generated(oneTag, ["Text": "AppText"])
        #expect(tagged.succeeded, "\(tagged.diagnostics)")
        #expect(Self.file(tagged, "Models/Part.swift").contains("case \"text\": self = .text(try AppText(from: decoder))"))

        // With `include`, a place that is not generated needs nothing of the app's type.
        let part = Self.generated(text, ["Status": "AppStatus", "Login": "AppLogin"], selection: Selection(entries: [Selection.Entry(kind: .endpoints, name: "ask")]))
        #expect(part.succeeded, "\(part.diagnostics)")
        #expect(part.declaredTypes.contains("Ask") && !part.declaredTypes.contains("Product"))
    }

    /// Warnings about a replaced model's own schema concern no generated code.
    @Test func warningsAboutAReplacedModelAreLeftOut() {
        let document = """
            {
              "openapi": "3.1.0",
              "info": { "title": "Shop", "version": "1" },
              "paths": {
                "/price": { "get": { "operationId": "price", "responses": { "200": { "description": "ok",
                  "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Money" } } } } } } }
              },
              "components": { "schemas": {
                "Money": { "type": "object", "properties": { "amount": { "type": "string", "not": { "const": "" } } } }
              } }
            }
            """
        let plain = Generator.generate(specText: document, specPath: "shop.json")
        #expect(plain.diagnostics.count == 1 && plain.diagnostics[0].severity == .warning)
        let replaced = Self.generated(document, ["Money": "AppMoney"])
        #expect(replaced.diagnostics.isEmpty, "\(replaced.diagnostics)")
        #expect(Self.file(replaced, "Endpoints/Shop/PriceEndpoint.swift").contains("public typealias Response = AppMoney"))
    }

    /// In an OpenAPI document, a schema's own name names the model the import made of it.
    @Test func aSchemasNameNamesItsModel() throws {
        let document = """
            {
              "openapi": "3.1.0",
              "info": { "title": "Shop", "version": "1" },
              "paths": {
                "/pet": { "get": { "operationId": "pet", "responses": {
                  "200": { "description": "ok", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/pet-status" } } } },
                  "default": { "description": "no", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } } } } } }
              },
              "components": { "schemas": {
                "pet-status": { "type": "object", "properties": { "a": { "type": "string" } } },
                "Error": { "type": "object", "properties": { "code": { "type": "integer" }, "message": { "type": "string" } } }
              } }
            }
            """
        let result = Self.generated(document, ["pet-status": "AppStatus", "Error.code": "ErrorCode"])
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(!result.declaredTypes.contains("PetStatus") && result.declaredTypes.contains("ErrorModel"))
        #expect(Self.file(result, "Endpoints/Shop/PetEndpoint.swift").contains("public typealias Response = AppStatus"))
        #expect(Self.file(result, "Models/ErrorModel.swift").contains("public var code: ErrorCode?"))
        #expect(result.modelNames == ["PetStatus", "pet-status", "ErrorModel", "Error"])
        #expect(result.propertyNames?.contains("Error.code") == true && result.propertyNames?.contains("ErrorModel.code") == true)
        // Its errors name the entry as the configuration writes it.
        let both = Self.generated(document, ["Error.code": "A", "ErrorModel.code": "B"])
        #expect(both.diagnostics.map(\.description) == ["endpointgen-config.json:2:30: error: 'ErrorModel.code' in 'replace' names what 'Error.code' names"])
        let models = Self.generated(document, ["Error": "A", "ErrorModel": "B"])
        #expect(models.diagnostics.map(\.description) == ["endpointgen-config.json:2:30: error: 'ErrorModel' in 'replace' names what 'Error' names"])
        let folder = try TemporaryDirectory()
        try folder.write("openapi.json", document)
        try folder.write("config.json", #"{"replace": {"pet-statsu": "X"}}"#)
        #expect(runTool(["generate", "openapi.json", "--output", "Out", "--config", "config.json"], in: folder.url).standardError
            == "config.json:1:14: error: 'pet-statsu' in 'replace' names no model of openapi.json; did you mean 'pet-status'?\n")
    }

    /// With `include`, a replaced model holds nothing: models only it held are left out.
    @Test func aSelectionDoesNotReachThroughAReplacedModel() {
        let text = spec(models: """
            {
              "Owner": { "properties": { "name": "String" } },
              "Pet": { "properties": { "owner": "Owner" } }
            }
            """, resources: """
            { "Pets": { "endpoints": [{ "name": "getPet", "method": "GET", "path": "/pet", "response": "Pet" }] } }
            """)
        let selection = Selection(entries: [Selection.Entry(kind: .endpoints, name: "getPet")])
        let whole = Self.generated(text, ["Pet": "AppPet"])
        #expect(whole.declaredTypes.contains("Owner"), "the whole API keeps every model")
        let part = Self.generated(text, ["Pet": "AppPet"], selection: selection)
        #expect(part.succeeded)
        #expect(!part.declaredTypes.contains("Owner") && !part.declaredTypes.contains("Pet"))
        #expect(Self.file(part, "Endpoints/Pets/GetPetEndpoint.swift").contains("public typealias Response = AppPet"))
    }

    // MARK: Properties

    /// `Model.property`: one property's type is the app's, whatever the spec said it holds; the
    /// property stays optional (or nullable) as it was, and the app's type decodes itself.
    @Test func aReplacedPropertyHoldsTheAppsTypeAsTheSpecHeldItsOwn() {
        let text = spec(extra: #""defaults": { "keyStrategy": "convertFromSnakeCase" }"#, models: """
            {
              "Tag": { "properties": { "name": "String" } },
              "Base": { "properties": { "id": "Int", "createdAt": { "type": "Date", "dateStrategy": "secondsSince1970" } } },
              "Item": {
                "allOf": ["Base"],
                "properties": {
                  "tags": { "type": "[Tag]", "arrayStrategy": "prune" },
                  "note": { "type": "String?", "nullable": true },
                  "size": "Int?",
                  "other": "Int"
                }
              }
            }
            """, resources: """
            { "Items": { "endpoints": [{ "name": "item", "method": "GET", "path": "/item", "response": "Item" }] } }
            """)
        let result = Self.generated(text, ["Base.id": "ItemID", "Item.created_at": "Timestamp", "Item.tags": "TagSet", "Item.note": "Note", "Item.size": "Size"])
        #expect(result.succeeded, "\(result.diagnostics)")
        let item = Self.file(result, "Models/Item.swift")
        #expect(item.contains("    public var id: ItemID\n"), "a base's property, replaced for every model composed of it")
        #expect(item.contains("    public var createdAt: Timestamp\n"), "named by its JSON key")
        #expect(item.contains("    public var tags: TagSet\n") && !item.contains("Pruned"))
        #expect(item.contains("    public var note: Nullable<Note>?\n"))
        #expect(item.contains("    public var size: Size?\n") && item.contains("    public var other: Int\n"))
        #expect(item.contains(#"self.createdAt = try container.decodeField(Timestamp.self, "created_at")"#), "no date strategy: the app's type decodes itself")
        #expect(Self.file(result, "Models/Base.swift").contains("    public var id: ItemID\n"))
        #expect(Self.file(result, "Models/Base.swift").contains(#"self.createdAt = try container.decodeField(Date.self, "created_at", dateStrategy: .secondsSince1970)"#),
                "Base's own createdAt keeps its strategy: only Item's is replaced")
        #expect(Self.file(result, "Models/Tag.swift").contains("struct Tag"), "the whole API keeps every model")
        let part = Self.generated(text, ["Item.tags": "TagSet"], selection: Selection(entries: [Selection.Entry(kind: .endpoints, name: "item")]))
        #expect(!part.declaredTypes.contains("Tag"), "with include, a model only the replaced property held is left out")
        #expect(result.propertyNames?.contains("Item.created_at") == true && result.propertyNames?.contains("Item.createdAt") == true)
    }

    /// A base's property is replaced through every level of composition below it; one named
    /// under a model in the middle, there and below.
    @Test func aBasesPropertyIsReplacedThroughEveryLevel() {
        let text = spec(models: """
            {
              "Root": { "properties": { "id": "Int" } },
              "Middle": { "allOf": ["Root"], "properties": { "name": "String" } },
              "Leaf": { "allOf": ["Middle"], "properties": { "extra": "Int" } }
            }
            """)
        let result = Self.generated(text, ["Root.id": "ItemID", "Middle.name": "Name"])
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(Self.file(result, "Models/Root.swift").contains("public var id: ItemID\n"))
        #expect(Self.file(result, "Models/Middle.swift").contains("public var id: ItemID\n") && Self.file(result, "Models/Middle.swift").contains("public var name: Name\n"))
        #expect(Self.file(result, "Models/Leaf.swift").contains("public var id: ItemID\n") && Self.file(result, "Models/Leaf.swift").contains("public var name: Name\n"))
        let middle = Self.generated(text, ["Middle.id": "ItemID"])
        #expect(Self.file(middle, "Models/Root.swift").contains("public var id: Int\n"))
        #expect(Self.file(middle, "Models/Middle.swift").contains("public var id: ItemID\n") && Self.file(middle, "Models/Leaf.swift").contains("public var id: ItemID\n"))
        #expect(middle.propertyNames?.contains("Leaf.id") == true && middle.propertyNames?.contains("Leaf.name") == true)
    }

    /// An entry names one property: not one by its name and another by its JSON key, and no
    /// property gets two entries under its two names.
    @Test func anEntryThatNamesTwoPropertiesOrAPropertyNamedTwiceIsAnError() {
        let text = spec(models: """
            { "User": { "properties": { "userId": { "type": "Int", "key": "user_id" }, "userId2": { "type": "String", "key": "userId" }, "createdAt": { "type": "Int", "key": "created_at" } } } }
            """)
        let result = Self.generated(text, ["User.userId": "UID", "User.createdAt": "Stamp", "User.created_at": "OtherStamp"])
        #expect(result.files.isEmpty)
        #expect(result.diagnostics.map(\.description) == [
            "endpointgen-config.json:2:10: error: 'User.userId' in 'replace' names two properties of User: one by its name in the spec, one by its JSON key; name it by the other",
            "endpointgen-config.json:2:50: error: 'User.created_at' in 'replace' names the same property of User as 'User.createdAt'",
        ])
        // By the key alone, or by the name alone, each names one.
        let one = Self.generated(text, ["User.user_id": "UID", "User.userId2": "Name"])
        #expect(one.succeeded, "\(one.diagnostics)")
        #expect(Self.file(one, "Models/User.swift").contains("public var userId: UID\n") && Self.file(one, "Models/User.swift").contains("public var userId2: Name\n"))
    }

    /// The app's type may be a struct the spec generates, holding the model that holds it:
    /// stored out of line, as the resolver stores such a struct.
    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func anAppsTypeThatIsAGeneratedStructIsStoredOutOfLine() async throws {
        let text = spec(models: """
            { "Category": { "properties": { "name": "String", "parent": "JSON?" } }, "Node": { "properties": { "next": "Link?" } }, "Link": { "properties": { "href": "String" } } }
            """)
        let result = Self.generated(text, ["Category.parent": "Category", "Link": "Node"])
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(Self.file(result, "Models/Category.swift").contains("@Indirect public var parent: Category?"))
        #expect(Self.file(result, "Models/Node.swift").contains("@Indirect public var next: Node?"))
        try await expectTypechecks(Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.contents) }), "replaced by generated structs")
    }

    @Test func aPropertyWhoseValueTheGeneratedCodeMakesOrReadsCannotBeReplaced() {
        let text = """
            {
              "endpointgen": 1,
              "name": "Shop",
              "models": {
                "Product": { "properties": { "count": { "type": "Int", "default": 1 } } },
                "Attachment": { "properties": { "files": "[File]", "tags": "[String]", "kind": "String", "meta": "JSON?" } },
                \(Self.askAndPart)
              },
              "resources": {
                "Session": {
                  "endpoints": [
                    { "name": "upload", "method": "POST", "path": "/upload", "body": { "type": "Attachment", "encoding": "multipart" } },
                    { "name": "ask", "method": "POST", "path": "/ask", "body": "Ask", "response": "String", "stream": "sse", "streamFlag": "stream" }
                  ]
                }
              }
            }
            """
        let result = Self.generated(text, ["Product.count": "Count", "Attachment.files": "Files", "Attachment.tags": "Tags", "Ask.stream": "Flag", "Text.kind": "Kind",
                                           "Attachment.kind": "UploadKind", "Attachment.meta": "Meta"])
        #expect(result.files.isEmpty)
        #expect(result.diagnostics.map(\.description) == [
            "endpointgen-config.json:2:10: error: 'Product.count' cannot be replaced by 'Count': Product's property 'count' (shop.json#/models/Product) has a default; the default is a value of its type in the spec, which the generated code cannot make of the app's type",
            "endpointgen-config.json:2:30: error: 'Attachment.files' cannot be replaced by 'Files': endpoint 'upload' (shop.json#/resources/Session/endpoints/0) sends its field 'files' as files; an app's type is sent as its text or its JSON",
            "endpointgen-config.json:2:50: error: 'Attachment.tags' cannot be replaced by 'Tags': endpoint 'upload' (shop.json#/resources/Session/endpoints/0) sends its field 'tags' as a field per element; an app's type is sent as its text or its JSON",
            "endpointgen-config.json:2:70: error: 'Ask.stream' cannot be replaced by 'Flag': endpoint 'ask' (shop.json#/resources/Session/endpoints/1) sets its property 'stream' to ask for the stream; the generated code can use only the members of the property's type in the spec",
            "endpointgen-config.json:2:90: error: 'Text.kind' cannot be replaced by 'Kind': union Part (shop.json#/models/Part) reads the discriminator of case 'text' back from its property; the generated code can use only the members of the property's type in the spec",
        ])
        // A field sent as its text or its JSON takes the app's type.
        let fields = Self.generated(text, ["Attachment.kind": "UploadKind", "Attachment.meta": "Meta"])
        #expect(fields.succeeded, "\(fields.diagnostics)")
        #expect(Self.file(fields, "Models/Attachment.swift").contains("public var kind: UploadKind\n"))
    }

    @Test func aSwiftTypeNameIsWrittenAgainFromItsParts() {
        let valid: [(String, String)] = [
            ("Money", "Money"), ("Shop.Money", "Shop.Money"), (" Shop . Money ", "Shop.Money"), ("_Money2", "_Money2"),
            ("Tagged<User,String>", "Tagged<User, String>"), ("Tagged< User , [String: Int?] >", "Tagged<User, [String: Int?]>"),
            ("[Money]", "[Money]"), ("[String:Money]", "[String: Money]"), ("Outer<A>.Inner", "Outer<A>.Inner"),
            ("Größe", "Größe"), ("Result<Money?, Never>", "Result<Money?, Never>"),
        ]
        for (text, expected) in valid {
            #expect(Replacements.swiftType(text) == expected, "\(text)")
        }
        let invalid = [
            "", " ", "Money?", "1Money", "Money Money", "Shop.", ".Money", "Shop..Money", "Tagged<>", "Tagged<User", "[Money",
            "[Money:]", "Any", "Self", "Shop.Type", "class", "Money\"); exit(1); (\"", "Money /* */", "Money\n", "`Money`",
            "Money!", "(Money)", "some Money", "Money & Codable", "Mo-ney", String(repeating: "[", count: 40) + "Int" + String(repeating: "]", count: 40),
        ]
        for text in invalid {
            #expect(Replacements.swiftType(text) == nil, "\(text.debugDescription)")
        }
    }

    /// Random text of the characters type names are made of, and some they are not: whatever is
    /// accepted is written again as it reads (reading it again gives the same), holds only
    /// identifier characters and the type grammar's punctuation, and no keyword.
    @Test func whatTheTypeNameReaderAcceptsIsSafeAndStable() {
        var random = SeededGenerator(seed: 41)
        let pieces = ["Money", "Shop", "A", "_b", "Größe", "Any", "class", "Type", ".", ".", "<", ">", ",", "[", "]", ":", "?", " ", "\"", "\\", "(", ")",
                      "/", "*", "\n", "#", "!", "&", "1", "`", ";"]
        var accepted = 0
        for _ in 0..<50_000 {
            let count = Int.random(in: 1...9, using: &random)
            let text = (0..<count).map { _ in pieces.randomElement(using: &random)! }.joined()
            guard let type = Replacements.swiftType(text) else { continue }
            accepted += 1
            #expect(Replacements.swiftType(type) == type, "\(text.debugDescription) → \(type.debugDescription)")
            #expect(type.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) || "<>[]:,.? ".unicodeScalars.contains($0) },
                    "\(text.debugDescription) → \(type.debugDescription)")
            let words = type.split(whereSeparator: { "<>[]:,.? ".contains($0) }).map(String.init)
            #expect(!words.contains { SwiftNaming.keywords.contains($0) || $0.first!.isNumber }, "\(text.debugDescription) → \(type.debugDescription)")
            #expect(!type.hasSuffix("?"), "an optional at the top: \(type)")
        }
        #expect(accepted > 1_000, "the random texts should often be type names")
    }

    // MARK: The configuration file and the command line

    @Test func theConfigurationReadsReplaceAndReportsEveryProblem() {
        let text = """
            {
              "replace": { "Money": "Shop . Money", "Status": "Status?", "": "X", "Tag": 3 }
            }
            """
        let (configuration, diagnostics) = CommandLineTool.configuration(text, path: "endpointgen-config.json")
        #expect(configuration == nil)
        let hint = "is a Swift type name the app declares or imports, such as \"Money\", \"Shop.Money\" or \"Tagged<User, String>\""
        #expect(diagnostics.map(\.description) == [
            "endpointgen-config.json:2:51: error: the type that replaces 'Status' \(hint)",
            "endpointgen-config.json:2:62: error: a key of 'replace' is a model's name (\"Money\") or a property's (\"Product.id\"), not ''",
            "endpointgen-config.json:2:78: error: the type that replaces 'Tag' \(hint)",
        ])
        let (good, none) = CommandLineTool.configuration(#"{"replace": {"Money": "Shop . Money"}}"#, path: "c.json")
        #expect(none.isEmpty)
        #expect(good?.replacements?.entries.map { "\($0.model)=\($0.swiftType)@\($0.location!.column)" } == ["Money=Shop.Money@14"])
        let (_, wrong) = CommandLineTool.configuration(#"{"replace": ["Money"]}"#, path: "c.json")
        #expect(wrong.map(\.description) == [
            #"c.json:1:13: error: 'replace' is an object of model and property names and the app's types for them, such as {"Money": "Shop.Money", "Product.id": "ProductID"}"#,
        ])
        // A property's key has both its parts, and is not one of a model replaced whole.
        let (_, keys) = CommandLineTool.configuration(#"{"replace": {"Product.": "A", ".id": "B", "Money": "C", "Money.amount": "D", "Tag.a.b": "E"}}"#, path: "c.json")
        #expect(keys.map(\.description) == [
            #"c.json:1:14: error: a key of 'replace' is a model's name ("Money") or a property's ("Product.id"), not 'Product.'"#,
            #"c.json:1:31: error: a key of 'replace' is a model's name ("Money") or a property's ("Product.id"), not '.id'"#,
            #"c.json:1:57: error: 'Money.amount' is a property of 'Money', which 'replace' replaces whole"#,
        ])
        let (dotted, _) = CommandLineTool.configuration(#"{"replace": {"Tag.a.b": "E"}}"#, path: "c.json")
        #expect(dotted?.replacements?.entries.map { "\($0.model) \($0.property ?? "-")" } == ["Tag a.b"], "a JSON key may hold dots")
        // Imports are module names.
        let (imported, importProblems) = CommandLineTool.configuration(#"{"imports": ["VendorKit", "Darwin.C", "Vendor Kit", 3, "VendorKit", "class"]}"#, path: "c.json")
        #expect(imported == nil)
        #expect(importProblems.map(\.description) == [
            #"c.json:1:39: error: a name in 'imports' is a Swift module's name, such as "VendorKit""#,
            #"c.json:1:53: error: a name in 'imports' is a Swift module's name, such as "VendorKit""#,
            #"c.json:1:56: warning: 'VendorKit' is in 'imports' already"#,
            #"c.json:1:69: error: a name in 'imports' is a Swift module's name, such as "VendorKit""#,
        ])
        #expect(CommandLineTool.configuration(#"{"imports": ["VendorKit", "Darwin.C"]}"#, path: "c.json").0?.imports == ["VendorKit", "Darwin.C"])
        #expect(CommandLineTool.configuration(#"{"imports": "VendorKit"}"#, path: "c.json").1.map(\.description) == [
            #"c.json:1:13: error: 'imports' is an array of module names that every generated file imports, such as ["VendorKit"]"#,
        ])
        // A Date would be decoded with no date strategy.
        let (_, dates) = CommandLineTool.configuration(#"{"replace": {"A.b": "Date", "C": "[String: Foundation.Date]", "D": "Tagged<X, Date>", "E": "MyKit.Date", "F": "Dates"}}"#, path: "c.json")
        #expect(dates.map(\.description) == [
            #"c.json:1:21: error: 'Date' holds a Date, which would be decoded with no date strategy; give the property the spec's type Date with a "dateStrategy" instead"#,
            #"c.json:1:34: error: '[String: Foundation.Date]' holds a Date, which would be decoded with no date strategy; give the property the spec's type Date with a "dateStrategy" instead"#,
            #"c.json:1:68: error: 'Tagged<X, Date>' holds a Date, which would be decoded with no date strategy; give the property the spec's type Date with a "dateStrategy" instead"#,
        ])
        // An endpoint struct's own type names would name those inside it.
        let (_, hidden) = CommandLineTool.configuration(#"{"replace": {"A": "PageItem", "B": "Response<Int>", "C": "App.PageItem", "D": "PageItems"}}"#, path: "c.json")
        #expect(hidden.map(\.description) == [
            #"c.json:1:19: error: 'PageItem' is a name every endpoint struct declares for itself, where it would not name the app's type; qualify it with its module ("MyApp.PageItem") or rename it"#,
            #"c.json:1:36: error: 'Response' is a name every endpoint struct declares for itself, where it would not name the app's type; qualify it with its module ("MyApp.Response") or rename it"#,
        ])
    }

    @Test func theCommandLineGeneratesWithReplacementsAndNamesOnesThatMatchNothing() throws {
        let folder = try TemporaryDirectory()
        try folder.write("shop.json", Self.shop)
        try folder.write("pets.json", shopSpec(name: "Pets"))
        try folder.write("config.json", #"{"replace": {"Money": "Decimal", "Stauts": "AppStatus", "Product.idd": "ID"}, "include": {"models": ["Money"]}}"#)
        let bad = runTool(["generate", "shop.json", "--output", "Out", "--config", "config.json"], in: folder.url)
        #expect(bad.status == .failure)
        #expect(bad.standardError == """
            config.json:1:34: error: 'Stauts' in 'replace' names no model of shop.json; did you mean 'Status'?
            config.json:1:57: error: 'Product.idd' in 'replace' names no property of model 'Product' in shop.json; did you mean 'Product.id'?
            config.json:1:102: error: 'Money' in 'models' is not generated: 'replace' gives it to 'Decimal'

            """)
        #expect(!folder.exists("Out"))

        // A spec whose replacement cannot be made still has the configuration's names checked.
        try folder.write("config.json", #"{"replace": {"Status": "AppStatus", "Stauts": "AppStatus"}}"#)
        try folder.write("defaults.json", Self.shop.replacingOccurrences(of: #""status": "Status","#, with: #""status": { "type": "Status", "default": "active" },"#))
        let both = runTool(["generate", "defaults.json", "--output", "Out", "--config", "config.json"], in: folder.url)
        #expect(both.status == .failure)
        #expect(both.standardError.split(separator: "\n").map { $0.prefix(80) } == [
            "config.json:1:14: error: 'Status' cannot be replaced by 'AppStatus': the default",
            "config.json:1:37: error: 'Stauts' in 'replace' names no model of defaults.json; ",
        ])
        #expect(!folder.exists("Out"))

        // Names are read from the document: a property whose type has an error is one.
        try folder.write("broken.json", spec(name: "Broken", models: #"{ "Pet": { "properties": { "id": "Int", "bad": "Nope" } } }"#))
        try folder.write("config.json", #"{"replace": {"Pet.bad": "Fixed", "Pet.idd": "X"}}"#)
        let broken = runTool(["generate", "broken.json", "--output", "Out", "--config", "config.json"], in: folder.url)
        #expect(broken.standardError.split(separator: "\n").map { String($0) } == [
            "broken.json:4:61: error: unknown type 'Nope'",
            "config.json:1:34: error: 'Pet.idd' in 'replace' names no property of model 'Pet' in broken.json; did you mean 'Pet.id'?",
        ])
        // An enum has no properties to replace.
        try folder.write("config.json", #"{"replace": {"Status.active": "X"}}"#)
        #expect(runTool(["generate", "shop.json", "--output", "Out", "--config", "config.json"], in: folder.url).standardError
            == "config.json:1:14: error: 'Status.active' in 'replace' names no property of model 'Status' in shop.json, which has none: only a struct model's properties can be replaced\n")
        // A property entry is not the model's: `include` may keep the model.
        try folder.write("config.json", #"{"replace": {"Product.id": "PID"}, "include": {"models": ["Product"]}}"#)
        #expect(runTool(["generate", "shop.json", "--output", "Out", "--config", "config.json", "-q"], in: folder.url).status == .success)
        try FileManager.default.removeItem(at: folder.file("Out"))

        // A name need be in one spec of several only.
        try folder.write("config.json", #"{"replace": {"Money": "Decimal", "Status": "AppStatus"}}"#)
        let good = runTool(["generate", "shop.json", "pets.json", "--output", "Out", "--config", "config.json", "-q"], in: folder.url)
        #expect(good.status == .success, "\(good.standardError)")
        #expect(folder.exists("Out/Models/Product.swift") && !folder.exists("Out/Models/Money.swift"))
        #expect(folder.read("Out/Models/Product.swift")?.contains("public var price: Decimal") == true)
        let check = runTool(["check", "shop.json", "pets.json", "--output", "Out", "--config", "config.json", "-q"], in: folder.url)
        #expect(check.status == .success, "\(check.standardOutput)\(check.standardError)")
        // Without the configuration the models are generated again.
        #expect(runTool(["check", "shop.json", "pets.json", "--output", "Out", "-q"], in: folder.url).status == .failure)
    }

    // MARK: The generated code, compiled and run

    /// `imports`: the app's type may come from another module, which every file imports.
    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func anAppsTypeFromAnotherModuleIsImported() async throws {
        let folder = try TemporaryDirectory()
        try folder.write("VendorKit.swift", """
            public struct Money: Codable, Hashable, Sendable {
                public var cents: Int
                public init(cents: Int) { self.cents = cents }
            }
            """)
        let vendor = try await runProcess(executable(named: "swiftc")!, [
            "-parse-as-library", "-swift-version", "6", "-module-name", "VendorKit", "-emit-module", "-emit-module-path",
            folder.file("VendorKit.swiftmodule").path, "-emit-library", "-static", "-o", folder.file("libVendorKit.a").path,
            folder.file("VendorKit.swift").path,
        ], in: folder.url)
        try #require(vendor.status == 0, "\(vendor.standardError)")

        let options = GeneratorOptions(layout: .compact, replacements: Self.replacements(["Money": "VendorKit.Money"]), imports: ["VendorKit", "Foundation"])
        let result = Generator.generate(specText: Self.shop, specPath: "shop.json", options: options)
        try #require(result.succeeded, "\(result.diagnostics)")
        for file in result.files where file.contents.contains("\nimport ") {
            #expect(file.contents.contains("import Foundation\nimport GeneratedRuntime\nimport VendorKit\n\n"), "\(file.path)")
            #expect(file.contents.components(separatedBy: "import Foundation").count == 2, "\(file.path)")
        }
        let program = #"""
            import Foundation
            let json = #"{"id":7,"price":{"cents":1990},"status":"active","history":[]}"#
            let product = try JSONDecoder().decode(Product.self, from: Data(json.utf8))
            print(product.price.cents, product.status)
            """#
        let build = try TemporaryDirectory()
        let path = try await compileProgram(result.files + [GeneratedFile(path: "main.swift", contents: program)], module: "ShopApp", in: build,
                                            arguments: ["-I", folder.url.path, "-L", folder.url.path, "-lVendorKit"])
        let run = try await runProcess(path, [])
        #expect(run.standardOutput == "1990 active\n", "\(run.standardError)")
    }

    /// The app's types for `Money` (a decimal amount that the API sends as text) and `Status` (an
    /// enum of the app's with a case the spec does not list), public as the generated code is,
    /// compiled with the generated code
    /// into a program that decodes, encodes and builds requests.
    static let appTypes = #"""
        import Foundation
        import GeneratedRuntime

        public enum Shop {
            public struct Money: Codable, Hashable, Sendable {
                public var amount: Decimal
                public var currency: String

                public init(amount: Decimal, currency: String) {
                    self.amount = amount
                    self.currency = currency
                }

                private enum CodingKeys: String, CodingKey { case amount, currency }

                public init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    let text = try container.decode(String.self, forKey: .amount)
                    guard let amount = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                        throw DecodingError.dataCorruptedError(forKey: .amount, in: container, debugDescription: "not an amount: \(text)")
                    }
                    self.amount = amount
                    self.currency = try container.decode(String.self, forKey: .currency)
                }

                public func encode(to encoder: any Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(NSDecimalNumber(decimal: amount).stringValue, forKey: .amount)
                    try container.encode(currency, forKey: .currency)
                }
            }
        }

        /// An ID the API sends as a number.
        public struct ProductID: Codable, Hashable, Sendable {
            public var rawValue: Int
            public init(_ rawValue: Int) { self.rawValue = rawValue }
            public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(Int.self) }
            public func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(rawValue)
            }
        }

        public enum ProductStatus: String, Codable, Hashable, Sendable, ParameterValue, ResponseHeaderValue {
            case active, archived, draft
        }
        """#

    static let program = #"""
        import Foundation
        import GeneratedRuntime

        let json = #"{"id":7,"price":{"amount":"19.90","currency":"EUR"},"regionalPrices":{"us":{"amount":"21.5","currency":"USD"}},"status":"archived","history":["active","draft"],"quantity":12.5}"#
        let product = try JSONDecoder().decode(Product.self, from: Data(json.utf8))
        print("decoded \(product.id.rawValue) \(product.price.amount) \(product.price.currency) \(product.regionalPrices?["us"]?.amount ?? 0) \(product.status) \(product.history)")
        // A union's member of the app's type goes through the coder's container: `JSONDecoder`
        // reads a `Decimal` from a number, which `Decimal(from:)` alone would not.
        if case .weight(let weight)? = product.quantity { print("quantity \(weight)") }
        let text = try JSONDecoder().decode(Product.self, from: Data(json.replacingOccurrences(of: "12.5", with: #""a dozen""#).utf8))
        if case .string(let words)? = text.quantity { print("quantity \(words)") }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        print("encoded \(String(decoding: try encoder.encode(product), as: UTF8.self))")
        let offer = try JSONDecoder().decode(Offer.self, from: Data(#"{"amount":"5","currency":"GBP"}"#.utf8))
        if case .money(let money) = offer { print("offer money \(money.amount) \(money.currency)") }

        let client = ShopAPI.client(baseURL: URL(string: "https://shop.example.com")!)
        let list = try client.urlRequest(for: ListProductsEndpoint(status: .draft, tags: [.active, .archived]))
        print("list \(list.url!.absoluteString)")
        let set = try client.urlRequest(for: SetPriceEndpoint(id: 7, money: Shop.Money(amount: Decimal(string: "3.25")!, currency: "CHF")))
        // The client's encoder does not sort keys.
        let fields = try JSONDecoder().decode([String: String].self, from: set.httpBody ?? Data())
        print("set \(set.httpMethod!) \(set.url!.path) \(fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))")
        """#

    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func theAppsTypesCompileWithTheGeneratedCodeAndRun() async throws {
        let result = Self.generated(Self.shop.replacingOccurrences(of: #""servers""#, with: #""defaults": { "hashable": true }, "servers""#), ["Money": "Shop.Money", "Status": "ProductStatus", "Weight": "Decimal", "Product.id": "ProductID"])
        try #require(result.succeeded, "\(result.diagnostics)")
        let sources = result.files + [GeneratedFile(path: "AppTypes.swift", contents: Self.appTypes), GeneratedFile(path: "main.swift", contents: Self.program)]
        let build = try TemporaryDirectory()
        let program = try await compileProgram(sources, module: "ShopApp", in: build)
        let run = try await runProcess(program, [])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == #"""
            decoded 7 19.9 EUR 21.5 archived [ShopApp.ProductStatus.active, ShopApp.ProductStatus.draft]
            quantity 12.5
            quantity a dozen
            encoded {"history":["active","draft"],"id":7,"price":{"amount":"19.9","currency":"EUR"},"quantity":12.5,"regionalPrices":{"us":{"amount":"21.5","currency":"USD"}},"status":"archived"}
            offer money 5 GBP
            list https://shop.example.com/products?status=draft&tags=active&tags=archived
            set PUT /products/7/price amount=3.25 currency=CHF

            """#)
    }
}
