import Foundation
import Testing

@testable import GenCore

/// `endpointgen import <openapi.json> --output <spec.json>`: writes the spec only when the
/// import has no error, reports warnings in the compiler's form, and `--strict` makes them errors.
@Suite struct CommandLineImportTests {
    static let document = """
        {"openapi": "3.0.3", "info": {"title": "Pets", "version": "1"},
         "paths": {"/pets": {"get": {"operationId": "listPets", "callbacks": {"x": {}},
           "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}}}}}},
         "components": {"schemas": {"Pet": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}}}}
        """

    @Test func importWritesTheSpecAndGenerateTakesIt() throws {
        let folder = try TemporaryDirectory()
        try folder.write("openapi.json", Self.document)
        let run = runTool(["import", "openapi.json", "--output", "Specs/pets.json"], in: folder.url)
        #expect(run.status == .success, "\(run.standardError)")
        #expect(run.standardError == "openapi.json:2:70: warning: #/paths/~1pets/get/callbacks: callbacks (requests the API sends back) are not imported; the endpoint is imported without them\n")
        #expect(run.standardOutput == "wrote Specs/pets.json (1 warning)\n")
        let written = try #require(folder.read("Specs/pets.json"))
        #expect(written == OpenAPIImport.importSpec(openAPIText: Self.document, path: "openapi.json").specText)
        #expect(written.contains(#""response": "[Pet]""#))

        // The second run finds nothing to change; generate takes the spec as it is.
        let again = runTool(["import", "openapi.json", "-o", "Specs/pets.json", "--quiet"], in: folder.url)
        #expect(again.status == .success && again.standardError.isEmpty && again.standardOutput.isEmpty)
        let generate = runTool(["generate", "Specs/pets.json", "--output", "Out", "-q"], in: folder.url)
        #expect(generate.status == .success, "\(generate.standardError)")
        #expect(folder.allFiles(under: "Out").contains("Out/Endpoints/Pets/ListPetsEndpoint.swift"))
    }

    @Test func aDashWritesTheSpecToStandardOutput() throws {
        let folder = try TemporaryDirectory()
        try folder.write("openapi.json", Self.document)
        let run = runTool(["import", "openapi.json", "--output", "-", "-q"], in: folder.url)
        #expect(run.status == .success)
        #expect(run.standardOutput == OpenAPIImport.importSpec(openAPIText: Self.document, path: "openapi.json").specText)
        #expect(run.standardError.isEmpty, "--quiet prints nothing but errors")
    }

    /// `--output /dev/null` (or a link, or a pipe) is written through, not replaced by a file.
    @Test func anOutputThatIsNotARegularFileIsWrittenThrough() throws {
        let folder = try TemporaryDirectory()
        try folder.write("openapi.json", Self.document)
        try folder.write("real/spec.json", "old")
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.json").path, withDestinationPath: folder.file("real/spec.json").path)
        let run = runTool(["import", "openapi.json", "--output", "link.json", "-q"], in: folder.url)
        #expect(run.status == .success, "\(run.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.file("link.json").path) == folder.file("real/spec.json").path)
        #expect(folder.read("real/spec.json") == OpenAPIImport.importSpec(openAPIText: Self.document, path: "openapi.json").specText)
        let null = runTool(["import", "openapi.json", "--output", "/dev/null", "-q"], in: folder.url)
        #expect(null.status == .success)
        var status = stat()
        #expect(lstat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR, "/dev/null is still a device")
    }

    @Test func strictTurnsWarningsIntoErrorsAndWritesNothing() throws {
        let folder = try TemporaryDirectory()
        try folder.write("openapi.json", Self.document)
        try folder.write("Specs/pets.json", "{\"kept\": true}")
        let run = runTool(["import", "openapi.json", "--output", "Specs/pets.json", "--strict"], in: folder.url)
        #expect(run.status == .failure)
        #expect(run.standardError == "openapi.json:2:70: error: #/paths/~1pets/get/callbacks: callbacks (requests the API sends back) are not imported; the endpoint is imported without them (--strict)\n")
        #expect(folder.read("Specs/pets.json") == "{\"kept\": true}", "a failed import leaves the old spec as it was")
    }

    @Test func errorsInTheDocumentAreAllReportedAndNothingIsWritten() throws {
        let folder = try TemporaryDirectory()
        try folder.write("openapi.json", """
            {"openapi": "3.1.0", "info": {"title": "T", "version": "1"},
             "paths": {"/a": {"get": {"operationId": "a", "responses": {"200": {"description": "", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Missing"}}}}}}},
                       "/b": {"get": {"operationId": "b", "parameters": [{"$ref": "#/components/parameters/Gone"}], "responses": {"204": {"description": ""}}}}}}
            """)
        let run = runTool(["import", "openapi.json", "--output", "spec.json"], in: folder.url)
        #expect(run.status == .failure)
        #expect(run.standardError == """
            openapi.json:2:140: error: #/paths/~1a/get/responses/200/content/application~1json/schema: the reference '#/components/schemas/Missing' names nothing in this document
            openapi.json:3:71: error: #/paths/~1b/get/parameters/0: the reference '#/components/parameters/Gone' names nothing in this document

            """)
        #expect(folder.read("spec.json") == nil)
    }

    @Test func usageProblemsExitWith64() throws {
        let folder = try TemporaryDirectory()
        try folder.write("openapi.json", Self.document)
        for (arguments, message) in [
            (["import", "openapi.json"], "import needs --output <spec.json> (or --output - for standard output)"),
            (["import", "--output", "x.json"], "import needs an OpenAPI document"),
            (["import", "a.json", "b.json", "-o", "x.json"], "import reads one OpenAPI document at a time"),
            (["import", "openapi.json", "-o", "x.json", "--stric"], "unknown option '--stric' for import; did you mean '--strict'?"),
        ] {
            let run = runTool(arguments, in: folder.url)
            #expect(run.status == .usage, "\(arguments)")
            #expect(run.standardError == "endpointgen: error: \(message)\nRun 'endpointgen --help' for usage.\n", "\(arguments)")
        }
        let missing = runTool(["import", "nothing.json", "-o", "x.json"], in: folder.url)
        #expect(missing.status == .failure && missing.standardError == "nothing.json: error: cannot read the OpenAPI document\n")
        #expect(runTool(["--help"], in: folder.url).standardOutput.contains("import      Read an OpenAPI 3.0 or 3.1 document"))
    }

    // MARK: OpenAPI documents given to generate, and configuration files

    @Test func generateTakesAnOpenAPIDocumentAndDiagnosticsPointIntoIt() throws {
        let folder = try TemporaryDirectory()
        try folder.write("openapi.json", Self.document)
        let run = runTool(["generate", "openapi.json", "--output", "Out", "--layout", "compact"], in: folder.url)
        #expect(run.status == .success, "\(run.standardError)")
        #expect(run.standardError.hasPrefix("openapi.json:2:70: warning: #/paths/~1pets/get/callbacks:"))
        #expect(folder.allFiles(under: "Out") == OutputLayout.compactFileNames(forSpecAt: "openapi.json").map { "Out/\($0)" }.sorted())
        #expect(folder.read("Out/openapi.1.swift")?.hasPrefix("// Generated by endpointgen from ../openapi.json. Do not edit.") == true)
        // The same files as importing first and generating the spec, but for the header.
        let strict = runTool(["check", "openapi.json", "--output", "Out", "--layout", "compact", "--strict"], in: folder.url)
        #expect(strict.status == .failure)
        #expect(strict.standardError.contains("openapi.json:2:70: error: #/paths/~1pets/get/callbacks:"))
    }

    /// The same document in YAML: imported to the same spec, generated to the same files (but for
    /// the header naming it), with the diagnostics at its own lines; the compact files are named
    /// after it without `.yaml`, and a spec may be written in YAML too.
    @Test func yamlDocumentsAndSpecsTakeTheSameWay() throws {
        let folder = try TemporaryDirectory()
        try folder.write("openapi.json", Self.document)
        try folder.write("openapi.yaml", """
            openapi: 3.0.3
            info:
              title: Pets
              version: "1"
            paths:
              /pets:
                get:
                  operationId: listPets
                  callbacks: {x: {}}
                  responses:
                    200:
                      description: ''
                      content:
                        application/json:
                          schema:
                            type: array
                            items: {$ref: '#/components/schemas/Pet'}
            components:
              schemas:
                Pet:
                  type: object
                  required: [name]
                  properties:
                    name: {type: string}
            """)
        let imported = runTool(["import", "openapi.yaml", "--output", "pets.json"], in: folder.url)
        #expect(imported.status == .success, "\(imported.standardError)")
        #expect(imported.standardError == "openapi.yaml:9:18: warning: #/paths/~1pets/get/callbacks: callbacks (requests the API sends back) are not imported; the endpoint is imported without them\n")
        #expect(folder.read("pets.json") == OpenAPIImport.importSpec(openAPIText: Self.document, path: "openapi.json").specText)

        let fromYAML = runTool(["generate", "openapi.yaml", "--output", "FromYAML", "--layout", "compact", "-q"], in: folder.url)
        let fromJSON = runTool(["generate", "openapi.json", "--output", "FromJSON", "--layout", "compact", "-q"], in: folder.url)
        #expect(fromYAML.status == .success && fromJSON.status == .success, "\(fromYAML.standardError)")
        let names = OutputLayout.compactFileNames(forSpecAt: "openapi.yaml")
        #expect(names.first == "openapi.1.swift")
        #expect(folder.allFiles(under: "FromYAML") == names.map { "FromYAML/\($0)" }.sorted())
        for name in names {
            let yamlFile = try #require(folder.read("FromYAML/\(name)"))
            let jsonFile = try #require(folder.read("FromJSON/\(name)"))
            #expect(yamlFile.replacingOccurrences(of: "from ../openapi.yaml.", with: "from ../openapi.json.") == jsonFile)
        }
        #expect(folder.read("FromYAML/openapi.1.swift")?.hasPrefix("// Generated by endpointgen from ../openapi.yaml. Do not edit.") == true)

        // A spec written in YAML.
        try folder.write("cities.endpointgen.yml", """
            endpointgen: 1
            name: Cities
            servers: {production: "https://api.example.com"}
            models:
              City:
                properties:
                  name: String
                  population: Int?
            resources:
              Cities:
                endpoints:
                  - {name: listCities, method: GET, path: /cities, response: "[City]"}
            """)
        let spec = runTool(["generate", "cities.endpointgen.yml", "--output", "Cities", "--layout", "compact", "-q"], in: folder.url)
        #expect(spec.status == .success, "\(spec.standardError)")
        #expect(OutputLayout.compactFileNames(forSpecAt: "cities.endpointgen.yml").contains { folder.read("Cities/\($0)")?.contains("public struct City: Codable, Sendable {") == true })
        // Its type errors point into the plain text as they do into a JSON string.
        try folder.write("bad.yaml", "endpointgen: 1\nname: Bad\nservers: {production: \"https://a.example\"}\nmodels:\n  A:\n    properties:\n      b: Strng\n")
        let bad = runTool(["generate", "bad.yaml", "--output", "Bad", "-q"], in: folder.url)
        #expect(bad.status == .failure)
        #expect(bad.standardError.hasPrefix("bad.yaml:7:10: error: "), "\(bad.standardError)")
        #expect(!folder.exists("Bad"))
    }

    @Test func aConfigurationFileSetsAccessLayoutAndStrictness() throws {
        let folder = try TemporaryDirectory()
        try folder.write("openapi.json", Self.document)
        try folder.write("config.json", #"{"access": "internal", "layout": "compact"}"#)
        let run = runTool(["generate", "openapi.json", "--output", "Out", "--config", "config.json", "-q"], in: folder.url)
        #expect(run.status == .success, "\(run.standardError)")
        #expect(folder.allFiles(under: "Out").count == OutputLayout.compactPartCount)
        #expect(folder.allFiles(under: "Out").contains { folder.read($0)?.contains("\nstruct Pet: Codable, Sendable {") == true })
        // The command line wins over the configuration.
        let split = runTool(["generate", "openapi.json", "--output", "Split", "--config", "config.json", "--layout", "split", "-q"], in: folder.url)
        #expect(split.status == .success)
        #expect(folder.allFiles(under: "Split").contains("Split/Models/Pet.swift"))

        try folder.write("strict.json", #"{"strict": true}"#)
        let strict = runTool(["validate", "openapi.json", "--config", "strict.json"], in: folder.url)
        #expect(strict.status == .failure)
        #expect(strict.standardError.hasSuffix("(--strict)\n"))
    }

    /// An OpenAPI document has no word for `Hashable` or `Identifiable`, which apps that put
    /// models in sets or SwiftUI lists need: the configuration says them, for the build plugin's
    /// generation and for the spec `import` writes (its `defaults`).
    @Test func theConfigurationMakesADocumentsModelsHashableAndIdentifiable() throws {
        let folder = try TemporaryDirectory()
        try folder.write("openapi.json", """
            {"openapi": "3.1.0", "info": {"title": "Pets", "version": "1"}, "paths": {},
             "components": {"schemas": {
               "Pet": {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer", "format": "int64"}, "tag": {"$ref": "#/components/schemas/Tag"}}},
               "Tag": {"type": "object", "properties": {"label": {"type": "string"}}}}}}
            """)
        try folder.write("config.json", #"{"hashable": true, "identifiable": true}"#)
        let run = runTool(["generate", "openapi.json", "--output", "Out", "--config", "config.json", "-q"], in: folder.url)
        #expect(run.status == .success, "\(run.standardError)")
        #expect(folder.read("Out/Models/Pet.swift")?.contains("public struct Pet: Codable, Hashable, Identifiable, Sendable {") == true)
        #expect(folder.read("Out/Models/Tag.swift")?.contains("public struct Tag: Codable, Hashable, Sendable {") == true, "no id")
        let imported = runTool(["import", "openapi.json", "--output", "spec.json", "--config", "config.json", "-q"], in: folder.url)
        #expect(imported.status == .success, "\(imported.standardError)")
        #expect(folder.read("spec.json")?.contains(#""defaults": { "hashable": true, "identifiable": true }"#) == true, "\(folder.read("spec.json") ?? "")")
        // Without them, neither.
        let plain = runTool(["generate", "openapi.json", "--output", "Plain", "-q"], in: folder.url)
        #expect(plain.status == .success && folder.read("Plain/Models/Pet.swift")?.contains("public struct Pet: Codable, Sendable {") == true)
    }

    /// Found by a review: a configuration's import keys were ignored without a word where every
    /// input is a spec, which says them in its own `defaults`. With an OpenAPI document in the
    /// run they apply to it, and nothing is said.
    @Test func importKeysInARunOfSpecsAloneAreSaidToChangeNothing() throws {
        let folder = try TemporaryDirectory()
        try folder.write("spec.json", #"{"endpointgen": 1, "name": "Pets", "models": {"Pet": {"properties": {"id": "Int"}}}}"#)
        try folder.write("openapi.json", #"{"openapi": "3.1.0", "info": {"title": "Zoo", "version": "1"}, "paths": {}}"#)
        try folder.write("config.json", """
            {"access": "internal",
             "hashable": true, "strict": true}
            """)
        let run = runTool(["generate", "spec.json", "--output", "Out", "--config", "config.json", "-q"], in: folder.url)
        #expect(run.status == .success)
        #expect(run.standardError == """
            config.json:2:2: warning: 'hashable' is read where an OpenAPI document is imported, and this run has none; it changes nothing here (a spec says it in its 'defaults')
            config.json:2:20: warning: 'strict' is read where an OpenAPI document is imported, and this run has none; it changes nothing here

            """)
        #expect(folder.read("Out/Models/Pet.swift")?.contains("struct Pet: Codable, Sendable {") == true, "the spec's own defaults hold")
        let mixed = runTool(["generate", "spec.json", "openapi.json", "--output", "Mixed", "--config", "config.json", "-q"], in: folder.url)
        #expect(mixed.status == .success && mixed.standardError.isEmpty, "\(mixed.standardError)")
    }

    @Test func everyProblemOfAConfigurationIsReported() throws {
        let folder = try TemporaryDirectory()
        try folder.write("openapi.json", Self.document)
        try folder.write("config.json", """
            {
              "acess": "internal",
              "layout": "flat",
              "strict": "yes",
              "hashable": 1,
              "identifiable": "true"
            }
            """)
        let run = runTool(["generate", "openapi.json", "--output", "Out", "--config", "config.json"], in: folder.url)
        #expect(run.status == .failure)
        #expect(run.standardError == """
            config.json:2:3: error: unknown key 'acess' in the configuration; did you mean 'access'?
            config.json:3:13: error: 'layout' is "split" or "compact"
            config.json:4:13: error: 'strict' is true or false: whether what an OpenAPI document holds that cannot be imported is an error
            config.json:5:15: error: 'hashable' is true or false: whether an OpenAPI document's models conform to Hashable
            config.json:6:19: error: 'identifiable' is true or false: whether an OpenAPI document's structs with an 'id' conform to Identifiable

            """)
        #expect(folder.allFiles(under: "Out").isEmpty)
        let missing = runTool(["generate", "openapi.json", "--output", "Out", "--config", "none.json"], in: folder.url)
        #expect(missing.status == .failure && missing.standardError == "none.json: error: cannot read the configuration file\n")
    }

    /// A document whose operations accept a user and password or a key (Adyen's, Ably's,
    /// Google's): the import takes the first, so an app that holds a key could not send them.
    static let eitherCredential = """
        {"openapi": "3.1.0", "info": {"title": "Bins", "version": "1"}, "servers": [{"url": "https://bins.example.com"}],
         "security": [{"basicAuth": []}, {"apiKey": []}],
         "paths": {
          "/bins": {"get": {"operationId": "listBins", "responses": {"204": {"description": ""}}}},
          "/tokens": {"post": {"operationId": "makeToken", "security": [{"bearerAuth": []}, {"basicAuth": []}], "responses": {"204": {"description": ""}}}}
         },
         "components": {"securitySchemes": {"basicAuth": {"type": "http", "scheme": "basic"}, "bearerAuth": {"type": "http", "scheme": "bearer"},
           "apiKey": {"type": "apiKey", "in": "header", "name": "X-API-Key"}}}}
        """

    /// The configuration's `auth` names the schemes the app holds, first the one it prefers: an
    /// operation that accepts several gets the first of these it accepts, without a warning.
    @Test func theConfigurationsAuthChoosesAmongTheSchemesAnOperationAccepts() throws {
        let folder = try TemporaryDirectory()
        try folder.write("openapi.json", Self.eitherCredential)
        let plain = runTool(["import", "openapi.json", "--output", "-"], in: folder.url)
        #expect(plain.standardOutput.contains(#""defaults": { "auth": "basicAuth" }"#), "\(plain.standardOutput)")
        #expect(plain.standardError.components(separatedBy: "the operation accepts").count == 3, "two warnings about a choice: \(plain.standardError)")

        try folder.write("config.json", #"{"auth": ["apiKey", "basicAuth"]}"#)
        let chosen = runTool(["import", "openapi.json", "--output", "-", "--config", "config.json"], in: folder.url)
        #expect(chosen.status == .success, "\(chosen.standardError)")
        #expect(chosen.standardError == "", "the app chose: \(chosen.standardError)")
        #expect(chosen.standardOutput.contains(#""defaults": { "auth": "apiKey" }"#), "\(chosen.standardOutput)")
        // makeToken accepts bearer or basic: of these the app holds basic.
        #expect(chosen.standardOutput.contains(#""auth": "basicAuth""#), "\(chosen.standardOutput)")

        // generate reads the document with the same choice: the endpoints need the key.
        let generated = runTool(["generate", "openapi.json", "--output", "Out", "--config", "config.json", "-q"], in: folder.url)
        #expect(generated.status == .success, "\(generated.standardError)")
        #expect(folder.allFiles(under: "Out").contains { folder.read($0)?.contains("public typealias Auth = ApiKeyAuth") == true })

        // Schemes needed together are still two credentials, whichever the app prefers (found by the review).
        try folder.write("pair.json", Self.eitherCredential.replacingOccurrences(
            of: #""/bins": {"get""#, with: #""/pair": {"get": {"operationId": "pair", "security": [{"bearerAuth": [], "apiKey": []}], "responses": {"204": {"description": ""}}}}, "/solo": {"get": {"operationId": "solo", "security": [{"bearerAuth": [], "apiKey": []}, {"apiKey": []}], "responses": {"204": {"description": ""}}}}, "/bins": {"get""#))
        let pair = runTool(["import", "pair.json", "--output", "-", "--config", "config.json"], in: folder.url)
        #expect(pair.standardError.hasSuffix("#/paths/~1pair/get/security/0: the requirement needs 'bearerAuth' and 'apiKey' together, "
                                             + "and an endpoint needs one scheme; 'apiKey' is imported, and the app sends the Authorization header "
                                             + "('bearerAuth') itself (in the client's default headers, or with a middleware)\n"), "\(pair.standardError)")
        // An alternative that the preferred scheme satisfies alone wins over one that needs another beside it.
        #expect(!pair.standardError.contains("~1solo"), "\(pair.standardError)")
    }

    @Test func aNameInTheConfigurationsAuthThatNamesNoSchemeIsAnError() throws {
        let folder = try TemporaryDirectory()
        try folder.write("openapi.json", Self.eitherCredential)
        try folder.write("config.json", """
            {
              "auth": ["apikey", "basicAuth", 7, "basicAuth"]
            }
            """)
        let run = runTool(["generate", "openapi.json", "--output", "Out", "--config", "config.json", "-q"], in: folder.url)
        #expect(run.status == .failure)
        #expect(run.standardError == """
            config.json:2:35: error: a name in 'auth' is a security scheme of the OpenAPI document, as its 'securitySchemes' names it
            config.json:2:38: warning: 'basicAuth' is in 'auth' already

            """)
        try folder.write("config.json", """
            {
              "auth": ["apikey", "basicAuth"]
            }
            """)
        for command in [["generate", "openapi.json", "--output", "Out"], ["import", "openapi.json", "--output", "spec.json"]] {
            let run = runTool(command + ["--config", "config.json", "-q"], in: folder.url)
            #expect(run.status == .failure)
            #expect(run.standardError == "config.json:2:12: error: 'apikey' in 'auth' names no security scheme of openapi.json; did you mean 'apiKey'?\n")
        }
        #expect(folder.allFiles(under: "Out").isEmpty && !folder.exists("spec.json"))
        // A scheme the import leaves out is named as such, with why, not as a name it lacks.
        try folder.write("tls.json", Self.eitherCredential.replacingOccurrences(
            of: #""securitySchemes": {"#, with: #""securitySchemes": {"clientCertificate": {"type": "mutualTLS"}, "#))
        try folder.write("config.json", #"{"auth": ["clientCertificate", "basicAuth"]}"#)
        let leftOut = "config.json:1:11: error: 'clientCertificate' in 'auth' names a security scheme of tls.json that is not imported: "
            + "mutual TLS is set up on the URL session, not per request\n"
        let generateLeftOut = runTool(["generate", "tls.json", "--output", "Out", "--config", "config.json", "-q"], in: folder.url)
        #expect(generateLeftOut.status == .failure)
        // generate's --quiet leaves out the summary, not the warnings (here the import's about the scheme).
        #expect(generateLeftOut.standardError.hasSuffix("the scheme is left out\n" + leftOut), "\(generateLeftOut.standardError)")
        let importLeftOut = runTool(["import", "tls.json", "--output", "spec.json", "--config", "config.json", "-q"], in: folder.url)
        #expect(importLeftOut.status == .failure)
        #expect(importLeftOut.standardError == leftOut)
        #expect(folder.allFiles(under: "Out").isEmpty && !folder.exists("spec.json"))
        try folder.write("config.json", #"{"auth": "apiKey"}"#)
        let notAList = runTool(["validate", "openapi.json", "--config", "config.json"], in: folder.url)
        #expect(notAList.standardError == #"config.json:1:10: error: 'auth' is an array of the security schemes the app holds credentials for, first the one it prefers, such as ["bearerAuth"]"# + "\n")
    }
}
