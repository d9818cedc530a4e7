import Foundation
import Testing

@testable import GenCore

/// `"hashable"`: models are `Codable, Sendable` unless the spec asks for `Hashable`, spec-wide
/// (`defaults.hashable`) or per model; a Hashable model makes Hashable every model it holds.
@Suite struct HashableModelTests {
    static let models = #"""
        {
          "Album": { "hashable": true, "properties": {
            "cover": "Photo?", "tracks": "[Track]", "byDisc": "[String: [Track]]", "extra": "Extra",
            "credit": "Credit", "kind": "Kind", "note": { "type": "Note?", "nullable": true } } },
          "Photo": { "properties": { "url": "URL" } },
          "Track": { "properties": { "title": "String", "length": "Int" } },
          "Extra": { "additionalProperties": "Photo", "properties": { "n": "Int" } },
          "Credit": { "oneOf": ["Person", "String"] },
          "Person": { "properties": { "name": "String" } },
          "Note": { "properties": { "text": "String" } },
          "Kind": { "enum": ["single", "album"] },
          "Loose": { "properties": { "track": "Track" } },
          "Alone": { "oneOf": ["Photo", "Int"] }
        }
        """#

    /// The declaration line of every struct and union, by model name.
    static func declarations(_ result: GenerationResult) -> [String: String] {
        var found: [String: String] = [:]
        for file in result.files {
            for line in file.contents.split(separator: "\n") where line.hasPrefix("public struct ") || line.hasPrefix("public enum ") {
                let name = line.split(separator: " ")[2].split(separator: ":")[0]
                found[String(name)] = String(line)
            }
        }
        return found
    }

    @Test func aHashableModelMakesWhatItHoldsHashableAndNothingElse() throws {
        let result = generate(spec(models: Self.models))
        try #require(result.succeeded, "\(result.diagnostics)")
        let declarations = Self.declarations(result)
        for name in ["Album", "Photo", "Track", "Extra", "Credit", "Person", "Note"] {
            #expect(declarations[name]?.contains(": Codable, Hashable, Sendable {") == true, "\(name): \(declarations[name] ?? "missing")")
        }
        for name in ["Loose", "Alone"] {
            #expect(declarations[name]?.contains(": Codable, Sendable {") == true, "\(name): \(declarations[name] ?? "missing")")
        }
        // Enums are always Hashable, through OpenEnum.
        #expect(declarations["Kind"] == "public enum Kind: OpenEnum {")
    }

    @Test func theSpecWideDefaultAppliesUnlessAModelSaysOtherwise() throws {
        let result = generate(spec(extra: #""defaults": { "hashable": true }"#, models: #"""
            { "A": { "properties": { "n": "Int" } }, "B": { "hashable": false, "properties": { "n": "Int" } } }
            """#))
        try #require(result.succeeded, "\(result.diagnostics)")
        let declarations = Self.declarations(result)
        #expect(declarations["A"] == "public struct A: Codable, Hashable, Sendable {")
        #expect(declarations["B"] == "public struct B: Codable, Sendable {")
        let none = Self.declarations(generate(spec(models: #"{ "A": { "properties": { "n": "Int" } } }"#)))
        #expect(none["A"] == "public struct A: Codable, Sendable {")
    }

    /// A model held by a Hashable one cannot opt out; every such model is reported, once, at its
    /// own `"hashable": false`, in one run with the other problems.
    @Test func aHeldModelThatOptsOutIsAnErrorAtItsKey() throws {
        let text = spec(extra: #""defaults": { "hashable": true }"#, models: #"""
            {
              "Top": { "properties": { "a": "Held", "b": "[Held]", "u": "Either" } },
              "Held": { "hashable": false, "properties": { "n": "Int" } },
              "Either": { "hashable": false, "oneOf": ["Held", "Int"] },
              "Free": { "hashable": false, "properties": { "n": "Int" } },
              "Bad": { "hashable": "yes", "properties": { "n": "Int" } }
            }
            """#)
        let result = generate(text)
        func at(_ place: GenCore.SourceLocation?) -> String { place.map { "\($0.line):\($0.column)" } ?? "?" }
        let errors = result.diagnostics.filter { $0.severity == .error }.map { "\(at($0.location)) \($0.message)" }
        #expect(errors.sorted() == [
            "\(at(location(of: "false", in: text, occurrence: 1))) model 'Held' says \"hashable\": false, but the Hashable model 'Top' holds it (property 'a'), and a Hashable model's values must be Hashable too; remove the key or make 'Top' not hashable",
            "\(at(location(of: "false", in: text, occurrence: 2))) model 'Either' says \"hashable\": false, but the Hashable model 'Top' holds it (property 'u'), and a Hashable model's values must be Hashable too; remove the key or make 'Top' not hashable",
            "\(at(location(of: "\"yes\"", in: text))) 'hashable' must be true or false, not a string",
        ].sorted())
    }

    /// What the generator declares, the compiler accepts: Hashable models go in sets and compare,
    /// through arrays, dictionaries, optionals, nullables, additional properties and unions.
    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func theHashableModelsCompileAndHash() async throws {
        let result = generate(spec(models: Self.models))
        try #require(result.succeeded, "\(result.diagnostics)")
        let app = """
            import Foundation
            func use(_ album: Album, _ loose: Loose) -> Bool {
                let set: Set<Album> = [album]
                let photos: Set<Photo> = [Photo(url: URL(string: "https://x")!)]
                let credits: Set<Credit> = [.string("x")]
                return set.contains(album) && photos.count == 1 && credits.count == 1 && album.tracks == album.tracks && loose.track == loose.track
            }
            """
        let check = try await MutationFuzzTests.typecheck(
            result.files + [GeneratedFile(path: "App.swift", contents: app)], swiftc: executable(named: "swiftc")!,
            modules: try #require(GeneratedCodeCompilesTests.modules))
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        // And a model nothing Hashable holds is not Equatable.
        let refused = try await MutationFuzzTests.typecheck(
            result.files + [GeneratedFile(path: "App.swift", contents: "func same(_ a: Loose) -> Bool { a == a }")],
            swiftc: executable(named: "swiftc")!, modules: try #require(GeneratedCodeCompilesTests.modules))
        #expect(refused.status != 0)
        #expect((refused.standardOutput + refused.standardError).contains("Loose"))
    }
}
