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

/// `"identifiable"`: a struct with a Hashable property `id` conforms to `Identifiable` through it
/// where the spec asks, spec-wide (`defaults.identifiable`) or per struct; one that asks itself
/// without such an `id` is an error at its key.
@Suite struct IdentifiableModelTests {
    static let models = #"""
        {
          "Pet": { "properties": { "id": "Int64", "name": "String" } },
          "Tag": { "properties": { "id": "String?", "label": "String" } },
          "Draft": { "identifiable": true, "properties": { "id": "String?", "label": "String" } },
          "Keyed": { "properties": { "id": "Status" } },
          "Status": { "enum": ["a", "b"] },
          "Dog": { "allOf": ["Pet"], "properties": { "breed": "String" } },
          "Note": { "properties": { "text": "String" } },
          "Ref": { "properties": { "id": "Note" } },
          "Own": { "identifiable": false, "properties": { "id": "Int" } },
          "Renamed": { "keyStrategy": "convertFromSnakeCase", "properties": { "ID": { "type": "UUID", "key": "pet_id" } } }
        }
        """#

    @Test func theSpecWideDefaultTakesEveryStructWithAHashableID() throws {
        let result = generate(spec(extra: #""defaults": { "identifiable": true }"#, models: Self.models))
        try #require(result.succeeded, "\(result.diagnostics)")
        let declarations = HashableModelTests.declarations(result)
        for name in ["Pet", "Draft", "Keyed", "Dog"] {
            #expect(declarations[name] == "public struct \(name): Codable, Identifiable, Sendable {", "\(declarations[name] ?? "missing")")
        }
        // No id, an optional one (values without one would share the identity nil) unless the
        // struct asks itself, an id of a struct that is not Hashable, or a struct that opts out: as they were.
        for name in ["Tag", "Note", "Ref", "Own"] {
            #expect(declarations[name] == "public struct \(name): Codable, Sendable {", "\(declarations[name] ?? "missing")")
        }
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        // Without the default, none.
        let none = HashableModelTests.declarations(generate(spec(models: Self.models)))
        #expect(none.filter { $0.key != "Draft" }.values.allSatisfy { !$0.contains("Identifiable") }, "\(none)")
    }

    @Test func aStructThatAsksWithoutAHashableIDIsAnErrorAtItsKey() throws {
        let text = spec(models: #"""
            {
              "Note": { "properties": { "text": "String" } },
              "Ref": { "identifiable": true, "properties": { "id": "[Note]" } },
              "NoID": { "identifiable": true, "properties": { "key": "Int" } },
              "Fine": { "identifiable": true, "properties": { "id": "[String: Int]" } },
              "Bad": { "identifiable": "yes", "properties": { "id": "Int" } },
              "Kind": { "enum": ["x"], "identifiable": true },
              "ID": { "properties": { "value": "String" } },
              "Owned": { "identifiable": true, "properties": { "id": "Int", "owner": "ID" } }
            }
            """#)
        let result = generate(text)
        func at(_ place: GenCore.SourceLocation?) -> String { place.map { "\($0.line):\($0.column)" } ?? "?" }
        let errors = result.diagnostics.filter { $0.severity == .error }.map { "\(at($0.location)) \($0.message)" }
        #expect(errors.sorted() == [
            "\(at(location(of: "true", in: text, occurrence: 1))) model 'Ref' says \"identifiable\": true, but its 'id' holds 'Note', which is not Hashable; make 'Note' \"hashable\": true",
            "\(at(location(of: "true", in: text, occurrence: 2))) model 'NoID' says \"identifiable\": true, but it has no property 'id'",
            "\(at(location(of: "\"yes\"", in: text))) 'identifiable' must be true or false, not a string",
            "\(at(location(of: "\"identifiable\"", in: text, occurrence: 5))) unknown key 'identifiable' in model 'Kind'",
            "\(at(location(of: "true", in: text, occurrence: 5))) model 'Owned' says \"identifiable\": true, but it holds the model 'ID', which Identifiable's own 'ID' would hide inside it; rename the model",
        ].sorted())
    }

    /// What the generator declares, the compiler accepts: `ForEach`-style generic code takes the
    /// values, with the id's own type.
    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func theIdentifiableStructsCompileAndIdentify() async throws {
        let result = generate(spec(extra: #""defaults": { "identifiable": true, "hashable": true }"#, models: Self.models))
        try #require(result.succeeded, "\(result.diagnostics)")
        let app = """
            import Foundation
            func identities<Value: Identifiable>(_ values: [Value]) -> [Value.ID] { values.map(\\.id) }
            func use(_ pets: [Pet], _ drafts: [Draft], _ dogs: [Dog], _ refs: [Ref], _ renamed: [Renamed]) {
                let _: [Int64] = identities(pets)
                let _: [String?] = identities(drafts)
                let _: [Int64] = identities(dogs)
                let _: [Note] = identities(refs)
                let _: [UUID] = identities(renamed)
            }
            """
        let check = try await MutationFuzzTests.typecheck(
            result.files + [GeneratedFile(path: "App.swift", contents: app)], swiftc: executable(named: "swiftc")!,
            modules: try #require(GeneratedCodeCompilesTests.modules))
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
    }
}
