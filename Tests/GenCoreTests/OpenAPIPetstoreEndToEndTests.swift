import Foundation
import Testing

@testable import GenCore

/// The OpenAPI Initiative's Petstore-expanded document (`../shared/openapi/`), imported and
/// generated, is compiled with a small program into a client that talks to the fixture server's
/// pet store on 127.0.0.1: create, list with a query, fetch, delete, and an error body.
@Suite(.enabled(
    if: ProcessInfo.processInfo.environment["FIXTURES_URL"] != nil && OpenAPICompatibilityTests.folder != nil
        && executable(named: "swiftc") != nil,
    "needs FIXTURES_URL (scripts/test.sh starts the fixture server), ../shared/openapi/ and swiftc"))
struct OpenAPIPetstoreEndToEndTests {
    /// What the program does through the generated client, one line per step.
    static let program = #"""
        import Foundation
        import GeneratedRuntime

        let service = LiveSwaggerPetstoreService(client: SwaggerPetstoreAPI.client(baseURL: URL(string: CommandLine.arguments[1])!))
        let rex = try await service.addPet(newPet: NewPet(name: "Rex", tag: "dog"))
        print("created \(rex.id) \(rex.name) \(rex.tag ?? "-")")
        let tom = try await service.addPet(newPet: NewPet(name: "Tom & Jerry", tag: "cat"))
        _ = try await service.addPet(newPet: NewPet(name: "Ada"))
        print("dogs \(try await service.findPets(tags: ["dog"], limit: 10).map(\.name))")
        print("dogs and cats, at most 1: \(try await service.findPets(tags: ["dog", "cat"], limit: 1).map(\.name))")
        print("all \(try await service.findPets().map(\.name))")
        let fetched = try await service.findPetById(id: tom.id)
        print("fetched \(fetched.id) \(fetched.name) \(fetched.tag ?? "-")")
        try await service.deletePet(id: tom.id)
        do {
            _ = try await service.findPetById(id: tom.id)
            print("still there")
        } catch let error as EndpointError {
            let body = error.errorBody(as: ErrorModel.self)
            print("gone \(error.response?.statusCode ?? 0) \(body?.code ?? 0) \(body?.message ?? "no error body")")
        }
        do {
            _ = try await service.addPet(newPet: NewPet(name: ""))
        } catch let error as EndpointError {
            print("refused \(error.response?.statusCode ?? 0) \(error.errorBody(as: ErrorModel.self)?.message ?? "no error body")")
        }
        """#

    @Test func theImportedPetstoreTalksToAServer() async throws {
        let folder = try #require(OpenAPICompatibilityTests.folder)
        let text = try String(contentsOf: folder.appendingPathComponent("oai-petstore-expanded.json"), encoding: .utf8)
        let imported = OpenAPIImport.importSpec(openAPIText: text, path: "oai-petstore-expanded.json")
        let spec = try #require(imported.specText, "\(imported.diagnostics)")
        #expect(imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        let generated = Generator.generate(specText: spec, specPath: "petstore.json")
        try #require(generated.succeeded, "\(generated.diagnostics)")

        let build = try TemporaryDirectory()
        let client = try await compileProgram(generated.files + [GeneratedFile(path: "main.swift", contents: Self.program)], module: "PetClient", in: build)

        // A store of the test's own on the fixture server.
        let fixtures = try #require(ProcessInfo.processInfo.environment["FIXTURES_URL"].flatMap(URL.init(string:)))
        let store = fixtures.appendingPathComponent("petstore").appendingPathComponent(UUID().uuidString)
        let run = try await runProcess(client, [store.absoluteString])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == """
            created 1 Rex dog
            dogs ["Rex"]
            dogs and cats, at most 1: ["Rex"]
            all ["Rex", "Tom & Jerry", "Ada"]
            fetched 2 Tom & Jerry cat
            gone 404 404 no pet 2 in this store
            refused 400 a pet needs a name

            """)
    }
}
