import Foundation
import Testing

@testable import GenCore

/// docs/endpointgen.schema.json, the JSON Schema editors check specs with, must take every spec
/// the repository holds and every valid example of docs/SPEC.md, and must reject the structural
/// problems (unknown keys, wrong kinds of value, values outside a closed set) the generator
/// rejects, at the same place. Problems that need the whole spec (type names, Swift names,
/// duplicates) are the generator's alone.
@Suite struct SpecSchemaTests {
    static func validator() throws -> JSONSchemaValidator {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/endpointgen.schema.json"), encoding: .utf8)
        return try JSONSchemaValidator(schemaText: text)
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// Relative paths of the files below `folder` whose names end in `suffix`, sorted.
    static func files(under folder: String, endingIn suffix: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: packageRoot.appendingPathComponent(folder).path)
            .filter { $0.hasSuffix(suffix) && !$0.contains(".build/") }
            .sorted()
            .map { "\(folder)/\($0)" }
    }

    // MARK: The schema itself

    @Test func theSchemaIsDraft2020AndDescribesEveryKey() throws {
        _ = try Self.validator()  // every keyword known, every $ref and pattern sound
        let schema = try JSONParser.parse(try Self.text("docs/endpointgen.schema.json"))
        #expect(schema["$schema"]?.stringValue == "https://json-schema.org/draft/2020-12/schema")
        #expect(schema["$id"]?.stringValue?.isEmpty == false)
        // Editors show descriptions: every key a spec can hold has one. (`if` only tests values.)
        let undescribed = Self.declaredKeys(of: schema).filter { $0.schema.members?.contains { $0.key == "description" } != true }
        #expect(undescribed.isEmpty, "no description: \(undescribed.map { $0.path })")
    }

    /// Every key the schema declares in a `properties`, with its place in the schema and its
    /// schema; not the keys of an `if`, which only tests values.
    static func declaredKeys(of schema: JSONNode, at path: String = "#") -> [(path: String, key: String, schema: JSONNode)] {
        var result: [(path: String, key: String, schema: JSONNode)] = []
        for member in schema.members ?? [] {
            let here = "\(path)/\(member.key)"
            switch member.key {
            case "properties":
                for property in member.value.members ?? [] {
                    result.append(("\(here)/\(property.key)", property.key, property.value))
                    result += declaredKeys(of: property.value, at: "\(here)/\(property.key)")
                }
            case "$defs":
                for definition in member.value.members ?? [] { result += declaredKeys(of: definition.value, at: "\(here)/\(definition.key)") }
            case "allOf", "anyOf", "oneOf":
                for (index, alternative) in (member.value.elements ?? []).enumerated() { result += declaredKeys(of: alternative, at: "\(here)/\(index)") }
            case "items", "additionalProperties", "propertyNames", "not", "then", "else":
                result += declaredKeys(of: member.value, at: here)
            default:
                break
            }
        }
        return result
    }

    // MARK: Specs the schema takes

    @Test func everySpecInTheRepositoryConforms() throws {
        let validator = try Self.validator()
        // OpenAPI documents (Specs/OpenAPI/*.openapi.json) are the import's input, not specs.
        let seeds = try Self.files(under: "Specs", endingIn: ".json").filter { !$0.hasSuffix(".openapi.json") }
        let goldens = try Self.files(under: "Tests/GoldenFiles", endingIn: "/spec.json")
        let examples = try Self.files(under: "Examples", endingIn: ".endpointgen.json")
        #expect(seeds.count >= 5)
        #expect(goldens.count >= 4)
        #expect(examples.count >= 2)
        for path in seeds + goldens + examples {
            let failures = try validator.validate(try Self.text(path))
            #expect(failures.isEmpty, "\(path): \(failures)")
        }
    }

    @Test func everyValidExampleOfTheReferenceConforms() throws {
        let validator = try Self.validator()
        let examples = try SpecReferenceDocTests.blocks().filter {
            $0.language == "json" && $0.marker?.contains("invalid") != true && $0.marker?.contains("openapi") != true
                && $0.marker?.contains("configuration") != true
        }
        #expect(examples.count >= 30)
        for block in examples {
            let failures = try validator.validate(SpecReferenceDocTests.spec(of: block))
            #expect(failures.isEmpty, "docs/SPEC.md:\(block.line): \(failures)")
        }
    }

    /// A spec may name the schema in `"$schema"`, as editors expect.
    @Test func aSpecCanNameTheSchema() throws {
        let failures = try Self.validator().validate(spec(extra: #""$schema": "../docs/endpointgen.schema.json""#))
        #expect(failures.isEmpty, "\(failures)")
    }

    // MARK: Problems the schema finds

    /// One-change problems of SpecProblemTests, each a structural one, and the one place (a JSON
    /// pointer) where the schema must find it: nothing else in the spec may fail.
    static let structuralProblems: [(name: String, pointer: String)] = [
        ("unknown key in a model", "/models/City/propertes"),
        ("unknown key in a property", "/models/City/properties/n/defualt"),
        ("unknown key in an endpoint", "/resources/Cities/endpoints/0/respone"),
        ("unknown key in the spec", "/descripton"),
        ("unknown key without a near name", "/colour"),
        ("misspelt method", "/resources/Cities/endpoints/0/method"),
        ("unknown method", "/resources/Cities/endpoints/0/method"),
        ("body on GET", "/resources/Cities/endpoints/0/body"),
        ("body on HEAD", "/resources/Cities/endpoints/0/body"),
        ("path without a leading slash", "/resources/Cities/endpoints/0/path"),
        ("path with a space", "/resources/Cities/endpoints/0/path"),
        ("empty responseKey", "/resources/Cities/endpoints/0/responseKey"),
        ("enum with strings and integers", "/models/Mixed/enum"),
        ("enum listing a string twice", "/models/S/enum"),
        ("empty enum", "/models/S/enum"),
        ("bad date strategy on a property", "/models/A/properties/d/dateStrategy"),
        ("bad date strategy on a model", "/models/A/dateStrategy"),
        ("empty date format", "/models/A/properties/d/dateStrategy/format"),
        ("misspelt key strategy", "/models/A/keyStrategy"),
        ("property that is a number", "/models/A/properties/d"),
        ("server URL without a scheme", "/servers/prod"),
        ("server URL with another scheme", "/servers/prod"),
        ("server URL with a query", "/servers/prod"),
        ("header value with a line feed", "/headers/X-Trace"),
        ("header value with a carriage return", "/headers/X-Trace"),
        ("header name with a space", "/headers/X Trace"),
        ("unknown access level", "/defaults/access"),
        ("$schema that is not a string", "/$schema"),
        ("unsupported version", "/endpointgen"),
    ]

    static let allProblems = SpecProblem.types + SpecProblem.keys + SpecProblem.endpoints + SpecProblem.models + SpecProblem.api

    @Test func singleStructuralProblemsAreFoundWhereTheGeneratorFindsThem() throws {
        let validator = try Self.validator()
        for (name, pointer) in Self.structuralProblems {
            let problem = try #require(Self.allProblems.first { $0.name == name }, "no SpecProblem named '\(name)'")
            #expect(!generate(problem.text).succeeded, "\(name): the generator takes it")
            let failures = try validator.validate(problem.text)
            #expect(failures.map(\.pointer) == [pointer], "\(name): \(failures)")
        }
    }

    /// The spec-problem suites' many-problem specs: the schema finds exactly their structural
    /// problems, each at its place, and nothing at the problems only the generator can see.
    @Test func theStructuralProblemsOfTheProblemSuitesAreFound() throws {
        let validator = try Self.validator()
        let cases: [(name: String, text: String, pointers: Set<String>)] = [
            ("auth", FeatureSpecProblemTests.authSpec, [
                "/auth/keyless", "/auth/halfKey", "/auth/cookieKey/in", "/auth/spaced/name", "/auth/blank/name",
                "/auth/typo/type", "/auth/odd/type", "/auth/named/in", "/auth/named/name", "/auth/typeless",
                "/auth/extra/header",
            ]),
            ("bodies and cookies", FeatureSpecProblemTests.bodySpec, [
                "/resources/Uploads/endpoints/0/body/encoding", "/resources/Uploads/endpoints/1/body/key",
                "/resources/Uploads/endpoints/2/body/contentType", "/resources/Uploads/endpoints/3/body/contentType",
                "/resources/Uploads/endpoints/5/body/contentType", "/resources/Uploads/endpoints/6/body",
                "/resources/Uploads/endpoints/7/body/key",
                "/resources/Forms/endpoints/4/body/key", "/resources/Forms/endpoints/5/body/encoding",
                "/resources/Forms/endpoints/7/body/contentTyp",
                "/resources/Cookies/endpoints/0/cookies/a b", "/resources/Cookies/endpoints/4/cookies/a;b",
            ]),
            ("responses", FeatureSpecProblemTests.responseSpec, [
                "/resources/Envelopes/endpoints/2/envelope", "/resources/Envelopes/endpoints/3/envelope",
                "/resources/Envelopes/endpoints/4/envelope/success", "/resources/Envelopes/endpoints/5/envelope/success/0",
                "/resources/Envelopes/endpoints/5/envelope/success/1", "/resources/Envelopes/endpoints/6/envelope/mesage",
                "/resources/Envelopes/endpoints/9/envelope",
                "/resources/Pages/endpoints/2/pagination", "/resources/Pages/endpoints/3/pagination/style",
                "/resources/Pages/endpoints/4/pagination/pageCount", "/resources/Pages/endpoints/5/pagination/firstPage",
                "/resources/Pages/endpoints/6/pagination/items", "/resources/Pages/endpoints/7/pagination",
                "/resources/Pages/endpoints/13/pagination", "/resources/Pages/endpoints/15/pagination/nextCursor",
            ]),
            ("response headers", FeatureSpecProblemTests.responseHeaderSpec, [
                "/resources/Items/endpoints/0/responseHeaders/X Bad", "/resources/Items/endpoints/0/responseHeaders/X-Secret/secret",
                "/resources/Items/endpoints/2/responseHeaders/Bad Name",
                "/resources/Items/endpoints/4/responseHeaders",
            ]),
            // A separator on a parameter that is not an array needs its type: the generator's.
            ("parameter lists", FeatureSpecProblemTests.parameterListSpec, [
                "/resources/Items/endpoints/0/pathParams/id", "/resources/Items/endpoints/0/query/semi/separator",
                "/resources/Items/endpoints/0/query/named/separator", "/resources/Items/endpoints/0/headers/X-Pipe",
                "/resources/Items/endpoints/0/cookies/c",
            ]),
            // Two spellings of one class and a Date type are the generator's to find.
            ("error bodies per status", FeatureSpecProblemTests.errorStatusSpec, [
                "/resources/Items/endpoints/0/errorResponse", "/resources/Items/endpoints/1/errorResponse/200",
                "/resources/Items/endpoints/1/errorResponse/2XX", "/resources/Items/endpoints/1/errorResponse/101",
                "/resources/Items/endpoints/1/errorResponse/600", "/resources/Items/endpoints/1/errorResponse/4x",
                "/resources/Items/endpoints/1/errorResponse/abc", "/resources/Items/endpoints/1/errorResponse/404",
                "/resources/Items/endpoints/2/errorResponse",
            ]),
            ("unions", ShapeSpecProblemTests.unionSpec, ["/models/Scalars/oneOf/4", "/models/Lonely/oneOf", "/models/Lonely", "/models/Wrong/oneOf"]),
            ("server URLs", FeatureSpecProblemTests.serverSpec, [
                "/resources/Avatars/servers/staging", "/resources/Odd/servers/production",
            ]),
        ]
        for (name, text, pointers) in cases {
            let failures = try validator.validate(text)
            #expect(Set(failures.map(\.pointer)) == pointers, "\(name): \(failures)")
        }
    }

    @Test func theReferencesInvalidExamplesAreFoundWhereStructural() throws {
        let validator = try Self.validator()
        let invalid = try SpecReferenceDocTests.blocks().filter { $0.language == "json" && $0.marker?.contains("invalid") == true }
        // In the order of docs/SPEC.md: composition, open objects, Hashable and Identifiable
        // models and unions (whose problems need the whole spec), streams, stream flags (only a flag without a
        // stream is structural), then the diagnostics example.
        let expected: [Set<String>] = [
            [],
            [],
            [],
            [],
            [],
            ["/resources/Completions/endpoints/0/stream"],
            ["/resources/Completions/endpoints/0"],
            ["/defaults/keyStrategy", "/resources/Items/endpoints/0/body", "/resources/Items/endpoints/1/method"],
        ]
        #expect(invalid.count == expected.count)
        for (block, pointers) in zip(invalid, expected) {
            let failures = try validator.validate(SpecReferenceDocTests.spec(of: block))
            #expect(Set(failures.map(\.pointer)) == pointers, "docs/SPEC.md:\(block.line): \(failures)")
        }
    }

    /// Problems that need the whole spec (an unknown type, a clash of Swift names, a default that
    /// does not fit) are the generator's: the schema takes those specs.
    @Test func problemsOnlyTheGeneratorSeesPassTheSchema() throws {
        let validator = try Self.validator()
        let semantic = SpecProblem.types + Self.allProblems.filter {
            ["reserved name Data", "model name with a space", "default of the wrong kind", "two properties with one Swift name",
             "undeclared path parameter", "query parameter of a struct type"].contains($0.name)
        }
        #expect(semantic.count == SpecProblem.types.count + 6)
        for problem in semantic {
            #expect(!generate(problem.text).succeeded, "\(problem.name)")
            let failures = try validator.validate(problem.text)
            #expect(failures.isEmpty, "\(problem.name): \(failures)")
        }
    }

    /// Every key the schema declares anywhere (but `enum` and `oneOf`, which make a model an enum
    /// or a union), added as `null` to each object of two rich specs: the reader finds an unknown
    /// key exactly where the schema does. So at every construct both allow the same keys.
    @Test func theSchemaAllowsTheKeysTheReaderAllows() throws {
        let validator = try Self.validator()
        let schema = try JSONParser.parse(try Self.text("docs/endpointgen.schema.json"))
        let vocabulary = Set(Self.declaredKeys(of: schema).map { $0.key }).subtracting(["enum", "oneOf"]).sorted()
        #expect(vocabulary.count > 50)
        var probes = 0
        var seen: Set<String> = []
        for path in ["Tests/GoldenFiles/features/spec.json", "Tests/GoldenFiles/shapes/spec.json"] {
            let root = try JSONParser.parse(try Self.text(path))
            // One probe per kind of object: the reader's did-you-mean makes each one slow.
            for probe in Self.probes(adding: vocabulary, .null, in: root) where seen.insert(Self.kind(of: probe.object, at: probe.place)).inserted {
                probes += 1
                var reader = SpecReader(file: "spec.json")
                _ = reader.read(probe.spec)
                let readerUnknown = Set(reader.diagnostics.diagnostics.filter { $0.location == probe.location }.compactMap { Self.unknownKey(in: $0.message) })
                let schemaUnknown = Set(validator.validate(probe.spec).filter { $0.pointer.hasPrefix(probe.pointer + "/") }.compactMap { failure in
                    Self.unknownKey(in: failure.message).flatMap { failure.pointer == probe.pointer + "/" + Self.escaped($0) ? $0 : nil }
                })
                #expect(schemaUnknown == readerUnknown, "\(path) \(probe.place): unknown to the reader: \(readerUnknown.sorted()); to the schema: \(schemaUnknown.sorted())")
            }
        }
        #expect(probes > 40)
    }

    /// What decides how an object is read: its place, with the names of map entries and array
    /// indices left out (`/models/*/properties/*`), its keys, and the values that choose a form.
    static func kind(of object: JSONNode, at place: String) -> String {
        let maps: Set<Substring> = ["servers", "headers", "auth", "models", "resources", "properties", "pathParams", "query", "cookies", "mapping", "oneOf", "enum"]
        var segments: [Substring] = []
        var previous: Substring = ""
        for segment in place.split(separator: "/") {
            segments.append(maps.contains(previous) || Int(segment) != nil ? "*" : segment)
            previous = segment
        }
        let keys = (object.members ?? []).map { member in
            ["style", "type", "in", "encoding", "method", "nullable"].contains(member.key) ? "\(member.key)=\(member.value.value)" : member.key
        }
        return segments.joined(separator: "/") + " " + keys.sorted().joined(separator: ",")
    }

    /// The key of a message "unknown key 'key' …", from the reader or the validator.
    static func unknownKey(in message: String) -> String? {
        guard message.hasPrefix("unknown key '") else { return nil }
        return message.dropFirst("unknown key '".count).split(separator: "'", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
    }

    /// A probe of each object of `node`: the object with `keys` (those it lacks) added, at its
    /// place in a copy of `node` cut down to the path to it, so that it is quick to check: the
    /// objects on the way keep their scalar members and `enum` or `oneOf` (which decide what a
    /// model is), an array keeps only the element on the way. Not inside a property's free-form
    /// `default`. `place` is the object's pointer in `node`, `pointer` in the probe; the added
    /// keys are at the object's `location`.
    static func probes(adding keys: [String], _ value: JSONNode.Value, in node: JSONNode, place: String = "", pointer: String = "")
        -> [(place: String, pointer: String, location: GenCore.SourceLocation, object: JSONNode, spec: JSONNode)] {
        func isContainer(_ node: JSONNode) -> Bool {
            switch node.value {
            case .object, .array: true
            default: false
            }
        }
        var result: [(place: String, pointer: String, location: GenCore.SourceLocation, object: JSONNode, spec: JSONNode)] = []
        switch node.value {
        case .object(let members):
            let added = keys.filter { key in !members.contains { $0.key == key } }
                .map { JSONNode.Member(key: $0, keyLocation: node.location, value: JSONNode(value: value, location: node.location)) }
            result.append((place, pointer, node.location, node, JSONNode(value: .object(members + added), location: node.location)))
            let kept = members.filter { !isContainer($0.value) || $0.key == "enum" || $0.key == "oneOf" }
            for member in members where isContainer(member.value) && member.key != "default" {
                let key = "/" + escaped(member.key)
                for probe in probes(adding: keys, value, in: member.value, place: place + key, pointer: pointer + key) {
                    var path = member
                    path.value = probe.spec
                    let siblings = kept.filter { $0.key != member.key }
                    result.append((probe.place, probe.pointer, probe.location, probe.object, JSONNode(value: .object(siblings + [path]), location: node.location)))
                }
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() where isContainer(element) {
                for probe in probes(adding: keys, value, in: element, place: "\(place)/\(index)", pointer: pointer + "/0") {
                    result.append((probe.place, probe.pointer, probe.location, probe.object, JSONNode(value: .array([probe.spec]), location: node.location)))
                }
            }
        default:
            break
        }
        return result
    }

    static func escaped(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
