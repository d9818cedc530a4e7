import Foundation
import Testing

@testable import GenCore

/// Inputs that nest through references rather than through the JSON text, which the parser's
/// depth limit does not see: each reference was followed by a call inside the last, and a chain
/// a few hundred long overflowed the stack of a debug build (a crash, found by fuzzing). They
/// now end in a diagnostic. Also: a problem that stops part of the checks still lets the others
/// be reported in the same run.
@Suite struct DeepInputTests {
    /// An OpenAPI 3.1 document with these component schemas.
    static func document(_ schemas: [String]) -> String {
        ##"{"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "paths": {}, "components": {"schemas": {"##
            + schemas.joined(separator: ",\n") + "}}}"
    }

    static let limit = OpenAPIReader.maximumSchemaDepth

    /// A chain of component schemas, each naming the next: `S0` … `S<count>`.
    static func chain(_ kind: String, count: Int) -> [String] {
        var schemas: [String] = []
        for index in 0..<count {
            let next = ##"{"$ref": "#/components/schemas/S\##(index + 1)"}"##
            switch kind {
            case "array aliases": schemas.append(##""S\##(index)": {"type": "array", "items": \##(next)}"##)
            case "references": schemas.append(##""S\##(index)": \##(next)"##)
            default: schemas.append(##""S\##(index)": {"allOf": [\##(next)], "description": "d"}"##)
            }
        }
        schemas.append(##""S\##(count)": {"type": "object", "properties": {"x": {"type": "string"}}}"##)
        return schemas
    }

    // Array aliases, each the items of the last; plain references; references under `allOf` with a description.
    @Test(arguments: [("array aliases", 400), ("references", 1_000), ("annotated references", 400)])
    func aLongChainOfReferencesEndsInAWarning(kind: String, count: Int) throws {
        let schemas = Self.chain(kind, count: count)
        let result = OpenAPIImport.importSpec(openAPIText: Self.document(schemas), path: "api.json")
        let text = try #require(result.specText, "\(result.diagnostics.prefix(3))")
        let warnings = result.diagnostics.filter { $0.severity == .warning }.map(\.message)
        #expect(warnings.contains { $0.hasSuffix(
            "the schema lies more than \(Self.limit) schemas deep (inline or through references), deeper than the import follows; it becomes JSON") },
            "\(warnings.prefix(3))")
        #expect(!result.diagnostics.contains { $0.severity == .error })
        #expect(Generator.generate(specText: text, specPath: "spec.json").succeeded)
        // --strict makes it an error.
        let strict = OpenAPIImport.importSpec(openAPIText: Self.document(schemas), path: "api.json", options: OpenAPIImportOptions(strict: true))
        #expect(strict.specText == nil)
        #expect(strict.diagnostics.contains { $0.severity == .error && $0.message.contains("more than \(Self.limit) schemas deep") })
    }

    @Test func objectsNestedInlineEndInAWarning() throws {
        // 200 objects inside each other: 400 levels of JSON, within the parser's limit.
        var schema = #"{"type": "string"}"#
        for _ in 0..<200 { schema = #"{"type": "object", "properties": {"a": \#(schema)}}"# }
        let result = OpenAPIImport.importSpec(openAPIText: Self.document([#""A": \#(schema)"#]), path: "api.json")
        let text = try #require(result.specText)
        #expect(result.diagnostics.contains { $0.severity == .warning && $0.message.contains("more than \(Self.limit) schemas deep") })
        // The models down to the limit are there, the rest is JSON.
        #expect(text.contains("JSON"), "\(text.suffix(300))")
        #expect(Generator.generate(specText: text, specPath: "spec.json").succeeded)
    }

    /// Found by a review: declared bases first, the chain resolved without deep calls and was
    /// accepted; a union over it overflowed the stack in another walk.
    @Test func aLongChainOfBasesDeclaredFirstIsTheSameErrorAndAUnionOverItDoesNotCrash() {
        var models = [#""M0": {"properties": {"x": "String?"}}"#]
        for index in 1..<3_000 { models.append(#""M\#(index)": {"allOf": ["M\#(index - 1)"], "properties": {}}"#) }
        models.append(#""Other": {"properties": {"y": "Int"}}"#)
        models.append(#""U": {"oneOf": ["M2999", "Other"]}"#)
        let result = generate(#"{"endpointgen": 1, "name": "Deep", "models": {"# + models.joined(separator: ",\n") + "}}")
        #expect(!result.succeeded)
        let depth = Resolver.maximumCompositionDepth
        #expect(result.diagnostics.map(\.message).contains(
            "model 'M\(depth + 1)' is composed through more than \(depth) levels of 'allOf' (here 'M\(depth)'), deeper than endpointgen follows"))
    }

    /// Found by a review: bases read in place (each part narrows `id`) were cut at half the
    /// depth and their properties dropped without a word.
    @Test func narrowedBasesFortyDeepKeepEveryProperty() throws {
        var schemas: [String] = []
        for index in 0..<40 {
            schemas.append(##""S\##(index)": {"allOf": [{"$ref": "#/components/schemas/S\##(index + 1)"}], "required": ["id"], "properties": {"id": {"type": "string"}, "p\##(index)": {"type": "string"}}}"##)
        }
        schemas.append(##""S40": {"type": "object", "properties": {"id": {"type": "integer"}, "p40": {"type": "string"}}}"##)
        let result = OpenAPIImport.importSpec(openAPIText: Self.document(schemas), path: "api.json")
        let text = try #require(result.specText, "\(result.diagnostics.prefix(3))")
        let spec = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let s0 = try #require((spec["models"] as? [String: Any])?["S0"] as? [String: Any])
        let properties = try #require(s0["properties"] as? [String: Any])
        #expect(properties.count == 42, "\(properties.keys.sorted())")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.prefix(3))")
    }

    /// Found by a review: an alias first read deep inside a longer chain kept the type the
    /// depth limit cut short, where it was used near the top.
    @Test func anAliasIsReadWholeWhereItIsShallow() throws {
        var schemas: [String] = []
        for index in 0..<100 { schemas.append(##""S\##(index)": {"$ref": "#/components/schemas/S\##(index + 1)"}"##) }
        schemas.append(#""S100": {"type": "string"}"#)
        schemas.append(##""M": {"type": "object", "properties": {"a": {"$ref": "#/components/schemas/S40"}, "b": {"$ref": "#/components/schemas/S65"}}}"##)
        let result = OpenAPIImport.importSpec(openAPIText: Self.document(schemas), path: "api.json")
        let text = try #require(result.specText)
        let spec = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let m = try #require((spec["models"] as? [String: Any])?["M"] as? [String: Any])
        #expect(m["properties"] as? [String: String] == ["a": "String?", "b": "String?"], "\(m)")
    }

    @Test(arguments: [false, true])
    func aLongAllOfChainOrCycleIsAnError(cycle: Bool) {
        let count = 1_000
        var models = (0..<count).map { index in
            let base = cycle ? (index + 1) % count : index + 1
            return #""M\#(index)": {"allOf": ["M\#(base)"], "properties": {"p\#(index)": "String"}}"#
        }
        if !cycle { models.append(#""M\#(count)": {"properties": {"x": "String"}}"#) }
        let text = #"{"endpointgen": 1, "name": "Deep", "models": {"# + models.joined(separator: ",\n") + "}}"
        let result = generate(text)
        #expect(!result.succeeded && result.files.isEmpty)
        let messages = result.diagnostics.map(\.message)
        let depth = Resolver.maximumCompositionDepth
        #expect(messages.contains { $0.contains("is composed through more than \(depth) levels of 'allOf'") }, "\(messages.prefix(3))")
        // A short cycle still gets its own message.
        let short = generate(#"{"endpointgen": 1, "name": "Loop", "models": {"A": {"allOf": ["B"]}, "B": {"allOf": ["A"]}}}"#)
        #expect(short.diagnostics.map(\.message).contains("model 'B' is composed of itself through 'A'"))
    }

    @Test func aPathThatDoesNotParseLeavesTheRestOfItsEndpointChecked() {
        expectExactProblems(#"""
            {
              "endpointgen": 1,
              "name": "Broken",
              "resources": {
                "R": {
                  "endpoints": [
                    { "method": "GET", "path": "/a b/{id}", "pathParams": { "id": "Strin" }, "query": { "q": "Usr" }, "response": "Strng" },
                    { "method": "GET", "path": "/c/{d", "pathParams": { "d": "String" }, "auth": "nobody" }
                  ]
                }
              }
            }
            """#, [
            (.marker("\"/a b/{id}\""), "path '/a b/{id}' contains a space, which must be percent-encoded in a URL path"),
            (.marker("Strin\""), "unknown type 'Strin'; did you mean 'String'?"),
            (.marker("Usr"), "unknown type 'Usr'"),
            (.marker("Strng"), "unknown type 'Strng'; did you mean 'String'?"),
            (.marker("\"/c/{d\""), "unbalanced '{' in path '/c/{d'"),
            (.marker("\"nobody\""), "unknown auth scheme 'nobody'; declare it under \"auth\", for example \"auth\": {\"nobody\": {\"type\": \"bearer\"}}"),
        ])
    }

    @Test func aModelNameThatCannotBeOneLeavesItsPropertiesChecked() {
        expectExactProblems(#"""
            {
              "endpointgen": 1,
              "name": "Broken",
              "models": {
                "my-model": { "properties": { "a": "Strng", "b": { "type": "Int", "default": "x" } } },
                "Self": { "properties": { "c": "Dat" } }
              }
            }
            """#, [
            (.marker("\"my-model\""), "model name 'my-model' is not a Swift type name; use letters, digits and '_' (for example 'MyModel')"),
            (.marker("Strng"), "unknown type 'Strng'; did you mean 'String'?"),
            (.marker("\"x\""), "the default value \"x\" does not fit the type Int; expected a whole number"),
            (.marker("\"Self\""), "model name 'Self' is not a Swift type name; use letters, digits and '_' (for example 'SelfModel')"),
            (.marker("Dat\""), "unknown type 'Dat'; did you mean 'Data'?"),
        ])
    }

    @Test func aHeaderNameAndItsValueAreBothChecked() {
        expectExactProblems(#"""
            {
              "endpointgen": 1,
              "name": "Broken",
              "headers": { "Bad Header": "a\nb", "X-A": "1", "x-a": "c\rd" }
            }
            """#, [
            (.marker("\"Bad Header\""), "'Bad Header' is not a valid HTTP header name"),
            (.marker("\"a\\nb\""), "the value of header 'Bad Header' contains a line break"),
            (.marker("\"x-a\""), "headers 'X-A' and 'x-a' are one header: names ignore case"),
            (.marker("\"c\\rd\""), "the value of header 'x-a' contains a line break"),
        ])
    }
}
