import Foundation
import Testing

@testable import GenCore

/// OpenAPI documents in several files: `$ref`s to other files (JSON or YAML, relative to the
/// file that holds them) are followed as references within one document are, components keep
/// their names, diagnostics point into the file they are about, and what cannot be read is an
/// error at the reference.
@Suite struct ExternalReferenceTests {
    /// The files of a document in several, laid out as such documents are: paths, a shared file
    /// of parameters and responses, and a schema a file, which refer to each other.
    static let files: [String: String] = [
        "api/openapi.yaml": """
            openapi: 3.1.0
            info: {title: Pets, version: "1"}
            paths:
              /pets:
                $ref: paths/pets.yaml
              /pets/{id}:
                get:
                  operationId: getPet
                  parameters:
                    - $ref: 'common.yaml#/parameters/Id'
                  responses:
                    200:
                      description: The pet.
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Pet'}
                    default:
                      $ref: 'common.yaml#/responses/Problem'
            components:
              schemas:
                Pet:
                  $ref: schemas/Pet.yaml
            """,
        "api/paths/pets.yaml": """
            get:
              operationId: listPets
              parameters:
                - {name: status, in: query, schema: {$ref: '../schemas/Pet.yaml#/properties/status'}}
              responses:
                200:
                  description: Pets.
                  content:
                    application/json:
                      schema:
                        type: array
                        items: {$ref: '../schemas/Pet.yaml'}
            """,
        "api/schemas/Pet.yaml": """
            type: object
            required: [id, name]
            properties:
              id: {type: integer, format: int64}
              name: {type: string}
              status: {type: string, enum: [available, sold]}
              owner: {$ref: 'pet-owner.yaml'}
              tags:
                type: array
                items: {$ref: '#/$defs/Tag'}
              shape: {not: {type: string}}
            $defs:
              Tag:
                type: object
                properties:
                  label: {type: string}
            """,
        "api/schemas/pet-owner.yaml": """
            type: object
            properties:
              name: {type: string}
              pet: {$ref: Pet.yaml}
            """,
        "api/common.yaml": """
            parameters:
              Id: {name: id, in: path, required: true, schema: {type: integer, format: int64}}
            responses:
              Problem:
                description: A problem.
                content:
                  application/problem+json:
                    schema: {$ref: 'common.json#/Problem'}
            """,
        "api/common.json": #"{"Problem": {"type": "object", "properties": {"title": {"type": "string"}}}}"#,
    ]

    static func importing(_ path: String, files: [String: String] = files) -> ImportResult {
        OpenAPIImport.importSpec(openAPIText: files[path] ?? "", path: path, options: OpenAPIImportOptions(readFile: { files[$0] }))
    }

    static func spec(_ result: ImportResult) throws -> [String: Any] {
        let text = try #require(result.specText, "\(result.diagnostics.map(\.description))")
        #expect(Generator.generate(specText: text, specPath: "spec.json").succeeded)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func referencesToOtherFilesAreFollowed() throws {
        let result = Self.importing("api/openapi.yaml")
        let spec = try Self.spec(result)
        let models = try #require(spec["models"] as? [String: Any])
        // The component keeps its name; a schema that is a whole file is named after the file.
        #expect(Set(models.keys) == ["Pet", "PetStatus", "PetOwner", "Tag", "Problem"])
        let pet = try #require((models["Pet"] as? [String: Any])?["properties"] as? [String: Any])
        #expect(pet["owner"] as? String == "PetOwner?")
        #expect(pet["tags"] as? String == "[Tag]?")
        #expect(pet["status"] as? String == "PetStatus?")
        // pet-owner.yaml refers back to Pet.yaml, which is the component Pet.
        #expect(((models["PetOwner"] as? [String: Any])?["properties"] as? [String: Any])?["pet"] as? String == "Pet?")
        let endpoints = try #require(((spec["resources"] as? [String: Any])?["Pets"] as? [String: Any])?["endpoints"] as? [[String: Any]])
        let list = try #require(endpoints.first { $0["name"] as? String == "listPets" })
        #expect(list["response"] as? String == "[Pet]")
        // The query parameter names a place inside Pet.yaml, which is the component's.
        #expect((list["query"] as? [String: Any])?["status"] as? String == "PetStatus?")
        let get = try #require(endpoints.first { $0["name"] as? String == "getPet" })
        #expect((get["pathParams"] as? [String: Any])?["id"] as? String == "Int64")
        // A schema a pointer names is named after its last token.
        #expect(get["errorResponse"] as? String == "Problem")
        // The warning about Pet.yaml points into it.
        #expect(result.diagnostics.map(\.description) == [
            "api/schemas/Pet.yaml:11:16: warning: #/components/schemas/Pet/properties/shape/not: 'not' is not imported: the spec format cannot say what a value is not"])
    }

    @Test func aWarningAboutContentOfAnotherFileNamesItsFileAndPointer() throws {
        var files = Self.files
        files["api/common.json"] = #"{"Problem": {"type": "object", "properties": {"title": {"type": "string"}, "code": {"not": {"type": "string"}}}}}"#
        let result = Self.importing("api/openapi.yaml", files: files)
        #expect(result.diagnostics.map(\.description).contains(
            "api/common.json:1:92: warning: api/common.json#/Problem/properties/code/not: 'not' is not imported: the spec format cannot say what a value is not"),
            "\(result.diagnostics.map(\.description))")
    }

    @Test func whatCannotBeReadIsAnErrorAtTheReference() {
        var files = Self.files
        files["api/openapi.yaml"] = files["api/openapi.yaml"]!
            .replacing("paths/pets.yaml", with: "paths/missing.yaml")
            .replacing("common.yaml#/parameters/Id", with: "common.yaml#/parameters/Idx")
        files["api/common.json"] = #"{"Problem": {"type": "object",}}"#
        let result = Self.importing("api/openapi.yaml", files: files)
        #expect(result.specText == nil)
        #expect(result.diagnostics.map(\.description) == [
            "api/openapi.yaml:5:11: error: cannot read 'api/paths/missing.yaml', which a reference names",
            "api/openapi.yaml:10:17: error: the reference 'common.yaml#/parameters/Idx' names nothing in api/common.yaml",
            "api/common.json:1:31: error: malformed JSON: trailing comma before '}'",
        ])
    }

    @Test func filesThatReferToEachOtherAreReadOnce() throws {
        let files = [
            "a.json": ##"{"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "paths": {"/n": {"get": {"operationId": "n", "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"$ref": "b.json#/Node"}}}}}}}}}"##,
            "b.json": ##"{"Node": {"type": "object", "properties": {"next": {"$ref": "c.json"}, "self": {"$ref": "#/Node"}}}}"##,
            "c.json": ##"{"type": "object", "properties": {"back": {"$ref": "b.json#/Node"}}}"##,
        ]
        let result = Self.importing("a.json", files: files)
        let spec = try Self.spec(result)
        let models = try #require(spec["models"] as? [String: Any])
        #expect(Set(models.keys) == ["Node", "C"])
        #expect(((models["Node"] as? [String: Any])?["properties"] as? [String: Any])?["self"] as? String == "Node?")
        #expect(((models["C"] as? [String: Any])?["properties"] as? [String: Any])?["back"] as? String == "Node?")
    }

    @Test func withoutAReaderOrForAURLTheReferenceIsLeftOutWithAWarning() throws {
        let document = #"{"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {}, "components": {"schemas": {"A": {"type": "object", "properties": {"b": {"$ref": "b.json"}, "c": {"$ref": "https://example.com/c.json"}}}}}}"#
        let withoutReader = OpenAPIImport.importSpec(openAPIText: document, path: "a.json")
        #expect(withoutReader.diagnostics.map(\.message).contains(
            "#/components/schemas/A/properties/b: the reference 'b.json' names another file, which is read only when the document is read from a file (endpointgen import or generate); the value is kept as JSON"))
        let withReader = OpenAPIImport.importSpec(openAPIText: document, path: "a.json",
                                                  options: OpenAPIImportOptions(readFile: { $0 == "b.json" ? #"{"type": "string"}"# : nil }))
        #expect(withReader.diagnostics.map(\.message) == [
            "#/components/schemas/A/properties/c: the reference 'https://example.com/c.json' names a document on the web, which the import does not fetch; the value is kept as JSON"])
    }

    /// What the review of the first version found, each as its own document.
    @Test func backReferencesMappingsDataAndSharedFiles() throws {
        let root = """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths:
              /p:
                get:
                  operationId: getP
                  responses:
                    200:
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Pet'}
            components:
              schemas:
                Error: {type: object, properties: {message: {type: string}}}
                Pet:
                  oneOf: [{$ref: 's/Dog.yaml'}, {$ref: 's/my%20cat.v2.yaml'}]
                  discriminator: {propertyName: kind, mapping: {dog: s/Dog.yaml, cat: 's/my%20cat.v2.yaml'}}
                A: {$ref: s/Thing.yaml, description: 'A thing, described where it is used.'}
                B: {$ref: s/Thing.yaml}
            """
        let files: [String: String] = [
            "openapi.yaml": root,
            // Back into the document by its file's name; `$ref` inside example data stays data.
            "s/Dog.yaml": """
                type: object
                required: [kind]
                properties:
                  kind: {type: string}
                  lastError: {$ref: '../openapi.yaml#/components/schemas/Error'}
                example: {schema: {$ref: 'not-a-file.json'}}
                """,
            "s/my cat.v2.yaml": "type: object\nrequired: [kind]\nproperties:\n  kind: {type: string}\n",
            "s/Thing.yaml": "type: object\nproperties:\n  self: {$ref: '#'}\n",
        ]
        let result = Self.importing("openapi.yaml", files: files)
        let spec = try Self.spec(result)
        let models = try #require(spec["models"] as? [String: Any])
        #expect(Set(models.keys) == ["ErrorModel", "Pet", "Dog", "MyCatV2", "A"], "\(models.keys.sorted())")
        #expect(((models["Dog"] as? [String: Any])?["properties"] as? [String: Any])?["lastError"] as? String == "ErrorModel?")
        // The mapping's references name the same models as the union's members.
        let pet = try #require(models["Pet"] as? [String: Any])
        #expect(pet["mapping"] as? [String: String] == ["dog": "Dog", "cat": "MyCatV2"], "\(pet)")
        // Two components naming one file: the second is the first.
        #expect(((models["A"] as? [String: Any])?["properties"] as? [String: Any])?["self"] as? String == "A?")
        // A description beside the component's reference is the model's.
        #expect((models["A"] as? [String: Any])?["description"] as? String == "A thing, described where it is used.")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description))")
    }

    @Test func anAnchorIsAnErrorOnceAndGeneratedFilesNameTheirFile() throws {
        let anchored = Self.importing("a.yaml", files: [
            "a.yaml": "openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    Pet: {$ref: 'defs.yaml#Tag'}\n    Q: {type: object, properties: {q: {$ref: 'defs.yaml#Tag'}}}\n",
            "defs.yaml": "Tag: {type: string}\n",
        ])
        #expect(anchored.diagnostics.map(\.description) == [
            "a.yaml:6:17: error: the reference 'defs.yaml#Tag' names a place by an anchor ('#Tag'); only JSON pointers ('#/…') are followed"])
        // Generated from the document, a model from another file says which.
        let result = Generator.generate(specText: Self.files["api/openapi.yaml"]!, specPath: "api/openapi.yaml",
                                        options: GeneratorOptions(importOptions: OpenAPIImportOptions(readFile: { Self.files[$0] })))
        #expect(result.succeeded, "\(result.diagnostics.map(\.description))")
        let owner = try #require(result.files.first { $0.path.hasSuffix("PetOwner.swift") })
        #expect(owner.contents.contains("// Spec: api/schemas/pet-owner.yaml#\n"), "\(owner.contents.prefix(300))")
        #expect(!result.files.contains { $0.contents.contains(ExternalReferences.filesKey) })
    }

    @Test func relativePathsResolveFromTheFileThatHoldsThem() {
        #expect(ExternalReferences.joined("api/openapi.yaml", "schemas/Pet.yaml") == "api/schemas/Pet.yaml")
        #expect(ExternalReferences.joined("api/paths/pets.yaml", "../schemas/./Pet.yaml") == "api/schemas/Pet.yaml")
        #expect(ExternalReferences.joined("openapi.yaml", "../shared/common.yaml") == "../shared/common.yaml")
        #expect(ExternalReferences.joined("/srv/api/openapi.yaml", "../common.yaml") == "/srv/common.yaml")
        #expect(ExternalReferences.joined("api/openapi.yaml", "/etc/common.yaml") == "/etc/common.yaml")
    }

    /// The command line reads the files from disk, relative to the document.
    @Test func importAndGenerateReadTheFilesBesideTheDocument() throws {
        let folder = try TemporaryDirectory()
        for (path, text) in Self.files { try folder.write(path, text) }
        let imported = runTool(["import", "api/openapi.yaml", "--output", "pets.json"], in: folder.url)
        #expect(imported.status == .success, "\(imported.standardError)")
        #expect(imported.standardError.hasPrefix("api/schemas/Pet.yaml:11:16: warning: "))
        #expect(folder.read("pets.json") == Self.importing("api/openapi.yaml").specText)
        let generated = runTool(["generate", "api/openapi.yaml", "--output", "Out", "--layout", "compact", "-q"], in: folder.url)
        #expect(generated.status == .success, "\(generated.standardError)")
        #expect(OutputLayout.compactFileNames(forSpecAt: "openapi.yaml").contains {
            folder.read("Out/\($0)")?.contains("public struct PetOwner: Codable, Sendable {") == true
        })
    }
}
