import Foundation
import Testing

@testable import GenCore

/// The configuration's `include`: only the selected endpoints, their resources' services and the
/// models they reach are generated, each exactly as in the whole API; a name that selects
/// nothing is an error in the configuration file.
@Suite struct SelectionTests {
    /// Two resources; `Pets.listPets` reaches `Pet`, which holds `Owner` (which holds `Address`),
    /// `Tag` in an array and `Toy` in a dictionary; its error body is `Problem`, a union of
    /// `Message` and `[Code]`. `Stores` reaches `Store` and `Registry`, whose additional
    /// properties hold `Entry`; `Empty` has no endpoint.
    static let text = spec(
        models: """
        {
          "Pet": {"properties": {"id": "Int", "owner": "Owner?", "tags": "[Tag]", "toys": "[String: Toy]"}},
          "Owner": {"properties": {"name": "String", "address": "Address?"}},
          "Address": {"properties": {"street": "String"}},
          "Tag": {"enum": ["small", "large"]},
          "Toy": {"properties": {"name": "String"}},
          "Problem": {"oneOf": ["Message", "[Code]"]},
          "Message": {"properties": {"text": "String"}},
          "Code": {"properties": {"value": "Int"}},
          "Store": {"properties": {"name": "String", "address": "Address"}},
          "Registry": {"properties": {"name": "String"}, "additionalProperties": "Entry"},
          "Entry": {"properties": {"value": "Int"}},
          "Unused": {"properties": {"note": "String"}}
        }
        """,
        resources: """
        {
          "Pets": {"endpoints": [
            {"method": "GET", "path": "/pets", "name": "listPets", "response": "[Pet]", "errorResponse": "Problem"},
            {"method": "POST", "path": "/pets", "name": "addPet", "body": "Pet"},
            {"method": "GET", "path": "/pets/count", "name": "count", "response": "Int"}
          ]},
          "Stores": {"endpoints": [
            {"method": "GET", "path": "/stores", "name": "listStores", "response": "[Store]"},
            {"method": "GET", "path": "/stores/count", "name": "countStores", "response": "Int"},
            {"method": "GET", "path": "/stores/registry", "name": "storeRegistry", "response": "Registry"}
          ]},
          "Empty": {"endpoints": []}
        }
        """)

    private func generated(_ entries: [(Selection.Kind, String)], text: String = Self.text) throws -> (files: [String: String], outcome: Selection.Outcome) {
        let selection = Selection(entries: entries.map { Selection.Entry(kind: $0.0, name: $0.1) })
        let result = Generator.generate(specText: text, specPath: "spec.json", options: .init(selection: selection))
        try #require(result.succeeded, "\(result.diagnostics)")
        let outcome = try #require(result.selection)
        return (Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.contents) }), outcome)
    }

    private func models(_ files: [String: String]) -> [String] {
        files.keys.filter { $0.hasPrefix("Models/") }.map { String($0.dropFirst("Models/".count).dropLast(".swift".count)) }.sorted()
    }

    @Test func anEndpointBringsItsServiceAndEveryModelItReaches() throws {
        let (files, outcome) = try generated([(.endpoints, "listPets")])
        #expect(outcome.matched == [0])
        #expect(models(files) == ["Address", "Code", "Message", "Owner", "Pet", "Problem", "Tag", "Toy"])
        #expect(files.keys.filter { $0.hasPrefix("Endpoints/") }.sorted() == ["Endpoints/Pets/ListPetsEndpoint.swift"])
        #expect(files.keys.filter { $0.hasPrefix("Services/") }.sorted()
            == ["Services/LivePetsService.swift", "Services/PetsService.swift", "Services/PetsServiceProtocol.swift"])
        let service = try #require(files["Services/PetsServiceProtocol.swift"])
        #expect(service.contains("func listPets("))
        #expect(!service.contains("addPet") && !service.contains("func count"))
    }

    @Test func whatIsKeptIsGeneratedAsInTheWholeAPI() throws {
        let whole = Dictionary(uniqueKeysWithValues: generate(Self.text).files.map { ($0.path, $0.contents) })
        let (files, _) = try generated([(.endpoints, "listPets"), (.resources, "Stores")])
        for (path, contents) in files where path.hasPrefix("Models/") || path.hasPrefix("Endpoints/") || path.contains("Stores") || path == "TestAPI.swift" {
            #expect(whole[path] == contents, "\(path)")
        }
        #expect(Set(files.keys).isSubset(of: Set(whole.keys)))
        #expect(whole.keys.contains("Models/Unused.swift") && !files.keys.contains("Models/Unused.swift"))
    }

    @Test func aResourceByItsNameOrItsServiceName() throws {
        for name in ["Stores", "StoresService"] {
            let (files, outcome) = try generated([(.resources, name)])
            #expect(outcome.matched == [0])
            #expect(models(files) == ["Address", "Entry", "Registry", "Store"], "\(name)")
            #expect(files.keys.filter { $0.hasPrefix("Endpoints/") }.sorted()
                == ["Endpoints/Stores/CountStoresEndpoint.swift", "Endpoints/Stores/ListStoresEndpoint.swift",
                    "Endpoints/Stores/StoreRegistryEndpoint.swift"], "\(name)")
            #expect(!files.keys.contains { $0.contains("Pets") }, "\(name)")
        }
    }

    /// A resource selected whole is kept as the whole API keeps it, also without endpoints.
    @Test func aResourceWithoutEndpointsKeepsItsServices() throws {
        let (files, outcome) = try generated([(.resources, "Empty")])
        #expect(outcome.matched == [0])
        #expect(files.keys.sorted() == ["Services/EmptyService.swift", "Services/EmptyServiceProtocol.swift",
                                        "Services/LiveEmptyService.swift", "TestAPI.swift"])
    }

    @Test func aModelBringsWhatItHoldsAndNoService() throws {
        let (files, outcome) = try generated([(.models, "Owner")])
        #expect(outcome.matched == [0])
        #expect(models(files) == ["Address", "Owner"])
        #expect(!files.keys.contains { $0.hasPrefix("Endpoints/") || $0.hasPrefix("Services/") })
        #expect(files.keys.contains("TestAPI.swift"))
    }

    @Test func entriesThatNameNothingAreReportedUnmatched() throws {
        let (files, outcome) = try generated([(.resources, "Petz"), (.endpoints, "Pets.listPets"), (.models, "Pets"), (.endpoints, "addPet")])
        #expect(outcome.matched == [3])
        #expect(models(files) == ["Address", "Owner", "Pet", "Tag", "Toy"])
        #expect(outcome.names[.resources] == ["Pets", "PetsService", "Stores", "StoresService", "Empty", "EmptyService"])
        #expect(outcome.names[.endpoints] == ["listPets", "addPet", "count", "listStores", "countStores", "storeRegistry"])
    }

    // MARK: The command line

    private func workspace(config: String, specs: [String: String] = ["Specs/pets.json": Self.text]) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for (path, text) in specs { try folder.write(path, text) }
        try folder.write("config.json", config)
        return folder
    }

    @Test func theConfigurationSelectsAndCheckAgrees() throws {
        let folder = try workspace(config: #"{"include": {"endpoints": ["addPet"], "models": ["Store"]}}"#)
        let run = runTool(["generate", "Specs/pets.json", "--output", "Out", "--config", "config.json"], in: folder.url)
        #expect(run.status == .success, "\(run.standardError)")
        #expect(run.standardError.isEmpty)
        #expect(folder.allFiles(under: "Out/Models") == ["Address", "Owner", "Pet", "Store", "Tag", "Toy"].map { "Out/Models/\($0).swift" })
        #expect(folder.allFiles(under: "Out/Endpoints") == ["Out/Endpoints/Pets/AddPetEndpoint.swift"])
        let check = runTool(["check", "Specs/pets.json", "--output", "Out", "--config", "config.json"], in: folder.url)
        #expect(check.status == .success, "\(check.standardError)")
        // Without the selection the same folder is out of date: the whole API is more.
        let whole = runTool(["check", "Specs/pets.json", "--output", "Out"], in: folder.url)
        #expect(whole.status == .failure)
    }

    @Test func everyNameThatSelectsNothingIsAnErrorAndNothingIsWritten() throws {
        let config = """
        {"include": {
          "resources": ["Petz"],
          "endpoints": ["listPet", "addPets", "count"],
          "models": ["Owner", "Adress"]
        }}
        """
        let folder = try workspace(config: config)
        let run = runTool(["generate", "Specs/pets.json", "--output", "Out", "--config", "config.json"], in: folder.url)
        #expect(run.status == .failure)
        #expect(run.standardError == """
            config.json:2:17: error: 'Petz' in 'resources' names no resource of Specs/pets.json; did you mean 'Pets'?
            config.json:3:17: error: 'listPet' in 'endpoints' names no endpoint of Specs/pets.json; did you mean 'listPets'?
            config.json:3:28: error: 'addPets' in 'endpoints' names no endpoint of Specs/pets.json; did you mean 'addPet'?
            config.json:4:23: error: 'Adress' in 'models' names no model of Specs/pets.json; did you mean 'Address'?

            """)
        #expect(folder.allFiles(under: "Out").isEmpty)
    }

    @Test func aNameInTheWrongListSaysWhichListHasIt() throws {
        let folder = try workspace(config: #"{"include": {"resources": ["listPets"], "models": ["PetsService", "Pet"], "endpoints": ["Toy"]}}"#)
        let run = runTool(["generate", "Specs/pets.json", "--output", "Out", "--config", "config.json"], in: folder.url)
        #expect(run.status == .failure)
        #expect(run.standardError == """
            config.json:1:28: error: 'listPets' in 'resources' names no resource of Specs/pets.json; it is an endpoint: list it in 'endpoints'
            config.json:1:52: error: 'PetsService' in 'models' names no model of Specs/pets.json; it is a resource: list it in 'resources'
            config.json:1:89: error: 'Toy' in 'endpoints' names no endpoint of Specs/pets.json; it is a model: list it in 'models'

            """)
        #expect(folder.allFiles(under: "Out").isEmpty)
    }

    /// An OpenAPI document with a warning in each operation and each model, one on a path item's
    /// own servers (a relative URL, which cannot be placed) and one that no endpoint or model holds
    /// (a mutual-TLS scheme).
    static let document = """
        {"openapi": "3.0.3", "info": {"title": "Zoo", "version": "1"},
         "servers": [{"url": "https://zoo.example/v1"}],
         "paths": {
          "/pets": {
            "servers": [{"url": "/pets-api"}],
            "get": {"operationId": "listPets", "tags": ["Pets"], "responses": {"200": {"description": "ok", "links": {"next": {}},
              "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}}}},
            "post": {"operationId": "addPet", "tags": ["Pets"], "callbacks": {"added": {}},
              "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}},
              "responses": {"204": {"description": "added"}}}
          },
          "/keepers": {
            "get": {"operationId": "listKeepers", "tags": ["Keepers"], "callbacks": {"done": {}}, "responses": {"200": {"description": "ok",
              "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Keeper"}}}}}}}
          }
         },
         "components": {"securitySchemes": {"certificate": {"type": "mutualTLS"}}, "schemas": {
          "Pet": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "size": {"not": {"type": "string"}}}},
          "Keeper": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "shift": {"not": {"type": "integer"}}}}
         }}
        }
        """

    /// The pointers the warnings of generating `document` (an OpenAPI document) name, sorted, with
    /// `include` in the configuration or without one.
    private func importWarnings(_ document: String, include: String?) throws -> [String] {
        let folder = try TemporaryDirectory()
        try folder.write("doc.openapi.json", document)
        var arguments = ["generate", "doc.openapi.json", "--output", "Out", "-q"]
        if let include {
            try folder.write("config.json", #"{"include": \#(include)}"#)
            arguments += ["--config", "config.json"]
        }
        let run = runTool(arguments, in: folder.url)
        #expect(run.status == .success, "\(run.standardError)")
        return run.standardError.split(separator: "\n").map { String($0.split(separator: " ")[2].dropLast()) }.sorted()
    }

    /// With `include`, the import's warnings about endpoints and models that are not generated
    /// are left out; those about what is generated, or about no declaration, are printed.
    @Test func importWarningsAboutWhatIsLeftOutAreNotPrinted() throws {
        func warnings(_ include: String?) throws -> [String] { try importWarnings(Self.document, include: include) }
        let document = "#/components/securitySchemes/certificate"
        let all = try warnings(nil)
        #expect(all.sorted() == [
            document, "#/components/schemas/Keeper/properties/shift/not", "#/components/schemas/Pet/properties/size/not",
            "#/paths/~1keepers/get/callbacks", "#/paths/~1pets/get/responses/200/links", "#/paths/~1pets/post/callbacks",
            "#/paths/~1pets/servers",
        ].sorted(), "\(all)")
        // listPets reaches Pet; the path's servers concern it.
        #expect(try warnings(#"{"endpoints": ["listPets"]}"#).sorted() == [
            document, "#/components/schemas/Pet/properties/size/not", "#/paths/~1pets/get/responses/200/links", "#/paths/~1pets/servers",
        ].sorted())
        // No operation of /pets is generated, so neither are its servers' warning nor Pet's.
        #expect(try warnings(#"{"resources": ["Keepers"]}"#).sorted() == [
            document, "#/components/schemas/Keeper/properties/shift/not", "#/paths/~1keepers/get/callbacks",
        ].sorted())
        #expect(try warnings(#"{"models": ["Pet"]}"#).sorted() == [document, "#/components/schemas/Pet/properties/size/not"].sorted())
    }

    /// A warning about a place that a kept declaration reads too stays: a schema's property that a
    /// kept model is composed of (`allOf`), a parameter a kept operation refers to in another
    /// operation, and a path's servers when only a model read inside that path is kept.
    @Test func importWarningsAboutWhatAKeptDeclarationReadsStay() throws {
        let document = """
            {"openapi": "3.0.3", "info": {"title": "Zoo", "version": "1"},
             "paths": {
              "/dogs": {
                "servers": [{"url": "https://dogs.zoo.example"}],
                "get": {"operationId": "listDogs", "tags": ["Dogs"],
                  "parameters": [{"name": "filter", "in": "query", "style": "deepObject", "schema": {"type": "array", "items": {"type": "string"}}}],
                  "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "object", "properties": {
                    "dogs": {"type": "array", "items": {"$ref": "#/components/schemas/Animal"}}}}}}}}}
              },
              "/cats": {
                "get": {"operationId": "listCats", "tags": ["Cats"], "parameters": [{"$ref": "#/paths/~1dogs/get/parameters/0"}],
                  "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Cat"}}}}}}}
              },
              "/pages": {
                "get": {"operationId": "listPages", "tags": ["Pages"], "responses": {"200": {"description": "ok", "content": {"application/json": {
                  "schema": {"$ref": "#/paths/~1dogs/get/responses/200/content/application~1json/schema"}}}}}}
              }
             },
             "components": {"schemas": {
              "Animal": {"type": "object", "properties": {"size": {"type": "string", "not": {"enum": ["huge"]}}}},
              "Cat": {"allOf": [{"$ref": "#/components/schemas/Animal"}, {"type": "object", "properties": {"purrs": {"type": "boolean"}}}]}
             }}
            }
            """
        func warnings(_ include: String) throws -> [String] { try importWarnings(document, include: include) }
        let size = "#/components/schemas/Animal/properties/size/not", filter = "#/paths/~1dogs/get/parameters/0"
        let servers = "#/paths/~1dogs/servers"
        #expect(try warnings(#"{"resources": ["Dogs"]}"#) == [size, filter, servers].sorted())
        // Cat is composed of Animal's properties, and listCats sends listDogs's parameter.
        #expect(try warnings(#"{"resources": ["Cats"]}"#) == [size, filter].sorted())
        // listPages reads the model of listDogs's response, which holds Animal, but none of the
        // path's operations is generated.
        #expect(try warnings(#"{"resources": ["Pages"]}"#) == [size])
    }

    /// What the import reads where no endpoint or model is being read (a schema that is a plain
    /// type, inlined wherever it is used) concerns the whole document and is always printed; a
    /// form body's model that takes in its bases' fields keeps their warnings; an operation's own
    /// security, the OPTIONS beside it and its path's servers go with the path's operations.
    @Test func importWarningsFollowWhatReadsThem() throws {
        let document = """
            {"openapi": "3.0.3", "info": {"title": "Shop", "version": "1"},
             "paths": {
              "/a": {"get": {"operationId": "getA", "tags": ["a"], "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/A"}}}}}}},
              "/b": {"get": {"operationId": "getB", "tags": ["b"], "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/B"}}}}}}},
              "/n": {"get": {"operationId": "getN", "tags": ["n"], "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/N"}}}}}}},
              "/m": {"get": {"operationId": "getM", "tags": ["m"], "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/M"}}}}}}},
              "/x": {"post": {"operationId": "postX", "tags": ["x"], "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {"$ref": "#/components/schemas/X"}}}}, "responses": {"204": {"description": "ok"}}}},
              "/y": {"post": {"operationId": "postY", "tags": ["y"], "requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Y"}}}}, "responses": {"204": {"description": "ok"}}}},
              "/s": {"servers": [{"url": "https://s.example"}],
                     "get": {"operationId": "getS", "tags": ["s"], "security": [{"k1": [], "k2": []}, {"k2": []}], "responses": {"204": {"description": "ok"}}},
                     "options": {"responses": {"204": {"description": "ok"}}}}
             },
             "components": {
              "securitySchemes": {"k1": {"type": "apiKey", "in": "header", "name": "K1"}, "k2": {"type": "http", "scheme": "bearer"}},
              "schemas": {
               "A": {"type": "object", "properties": {"id": {"$ref": "#/components/schemas/Id"}}},
               "B": {"type": "object", "properties": {"id": {"$ref": "#/components/schemas/Id"}}},
               "Id": {"type": "string", "not": {"enum": ["x"]}},
               "Code": {"$ref": "#/components/schemas/M/properties/x"},
               "M": {"type": "object", "properties": {"x": {"type": "string", "not": {"enum": ["a"]}}}},
               "N": {"type": "object", "properties": {"code": {"$ref": "#/components/schemas/Code"}}},
               "Base": {"type": "object", "properties": {"a": {"type": "string", "not": {"enum": ["x"]}}}},
               "X": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object", "properties": {"meta": {"type": "object", "properties": {"k": {"type": "string"}}}}}]},
               "Y": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object", "properties": {"b": {"type": "string"}}}]}
              }}
            }
            """
        func warnings(_ include: String) throws -> [String] { try importWarnings(document, include: include) }
        let always = ["#/components/schemas/Id/not", "#/components/schemas/M/properties/x/not"]
        let base = "#/components/schemas/Base/properties/a/not"
        let path = ["#/paths/~1s/get/security", "#/paths/~1s/get/security/0", "#/paths/~1s/options", "#/paths/~1s/servers"]
        #expect(try warnings(#"{"resources": ["b"]}"#) == always)
        #expect(try warnings(#"{"resources": ["n"]}"#) == always)
        // X is a form: its fields are Base's too, copied in; Y is composed of Base.
        #expect(try warnings(#"{"resources": ["x"]}"#) == (always + [base, "#/components/schemas/X/properties/meta"]).sorted())
        #expect(try warnings(#"{"resources": ["y"]}"#) == (always + [base]).sorted())
        #expect(try warnings(#"{"resources": ["s"]}"#) == (always + path).sorted())
    }

    /// A spec's own warning about a model left out (a union member that is never decoded) is
    /// left out with it.
    @Test func aSpecWarningAboutAModelLeftOutIsNotPrinted() throws {
        let text = spec(
            models: #"{"Pet": {"properties": {"name": "String"}}, "Amount": {"oneOf": ["Double", "Int"]}}"#,
            resources: #"{"Pets": {"endpoints": [{"method": "GET", "path": "/pets", "name": "listPets", "response": "[Pet]"}]}}"#)
        func warnings(_ include: String) throws -> String {
            let folder = try workspace(config: #"{"include": \#(include)}"#, specs: ["Specs/pets.json": text])
            let run = runTool(["generate", "Specs/pets.json", "--output", "Out", "--config", "config.json", "-q"], in: folder.url)
            #expect(run.status == .success, "\(run.standardError)")
            return run.standardError
        }
        #expect(try warnings(#"{"endpoints": ["listPets"]}"#).isEmpty)
        #expect(try warnings(#"{"models": ["Amount"]}"#).contains("warning: member Int of union 'Amount' is never decoded"))
    }

    /// Under `--strict` the import's problems are errors, and errors are never left out: the
    /// document does not generate, whatever is selected.
    @Test func importErrorsStayWhateverIsSelected() throws {
        let folder = try TemporaryDirectory()
        try folder.write("zoo.openapi.json", Self.document)
        try folder.write("config.json", #"{"include": {"endpoints": ["listPets"]}, "strict": true}"#)
        let run = runTool(["generate", "zoo.openapi.json", "--output", "Out", "--config", "config.json"], in: folder.url)
        #expect(run.status == .failure)
        #expect(run.standardError.contains("#/paths/~1keepers/get/callbacks: "), "\(run.standardError)")
        #expect(!folder.exists("Out"))
    }

    @Test func aNameListedTwiceIsAWarning() throws {
        let folder = try workspace(config: #"{"include": {"endpoints": ["addPet", "addPet"]}}"#)
        let run = runTool(["generate", "Specs/pets.json", "--output", "Out", "--config", "config.json", "-q"], in: folder.url)
        #expect(run.status == .success)
        #expect(run.standardError == "config.json:1:38: warning: 'addPet' is in 'endpoints' already\n")
        #expect(folder.exists("Out/Endpoints/Pets/AddPetEndpoint.swift"))
    }

    @Test func malformedIncludesAreErrorsAllAtOnce() throws {
        let config = """
        {"include": {"resource": ["Pets"], "endpoints": "listPets", "models": ["", 3]}, "strict": true}
        """
        let folder = try workspace(config: config)
        let run = runTool(["validate", "Specs/pets.json", "--config", "config.json"], in: folder.url)
        #expect(run.status == .failure)
        #expect(run.standardError == """
            config.json:1:14: error: unknown key 'resource' in 'include'; did you mean 'resources'?
            config.json:1:49: error: 'endpoints' in 'include' is an array of endpoint names
            config.json:1:72: error: a name in 'models' is a non-empty string: a model of the spec
            config.json:1:76: error: a name in 'models' is a non-empty string: a model of the spec

            """)
        for (text, message) in [
            (#"{"include": []}"#, "1:13: error: 'include' is an object of name lists"),
            (#"{"include": {}}"#, "1:13: error: 'include' names nothing to generate; leave it out to generate the whole API"),
            (#"{"include": {"models": []}}"#, "1:13: error: 'include' names nothing to generate; leave it out to generate the whole API"),
        ] {
            try folder.write("config.json", text)
            let run = runTool(["validate", "Specs/pets.json", "--config", "config.json"], in: folder.url)
            #expect(run.status == .failure)
            #expect(run.standardError.hasPrefix("config.json:\(message)"), "\(text): \(run.standardError)")
        }
    }

    /// With several specs, a name must select something in one of them.
    @Test func withSeveralSpecsANameNeedsOneSpecThatHasIt() throws {
        let other = spec(name: "Shop", models: #"{"City": {"properties": {"name": "String"}}}"#,
                         resources: #"{"Cities": {"endpoints": [{"method": "GET", "path": "/cities", "name": "listCities", "response": "[City]"}]}}"#)
        let folder = try workspace(config: #"{"include": {"endpoints": ["listPets", "listCities", "listShops"]}}"#,
                                   specs: ["Specs/pets.json": Self.text, "Specs/shop.json": other])
        let run = runTool(["generate", "Specs/pets.json", "Specs/shop.json", "--output", "Out", "--config", "config.json"], in: folder.url)
        #expect(run.status == .failure)
        #expect(run.standardError == "config.json:1:54: error: 'listShops' in 'endpoints' names no endpoint of any of the specs; did you mean 'listStores'?\n")
        // A spec of several that the selection names nothing of would be cut to its namespace.
        try folder.write("config.json", #"{"include": {"endpoints": ["listPets"]}}"#)
        let cut = runTool(["generate", "Specs/pets.json", "Specs/shop.json", "--output", "Out", "--config", "config.json"], in: folder.url)
        #expect(cut.status == .failure)
        #expect(cut.standardError == "config.json:1:13: error: 'include' names nothing of Specs/shop.json, which would keep only its namespace; name what to keep of it, or generate it in a run of its own\n")
        #expect(folder.allFiles(under: "Out").isEmpty)
        try folder.write("config.json", #"{"include": {"endpoints": ["listPets", "listCities"]}}"#)
        let fixed = runTool(["generate", "Specs/pets.json", "Specs/shop.json", "--output", "Out", "--config", "config.json", "-q"], in: folder.url)
        #expect(fixed.status == .success, "\(fixed.standardError)")
        #expect(folder.exists("Out/Endpoints/Pets/ListPetsEndpoint.swift") && folder.exists("Out/Endpoints/Cities/ListCitiesEndpoint.swift"))
    }

    /// Each endpoint of the test spec alone, and a model alone, compile without a warning.
    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func selectionsOfTheTestSpecCompile() async throws {
        let selections: [[(Selection.Kind, String)]] = [[(.endpoints, "listPets")], [(.endpoints, "storeRegistry")], [(.models, "Owner")],
                                                       [(.resources, "Empty")]]
        for selection in selections {
            let (files, _) = try generated(selection)
            try await expectTypechecks(files, "\(selection)")
        }
    }

    // MARK: Every golden spec

    /// Each endpoint of every golden spec selected alone: every model of the spec that the kept
    /// code names is declared in it. (Found in the rendered code, not in the reachability that
    /// chose the models, so that a kind of reference the selection forgot shows here.)
    @Test func everyEndpointAloneNamesOnlyModelsItKeeps() throws {
        for golden in MutationFuzzTests.goldenCases {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(golden.path), encoding: .utf8)
            let probe = try generated([(.models, "\u{1}")], text: text).outcome
            let allModels = probe.names[.models] ?? []
            let endpoints = probe.names[.endpoints] ?? []
            #expect(!endpoints.isEmpty, "\(golden.name)")
            for endpoint in endpoints {
                let (files, outcome) = try generated([(.endpoints, endpoint)], text: text)
                #expect(outcome.matched == [0], "\(golden.name) \(endpoint)")
                let declared = Set(models(files))
                let code = files.values.joined(separator: "\n").split(separator: "\n")
                    .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
                for model in allModels where !declared.contains(model) {
                    #expect(code.range(of: "\\b\(model)\\b", options: .regularExpression) == nil,
                            "\(golden.name): selecting \(endpoint) names \(model) but does not declare it")
                }
            }
        }
    }

    /// Half of every golden spec's endpoints (every other one) compile as a module of their own,
    /// without a warning.
    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func halfOfEveryGoldenSpecCompiles() async throws {
        for golden in MutationFuzzTests.goldenCases {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(golden.path), encoding: .utf8)
            let endpoints = try generated([(.models, "\u{1}")], text: text).outcome.names[.endpoints] ?? []
            let half = endpoints.enumerated().filter { $0.offset % 2 == 0 }.map { (Selection.Kind.endpoints, $0.element) }
            let (files, _) = try generated(half, text: text)
            try await expectTypechecks(files, golden.name)
        }
    }
}
