import Foundation
import Testing

@testable import GenCore

/// `endpointgen import`, rule by rule: small OpenAPI 3.0 and 3.1 documents written from the
/// specifications, the spec each becomes, and the warnings for what has no place in the format.
/// Every document that imports must also generate without a diagnostic, since the import checks
/// what it writes with the same resolver.
@Suite struct OpenAPIImportTests {
    // MARK: Helpers

    struct Imported {
        var spec: [String: Any]
        var text: String
        var diagnostics: [Diagnostic]
        var warnings: [String] { diagnostics.filter { $0.severity == .warning }.map(\.message) }

        func model(_ name: String) -> [String: Any]? { (spec["models"] as? [String: Any])?[name] as? [String: Any] }
        func properties(_ name: String) -> [String: Any]? { model(name)?["properties"] as? [String: Any] }
        func resource(_ name: String) -> [String: Any]? { (spec["resources"] as? [String: Any])?[name] as? [String: Any] }
        func endpoints(_ resource: String) -> [[String: Any]] { self.resource(resource)?["endpoints"] as? [[String: Any]] ?? [] }
        func endpoint(_ name: String) -> [String: Any]? {
            for case let resource as [String: Any] in ((spec["resources"] as? [String: Any]) ?? [:]).values {
                if let found = (resource["endpoints"] as? [[String: Any]])?.first(where: { $0["name"] as? String == name }) { return found }
            }
            return nil
        }
        /// A property's type, whether written as `"T"` or `{"type": "T", …}`.
        func type(_ model: String, _ property: String) -> String? {
            let value = properties(model)?[property]
            return value as? String ?? (value as? [String: Any])?["type"] as? String
        }
    }

    /// Imports `document` (a JSON text), requires success, and generates the written spec to
    /// prove it has no problem the resolver would find.
    func importing(_ document: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Imported {
        let result = OpenAPIImport.importSpec(openAPIText: document, path: "api.json")
        let text = try #require(result.specText, "\(result.diagnostics.map(\.description))", sourceLocation: sourceLocation)
        let generated = Generator.generate(specText: text, specPath: "spec.json")
        #expect(generated.succeeded && generated.diagnostics.isEmpty, "\(generated.diagnostics.map(\.description))\n\(text)",
                sourceLocation: sourceLocation)
        let spec = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return Imported(spec: spec, text: text, diagnostics: result.diagnostics)
    }

    /// A 3.1 document with these schemas and paths (JSON object bodies, without braces).
    func document(version: String = "3.1.0", schemas: String = "", paths: String = "", extra: String = "") -> String {
        """
        {"openapi": "\(version)", "info": {"title": "Test", "version": "1"}\(extra.isEmpty ? "" : ", " + extra),
         "paths": {\(paths)}, "components": {"schemas": {\(schemas)}}}
        """
    }

    @Test func anOperationIdThatWouldHideARuntimeTypeGetsANumber() throws {
        // `idempotent` would be `IdempotentEndpoint`, the runtime's protocol.
        let imported = try importing(document(paths: """
            "/a": {"post": {"operationId": "idempotent", "responses": {"204": {"description": ""}}}},
            "/b": {"get": {"operationId": "paginated", "responses": {"204": {"description": ""}}}}
            """))
        #expect(imported.endpoint("idempotent2") != nil)
        #expect(imported.endpoint("paginated2") != nil)
        #expect(imported.endpoint("idempotent") == nil && imported.endpoint("paginated") == nil)
    }

    // MARK: Documents it refuses

    @Test func aYAMLDocumentImportsAsItsJSONDoesAndDiagnosticsPointIntoIt() throws {
        let json = #"""
            {"openapi": "3.0.3", "info": {"title": "Pets", "version": "1"},
             "paths": {"/pets/{id}": {"get": {"operationId": "getPet", "callbacks": {"x": {}},
               "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
               "responses": {"200": {"description": "A pet.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}}}}},
             "components": {"schemas": {"Pet": {"type": "object", "required": ["name"],
               "properties": {"name": {"type": "string"}, "tag": {"type": "string", "description": "Folded\ntext.\n"}}}}}}
            """#
        let yaml = """
            openapi: 3.0.3
            info: {title: Pets, version: "1"}
            paths:
              /pets/{id}:
                get:
                  operationId: getPet
                  callbacks:
                    x: {}
                  parameters:
                    - {name: id, in: path, required: true, schema: {type: integer}}
                  responses:
                    200:
                      description: A pet.
                      content:
                        application/json:
                          schema:
                            $ref: '#/components/schemas/Pet'
            components:
              schemas:
                Pet:
                  type: object
                  required: [name]
                  properties:
                    name: {type: string}
                    tag:
                      type: string
                      description: |
                        Folded
                        text.
            """
        let fromJSON = OpenAPIImport.importSpec(openAPIText: json, path: "api.json")
        let fromYAML = OpenAPIImport.importSpec(openAPIText: yaml, path: "api.yaml")
        #expect(try #require(fromYAML.specText) == (try #require(fromJSON.specText)))
        // The same warning, at the callbacks' line and column in each document.
        #expect(fromJSON.diagnostics.map(\.description) == [
            "api.json:2:73: warning: #/paths/~1pets~1{id}/get/callbacks: callbacks (requests the API sends back) are not imported; the endpoint is imported without them"])
        #expect(fromYAML.diagnostics.map(\.description) == [
            "api.yaml:8:9: warning: #/paths/~1pets~1{id}/get/callbacks: callbacks (requests the API sends back) are not imported; the endpoint is imported without them"])
    }

    /// `enum: [stable, 1.0]` in YAML holds a number, and the enum became JSON. Found by a tester:
    /// `type: string, enum: [100, 200]` was an integer enum and `type: integer, enum: ["1"]` a
    /// string one, so the values the API sends, of the declared type, failed to decode. The
    /// declared type decides, each value as written (`1.10` stays `"1.10"`), and the warning
    /// says what to quote.
    @Test func anEnumsValuesAreOfItsDeclaredType() throws {
        let result = OpenAPIImport.importSpec(openAPIText: """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths: {}
            components:
              schemas:
                Channel:
                  type: string
                  enum: [stable, 1.0, 1.10, true, beta]
                Code: {type: string, enum: [100, 200]}
                Level: {type: integer, enum: ["1", "2"]}
            """, path: "api.yaml")
        #expect(result.diagnostics.map(\.description) == [
            "api.yaml:8:22: warning: #/components/schemas/Channel/enum: the enum's type is string, and 1.0, 1.10, true among its values are not; they are read as the text the type declares (in YAML, quote such a value to make it text)",
            "api.yaml:9:33: warning: #/components/schemas/Code/enum: the enum's type is string, and 100, 200 among its values are not; they are read as the text the type declares (in YAML, quote such a value to make it text)",
            "api.yaml:10:35: warning: #/components/schemas/Level/enum: the enum's type is integer, and \"1\", \"2\" among its values are not; they are read as the integers the type declares",
        ])
        let spec = try #require(result.specText)
        // Found by the second review: where not every string is a whole number, they stay strings, said.
        let loose = OpenAPIImport.importSpec(openAPIText: """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths: {}
            components:
              schemas:
                Level: {type: integer, enum: ["1", "2", " 3"]}
            """, path: "api.yaml")
        #expect(loose.diagnostics.map(\.description) == [
            #"api.yaml:6:45: warning: #/components/schemas/Level/enum: the enum's type is integer, but its values are strings, and " 3" is no whole number; it is an enum of the strings as written"#])
        #expect(loose.specText?.contains(#""enum": ["1", "2", " 3"]"#) == true)
        #expect(spec.contains(#""Channel": {\#n      "enum": ["stable", "1.0", "1.10", "true", "beta"]"#), "\(spec)")
        #expect(spec.contains(#""Code": {\#n      "enum": ["100", "200"]"#))
        #expect(spec.contains(#""Level": {\#n      "enum": [1, 2]"#))
    }

    /// Found by a tester on Wordnik's document: `enum` beside an array's `items` (`type: array,
    /// items: {type: string}, enum: [all, ahd]`) made the array an enum of one value, so the app
    /// could send one dictionary where the API takes several, and a response holding the list
    /// failed to decode. The enum lists the elements' values.
    @Test func anArraysEnumListsItsElementsValues() throws {
        let imported = try importing(document(
            schemas: """
            "Thing": {"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}, "enum": ["x", "y"]},
                                                       "refs": {"type": "array", "items": {"$ref": "#/components/schemas/Tag"}, "enum": ["x"]},
                                                       "pairs": {"type": "array", "enum": [[1, 2]]}}},
            "Tag": {"type": "string"}
            """,
            paths: """
            "/defs": {"get": {"operationId": "getDefs", "parameters": [{"name": "sources", "in": "query", "explode": false,
                "schema": {"type": "array", "items": {"type": "string"}, "enum": ["all", "ahd", "century"]}}],
                "responses": {"204": {"description": ""}}}}
            """))
        #expect(imported.type("Thing", "tags") == "[ThingTagsItem]?")
        #expect(imported.model("ThingTagsItem")?["enum"] as? [String] == ["x", "y"])
        #expect(imported.type("Thing", "refs") == "[String]?", "a referenced element schema is left as it is")
        #expect(imported.type("Thing", "pairs") == "[JSON]?", "an enum of arrays is no list of element values")
        let query = try #require(imported.endpoint("getDefs")?["query"] as? [String: Any])
        #expect(query["sources"] as? [String: String] == ["type": "[GetDefsSourcesItem]?", "separator": ","])
        #expect(imported.model("GetDefsSourcesItem")?["enum"] as? [String] == ["all", "ahd", "century"])
        #expect(imported.warnings == [
            "#/paths/~1defs/get/parameters/0/schema/enum: the array's 'enum' lists values of its elements, not arrays; it is read as the elements' enum",
            "#/components/schemas/Thing/properties/tags/enum: the array's 'enum' lists values of its elements, not arrays; it is read as the elements' enum",
            "#/components/schemas/Thing/properties/refs/enum: the array's 'enum' lists values of its elements, not arrays; it is not imported: the elements' schema is not a string or number of its own",
        ], "\(imported.warnings)")
    }

    @Test func aYAMLSyntaxErrorStopsTheImportAtItsPlace() {
        let result = OpenAPIImport.importSpec(openAPIText: "openapi: 3.1.0\ninfo:\n  title: T\n  title: U\n", path: "api.yaml")
        #expect(result.specText == nil)
        #expect(result.diagnostics.map(\.description) == ["api.yaml:4:3: error: malformed YAML: duplicate key 'title' (first at line 3, column 3)"])
    }

    @Test func yamlInAFileNamedJSONGetsAnErrorThatSaysHowToNameIt() {
        let result = OpenAPIImport.importSpec(openAPIText: "openapi: 3.1.0\ninfo:\n  title: T\n", path: "api.json")
        #expect(result.specText == nil)
        #expect(result.diagnostics.map(\.description) == [
            "api.json:1:1: error: this file is named as JSON but looks like YAML; name it '.yaml' (or '.yml') to have it read as YAML"])
        // A name that says neither is read as what it starts as.
        #expect(OpenAPIImport.importSpec(openAPIText: "openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths: {}\n", path: "api").succeeded)
        #expect(OpenAPIImport.importSpec(openAPIText: #"{"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {}}"#, path: "api.txt").succeeded)
    }

    @Test func swagger2AndOtherVersionsAreRefused() {
        let swagger = OpenAPIImport.importSpec(openAPIText: #"{"swagger": "2.0", "info": {}, "paths": {}}"#, path: "s.json")
        #expect(swagger.specText == nil)
        #expect(swagger.diagnostics.first?.message.hasPrefix("this is a Swagger 2.0 document; endpointgen imports OpenAPI 3.0 and 3.1") == true)
        let future = OpenAPIImport.importSpec(openAPIText: #"{"openapi": "4.0.0", "info": {}, "paths": {}}"#, path: "f.json")
        #expect(future.diagnostics.map(\.description) == ["f.json:1:13: error: OpenAPI 4.0.0 is not supported; endpointgen imports OpenAPI 3.0.x and 3.1.x"])
        let broken = OpenAPIImport.importSpec(openAPIText: #"{"openapi": "3.1.0", "#, path: "b.json")
        #expect(broken.specText == nil && broken.diagnostics.first?.severity == .error)
        // Found by a tester: "3.10" passed for 3.1, and `openapi: 3.0` unquoted in YAML (a number)
        // was refused with a message naming the very version it imports.
        let minor = OpenAPIImport.importSpec(openAPIText: #"{"openapi": "3.10.0", "info": {}, "paths": {}}"#, path: "m.json")
        #expect(minor.diagnostics.map(\.description) == ["m.json:1:13: error: OpenAPI 3.10.0 is not supported; endpointgen imports OpenAPI 3.0.x and 3.1.x"])
        let number = OpenAPIImport.importSpec(openAPIText: "openapi: 3.0\ninfo: {title: T, version: '1'}\npaths: {}\n", path: "n.yaml")
        #expect(number.specText != nil)
        #expect(number.diagnostics.map(\.description) == [
            "n.yaml:1:10: warning: #/openapi: the version is the number 3.0, which OpenAPI writes as a string: quote it (\"3.0\"); it is read as OpenAPI 3.0",
        ])
    }

    // MARK: Schemas

    @Test func componentSchemasBecomeModelsEnumsAndInlinedTypes() throws {
        let imported = try importing(document(schemas: """
            "Pet": {"type": "object", "required": ["id", "name"], "description": "A pet.",
                    "properties": {"id": {"$ref": "#/components/schemas/PetId"}, "name": {"type": "string"},
                                   "owner": {"type": "object", "properties": {"name": {"type": "string"}}},
                                   "size": {"type": "string", "enum": ["s", "m"]}, "kind": {"$ref": "#/components/schemas/Kind"},
                                   "rank": {"type": "integer", "enum": [1, 2]}}},
            "PetId": {"type": "integer", "format": "int64"},
            "Kind": {"type": "string", "enum": ["dog", "cat", "Dog", "unknown", "undocumented"]}
            """))
        #expect(imported.model("Pet")?["description"] as? String == "A pet.")
        #expect(imported.type("Pet", "id") == "Int64", "a component that is a plain type is inlined")
        #expect(imported.type("Pet", "name") == "String")
        #expect(imported.type("Pet", "owner") == "PetOwner?", "an inline object is named after its place")
        #expect(imported.properties("PetOwner")?["name"] as? String == "String?")
        #expect(imported.type("Pet", "size") == "PetSize?")
        #expect(imported.model("PetSize")?["enum"] as? [String] == ["s", "m"])
        #expect(imported.type("Pet", "rank") == "PetRank?")
        #expect(imported.model("PetRank")?["enum"] as? [Int] == [1, 2])
        #expect(imported.model("PetId") == nil)
        // Values whose case names clash (`dog`, `Dog`), or that would take the catch-all
        // `undocumented` beside a listed `unknown`, get names of their own.
        #expect(imported.model("Kind")?["enum"] as? [String: String] == ["dog": "dog", "cat": "cat", "dog2": "Dog", "unknown": "unknown", "undocumented2": "undocumented"])
    }

    @Test func nullIsKeptApartFromAbsentIn30And31() throws {
        let schemas = """
            "A": {"type": "object", "required": ["r"],
                  "properties": {"n30": {"type": "string", "nullable": true}, "n31": {"type": ["integer", "null"]},
                                 "viaOneOf": {"oneOf": [{"$ref": "#/components/schemas/B"}, {"type": "null"}]},
                                 "r": {"type": "string"}, "o": {"type": "string"}}},
            "B": {"type": "object", "properties": {"x": {"type": "string"}}}
            """
        let imported = try importing(document(version: "3.0.3", schemas: schemas))
        #expect(imported.properties("A")?["n30"] as? [String: Bool] == nil)
        #expect((imported.properties("A")?["n30"] as? [String: Any])?["nullable"] as? Bool == true)
        #expect((imported.properties("A")?["n31"] as? [String: Any])?["type"] as? String == "Int")
        #expect((imported.properties("A")?["n31"] as? [String: Any])?["nullable"] as? Bool == true)
        #expect((imported.properties("A")?["viaOneOf"] as? [String: Any])?["type"] as? String == "B")
        #expect(imported.type("A", "r") == "String")
        #expect(imported.type("A", "o") == "String?")
    }

    @Test func formatsMapToTheirSwiftTypes() throws {
        let imported = try importing(document(schemas: """
            "F": {"type": "object", "required": ["a", "b", "c", "d", "e", "f", "g", "h"],
                  "properties": {"a": {"type": "string", "format": "date-time"}, "b": {"type": "string", "format": "date"},
                                 "c": {"type": "integer", "format": "int64"}, "d": {"type": "string", "format": "uuid"},
                                 "e": {"type": "string", "format": "uri"}, "f": {"type": "string", "format": "byte"},
                                 "g": {"type": "number", "format": "float"}, "h": {"type": "integer", "format": "int32"}}}
            """))
        #expect(imported.type("F", "a") == "Date")
        #expect(imported.properties("F")?["b"] as? [String: String] == ["type": "Date", "dateStrategy": "dateOnly"])
        #expect(imported.type("F", "c") == "Int64")
        #expect(imported.type("F", "d") == "String", "a UUID would write a lower-case id back in upper case")
        #expect(imported.type("F", "e") == "String", "a URL cannot hold every string a URI field carries")
        #expect(imported.type("F", "f") == "Data")
        #expect(imported.type("F", "g") == "Double")
        #expect(imported.type("F", "h") == "Int")
    }

    /// Found on Adyen's document: OpenAPI 3.1's `contentEncoding: base64` (3.0's `format: byte`)
    /// and, in a multipart form, `contentMediaType` (3.0's `format: binary`) were read as text, so
    /// a key came as its base64 text and a file upload became a text field.
    @Test func contentEncodingAndMediaTypeAreBytesAsTheFormatsAre() throws {
        let imported = try importing(document(
            schemas: """
            "Key": {"type": "object", "required": ["key"], "properties": {"key": {"type": "string", "contentEncoding": "base64"},
              "page": {"type": "string", "contentMediaType": "text/html"}, "icon": {"type": "string", "contentMediaType": "image/png"},
              "url": {"type": "string", "contentEncoding": "base64url"}}}
            """,
            paths: """
            "/upload": {"post": {"operationId": "upload", "requestBody": {"required": true, "content": {"multipart/form-data": {"schema": {
              "type": "object", "required": ["file"], "properties": {"file": {"type": "string", "contentMediaType": "application/octet-stream"},
              "note": {"type": "string", "contentMediaType": "text/plain"}, "meta": {"type": "string", "contentMediaType": "application/json"}}}}}},
              "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Key"}}}}}}}
            """))
        #expect(imported.type("Key", "key") == "Data")
        #expect(imported.type("Key", "page") == "String?")
        // Outside a form such a string holds text: bytes in JSON need an encoding.
        #expect(imported.type("Key", "icon") == "String?")
        // Foundation reads base64, not its URL-safe variant: the text is kept.
        #expect(imported.type("Key", "url") == "String?")
        #expect(imported.type("UploadRequest", "file") == "File")
        #expect(imported.type("UploadRequest", "note") == "String?")
        #expect(imported.type("UploadRequest", "meta") == "String?")
    }

    @Test func openObjectsAndMaps() throws {
        let imported = try importing(document(schemas: """
            "Open": {"type": "object", "properties": {"id": {"type": "string"}}, "additionalProperties": {"type": "integer"}},
            "Counts": {"type": "object", "additionalProperties": {"type": "integer"}},
            "Holder": {"type": "object", "properties": {"counts": {"$ref": "#/components/schemas/Counts"},
                                                         "anything": {"type": "object", "additionalProperties": true},
                                                         "free": {}}}
            """))
        #expect(imported.model("Open")?["additionalProperties"] as? String == "Int")
        #expect(imported.model("Counts") == nil)
        #expect(imported.type("Holder", "counts") == "[String: Int]?")
        #expect(imported.type("Holder", "anything") == "[String: JSON]?")
        #expect(imported.type("Holder", "free") == "JSON?")
    }

    @Test func aSchemaThatRefersToItselfNests() throws {
        let imported = try importing(document(schemas: """
            "Node": {"type": "object", "required": ["name"],
                     "properties": {"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}},
                                    "parent": {"$ref": "#/components/schemas/Node"}}}
            """))
        #expect(imported.type("Node", "children") == "[Node]?")
        #expect(imported.type("Node", "parent") == "Node?")
    }

    @Test func allOfComposesAndANarrowedBaseIsReadInPlace() throws {
        let imported = try importing(document(schemas: """
            "Base": {"type": "object", "properties": {"id": {"type": "string"}, "created": {"type": "string"}}},
            "Extended": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object", "properties": {"extra": {"type": "integer"}}}]},
            "Narrowed": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}}]}
            """))
        #expect(imported.model("Extended")?["allOf"] as? [String] == ["Base"])
        #expect(imported.type("Extended", "extra") == "Int?")
        // `Narrowed` makes `id` required: the spec format cannot narrow a base's property, so
        // the base's properties are read in place, in order, with the narrowed `id`.
        #expect(imported.model("Narrowed")?["allOf"] == nil)
        #expect(imported.type("Narrowed", "id") == "String")
        #expect(imported.type("Narrowed", "created") == "String?")
        #expect(imported.text.contains(#""id": "String", "created": "String?""#))
    }

    @Test func discriminatorsMakeTaggedUnionsAndRenamedModelsKeepTheirSchemaName() throws {
        let imported = try importing(document(schemas: """
            "Result": {"oneOf": [{"$ref": "#/components/schemas/Ok"}, {"$ref": "#/components/schemas/Error"}],
                       "discriminator": {"propertyName": "kind", "mapping": {"ok": "#/components/schemas/Ok"}}},
            "Ok": {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string"}}},
            "Error": {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string"}, "message": {"type": "string"}}}
            """))
        let union = try #require(imported.model("ResultModel"), "Result is Swift's")
        #expect(union["oneOf"] as? [String] == ["Ok", "ErrorModel"], "Error is a name the runtime uses")
        #expect(union["discriminator"] as? String == "kind")
        #expect(union["mapping"] as? [String: String] == ["ok": "Ok", "Error": "ErrorModel"], "the implicit value is the schema's name")
    }

    /// Found while checking OpenAI's document, whose 54 discriminators have no mapping: the
    /// implicit value, the schema's name, is never what a member whose discriminator property
    /// holds one constant is sent with, so every object decoded as unknown (and a member was
    /// encoded with its schema's name as its `type`).
    @Test func aMemberWhoseDiscriminatorIsAConstantIsTaggedWithIt() throws {
        let imported = try importing(document(schemas: """
            "Annotation": {"oneOf": [{"$ref": "#/components/schemas/FileCitation"}, {"$ref": "#/components/schemas/UrlCitation"},
                                     {"$ref": "#/components/schemas/Note"}, {"$ref": "#/components/schemas/Link"}],
                           "discriminator": {"propertyName": "type", "mapping": {"link": "#/components/schemas/Link"}}},
            "FileCitation": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string", "enum": ["file_citation"]}}},
            "UrlCitation": {"type": "object", "required": ["type"], "properties": {"type": {"const": "url_citation"}}},
            "Note": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string"}}},
            "Link": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string", "enum": ["hyperlink"]}}}
            """))
        let union = try #require(imported.model("Annotation"))
        #expect(union["discriminator"] as? String == "type")
        #expect(union["mapping"] as? [String: String] == ["file_citation": "FileCitation", "url_citation": "UrlCitation", "link": "Link"],
                "a constant, else the mapping's value, else the schema's name (Note's, written by default)")
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    }

    /// Found by a review: a component that allows null itself lost it wherever it was `$ref`ed,
    /// and `null` then failed to decode.
    @Test func aReferenceToASchemaThatAllowsNullAllowsNull() throws {
        let imported = try importing(document(schemas: """
            "Status": {"type": ["string", "null"], "enum": ["on", "off", null]},
            "Owner": {"type": ["object", "null"], "properties": {"name": {"type": "string"}}},
            "Owner30": {"type": "object", "nullable": true, "properties": {"name": {"type": "string"}}},
            "Choice": {"oneOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]},
            "Alias": {"$ref": "#/components/schemas/Owner"},
            "Plain": {"type": "object", "properties": {"name": {"type": "string"}}},
            "Holder": {"type": "object", "required": ["status", "owner", "owner30", "choice", "list", "alias", "map", "plain"], "properties": {
              "status": {"$ref": "#/components/schemas/Status"}, "owner": {"$ref": "#/components/schemas/Owner"},
              "owner30": {"$ref": "#/components/schemas/Owner30"}, "choice": {"$ref": "#/components/schemas/Choice"},
              "list": {"type": "array", "items": {"$ref": "#/components/schemas/Owner"}}, "alias": {"$ref": "#/components/schemas/Alias"},
              "map": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/Status"}},
              "plain": {"$ref": "#/components/schemas/Plain"}}}
            """))
        let holder = try #require(imported.properties("Holder"))
        for key in ["status", "owner", "owner30", "choice", "alias"] {
            // Required and allowing null: a `T?` whose nil is sent as null.
            let property = holder[key] as? [String: Any]
            #expect((property?["type"] as? String)?.hasSuffix("?") == true && property?["required"] as? Bool == true,
                    "\(key): \(String(describing: holder[key]))")
        }
        #expect(holder["list"] as? String == "[Owner?]")
        #expect(holder["map"] as? String == "[String: Status?]")
        #expect(holder["plain"] as? String == "Plain")
    }

    /// Found by a review: names were made unique as written, so two that differ only in case
    /// came through, and the generator rejects them (their files are one on macOS).
    @Test func namesThatDifferOnlyInCaseAreMadeUnique() throws {
        let imported = try importing(document(schemas: """
            "UserProfile": {"type": "object", "properties": {"a": {"type": "string"}}},
            "Userprofile": {"type": "object", "properties": {"b": {"type": "string"}}}
            """, paths: """
            "/a": {"get": {"operationId": "fetchThing", "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/UserProfile"}}}}}}},
            "/b": {"get": {"operationId": "fetchthing", "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Userprofile"}}}}}}}
            """))
        #expect(Set(((imported.spec["models"] as? [String: Any]) ?? [:]).keys) == ["UserProfile", "Userprofile2"])
        #expect(imported.endpoint("fetchThing") != nil && imported.endpoint("fetchthing2") != nil)
    }

    /// Found by a review: a required `writeOnly` property (a password) made every response that
    /// rightly lacks it fail to decode, and a required `readOnly` one (an id) had to be sent.
    @Test func requiredPropertiesThatGoOneWayAreOptional() throws {
        let imported = try importing(document(schemas: """
            "Account": {"type": "object", "required": ["id", "password", "user_name"], "properties": {
              "id": {"type": "integer", "readOnly": true}, "password": {"type": "string", "writeOnly": true}, "user_name": {"type": "string"}}}
            """))
        #expect(imported.type("Account", "id") == "Int?")
        #expect(imported.type("Account", "password") == "String?")
        #expect(imported.type("Account", "userName") == "String")
    }

    /// Found on Amazon's published documents, which annotate every property in a part of its own
    /// (`allOf: [{$ref: …}, {description: …}]`): the annotations of such a part were dropped, so
    /// a required property that may be `null` failed to decode `null`, a default was lost, and so
    /// were the descriptions. The schema's own annotations still come first.
    @Test func annotationsInAPartOfTheirOwnAnnotateTheSchema() throws {
        let imported = try importing(document(version: "3.0.3", schemas: """
            "JobId": {"type": "string"}, "Level": {"type": "integer"},
            "Detail": {"type": "object", "properties": {"a": {"type": "string"}}},
            "Job": {"type": "object", "required": ["detail", "id", "level", "name"], "properties": {
              "jobId": {"allOf": [{"$ref": "#/components/schemas/JobId"}, {"description": "The job's id."}]},
              "detail": {"allOf": [{"$ref": "#/components/schemas/Detail"}, {"nullable": true}]},
              "level": {"allOf": [{"$ref": "#/components/schemas/Level"}, {"default": 3, "title": "Level"}]},
              "id": {"allOf": [{"$ref": "#/components/schemas/JobId"}, {"readOnly": true}]},
              "name": {"description": "Its own.", "allOf": [{"$ref": "#/components/schemas/JobId"}, {"description": "The part's."}]}}}
            """))
        let job = try #require(imported.properties("Job"))
        #expect(NSDictionary(dictionary: job["jobId"] as? [String: Any] ?? [:]) == ["type": "String?", "description": "The job's id."])
        #expect(NSDictionary(dictionary: job["detail"] as? [String: Any] ?? [:]) == ["type": "Detail?", "required": true])
        #expect(NSDictionary(dictionary: job["level"] as? [String: Any] ?? [:]) == ["type": "Int", "description": "Level\n\nDefault: `3`."])
        #expect(job["id"] as? String == "String?")
        #expect((job["name"] as? [String: Any])?["description"] as? String == "Its own.")
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    }

    /// Found on Spotify's document: `Paging` requires `items`, which each `PagingArtists`,
    /// `PagingTracks`… declares in a part of its own beside `allOf: [Paging]`; `items` became
    /// optional there, weaker than the document, and an app could leave out a key the API needs.
    @Test func aKeyABaseRequiresIsRequiredWhereAnotherPartDeclaresIt() throws {
        let imported = try importing(document(schemas: """
            "Paging": {"type": "object", "required": ["items", "total"], "properties": {"total": {"type": "integer"}, "next": {"type": "string"}}},
            "PagingArtists": {"allOf": [{"$ref": "#/components/schemas/Paging"},
              {"type": "object", "properties": {"items": {"type": "array", "items": {"type": "string"}}, "extra": {"type": "string"}}}]},
            "Cursor": {"type": "object", "required": ["cursor"], "properties": {"at": {"type": "integer"}}},
            "CursorPaging": {"allOf": [{"$ref": "#/components/schemas/Cursor"}], "properties": {"limit": {"type": "integer"}}},
            "CursorTracks": {"allOf": [{"$ref": "#/components/schemas/CursorPaging"}, {"type": "object", "properties": {"cursor": {"type": "string"}}}]}
            """))
        #expect(imported.model("PagingArtists")?["allOf"] as? [String] == ["Paging"])
        #expect(imported.type("PagingArtists", "items") == "[String]")
        #expect(imported.type("PagingArtists", "extra") == "String?")
        #expect(imported.type("Paging", "total") == "Int")
        // Required by a base's own base (found by the review).
        #expect(imported.type("CursorTracks", "cursor") == "String")
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    }

    /// Found on Asana's document, whose annotation parts say `type: object` too
    /// (`allOf: [{$ref: User}, {type: object, nullable: true}]`): such a part was read as an
    /// object to merge, with a warning that it is none, and the property became a wrapper model
    /// (`TaskModelOwner`) that was not nullable, so a `null` owner came back as no key and the
    /// app could not send one to clear it; a description there was lost.
    @Test func anAnnotationPartThatSaysItIsAnObjectAnnotatesTheSchema() throws {
        let imported = try importing(document(version: "3.0.3", schemas: """
            "User": {"type": "object", "required": ["gid"], "properties": {"gid": {"type": "string"}}},
            "Task": {"type": "object", "required": ["owner"], "properties": {
              "owner": {"allOf": [{"$ref": "#/components/schemas/User"}, {"type": "object", "nullable": true}]},
              "parent": {"allOf": [{"$ref": "#/components/schemas/User"}, {"type": "object", "readOnly": true, "description": "The parent."}]},
              "assignee": {"allOf": [{"$ref": "#/components/schemas/User"}, {"type": ["object", "null"]}]},
              "merged": {"allOf": [{"$ref": "#/components/schemas/User"}, {"type": "object", "properties": {"name": {"type": "string"}}}]},
              "alone": {"allOf": [{"type": "object", "description": "Free."}]},
              "described": {"allOf": [{"type": "object"}, {"description": "Also free."}]}}}
            """))
        let task = try #require(imported.properties("TaskModel"))
        #expect(NSDictionary(dictionary: task["owner"] as? [String: Any] ?? [:]) == ["type": "User?", "required": true])
        #expect(NSDictionary(dictionary: task["parent"] as? [String: Any] ?? [:]) == ["type": "User?", "description": "The parent."])
        #expect(NSDictionary(dictionary: task["assignee"] as? [String: Any] ?? [:]) == ["type": "User", "nullable": true])
        // A part with properties of its own is still an object to merge.
        #expect(imported.type("TaskModel", "merged") == "TaskModelMerged?")
        #expect(imported.model("TaskModelMerged")?["allOf"] as? [String] == ["User"])
        // Alone, or beside annotations only, it says what the schema is: an object (found by the review).
        #expect(imported.type("TaskModel", "alone") == "[String: JSON]?")
        #expect(imported.type("TaskModel", "described") == "[String: JSON]?")
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    }

    /// Found on Ably's document: the enum of a shared parameter (`#/components/parameters/
    /// responseFormat`, used by 19 operations) was named after the first operation that used it
    /// (`GetMetadataOfAllChannelsFormat`, in `getStats` too). It is named after the parameter.
    @Test func aSharedParametersTypeIsNamedAfterIt() throws {
        let operation = { (name: String) in
            ##"{"operationId": "\##(name)", "parameters": [{"$ref": "#/components/parameters/responseFormat"}, {"name": "mode", "in": "query", "schema": {"enum": ["a", "b"]}}], "responses": {"204": {"description": ""}}}"##
        }
        let imported = try importing(document(
            paths: #""/channels": {"get": \#(operation("getChannels"))}, "/stats": {"get": \#(operation("getStats"))}"#,
            extra: #""components": {"parameters": {"responseFormat": {"in": "query", "name": "format", "schema": {"type": "string", "enum": ["json", "msgpack"]}}}}"#
        ).replacingOccurrences(of: #", "components": {"schemas": {}}"#, with: ""))
        // The inline `mode` that both declare alike is one enum too (`aParameterEnumThatOperationsDeclareAlikeIsOneEnum`).
        #expect(Set(((imported.spec["models"] as? [String: Any]) ?? [:]).keys) == ["ResponseFormat", "Mode"])
        for name in ["getChannels", "getStats"] {
            #expect((imported.endpoint(name)?["query"] as? [String: String])?["format"] == "ResponseFormat?")
            #expect((imported.endpoint(name)?["query"] as? [String: String])?["mode"] == "Mode?")
        }
    }

    /// Found on HubSpot's documents (`subCategory: {type: object, properties: {}}`) and in
    /// OpenAI's (`EmptyModelParam`, a function's parameters): `properties: {}` made an empty model,
    /// which dropped every key the object held. Without `additionalProperties: false` such an
    /// object may hold any key: its model keeps them all (an open model), and stays a model for
    /// the places that need one (a form body, a base, a union's member); with it, it holds nothing.
    @Test func anObjectOfNoDeclaredPropertiesKeepsWhatItHolds() throws {
        let imported = try importing(document(schemas: """
            "Params": {"type": "object", "properties": {}, "required": []},
            "Closed": {"type": "object", "properties": {}, "additionalProperties": false},
            "Problem": {"type": "object", "required": ["message"], "properties": {"message": {"type": "string"},
              "subCategory": {"type": "object", "properties": {}}, "params": {"$ref": "#/components/schemas/Params"},
              "closed": {"$ref": "#/components/schemas/Closed"}}}
            """))
        #expect(imported.type("Problem", "subCategory") == "ProblemSubCategory?")
        #expect(imported.type("Problem", "params") == "Params?")
        #expect(imported.type("Problem", "closed") == "Closed?")
        for open in ["Params", "ProblemSubCategory"] {
            #expect(imported.model(open)?["additionalProperties"] as? String == "JSON", "\(open)")
        }
        #expect(imported.model("Closed")?["additionalProperties"] == nil)
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    }

    /// A property both required and nullable was `Nullable<T>?`: the app could leave out a key the
    /// API requires, and wrote `.value(x)` for every value (swift-openapi-generator's issue #934:
    /// it cannot send the `null` at all). Absent is not one of its values: it is a `T?` marked
    /// `required`, whose nil is sent as null. Free-form JSON holds a null itself; a read-only
    /// one may be absent from requests, and a form field cannot be null.
    @Test func aRequiredPropertyThatMayBeNullIsAnOptionalSentAsNull() throws {
        let imported = try importing(document(
            version: "3.0.3",
            schemas: """
            "Role": {"type": "object", "required": ["name", "description", "due", "data", "owner", "created"], "properties": {
              "name": {"type": "string"}, "description": {"type": "string", "nullable": true},
              "due": {"type": "string", "format": "date", "nullable": true}, "data": {"nullable": true},
              "owner": {"type": "string", "nullable": true, "readOnly": true},
              "created": {"type": "string", "nullable": true}, "note": {"type": "string", "nullable": true}}}
            """,
            paths: """
            "/roles": {"put": {"operationId": "putRole", "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Role"}}}}, "responses": {"204": {"description": ""}}}},
            "/form": {"post": {"operationId": "postForm", "requestBody": {"required": true, "content": {"application/x-www-form-urlencoded": {"schema": {"type": "object", "required": ["label"], "properties": {"label": {"type": "string", "nullable": true}}}}}}, "responses": {"204": {"description": ""}}}}
            """))
        let role = try #require(imported.properties("Role"))
        #expect(NSDictionary(dictionary: role["description"] as? [String: Any] ?? [:]) == ["type": "String?", "required": true])
        #expect(NSDictionary(dictionary: role["due"] as? [String: Any] ?? [:]) == ["type": "Date?", "required": true, "dateStrategy": "dateOnly"])
        #expect(role["data"] as? String == "JSON", "JSON's own .null")
        #expect(NSDictionary(dictionary: role["owner"] as? [String: Any] ?? [:]) == ["type": "String", "nullable": true], "read-only: absent from requests")
        #expect(NSDictionary(dictionary: role["note"] as? [String: Any] ?? [:]) == ["type": "String", "nullable": true], "not required: absent, null or a value")
        let form = try #require(imported.endpoint("postForm")?["body"] as? [String: Any])
        let formModel = try #require(form["type"] as? String)
        #expect(imported.type(formModel, "label") == "String?", "a form field has no null: nil leaves it out")
        #expect((imported.properties(formModel)?["label"] as? [String: Any])?["required"] == nil)
        let source = Generator.generate(specText: imported.text, specPath: "spec.json").files.map(\.contents).joined()
        #expect(source.contains("        description: String?,\n        due: Date?,\n"), "no default in the memberwise init: \(source)")
        #expect(source.contains("try container.encodeField(\"description\", self.description)\n"))
        #expect(source.contains("try container.encodeField(\"due\", self.due, dateStrategy: .dateOnly)\n"))
        #expect(source.contains("try container.encodeField(\"created\", self.created)\n"))
    }

    /// A form sends the fields its model declares: the other keys an open model keeps are not
    /// sent, and a model that declares none (`properties: {}`) is sent empty. Each says so,
    /// where the document has it.
    @Test func aFormOfAnOpenModelSendsTheFieldsItDeclares() throws {
        let imported = try importing(document(
            schemas: """
            "Params": {"type": "object", "properties": {}},
            "Tagged": {"type": "object", "properties": {"name": {"type": "string"}}, "additionalProperties": {"type": "string"}}
            """,
            paths: """
            "/a": {"post": {"operationId": "a", "requestBody": {"required": true, "content": {"application/x-www-form-urlencoded": {"schema": {"$ref": "#/components/schemas/Params"}}}}, "responses": {"204": {"description": ""}}}},
            "/b": {"post": {"operationId": "b", "requestBody": {"required": true, "content": {"application/x-www-form-urlencoded": {"schema": {"$ref": "#/components/schemas/Tagged"}}}}, "responses": {"204": {"description": ""}}}}
            """))
        #expect(imported.warnings == [
            "#/components/schemas/Params: a form body whose schema declares no field is sent empty: the keys it may hold are not sent",
            "#/components/schemas/Tagged/additionalProperties: a form body sends the fields it declares; the other keys ('additionalProperties') are left out",
        ])
        #expect((imported.endpoint("a")?["body"] as? [String: Any])?["encoding"] as? String == "form")
    }

    /// Found on HubSpot's Events document: a query dictionary in the form style, exploded (the
    /// query's default), became a String sent under the parameter's own name, so the app could
    /// never send `hs_url=x&hs_title=y`. It is a dictionary whose entries are items named by
    /// their keys (`"style": "form"`); a deepObject's stays `name[key]`; not exploded, it stays
    /// a String, with a warning.
    @Test func aQueryDictionaryInTheFormStyleIsAnItemPerEntry() throws {
        let imported = try importing(document(paths: """
            "/events": {"get": {"operationId": "events", "parameters": [
              {"name": "property", "in": "query", "schema": {"type": "object", "additionalProperties": {"type": "string"}}},
              {"name": "counts", "in": "query", "style": "form", "explode": true, "schema": {"type": "object", "additionalProperties": {"type": "integer"}}},
              {"name": "meta", "in": "query", "style": "deepObject", "schema": {"type": "object", "additionalProperties": {"type": "string"}}},
              {"name": "flat", "in": "query", "explode": false, "schema": {"type": "object", "additionalProperties": {"type": "string"}}}],
              "responses": {"204": {"description": ""}}}}
            """))
        let query = try #require(imported.endpoint("events")?["query"] as? [String: Any])
        #expect(NSDictionary(dictionary: query["property"] as? [String: Any] ?? [:]) == ["type": "[String: String]?", "style": "form"])
        #expect(NSDictionary(dictionary: query["counts"] as? [String: Any] ?? [:]) == ["type": "[String: Int]?", "style": "form"])
        #expect(query["meta"] as? String == "[String: String]?")
        #expect(query["flat"] as? String == "String?")
        #expect(imported.warnings == [
            "#/paths/~1events/get/parameters/3: a query parameter holding a dictionary is imported as a String that the app encodes",
        ])
        let source = Generator.generate(specText: imported.text, specPath: "spec.json").files.map(\.contents).joined()
        #expect(source.contains("request.addQueryEntries(property)\n"))
        #expect(source.contains("request.addQueryEntries(counts)\n"))
        #expect(source.contains(#"request.addQueryDictionary("meta", meta)"#))
    }

    /// Found on CircleCI's document: a plain type it names (`Parallel: {type: string, description:
    /// …}`) is written in place, and its description was lost there. The place's own description
    /// still comes first; a model's stays on the model.
    @Test func aPlainTypesDescriptionIsWrittenWhereItIsUsed() throws {
        let imported = try importing(document(schemas: """
            "Parallel": {"type": "integer", "description": "The containers to use."},
            "Revision": {"$ref": "#/components/schemas/Sha"}, "Sha": {"type": "string", "title": "A commit's hash."},
            "Owner": {"type": "object", "description": "Who owns it.", "properties": {"name": {"type": "string"}}},
            "Build": {"type": "object", "properties": {"parallel": {"$ref": "#/components/schemas/Parallel"},
              "revision": {"$ref": "#/components/schemas/Revision"}, "owner": {"$ref": "#/components/schemas/Owner"},
              "again": {"$ref": "#/components/schemas/Parallel", "description": "Its own."}}}
            """))
        let build = try #require(imported.properties("Build"))
        #expect((build["parallel"] as? [String: Any])?["description"] as? String == "The containers to use.")
        #expect((build["revision"] as? [String: Any])?["description"] as? String == "A commit's hash.")
        #expect(build["owner"] as? String == "Owner?")
        #expect((build["again"] as? [String: Any])?["description"] as? String == "Its own.")
    }

    /// Found on Vonage's document, which names a response of another operation by a percent-encoded
    /// pointer (`~1%7Bid%7D` for `/{id}`): the reference resolved, but the model read there was not
    /// found again under that spelling, so the inline schema became a second, identical model.
    @Test func aPercentEncodedReferenceNamesTheSameModel() throws {
        let notFound = #"{"description": "", "content": {"application/json": {"schema": {"properties": {"detail": {"type": "string"}}}}}}"#
        let imported = try importing(document(paths: """
            "/{id}": {"parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
              "get": {"operationId": "getThing", "responses": {"204": {"description": ""}, "404": \(notFound)}},
              "delete": {"operationId": "deleteThing", "responses": {"204": {"description": ""}, "404": {"$ref": "#/paths/~1%7Bid%7D/get/responses/404"}}},
              "put": {"operationId": "putThing", "responses": {"204": {"description": ""},
                "404": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/paths/~1%7Bid%7D/get/responses/404/content/application~1json/schema"}}}}}}}
            """))
        #expect(Set(((imported.spec["models"] as? [String: Any]) ?? [:]).keys) == ["GetThingError"])
        #expect((imported.spec["defaults"] as? [String: Any])?["errorResponse"] as? String == "GetThingError")
    }

    /// Found on 1Password's and Ably's documents: a parameter's default (what the API takes when it
    /// is not sent, which the app's nil leaves to it) vanished without a word. Its doc comment
    /// says it, as a property's does when the spec format cannot hold its default.
    @Test func aParametersDefaultIsSaidInItsDescription() throws {
        let imported = try importing(document(version: "3.0.3", schemas: #""Limit": {"type": "integer", "default": 20}"#, paths: """
            "/activity": {"get": {"operationId": "activity", "parameters": [
              {"in": "query", "name": "limit", "description": "How many events.", "schema": {"type": "integer", "default": 50}},
              {"in": "query", "name": "direction", "schema": {"type": "string", "enum": ["forwards", "backwards"], "default": "backwards"}},
              {"in": "query", "name": "size", "schema": {"$ref": "#/components/schemas/Limit"}},
              {"in": "query", "name": "cursor", "schema": {"type": "string", "nullable": true, "default": null}},
              {"in": "header", "name": "X-Version", "schema": {"type": "string", "default": "2"}},
              {"in": "query", "name": "api-version", "required": true, "schema": {"type": "string", "const": "2024-01-01"}}],
              "responses": {"204": {"description": ""}}}}
            """))
        let endpoint = try #require(imported.endpoint("activity"))
        let query = try #require(endpoint["query"] as? [String: Any])
        #expect((query["limit"] as? [String: Any])?["description"] as? String == "How many events.\n\nDefault: `50`.")
        #expect((query["direction"] as? [String: Any])?["description"] as? String == "Default: `\"backwards\"`.")
        #expect((query["size"] as? [String: Any])?["description"] as? String == "Default: `20`.")
        #expect(query["cursor"] as? String == "String?")
        #expect(((endpoint["headers"] as? [String: Any])?["X-Version"] as? [String: Any])?["description"] as? String == "Default: `\"2\"`.")
        // A constant parameter's value is said too (found by the review: an `api-version` to guess).
        #expect((query["api-version"] as? [String: Any])?["description"] as? String == "Always `\"2024-01-01\"`.")
    }

    /// Found on Giphy's document: `create_datetime` is a `date-time` whose example (and whose
    /// API) says `2013-08-01 12:41:48`; as a `Date` every GIF failed to decode. A date whose
    /// example is in another form than the one the runtime reads and writes is a String, with
    /// a warning; one whose example fits stays a `Date`.
    @Test func aDateWhoseExampleIsInAnotherFormIsAString() throws {
        let imported = try importing(document(schemas: """
            "Gif": {"type": "object", "properties": {
              "created": {"type": "string", "format": "date-time", "example": "2013-08-01 12:41:48"},
              "noZone": {"type": "string", "format": "date-time", "examples": ["2024-05-01T10:20:30"]},
              "fine": {"type": "string", "format": "date-time", "example": "2024-05-01t10:20:30.5+02:00"},
              "plain": {"type": "string", "format": "date-time"},
              "day": {"type": "string", "format": "date", "example": "01/08/2013"},
              "goodDay": {"type": "string", "format": "date", "example": "2013-08-01"}}}
            """, paths: """
            "/gifs": {"get": {"operationId": "listGifs", "parameters": [
              {"name": "since", "in": "query", "schema": {"type": "string", "format": "date-time", "example": "yesterday"}}],
              "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Gif"}}}}}}}
            """))
        #expect(imported.type("Gif", "created") == "String?" && imported.type("Gif", "noZone") == "String?" && imported.type("Gif", "day") == "String?")
        #expect(imported.type("Gif", "fine") == "Date?" && imported.type("Gif", "plain") == "Date?")
        #expect((imported.properties("Gif")?["goodDay"] as? [String: Any])?["type"] as? String == "Date?")
        #expect((imported.endpoint("listGifs")?["query"] as? [String: String])?["since"] == "String?")
        #expect(imported.warnings.sorted() == [
            "#/components/schemas/Gif/properties/created/example: the example \"2013-08-01 12:41:48\" is not an RFC 3339 date-time (2024-05-01T10:20:30Z), the form a 'date-time' is read and sent in; the API may use its own, so this is a String",
            "#/components/schemas/Gif/properties/day/example: the example \"01/08/2013\" is not a calendar date (2024-05-01), the form a 'date' is read and sent in; the API may use its own, so this is a String",
            "#/components/schemas/Gif/properties/noZone/examples/0: the example \"2024-05-01T10:20:30\" is not an RFC 3339 date-time (2024-05-01T10:20:30Z), the form a 'date-time' is read and sent in; the API may use its own, so this is a String",
            "#/paths/~1gifs/get/parameters/0/schema/example: the example \"yesterday\" is not an RFC 3339 date-time (2024-05-01T10:20:30Z), the form a 'date-time' is read and sent in; the API may use its own, so this is a String",
        ])
    }

    /// Found by a tester on Linode's document: its 34 date-time examples are all without a zone
    /// (`2018-01-01T00:01:01`), which made those properties Strings, and its 10 date-times without
    /// an example stayed `Date`s, which failed to decode what the API sends. Where every example
    /// of the document is a date in another form, those are Strings too, with one warning; one
    /// example in RFC 3339's form, or none that is a date, leaves them `Date`s.
    @Test func dateTimesWithoutAnExampleFollowTheDocumentsForm() throws {
        let schemas = """
            "Linode": {"type": "object", "properties": {
              "created": {"type": "string", "format": "date-time", "example": "2018-01-01T00:01:01"},
              "updated": {"type": "string", "format": "date-time", "examples": ["2018-01-02 00:01:01"]},
              "plain": {"type": "string", "format": "date-time"},
              "day": {"type": "string", "format": "date"}}}
            """
        let paths = """
            "/linodes": {"get": {"operationId": "listLinodes", "parameters": [{"name": "since", "in": "query", "schema": {"type": "string", "format": "date-time"}}],
              "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"type": "object", "properties": {"at": {"type": "string", "format": "date-time"}}}}}}}}}
            """
        let imported = try importing(document(schemas: schemas, paths: paths))
        #expect(imported.type("Linode", "plain") == "String?" && imported.type("ListLinodesResponse", "at") == "String?")
        #expect((imported.properties("Linode")?["day"] as? [String: Any])?["type"] as? String == "Date?", "a calendar date is another matter")
        #expect(imported.warnings.count == 3, "\(imported.warnings)")
        #expect(imported.warnings.contains(
            "#/components/schemas/Linode/properties/created/example: the document's date-time examples (2, this one first) are all dates in "
                + "another form than RFC 3339's (2024-05-01T10:20:30Z): the API most likely writes every date so, and its date-times without "
                + "an example are Strings too"))

        let mixed = try importing(document(schemas: schemas.replacingOccurrences(of: "\"format\": \"date\"}", with: "\"format\": \"date-time\", \"example\": \"2018-01-01T00:01:01Z\"}"), paths: paths))
        #expect(mixed.type("Linode", "plain") == "Date?" && mixed.type("ListLinodesResponse", "at") == "Date?" && mixed.type("Linode", "day") == "Date?")
        #expect(mixed.type("Linode", "created") == "String?" && mixed.warnings.count == 2, "each example that is not RFC 3339's, as before")

        let placeholders = try importing(document(schemas: """
            "Thing": {"type": "object", "properties": {"at": {"type": "string", "format": "date-time", "example": "string"}, "plain": {"type": "string", "format": "date-time"}}}
            """))
        #expect(placeholders.type("Thing", "at") == "String?" && placeholders.type("Thing", "plain") == "Date?", "no date: nothing said of the form")
        // Found by the review: one example, or a date without a time, is as likely a slip.
        let one = try importing(document(schemas: """
            "Thing": {"type": "object", "properties": {"at": {"type": "string", "format": "date-time", "example": "2018-01-01T00:01:01"},
              "born": {"type": "string", "format": "date-time", "example": "1990-05-01"}, "plain": {"type": "string", "format": "date-time"}}}
            """))
        #expect(one.type("Thing", "plain") == "Date?" && one.warnings.count == 2)
    }

    /// Found by a tester on Linode's document: `price.hourly` is an `integer` whose example is
    /// `0.03`, as the API sends it; as an `Int` every price failed to decode. An integer whose
    /// example has a fraction is a `Double`, with a warning; `2.0` and `1e3` are integers.
    @Test func anIntegerWhoseExampleHasAFractionIsADouble() throws {
        let imported = try importing(document(schemas: """
            "Price": {"type": "object", "properties": {
              "hourly": {"type": "integer", "example": 0.03},
              "monthly": {"type": "integer", "format": "int64", "examples": [2.5e0]},
              "whole": {"type": "integer", "example": 2.0},
              "big": {"type": "integer", "example": 1e3},
              "plain": {"type": "integer", "example": 5}}}
            """))
        #expect(imported.type("Price", "hourly") == "Double?" && imported.type("Price", "monthly") == "Double?")
        #expect(imported.type("Price", "whole") == "Int?" && imported.type("Price", "big") == "Int?" && imported.type("Price", "plain") == "Int?")
        #expect(imported.warnings.sorted() == [
            "#/components/schemas/Price/properties/hourly/example: the example 0.03 is not an integer; the API may send fractions, so this is a Double",
            "#/components/schemas/Price/properties/monthly/examples/0: the example 2.5e0 is not an integer; the API may send fractions, so this is a Double",
        ])
    }

    /// Found on SpaceTraders' document (`required: [route, cooldown]` beside `nav` and
    /// `cooldown`) and in OpenAI's (`call_id`, `request_id`, `response_id`): a required key that
    /// no property declares was left out without a word. It gets a warning, once for a schema
    /// several models read; a key that a base, a part, additional properties or a schema that
    /// extends it (a response's inline one too, found by the review) hold does not.
    @Test func aRequiredKeyThatNoPropertyDeclaresIsSaid() throws {
        let imported = try importing(document(schemas: """
            "Jump": {"type": "object", "required": ["route", "cooldown"], "properties": {"nav": {"type": "string"}, "cooldown": {"type": "integer"}}},
            "Base": {"type": "object", "properties": {"id": {"type": "string"}}},
            "Child": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object", "required": ["id", "name"], "properties": {"name": {"type": "string"}}}]},
            "Open": {"type": "object", "required": ["anything"], "properties": {"a": {"type": "string"}}, "additionalProperties": {"type": "string"}},
            "Shared": {"type": "object", "required": ["ghost"], "properties": {"a": {"type": "string"}}},
            "One": {"allOf": [{"$ref": "#/components/schemas/Shared"}, {"type": "object", "properties": {"b": {"type": "string"}}}]},
            "Two": {"allOf": [{"$ref": "#/components/schemas/Shared"}, {"type": "object", "properties": {"c": {"type": "string"}}}]},
            "Paging": {"type": "object", "required": ["items", "total"], "properties": {"total": {"type": "integer"}}}
            """, paths: """
            "/p": {"get": {"operationId": "listP", "responses": {"200": {"description": "", "content": {"application/json": {"schema":
              {"allOf": [{"$ref": "#/components/schemas/Paging"}, {"type": "object", "properties": {"items": {"type": "array", "items": {"type": "string"}}}}]}}}}}}}
            """))
        #expect(imported.warnings.sorted() == [
            "#/components/schemas/Jump/required: 'route' is required, but no property declares it, so the model has no such property",
            "#/components/schemas/Shared/required: 'ghost' is required, but no property declares it, so the model has no such property",
        ])
        #expect(imported.type("Jump", "nav") == "String?" && imported.type("Jump", "cooldown") == "Int")
    }

    /// Found on Mux's document: `deprecated: true` on a property (`per_title_encode`, which has
    /// no description) or a parameter was dropped, so nothing said it. The spec format deprecates
    /// endpoints; a model's, a property's and a parameter's doc comment says it, once.
    @Test func aDeprecatedSchemaOrParameterSaysSo() throws {
        let imported = try importing(document(schemas: """
            "Asset": {"type": "object", "properties": {
              "per_title_encode": {"type": "boolean", "deprecated": true},
              "low_latency": {"type": "boolean", "deprecated": true, "description": "Deprecated. Use latency_mode."},
              "mode": {"type": "string", "deprecated": true, "description": "The mode."},
              "plain": {"$ref": "#/components/schemas/Plain", "deprecated": true},
              "other": {"type": "string", "deprecated": true, "description": "Use the non-deprecated field instead."}}},
            "Plain": {"type": "string", "description": "A plain one."},
            "Old": {"type": "object", "deprecated": true, "description": "An old one.", "properties": {"a": {"type": "string"}}}
            """, paths: """
            "/assets": {"get": {"operationId": "listAssets", "parameters": [
              {"name": "order", "in": "query", "deprecated": true, "schema": {"type": "string"}}],
              "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Asset"}}}}}}}
            """))
        let asset = try #require(imported.properties("Asset"))
        #expect(NSDictionary(dictionary: asset["perTitleEncode"] as? [String: Any] ?? [:]) == ["type": "Bool?", "description": "Deprecated."])
        #expect((asset["lowLatency"] as? [String: Any])?["description"] as? String == "Deprecated. Use latency_mode.")
        #expect((asset["mode"] as? [String: Any])?["description"] as? String == "The mode.\n\nDeprecated.")
        // Found by the review: a reference's description stays, and another field's name is no word of its own.
        #expect((asset["plain"] as? [String: Any])?["description"] as? String == "A plain one.\n\nDeprecated.")
        #expect((asset["other"] as? [String: Any])?["description"] as? String == "Use the non-deprecated field instead.\n\nDeprecated.")
        #expect(imported.model("Old")?["description"] as? String == "An old one.\n\nDeprecated.")
        #expect(((imported.endpoint("listAssets")?["query"] as? [String: Any])?["order"] as? [String: Any])?["description"] as? String == "Deprecated.")
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    }

    /// Found on AppVeyor's document. A body of bytes offered as JSON too (`application/json:
    /// {type: string, format: binary}` beside `text/plain`) went as a JSON string of base64, so
    /// the server got `"dmVyc2lvbj…"` instead of the YAML; and a response whose JSON says nothing
    /// of itself (`application/json: {}`) beside images (a status badge) or a file (a build log)
    /// was decoded as JSON and failed. Both are the content as it is, of the other media type;
    /// bytes offered as JSON alone go as bytes of that type. JSON with a schema stays JSON.
    @Test func bytesOfferedAsJSONTooAreSentAndReadAsTheyAre() throws {
        let imported = try importing(document(paths: """
            "/settings": {"put": {"operationId": "putSettings", "requestBody": {"required": true, "content": {
                "text/plain": {"schema": {"type": "string", "format": "binary"}},
                "application/json": {"schema": {"type": "string", "format": "binary"}}}}, "responses": {"204": {"description": ""}}}},
            "/raw": {"put": {"operationId": "putRaw", "requestBody": {"required": true, "content": {
                "application/json": {"schema": {"type": "string", "format": "binary"}}}}, "responses": {"204": {"description": ""}}}},
            "/badge": {"get": {"operationId": "badge", "responses": {"200": {"description": "", "content": {
                "image/svg+xml": {}, "image/png": {}, "application/json": {}, "application/xml": {}}}}}},
            "/log": {"get": {"operationId": "log", "responses": {"200": {"description": "", "content": {
                "application/octet-stream": {}, "application/json": {"schema": {"type": "string", "format": "binary"}}}}}}},
            "/typed": {"get": {"operationId": "typed", "responses": {"200": {"description": "", "content": {
                "text/plain": {"schema": {"type": "string"}}, "application/json": {"schema": {"type": "object", "properties": {"a": {"type": "string"}}}}}}}}},
            "/qr": {"post": {"operationId": "qrCode", "responses": {"200": {"description": "", "content": {
                "application/json": {"schema": {"type": "string", "format": "binary"}}}}, "204": {"description": ""}}}},
            "/loose": {"get": {"operationId": "loose", "responses": {"200": {"description": "", "content": {"application/json": {}}}}}},
            "/range": {"get": {"operationId": "range", "responses": {"200": {"description": "", "content": {"application/json": {}, "*/*": {}}}}}},
            "/pdf": {"get": {"operationId": "pdf", "responses": {"200": {"description": "", "content": {"application/pdf": {"schema": {"type": "string", "format": "binary"}}}}}}},
            "/image": {"get": {"operationId": "image", "responses": {"200": {"description": "", "content": {"image/png": {}, "image/*": {}}}}}},
            "/csv": {"get": {"operationId": "csv", "responses": {"200": {"description": "", "content": {"text/csv": {}, "application/zip": {}}}}}},
            "/markdown": {"post": {"operationId": "markdown", "responses": {"200": {"description": "", "content": {
                "application/json": {"schema": {"type": "string"}}, "text/html": {"schema": {"type": "string"}}}}}}},
            "/token": {"get": {"operationId": "token", "responses": {"200": {"description": "", "content": {
                "application/json": {"schema": {"type": "string", "format": "uuid"}}, "text/plain": {"schema": {"type": "string"}}}}}}},
            "/invoice": {"get": {"operationId": "invoice", "responses": {"200": {"description": "", "content": {"application/pdf": {}}},
              "4XX": {"description": "", "content": {"application/json": {"schema": {"type": "object", "properties": {"title": {"type": "string"}}}}}}}}},
            "/receipt": {"get": {"operationId": "receipt", "responses": {"200": {"description": "", "content": {"application/pdf": {}}},
              "default": {"description": "", "content": {"application/problem+json": {"schema": {"type": "object", "properties": {"title": {"type": "string"}}}}}}}}},
            "/chat": {"post": {"operationId": "chat", "responses": {"200": {"description": "", "content": {
                "application/json": {"schema": {"type": "string"}}, "text/plain": {"schema": {"type": "string"}}, "text/event-stream": {"schema": {"type": "string"}}}}}}},
            "/fail": {"get": {"operationId": "fail", "responses": {"204": {"description": ""}, "400": {"description": "", "content": {
                "application/json": {"schema": {"type": "string"}}, "text/plain": {"schema": {"type": "string"}}}}}}}
            """))
        #expect(imported.endpoint("putSettings")?["body"] as? [String: String] == ["type": "Upload", "contentType": "text/plain"])
        #expect(imported.endpoint("putRaw")?["body"] as? [String: String] == ["type": "Upload", "contentType": "application/json"])
        #expect(imported.endpoint("badge")?["response"] as? String == "Data")
        #expect(imported.endpoint("log")?["response"] as? String == "Data")
        // Found by a tester on Neutrino's QR codes: bytes offered as JSON alone are the bytes too.
        #expect(imported.endpoint("qrCode")?["response"] as? String == "Data", "beside a 204 too: empty bytes, not an optional JSON")
        #expect(imported.endpoint("typed")?["response"] as? String == "TypedResponse")
        #expect(imported.endpoint("loose")?["response"] as? String == "JSON", "JSON alone stays JSON")
        #expect(imported.endpoint("range")?["response"] as? String == "JSON", "a media range says nothing of the content (found by the review)")
        // Found by a tester on Plaid's PDF reports: bytes and text ask for the media types the
        // document offers that are read so, not `*/*`; a range among them asks for any.
        #expect(imported.endpoint("badge")?["accept"] as? String == "image/svg+xml, image/png", "XML is text, not these bytes")
        #expect(imported.endpoint("log")?["accept"] as? String == "application/octet-stream")
        #expect(imported.endpoint("pdf")?["accept"] as? String == "application/pdf")
        #expect(imported.endpoint("image")?["response"] as? String == "Data" && imported.endpoint("image")?["accept"] == nil)
        #expect(imported.endpoint("csv")?["response"] as? String == "String" && imported.endpoint("csv")?["accept"] as? String == "text/csv")
        // Found by a tester on Gitea's `/markdown`: a JSON string beside text is the text (HTML,
        // here), which the JSON form failed to decode; a string of a format stays JSON.
        #expect(imported.endpoint("markdown")?["response"] as? String == "String" && imported.endpoint("markdown")?["accept"] as? String == "text/html")
        #expect(imported.endpoint("token")?["response"] as? String == "JSON")
        // Found by the review: an error body of JSON is asked for too, less preferred, for a
        // server that picks by `Accept` and would answer the error without it.
        #expect(imported.endpoint("invoice")?["accept"] as? String == "application/pdf, application/json;q=0.5")
        #expect(imported.endpoint("receipt")?["accept"] as? String == "application/pdf, application/problem+json;q=0.5", "the error's own media type")
        // Found by the second review: text over a JSON string is for a success alone; beside a
        // stream the JSON stays, with its streamed twin, and an error body stays JSON.
        #expect(imported.endpoint("chat")?["response"] as? String == "JSON" && imported.endpoint("chatStream") != nil)
        #expect(imported.endpoint("fail")?["errorResponse"] as? String == "JSON")
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    }

    /// Found by a tester on Keycloak's document: a `text/plain` body of `type: string` was an
    /// upload the app filled with bytes. It is a String; bytes (`format: binary`) and a body
    /// without a schema stay uploads.
    @Test func aTextBodyOfAStringIsAString() throws {
        let imported = try importing(document(paths: """
            "/a": {"put": {"operationId": "putText", "requestBody": {"content": {"text/plain": {"schema": {"type": "string"}}}}, "responses": {"204": {"description": ""}}}},
            "/b": {"put": {"operationId": "putBytes", "requestBody": {"required": true, "content": {"text/plain": {"schema": {"type": "string", "format": "binary"}}}}, "responses": {"204": {"description": ""}}}},
            "/c": {"put": {"operationId": "putCSV", "requestBody": {"required": true, "content": {"text/csv": {}}}, "responses": {"204": {"description": ""}}}},
            "/d": {"put": {"operationId": "putAnyText", "requestBody": {"required": true, "content": {"text/*": {"schema": {"type": "string"}}}}, "responses": {"204": {"description": ""}}}},
            "/e": {"put": {"operationId": "putLatin", "requestBody": {"required": true, "content": {"text/plain; charset=iso-8859-1": {"schema": {"type": "string"}}}}, "responses": {"204": {"description": ""}}}},
            "/f": {"put": {"operationId": "putXML", "requestBody": {"required": true, "content": {"text/xml": {"schema": {"type": "string"}}}}, "responses": {"204": {"description": ""}}}}
            """))
        #expect(imported.endpoint("putText")?["body"] as? [String: String] == ["type": "String?", "contentType": "text/plain"])
        #expect(imported.endpoint("putBytes")?["body"] as? [String: String] == ["type": "Upload", "contentType": "text/plain"])
        #expect(imported.endpoint("putCSV")?["body"] as? [String: String] == ["type": "Upload", "contentType": "text/csv"])
        // Found by the second review: a range names no type to send text as, another charset would
        // mislabel UTF-8, and `text/xml` text is no upload (and gets no warning that it is).
        #expect(imported.endpoint("putAnyText")?["body"] as? [String: String] == ["type": "Upload", "contentType": "text/*"])
        #expect(imported.endpoint("putLatin")?["body"] as? [String: String] == ["type": "Upload", "contentType": "text/plain; charset=iso-8859-1"])
        #expect(imported.endpoint("putXML")?["body"] as? [String: String] == ["type": "String", "contentType": "text/xml"])
        let files = Generator.generate(specText: imported.text, specPath: "spec.json").files
        #expect(files.contains { $0.contents.contains(#"request.setTextBody(body, contentType: "text/plain; charset=utf-8")"#) })
    }

    /// Found by a tester on Codat's document: bytes of `multipart/form-data` (a schema that is
    /// no object of fields) went as an upload labelled `multipart/form-data` without the boundary
    /// only the app's bytes know; and an upload of `image/*` as `application/octet-stream`. Both
    /// keep their type, and the endpoint takes the app's (`contentType`); `*/*` says nothing.
    @Test func anUploadOfARangeOrOfFormBytesTakesTheAppsContentType() throws {
        let imported = try importing(document(paths: """
            "/att": {"post": {"operationId": "attach", "requestBody": {"required": true, "content": {
                "multipart/form-data": {"schema": {"type": "string", "format": "binary"}}}}, "responses": {"204": {"description": ""}}}},
            "/avatar": {"put": {"operationId": "putAvatar", "parameters": [{"name": "content_type", "in": "query", "schema": {"type": "string"}}],
                "requestBody": {"required": true, "content": {
                "image/*": {"schema": {"type": "string", "format": "binary"}}}}, "responses": {"204": {"description": ""}}}},
            "/any": {"put": {"operationId": "putAny", "requestBody": {"required": true, "content": {
                "*/*": {"schema": {"type": "string", "format": "binary"}}}}, "responses": {"204": {"description": ""}}}}
            """))
        #expect(imported.endpoint("attach")?["body"] as? [String: String] == ["type": "Upload", "contentType": "multipart/form-data"])
        #expect(imported.endpoint("putAvatar")?["body"] as? [String: String] == ["type": "Upload", "contentType": "image/*"])
        #expect(imported.endpoint("putAny")?["body"] as? String == "Upload")
        // Found by the review: a parameter that would take the name gives way, as one named `progress` does.
        #expect((imported.endpoint("putAvatar")?["query"] as? [String: Any])?["content_type"] as? [String: String]
                == ["type": "String?", "swiftName": "contentTypeParameter"])
        #expect(imported.warnings == [
            "#/paths/~1att/post/requestBody/content/multipart~1form-data: a 'multipart/form-data' body whose schema is not an object of fields is sent as bytes the app encodes, with the content type it gives (and the boundary its bytes use)",
        ], "\(imported.warnings)")
        let files = Generator.generate(specText: imported.text, specPath: "spec.json").files
        func endpoint(_ name: String) -> String { files.first { $0.path.hasSuffix("/\(name)Endpoint.swift") }?.contents ?? "" }
        #expect(endpoint("Attach").contains("request.setUploadBody(upload, contentType: contentType, progress: progress)"))
        #expect(endpoint("PutAvatar").contains("request.setUploadBody(upload, contentType: contentType, progress: progress)"))
        #expect(endpoint("PutAny").contains("request.setUploadBody(upload, contentType: \"application/octet-stream\", progress: progress)"))
    }

    /// Found by the review of the AppVeyor fix: bytes offered as JSON beside a form alone went as
    /// an upload labelled JSON, not as the form whose file was meant; and 3.1's way of saying
    /// bytes (`contentMediaType` without an encoding) was read as a JSON string, under a media
    /// range as text.
    @Test func bytesOfferedAsJSONBesideAFormAreTheFormAndContentMediaTypeIsBytes() throws {
        let imported = try importing(document(paths: """
            "/files": {"post": {"operationId": "uploadFile", "requestBody": {"required": true, "content": {
                "application/json": {"schema": {"type": "string", "format": "binary"}},
                "multipart/form-data": {"schema": {"type": "object", "properties": {"file": {"type": "string", "format": "binary"}}}}}},
                "responses": {"204": {"description": ""}}}},
            "/image": {"put": {"operationId": "putImage", "requestBody": {"required": true, "content": {
                "application/json": {"schema": {"type": "string", "contentMediaType": "image/png"}}, "image/png": {}}},
                "responses": {"200": {"description": "", "content": {"*/*": {"schema": {"type": "string", "contentMediaType": "application/octet-stream"}}}}}}},
            "/encoded": {"put": {"operationId": "putEncoded", "requestBody": {"required": true, "content": {
                "application/json": {"schema": {"type": "string", "contentMediaType": "image/png", "contentEncoding": "base64"}}, "image/png": {}}},
                "responses": {"200": {"description": "", "content": {"*/*": {"schema": {"type": "string", "contentMediaType": "text/html"}}}}}}}
            """))
        #expect(imported.endpoint("uploadFile")?["body"] as? [String: String] == ["type": "UploadFileRequest", "encoding": "multipart"])
        #expect(imported.model("UploadFileRequest")?["properties"] as? [String: String] == ["file": "File?"])
        #expect(imported.endpoint("putImage")?["body"] as? [String: String] == ["type": "Upload", "contentType": "image/png"])
        #expect(imported.endpoint("putImage")?["response"] as? String == "Data", "bytes under a media range are Data, not text")
        // With an encoding the JSON string is base64 text; beside the bytes themselves (`image/png`)
        // the bytes are sent, as for `format: byte` (Box's upload of a part).
        #expect(imported.endpoint("putEncoded")?["body"] as? [String: String] == ["type": "Upload", "contentType": "image/png"])
        #expect(imported.endpoint("putEncoded")?["response"] as? String == "String", "HTML is text")
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    }

    /// Found by a tester: springdoc (Spring's OpenAPI writer) gives every operation `*/*`, and the
    /// import read such a response as bytes and such a body as an upload, dropping the schema
    /// they name. A media range whose schema describes data is JSON; one of bytes stays bytes.
    @Test func aMediaRangeWithASchemaOfDataIsJSON() throws {
        /// A response (or body, `required`) of one media type and schema.
        func content(_ type: String, _ schema: String, required: Bool = false) -> String {
            #"{"description": "", \#(required ? #""required": true, "# : "")"content": {"\#(type)": {"schema": \#(schema)}}}"#
        }
        let pet = ##"{"$ref": "#/components/schemas/Pet"}"##
        let problem = ##"{"$ref": "#/components/schemas/Problem"}"##
        let imported = try importing(document(
            schemas: #""Pet": {"type": "object", "properties": {"name": {"type": "string"}}}, "Problem": {"type": "object", "properties": {"detail": {"type": "string"}}}"#,
            paths: """
            "/pets": {"post": {"operationId": "addPet", "requestBody": \(content("*/*", pet, required: true)),
                               "responses": {"200": \(content("application/*", pet)), "400": \(content("*/*", problem))}}},
            "/pets/{id}": {"parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
              "get": {"operationId": "getPet", "responses": {"200": \(content("*/*", pet)), "204": {"description": ""}}}},
            "/photo": {"get": {"operationId": "photo", "responses": {"200": \(content("*/*", #"{"type": "string", "format": "binary"}"#))}}},
            "/hello": {"get": {"operationId": "hello", "responses": {"200": \(content("*/*", #"{"type": "string"}"#))}}},
            "/say": {"post": {"operationId": "say", "requestBody": \(content("*/*", #"{"type": "string"}"#, required: true)),
                              "responses": {"204": {"description": ""}}}}
            """))
        let add = try #require(imported.endpoint("addPet"))
        #expect(add["body"] as? String == "Pet")
        #expect(add["response"] as? String == "Pet")
        #expect(add["accept"] == nil && add["contentType"] == nil)
        #expect(add["errorResponse"] as? String == "Problem")
        #expect(imported.endpoint("getPet")?["response"] as? String == "Pet?")
        #expect(imported.endpoint("photo")?["response"] as? String == "Data")
        // Found by the review: a string under a media range is Spring's `String` written as it is, text.
        #expect(imported.endpoint("hello")?["response"] as? String == "String")
        // A media range is no content type to send (found by the second review): the upload's own is.
        #expect(imported.endpoint("say")?["body"] as? String == "Upload")
    }

    /// Found on Vonage's document: a constant (`provider: {enum: [email]}`, required) became a bare
    /// `String`, and its one value was nowhere, so the app had to guess what to send. A required
    /// constant is its own default; every constant's doc comment says it. An optional one gets no
    /// default, which would read an absent value as present.
    @Test func aConstantIsSaidAndIsTheDefaultOfARequiredProperty() throws {
        let imported = try importing(document(schemas: """
            "Register": {"type": "object", "required": ["provider", "version", "kind", "tag"], "properties": {
              "provider": {"type": "string", "enum": ["email"]}, "version": {"const": 2},
              "kind": {"type": ["string", "null"], "enum": ["sms", null]}, "tag": {"type": "string", "enum": ["x"], "default": "x"},
              "channel": {"type": "string", "enum": ["push"]}}}
            """))
        let register = try #require(imported.properties("Register"))
        #expect(NSDictionary(dictionary: register["provider"] as? [String: Any] ?? [:])
                == ["type": "String", "default": "email", "description": "Always `\"email\"`."])
        #expect(NSDictionary(dictionary: register["version"] as? [String: Any] ?? [:]) == ["type": "Int", "default": 2, "description": "Always `2`."])
        #expect(NSDictionary(dictionary: register["kind"] as? [String: Any] ?? [:])
                == ["type": "String?", "required": true, "description": "Always `\"sms\"` when not null."])
        #expect(NSDictionary(dictionary: register["tag"] as? [String: Any] ?? [:]) == ["type": "String", "default": "x", "description": "Always `\"x\"`."])
        #expect(NSDictionary(dictionary: register["channel"] as? [String: Any] ?? [:]) == ["type": "String?", "description": "Always `\"push\"`."])
    }

    /// Left from the real documents' review: a Boolean or fractional constant (`{const: true}`,
    /// `{enum: [false]}`, `{const: 1.5}`) was a bare `Bool` or `Double`, its value said nowhere,
    /// as string and whole-number constants were before. They are said and defaulted the same way.
    @Test func booleanAndFractionalConstantsAreSaidToo() throws {
        let imported = try importing(document(schemas: """
            "Flags": {"type": "object", "required": ["stream", "strict", "ratio"], "properties": {
              "stream": {"type": "boolean", "const": true}, "strict": {"type": "boolean", "enum": [false]},
              "ratio": {"type": "number", "const": 1.5}, "scale": {"type": "number", "enum": [0.25]},
              "mixed": {"enum": [true, false]}}}
            """))
        let flags = try #require(imported.properties("Flags"))
        #expect(NSDictionary(dictionary: flags["stream"] as? [String: Any] ?? [:]) == ["type": "Bool", "default": true, "description": "Always `true`."])
        #expect(NSDictionary(dictionary: flags["strict"] as? [String: Any] ?? [:]) == ["type": "Bool", "default": false, "description": "Always `false`."])
        #expect(NSDictionary(dictionary: flags["ratio"] as? [String: Any] ?? [:]) == ["type": "Double", "default": 1.5, "description": "Always `1.5`."])
        #expect(NSDictionary(dictionary: flags["scale"] as? [String: Any] ?? [:]) == ["type": "Double?", "description": "Always `0.25`."])
        // Two values are no constant.
        #expect(flags["mixed"] as? String == "Bool?")
    }

    /// Found on Twitter's document: `Media` is an object with a discriminator (`type`), which
    /// `Photo`, `Video` and `AnimatedGif` extend through `allOf`, the way Java's polymorphic
    /// types are described. It was read as itself, with a warning, so a photo in a response
    /// decoded as a `Media` and its `url` and `alt_text` were lost. It is now a tagged union of
    /// the schemas that extend it (the mapping's, then the others by their keys), which read its
    /// properties in place; one that does not require the discriminator stays an object.
    static let polymorphicMedia = """
        {"openapi": "3.0.3", "info": {"title": "Test", "version": "1"},
         "paths": {"/media": {"get": {"operationId": "listMedia", "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Media"}}}}}}}}},
         "components": {"schemas": {
           "Media": {"type": "object", "description": "A media item.", "required": ["type", "media_key"],
                     "properties": {"type": {"type": "string"}, "media_key": {"type": "string"}, "height": {"type": "integer"}, "state": {"enum": ["ok", "gone"]}},
                     "discriminator": {"propertyName": "type", "mapping": {"photo": "#/components/schemas/Photo", "video": "#/components/schemas/Video"}}},
           "Photo": {"allOf": [{"$ref": "#/components/schemas/Media"}, {"type": "object", "properties": {"url": {"type": "string"}, "alt_text": {"type": "string"}}}]},
           "Video": {"allOf": [{"$ref": "#/components/schemas/Media"}, {"type": "object", "properties": {"duration_ms": {"type": "integer"}}}]},
           "AnimatedGif": {"allOf": [{"$ref": "#/components/schemas/Media"}, {"type": "object", "properties": {"preview": {"type": "string"}}}]},
           "Loose": {"type": "object", "properties": {"kind": {"type": "string"}}, "discriminator": {"propertyName": "kind"}},
           "Tight": {"allOf": [{"$ref": "#/components/schemas/Loose"}, {"type": "object", "properties": {"x": {"type": "integer"}}}]},
           "Node": {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string"}}, "discriminator": {"propertyName": "kind", "mapping": {"node": "#/components/schemas/Node", "leaf": "#/components/schemas/Leaf"}}},
           "Leaf": {"allOf": [{"$ref": "#/components/schemas/Node"}, {"type": "object", "properties": {"value": {"type": "integer"}}}]},
           "Animal": {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string"}}, "discriminator": {"propertyName": "kind"}},
           "Mammal": {"allOf": [{"$ref": "#/components/schemas/Animal"}, {"type": "object", "properties": {"fur": {"type": "boolean"}}}]},
           "Cat": {"allOf": [{"$ref": "#/components/schemas/Mammal"}, {"type": "object", "properties": {"indoor": {"type": "boolean"}}}]},
           "Numbered": {"type": "object", "required": ["code"], "properties": {"code": {"type": "integer"}}, "discriminator": {"propertyName": "code"}},
           "One": {"allOf": [{"$ref": "#/components/schemas/Numbered"}, {"type": "object", "properties": {"a": {"type": "string"}}}]},
           "Holder": {"type": "object", "properties": {"media": {"$ref": "#/components/schemas/Media"}, "loose": {"$ref": "#/components/schemas/Loose"}, "node": {"$ref": "#/components/schemas/Node"},
                      "animal": {"$ref": "#/components/schemas/Animal"}, "numbered": {"$ref": "#/components/schemas/Numbered"}}}}}}
        """

    @Test func anObjectWithADiscriminatorThatSchemasExtendIsATaggedUnionOfThem() throws {
        let imported = try importing(Self.polymorphicMedia)
        let media = try #require(imported.model("Media"))
        #expect(media["oneOf"] as? [String] == ["Photo", "Video", "AnimatedGif"])
        #expect(media["discriminator"] as? String == "type")
        #expect(media["mapping"] as? [String: String] == ["photo": "Photo", "video": "Video", "AnimatedGif": "AnimatedGif"])
        #expect(media["description"] as? String == "A media item.")
        #expect(imported.model("Photo")?["allOf"] == nil)
        #expect((imported.properties("Photo") ?? [:]).keys.sorted() == ["altText", "height", "mediaKey", "state", "type", "url"])
        // Its inline enum is named after it, as when it was read as itself (found by the review).
        #expect(imported.type("Photo", "state") == "MediaState?" && imported.type("Video", "state") == "MediaState?")
        // A schema that extends one that extends it is a member too, by its key (found by the review).
        #expect(imported.model("Animal")?["oneOf"] as? [String] == ["Mammal", "Cat"])
        #expect(imported.model("Animal")?["mapping"] as? [String: String] == ["Mammal": "Mammal", "Cat": "Cat"])
        #expect(imported.model("Cat")?["allOf"] as? [String] == ["Mammal"])
        // A discriminator that is not a string makes no tagged union: an object, as before (found by the review).
        #expect(imported.model("Numbered")?["properties"] != nil && imported.model("One")?["allOf"] as? [String] == ["Numbered"])
        #expect(imported.type("Holder", "media") == "Media?")
        // `Loose` does not require `kind`, which a tagged union needs: an object, as before.
        #expect(imported.model("Loose")?["properties"] != nil && imported.model("Tight")?["allOf"] as? [String] == ["Loose"])
        // `Node`'s mapping names `Node` itself, objects of its own kind, which a union named `Node` cannot hold: an object too.
        #expect(imported.model("Node")?["properties"] != nil && imported.model("Leaf")?["allOf"] as? [String] == ["Node"])
        #expect(imported.warnings.count == 3 && imported.warnings.allSatisfy { warning in
            ["Loose", "Node", "Numbered"].contains { warning.hasPrefix("#/components/schemas/\($0)/discriminator: ") }
        }, "\(imported.warnings)")
    }

    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func aPolymorphicBaseDecodesEachKindAsItself() async throws {
        let imported = try importing(Self.polymorphicMedia)
        func property(_ name: String, _ key: String, _ type: RandomType) -> RandomProperty {
            RandomProperty(specName: name, swiftName: name, key: key, type: type, effectiveType: type, defaultValue: nil, dateStrategy: nil)
        }
        let base = [property("type", "type", .string), property("mediaKey", "media_key", .string), property("height", "height", .optional(.int))]
        let models = [
            RandomModel(name: "Media", kind: .union([
                RandomUnionMember(caseName: nil, type: .model("Photo"), tags: ["photo"]),
                RandomUnionMember(caseName: nil, type: .model("Video"), tags: ["video"]),
                RandomUnionMember(caseName: nil, type: .model("AnimatedGif"), tags: ["AnimatedGif"]),
            ], discriminator: "type")),
            RandomModel(name: "Photo", kind: .structure(base + [property("url", "url", .optional(.string)), property("altText", "alt_text", .optional(.string))])),
            RandomModel(name: "Video", kind: .structure(base + [property("durationMs", "duration_ms", .optional(.int))])),
            RandomModel(name: "AnimatedGif", kind: .structure(base + [property("preview", "preview", .optional(.string))])),
        ]
        let instances: [(model: String, json: FuzzJSON)] = try [
            ("Media", #"{"type": "photo", "media_key": "3_1", "url": "https://pbs.example.com/a.jpg", "alt_text": "a cat", "height": 800}"#),
            ("Media", #"{"type": "video", "media_key": "7_1", "duration_ms": 12000}"#),
            ("Media", #"{"type": "AnimatedGif", "media_key": "16_1", "preview": "https://pbs.example.com/p.jpg"}"#),
        ].map { ($0.0, FuzzJSON(try JSONParser.parse($0.1))) }
        let spec = RandomSpec(index: 0, seed: 0, spec: FuzzJSON(try JSONParser.parse(imported.text)), models: models, instances: instances)
        try await RandomSpecTests.compileAndRoundTrip(spec, options: GeneratorOptions(layout: .split), label: "polymorphic media", replay: "")
    }

    /// Found by a tester on Box's document: `/files/{file_id}#add_shared_link` (four operations
    /// on one path, told apart by a fragment) went out as `/files/123%23add_shared_link`; a tag
    /// `""` (Bungie's) made a resource `Value`; `allOf: [Base, {additionalProperties: …}]` lost
    /// the keys a metadata template holds ("not an object"); and a filter of numbers was said
    /// to take every filter of dates.
    @Test func whatBoxAndBungieSaidIsRead() throws {
        let imported = try importing(document(
            version: "3.0.3",
            schemas: """
            "Base": {"type": "object", "properties": {"id": {"type": "string"}}},
            "Metadata": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object", "additionalProperties": {"type": "string"}}]},
            "Filter": {"type": "object", "properties": {"filters": {"anyOf": [
              {"type": "object", "additionalProperties": {"type": "object", "properties": {"gt": {"type": "number"}}}},
              {"type": "object", "additionalProperties": {"type": "object", "properties": {"gt": {"type": "string", "format": "date-time"}}}}]}}}
            """,
            paths: """
            "/files/{id}#add_link": {"put": {"operationId": "addLink", "tags": ["Files"], "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
              "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Metadata"}}}}}}},
            "/filter": {"post": {"operationId": "filter", "tags": ["Files"], "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Filter"}}}}}}},
            "/overrides": {"get": {"operationId": "overrides", "tags": [""], "responses": {"204": {"description": ""}}}},
            "/part": {"put": {"operationId": "uploadPart", "tags": ["Files"], "requestBody": {"required": true, "content": {
              "application/octet-stream": {"schema": {"type": "string", "format": "byte"}}, "application/json": {"schema": {"type": "string", "format": "byte"}}}},
              "responses": {"204": {"description": ""}}}},
            "/base64": {"put": {"operationId": "base64", "tags": ["Files"], "requestBody": {"required": true, "content": {
              "application/json": {"schema": {"type": "string", "format": "byte"}}}}, "responses": {"204": {"description": ""}}}}
            """))
        #expect(imported.endpoint("addLink")?["path"] as? String == "/files/{id}")
        // Base64 in JSON beside the bytes themselves: the bytes (a JSON string of base64 alone stays one).
        #expect(imported.endpoint("uploadPart")?["body"] as? String == "Upload")
        #expect(imported.endpoint("base64")?["body"] as? String == "Data")
        #expect(imported.endpoints("Test").map { $0["name"] as? String } == ["overrides"], "the API's own resource")
        #expect(imported.model("Metadata")?["additionalProperties"] as? String == "String")
        #expect(imported.model("Metadata")?["allOf"] as? [String] == ["Base"])
        #expect(imported.warnings == [
            "#/paths/~1files~1{id}#add_link: '#add_link' is a URL fragment, which a request does not send; the path is '/files/{id}'",
            "#/paths/~1overrides/get/tags/0: the tag '' names nothing; its operations are imported into another tag's resource or the API's own",
        ], "no member of the filters is said never decoded: \(imported.warnings)")
    }

    /// Testers asked for it on Vonage's, Vercel's and Adyen's documents: inline members of a
    /// union were `…Option1`, `…Option7`, where each holds a constant that says what it is.
    @Test func anInlineUnionMemberIsNamedAfterItsConstant() throws {
        let imported = try importing(document(schemas: """
            "Part": {"oneOf": [
              {"type": "object", "required": ["type", "text"], "properties": {"type": {"const": "text"}, "text": {"type": "string"}}},
              {"type": "object", "required": ["kind", "url"], "properties": {"kind": {"enum": ["image_url"]}, "url": {"type": "string"}}},
              {"type": "object", "required": ["a"], "properties": {"a": {"type": "string"}}},
              {"type": "object", "title": "Named", "required": ["b"], "properties": {"b": {"type": "integer"}}}]}
            """))
        #expect(Set(imported.model("Part")?["oneOf"] as? [String] ?? []) == ["PartText", "PartImageUrl", "PartOption3", "PartNamed"])
    }

    /// Found by a tester on Rebilly's document: a kind of a polymorphic base that adds nothing
    /// to it (`auto: {allOf: [{$ref: Schedule}]}`, named by the mapping) was read as the base
    /// itself, and the import failed: the base's union contained itself.
    @Test func aKindThatAddsNothingToItsPolymorphicBaseIsAMember() throws {
        let imported = try importing(document(version: "3.0.3", schemas: """
            "Schedule": {"type": "object", "required": ["method"], "properties": {"method": {"type": "string", "enum": ["auto", "interval"]}},
              "discriminator": {"propertyName": "method", "mapping": {"auto": "#/components/schemas/auto", "interval": "#/components/schemas/interval"}}},
            "auto": {"allOf": [{"$ref": "#/components/schemas/Schedule"}], "description": "Automatic."},
            "interval": {"allOf": [{"$ref": "#/components/schemas/Schedule"}, {"type": "object", "required": ["days"], "properties": {"days": {"type": "integer"}}}]},
            "Plan": {"type": "object", "properties": {"schedule": {"allOf": [{"$ref": "#/components/schemas/Schedule"}], "description": "When."},
              "next": {"allOf": [{"$ref": "#/components/schemas/Schedule"}], "nullable": true}}}
            """))
        // Elsewhere such a wrapper is the union (found by the second review: it was a new struct
        // of the base's properties, and an interval lost its days).
        #expect(imported.type("Plan", "schedule") == "Schedule?")
        #expect(imported.type("Plan", "next") == "Schedule")
        let schedule = try #require(imported.model("Schedule"))
        #expect(schedule["oneOf"] as? [String] == ["Auto", "Interval"])
        #expect(schedule["mapping"] as? [String: String] == ["auto": "Auto", "interval": "Interval"])
        #expect(imported.model("Auto")?["properties"] as? [String: String] == ["method": "ScheduleMethod"])
        #expect(imported.model("Auto")?["description"] as? String == "Automatic.")
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    }

    /// Found by a tester on Rebilly's document: a required property whose schema, named by `$ref`
    /// or by `allOf` of that one reference, is read-only (`ServerTimestamp`) was required in
    /// requests, which had to send a server's time (or a null); a plain type named through
    /// `allOf` lost its description.
    @Test func whatTheSchemaAPropertyNamesSaysCounts() throws {
        let imported = try importing(document(version: "3.0.3", schemas: """
            "ServerTimestamp": {"type": "string", "format": "date-time", "readOnly": true},
            "Secret": {"type": "string", "writeOnly": true},
            "Code": {"type": "string", "description": "An ISO code."},
            "Doc": {"type": "object", "required": ["created", "updated", "password", "code"], "properties": {
              "created": {"$ref": "#/components/schemas/ServerTimestamp"},
              "updated": {"allOf": [{"$ref": "#/components/schemas/ServerTimestamp"}], "nullable": true},
              "password": {"$ref": "#/components/schemas/Secret"},
              "code": {"allOf": [{"$ref": "#/components/schemas/Code"}]}}}
            """))
        #expect(imported.type("Doc", "created") == "Date?")
        #expect(NSDictionary(dictionary: imported.properties("Doc")?["updated"] as? [String: Any] ?? [:]) == ["type": "Date", "nullable": true])
        #expect(imported.type("Doc", "password") == "String?")
        #expect(NSDictionary(dictionary: imported.properties("Doc")?["code"] as? [String: Any] ?? [:]) == ["type": "String", "description": "An ISO code."])
    }

    /// Found on Twitter's document, whose errors come as `application/json` (`Error`) or as
    /// `application/problem+json` (`Problem`): only the first was read, so a problem body failed
    /// to decode and the error's details were lost, with no warning. The error body is a union
    /// of the two, tried in the document's order, one per response (a shared response's once).
    /// Bodies that are not all models: the first, and a warning for the others.
    @Test func errorBodiesOfSeveralJSONMediaTypesMakeAUnion() throws {
        let both = ##"{"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}, "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}"##
        let schemas = """
            "Error": {"type": "object", "required": ["code", "message"], "properties": {"code": {"type": "integer"}, "message": {"type": "string"}}},
            "Problem": {"type": "object", "required": ["type", "title"], "properties": {"type": {"type": "string"}, "title": {"type": "string"}}}
            """
        let paths = """
            "/a": {"get": {"operationId": "getA", "responses": {"204": {"description": ""}, "default": {"description": "", "content": \(both)}}}},
            "/b": {"get": {"operationId": "getB", "responses": {"204": {"description": ""}, "400": {"$ref": "#/components/responses/Bad"}}}},
            "/c": {"get": {"operationId": "getC", "responses": {"204": {"description": ""}, "400": {"$ref": "#/components/responses/Bad"}}}},
            "/d": {"get": {"operationId": "getD", "responses": {"204": {"description": ""}, "400": {"description": "", "content": {
              "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}, "application/problem+json": {"schema": {"type": "string"}}}}}}},
            "/e": {"get": {"operationId": "getE", "responses": {"204": {"description": ""}, "400": {"description": "", "content": {"application/json": {"schema": {"type": "string"}},
              "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}}}}
            """
        let imported = try importing("""
            {"openapi": "3.1.0", "info": {"title": "Test", "version": "1"}, "paths": {\(paths)},
             "components": {"schemas": {\(schemas)}, "responses": {"Bad": {"description": "", "content": \(both)}}}}
            """)
        // One union for the two models, whichever responses offer them (found by the review).
        #expect(imported.model("ErrorModelOrProblem")?["oneOf"] as? [String] == ["ErrorModel", "Problem"])
        #expect((imported.spec["defaults"] as? [String: Any])?["errorResponse"] as? String == "ErrorModelOrProblem")
        #expect(["getA", "getB", "getC"].allSatisfy { imported.endpoint($0)?["errorResponse"] == nil })
        #expect(imported.endpoint("getD")?["errorResponse"] as? String == "ErrorModel")
        #expect(imported.endpoint("getE")?["errorResponse"] as? String == "JSON")
        // A warning for each body not read, at it; the chosen one is read (found by the review).
        #expect(imported.warnings == [
            "#/paths/~1d/get/responses/400/content/application~1problem+json: the application/problem+json error body (String) is not read: "
                + "an error body is read as one type, here ErrorModel, or as a union of models",
            "#/paths/~1e/get/responses/400/content/application~1problem+json: the application/problem+json error body (Problem) is not read: "
                + "an error body is read as one type, here JSON, or as a union of models",
        ])
        #expect(imported.diagnostics.map { $0.location?.line } == [5, 7], "\(imported.diagnostics)")
    }

    /// Found by a review: a 204 (no content) beside a 200 with a JSON body failed to decode, and a
    /// HEAD operation whose 200 lists content always did (a HEAD response has no body).
    @Test func anEmptySuccessBesideABodyMakesTheResponseOptionalAndHeadReadsNoBody() throws {
        let item = ##"{"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Item"}}}}"##
        let imported = try importing(document(schemas: """
            "Item": {"type": "object", "properties": {"a": {"type": "string"}}}
            """, paths: """
            "/items": {"get": {"operationId": "fetchItem", "responses": {"200": \(item), "204": {"description": "nothing"}}},
                       "put": {"operationId": "putItem", "responses": {"201": \(item)}},
                       "head": {"operationId": "headItem", "responses": {"200": \(item)}},
                       "delete": {"operationId": "deleteItem", "responses": {"204": \(item)}},
                       "patch": {"operationId": "patchItem", "responses": {"200": \(item), "205": \(item)}}}
            """))
        #expect(imported.endpoint("fetchItem")?["response"] as? String == "Item?")
        #expect(imported.endpoint("putItem")?["response"] as? String == "Item")
        #expect(imported.endpoint("headItem")?["response"] == nil)
        // A 204 or 205 has no body, whatever content the document lists for it (api.video's
        // `DELETE …/logo`): read as one, every such success failed to decode.
        #expect(imported.endpoint("deleteItem")?["response"] == nil)
        #expect(imported.endpoint("patchItem")?["response"] as? String == "Item?")
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    }

    /// Found on fire.com's document, whose union members are titled after their union
    /// (`relatedParty: {title: RelatedParty, oneOf: [{title: RelatedPartyFireAccount, …}]}`):
    /// the member became `TxRelatedPartyRelatedPartyFireAccount`. The words the union's name ends
    /// with and the title begins with are said once.
    @Test func aMemberTitledAfterItsUnionDoesNotSayItsWordsTwice() throws {
        #expect(OpenAPIReader.joined("TxRelatedParty", "RelatedPartyFireAccount") == "TxRelatedPartyFireAccount")
        #expect(OpenAPIReader.joined("TxRelatedParty", "PartyCard") == "TxRelatedPartyCard")
        #expect(OpenAPIReader.joined("TxRelatedParty", "Card") == "TxRelatedPartyCard")
        #expect(OpenAPIReader.joined("PetOwner", "Owner") == "PetOwnerOwner", "a title that is all of it is a name of its own")
        let member = { (title: String) in #"{"title": "\#(title)", "type": "object", "required": ["\#(title.lowercased())"], "properties": {"\#(title.lowercased())": {"type": "string"}}}"# }
        let imported = try importing(document(schemas: """
            "Tx": {"type": "object", "properties": {"relatedParty": {"title": "RelatedParty", "oneOf": [\(member("RelatedPartyFireAccount")), \(member("RelatedPartyCard"))]}}}
            """))
        #expect(imported.type("Tx", "relatedParty") == "TxRelatedParty?")
        #expect(imported.model("TxRelatedParty")?["oneOf"] as? [String] == ["TxRelatedPartyFireAccount", "TxRelatedPartyCard"])
    }

    /// Found on fire.com's document, which refers to a response's inline schema from another
    /// operation: a reference met before the schema's own place named the model after the
    /// pointer's last token (`Schema`, `Schema2`, `Items`), so the name depended on the order of
    /// the paths. It is the name the place gives.
    @Test func aReferenceToAnInlineSchemaNamesItAsItsPlaceDoes() throws {
        let object = #"{"type": "object", "properties": {"id": {"type": "integer"}}}"#
        func ok(_ schema: String) -> String { #"{"200": {"description": "", "content": {"application/json": {"schema": \#(schema)}}}}"# }
        let imported = try importing(document(schemas: """
            "Pet": {"type": "object", "properties": {"owner": \(object)}}
            """, paths: """
            "/a": {"get": {"operationId": "getA", "responses": \(ok(##"{"$ref": "#/paths/~1b/get/responses/200/content/application~1json/schema"}"##))}},
            "/c": {"get": {"operationId": "getC", "responses": \(ok(##"{"type": "array", "items": {"$ref": "#/paths/~1d/get/responses/200/content/application~1json/schema/items"}}"##))}},
            "/e": {"post": {"operationId": "postE", "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/paths/~1f/post/requestBody/content/application~1json/schema"}}}},
                            "responses": \(ok(##"{"$ref": "#/components/schemas/Pet/properties/owner"}"##))}},
            "/b": {"get": {"operationId": "getB", "responses": \(ok(object))}},
            "/d": {"get": {"operationId": "getD", "responses": \(ok(#"{"type": "array", "items": \#(object)}"#))}},
            "/f": {"post": {"operationId": "postF", "requestBody": {"content": {"application/json": {"schema": \(object)}}}, "responses": {"204": {"description": ""}}}}
            """))
        #expect(imported.endpoint("getA")?["response"] as? String == "GetBResponse")
        #expect(imported.endpoint("getC")?["response"] as? String == "[GetDResponseItem]")
        #expect(imported.endpoint("postE")?["body"] as? String == "PostFRequest?")
        #expect(imported.endpoint("postE")?["response"] as? String == "PetOwner")
        #expect(imported.type("Pet", "owner") == "PetOwner?")
        #expect(imported.endpoint("getB")?["response"] as? String == "GetBResponse")
    }

    /// Found on apideck's document: its `security` needs two credentials together, and every
    /// operation states its own, yet the document's requirement got a warning that concerned no
    /// endpoint. It is read only when an operation takes it.
    @Test func theDocumentsRequirementIsReadOnlyWhenAnOperationTakesIt() throws {
        let schemes = #""components": {"securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "X-Key"}, "app": {"type": "http", "scheme": "bearer"}}}"#
        func document(_ operations: String) -> String {
            #"{"openapi": "3.1.0", "info": {"title": "Test", "version": "1"}, "security": [{"key": [], "app": []}], "paths": {\#(operations)}, \#(schemes)}"#
        }
        let own = try importing(document(#""/a": {"get": {"operationId": "a", "security": [{"key": []}], "responses": {"204": {"description": ""}}}}"#))
        #expect(own.warnings.isEmpty, "\(own.warnings)")
        #expect(own.resource("Test")?["auth"] as? String == "key")
        let inherited = try importing(document(#""/a": {"get": {"operationId": "a", "responses": {"204": {"description": ""}}}}"#))
        // It says what the app then sends itself.
        #expect(inherited.warnings == ["#/security/0: the requirement needs 'key' and 'app' together, and an endpoint needs one scheme; 'key' is imported, "
                                       + "and the app sends the Authorization header ('app') itself (in the client's default headers, or with a middleware)"])
        #expect((inherited.spec["defaults"] as? [String: Any])?["auth"] as? String == "key")
    }

    /// Found on Nordigen's document, whose balances, details and transactions list only their
    /// errors: the endpoints read no body, and nothing said so. On apideck's, an operation that
    /// answers with a 301 read its `default` error model as its success. Without a 2XX response,
    /// `default` is the success unless the operation redirects, and the endpoint that reads no
    /// body gets a warning.
    @Test func anOperationWithoutASuccessResponseSaysSo() throws {
        let error = ##"{"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}"##
        let imported = try importing(document(schemas: """
            "Problem": {"type": "object", "properties": {"m": {"type": "string"}}},
            "Unexpected": {"type": "object", "properties": {"u": {"type": "string"}}}
            """, paths: """
            "/balances": {"get": {"operationId": "balances", "responses": {"401": \(error)}}},
            "/authorize": {"get": {"operationId": "authorize", "responses": {"301": {"description": ""}, "400": \(error),
              "default": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Unexpected"}}}}}}},
            "/anything": {"get": {"operationId": "anything", "responses": {"default": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Unexpected"}}}}}}}
            """))
        #expect(imported.endpoint("balances")?["response"] == nil)
        #expect(imported.endpoint("authorize")?["response"] == nil)
        #expect(NSDictionary(dictionary: imported.endpoint("authorize")?["errorResponse"] as? [String: Any] ?? [:]) == ["400": "Problem", "default": "Unexpected"])
        #expect(imported.endpoint("anything")?["response"] as? String == "Unexpected")
        #expect(imported.warnings == [
            "#/paths/~1balances/get/responses: the operation declares no success (2XX) response, so its endpoint reads no body",
            "#/paths/~1authorize/get/responses: the operation declares no success (2XX) response, so its endpoint reads no body; "
                + "the URL session follows its redirect (301)",
        ])
    }

    /// Found by a review: `required` in another part than the one that declares the property (or
    /// beside `allOf`) was dropped, and the property stayed optional.
    @Test func requiredKeysInAnotherPartNarrowTheBase() throws {
        let imported = try importing(document(schemas: """
            "Base": {"type": "object", "properties": {"a_one": {"type": "string"}, "b_two": {"type": "integer"},
                                                     "mode": {"type": "string", "enum": ["x", "y"]}}},
            "Derived1": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"required": ["a_one"]}]},
            "Derived2": {"allOf": [{"$ref": "#/components/schemas/Base"}], "required": ["a_one"]},
            "Derived3": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object", "required": ["b_two"], "properties": {"c_three": {"type": "string"}}}]},
            "Plain": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object", "properties": {"c_three": {"type": "string"}}}]},
            "Status": {"type": "string", "enum": ["a", "b"]},
            "Either": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
            "Holder": {"type": "object", "properties": {
              "status": {"allOf": [{"$ref": "#/components/schemas/Status"}], "required": ["status"]},
              "either": {"allOf": [{"$ref": "#/components/schemas/Either"}], "required": ["kind"]},
              "none": {"allOf": [{"$ref": "#/components/schemas/Base"}], "required": []},
              "other": {"allOf": [{"$ref": "#/components/schemas/Base"}], "required": ["zzz"]}}}
            """))
        // `required` beside one part that is not an object, or naming none of its keys, changes
        // nothing (the second review found an enum and a union read as empty structs).
        #expect(imported.properties("Holder") as? [String: String] == ["status": "Status?", "either": "Either?", "none": "Base?", "other": "Base?"])
        #expect(imported.type("Derived1", "aOne") == "String" && imported.type("Derived1", "bTwo") == "Int?")
        #expect(imported.type("Derived2", "aOne") == "String" && imported.type("Derived2", "bTwo") == "Int?")
        #expect(imported.type("Derived3", "aOne") == "String?" && imported.type("Derived3", "bTwo") == "Int")
        #expect(imported.model("Plain")?["allOf"] as? [String] == ["Base"], "a part that narrows nothing keeps the base")
        // The base's inline enum is named after the base, whichever model reads it first.
        #expect(imported.type("Derived1", "mode") == "BaseMode?" && imported.type("Base", "mode") == "BaseMode?")
    }

    /// Found by a review: a body of another JSON media type went as `application/json`, and a
    /// response of one was asked for as `application/json` (which a JSON:API server refuses).
    @Test func otherJSONMediaTypesAreSentAndAskedForAsTheyAre() throws {
        let imported = try importing(document(schemas: """
            "Doc": {"type": "object", "properties": {"title": {"type": "string"}}}
            """, paths: ##"""
            "/docs/{id}": {"parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
              "patch": {"operationId": "patchDoc",
                "requestBody": {"required": true, "content": {"application/merge-patch+json": {"schema": {"$ref": "#/components/schemas/Doc"}}}},
                "responses": {"200": {"description": "ok", "content": {"application/vnd.api+json": {"schema": {"$ref": "#/components/schemas/Doc"}}}}}},
              "put": {"operationId": "putDoc",
                "requestBody": {"required": true, "content": {"application/merge-patch+json": {"schema": {"$ref": "#/components/schemas/Doc"}},
                                            "application/json": {"schema": {"$ref": "#/components/schemas/Doc"}}}},
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Doc"}}}}}}}
            """##))
        let patch = try #require(imported.endpoint("patchDoc"))
        #expect(patch["body"] as? [String: String] == ["type": "Doc", "contentType": "application/merge-patch+json"])
        #expect(patch["accept"] as? String == "application/vnd.api+json")
        let put = try #require(imported.endpoint("putDoc"))
        #expect(put["body"] as? String == "Doc", "application/json is preferred, and needs no contentType")
        #expect(put["accept"] == nil)
    }

    /// Found by a review: an object in the query became a String the app was to encode, which it
    /// could not (the item's name stays the parameter's): exploded, or as a deepObject, each
    /// property is a query item.
    @Test func anObjectInTheQueryIsAnItemPerProperty() throws {
        let imported = try importing(document(schemas: """
            "Page": {"type": "object", "required": ["number"], "properties": {"number": {"type": "integer"}, "size": {"type": "integer"}}}
            """, paths: ##"""
            "/items": {"get": {"operationId": "listItems", "parameters": [
              {"name": "filter", "in": "query", "style": "deepObject", "schema": {"type": "object", "required": ["a"],
                "properties": {"a": {"type": "string", "description": "A."}, "b": {"type": "integer"}}}},
              {"name": "page", "in": "query", "required": true, "schema": {"$ref": "#/components/schemas/Page"}},
              {"name": "raw", "in": "query", "explode": false, "schema": {"type": "object", "properties": {"x": {"type": "string"}}}}],
              "responses": {"204": {"description": "none"}}}}
            """##))
        let query = try #require(imported.endpoint("listItems")?["query"] as? [String: Any])
        #expect((query["filter[a]"] as? [String: Any])?["type"] as? String == "String?", "the parameter is not required")
        #expect(query["filter[b]"] as? String == "Int?")
        #expect(query["number"] as? [String: String] == ["type": "Int", "swiftName": "pageNumber"])
        #expect(query["size"] as? [String: String] == ["type": "Int?", "swiftName": "pageSize"])
        #expect(query["raw"] as? String == "String?", "not exploded: one item the app writes")
        #expect(imported.warnings.count == 1 && imported.warnings[0].hasPrefix("#/paths/~1items/get/parameters/2: a query parameter holding"),
                "\(imported.warnings)")
    }

    /// OpenAI's `tool_choice`: a string, or an object whose `type` names the tool, one member
    /// holding eight tools' values. Left untagged, an object of one tool decoded as another; now a
    /// tagged union, the string tried when the value is not an object.
    @Test func objectsToldApartByTheirTypesBesideAStringMakeATaggedUnion() throws {
        let imported = try importing(document(schemas: """
            "ToolChoice": {"anyOf": [{"type": "string", "enum": ["none", "auto"]}, {"$ref": "#/components/schemas/Function"},
                                     {"$ref": "#/components/schemas/Custom"}, {"$ref": "#/components/schemas/Hosted"}]},
            "Function": {"type": "object", "required": ["type", "name"], "properties": {"type": {"type": "string", "enum": ["function"]}, "name": {"type": "string"}}},
            "Custom": {"type": "object", "required": ["type", "name"], "properties": {"type": {"const": "custom"}, "name": {"type": "string"}}},
            "Hosted": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string", "enum": ["file_search", "web_search"]}}}
            """))
        let union = try #require(imported.model("ToolChoice"))
        #expect(union["discriminator"] as? String == "type")
        #expect(union["mapping"] as? [String: String] == ["function": "Function", "custom": "Custom", "file_search": "Hosted", "web_search": "Hosted"])
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    }

    /// Found by a review: a key that may be absent or null tells nothing apart, and tagging on it
    /// made objects without it fail to decode; a mapping that names a member that is not an
    /// object made the whole import fail.
    @Test func onlyAKeyEveryObjectHoldsTellsThemApart() throws {
        let imported = try importing(document(schemas: """
            "Maybe": {"oneOf": [{"type": "string"}, {"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}]},
            "Nil": {"oneOf": [{"$ref": "#/components/schemas/C"}, {"$ref": "#/components/schemas/D"}]},
            "Mapped": {"oneOf": [{"$ref": "#/components/schemas/Mode"}, {"$ref": "#/components/schemas/C"}],
                       "discriminator": {"propertyName": "type", "mapping": {"mode": "#/components/schemas/Mode", "c": "#/components/schemas/C"}}},
            "Mode": {"type": "string", "enum": ["on", "off"]},
            "A": {"type": "object", "required": ["x"], "properties": {"type": {"type": "string", "enum": ["a"]}, "x": {"type": "integer"}}},
            "B": {"type": "object", "required": ["y"], "properties": {"type": {"type": "string", "enum": ["b"]}, "y": {"type": "integer"}}},
            "C": {"type": "object", "required": ["type", "c"], "properties": {"type": {"type": ["string", "null"], "enum": ["c", null]}, "c": {"type": "integer"}}},
            "D": {"type": "object", "required": ["type", "d"], "properties": {"type": {"type": ["string", "null"], "enum": ["d", null]}, "d": {"type": "integer"}}}
            """))
        #expect(imported.model("Maybe")?["discriminator"] == nil)
        #expect(imported.model("Nil")?["discriminator"] == nil)
        #expect(imported.model("Mapped")?["discriminator"] as? String == "type")
        #expect(imported.model("Mapped")?["mapping"] as? [String: String] == ["c": "C"])
        #expect(imported.warnings == [
            "#/components/schemas/Mapped/discriminator/mapping: the mapping of 'mode' names Mode, which is not an object and has no discriminator; it is left out",
        ])
    }

    @Test func aDiscriminatorItsMembersDoNotHoldIsLeftOutWithAWarning() throws {
        let imported = try importing(document(schemas: """
            "U": {"oneOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}], "discriminator": {"propertyName": "t"}},
            "V": {"oneOf": [{"$ref": "#/components/schemas/A"}, {"type": "string"}], "discriminator": {"propertyName": "t"}},
            "A": {"type": "object", "required": ["t"], "properties": {"t": {"type": "string"}}},
            "B": {"type": "object", "required": ["u"], "properties": {"u": {"type": "string"}}}
            """))
        #expect(imported.model("U")?["discriminator"] == nil)
        #expect(imported.model("U")?["oneOf"] as? [String] == ["A", "B"])
        #expect(imported.warnings == [
            "#/components/schemas/U/discriminator: the discriminator 't' is not imported: B is not an object with a string property 't'; the union tries its members in order",
        ])
        // A member that is never an object needs no discriminator: it is read when the value is not an object.
        #expect(imported.model("V")?["discriminator"] as? String == "t")
        #expect(imported.model("V")?["oneOf"] as? [String] == ["String", "A"])
    }

    @Test func untaggedUnionsAreOrderedSoThatEveryMemberCanBeDecoded() throws {
        let imported = try importing(document(schemas: """
            "V": {"anyOf": [{"type": "string"}, {"type": "number"}, {"type": "integer"}, {"type": "boolean"}]},
            "W": {"oneOf": [{"$ref": "#/components/schemas/Loose"}, {"$ref": "#/components/schemas/Strict"}]},
            "Loose": {"type": "object", "properties": {"a": {"type": "string"}}},
            "Strict": {"type": "object", "required": ["b"], "properties": {"b": {"type": "string"}}},
            "T": {"type": "object", "properties": {"mixed": {"type": ["string", "integer"]}}}
            """))
        #expect(imported.model("V")?["oneOf"] as? [String] == ["Bool", "Int", "Double", "String"])
        #expect(imported.model("W")?["oneOf"] as? [String] == ["Strict", "Loose"], "a struct that takes any object goes last")
        #expect(imported.type("T", "mixed") == "TMixed?")
        #expect(imported.model("TMixed")?["oneOf"] as? [String] == ["Int", "String"])
    }

    /// Found by a review: every struct ranked alike, so `{id}` listed before `{id, name}` took
    /// every object of it and dropped `name`.
    @Test func untaggedUnionsTryTheStructsThatRequireMoreKeysFirst() throws {
        let imported = try importing(document(schemas: """
            "X": {"oneOf": [{"$ref": "#/components/schemas/Ref"}, {"$ref": "#/components/schemas/Named"}, {"$ref": "#/components/schemas/Full"}]},
            "Y": {"oneOf": [{"type": "string"}, {"$ref": "#/components/schemas/Ref"}, {"$ref": "#/components/schemas/Named"}],
                  "discriminator": {"propertyName": "name"}},
            "Z": {"oneOf": [{"$ref": "#/components/schemas/Ref"}, {"$ref": "#/components/schemas/Named"}], "discriminator": {"propertyName": "kind"}},
            "Ref": {"type": "object", "required": ["id", "kind"], "properties": {"id": {"type": "string"}, "kind": {"type": "string"}}},
            "Named": {"type": "object", "required": ["id", "kind", "name"], "properties": {"id": {"type": "string"}, "kind": {"type": "string"}, "name": {"type": "string"}}},
            "Full": {"allOf": [{"$ref": "#/components/schemas/Named"}, {"type": "object", "required": ["size"], "properties": {"size": {"type": "integer"}}}]}
            """))
        #expect(imported.model("X")?["oneOf"] as? [String] == ["Full", "Named", "Ref"])
        #expect(imported.model("Y")?["oneOf"] as? [String] == ["String", "Named", "Ref"], "also when the discriminator is left out")
        #expect(imported.model("Z")?["oneOf"] as? [String] == ["Ref", "Named"], "a tagged union keeps the document's order")
        // `importing` also checks that the spec generates without a warning: no member is never decoded.
    }

    /// Found by a tester on Wordnik's document: the same inline parameter enum in eleven operations
    /// (`useCanonical: [false, true]`) made eleven enums; OpenAI's `order: [asc, desc]` 23. One
    /// that operations of several paths declare alike is made once, named after the parameter
    /// where no other shared enum has its name (else after its first operation).
    @Test func aParameterEnumThatOperationsDeclareAlikeIsOneEnum() throws {
        func parameters(_ id: String, _ list: String) -> String {
            #"{"operationId": "\#(id)", "parameters": [\#(list)], "responses": {"204": {"description": ""}}}"#
        }
        let canonical = #"{"name": "useCanonical", "in": "query", "schema": {"type": "string", "enum": ["false", "true"]}}"#
        let sort = #"{"name": "order", "in": "query", "schema": {"type": "string", "enum": ["asc", "desc"]}}"#
        let userSort = #"{"name": "order", "in": "query", "schema": {"type": "string", "enum": ["name", "age"]}}"#
        let imported = try importing(document(paths: """
            "/audio": {"get": \(parameters("fetchAudio", canonical + ", " + sort))},
            "/definitions": {"get": \(parameters("fetchDefinitions", canonical + ", " + sort)), "post": \(parameters("createDefinitions", canonical))},
            "/users": {"get": \(parameters("fetchUsers", userSort))}, "/admins": {"get": \(parameters("fetchAdmins", userSort))},
            "/other": {"get": \(parameters("fetchOther", #"{"name": "useCanonical", "in": "query", "schema": {"type": "string", "enum": ["true", "false"]}}"#))}
            """))
        func query(_ endpoint: String) -> [String: String]? { imported.endpoint(endpoint)?["query"] as? [String: String] }
        #expect(query("fetchAudio") == ["useCanonical": "UseCanonical?", "order": "FetchAudioOrder?"])
        #expect(query("fetchDefinitions") == ["useCanonical": "UseCanonical?", "order": "FetchAudioOrder?"])
        #expect(query("createDefinitions") == ["useCanonical": "UseCanonical?"])
        #expect(query("fetchUsers") == ["order": "FetchUsersOrder?"] && query("fetchAdmins") == ["order": "FetchUsersOrder?"])
        #expect(query("fetchOther") == ["useCanonical": "FetchOtherUseCanonical?"], "other values in another order: another enum")
        #expect(imported.model("UseCanonical")?["enum"] as? [String] == ["false", "true"])
        #expect(imported.model("FetchDefinitionsOrder") == nil && imported.model("FetchAdminsOrder") == nil)

        // Found by two testers on PTV's `expand` and Enode's `field`: the enum of an array's items, too.
        let expand = #"{"name": "expand", "in": "query", "explode": false, "schema": {"type": "array", "items": {"type": "string", "enum": ["all", "stop"]}}}"#
        let arrays = try importing(document(paths: """
            "/runs": {"get": \(parameters("listRuns", expand))}, "/stops": {"get": \(parameters("listStops", expand))}
            """))
        for name in ["listRuns", "listStops"] {
            #expect((arrays.endpoint(name)?["query"] as? [String: Any])?["expand"] as? [String: String] == ["type": "[ExpandItem]?", "separator": ","])
        }
        #expect(arrays.model("ExpandItem")?["enum"] as? [String] == ["all", "stop"])
        // Found by the second review: also as Wordnik writes it, the enum beside the items.
        let sources = #"{"name": "sources", "in": "query", "schema": {"type": "array", "items": {"type": "string"}, "enum": ["all", "ahd"]}}"#
        let beside = OpenAPIImport.importSpec(openAPIText: document(paths: """
            "/runs": {"get": \(parameters("listRuns", sources))}, "/stops": {"get": \(parameters("listStops", sources))}
            """), path: "api.json")
        let besideText = try #require(beside.specText)
        #expect(besideText.contains(#""SourcesItem": {"#) && !besideText.contains("SourcesItem2"), "\(besideText)")
    }

    /// Found by the review: the parameter's name alone was taken where a model had it (`Order2`
    /// beside a schema `Order`), and by a query item and a header of one name (`Status`,
    /// `Status2`). Such an enum keeps its first operation's name.
    @Test func aSharedParameterEnumIsNamedAloneOnlyWhereTheNameIsFree() throws {
        func operation(_ id: String, _ list: String) -> String {
            #"{"operationId": "\#(id)", "parameters": [\#(list)], "responses": {"204": {"description": ""}}}"#
        }
        let order = #"{"name": "order", "in": "query", "schema": {"type": "string", "enum": ["asc", "desc"]}}"#
        let queryStatus = #"{"name": "status", "in": "query", "schema": {"type": "string", "enum": ["on", "off"]}}"#
        let headerStatus = #"{"name": "status", "in": "header", "schema": {"type": "string", "enum": ["up", "down"]}}"#
        let imported = try importing(document(
            schemas: #""Order": {"type": "object", "properties": {"id": {"type": "string"}}}"#,
            paths: """
            "/a": {"get": \(operation("listA", [order, queryStatus, headerStatus].joined(separator: ", ")))},
            "/b": {"get": \(operation("listB", [order, queryStatus, headerStatus].joined(separator: ", ")))}
            """))
        let b = try #require(imported.endpoint("listB"))
        #expect((b["query"] as? [String: String]) == ["order": "ListAOrder?", "status": "ListAStatus?"])
        #expect((b["headers"] as? [String: [String: String]]) == ["status": ["type": "ListAStatus2?", "swiftName": "statusHeader"]])
    }

    /// Found by a tester on Plaid's documents: an `allOf` of plain values of one type
    /// (`NullableAccessToken: {allOf: [{$ref: AccessToken}, {type: string}], nullable: true}`)
    /// was an empty object, which failed on every token. It is that type; the part that names a
    /// format gives it, and an integer beside a number is an integer. Parts of other types can
    /// be nothing at all, and stay as they were.
    @Test func anAllOfOfPlainValuesOfOneTypeIsThatType() throws {
        let imported = try importing(document(version: "3.0.3", schemas: """
            "Token": {"type": "string"},
            "NullableToken": {"allOf": [{"$ref": "#/components/schemas/Token"}, {"type": "string"}], "nullable": true},
            "NToken": {"type": "string", "nullable": true},
            "Item": {"type": "object", "required": ["token", "count", "at", "first", "second"], "properties": {
              "token": {"$ref": "#/components/schemas/NullableToken"},
              "first": {"allOf": [{"$ref": "#/components/schemas/NToken"}, {"type": "string"}]},
              "second": {"allOf": [{"type": "string"}, {"$ref": "#/components/schemas/NToken"}]},
              "count": {"allOf": [{"type": "number", "minimum": 0}, {"type": "integer"}]},
              "at": {"allOf": [{"type": "string"}, {"type": "string", "format": "date-time"}], "description": "When."},
              "odd": {"allOf": [{"type": "string"}, {"type": "integer"}]}}}
            """))
        #expect(imported.model("NullableToken") == nil)
        let token = try #require(imported.properties("Item")?["token"] as? [String: Any])
        #expect(token["type"] as? String == "String?" && token["required"] as? Bool == true && token.count == 2)
        #expect(imported.type("Item", "count") == "Int")
        for name in ["first", "second"] {
            let property = try #require(imported.properties("Item")?[name] as? [String: Any], "\(name)")
            #expect(property["type"] as? String == "String?" && property["required"] as? Bool == true, "a part allows null, whichever comes first: \(name)")
        }
        #expect(imported.properties("Item")?["at"] as? [String: String] == ["type": "Date", "description": "When."])
        #expect(imported.type("Item", "odd") == "ItemOdd?", "a value no schema allows is left as before")
    }

    /// Found by a tester on Gitea's document: of `_id` and `id`, listed in that order, `_id`
    /// took the name `id` and `id` was `id2`. A key written as the Swift name keeps it.
    @Test func aKeyWrittenAsItsSwiftNameKeepsIt() throws {
        let imported = try importing(document(schemas: """
            "Doc": {"type": "object", "properties": {"_id": {"type": "string"}, "id": {"type": "integer"}, "a-b": {"type": "string"}, "aB2": {"type": "string"}, "x_y": {"type": "string"}}}
            """))
        let properties = try #require(imported.properties("Doc"))
        #expect(properties["id"] as? String == "Int?")
        #expect(properties["id2"] as? [String: String] == ["type": "String?", "key": "_id"])
        #expect(properties["x_y"] as? String == "String?" && properties["a-b"] as? String == "String?" && properties["aB2"] as? String == "String?",
                "a key alone keeps its own name")
        #expect(properties.count == 5, "\(properties)")
    }

    /// Found by a tester on Supabase's document: `connectionString` (deprecated, "use
    /// connection_string instead") took the Swift name as the key written so, and the key to use
    /// was `connectionString2`. A deprecated key gives the name up to one that is not, in
    /// either order.
    @Test func aDeprecatedKeyGivesItsSwiftNameUpToOneThatIsNot() throws {
        let imported = try importing(document(schemas: """
            "Config": {"type": "object", "properties": {
              "connectionString": {"type": "string", "deprecated": true, "description": "Use connection_string instead."},
              "connection_string": {"type": "string"},
              "pool_size": {"type": "integer"},
              "poolSize": {"type": "integer", "deprecated": true}}}
            """))
        let properties = try #require(imported.properties("Config"))
        #expect(properties["connectionString"] as? String == "String?")
        #expect((properties["connectionString2"] as? [String: String])?["key"] == "connectionString")
        #expect(properties["poolSize"] as? String == "Int?")
        #expect((properties["poolSize2"] as? [String: String])?["key"] == "poolSize")
        #expect(properties.count == 4, "\(properties)")
    }

    /// The same across `allOf`: a base with `_id` and a model of it with `id` failed the import
    /// ("gets the property 'id' twice"), since the base names its key once for every model
    /// composed of it. Such a base is read in place, as one that shares a key is.
    @Test func aBaseWhoseKeyGivesTheSwiftNameOfAnotherIsReadInPlace() throws {
        let imported = try importing(document(schemas: """
            "Base": {"type": "object", "properties": {"_id": {"type": "string"}, "name": {"type": "string"}}},
            "Other": {"type": "object", "properties": {"user_id": {"type": "string"}}},
            "Thing": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"$ref": "#/components/schemas/Other"}, {"type": "object", "properties": {"id": {"type": "integer"}, "userId": {"type": "string"}}}]},
            "Plain": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object", "properties": {"size": {"type": "integer"}}}]}
            """))
        #expect(imported.model("Thing")?["allOf"] == nil, "both bases read in place")
        let thing = try #require(imported.properties("Thing"))
        #expect(thing["id"] as? String == "Int?")
        #expect(thing["id2"] as? [String: String] == ["type": "String?", "key": "_id"])
        #expect(thing["userId2"] as? [String: String] == ["type": "String?", "key": "user_id"], "\(thing)")
        #expect(thing["userId"] as? [String: String] == ["type": "String?", "key": "userId"], "written as its name, it keeps it")
        #expect(thing.count == 5, "\(thing)")
        #expect(imported.model("Plain")?["allOf"] as? [String] == ["Base"], "no clash: still a base")
    }

    /// Found by a tester on Linode's document: `Linode` composes its base and declares `label:
    /// {description: …}` again, which only annotates the base's string; the property was `JSON?`.
    /// It keeps the base's type, with the later text; a later schema of its own replaces it.
    @Test func aPropertyDeclaredAgainOnlyToAnnotateKeepsItsType() throws {
        let imported = try importing(document(schemas: """
            "Base": {"type": "object", "properties": {"label": {"type": "string", "description": "Base label."}, "region": {"type": "string"}}},
            "Linode": {"type": "object", "allOf": [{"$ref": "#/components/schemas/Base"}], "properties": {
              "label": {"description": "Display label.", "readOnly": true}, "region": {"type": "integer"}, "extra": {"description": "Free."}}}
            """))
        #expect(imported.properties("Linode")?["label"] as? [String: String] == ["type": "String?", "description": "Display label."])
        #expect(imported.type("Linode", "region") == "Int?")
        #expect(imported.properties("Linode")?["extra"] as? [String: String] == ["type": "JSON?", "description": "Free."], "nothing to keep: any value")
        // Found by the review: the other annotations count too, as beside the type itself.
        let annotated = try importing(document(schemas: """
            "Base": {"type": "object", "required": ["label", "region"], "properties": {"label": {"type": "string"}, "region": {"type": "string"}}},
            "Linode": {"type": "object", "allOf": [{"$ref": "#/components/schemas/Base"}], "properties": {
              "label": {"readOnly": true}, "region": {"type": ["string", "null"]}, "zone": {"type": "string"}}}
            """))
        #expect(annotated.type("Linode", "label") == "String?", "read-only: optional")
        let replaced = try #require(annotated.properties("Linode")?["region"] as? [String: Any])
        #expect(replaced["type"] as? String == "String?" && replaced["required"] as? Bool == true, "a schema of its own replaces the base's")
        let nullable = try importing(document(version: "3.0.3", schemas: """
            "Base": {"type": "object", "required": ["region"], "properties": {"region": {"type": "string"}}},
            "Linode": {"type": "object", "allOf": [{"$ref": "#/components/schemas/Base"}], "properties": {"region": {"nullable": true}}}
            """))
        let region = try #require(nullable.properties("Linode")?["region"] as? [String: Any])
        #expect(region["type"] as? String == "String?" && region["required"] as? Bool == true)
    }

    /// Found by a tester on Apideck's proxy: a `*/*` body of `anyOf: [object, string]` was a JSON
    /// body, so the text it forwards went out quoted (`"<lead>…"`). A schema that may be a
    /// string is no JSON body under a media range: an upload, as a string alone is; data alone stays JSON.
    @Test func aMediaRangeOfAnObjectOrAStringIsNoJSON() throws {
        let imported = try importing(document(paths: """
            "/proxy": {"post": {"operationId": "proxy", "requestBody": {"content": {"*/*": {"schema": {"anyOf": [{"type": "object", "properties": {}}, {"type": "string"}]}}}},
              "responses": {"200": {"description": "", "content": {"*/*": {"schema": {"oneOf": [{"type": "object", "properties": {"a": {"type": "string"}}}, {"type": "string"}]}}}}}}},
            "/data": {"post": {"operationId": "data", "requestBody": {"required": true, "content": {"*/*": {"schema": {"anyOf": [{"type": "object", "properties": {"a": {"type": "string"}}}, {"type": "integer"}]}}}},
              "responses": {"204": {"description": ""}}}}
            """))
        #expect(imported.endpoint("proxy")?["body"] as? String == "Upload?")
        // Found by the review: a response of that kind stays JSON, as springdoc's `*/*` are.
        #expect(imported.endpoint("proxy")?["response"] as? String == "ProxyResponse")
        #expect(imported.endpoint("data")?["body"] as? String == "DataRequest")
        let list = try importing(document(paths: """
            "/list": {"post": {"operationId": "list", "requestBody": {"required": true, "content": {"*/*": {"schema": {"type": ["object", "string"], "properties": {"a": {"type": "string"}}}}}},
              "responses": {"204": {"description": ""}}}}
            """))
        #expect(list.endpoint("list")?["body"] as? String == "Upload", "a 3.1 list of types that holds a string, too")
    }

    /// Found by a tester on BigCommerce's document: `line_items` is `oneOf` an array of
    /// `PostVariant` (no key required) or of `PostModifier` (requires `option_selections`), and
    /// the first took every array, dropping the modifiers' keys. Arrays of structs are ordered by
    /// their elements as structs are: those that require more keys first.
    @Test func arraysOfStructsInAUnionAreOrderedByTheirElements() throws {
        let imported = try importing(document(schemas: """
            "Variant": {"type": "object", "properties": {"quantity": {"type": "integer"}}},
            "Modifier": {"type": "object", "required": ["option_selections"], "properties": {"quantity": {"type": "integer"}, "option_selections": {"type": "array", "items": {"type": "integer"}}}},
            "Items": {"oneOf": [{"type": "array", "items": {"$ref": "#/components/schemas/Variant"}}, {"type": "array", "items": {"$ref": "#/components/schemas/Modifier"}}, {"type": "array", "items": {"type": "string"}}]}
            """))
        #expect(imported.model("Items")?["oneOf"] as? [String] == ["[Modifier]", "[Variant]", "[String]"])
    }

    /// Found by a tester on Figma's document: `Action` is `oneOf` objects told apart by `type`,
    /// one of them `UpdateMediaRuntimeAction`, a `oneOf` of its own whose members all hold
    /// `type: UPDATE_MEDIA_RUNTIME`. The union was untagged, and an open enum's first member took
    /// every object, dropping the media action's keys. The member union is picked by the values
    /// its members hold, inferred or under a declared discriminator; where those are not its own
    /// (OpenAI's `InputItem`: `message` is `EasyInputMessage`'s and `Item`'s), the union tries its
    /// members in order, as before.
    @Test func aUnionOfObjectsIsAMemberOfATaggedUnionByTheValuesItsMembersHold() throws {
        let media = """
            "Media": {"oneOf": [
              {"type": "object", "required": ["type", "mediaAction"], "properties": {"type": {"const": "MEDIA"}, "mediaAction": {"type": "string", "enum": ["PLAY", "PAUSE"]}}},
              {"type": "object", "required": ["type", "mediaAction", "seconds"], "properties": {"type": {"type": "string", "enum": ["MEDIA", "SEEK"]}, "mediaAction": {"const": "SKIP"}, "seconds": {"type": "number"}}}]},
            "Back": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string", "enum": ["BACK", "CLOSE"]}}}
            """
        let inferred = try importing(document(schemas: media + """
            , "Action": {"oneOf": [{"$ref": "#/components/schemas/Back"}, {"$ref": "#/components/schemas/Media"}]}
            """))
        #expect(inferred.model("Action")?["discriminator"] as? String == "type")
        #expect(inferred.model("Action")?["mapping"] as? [String: String] == ["BACK": "Back", "CLOSE": "Back", "MEDIA": "Media", "SEEK": "Media"])
        #expect(inferred.warnings.isEmpty, "\(inferred.warnings)")

        let declared = try importing(document(schemas: media + """
            , "Action": {"oneOf": [{"$ref": "#/components/schemas/Back"}, {"$ref": "#/components/schemas/Media"}], "discriminator": {"propertyName": "type", "mapping": {"BACK": "#/components/schemas/Back", "CLOSE": "#/components/schemas/Back"}}}
            """))
        #expect(declared.model("Action")?["mapping"] as? [String: String] == ["BACK": "Back", "CLOSE": "Back", "MEDIA": "Media", "SEEK": "Media"])
        #expect(declared.warnings.isEmpty, "\(declared.warnings)")

        let shared = try importing(document(schemas: media + """
            , "Easy": {"type": "object", "required": ["type"], "properties": {"type": {"const": "MEDIA"}, "text": {"type": "string"}}},
            "Action": {"oneOf": [{"$ref": "#/components/schemas/Easy"}, {"$ref": "#/components/schemas/Media"}], "discriminator": {"propertyName": "type"}}
            """))
        #expect(shared.model("Action")?["discriminator"] == nil && shared.model("Action")?["mapping"] == nil)
        #expect(shared.warnings == ["#/components/schemas/Action/discriminator: the discriminator 'type' is not imported: Media, a union, holds a value of "
            + "'type' that another member holds too; the union tries its members in order"])
        let inferredShared = try importing(document(schemas: media + """
            , "Easy": {"type": "object", "required": ["type"], "properties": {"type": {"const": "MEDIA"}, "text": {"type": "string"}}},
            "Action": {"oneOf": [{"$ref": "#/components/schemas/Easy"}, {"$ref": "#/components/schemas/Media"}]}
            """))
        #expect(inferredShared.model("Action")?["discriminator"] == nil && inferredShared.warnings.isEmpty)

        // Found by the review: members of the member union that may leave `type` out would go out
        // without it; such a union tries its members in order.
        let optional = try importing(document(schemas: """
            "Media": {"oneOf": [
              {"type": "object", "properties": {"type": {"const": "MEDIA"}, "seconds": {"type": "number"}}},
              {"type": "object", "required": ["type"], "properties": {"type": {"const": "SEEK"}, "on": {"type": "boolean"}}}]},
            "Back": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string", "enum": ["BACK"]}}},
            "Action": {"oneOf": [{"$ref": "#/components/schemas/Back"}, {"$ref": "#/components/schemas/Media"}], "discriminator": {"propertyName": "type"}}
            """))
        #expect(optional.model("Action")?["discriminator"] == nil)
        #expect(optional.warnings == ["#/components/schemas/Action/discriminator: the discriminator 'type' is not imported: Media, a union, has a member that "
            + "is not an object that holds a string 'type' (always, where several values pick it); the union tries its members in order"])
        // Picked by one value, it is written with that value: its members need not hold it always.
        let once = try importing(document(schemas: """
            "Media": {"oneOf": [
              {"type": "object", "properties": {"type": {"type": "string"}, "seconds": {"type": "number"}}},
              {"type": "object", "required": ["type"], "properties": {"type": {"type": "string"}, "on": {"type": "boolean"}}}]},
            "Back": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string", "enum": ["BACK"]}}},
            "Action": {"oneOf": [{"$ref": "#/components/schemas/Back"}, {"$ref": "#/components/schemas/Media"}],
              "discriminator": {"propertyName": "type", "mapping": {"MEDIA": "#/components/schemas/Media", "BACK": "#/components/schemas/Back"}}}
            """))
        #expect(once.model("Action")?["mapping"] as? [String: String] == ["MEDIA": "Media", "BACK": "Back"], "\(once.warnings)")
    }

    /// Found by a tester on Mattermost's document: `type: int` and `type: bool` were read as any
    /// JSON without a word. A name that is no JSON Schema type is said, with the one most likely
    /// meant.
    @Test func aTypeThatIsNoJSONSchemaTypeIsSaid() throws {
        let imported = try importing(document(schemas: """
            "Stage": {"type": "object", "properties": {"active": {"type": "int"}, "odd": {"type": "strin"}, "fine": {"type": "integer"},
              "listed": {"type": ["bool", "string"]}}}
            """))
        #expect(imported.type("Stage", "active") == "JSON?" && imported.type("Stage", "fine") == "Int?")
        #expect(imported.type("Stage", "listed") == "JSON?", "in a 3.1 list too (found by the review)")
        #expect(imported.warnings.sorted() == [
            "#/components/schemas/Stage/properties/active/type: 'int' is no JSON Schema type (string, integer, number, boolean, array, object, null); most likely 'integer' was meant; the value is read as any JSON",
            "#/components/schemas/Stage/properties/listed/type: 'bool' is no JSON Schema type (string, integer, number, boolean, array, object, null); most likely 'boolean' was meant; the value is read as any JSON",
            "#/components/schemas/Stage/properties/odd/type: 'strin' is no JSON Schema type (string, integer, number, boolean, array, object, null); the value is read as any JSON",
        ])
    }

    /// Found by a tester on Alpaca's document: its event streams are `text/event-stream` of
    /// `type: array, items: TradeUpdateEvent`, and each event, one object, failed to decode as an
    /// array. A stream is no JSON array: its elements are the items, with a warning.
    @Test func aStreamDescribedAsAnArrayIsAStreamOfItsItems() throws {
        let imported = try importing(document(schemas: """
            "Event": {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}}
            """, paths: """
            "/events": {"get": {"operationId": "events", "responses": {"200": {"description": "", "content": {"text/event-stream": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Event"}}}}}}}},
            "/lines": {"get": {"operationId": "lines", "responses": {"200": {"description": "", "content": {"application/x-ndjson": {"schema": {"$ref": "#/components/schemas/Event"}}}}}}}
            """))
        #expect(imported.endpoint("events")?["response"] as? String == "Event" && imported.endpoint("events")?["stream"] as? String == "sse")
        #expect(imported.endpoint("lines")?["response"] as? String == "Event", "an object stays the element")
        #expect(imported.warnings == ["#/paths/~1events/get/responses/200/content/text~1event-stream/schema: a stream is no JSON array: each of its events is read as one of the array's items"])
    }

    /// Found by a tester on Adyen's checkout: `additionalData` is a map of strings, with `anyOf`
    /// the groups of keys it may hold (each all optional). It was a union of those groups: an
    /// object became the last of them, and every key it does not declare was lost (47 of a
    /// payment's). The map keeps them all; `true` or `{}` beside alternatives says nothing of
    /// the values, and the union stays.
    @Test func aMapBesideAlternativesIsTheMap() throws {
        let imported = try importing(document(schemas: """
            "A": {"type": "object", "properties": {"a1": {"type": "string"}}},
            "B": {"type": "object", "properties": {"b1": {"type": "string"}}},
            "Payment": {"type": "object", "properties": {
              "additionalData": {"type": "object", "additionalProperties": {"type": "string"}, "anyOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}]},
              "loose": {"type": "object", "additionalProperties": true, "anyOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}]},
              "pet": {"type": "object", "additionalProperties": {"type": "string"}, "oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/A"}]}}},
            "Cat": {"type": "object", "required": ["lives"], "properties": {"lives": {"type": "integer"}}}
            """))
        #expect(imported.type("Payment", "additionalData") == "[String: String]?")
        // Beside a member that requires a key of another type (the second review), the union.
        #expect(imported.type("Payment", "pet") == "PaymentPet?")
        #expect(imported.type("Payment", "loose") == "PaymentLoose?")
        #expect(imported.model("PaymentLoose")?["oneOf"] as? [String] == ["A", "B"])
        #expect(imported.warnings == ["#/components/schemas/Payment/properties/additionalData/anyOf: 'anyOf' beside 'additionalProperties' is not "
            + "imported: the map keeps every key, those the alternatives name too"])
    }

    /// Found by a tester on InfluxDB's templates: `allOf: [{$ref: CheckDiscriminator}, {…}]`,
    /// where the schema named is a union, was "not an object", and every check lost its name
    /// and query. It is read as a `oneOf` written in the part is.
    @Test func aUnionThatAPartOfAnAllOfNamesGivesItsMembersProperties() throws {
        let imported = try importing(document(schemas: """
            "A": {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string"}, "a": {"type": "string"}}},
            "B": {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string"}, "b": {"type": "integer"}}},
            "AorB": {"discriminator": {"propertyName": "kind"}, "oneOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}]},
            "Summary": {"allOf": [{"$ref": "#/components/schemas/AorB"}, {"type": "object", "properties": {"extra": {"type": "string"}}}]}
            """))
        let properties = try #require(imported.properties("Summary"))
        #expect(NSDictionary(dictionary: properties) == ["kind": "String?", "a": "String?", "b": "Int?", "extra": "String?"])
        #expect(imported.model("AorB")?["oneOf"] as? [String] == ["A", "B"], "the union stays what it is elsewhere")
        #expect(imported.warnings == ["#/components/schemas/Summary/allOf/0: the 'oneOf' this part of 'allOf' names is read as its members' "
            + "properties, each optional: an object of 'Summary' holds those of one of them"])

        // Found by the review: not a union the schema is a member of, as Java's polymorphic types
        // are written (`Cat: {allOf: [Pet, {…}]}`, `Pet: {oneOf: [Cat, Dog]}`): a cat got a
        // dog's properties. And a base that only requires keys requires them.
        let members = try importing(document(schemas: """
            "Pet": {"oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}], "discriminator": {"propertyName": "kind"}},
            "Cat": {"allOf": [{"$ref": "#/components/schemas/Pet"}, {"type": "object", "required": ["kind", "meow"], "properties": {"kind": {"type": "string"}, "meow": {"type": "boolean"}}}]},
            "Dog": {"allOf": [{"$ref": "#/components/schemas/Pet"}, {"type": "object", "required": ["kind", "bark"], "properties": {"kind": {"type": "string"}, "bark": {"type": "integer"}}}]},
            "Addressed": {"type": "object", "required": ["to"]},
            "Note": {"allOf": [{"$ref": "#/components/schemas/Addressed"}, {"type": "object", "properties": {"to": {"type": "string"}, "text": {"type": "string"}}}]}
            """))
        #expect(NSDictionary(dictionary: members.properties("Cat") ?? [:]) == ["kind": "String", "meow": "Bool"])
        #expect(NSDictionary(dictionary: members.properties("Dog") ?? [:]) == ["kind": "String", "bark": "Int"])
        #expect(NSDictionary(dictionary: members.properties("Note") ?? [:]) == ["to": "String", "text": "String?"])
        // A union that requires a key beside its `oneOf` is still a union here (the second review).
        let required = try importing(document(schemas: """
            "Cash": {"type": "object", "properties": {"amount": {"type": "number"}}},
            "Shares": {"type": "object", "properties": {"qty": {"type": "integer"}}},
            "Entry": {"oneOf": [{"$ref": "#/components/schemas/Cash"}, {"$ref": "#/components/schemas/Shares"}], "required": ["id"]},
            "Journal": {"allOf": [{"$ref": "#/components/schemas/Entry"}, {"type": "object", "properties": {"id": {"type": "string"}}}]}
            """))
        #expect(NSDictionary(dictionary: required.properties("Journal") ?? [:]) == ["amount": "Double?", "qty": "Int?", "id": "String?"])
    }

    /// Found by a tester on Alpaca's document: `Journal` is `allOf: [{id…}, {oneOf: [Cash,
    /// Shares]}]`, and the `oneOf` part was left out as "not an object", so every journal lost
    /// its amounts. The members' properties are the model's, each optional; a key two members
    /// declare is of their type, or any JSON where their types differ.
    @Test func aOneOfPartOfAnAllOfGivesItsMembersPropertiesEachOptional() throws {
        let imported = try importing(document(schemas: """
            "Cash": {"type": "object", "required": ["net_amount", "kind"], "properties": {"net_amount": {"type": "string"}, "kind": {"type": "string"}, "at": {"type": "string", "format": "date-time"}}},
            "Shares": {"type": "object", "required": ["qty"], "properties": {"qty": {"type": "integer"}, "kind": {"type": "string"}, "at": {"type": "integer"}}},
            "Journal": {"allOf": [
              {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}},
              {"oneOf": [{"$ref": "#/components/schemas/Cash"}, {"$ref": "#/components/schemas/Shares"}, {"type": "object", "properties": {"note": {"type": "string"}}}]}]}
            """))
        let properties = try #require(imported.properties("Journal"))
        #expect(properties["id"] as? String == "String")
        #expect(properties["netAmount"] as? String == "String?" && properties["kind"] as? String == "String?")
        #expect(properties["qty"] as? String == "Int?" && properties["note"] as? String == "String?")
        #expect(properties["at"] as? String == "JSON?", "a date-time or an integer: either")
        #expect(properties.count == 6, "\(properties)")
        #expect(imported.warnings == ["#/components/schemas/Journal/allOf/1: the 'oneOf' in this part of 'allOf' is read as its members' properties, "
            + "each optional: an object of 'Journal' holds those of one of them"])

        // Found by the review: a member narrowed what the other parts declare (`amount` a
        // number, and a string in `Shares`; `entry_type` the constant of `Cash`), and a base that
        // a member is composed of too lost what it requires.
        let narrowing = try importing(document(schemas: """
            "Base": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}},
            "Cash": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object", "required": ["entry_type"], "properties": {"entry_type": {"type": "string", "enum": ["JNLC"]}, "net": {"type": "string"}}}]},
            "Shares": {"type": "object", "required": ["entry_type"], "properties": {"entry_type": {"type": "string", "enum": ["JNLS"]}, "amount": {"type": "string"}}},
            "Journal": {"allOf": [{"$ref": "#/components/schemas/Base"},
              {"type": "object", "required": ["entry_type"], "properties": {"entry_type": {"type": "string", "description": "The kind."}, "amount": {"type": "number"}}},
              {"oneOf": [{"$ref": "#/components/schemas/Cash"}, {"$ref": "#/components/schemas/Shares"}]}]}
            """))
        let journal = try #require(narrowing.properties("Journal"))
        #expect(journal["id"] as? String == "String", "\(journal)")
        #expect(journal["entryType"] as? [String: String] == ["type": "String", "description": "The kind."])
        #expect(journal["amount"] as? String == "JSON?" && journal["net"] as? String == "String?")
    }

    /// Found by a tester on Figma's document: `FrameNode` is `allOf: [{type: {enum: [FRAME]}},
    /// Node]`, and `Node` declares `type: {type: string}`. The later, wider schema replaced the
    /// constant, so the app had to pass `type:` to every node it built. Both parts hold: the
    /// constant stays, in either order, with the wider one's description; a later schema that
    /// says more than a type still replaces the earlier one.
    @Test func aLaterPartThatOnlyWidensAPropertyKeepsTheEarlierConstant() throws {
        let imported = try importing(document(schemas: """
            "Node": {"type": "object", "required": ["id", "type"], "properties": {"id": {"type": "string"}, "type": {"type": "string", "description": "The kind of node."}}},
            "Kind": {"type": "string", "enum": ["FRAME", "GROUP"]},
            "Frame": {"allOf": [{"type": "object", "required": ["type"], "properties": {"type": {"type": "string", "enum": ["FRAME"]}}}, {"$ref": "#/components/schemas/Node"}]},
            "Frame2": {"allOf": [{"$ref": "#/components/schemas/Node"}, {"type": "object", "required": ["type"], "properties": {"type": {"const": "FRAME"}}}]},
            "Group": {"allOf": [{"type": "object", "required": ["type"], "properties": {"type": {"$ref": "#/components/schemas/Kind"}}}, {"$ref": "#/components/schemas/Node"}]},
            "Other": {"allOf": [{"type": "object", "properties": {"type": {"type": "string", "enum": ["FRAME"]}}}, {"type": "object", "properties": {"type": {"type": "integer"}}}]}
            """))
        let frame = try #require(imported.properties("Frame")?["type"] as? [String: String])
        #expect(frame == ["type": "String", "default": "FRAME", "description": "The kind of node.\n\nAlways `\"FRAME\"`."])
        #expect((imported.properties("Frame2")?["type"] as? [String: String])?["default"] == "FRAME")
        #expect(imported.type("Group", "type") == "Kind")
        #expect(imported.type("Other", "type") == "Int?", "a type of its own replaces the earlier schema, as before")
    }

    /// Found by testers on Codat's documents: a part of `allOf` referred to on its own was named
    /// as an alternative (`OrderOption1`); it is a part.
    @Test func aPartOfAnAllOfReferredToOnItsOwnIsNamedAsAPart() throws {
        let imported = try importing(document(schemas: """
            "Base": {"type": "object", "properties": {"modified": {"type": "string"}}},
            "Order": {"allOf": [{"type": "object", "properties": {"id": {"type": "string"}}}, {"$ref": "#/components/schemas/Base"}]},
            "Line": {"type": "object", "properties": {"order": {"$ref": "#/components/schemas/Order/allOf/0"}}}
            """))
        #expect(imported.type("Line", "order") == "OrderPart1?")
        #expect(imported.properties("OrderPart1")?["id"] as? String == "String?")
    }

    /// Found by a tester on ListenNotes' playlist items: of objects that require no key, one
    /// whose keys another's all include (`Custom {id, title, audio}` inside `Episode {id, title,
    /// audio, podcast}`) was never decoded after it, and its objects came as the other. It goes
    /// first; members whose keys neither includes keep the document's order.
    @Test func untaggedUnionsTryTheObjectOfFewerKeysFirstWhenTheOtherHoldsThemAll() throws {
        let imported = try importing(document(schemas: """
            "Entry": {"oneOf": [{"$ref": "#/components/schemas/Episode"}, {"$ref": "#/components/schemas/Podcast"},
                               {"$ref": "#/components/schemas/Custom"}, {"$ref": "#/components/schemas/Deleted"}]},
            "Episode": {"type": "object", "properties": {"id": {"type": "string"}, "title": {"type": "string"}, "audio": {"type": "string"}, "podcast": {"type": "string"}}},
            "Podcast": {"type": "object", "properties": {"id": {"type": "string"}, "title": {"type": "string"}, "publisher": {"type": "string"}}},
            "Custom": {"type": "object", "properties": {"id": {"type": "string"}, "title": {"type": "string"}, "audio": {"type": "string"}}},
            "Deleted": {"type": "object", "properties": {"id": {"type": "string"}}}
            """))
        #expect(imported.model("Entry")?["oneOf"] as? [String] == ["Deleted", "Custom", "Episode", "Podcast"])
        // `importing` also checks that the spec generates without a warning: no member is never decoded.
    }

    /// Found by the review: an object that takes every object wherever it is (no properties of
    /// its own, or composed of parts) was moved before the others too, and took their objects.
    @Test func untaggedUnionsMoveOnlyPlainObjectsBeforeOthers() throws {
        let imported = OpenAPIImport.importSpec(openAPIText: document(schemas: """
            "A": {"anyOf": [{"$ref": "#/components/schemas/Super"}, {"$ref": "#/components/schemas/Empty"}]},
            "B": {"anyOf": [{"$ref": "#/components/schemas/Super"}, {"$ref": "#/components/schemas/Sub"}]},
            "Super": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}, "c": {"type": "string"}}},
            "Empty": {"type": "object", "properties": {}, "additionalProperties": false},
            "Base": {"type": "object", "properties": {"a": {"type": "string"}}},
            "Sub": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object", "properties": {"b": {"type": "string"}}}]}
            """), path: "api.json")
        let text = try #require(imported.specText)
        let spec = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let models = try #require(spec["models"] as? [String: [String: Any]])
        #expect(models["A"]?["oneOf"] as? [String] == ["Super", "Empty"])
        #expect(models["B"]?["oneOf"] as? [String] == ["Super", "Sub"])
    }

    /// A default is said, never kept: one of a required key has no effect on the wire (VTEX's
    /// gift card `id` of `"2"` stood in for a key a response lacked), so the property has none,
    /// and a default the format could not hold (beside `nullable`, of the wrong type, an array of
    /// arrays; Nordigen's stopped the import) is no problem either: the description says what
    /// the document says. A referenced schema's default (an enum's) is said too, as a
    /// parameter's is, also through `anyOf: [{$ref}, {type: null}]` and `allOf: [{$ref}]`.
    @Test func aDocumentsDefaultIsSaidInTheDescriptionNotKept() throws {
        let imported = try importing(document(schemas: """
            "D": {"type": "object", "required": ["limit", "ratio", "wrong", "scope", "mode"],
                  "properties": {"limit": {"type": "integer", "default": 20},
                                 "ratio": {"type": ["number", "null"], "default": 0.5},
                                 "wrong": {"type": "integer", "default": "ten"},
                                 "scope": {"type": "array", "default": ["x", "y"], "items": {"type": "array", "items": {"type": "string"}}},
                                 "mode": {"$ref": "#/components/schemas/Mode"},
                                 "shared": {"$ref": "#/components/schemas/Count"},
                                 "orNull": {"anyOf": [{"$ref": "#/components/schemas/Mode"}, {"type": "null"}]},
                                 "described": {"allOf": [{"$ref": "#/components/schemas/Mode"}], "description": "The mode."},
                                 "long": {"type": "string", "default": "\(String(repeating: "x", count: 90))"}}},
            "Mode": {"type": "string", "enum": ["drift", "cruise"], "default": "cruise"},
            "Count": {"type": "integer", "default": 3, "description": "How many."}
            """))
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
        let properties = try #require(imported.properties("D"))
        func property(_ name: String) -> NSDictionary { NSDictionary(dictionary: properties[name] as? [String: Any] ?? [:]) }
        #expect(property("limit") == ["type": "Int", "description": "Default: `20`."])
        #expect(property("ratio") == ["type": "Double?", "required": true, "description": "Default: `0.5`."])
        #expect(property("wrong") == ["type": "Int", "description": "Default: `\"ten\"`."])
        #expect(property("scope") == ["type": "[[String]]", "description": #"Default: `["x", "y"]`."#])
        #expect(property("mode") == ["type": "Mode", "description": "Default: `\"cruise\"`."])
        #expect(property("shared") == ["type": "Int?", "description": "How many.\n\nDefault: `3`."])
        // Through the one reference of a union with null, or of an `allOf` that describes it.
        #expect(property("orNull") == ["type": "Mode", "nullable": true, "description": "Default: `\"cruise\"`."])
        #expect(property("described") == ["type": "Mode?", "description": "The mode.\n\nDefault: `\"cruise\"`."])
        // Too long to read in a doc comment: not said, as a parameter's.
        #expect(properties["long"] as? String == "String?")
        let result = Generator.generate(specText: imported.text, specPath: "spec.json")
        let source = result.files.map(\.contents).joined()
        #expect(result.succeeded && source.contains("    /// Default: `0.5`.\n    public var ratio: Double?"), "\(source)")
        #expect(source.contains("try container.encodeField(\"ratio\", self.ratio)\n"), "required: sent as null when nil")
        #expect(source.contains("self.limit = try container.decodeField(Int.self, \"limit\")\n"), "a required key a response lacks fails")
    }

    @Test func mostlySnakeCaseKeysChooseTheSnakeCaseStrategy() throws {
        let imported = try importing(document(schemas: """
            "S": {"type": "object", "properties": {"user_id": {"type": "integer"}, "created_at": {"type": "string"}, "name": {"type": "string"},
                                                    "URLValue": {"type": "string"}}}
            """))
        #expect((imported.spec["defaults"] as? [String: Any])?["keyStrategy"] as? String == "convertFromSnakeCase")
        #expect(imported.type("S", "userId") == "Int?")
        #expect(imported.type("S", "createdAt") == "String?")
        #expect((imported.properties("S")?["URLValue"] as? [String: Any])?["key"] as? String == "URLValue", "a key the strategy would not give is written out")
        let camel = try importing(document(schemas: #""C": {"type": "object", "properties": {"userId": {"type": "integer"}}}"#))
        #expect(camel.spec["defaults"] == nil, "useDefaultKeys is the default, and not written")
    }

    // MARK: Operations

    @Test func parametersGoToPathQueryHeadersAndCookies() throws {
        let imported = try importing(document(paths: """
            "/items/{id}": {
              "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string", "format": "uuid"}}],
              "get": {"operationId": "getItem", "parameters": [
                {"name": "tag", "in": "query", "schema": {"type": "array", "items": {"type": "string"}}},
                {"name": "id", "in": "query", "schema": {"type": "integer"}},
                {"name": "csv", "in": "query", "explode": false, "schema": {"type": "array", "items": {"type": "string"}}},
                {"name": "filter", "in": "query", "style": "deepObject", "schema": {"type": "object", "properties": {"a": {"type": "string"}}}},
                {"name": "X-Trace", "in": "header", "required": true, "schema": {"type": "string"}},
                {"name": "Accept", "in": "header", "schema": {"type": "string"}},
                {"name": "sid", "in": "cookie", "schema": {"type": "string"}}],
                "responses": {"204": {"description": "none"}}}}
            """))
        let endpoint = try #require(imported.endpoint("getItem"))
        #expect(endpoint["pathParams"] as? [String: String] == ["id": "String"])
        let query = try #require(endpoint["query"] as? [String: Any])
        #expect(query["tag"] as? String == "[String]?")
        #expect(query["id"] as? [String: String] == ["type": "Int?", "swiftName": "idQuery"], "two parameters named id")
        #expect(query["csv"] as? [String: String] == ["type": "[String]?", "separator": ","], "not exploded: one item, commas between")
        #expect(query["filter[a]"] as? String == "String?", "a deepObject is a query item per property")
        #expect(endpoint["headers"] as? [String: String] == ["X-Trace": "String"], "an Accept parameter is ignored, as OpenAPI says")
        #expect(endpoint["cookies"] as? [String: String] == ["sid": "String?"])
        #expect(endpoint["response"] == nil)
        #expect(imported.warnings == [])
    }

    /// Found on VTEX's document: every operation needs an app key and an app token together
    /// (`security: [{appKey: [], appToken: []}]`), and only the key was sent, so ten of its
    /// eleven operations failed to authenticate. API keys needed together are one `apiKeys`
    /// scheme (made once, named after them), whose parameters are the scheme's; a key needed
    /// beside another kind of credential keeps its warning.
    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func apiKeysNeededTogetherAreOneScheme() async throws {
        let imported = try importing("""
            {"openapi": "3.0.3", "info": {"title": "Gifts", "version": "1"}, "security": [{"appKey": [], "appToken": []}],
             "paths": {
              "/cards": {"post": {"operationId": "createCard", "parameters": [
                {"name": "X-App-Key", "in": "header", "required": true, "schema": {"type": "string"}},
                {"name": "app_token", "in": "query", "required": true, "schema": {"type": "string"}},
                {"name": "X-Other", "in": "header", "schema": {"type": "string"}}], "responses": {"204": {"description": ""}}}},
              "/again": {"get": {"operationId": "again", "security": [{"appToken": [], "appKey": []}], "responses": {"204": {"description": ""}}}},
              "/solo": {"get": {"operationId": "solo", "security": [{"appKey": []}], "responses": {"204": {"description": ""}}}}},
             "components": {"securitySchemes": {"appKey": {"type": "apiKey", "in": "header", "name": "X-App-Key"},
               "appToken": {"type": "apiKey", "in": "query", "name": "app_token"}}}}
            """)
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
        let schemes = try #require(imported.spec["auth"] as? [String: Any])
        #expect(NSDictionary(dictionary: schemes["appKeyAndAppToken"] as? [String: Any] ?? [:]) == [
            "type": "apiKeys", "keys": [["in": "header", "name": "X-App-Key"], ["in": "query", "name": "app_token"]],
            "description": "The API keys 'appKey' and 'appToken', sent together."])
        #expect(NSDictionary(dictionary: schemes["appTokenAndAppKey"] as? [String: Any] ?? [:])["keys"] as? [[String: String]]
                == [["in": "query", "name": "app_token"], ["in": "header", "name": "X-App-Key"]], "another order is another credential")
        #expect((imported.spec["defaults"] as? [String: Any])?["auth"] as? String == "appKeyAndAppToken")
        #expect(imported.endpoint("createCard")?["headers"] as? [String: String] == ["X-Other": "String?"], "both keys are the scheme's")
        #expect(imported.endpoint("createCard")?["query"] == nil)
        let result = Generator.generate(specText: imported.text, specPath: "spec.json")
        try #require(result.succeeded, "\(result.diagnostics)")
        let app = """
            import Foundation
            import GeneratedRuntime
            func use(_ client: EndpointClient) {
                _ = LiveGiftsService(client: client.authorized(AppKeyAndAppTokenAuth.self, credential: APIKeys("key", "token")))
            }
            """
        let check = try await MutationFuzzTests.typecheck(
            result.files + [GeneratedFile(path: "App.swift", contents: app)], swiftc: executable(named: "swiftc")!,
            modules: try #require(GeneratedCodeCompilesTests.modules))
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
    }

    /// Found on VTEX's and The New York Times' documents: the API key an operation's scheme sends
    /// was also a parameter (`X-VTEX-API-AppKey`, the `api-key` query item), which the app had to
    /// give on every call, which the credential then overwrote, and which was not kept secret.
    /// It is the scheme's; the same name elsewhere, or where the scheme is not needed, stays.
    @Test func aParameterThatIsTheEndpointsAPIKeyIsTheSchemes() throws {
        let imported = try importing("""
            {"openapi": "3.0.3", "info": {"title": "Gifts", "version": "1"}, "security": [{"appKey": []}],
             "paths": {
              "/cards": {"post": {"operationId": "createCard", "parameters": [
                {"name": "x-app-key", "in": "header", "required": true, "schema": {"type": "string"}},
                {"name": "X-Other", "in": "header", "schema": {"type": "string"}}], "responses": {"204": {"description": ""}}}},
              "/lists": {"get": {"operationId": "lists", "security": [{"queryKey": []}], "parameters": [
                {"name": "api-key", "in": "query", "schema": {"type": "string"}},
                {"name": "X-App-Key", "in": "header", "schema": {"type": "string"}}], "responses": {"204": {"description": ""}}}},
              "/open": {"get": {"operationId": "open", "security": [], "parameters": [
                {"name": "X-App-Key", "in": "header", "schema": {"type": "string"}}], "responses": {"204": {"description": ""}}}}},
             "components": {"securitySchemes": {"appKey": {"type": "apiKey", "in": "header", "name": "X-App-Key"},
               "queryKey": {"type": "apiKey", "in": "query", "name": "api-key"}}}}
            """)
        #expect(imported.endpoint("createCard")?["headers"] as? [String: String] == ["X-Other": "String?"], "header names ignore case")
        #expect(imported.endpoint("lists")?["query"] == nil)
        #expect(imported.endpoint("lists")?["headers"] as? [String: String] == ["X-App-Key": "String?"], "another scheme's header")
        #expect(imported.endpoint("open")?["headers"] as? [String: String] == ["X-App-Key": "String?"], "no scheme needed")
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    }

    /// OpenAPI's styles for an array in the query (`form`, exploded or not, `spaceDelimited`,
    /// `pipeDelimited`) and in a header (`simple`, a list whatever `explode` says); those the
    /// spec format cannot send (a delimited array in the path or a cookie, a deepObject array)
    /// are a String the app writes, with a warning.
    @Test func arrayParametersKeepTheirStyle() throws {
        let imported = try importing(document(paths: """
            "/items/{ids}": {"get": {"operationId": "list", "parameters": [
                {"name": "ids", "in": "path", "required": true, "schema": {"type": "array", "items": {"type": "integer"}}},
                {"name": "exploded", "in": "query", "style": "form", "explode": true, "schema": {"type": "array", "items": {"type": "string"}}},
                {"name": "comma", "in": "query", "required": true, "explode": false, "schema": {"type": "array", "items": {"type": "integer"}}},
                {"name": "space", "in": "query", "style": "spaceDelimited", "schema": {"type": "array", "items": {"type": "string"}}},
                {"name": "pipe", "in": "query", "style": "pipeDelimited", "explode": false, "schema": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}}},
                {"name": "pipeExploded", "in": "query", "style": "pipeDelimited", "explode": true, "schema": {"type": "array", "items": {"type": "string"}}},
                {"name": "deep", "in": "query", "style": "deepObject", "schema": {"type": "array", "items": {"type": "string"}}},
                {"name": "filters", "in": "query", "style": "deepObject", "schema": {"type": "object", "additionalProperties": {"type": "integer"}}},
                {"name": "bare", "in": "query", "schema": {"type": "object", "additionalProperties": {"type": "string"}}},
                {"name": "X-Tags", "in": "header", "style": "simple", "explode": false, "schema": {"type": "array", "items": {"type": "string"}}},
                {"name": "X-Ids", "in": "header", "required": true, "explode": true, "schema": {"type": "array", "items": {"type": "integer"}}},
                {"name": "X-Nested", "in": "header", "schema": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}}},
                {"name": "c", "in": "cookie", "explode": false, "schema": {"type": "array", "items": {"type": "string"}}}],
                "responses": {"204": {"description": "none"}}}}
            """))
        let endpoint = try #require(imported.endpoint("list"))
        let query = try #require(endpoint["query"] as? [String: Any])
        #expect(query["exploded"] as? String == "[String]?")
        #expect(query["comma"] as? [String: String] == ["type": "[Int]", "separator": ","])
        #expect(query["space"] as? [String: String] == ["type": "[String]?", "separator": " "], "spaceDelimited is not exploded by default")
        #expect(query["pipe"] as? [String: String] == ["type": "[ListPipeItem]?", "separator": "|"])
        #expect(query["pipeExploded"] as? String == "[String]?", "exploded, a delimited style is form's")
        #expect(query["deep"] as? String == "String?")
        #expect(query["filters"] as? String == "[String: Int]?", "a deepObject dictionary: name[key]=value")
        #expect(NSDictionary(dictionary: query["bare"] as? [String: Any] ?? [:]) == ["type": "[String: String]?", "style": "form"],
                "a form dictionary, exploded, sends its keys as names of their own")
        #expect(endpoint["headers"] as? [String: String] == ["X-Tags": "[String]?", "X-Ids": "[Int]", "X-Nested": "String?"])
        #expect(endpoint["pathParams"] as? [String: String] == ["ids": "String"])
        #expect(endpoint["cookies"] as? [String: String] == ["c": "String?"])
        #expect(imported.warnings == [
            "#/paths/~1items~1{ids}/get/parameters/0: a path parameter holding an array is imported as a String that the app encodes",
            "#/paths/~1items~1{ids}/get/parameters/6: a query parameter holding an array is imported as a String that the app encodes (style 'deepObject')",
            "#/paths/~1items~1{ids}/get/parameters/11: a header parameter holding an array is imported as a String that the app encodes",
            "#/paths/~1items~1{ids}/get/parameters/12: a cookie parameter holding an array is imported as a String that the app encodes",
        ])
        // What the import writes generates and compiles into the calls that send each style.
        let generated = Generator.generate(specText: imported.text, specPath: "spec.json")
        let source = generated.files.map(\.contents).joined()
        #expect(source.contains(#"request.addQueryList("comma", comma, separator: ",")"#))
        #expect(source.contains(#"request.addQueryList("space", space, separator: " ")"#))
        #expect(source.contains(#"request.addQueryList("pipe", pipe, separator: "|")"#))
        #expect(source.contains(#"request.addQuery("pipeExploded", pipeExploded)"#))
        #expect(source.contains(#"request.setHeaderList("X-Tags", xTags)"#))
        #expect(source.contains(#"request.setHeaderList("X-Ids", xIds)"#))
        #expect(source.contains(#"request.addQueryDictionary("filters", filters)"#))
        #expect(source.contains("request.addQueryEntries(bare)"))
    }

    /// A string beside string enums (`anyOf: [{type: string}, {enum: […]}]`, how OpenAI lists
    /// model names while allowing others) is one open enum of the listed values, in order and
    /// each once, through references too: the open enum keeps any other string. A union with
    /// anything else in it stays a union.
    @Test func aStringBesideEnumsIsOneOpenEnum() throws {
        let imported = try importing(document(schemas: """
            "Shared": {"anyOf": [{"type": "string"}, {"type": "string", "enum": ["gpt-5", "gpt-4o"]}]},
            "Responses": {"anyOf": [{"$ref": "#/components/schemas/Shared"}, {"type": "string", "title": "Only", "enum": ["o3-pro", "gpt-5"]}]},
            "Annotated": {"anyOf": [{"type": "string"}, {"allOf": [{"$ref": "#/components/schemas/Shared"}], "description": "The shared ones."}]},
            "Loop": {"anyOf": [{"type": "string"}, {"allOf": [{"$ref": "#/components/schemas/Loop"}]}, {"enum": ["z"]}]},
            "Options": {"type": "object", "required": ["model"], "properties": {
                "model": {"anyOf": [{"type": "string"}, {"type": "string", "enum": ["dall-e-2"]}], "default": "dall-e-2"},
                "tier": {"anyOf": [{"type": "string"}, {"type": "string", "enum": ["auto"]}], "default": "auto"},
                "voice": {"anyOf": [{"type": "string"}, {"$ref": "#/components/schemas/Shared"}], "nullable": true},
                "stamp": {"anyOf": [{"type": "string", "format": "date-time"}, {"type": "string", "enum": ["now"]}]},
                "size": {"anyOf": [{"type": "integer"}, {"type": "string", "enum": ["auto"]}]},
                "mode": {"anyOf": [{"type": "string"}, {"type": "string", "enum": ["a", null]}]}}}
            """, paths: """
            "/a": {"get": {"operationId": "list", "parameters": [{"name": "model", "in": "query", "schema": {"$ref": "#/components/schemas/Responses"}}],
                "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Options"}}}}}}}
            """))
        #expect(imported.model("Shared")?["enum"] as? [String] == ["gpt-5", "gpt-4o"])
        #expect(imported.model("Responses")?["enum"] as? [String] == ["gpt-5", "gpt-4o", "o3-pro"])
        #expect(imported.model("SharedOption2") == nil && imported.model("ResponsesOnly") == nil)
        #expect(imported.model("Annotated")?["enum"] as? [String] == ["gpt-5", "gpt-4o"], "an allOf that annotates a reference is that reference")
        #expect(imported.model("Loop")?["enum"] as? [String] == ["z"], "a reference back to the union adds nothing")
        #expect(imported.type("Options", "model") == "OptionsModel")
        #expect(imported.model("OptionsModel")?["enum"] as? [String] == ["dall-e-2"])
        #expect((imported.properties("Options")?["model"] as? [String: Any])?["description"] as? String == "Default: `\"dall-e-2\"`.")
        #expect((imported.properties("Options")?["tier"] as? [String: Any])?["description"] as? String == "Default: `\"auto\"`.")
        #expect(imported.model("OptionsVoice")?["enum"] as? [String] == ["gpt-5", "gpt-4o"])
        #expect((imported.properties("Options")?["voice"] as? [String: Any])?["nullable"] as? Bool == true)
        // A date or an integer beside them: a union, as before.
        for name in ["OptionsStamp", "OptionsSize"] {
            #expect(imported.model(name)?["oneOf"] != nil, "\(name): \(imported.model(name) ?? [:])")
        }
        // A null among the values is the property's: it may be null.
        #expect(imported.model("OptionsMode")?["enum"] as? [String] == ["a"])
        #expect((imported.properties("Options")?["mode"] as? [String: Any])?["nullable"] as? Bool == true)
        // A query parameter of it is an enum, sent as its raw value.
        #expect((imported.endpoint("list")?["query"] as? [String: String])?["model"] == "Responses?")
    }

    /// A union one of whose alternatives allows null (3.0's `nullable` on a member, through a
    /// reference too) holds null itself: the property is nullable, so that null is not lost.
    @Test func aNullableAlternativeMakesTheUnionNullable() throws {
        let imported = try importing(document(version: "3.0.3", schemas: """
            "Maybe": {"type": "string", "nullable": true},
            "Holder": {"type": "object", "properties": {
                "pick": {"oneOf": [{"type": "integer"}, {"type": "string", "nullable": true}]},
                "viaRef": {"anyOf": [{"type": "boolean"}, {"$ref": "#/components/schemas/Maybe"}]},
                "plain": {"oneOf": [{"type": "integer"}, {"type": "string"}]}}}
            """, paths: """
            "/h": {"get": {"operationId": "holder", "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Holder"}}}}}}}
            """))
        let properties = try #require(imported.properties("Holder"))
        #expect((properties["pick"] as? [String: Any])?["nullable"] as? Bool == true, "\(properties)")
        #expect((properties["viaRef"] as? [String: Any])?["nullable"] as? Bool == true, "\(properties)")
        #expect(properties["plain"] as? String == "HolderPlain?", "\(properties)")
    }

    /// A union's default is said as any other (OpenAI's fine-tuning hyperparameters: `oneOf:
    /// [{enum: [auto]}, {type: integer}]`, default `auto`), also where it is required.
    @Test func aUnionsDefaultIsSaid() throws {
        let imported = try importing(document(schemas: """
            "Hyper": {"type": "object", "required": ["n_epochs", "beta"], "properties": {
                "n_epochs": {"oneOf": [{"type": "string", "enum": ["auto"]}, {"type": "integer"}], "default": "auto"},
                "beta": {"anyOf": [{"type": "number"}, {"type": "string", "enum": ["auto"]}], "default": 0.5}}}
            """, paths: """
            "/h": {"get": {"operationId": "hyper", "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Hyper"}}}}}}}
            """))
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
        let properties = try #require(imported.properties("Hyper"))
        #expect(NSDictionary(dictionary: properties["nEpochs"] as? [String: Any] ?? [:]) == ["type": "HyperNEpochs", "description": "Default: `\"auto\"`."])
        #expect(NSDictionary(dictionary: properties["beta"] as? [String: Any] ?? [:]) == ["type": "HyperBeta", "description": "Default: `0.5`."])
        let source = Generator.generate(specText: imported.text, specPath: "spec.json").files.map(\.contents).joined()
        #expect(source.contains("public init(nEpochs: HyperNEpochs, beta: HyperBeta) {"), "\(source)")
    }

    /// Found on OpenAI's `ModifyAssistantRequest`: `tools`, not required, has `default: []`. As a
    /// default of the model it was sent with every update, so renaming an assistant removed its
    /// tools; api.video's `PATCH` bodies did the same with their flags. A document's default is
    /// what the API takes when the key is absent, as a parameter's is: the property stays
    /// optional with no default, the doc comment says it, and an absent key stays absent both
    /// ways. A required constant is the default, which the app then need not give.
    static let modifyAssistant = """
        {"openapi": "3.0.3", "info": {"title": "Test", "version": "1"},
         "paths": {"/assistants/{id}": {"post": {"operationId": "modifyAssistant",
           "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
           "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ModifyAssistantRequest"}}}},
           "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ModifyAssistantRequest"}}}}}}}},
         "components": {"schemas": {
           "ModifyAssistantRequest": {"type": "object", "required": ["object"], "properties": {
             "object": {"type": "string", "enum": ["assistant"]},
             "name": {"type": "string"},
             "tools": {"type": "array", "items": {"type": "string"}, "default": [], "description": "The tools."},
             "temperature": {"type": "number", "nullable": true, "default": 1},
             "public": {"type": "boolean", "default": true, "enum": [true]},
             "note": {"type": "string", "default": "\(String(repeating: "x", count: 90))"}}}}}}
        """

    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func aDocumentsDefaultIsLeftToTheAPI() async throws {
        let imported = try importing(Self.modifyAssistant)
        #expect(imported.warnings.isEmpty, "a nullable one is no problem either: \(imported.warnings)")
        let properties = try #require(imported.properties("ModifyAssistantRequest"))
        #expect(NSDictionary(dictionary: properties["tools"] as? [String: Any] ?? [:]) == ["type": "[String]?", "description": "The tools.\n\nDefault: `[]`."])
        #expect(NSDictionary(dictionary: properties["temperature"] as? [String: Any] ?? [:]) == ["type": "Double", "nullable": true, "description": "Default: `1`."])
        // A constant that is also the default is said once, as what it is.
        #expect(NSDictionary(dictionary: properties["public"] as? [String: Any] ?? [:]) == ["type": "Bool?", "description": "Always `true`."])
        // Too long to read in a doc comment: not said, as a parameter's.
        #expect(properties["note"] as? String == "String?")
        // A required constant is the default, which the app then need not give.
        #expect(NSDictionary(dictionary: properties["object"] as? [String: Any] ?? [:]) == ["type": "String", "default": "assistant", "description": "Always `\"assistant\"`."])
        let source = Generator.generate(specText: imported.text, specPath: "spec.json").files.map(\.contents).joined()
        #expect(source.contains("tools: [String]? = nil,") && source.contains(#"object: String = "assistant","#), "\(source)")

        func property(_ name: String, _ type: RandomType, default value: FuzzJSON? = nil, nullable: Bool = false) -> RandomProperty {
            RandomProperty(specName: name, swiftName: name, key: name, type: type, effectiveType: nullable ? .optional(type) : type,
                           defaultValue: value, dateStrategy: nil, nullable: nullable)
        }
        let models = [RandomModel(name: "ModifyAssistantRequest", kind: .structure([
            property("object", .string, default: FuzzJSON(try JSONParser.parse(#""assistant""#))), property("name", .optional(.string)),
            property("tools", .optional(.array(.string))), property("temperature", .double, nullable: true),
            property("public", .optional(.bool)), property("note", .optional(.string)),
        ]))]
        // Only a name, as an app renaming the assistant sends it: nothing else comes back.
        let instances: [(model: String, json: FuzzJSON)] = try [
            ("ModifyAssistantRequest", #"{"object": "assistant", "name": "Math tutor"}"#),
            ("ModifyAssistantRequest", #"{"object": "assistant", "tools": ["code_interpreter"], "temperature": null, "public": true}"#),
        ].map { ($0.0, FuzzJSON(try JSONParser.parse($0.1))) }
        let spec = RandomSpec(index: 0, seed: 0, spec: FuzzJSON(try JSONParser.parse(imported.text)), models: models, instances: instances)
        try await RandomSpecTests.compileAndRoundTrip(spec, options: GeneratorOptions(layout: .split), label: "modify assistant", replay: "")
    }

    /// Found by two testers on Codat's documents: keys beside a `$ref` that refine the schema it
    /// names (`{$ref: Base, required: [name]}`, `{$ref: Base, properties: {extra: …}}`) were
    /// dropped without a word, so a required key was optional and a response's own property was
    /// lost. They are the composition JSON Schema makes of them.
    @Test func keysBesideAReferenceRefineWhatItNames() throws {
        let imported = try importing(document(
            schemas: """
            "Base": {"type": "object", "properties": {"modified": {"type": "string"}}},
            "Tax": {"allOf": [{"type": "object", "properties": {"name": {"type": "string"}}},
                              {"$ref": "#/components/schemas/Base", "required": ["name"]}]},
            "Holder": {"type": "object", "properties": {"inner": {"$ref": "#/components/schemas/Base", "required": ["modified"], "description": "Inside."}}}
            """,
            paths: """
            "/x": {"get": {"operationId": "getX", "parameters": [{"name": "at", "in": "query", "required": true, "schema": {"$ref": "#/components/schemas/Base"}}], "responses": {"200": {"description": "", "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/Base", "properties": {"extra": {"type": "string"}}}}}}}}}
            """))
        #expect(imported.properties("Tax")?["name"] as? String == "String", "required beside the reference")
        #expect(imported.properties("Base")?["modified"] as? String == "String?", "the schema named is left as it is")
        #expect(NSDictionary(dictionary: imported.properties("Holder")?["inner"] as? [String: Any] ?? [:]) == ["type": "HolderInner?", "description": "Inside."])
        #expect(imported.properties("HolderInner")?["modified"] as? String == "String")
        #expect(imported.endpoint("getX")?["response"] as? String == "GetXResponse")
        #expect(imported.model("GetXResponse")?["allOf"] as? [String] == ["Base"])
        #expect(imported.properties("GetXResponse")?["extra"] as? String == "String?")
        let query = try #require(imported.endpoint("getX")?["query"] as? [String: Any])
        #expect(query["modified"] as? [String: String] == ["type": "String?", "swiftName": "atModified"], "a reference alone is as it was")
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    }

    /// Found by the review of the change above: the keys moved under a new `allOf`, so a `$ref`
    /// into them (`…/Tax/properties/rate`) named nothing and the import failed; and beside a
    /// reference to a union, a polymorphic base or a string, or as an empty `required`, they
    /// made a struct of what was not one. The keys stay in place, and only an object schema's
    /// reference is refined.
    @Test func keysBesideAReferenceRefineOnlyAnObjectAndStayWhereTheyAre() throws {
        let imported = try importing(document(schemas: """
            "Base": {"type": "object", "properties": {"modified": {"type": "string"}}},
            "Tax": {"$ref": "#/components/schemas/Base", "properties": {"rate": {"type": "object", "properties": {"v": {"type": "number"}}}}, "required": ["rate"]},
            "Line": {"type": "object", "properties": {"rate": {"$ref": "#/components/schemas/Tax/properties/rate"}}},
            "Pet": {"oneOf": [{"$ref": "#/components/schemas/Base"}, {"type": "string"}]},
            "Str": {"type": "string"},
            "Media": {"type": "object", "discriminator": {"propertyName": "kind"}, "required": ["kind"], "properties": {"kind": {"type": "string"}}},
            "Photo": {"allOf": [{"$ref": "#/components/schemas/Media"}, {"type": "object", "properties": {"width": {"type": "integer"}}}]},
            "Holder": {"type": "object", "properties": {
              "union": {"$ref": "#/components/schemas/Pet", "required": ["name"]},
              "str": {"$ref": "#/components/schemas/Str", "required": ["x"]},
              "media": {"$ref": "#/components/schemas/Media", "required": ["title"]},
              "empty": {"$ref": "#/components/schemas/Base", "required": []},
              "closed": {"$ref": "#/components/schemas/Base", "additionalProperties": false},
              "data": {"type": "object", "default": {"$ref": "#/x", "required": ["a"]}},
              "default": {"$ref": "#/components/schemas/Base", "required": ["modified"]}}}
            """))
        #expect(imported.model("Tax")?["allOf"] as? [String] == ["Base"])
        #expect(imported.properties("Tax")?["rate"] as? String == "TaxRate")
        #expect(imported.type("Line", "rate") == "TaxRate?", "a reference into the refined schema still names it")
        #expect(imported.type("Holder", "union") == "Pet?")
        #expect(imported.type("Holder", "str") == "String?")
        #expect(imported.type("Holder", "media") == "Media?")
        #expect(imported.type("Holder", "empty") == "Base?")
        #expect(imported.type("Holder", "closed") == "Base?")
        #expect((imported.properties("Holder")?["data"] as? [String: Any])?["description"] as? String == ##"Default: `{"$ref": "#/x", "required": ["a"]}`."##,
                "a default is data, left as it is")
        // Found by the second review: a property named `default` is a schema, not data.
        #expect(imported.type("Holder", "default") == "HolderDefault?")
        #expect(imported.properties("HolderDefault")?["modified"] as? String == "String")
        // Beside a union, a polymorphic base or a string they are said, not dropped without a word.
        let beside = "beside the reference is not imported: the schema it names is not an object of properties that it could refine"
        #expect(imported.warnings == [
            "#/components/schemas/Holder/properties/union/required: 'required' \(beside)",
            "#/components/schemas/Holder/properties/str/required: 'required' \(beside)",
            "#/components/schemas/Holder/properties/media/required: 'required' \(beside)",
        ], "\(imported.warnings)")
    }

    @Test func bodiesAreJSONFormsMultipartOrBytes() throws {
        let imported = try importing(document(paths: """
            "/a": {"post": {"operationId": "json", "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "properties": {"x": {"type": "string"}}}}}}, "responses": {"204": {"description": ""}}}},
            "/b": {"post": {"operationId": "form", "requestBody": {"required": true, "content": {"application/x-www-form-urlencoded": {"schema": {"type": "object", "properties": {"x": {"type": "string"}}}}}}, "responses": {"204": {"description": ""}}}},
            "/b2": {"post": {"operationId": "formObject", "requestBody": {"required": true, "content": {"application/x-www-form-urlencoded": {"schema": {"type": "object", "properties": {"meta": {"type": "object", "properties": {"a": {"type": "string"}}}, "fields": {"type": "array", "items": {}}}}}}}, "responses": {"204": {"description": ""}}}},
            "/c": {"post": {"operationId": "multipart", "requestBody": {"required": true, "content": {"multipart/form-data": {"schema": {"type": "object", "required": ["f"], "properties": {
                "f": {"type": "string", "format": "binary"},
                "meta": {"type": "object", "properties": {"a": {"type": "string"}}},
                "photos": {"type": "array", "items": {"type": "string", "format": "binary"}},
                "image": {"oneOf": [{"type": "string", "format": "binary"}, {"type": "array", "items": {"type": "string", "format": "binary"}}]},
                "regions": {"type": "array", "items": {"type": "object", "properties": {"x": {"type": "integer"}}}},
                "times": {"type": "object", "additionalProperties": {"type": "string", "format": "date-time"}},
                "slots": {"type": "array", "items": {"type": "array", "items": {"type": "string", "format": "date-time"}}},
                "maybe": {"type": "array", "items": {"type": "string", "format": "binary", "nullable": true}},
                "labels": {"type": "array", "items": {"type": ["string", "null"]}}}}}}}, "responses": {"204": {"description": ""}}}},
            "/d": {"put": {"operationId": "bytes", "requestBody": {"required": true, "content": {"application/octet-stream": {}}}, "responses": {"204": {"description": ""}}}},
            "/e": {"put": {"operationId": "xml", "requestBody": {"required": true, "content": {"application/xml": {}}}, "responses": {"204": {"description": ""}}}}
            """))
        #expect(imported.endpoint("json")?["body"] as? String == "JsonRequest")
        #expect(imported.endpoint("form")?["body"] as? [String: String] == ["type": "FormRequest", "encoding": "form"])
        #expect(imported.endpoint("multipart")?["body"] as? [String: String] == ["type": "MultipartRequest", "encoding": "multipart"])
        #expect(imported.type("MultipartRequest", "f") == "File")
        // A multipart form sends files, a part each, and anything else that is not text as JSON.
        #expect(imported.type("MultipartRequest", "meta") == "MultipartRequestMeta?")
        #expect(imported.type("MultipartRequest", "photos") == "[File]?")
        #expect(imported.type("MultipartRequest", "image") == "[File]?")
        #expect(imported.type("MultipartRequest", "regions") == "[MultipartRequestRegionsItem]?")
        #expect(imported.type("MultipartRequest", "times") == "[String: String]?", "dates outside a model stay text")
        #expect(imported.type("MultipartRequest", "slots") == "[[String]]?", "a JSON part's dates outside a model are text")
        #expect(imported.type("MultipartRequest", "maybe") == "[File]?", "a form has no null element")
        #expect(imported.type("MultipartRequest", "labels") == "[String]?")
        // A url-encoded one sends text.
        #expect(imported.type("FormObjectRequest", "meta") == "String?")
        // Found by a tester on Twilio's `Details.Fields`: a list keeps its elements apart, a field each.
        #expect(imported.type("FormObjectRequest", "fields") == "[String]?")
        #expect(imported.endpoint("bytes")?["body"] as? String == "Upload")
        #expect(imported.endpoint("xml")?["body"] as? [String: String] == ["type": "Upload", "contentType": "application/xml"])
        #expect(imported.warnings == [
            "#/paths/~1b2/post/requestBody/content/application~1x-www-form-urlencoded/schema/properties/meta: a url-encoded form field holds text; FormObjectRequestMeta is imported as a String the app encodes (as JSON, for example)",
            "#/paths/~1b2/post/requestBody/content/application~1x-www-form-urlencoded/schema/properties/fields: a url-encoded form field holds text; the elements of [JSON] are imported as Strings the app encodes (as JSON, for example), a field each",
            "#/paths/~1c/post/requestBody/content/multipart~1form-data/schema/properties/image: the field holds one file or several; it is imported as [File], a part per file",
            "#/paths/~1c/post/requestBody/content/multipart~1form-data/schema/properties/slots: a multipart field of [[Date]] is sent as JSON, where a Date needs a model property for its date strategy; its dates are imported as Strings the app formats",
            "#/paths/~1c/post/requestBody/content/multipart~1form-data/schema/properties/maybe: a form field cannot be null; the elements of [Data?] are imported non-optional",
            "#/paths/~1c/post/requestBody/content/multipart~1form-data/schema/properties/labels: a form field cannot be null; the elements of [String?] are imported non-optional",
            "#/paths/~1e/put/requestBody/content/application~1xml: an XML body is sent as bytes the app encodes",
        ])
        let generated = Generator.generate(specText: imported.text, specPath: "spec.json")
        #expect(generated.succeeded, "\(generated.diagnostics.map(\.description))")
        let source = generated.files.map(\.contents).joined()
        for call in [#"form.append("f", multipartRequest.f)"#, #"try form.appendJSON("meta", multipartRequest.meta)"#,
                     #"form.append("photos", multipartRequest.photos)"#, #"form.append("image", multipartRequest.image)"#,
                     #"try form.appendJSONElements("regions", multipartRequest.regions)"#, #"try form.appendJSON("times", multipartRequest.times)"#,
                     #"try form.appendJSONElements("slots", multipartRequest.slots)"#, #"form.append("maybe", multipartRequest.maybe)"#] {
            #expect(source.contains(call), "\(call)")
        }
    }

    /// A request body is optional unless the document marks it `required` (OpenAPI's default),
    /// and an optional body is left out when nil; a schema that allows `null` does not make a
    /// required body optional. Found in OpenAI's and Discourse's documents, whose bodies without
    /// `required` were imported as required.
    @Test func aBodyIsOptionalUnlessRequired() throws {
        let item = ##"{"application/json": {"schema": {"$ref": "#/components/schemas/Item"}}}"##
        let nullable = ##"{"application/json": {"schema": {"anyOf": [{"$ref": "#/components/schemas/Item"}, {"type": "null"}]}}}"##
        let noContent = #""responses": {"204": {"description": ""}}"#
        let imported = try importing("""
            {"openapi": "3.1.0", "info": {"title": "Test", "version": "1"}, "paths": {
            "/a": {"post": {"operationId": "required", "requestBody": {"required": true, "content": \(item)}, \(noContent)}},
            "/b": {"post": {"operationId": "notRequired", "requestBody": {"required": false, "content": \(item)}, \(noContent)}},
            "/c": {"post": {"operationId": "unsaid", "requestBody": {"content": \(item)}, \(noContent)}},
            "/d": {"post": {"operationId": "shared", "requestBody": {"$ref": "#/components/requestBodies/Shared"}, \(noContent)}},
            "/e": {"post": {"operationId": "sharedOptional", "requestBody": {"$ref": "#/components/requestBodies/SharedOptional"}, \(noContent)}},
            "/f": {"put": {"operationId": "bytes", "requestBody": {"content": {"application/octet-stream": {}}}, \(noContent)}},
            "/g": {"post": {"operationId": "form", "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {"$ref": "#/components/schemas/Item"}}}}, \(noContent)}},
            "/h": {"post": {"operationId": "nullableRequired", "requestBody": {"required": true, "content": \(nullable)}, \(noContent)}},
            "/i": {"post": {"operationId": "nullableOptional", "requestBody": {"content": \(nullable)}, \(noContent)}}},
             "components": {"schemas": {"Item": {"type": "object", "properties": {"x": {"type": "string"}}}},
                            "requestBodies": {"Shared": {"required": true, "content": \(item)}, "SharedOptional": {"content": \(item)}}}}
            """)
        #expect(imported.endpoint("required")?["body"] as? String == "Item")
        #expect(imported.endpoint("notRequired")?["body"] as? String == "Item?")
        #expect(imported.endpoint("unsaid")?["body"] as? String == "Item?")
        #expect(imported.endpoint("shared")?["body"] as? String == "Item", "required is read where the reference leads")
        #expect(imported.endpoint("sharedOptional")?["body"] as? String == "Item?")
        #expect(imported.endpoint("bytes")?["body"] as? String == "Upload?")
        #expect(imported.endpoint("form")?["body"] as? [String: String] == ["type": "Item?", "encoding": "form"])
        #expect(imported.endpoint("nullableRequired")?["body"] as? String == "Item")
        #expect(imported.endpoint("nullableOptional")?["body"] as? String == "Item?")
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    }

    /// The success response's headers become `responseHeaders`: required where every 2xx response
    /// marks them so, a list or an enum as such, through references; what a header cannot hold
    /// is a String, with a warning. Before, they were left out with a warning.
    @Test func responseHeadersAreTyped() throws {
        let imported = try importing(##"""
            {"openapi": "3.1.0", "info": {"title": "Test", "version": "1"}, "paths": {
              "/a": {"get": {"operationId": "headed", "responses": {
                "200": {"description": "", "headers": {
                  "ETag": {"required": true, "description": "The version.", "schema": {"type": "string"}},
                  "X-Rate-Limit": {"$ref": "#/components/headers/RateLimit"},
                  "X-Kinds": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Kind"}}},
                  "X-Next": {"required": true, "schema": {"type": "string", "format": "uri"}},
                  "X-Meta": {"schema": {"type": "object", "properties": {"a": {"type": "string"}}}},
                  "X-Encoded": {"content": {"application/json": {"schema": {"type": "object"}}}},
                  "Content-Type": {"schema": {"type": "string"}},
                  "Set-Cookie": {"schema": {"type": "string"}},
                  "x-rate-limit": {"schema": {"type": "string"}}},
                  "content": {"application/json": {"schema": {"type": "string"}}}},
                "206": {"description": "", "headers": {"ETag": {"required": true, "schema": {"type": "string"}}}}}}},
              "/b": {"get": {"operationId": "events", "responses": {"200": {"description": "", "headers": {"X-Id": {"schema": {"type": "string"}}},
                "content": {"text/event-stream": {"schema": {"type": "string"}}}}}}}},
             "components": {"schemas": {"Kind": {"type": "string", "enum": ["a", "b"]}},
                            "headers": {"RateLimit": {"required": true, "schema": {"type": "integer"}}}}}
            """##)
        let headers = try #require(imported.endpoint("headed")?["responseHeaders"] as? [String: Any])
        #expect(headers["ETag"] as? [String: String] == ["type": "String", "description": "The version."], "required in every 2xx response")
        #expect(headers["X-Rate-Limit"] as? String == "Int?", "required in the 200 response, not in the 206 one")
        #expect(headers["X-Kinds"] as? String == "[Kind]?")
        #expect(headers["X-Next"] as? String == "String?")
        #expect(headers["X-Meta"] as? String == "String?")
        #expect(headers["X-Encoded"] as? String == "String?")
        #expect(Set(headers.keys) == ["ETag", "X-Rate-Limit", "X-Kinds", "X-Next", "X-Meta", "X-Encoded"])
        #expect(imported.endpoint("events")?["responseHeaders"] as? [String: String] == ["X-Id": "String?"], "a stream's too")
        #expect(imported.warnings == [
            "#/paths/~1a/get/responses/200/headers/X-Meta: a response header holding 'HeadedXMeta' is imported as a String that the app reads",
            "#/paths/~1a/get/responses/200/headers/X-Encoded/content/application~1json: the header's value is 'application/json' content; it is imported as a String that the app reads",
            "#/paths/~1a/get/responses/200/headers/Set-Cookie: the Set-Cookie header is not typed: the URL session keeps the cookies it sets",
            "#/paths/~1a/get/responses/200/headers/x-rate-limit: the header 'x-rate-limit' is listed twice (names ignore case); the first is kept",
        ], "\(imported.warnings)")
    }

    /// Found by a review: a HEAD operation's headers and the headers only another 2xx response
    /// declares were left out without a word. Hop-by-hop headers describe the connection.
    @Test func headAndOtherSuccessResponsesGiveTheirHeadersToo() throws {
        let imported = try importing(##"""
            {"openapi": "3.1.0", "info": {"title": "Test", "version": "1"}, "paths": {
              "/a": {"head": {"operationId": "probe", "responses": {"200": {"description": "", "headers": {
                "ETag": {"required": true, "schema": {"type": "string"}}, "Content-Length": {"schema": {"type": "integer"}}}}}},
                     "put": {"operationId": "put", "responses": {
                "200": {"description": "", "headers": {"ETag": {"required": true, "schema": {"type": "string"}}, "Transfer-Encoding": {"schema": {"type": "string"}}}},
                "201": {"description": "", "headers": {"etag": {"required": true, "schema": {"type": "string"}},
                                                       "Location": {"required": true, "schema": {"type": "string", "format": "uri"}}}}}}}}}
            """##)
        #expect(imported.endpoint("probe")?["responseHeaders"] as? [String: String] == ["ETag": "String", "Content-Length": "Int?"])
        let put = try #require(imported.endpoint("put")?["responseHeaders"] as? [String: String])
        #expect(put == ["ETag": "String", "Location": "String?"], "the 201 response's Location: optional, since a 200 comes without")
        #expect(imported.warnings == [
            "#/paths/~1a/put/responses/200/headers/Transfer-Encoding: the Transfer-Encoding header is not typed: it describes the connection, which the URL session handles",
        ], "\(imported.warnings)")
    }

    /// Found by a tester on HERE's positioning document: a `Content-Encoding: gzip` header
    /// parameter went out beside a plain JSON body, which the server could not read.
    @Test func aContentEncodingHeaderParameterIsLeftOut() throws {
        let imported = try importing(document(paths: """
            "/locate": {"post": {"operationId": "locate", "parameters": [{"name": "Content-Encoding", "in": "header", "schema": {"type": "string", "enum": ["gzip"]}},
                                                                          {"name": "X-Trace", "in": "header", "schema": {"type": "string"}}],
              "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "properties": {"a": {"type": "string"}}}}}},
              "responses": {"204": {"description": ""}}}}
            """))
        #expect(imported.endpoint("locate")?["headers"] as? [String: String] == ["X-Trace": "String?"])
        #expect(imported.warnings == [
            "#/paths/~1locate/post/parameters/0: the Content-Encoding header says how the body is compressed, which the client does not do; it is left out (an app that compresses a body sets it in a middleware)",
        ])
    }

    /// Found by a tester on Vercel's upload: a required `Content-Length` header parameter was a
    /// `Double` the app had to give, the body's length, which a wrong value would break. The
    /// transport's own headers are left out, each with a warning.
    @Test func theTransportsOwnHeadersAreLeftOut() throws {
        let imported = try importing(document(paths: """
            "/put": {"put": {"operationId": "put", "parameters": [{"name": "Content-Length", "in": "header", "required": true, "schema": {"type": "number"}},
                                                                  {"name": "connection", "in": "header", "schema": {"type": "string"}},
                                                                  {"name": "X-Trace", "in": "header", "schema": {"type": "string"}}],
              "requestBody": {"required": true, "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}},
              "responses": {"204": {"description": ""}}}}
            """))
        #expect(imported.endpoint("put")?["headers"] as? [String: String] == ["X-Trace": "String?"])
        #expect(imported.warnings == [
            "#/paths/~1put/put/parameters/0: the Content-Length header is the transport's to set (URLSession writes it for each request; "
                + "a stream upload goes out chunked, without a length, which a middleware may set); it is left out",
            "#/paths/~1put/put/parameters/1: the connection header is the transport's to set (URLSession writes it for each request; "
                + "a stream upload goes out chunked, without a length, which a middleware may set); it is left out",
        ])
    }

    /// Found by a tester on Vonage's messages: each channel's union is a member of the request's
    /// union wrapped in a `oneOf` of one (`{oneOf: [{$ref: SMS}], title: SMS}`), and Vercel's edge
    /// config items tell their kinds apart by `operation: {oneOf: [{const: create}, {const:
    /// update}]}`. Neither was seen as a tag: untagged, the first member took every object and
    /// dropped what the others hold (15 of Vonage's 22 kinds of message).
    @Test func aWrappedMemberOrAOneOfOfConstantsStillTellsMembersApart() throws {
        let imported = try importing(document(schemas: """
            "Sms": {"type": "object", "required": ["channel", "text"], "properties": {"channel": {"type": "string", "enum": ["sms"]}, "text": {"type": "string"}}},
            "Chat": {"type": "object", "required": ["channel", "text"], "properties": {"channel": {"type": "string", "enum": ["chat"]}, "text": {"type": "string"}, "chat": {"type": "object"}}},
            "Message": {"oneOf": [{"oneOf": [{"$ref": "#/components/schemas/Sms"}], "title": "SMS"}, {"$ref": "#/components/schemas/Chat"}]},
            "Item": {"oneOf": [
              {"type": "object", "required": ["operation", "key", "value"], "properties": {"operation": {"oneOf": [{"const": "create"}, {"const": "update"}]}, "key": {"type": "string"}, "value": {"type": "string"}}},
              {"type": "object", "required": ["operation", "key"], "properties": {"operation": {"const": "delete"}, "key": {"type": "string"}}}]}
            """))
        let message = try #require(imported.model("Message"))
        #expect(message["discriminator"] as? String == "channel")
        #expect(message["mapping"] as? [String: String] == ["sms": "Sms", "chat": "Chat"])
        let item = try #require(imported.model("Item"))
        #expect(item["discriminator"] as? String == "operation")
        #expect(item["mapping"] as? [String: String] == ["create": "ItemOption1", "update": "ItemOption1", "delete": "ItemDelete"])
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
    }

    /// Found by a tester on Vonage's messages: `allOf: [Video, Channel]`, where `Video`'s base
    /// requires the `to`, `from` and `channel` that `Channel` declares. `Channel` stayed a base,
    /// where they are optional: the app could leave out what every message needs.
    @Test func aKeyAnotherPartsBaseRequiresIsRequiredWhereABaseDeclaresIt() throws {
        let imported = try importing(document(
            version: "3.0.3",
            schemas: """
            "Base": {"type": "object", "properties": {"client_ref": {"type": "string"}}, "required": ["to", "channel"]},
            "Video": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object", "required": ["video"], "properties": {"video": {"type": "string"}}}]},
            "Channel": {"type": "object", "properties": {"channel": {"type": "string", "enum": ["sms"]}, "to": {"type": "string"}, "note": {"type": "string"}}},
            "Other": {"type": "object", "properties": {"extra": {"type": "string"}}}
            """,
            paths: """
            "/send": {"post": {"operationId": "send", "requestBody": {"required": true, "content": {"application/json": {"schema": {"allOf": [
              {"$ref": "#/components/schemas/Video"}, {"$ref": "#/components/schemas/Channel"}, {"$ref": "#/components/schemas/Other"}]}}}},
              "responses": {"204": {"description": ""}}}}
            """))
        let body = try #require(imported.endpoint("send")?["body"] as? String)
        #expect(imported.model(body)?["allOf"] as? [String] == ["Video", "Other"], "a base that declares none of those stays a base")
        #expect(imported.type(body, "to") == "String")
        #expect(imported.type(body, "note") == "String?")
        #expect(NSDictionary(dictionary: imported.properties(body)?["channel"] as? [String: Any] ?? [:])
                == ["type": "String", "default": "sms", "description": "Always `\"sms\"`."])
        #expect(imported.type("Channel", "to") == "String?", "the model alone is as the document says")
    }

    /// Found by a tester on Vonage's messages: a later part of `allOf` that declares a property
    /// again only to describe what it holds (`video: {properties: {url: {description: …}}}`
    /// beside a base's `video` object that requires a string `url`) replaced it, and `url` was
    /// optional JSON. It keeps the earlier model; a part that says more replaces it as before.
    @Test func aPropertyDeclaredAgainToDescribeItsPropertiesKeepsItsModel() throws {
        let imported = try importing(document(
            version: "3.0.3",
            schemas: """
            "Video": {"type": "object", "required": ["video"], "properties": {"video": {"type": "object", "required": ["url"], "properties": {"url": {"type": "string"}, "caption": {"type": "string"}}}}},
            "Described": {"allOf": [{"$ref": "#/components/schemas/Video"}, {"properties": {"video": {"description": "The video.", "properties": {"url": {"type": "string", "description": "Its URL."}}}}}]},
            "Narrowed": {"allOf": [{"$ref": "#/components/schemas/Video"}, {"properties": {"video": {"required": ["caption"], "properties": {"caption": {"type": "string"}}}}}]}
            """))
        #expect(NSDictionary(dictionary: imported.properties("Described")?["video"] as? [String: Any] ?? [:])
                == ["type": "VideoVideo", "description": "The video."])
        #expect(imported.type("VideoVideo", "url") == "String")
        #expect(imported.type("Narrowed", "video") == "NarrowedVideo", "a part that requires more is the property's schema")
        #expect(imported.type("NarrowedVideo", "caption") == "String")
        // Found by the reviews: `type: object` beside an earlier schema that allows null.
        let nullable = try importing(document(schemas: """
            "Clip": {"type": ["object", "null"], "properties": {"url": {"type": "string"}, "size": {"type": "integer"}}},
            "Base": {"type": "object", "required": ["clip"], "properties": {"clip": {"$ref": "#/components/schemas/Clip"}}},
            "Sure": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"properties": {"clip": {"type": "object", "properties": {"url": {"description": "Its URL."}}}}}]}
            """))
        #expect(nullable.type("Base", "clip") == "Clip?")
        // It keeps the earlier model, null and all: a null too many loses nothing, where the
        // schema read anew lost `size` and `url`'s type (the second review).
        #expect(NSDictionary(dictionary: nullable.properties("Sure")?["clip"] as? [String: Any] ?? [:]) == ["type": "Clip?", "required": true])
    }

    @Test func bodyAndParameterNamesNeverClash() throws {
        let imported = try importing(document(
            schemas: #""Item": {"type": "object", "properties": {"x": {"type": "string"}}}"#,
            paths: """
            "/items": {"post": {"operationId": "addItem", "parameters": [{"name": "item", "in": "query", "schema": {"type": "string"}}],
                                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Item"}}}}, "responses": {"204": {"description": ""}}}},
            "/files": {"put": {"operationId": "putFile", "parameters": [{"name": "progress", "in": "query", "schema": {"type": "integer"}},
                                                                         {"name": "upload", "in": "header", "schema": {"type": "string"}}],
                               "requestBody": {"required": true, "content": {"text/csv": {}}}, "responses": {"204": {"description": ""}}}}
            """))
        #expect(imported.endpoint("addItem")?["body"] as? [String: String] == ["type": "Item", "swiftName": "requestBody"])
        let upload = try #require(imported.endpoint("putFile"))
        #expect(upload["body"] as? [String: String] == ["type": "Upload", "swiftName": "requestBody", "contentType": "text/csv"])
        #expect((upload["query"] as? [String: Any])?["progress"] as? [String: String] == ["type": "Int?", "swiftName": "progressParameter"],
                "an upload's progress handler is called progress")
    }

    @Test func responsesStreamsAndErrorBodies() throws {
        let problem = ##"{"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}}"##
        let imported = try importing(document(
            schemas: #""Problem": {"type": "object", "properties": {"title": {"type": "string"}}}, "Chunk": {"type": "object", "properties": {"t": {"type": "string"}}}"#,
            paths: """
            "/a": {"get": {"operationId": "events", "responses": {"200": {"description": "", "content": {"text/event-stream": {"schema": {"$ref": "#/components/schemas/Chunk"}}}}, "default": {"description": "", "content": \(problem)}}}},
            "/b": {"get": {"operationId": "lines", "responses": {"200": {"description": "", "content": {"application/x-ndjson": {"schema": {"$ref": "#/components/schemas/Chunk"}}}}, "4XX": {"description": "", "content": \(problem)}}}},
            "/c": {"get": {"operationId": "text", "responses": {"200": {"description": "", "content": {"text/plain": {"schema": {"type": "string"}}}}, "500": {"description": "", "content": \(problem)}}}},
            "/d": {"get": {"operationId": "bytes", "responses": {"200": {"description": "", "content": {"image/png": {}}}}}},
            "/e": {"get": {"operationId": "created", "responses": {"201": {"description": "", "content": {"application/json": {"schema": {"type": "string"}}}}}}}
            """))
        #expect(imported.endpoint("events")?["stream"] as? String == "sse")
        #expect(imported.endpoint("events")?["response"] as? String == "Chunk")
        #expect(imported.endpoint("lines")?["stream"] as? String == "jsonLines")
        #expect(imported.endpoint("text")?["response"] as? String == "String")
        #expect(imported.endpoint("bytes")?["response"] as? String == "Data")
        #expect(imported.endpoint("created")?["response"] as? String == "JSON", "a JSON string is decoded as JSON, not read raw")
        // Three of five endpoints share the error body: it becomes the default.
        #expect((imported.spec["defaults"] as? [String: Any])?["errorResponse"] as? String == "Problem")
        #expect(imported.endpoint("bytes")?["errorResponse"] as? String == "none")
        #expect(imported.endpoint("events")?["errorResponse"] == nil)
    }

    /// Found on Postman's document: inline error bodies of several statuses were named
    /// `UpdateCollectionError`, `…Error2` and `…Error3`, in the order they came, which said
    /// nothing of which was which. They are named by their statuses; one alone keeps its name.
    @Test func inlineErrorBodiesAreNamedByTheirStatus() throws {
        func inline(_ key: String) -> String { ##"{"description": "", "content": {"application/json": {"schema": {"type": "object", "properties": {"\##(key)": {"type": "string"}}}}}}"## }
        let imported = try importing(document(paths: """
            "/u": {"put": {"operationId": "updateCollection", "responses": {"204": {"description": ""}, "400": \(inline("detail")), "403": \(inline("reason")), "default": \(inline("message"))}}},
            "/v": {"get": {"operationId": "view", "responses": {"204": {"description": ""}, "404": \(inline("missing"))}}}
            """))
        #expect(imported.endpoint("updateCollection")?["errorResponse"] as? [String: String]
            == ["400": "UpdateCollectionError400", "403": "UpdateCollectionError403", "default": "UpdateCollectionError"])
        #expect(imported.endpoint("view")?["errorResponse"] as? String == "ViewError")
    }

    /// Error bodies that differ by status become a type per status; a status the document does
    /// not describe is read as the first (as when every status has one type), unless it gives a
    /// `default`. Bodies that are all one type stay one type.
    @Test func errorBodiesThatDifferByStatusAreATypePerStatus() throws {
        func json(_ schema: String) -> String { ##"{"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/\##(schema)"}}}}"## }
        let imported = try importing(document(
            schemas: """
            "Problem": {"type": "object", "properties": {"title": {"type": "string"}}},
            "NotFound": {"type": "object", "properties": {"id": {"type": "string"}}},
            "Invalid": {"type": "object", "properties": {"fields": {"type": "array", "items": {"type": "string"}}}}
            """,
            paths: """
            "/a": {"get": {"operationId": "a", "responses": {"204": {"description": ""}, "404": \(json("NotFound")), "422": \(json("Invalid")), "5XX": \(json("Problem"))}}},
            "/b": {"get": {"operationId": "b", "responses": {"204": {"description": ""}, "default": \(json("Problem")), "404": \(json("NotFound")), "503": {"description": "no body"}}}},
            "/c": {"get": {"operationId": "c", "responses": {"204": {"description": ""}, "400": \(json("Problem")), "500": \(json("Problem"))}}}
            """))
        #expect(imported.endpoint("a")?["errorResponse"] as? [String: String]
            == ["404": "NotFound", "422": "Invalid", "5XX": "Problem", "default": "NotFound"])
        #expect(imported.endpoint("b")?["errorResponse"] as? [String: String] == ["default": "Problem", "404": "NotFound"])
        #expect(imported.endpoint("c")?["errorResponse"] as? String == "Problem")
        #expect((imported.spec["defaults"] as? [String: Any])?["errorResponse"] == nil, "a type per status is no endpoint's one type")
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
        let source = Generator.generate(specText: imported.text, specPath: "spec.json").files.map(\.contents).joined()
        #expect(source.contains("""
                    switch response.statusCode {
                    case 404: return try? response.decodeJSON(NotFound.self)
                    case 422: return try? response.decodeJSON(Invalid.self)
                    case 500...599: return try? response.decodeJSON(Problem.self)
                    default: return try? response.decodeJSON(NotFound.self)
                    }
            """))
    }

    /// A success response offered as JSON and as a stream (OpenAI's completions) gives two
    /// endpoints: the JSON one, and a twin that reads the stream, named after it, with the same
    /// request; a twin's name that is taken gets a number.
    @Test func aResponseAlsoOfferedAsAStreamGetsAStreamedTwin() throws {
        let imported = try importing(document(
            schemas: """
            "Completion": {"type": "object", "properties": {"text": {"type": "string"}}},
            "Chunk": {"type": "object", "properties": {"delta": {"type": "string"}}},
            "Ask": {"type": "object", "properties": {"prompt": {"type": "string"}, "stream": {"type": "boolean"}}}
            """,
            paths: """
            "/complete": {"post": {"operationId": "complete", "summary": "Completes.", "parameters": [{"name": "beta", "in": "query", "schema": {"type": "boolean"}}],
              "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Ask"}}}},
              "responses": {"200": {"description": "", "headers": {"X-Id": {"schema": {"type": "string"}}}, "content": {
                "application/json": {"schema": {"$ref": "#/components/schemas/Completion"}},
                "text/event-stream": {"schema": {"$ref": "#/components/schemas/Chunk"}}}}}}},
            "/lines": {"get": {"operationId": "lines", "responses": {"200": {"description": "", "content": {
                "application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Chunk"}}},
                "application/x-ndjson": {"schema": {"type": "object", "properties": {"n": {"type": "integer"}}}}}}}}},
            "/taken": {"get": {"operationId": "completeStream", "responses": {"204": {"description": ""}}}}
            """))
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
        let json = try #require(imported.endpoint("complete"))
        #expect(json["response"] as? String == "Completion" && json["stream"] == nil)
        #expect(json["responseHeaders"] as? [String: String] == ["X-Id": "String?"])
        let streamed = try #require(imported.endpoint("completeStream2"), "completeStream is another operation's")
        #expect(streamed["stream"] as? String == "sse")
        #expect(streamed["response"] as? String == "Chunk")
        #expect(streamed["method"] as? String == "POST" && streamed["path"] as? String == "/complete")
        #expect(streamed["body"] as? String == "Ask")
        #expect(streamed["query"] as? [String: String] == ["beta": "Bool?"])
        #expect(streamed["responseHeaders"] as? [String: String] == ["X-Id": "String?"], "the response's headers, read with the stream's head")
        #expect(streamed["streamFlag"] as? String == "stream", "the body's Bool `stream` asks for the stream")
        #expect(json["streamFlag"] == nil)
        #expect(streamed["description"] as? String == "Completes.\n\nThe answer of `complete` as a stream of server-sent events, read as "
            + "they arrive.")
        let lines = try #require(imported.endpoint("linesStream"))
        #expect(lines["stream"] as? String == "jsonLines")
        #expect(lines["streamFlag"] == nil, "no body, no flag")
        #expect(lines["description"] as? String == "The answer of `lines` as a stream of JSON lines, read as they arrive. The API streams "
            + "when the request asks for it (often a field of the body, such as `stream`).")
        #expect(lines["response"] as? String == "LinesStreamEvent", "an inline element schema is named after the twin")
        #expect(imported.properties("LinesStreamEvent")?["n"] as? String == "Int?")
        let source = Generator.generate(specText: imported.text, specPath: "spec.json").files.map(\.contents).joined()
        #expect(source.contains("func completeStream2(ask: Ask, beta: Bool?) async throws -> EventStream<ServerSentEvent<Chunk>>"))
        #expect(source.contains("var streamed = ask\n        streamed.stream = true\n        try request.setJSONBody(streamed)"))
    }

    /// A stream beside JSON that has no schema still gets its twin; an operation that uploads
    /// bytes (an `Upload` body) cannot read a stream: its twin is left out, and a stream that is
    /// its only answer is read whole, as text, each with a warning; the import never fails.
    @Test func streamsBesideABodyOfBytesOrJSONWithoutASchema() throws {
        let imported = try importing(document(schemas: """
            "UploadRequest": {"type": "object", "properties": {"name": {"type": "string"}}}
            """, paths: """
            "/up": {"post": {"operationId": "up", "requestBody": {"required": true, "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}},
              "responses": {"200": {"description": "", "content": {"text/event-stream": {"schema": {"type": "string"}}}}}}},
            "/both": {"post": {"operationId": "both", "requestBody": {"required": true, "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}},
              "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"type": "object", "properties": {"n": {"type": "integer"}}}},
                                                               "text/event-stream": {"schema": {"type": "string"}}}}}}},
            "/free": {"get": {"operationId": "free", "responses": {"200": {"description": "", "content": {"application/json": {}, "application/x-ndjson": {}}}}}},
            "/named": {"post": {"operationId": "named", "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/UploadRequest"}}}},
              "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"type": "string"}}, "text/event-stream": {}}}}}}
            """))
        #expect(imported.warnings == [
            "#/paths/~1up/post/responses: a streamed response cannot come with an 'Upload' body (bytes the app encodes); the response is "
                + "read whole, as text",
            "#/paths/~1both/post: the stream the response also offers is not imported: a streamed response cannot come with an 'Upload' "
                + "body (bytes the app encodes); the endpoint reads the JSON answer",
        ])
        let up = try #require(imported.endpoint("up"))
        #expect(up["stream"] == nil && up["response"] as? String == "String" && up["body"] as? String == "Upload")
        #expect(imported.endpoint("both")?["response"] as? String == "BothResponse")
        #expect(imported.endpoint("bothStream") == nil)
        #expect(imported.endpoint("free")?["response"] as? String == "JSON")
        #expect(imported.endpoint("namedStream")?["body"] as? String == "UploadRequest", "a model named Upload… is not an upload")
        let twin = try #require(imported.endpoint("freeStream"), "JSON without a schema still has its stream")
        #expect(twin["stream"] as? String == "jsonLines" && twin["response"] as? String == "String")
    }

    /// Found by a tester on Telegram's document: `chat_id: anyOf [integer, string]` in a multipart
    /// form was sent as a JSON part (`"@channel"`, quoted), in a url-encoded one it became a
    /// String with a warning to encode it as JSON, and as a path, query or header parameter a
    /// String beside a union no one used. A union of values is the field's or parameter's own
    /// type everywhere, sent as its member's text (`ParameterValue`).
    @Test func aUnionOfValuesInAFormStaysAUnionSentAsText() throws {
        func body(_ mediaType: String) -> String {
            #""requestBody": {"required": true, "content": {"\#(mediaType)": {"schema": {"type": "object", "required": ["chat_id"], "properties": {"chat_id": {"anyOf": [{"type": "integer"}, {"type": "string"}]}, "ids": {"type": "array", "items": {"oneOf": [{"type": "integer"}, {"type": "string"}]}}}}}}}"#
        }
        let imported = try importing(document(paths: """
            "/photo": {"post": {"operationId": "sendPhoto", \(body("multipart/form-data")), "responses": {"204": {"description": ""}}}},
            "/message": {"post": {"operationId": "sendMessage", \(body("application/x-www-form-urlencoded")), "responses": {"204": {"description": ""}}}}
            """))
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
        #expect(imported.type("SendMessageRequest", "chatId") == "SendMessageRequestChatId")
        #expect(imported.type("SendMessageRequest", "ids") == "[SendMessageRequestIdsItem]?")
        let source = Generator.generate(specText: imported.text, specPath: "spec.json").files.map(\.contents).joined()
        #expect(source.contains("form.append(\"chat_id\", sendPhotoRequest.chatId)"))
        #expect(source.contains("form.append(\"chat_id\", sendMessageRequest.chatId)"))
        #expect(source.contains("form.append(\"ids\", sendMessageRequest.ids)"))
        #expect(!source.contains("appendJSON"))
        #expect(source.contains("public enum SendMessageRequestChatId: Codable, Sendable, ParameterValue {"))

        let parameters = try importing(document(paths: """
            "/chats/{chat_id}": {"get": {"operationId": "getChat", "parameters": [
              {"name": "chat_id", "in": "path", "required": true, "schema": {"anyOf": [{"type": "integer"}, {"type": "string"}]}},
              {"name": "ids", "in": "query", "explode": false, "schema": {"type": "array", "items": {"oneOf": [{"type": "integer"}, {"type": "string"}]}}},
              {"name": "X-Ref", "in": "header", "schema": {"oneOf": [{"type": "boolean"}, {"type": "number"}]}},
              {"name": "shape", "in": "query", "schema": {"oneOf": [{"type": "integer"}, {"type": "object", "properties": {"a": {"type": "string"}}}]}}],
              "responses": {"204": {"description": ""}}}}
            """))
        let endpoint = try #require(parameters.endpoint("getChat"))
        #expect(endpoint["pathParams"] as? [String: String] == ["chat_id": "GetChatChatId"])
        #expect(endpoint["headers"] as? [String: String] == ["X-Ref": "GetChatXRef?"])
        let query = try #require(endpoint["query"] as? [String: Any])
        #expect(query["ids"] as? [String: String] == ["type": "[GetChatIdsItem]?", "separator": ","])
        #expect(query["shape"] as? String == "String?", "a union that may be an object is still a String the app encodes")
        #expect(parameters.warnings == ["#/paths/~1chats~1{chat_id}/get/parameters/3: a query parameter holding 'GetChatShape' is imported as a String that the app encodes"])
        // Found by the review: a response header is read from its text, which a union has no
        // reader of: it stays a String, and the import does not fail.
        let header = try importing(document(paths: """
            "/rate": {"get": {"operationId": "rate", "responses": {"200": {"description": "", "headers": {"X-Rate": {"schema": {"oneOf": [{"type": "integer"}, {"type": "string"}]}}},
              "content": {"application/json": {"schema": {"type": "string"}}}}}}}
            """))
        #expect(header.warnings.count == 1 && header.warnings[0].contains("is imported as a String that the app reads"), "\(header.warnings)")
    }

    /// A requirement that names a scheme the import left out points to that scheme's warning; one
    /// that names a scheme the document never declares (Supabase's `oauth2`, found by a tester)
    /// said the same, and there was no warning to see. Each is said once, for every operation.
    @Test func aRequirementOfASchemeNotImportedOrNeverDeclaredIsSaid() throws {
        let imported = try importing("""
            {"openapi": "3.1.0", "info": {"title": "Test", "version": "1"}, "paths": {
              "/a": {"get": {"operationId": "a", "security": [{"oauth2": ["read"]}], "responses": {"204": {"description": ""}}}},
              "/b": {"get": {"operationId": "b", "security": [{"oauth2": ["write"]}], "responses": {"204": {"description": ""}}}},
              "/c": {"get": {"operationId": "c", "security": [{"cert": []}], "responses": {"204": {"description": ""}}}}},
             "components": {"securitySchemes": {"cert": {"type": "mutualTLS"}}}}
            """)
        #expect(imported.warnings.contains("#/paths/~1a/get/security/0: no security scheme 'oauth2' is declared in 'components/securitySchemes', so no credential is sent for it"), "\(imported.warnings)")
        #expect(imported.warnings.contains("#/paths/~1c/get/security/0: the security scheme 'cert' is not imported (see its warning), so no credential is sent for it"), "\(imported.warnings)")
        #expect(imported.warnings.filter { $0.contains("'oauth2'") }.count == 1)
        #expect(imported.resource("Test")?["auth"] == nil && imported.endpoint("a")?["auth"] == nil)
    }

    /// A placeholder in the path's query (`/search?q={term}`) hands its parameter to that query
    /// item; the other items stay in the path, written as a spec writes them (`+` a space,
    /// `%20`), and are sent with every request as the server reads them.
    @Test func aPlaceholderInThePathsQueryBecomesThatQueryItem() throws {
        let imported = try importing(document(paths: """
            "/search?q={term}&label=a%20b&a%2Bc=1+2&k={undeclared}": {"get": {"operationId": "search",
              "parameters": [{"name": "term", "in": "path", "required": true, "description": "What to find.", "schema": {"type": "integer"}}],
              "responses": {"204": {"description": ""}}}}
            """))
        let endpoint = try #require(imported.endpoint("search"))
        #expect(endpoint["path"] as? String == "/search?label=a%20b&a%2Bc=1%202")
        #expect(endpoint["pathParameters"] == nil)
        let query = try #require(endpoint["query"] as? [String: Any])
        #expect(query.count == 2)
        #expect(query["q"] as? [String: String] == ["type": "Int", "swiftName": "term", "description": "What to find."])
        #expect(query["k"] as? [String: String] == ["type": "String", "swiftName": "undeclared"])
        #expect(imported.warnings == ["#/paths/~1search?q={term}&label=a%2520b&a%252Bc=1+2&k={undeclared}/get: the path parameter "
            + "'{undeclared}' is not declared; it is imported as a String"])
        let source = Generator.generate(specText: imported.text, specPath: "spec.json").files.map(\.contents).joined()
        #expect(source.contains("""
                    var request = EndpointRequest(method: .get, path: "/search")
                    request.addQuery("label", "a b")
                    request.addQuery("a+c", "1 2")
                    request.addQuery("q", term)
            """))
        #expect(source.contains("func search(term: Int, undeclared: String)"))
    }

    /// A query written in the path (OpenAI's `/responses?beta=true`, Flickr's
    /// `/rest?method=flickr.photos.search`) stays there, and every request sends it: an item the
    /// app would have to set to the one value the path names is a call that can send another.
    /// An item that a query parameter declares is that parameter's.
    @Test func aQueryInThePathStaysInThePath() throws {
        let imported = try importing(document(paths: """
            "/items/{id}?beta=true&v=2&label=x y&flag": {"get": {"operationId": "getItem",
              "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}},
                             {"name": "v", "in": "query", "schema": {"type": "integer"}}],
              "responses": {"204": {"description": ""}}}}
            """))
        let endpoint = try #require(imported.endpoint("getItem"))
        #expect(endpoint["path"] as? String == "/items/{id}?beta=true&label=x%20y&flag=")
        #expect(endpoint["query"] as? [String: String] == ["v": "Int?"], "declared, it stays as declared")
        #expect(imported.warnings == ["#/paths/~1items~1{id}?beta=true&v=2&label=x y&flag/get: the query item 'v=2' in the path names 'v', which a query parameter sends; it is left out"])
        let source = Generator.generate(specText: imported.text, specPath: "spec.json").files.map(\.contents).joined()
        #expect(source.contains("""
                    var request = EndpointRequest(method: .get, path: "/items/\\(id)")
                    request.addQuery("beta", "true")
                    request.addQuery("label", "x y")
                    request.addQuery("flag", "")
                    request.addQuery("v", v)
            """))
    }

    /// Found by the review: items the path's query cannot keep are said, and the import never
    /// writes a spec whose query sends an item twice. A placeholder whose parameter is used
    /// already is a parameter of its own, of that type.
    @Test func itemsOfThePathsQueryThatCannotStayAreSaid() throws {
        let imported = try importing(document(paths: """
            "/users/{id}?id={id}": {"get": {"operationId": "a",
              "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}], "responses": {"204": {"description": ""}}}},
            "/s?q=fixed&q={term}&k=1": {"get": {"operationId": "c",
              "parameters": [{"name": "term", "in": "path", "required": true, "schema": {"type": "string"}}], "responses": {"204": {"description": ""}}}},
            "/t?a=%FF&a=1&=foo": {"get": {"operationId": "d", "responses": {"204": {"description": ""}}}}
            """))
        #expect(imported.endpoint("a")?["path"] as? String == "/users/{id}")
        #expect(imported.endpoint("a")?["query"] as? [String: [String: String]] == ["id": ["type": "Int", "swiftName": "idQuery"]])
        #expect(imported.endpoint("c")?["path"] as? String == "/s?k=1")
        // A dictionary sends `filter[key]=…`, not `filter`: no clash (found by the second review).
        let dictionary = try importing(document(paths: """
            "/v?filter=1": {"get": {"operationId": "v", "parameters": [{"name": "filter", "in": "query", "style": "deepObject",
              "schema": {"type": "object", "additionalProperties": {"type": "string"}}}], "responses": {"204": {"description": ""}}}}
            """))
        #expect(dictionary.endpoint("v")?["path"] as? String == "/v?filter=1" && dictionary.warnings.isEmpty, "\(dictionary.warnings)")
        #expect(imported.endpoint("c")?["query"] as? [String: [String: String]] == ["q": ["type": "String", "swiftName": "term"]])
        #expect(imported.endpoint("d")?["path"] as? String == "/t")
        #expect(imported.endpoint("d")?["query"] as? [String: String] == ["a": "String"])
        #expect(imported.warnings == [
            "#/paths/~1users~1{id}?id={id}/get: the query item 'id={id}' in the path names '{id}', which the path or another item uses; "
                + "it becomes a query parameter of its own, which the app sets to the same value",
            "#/paths/~1s?q=fixed&q={term}&k=1/get: the query item 'q=fixed' in the path names 'q', which a query parameter sends; it is left out",
            "#/paths/~1t?a=%25FF&a=1&=foo/get: the query item 'a=%FF' in the path is not UTF-8 once percent-decoded; it becomes a query parameter, which the app sets",
            "#/paths/~1t?a=%25FF&a=1&=foo/get: the query item 'a=1' in the path names 'a', which a query parameter sends; it is left out",
            "#/paths/~1t?a=%25FF&a=1&=foo/get: the query item '=foo' in the path has no name; it is left out",
        ])
    }

    /// A placeholder of the path's query that names a parameter declared in the query, not in the
    /// path: it was said to be undeclared, and became a second parameter beside that one, so the
    /// app set one value twice and the request sent it under both names. The item is that
    /// parameter, sent once, under the item's name.
    @Test func aPlaceholderOfThePathsQueryTakesTheQueryParameterItNames() throws {
        let imported = try importing(document(paths: """
            "/search?q={term}&k=1": {"get": {"operationId": "search",
              "parameters": [{"name": "term", "in": "query", "required": true, "description": "What to find.", "schema": {"type": "array", "items": {"type": "integer"}}, "explode": false},
                             {"name": "page", "in": "query", "schema": {"type": "integer"}}],
              "responses": {"204": {"description": ""}}}},
            "/find?term={term}": {"get": {"operationId": "find",
              "parameters": [{"name": "term", "in": "query", "schema": {"type": "string"}}], "responses": {"204": {"description": ""}}}}
            """))
        let endpoint = try #require(imported.endpoint("search"))
        #expect(endpoint["path"] as? String == "/search?k=1")
        let query = try #require(endpoint["query"] as? [String: Any])
        #expect(query.count == 2, "\(query)")
        #expect(query["q"] as? [String: String] == ["type": "[Int]", "swiftName": "term", "description": "What to find.", "separator": ","])
        #expect(query["page"] as? String == "Int?")
        #expect(imported.endpoint("find")?["query"] as? [String: String] == ["term": "String?"], "the parameter sends that item already")
        #expect(imported.warnings == [
            "#/paths/~1search?q={term}&k=1/get: the query item 'q={term}' in the path names the query parameter 'term': its value is "
                + "sent as 'q', the item's name, and not as 'term' too",
            "#/paths/~1find?term={term}/get: the query item 'term={term}' in the path names 'term', which a query parameter sends; it is left out",
        ])
        let source = Generator.generate(specText: imported.text, specPath: "spec.json").files.map(\.contents).joined()
        // Found by the review: named by two items, the second was said to be undeclared and lost its type.
        let twice = try importing(document(paths: """
            "/t?q={term}&r={term}": {"get": {"operationId": "t", "parameters": [{"name": "term", "in": "query", "required": true, "schema": {"type": "integer"}}],
              "responses": {"204": {"description": ""}}}}
            """))
        let twiceQuery = try #require(twice.endpoint("t")?["query"] as? [String: Any])
        #expect(twiceQuery["q"] as? [String: String] == ["type": "Int", "swiftName": "term"] && twiceQuery["r"] as? String == "Int", "\(twiceQuery)")
        #expect(twice.warnings.last == "#/paths/~1t?q={term}&r={term}/get: the query item 'r={term}' in the path names '{term}', which the path or another "
            + "item uses; it becomes a query parameter of its own, which the app sets to the same value")
        #expect(source.contains("func search(term: [Int], page: Int? = nil)"), "in its place among the parameters")
        #expect(source.contains("""
                    var request = EndpointRequest(method: .get, path: "/search")
                    request.addQuery("k", "1")
                    request.addQueryList("q", term, separator: ",")
                    request.addQuery("page", page)
            """), "\(source)")
    }

    /// Operations without an `operationId` that a query in their path tells apart (Flickr's
    /// `/rest?method=flickr.photos.getContext`) are named by it, as their inline models are.
    @Test func operationsOnePathsQueryTellsApartAreNamedByIt() throws {
        let imported = try importing(document(paths: """
            "/rest?method=flickr.groups.pools.getContext": {"get": {
              "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"type": "object", "properties": {"a": {"type": "string"}}}}}}}}},
            "/rest?method=flickr.photos.getContext": {"get": {
              "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"type": "object", "properties": {"b": {"type": "string"}}}}}}}}}
            """))
        #expect(imported.warnings.isEmpty)
        let result = Generator.generate(specText: imported.text, specPath: "spec.json")
        #expect(result.succeeded, "\(result.diagnostics)")
        let source = result.files.map(\.contents).joined()
        #expect(source.contains("func fetchRestMethodFlickrGroupsPoolsGetContext() -> FetchRestMethodFlickrGroupsPoolsGetContextEndpoint"))
        #expect(source.contains("typealias Response = FetchRestMethodFlickrGroupsPoolsGetContextResponse"))
        #expect(source.contains("func fetchRestMethodFlickrPhotosGetContext() -> FetchRestMethodFlickrPhotosGetContextEndpoint"))
        #expect(source.contains("typealias Response = FetchRestMethodFlickrPhotosGetContextResponse"))
        #expect(source.contains(#"request.addQuery("method", "flickr.photos.getContext")"#))
    }

    @Test func securitySchemesAndRequirements() throws {
        let imported = try importing(document(
            paths: """
            "/a": {"get": {"operationId": "open", "security": [], "responses": {"204": {"description": ""}}}},
            "/b": {"get": {"operationId": "either", "security": [{"key": []}, {"basic": []}], "responses": {"204": {"description": ""}}}},
            "/c": {"get": {"operationId": "byDefault", "responses": {"204": {"description": ""}}}},
            "/d": {"get": {"operationId": "scoped", "security": [{"oauth": ["read"]}, {"oauth": ["admin"]}], "responses": {"204": {"description": ""}}}},
            "/e": {"get": {"operationId": "again", "security": [{"key": []}, {"basic": []}, {"key": ["x"]}, {"basic": []}], "responses": {"204": {"description": ""}}}},
            "/f": {"get": {"operationId": "flows", "security": [{"oauth": [], "oidc": [], "token": []}], "responses": {"204": {"description": ""}}}},
            "/g": {"get": {"operationId": "both", "security": [{"key": [], "token": []}], "responses": {"204": {"description": ""}}}}
            """,
            extra: """
            "security": [{"token": []}],
            "components": {"securitySchemes": {
              "token": {"type": "http", "scheme": "bearer"}, "basic": {"type": "http", "scheme": "basic"},
              "key": {"type": "apiKey", "in": "header", "name": "X-Key"}, "q": {"type": "apiKey", "in": "query", "name": "k"},
              "oauth": {"type": "oauth2", "flows": {}}, "oidc": {"type": "openIdConnect", "openIdConnectUrl": "https://e.x"},
              "digest": {"type": "http", "scheme": "digest"}, "tls": {"type": "mutualTLS"}}}
            """).replacingOccurrences(of: #", "components": {"schemas": {}}"#, with: ""))
        let auth = try #require(imported.spec["auth"] as? [String: [String: String]])
        #expect(auth["token"] == ["type": "bearer"])
        #expect(auth["basic"] == ["type": "basic"])
        #expect(auth["key"] == ["type": "apiKey", "in": "header", "name": "X-Key"])
        #expect(auth["q"] == ["type": "apiKey", "in": "query", "name": "k"])
        #expect(auth["oauth"]?["type"] == "bearer")
        #expect(auth["oidc"]?["type"] == "bearer")
        #expect(auth["digest"]?["type"] == "custom")
        #expect(auth["tls"] == nil)
        #expect((imported.spec["defaults"] as? [String: Any])?["auth"] as? String == "token")
        #expect(imported.endpoint("open")?["auth"] as? String == "none")
        #expect(imported.endpoint("either")?["auth"] as? String == "key")
        #expect(imported.endpoint("byDefault")?["auth"] == nil)
        #expect(imported.warnings.contains("#/paths/~1b/get/security: the operation accepts 'key' or 'basic', and an endpoint needs one scheme; 'key' "
                                           + "is imported, here and in every operation that accepts the same (the configuration's 'auth' names the schemes the app holds)"))
        // One scheme with other scopes is no choice; a choice is named once (found on Google's documents).
        #expect(imported.resource("Test oauth")?["auth"] as? String == "oauth")
        #expect(imported.endpoints("Test oauth").map { $0["name"] as? String } == ["scoped", "flows"])
        #expect(!imported.warnings.contains { $0.hasPrefix("#/paths/~1d/") }, "\(imported.warnings)")
        // The same choice again is said once, concerning both operations (Twitter offers 60).
        #expect(!imported.warnings.contains { $0.hasPrefix("#/paths/~1e/") }, "\(imported.warnings)")
        let choice = try #require(imported.diagnostics.first { $0.message.hasPrefix("#/paths/~1b/get/security:") })
        #expect(choice.concerns.contains("#/paths/~1b/get") && choice.concerns.contains("#/paths/~1e/get"), "\(choice.concerns)")
        // Schemes needed together that all send a bearer token are one header (Google's two OAuth
        // flows): nothing to say. A key and a token together are two credentials.
        #expect(!imported.warnings.contains { $0.hasPrefix("#/paths/~1f/") }, "\(imported.warnings)")
        #expect(imported.warnings.contains("#/paths/~1g/get/security/0: the requirement needs 'key' and 'token' together, and an endpoint needs one scheme; 'key' is imported, "
                                           + "and the app sends the Authorization header ('token') itself (in the client's default headers, or with a middleware)"), "\(imported.warnings)")
        #expect(imported.warnings.contains("#/components/securitySchemes/digest: the HTTP auth scheme 'digest' becomes a custom scheme, whose closure authorizes each request"))
        #expect(imported.warnings.contains("#/components/securitySchemes/tls: mutual TLS is set up on the URL session, not per request; the scheme is left out"))
        // A live service holds one client: the endpoint that needs the default scheme goes into
        // a resource of its own, beside the one that needs `key` (and the one that needs none).
        #expect(imported.endpoints("Test").map { $0["name"] as? String } == ["open", "either", "again", "both"])
        #expect(imported.endpoints("Test token").map { $0["name"] as? String } == ["byDefault"])
    }

    /// A document that declares schemes and requires none anywhere (Personio's API key) would
    /// send no credential: a warning says how to name the one every request needs, and a
    /// configuration that names one makes it every endpoint's.
    @Test func schemesTheDocumentNeverRequiresAreSaidOrTakenFromTheConfiguration() throws {
        let text = document(
            paths: #""/a": {"get": {"operationId": "listA", "parameters": [{"name": "api_key", "in": "query", "required": true, "schema": {"type": "string"}}], "responses": {"204": {"description": ""}}}}"#,
            extra: #""components": {"securitySchemes": {"key": {"type": "apiKey", "in": "query", "name": "api_key"}, "token": {"type": "http", "scheme": "bearer"}}}"#
        ).replacingOccurrences(of: #", "components": {"schemas": {}}"#, with: "")
        let imported = try importing(text)
        #expect((imported.spec["defaults"] as? [String: Any])?["auth"] == nil)
        #expect(imported.warnings == [
            "#/components/securitySchemes: the document requires none of its security schemes ('key', 'token'): it has no 'security', so no request "
                + #"sends a credential; name the one every request needs in the configuration (--config), such as {"auth": ["key"]}"#,
        ])
        #expect(imported.endpoint("listA")?["query"] as? [String: String] == ["api_key": "String"], "a parameter of its own, as the document says")
        // Found by the review: the scheme the configuration names is every operation's as if the
        // document said so, its credential's parameter left out too (the client sends it).
        let configured = OpenAPIImport.importSpec(openAPIText: text, path: "api.json", options: .init(preferredSchemes: ["key"]))
        let spec = try #require(configured.specText)
        #expect(configured.diagnostics.isEmpty, "\(configured.diagnostics)")
        #expect(spec.contains(#""defaults": { "auth": "key" }"#), "\(spec)")
        let source = Generator.generate(specText: spec, specPath: "spec.json").files.map(\.contents).joined()
        #expect(source.contains("public typealias Auth = KeyAuth"))
        #expect(source.contains("func listA() async throws"), "\(source)")
        // A document that requires a scheme anywhere says what it needs: nothing is taken for it.
        let stated = try importing(text.replacingOccurrences(of: #""operationId": "listA","#, with: #""operationId": "listA", "security": [],"#))
        #expect(stated.warnings.isEmpty && (stated.spec["defaults"] as? [String: Any])?["auth"] == nil)
    }

    @Test func serversWithVariablesAndARelativeBasePath() throws {
        let absolute = try importing(document(extra: """
            "servers": [{"url": "https://{region}.example.com/{base}/", "description": "Main", "variables": {"region": {"default": "eu", "enum": ["eu", "us"]}, "base": {"default": "v1"}}}]
            """))
        #expect(absolute.spec["servers"] as? [String: String] == ["Main": "https://eu.example.com/v1", "Main us": "https://us.example.com/v1"])
        // A variable that takes any value (a tenant's host, Telegram's `bot{token}`) is filled in
        // with its default, and said.
        #expect(absolute.warnings == ["#/servers/0/variables/base: the server variable 'base' takes any value, and the server's URL is "
            + "imported with its default 'v1'; an app that needs another value gives the client its own base URL"])
        let relative = try importing(document(
            paths: #""/pets": {"get": {"operationId": "list", "responses": {"204": {"description": ""}}}}"#,
            extra: #""servers": [{"url": "/api/v3"}]"#))
        #expect(relative.spec["servers"] == nil)
        #expect(relative.resource("Test")?["path"] as? String == "/api/v3")
    }

    /// Found on eBay's fulfillment document: its two hosts (`api` and `apiz`) are both described
    /// `Production`, and became `Production` and `Production 2`; its tags `order` and `Order`
    /// became the resources `order` and `order 2` (`Order2Service`). Servers described alike are
    /// told apart by what differs in their URLs; tags that differ only in case or punctuation
    /// are one resource, spelt as the first, with the first description given.
    @Test func serversDescribedAlikeAndTagsSpeltAlikeGetNamesOfTheirOwn() throws {
        func operation(_ name: String, tag: String) -> String {
            #"{"operationId": "\#(name)", "tags": ["\#(tag)"], "responses": {"204": {"description": ""}}}"#
        }
        let imported = try importing(document(paths: """
            "/a": {"get": \(operation("getA", tag: "Order"))}, "/b": {"get": \(operation("getB", tag: "order"))},
            "/c": {"get": \(operation("getC", tag: "payment-dispute"))}, "/d": {"get": \(operation("getD", tag: "payment_dispute"))},
            "/e": {"get": \(operation("getE", tag: "C"))}, "/f": {"get": \(operation("getF", tag: "C++"))}
            """, extra: """
            "servers": [{"url": "https://api.example.com/v1", "description": "Production"},
                        {"url": "https://apiz.example.com/v1", "description": "Production"},
                        {"url": "https://apiz.example.com/v2", "description": "Production"}],
            "tags": [{"name": "order", "description": "Orders."}, {"name": "Order", "description": "Again."}, {"name": "payment_dispute"}]
            """))
        #expect(imported.spec["servers"] as? [String: String] == [
            "Production": "https://api.example.com/v1", "Production apiz": "https://apiz.example.com/v1",
            "Production v2": "https://apiz.example.com/v2",
        ])
        // `C` and `C++` are two tags, which only their Swift names share (found by the review).
        #expect((imported.spec["resources"] as? [String: Any])?.keys.sorted() == ["C", "C++ 2", "order", "payment_dispute"])
        #expect(imported.resource("order")?["description"] as? String == "Orders.")
        #expect(imported.endpoints("order").map { $0["name"] as? String } == ["getA", "getB"])
        #expect(imported.endpoints("payment_dispute").map { $0["name"] as? String } == ["getC", "getD"])
    }

    /// Found on Vonage's, Docker's and 1Password's documents, whose login, balance or health
    /// operations live on another host (`servers` of a path or an operation): they were sent to
    /// the API's servers, with a warning. They now make a resource on another server, named after
    /// what sets it apart; a path whose servers are the API's changes nothing and says nothing.
    @Test func serversOfAPathOrAnOperationMakeAResourceOnAnotherServer() throws {
        func operation(_ name: String, servers: String? = nil) -> String {
            #"{"operationId": "\#(name)", "tags": ["Account"], \#(servers.map { #""servers": \#($0), "# } ?? "")"responses": {"204": {"description": ""}}}"#
        }
        let imported = try importing(document(
            paths: """
            "/balance": {"servers": [{"url": "https://rest.example.com/"}], "get": \(operation("balance")), "post": \(operation("topUp"))},
            "/sender": {"post": \(operation("register", servers: #"[{"url": "https://rest.example.com"}]"#))},
            "/mirror": {"servers": [{"url": "https://{env}.example.com/v2", "variables": {"env": {"default": "api"}}}, {"url": "https://staging.example.com/v2"}],
                        "get": \(operation("mirror"))},
            "/paired": {"get": \(operation("paired", servers: #"[{"url": "https://a.example.com"}, {"url": "https://b.example.com"}]"#))},
            "/three": {"get": \(operation("three", servers: #"[{"url": "https://x.example.com"}, {"url": "https://y.example.com"}, {"url": "https://z.example.com"}]"#))},
            "/relative": {"servers": [{"url": "/v3"}], "get": \(operation("relative"))},
            "/idle": {"servers": [{"url": "https://idle.example.com"}]},
            "/plain": {"get": \(operation("plain"))}
            """,
            extra: #""servers": [{"url": "https://api.example.com/v2", "description": "production"}, {"url": "https://staging.example.com/v2", "description": "staging"}]"#))
        let resources = try #require(imported.spec["resources"] as? [String: Any])
        #expect(Set(resources.keys) == ["Account", "Account rest", "Account a", "Account x"])
        #expect(imported.endpoints("Account").map { $0["name"] as? String } == ["mirror", "relative", "plain"])
        #expect(imported.resource("Account")?["servers"] == nil)
        #expect(imported.endpoints("Account rest").map { $0["name"] as? String } == ["balance", "topUp", "register"])
        #expect(imported.resource("Account rest")?["servers"] as? [String: String]
                == ["production": "https://rest.example.com", "staging": "https://rest.example.com"])
        #expect(imported.resource("Account a")?["servers"] as? [String: String]
                == ["production": "https://a.example.com", "staging": "https://b.example.com"])
        // Each server of the API gets the one most like it; among equals, the one in its place.
        #expect(imported.resource("Account x")?["servers"] as? [String: String]
                == ["production": "https://x.example.com", "staging": "https://y.example.com"])
        #expect(imported.warnings == [
            "#/paths/~1relative/servers: servers that are not absolute http or https URLs are not imported; the endpoints use the API's servers",
        ])
        // The request names its resource, which the client of each server sends to the resource's URL.
        let source = Generator.generate(specText: imported.text, specPath: "spec.json").files.map(\.contents).joined()
        #expect(source.contains(#"EndpointRequest(method: .get, path: "/balance", server: "AccountRest")"#), "\(source)")
        #expect(source.contains(#"client.serverOverrides["AccountRest"] = server.accountRestURL"#))

        // Found by the review: servers with variables pair as the API's are read, value by value;
        // the API's own servers in another order are the API's; a resource is named by the
        // first label of its host that differs (us.rest beside us.api).
        let variables = try importing(document(
            paths: """
            "/login": {"servers": [{"url": "https://{env}.rest.example.com", "variables": {"env": {"default": "prod", "enum": ["prod", "dev"]}}}],
                       "get": \(operation("login"))},
            "/same": {"servers": [{"url": "https://dev.example.com/v1"}, {"url": "https://prod.example.com/v1/"}], "get": \(operation("same"))},
            "/us": {"servers": [{"url": "https://prod.api2.example.com"}], "get": \(operation("other"))},
            "/zone": {"servers": [{"url": "https://{zone}.auth.example.com/{v}", "variables": {"v": {"default": "v1", "enum": ["v1", "v2"]},
                        "zone": {"default": "dev", "enum": ["dev", "prod", "test"]}}}], "get": \(operation("zone"))},
            "/empty": {"servers": [{"url": "https://prod.api2.example.com"}], "get": \(operation("emptied", servers: "[]"))}
            """,
            extra: #""servers": [{"url": "https://{env}.example.com/v1", "variables": {"env": {"default": "prod", "enum": ["prod", "dev"]}}}]"#))
        #expect(variables.spec["servers"] as? [String: String] == ["server": "https://prod.example.com/v1", "server dev": "https://dev.example.com/v1"])
        #expect(variables.resource("Account rest")?["servers"] as? [String: String]
                == ["server": "https://prod.rest.example.com", "server dev": "https://dev.rest.example.com"])
        #expect(variables.endpoints("Account").map { $0["name"] as? String } == ["same"])
        #expect(variables.resource("Account api2")?["servers"] as? [String: String]
                == ["server": "https://prod.api2.example.com", "server dev": "https://prod.api2.example.com"])
        // Found by the second review: paired by value, not by place (the path's default is dev,
        // and its first variable another); every value of every variable is a candidate.
        #expect(variables.resource("Account auth")?["servers"] as? [String: String]
                == ["server": "https://prod.auth.example.com/v1", "server dev": "https://dev.auth.example.com/v1"])
        // An operation's empty list is no servers of its own: its path's serve it.
        #expect(variables.endpoints("Account api2").map { $0["name"] as? String } == ["other", "emptied"])
        #expect(variables.warnings.isEmpty, "\(variables.warnings)")

        // Without absolute servers of the API there is nothing to pair them with.
        let bare = try importing(document(paths: #""/balance": {"servers": [{"url": "https://rest.example.com"}], "get": \#(operation("balance"))}"#))
        #expect(bare.resource("Account")?["servers"] == nil)
        #expect(bare.warnings == ["#/paths/~1balance/servers: servers of one path or operation are imported beside absolute servers of the API, "
                                  + "which this document does not have; the endpoints use the API's base URL"])
    }

    @Test func tagsBecomeResourcesAndNamesComeFromOperationIds() throws {
        let imported = try importing(document(
            paths: """
            "/pets": {"get": {"tags": ["pets", "other"], "summary": "Lists.", "description": "All of them.", "responses": {"204": {"description": ""}}},
                      "post": {"operationId": "add", "tags": ["pets"], "deprecated": true, "responses": {"204": {"description": ""}}}},
            "/health": {"get": {"operationId": "add", "responses": {"204": {"description": ""}}},
                        "options": {"responses": {"204": {"description": ""}}}},
            "/store": {"get": {"tags": ["store"], "operationId": "stock", "responses": {"204": {"description": ""}}},
                       "put": {"tags": ["store"], "operationId": "restock", "summary": "Restocks", "description": "Restocks", "responses": {"204": {"description": ""}}},
                       "post": {"tags": ["store"], "operationId": "order", "summary": "Orders", "description": "Orders, then waits.", "responses": {"204": {"description": ""}}},
                       "patch": {"tags": ["store"], "operationId": "mend", "summary": "Mend", "description": "Mending is slow.", "responses": {"204": {"description": ""}}}}
            """,
            extra: #""tags": [{"name": "store", "description": "The store."}, {"name": "pets"}]"#))
        let resources = try #require(imported.spec["resources"] as? [String: Any])
        #expect(Set(resources.keys) == ["store", "pets", "Test"])
        #expect(imported.text.range(of: #""store""#)!.lowerBound < imported.text.range(of: #""pets""#)!.lowerBound, "in the order of the document's tags")
        #expect(imported.resource("store")?["description"] as? String == "The store.")
        // A summary the description repeats is said once (found on Ably's document).
        #expect(imported.endpoints("store").map { $0["description"] as? String } == [nil, "Restocks", "Orders, then waits.", "Mend\n\nMending is slow."])
        let pets = imported.endpoints("pets")
        #expect(pets.first?["name"] == nil, "without an operationId the generator derives fetchPets")
        #expect(pets.first?["description"] as? String == "Lists.\n\nAll of them.")
        #expect(pets.last?["name"] as? String == "add")
        #expect(pets.last?["deprecated"] as? Bool == true)
        #expect(imported.endpoints("Test").first?["name"] as? String == "add2", "endpoint types are unique in the spec")
        #expect(imported.warnings == ["#/paths/~1health/options: OPTIONS operations are not imported: endpoints are GET, POST, PUT, PATCH, DELETE or HEAD"])
    }

    // MARK: Nothing dropped silently

    @Test func everyConstructLeftOutHasOneWarningWithItsPointer() throws {
        let source = document(
            schemas: #""E": {"type": "object", "properties": {"remote": {"$ref": "other.json#/Pet"}, "tuple": {"type": "array", "prefixItems": [{"type": "string"}]}}}"#,
            paths: """
            "/a": {"get": {"operationId": "a", "callbacks": {"c": {}}, "servers": [{"url": "https://x.example.com"}],
                           "responses": {"200": {"description": "", "links": {"l": {}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/E"}}}}}}}
            """,
            extra: #""webhooks": {"w": {}}"#)
        let imported = try importing(source)
        #expect(imported.type("E", "remote") == "JSON?")
        #expect(imported.type("E", "tuple") == "[JSON]?")
        #expect(imported.diagnostics.map(\.description) == [
            "api.json:1:77: warning: #/webhooks: webhooks (requests the API sends) are not imported; the client is imported without them",
            "api.json:2:60: warning: #/paths/~1a/get/callbacks: callbacks (requests the API sends back) are not imported; the endpoint is imported without them",
            "api.json:2:82: warning: #/paths/~1a/get/servers: servers of one path or operation are imported beside absolute servers of the API, which this document does not have; the endpoints use the API's base URL",
            "api.json:3:66: warning: #/paths/~1a/get/responses/200/links: links are not imported; the response is read without them",
            "api.json:3:248: warning: #/components/schemas/E/properties/remote: the reference 'other.json#/Pet' names another file, which is read only when the document is read from a file (endpointgen import or generate); the value is kept as JSON",
            "api.json:3:310: warning: #/components/schemas/E/properties/tuple/prefixItems: a tuple ('prefixItems') becomes [JSON]: the spec format's arrays hold one type",
        ])
        // --strict: each is an error, and no spec is written.
        let strict = OpenAPIImport.importSpec(openAPIText: source, path: "api.json", options: .init(strict: true))
        #expect(strict.specText == nil)
        #expect(strict.diagnostics.count == 6 && strict.diagnostics.allSatisfy { $0.severity == .error && $0.message.hasSuffix("(--strict)") })
    }

    /// Documents built to hang or crash a naive importer finish, with a warning where a type
    /// cannot be had.
    @Test func referenceCyclesAndDiamondsEndQuickly() throws {
        let imported = try importing(document(schemas: """
            "Loop": {"type": "object", "properties": {"x": {"$ref": "#/components/schemas/Loop/properties/x"},
                                                       "items": {"type": "array", "items": {"$ref": "#/components/schemas/Loop/properties/items"}}}},
            "Self": {"allOf": [{"$ref": "#/components/schemas/Self"}, {"$ref": "#/components/schemas/Self"}, {"$ref": "#/components/schemas/Self"},
                               {"type": "object", "properties": {"a": {"type": "string"}}}]},
            "D0": {"allOf": [{"$ref": "#/components/schemas/D1"}, {"$ref": "#/components/schemas/D1"}, {"$ref": "#/components/schemas/D1"}]},
            "D1": {"allOf": [{"$ref": "#/components/schemas/D2"}, {"$ref": "#/components/schemas/D2"}, {"$ref": "#/components/schemas/D2"}]},
            "D2": {"allOf": [{"$ref": "#/components/schemas/D3"}, {"$ref": "#/components/schemas/D3"}, {"$ref": "#/components/schemas/D3"}]},
            "D3": {"type": "object", "properties": {"z": {"type": "integer"}}},
            "Small": {"type": "integer", "enum": [-9223372036854775808, 1]}
            """))
        #expect(imported.type("Loop", "x") == "JSON?")
        #expect(imported.warnings.contains("#/components/schemas/Loop/properties/x: the reference '#/components/schemas/Loop/properties/x' leads back to itself with no object in between, which no Swift type can hold; it becomes JSON"))
        #expect(imported.warnings.contains("#/components/schemas/Self/allOf/0: 'Self' is composed of itself; that part is left out") == false,
                "Self is a name Swift reserves: the model is SelfModel")
        #expect(imported.type("SelfModel", "a") == "String?")
        #expect(imported.model("Small")?["enum"] as? [String: Int] == nil)
        #expect(imported.text.contains("-9223372036854775808"))
    }

    @Test func schemasThatWrapOrConstrainKeepTheirValues() throws {
        let imported = try importing(document(schemas: """
            "Wrapped": {"description": "A status.", "allOf": [{"enum": ["on", "off"]}]},
            "WrappedUnion": {"allOf": [{"oneOf": [{"type": "string"}, {"type": "integer"}]}]},
            "Either": {"type": "object", "required": ["c"], "properties": {"a": {"type": "string"}, "b": {"type": "string"}, "c": {"type": "integer"}},
                       "oneOf": [{"required": ["a"]}, {"required": ["b"]}]},
            "Code": {"oneOf": [{"type": "integer", "enum": [0, 1]}, {"type": "string"}]},
            "NotZero": {"type": "object", "properties": {"n": {"type": "integer", "not": {"const": 0}}}},
            "Base": {"type": "object", "discriminator": {"propertyName": "kind"}, "properties": {"kind": {"type": "string"}}},
            "NoName": {"oneOf": [{"$ref": "#/components/schemas/Base"}, {"$ref": "#/components/schemas/Either"}], "discriminator": {"mapping": {"b": "#/components/schemas/Base"}}},
            "Nullish": {"type": "object", "properties": {"mode": {"oneOf": [{"type": "null"}, {"type": "string", "enum": ["x", "y"]}]}}}
            """))
        #expect(imported.model("Wrapped")?["enum"] as? [String] == ["on", "off"])
        #expect(imported.model("Wrapped")?["description"] as? String == "A status.")
        #expect(imported.model("WrappedUnion")?["oneOf"] as? [String] == ["Int", "String"])
        #expect(imported.type("Either", "a") == "String?", "properties beside oneOf: the object they describe")
        #expect(imported.model("Code")?["oneOf"] as? [String] == ["CodeOption1", "String"], "an integer enum does not take strings")
        #expect(imported.type("NotZero", "n") == "Int?")
        #expect((imported.properties("Nullish")?["mode"] as? [String: Any])?["type"] as? String == "NullishMode")
        #expect(imported.model("NullishMode")?["enum"] as? [String] == ["x", "y"])
        #expect(imported.model("NoName")?["discriminator"] == nil)
        for warning in [
            "#/components/schemas/Either/oneOf: 'oneOf' beside properties is not imported: 'Either' is the object its properties describe",
            "#/components/schemas/NotZero/properties/n/not: 'not' is not imported: the spec format cannot say what a value is not",
            "#/components/schemas/Base/discriminator: a discriminator on an object schema (schemas that extend it through 'allOf' tell themselves apart by it) is not imported: 'Base' is read as itself; a 'oneOf' of the schemas that extend it would be a tagged union",
            "#/components/schemas/NoName/discriminator: the discriminator has no 'propertyName', so it is not imported; the union tries its members in order",
        ] {
            #expect(imported.warnings.contains(warning), "\(warning)\n\(imported.warnings)")
        }
    }

    @Test func aFormGetsACopyOfAModelUsedElsewhere() throws {
        let imported = try importing(document(
            schemas: """
            "Profile": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "born": {"type": "string", "format": "date"},
                        "address": {"type": "object", "properties": {"city": {"type": "string"}}}, "nick": {"type": ["string", "null"]}}}
            """,
            paths: """
            "/profile": {"get": {"operationId": "getProfile", "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Profile"}}}}}},
                         "put": {"operationId": "putProfile", "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {"$ref": "#/components/schemas/Profile"}}}}, "responses": {"204": {"description": ""}}}}
            """))
        #expect(imported.endpoint("putProfile")?["body"] as? [String: String] == ["type": "ProfileForm?", "encoding": "form"],
                "the body is not required: optional, the copy too")
        #expect(imported.endpoint("getProfile")?["response"] as? String == "Profile")
        // The response keeps its types; the form sends text.
        #expect(imported.type("Profile", "address") == "ProfileAddress?")
        #expect(imported.type("Profile", "born") == "Date?")
        #expect(imported.type("ProfileForm", "address") == "String?")
        #expect(imported.type("ProfileForm", "born") == "String?", "a form sends a Date with its time: a calendar date stays text")
        #expect(imported.type("ProfileForm", "nick") == "String?")
        #expect((imported.properties("ProfileForm")?["nick"] as? [String: Any])?["nullable"] == nil)
    }

    @Test func pathsHeadersAndServersOpenAPIAllowsAndURLsDoNot() throws {
        let imported = try importing(document(
            paths: """
            "/files/{name}/raw data [v1]/é": {
              "parameters": [{"name": "X-Id", "in": "header", "schema": {"type": "string"}}, {"name": "name", "in": "path", "required": true, "schema": {"type": "string"}}],
              "get": {"operationId": "raw", "parameters": [{"name": "x-id", "in": "header", "required": true, "schema": {"type": "integer"}}],
                      "responses": {"204": {"description": ""}}}},
            "/m/{id}": {"get": {"operationId": "matrix", "parameters": [{"name": "id", "in": "path", "required": true, "style": "matrix", "schema": {"type": "integer"}}],
                                "responses": {"204": {"description": ""}}}}
            """,
            extra: #""servers": [{"url": "https://api.example.com"}, {"url": "/relative"}]"#))
        let raw = try #require(imported.endpoint("raw"))
        #expect(raw["path"] as? String == "/files/{name}/raw%20data%20%5Bv1%5D/%C3%A9")
        #expect(raw["headers"] as? [String: String] == ["x-id": "Int"], "one header; the operation's wins")
        #expect(imported.spec["servers"] as? [String: String] == ["server 1": "https://api.example.com"])
        #expect(imported.resource("Test")?["path"] == nil)
        #expect(imported.endpoint("matrix")?["pathParams"] as? [String: String] == ["id": "String"])
        #expect(imported.warnings.contains { $0.hasPrefix("#/servers/1/url: the relative server URL '/relative' is relative to where the document is served") })
        #expect(imported.warnings.contains { $0.hasPrefix("#/paths/~1m~1{id}/get/parameters/0: a path parameter with style 'matrix' is imported as a String") })
    }

    @Test func hostileTextStaysText() throws {
        let imported = try importing(document(
            schemas: #""Evil\"Name": {"type": "object", "description": "*/ } \"\"\" \\(x) \n// end", "properties": {"a\"b": {"type": "string", "description": "\u2028line"}}}"#,
            paths: #""/x/{a b}": {"get": {"operationId": "*/ x", "summary": "\"\"\"\n}", "parameters": [{"name": "a b", "in": "path", "required": true, "schema": {"type": "string"}}], "responses": {"204": {"description": ""}}}}"#))
        #expect(imported.model("EvilName") != nil)
        // The written spec reads back as the same values.
        #expect(imported.model("EvilName")?["description"] as? String == "*/ } \"\"\" \\(x) \n// end")
    }

    @Test func theSameDocumentGivesTheSameBytes() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Specs/OpenAPI/showcase.openapi.json"), encoding: .utf8)
        let first = OpenAPIImport.importSpec(openAPIText: text, path: "a.json").specText
        let second = OpenAPIImport.importSpec(openAPIText: text, path: "a.json").specText
        #expect(first != nil && first == second)
    }
}
