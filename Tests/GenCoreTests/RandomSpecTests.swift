import Foundation
import Testing

@testable import GenCore

/// The valid-spec campaign: random valid specs (RandomSpecGenerator) that use every construct
/// of the format, each generated, compiled with the GeneratedRuntime module the tests were built
/// with (Swift 6, `-warnings-as-errors`) into a small program that decodes a random JSON
/// instance of each struct model and encodes it again; the test checks the round trip against
/// the model's schema: values equal, dates the same instant, defaults where keys were missing.
///
/// The test command runs a handful; the long run is
/// `ENDPOINTGEN_RANDOM_SPECS=300 swift test --filter RandomSpec` (README, "Working on
/// endpointgen"). Other variables: `ENDPOINTGEN_RANDOM_SPECS_SEED`, `ENDPOINTGEN_RANDOM_SPECS_FIRST`
/// (the first index) and `ENDPOINTGEN_RANDOM_SPECS_PRINT=1` (print each spec).
@Suite struct RandomSpecTests {
    static let environment = ProcessInfo.processInfo.environment
    static let count = environment["ENDPOINTGEN_RANDOM_SPECS"].flatMap { Int($0) } ?? 3
    static let first = environment["ENDPOINTGEN_RANDOM_SPECS_FIRST"].flatMap { Int($0) } ?? 0
    static let seed = environment["ENDPOINTGEN_RANDOM_SPECS_SEED"].flatMap { UInt64($0) } ?? 1

    static var indices: [Int] { Array(first..<first + count) }

    /// The object files of the GeneratedRuntime module the tests were built with, to link.
    static let runtimeObjects: [String]? = {
        guard let modules = GeneratedCodeCompilesTests.modules else { return nil }
        let folder = modules.deletingLastPathComponent().appendingPathComponent("GeneratedRuntime.build")
        let objects = (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?
            .filter { $0.hasSuffix(".o") }.sorted().map { folder.appendingPathComponent($0).path }
        return objects?.isEmpty == false ? objects : nil
    }()

    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"), arguments: indices)
    func randomValidSpecCompilesAndRoundTripsItsModels(_ index: Int) throws {
        let spec = RandomSpecGenerator(seed: Self.seed).make(index: index)
        let replay = "ENDPOINTGEN_RANDOM_SPECS_SEED=\(Self.seed) ENDPOINTGEN_RANDOM_SPECS_FIRST=\(index) ENDPOINTGEN_RANDOM_SPECS=1 ENDPOINTGEN_RANDOM_SPECS_PRINT=1 swift test --filter RandomSpec"
        if Self.environment["ENDPOINTGEN_RANDOM_SPECS_PRINT"] == "1" {
            print("--- random spec \(index) (seed \(Self.seed)) ---\n\(spec.text)")
            for (number, instance) in spec.instances.enumerated() { print("--- instance \(number): \(instance.model) ---\n\(instance.json.text)") }
        }
        var layoutRandom = SeededGenerator(seed: Self.seed &+ UInt64(index))
        let options = GeneratorOptions(
            layout: Bool.random(using: &layoutRandom) ? .split : .compact,
            accessLevel: Int.random(in: 0..<4, using: &layoutRandom) == 0 ? .internal : nil)
        let result = Generator.generate(specText: spec.text, specPath: "random-\(index).json", options: options)
        try #require(
            result.succeeded,
            "random spec \(index) was rejected:\n\(result.diagnostics.map(\.description).joined(separator: "\n"))\nreplay: \(replay)")
        let lexical = MutationFuzzTests.lexicalProblems(result.files)
        #expect(lexical.isEmpty, "random spec \(index): \(lexical)\nreplay: \(replay)")

        let modules = try #require(GeneratedCodeCompilesTests.modules, "GeneratedRuntime.swiftmodule not found beside the test binary")
        let objects = try #require(Self.runtimeObjects, "GeneratedRuntime's object files not found beside the test binary")
        let folder = try TemporaryDirectory()
        var sources: [String] = []
        for (number, file) in result.files.enumerated() {
            let name = "\(number)_" + file.path.replacingOccurrences(of: "/", with: "_")
            try folder.write(name, file.contents)
            sources.append(folder.file(name).path)
        }
        try folder.write("main.swift", Self.mainSource(spec))
        sources.append(folder.file("main.swift").path)
        for (number, instance) in spec.instances.enumerated() {
            try folder.write("instances/\(number).json", instance.json.text)
        }
        let program = folder.file("roundtrip").path
        let compile = try runProcess(
            executable(named: "swiftc")!,
            ["-swift-version", "6", "-warnings-as-errors", "-Onone", "-module-name", "RandomSpecProgram", "-I", modules.path]
                + sources + objects + ["-o", program])
        try #require(compile.status == 0, "random spec \(index) does not compile without warnings:\n\(compile.standardError)\nreplay: \(replay)")

        let run = try runProcess(program, [folder.file("instances").path])
        try #require(run.status == 0, "random spec \(index): the round-trip program failed:\n\(run.standardError)\nreplay: \(replay)")
        for (number, instance) in spec.instances.enumerated() {
            if let error = folder.read("instances/\(number).error.txt") {
                Issue.record("random spec \(index), instance \(number) of \(instance.model) does not decode: \(error)\n\(instance.json.text)\nreplay: \(replay)")
                continue
            }
            let output = try #require(folder.read("instances/\(number).out.json"), "no output for instance \(number)")
            let expected = try JSONParser.parse(instance.json.text)
            let actual = try JSONParser.parse(output)
            let differences = RoundTripComparer(spec: spec).compare(expected, actual, .model(instance.model), strategy: nil, at: instance.model)
            #expect(
                differences.isEmpty,
                "random spec \(index), instance \(number) of \(instance.model) does not round-trip:\n\(differences.prefix(10).joined(separator: "\n"))\nin:  \(instance.json.text)\nout: \(output)\nreplay: \(replay)")
        }
    }

    /// A program that decodes each instance file as its model and writes it encoded again.
    static func mainSource(_ spec: RandomSpec) -> String {
        var lines = [
            "import Foundation",
            "",
            "func __roundTrip<__Value: Codable>(_ type: __Value.Type, _ number: Swift.Int, in folder: Foundation.URL) {",
            "    let input = folder.appendingPathComponent(\"\\(number).json\")",
            "    do {",
            "        let value = try Foundation.JSONDecoder().decode(__Value.self, from: Foundation.Data(contentsOf: input))",
            "        try Foundation.JSONEncoder().encode(value).write(to: folder.appendingPathComponent(\"\\(number).out.json\"))",
            "    } catch {",
            "        try? Foundation.Data(\"\\(error)\".utf8).write(to: folder.appendingPathComponent(\"\\(number).error.txt\"))",
            "    }",
            "}",
            "",
            "let __folder = Foundation.URL(fileURLWithPath: Swift.CommandLine.arguments[1])",
        ]
        for (number, instance) in spec.instances.enumerated() {
            lines.append("__roundTrip(\(instance.model).self, \(number), in: __folder)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static let constructs = [
        "\"pagination\":", "\"envelope\":", "\"errorResponse\":", "\"cookies\":", "\"headers\":", "\"query\":",
        "\"pathParams\":", "\"multipart\"", "\"form\"", "\"Upload\"", "\"tolerant\":", "\"default\":", "\"dateStrategy\":",
        "\"keyStrategy\":", "\"arrayStrategy\":", "\"auth\":", "\"servers\":", "\"deprecated\":", "\"responseKey\":", "\"enum\":",
        "\"format\":", "\"firstPage\":", "\"nextCursor\":", "\"swiftName\":", "\"contentType\":", "\"access\":",
    ]

    /// The generator is a function of (seed, index), and its specs are valid.
    @Test func randomSpecsAreReproducibleAndValid() throws {
        let generator = RandomSpecGenerator(seed: 99)
        var constructs: Set<String> = []
        for index in 0..<40 {
            let spec = generator.make(index: index)
            #expect(spec.text == generator.make(index: index).text)
            #expect(spec.instances.map(\.json) == generator.make(index: index).instances.map(\.json))
            let result = Generator.generate(specText: spec.text, specPath: "random.json")
            #expect(result.succeeded, "random spec \(index): \(result.diagnostics.map(\.description))\n\(spec.text)")
            for needle in Self.constructs where spec.text.contains(needle) { constructs.insert(needle) }
        }
        #expect(constructs == Set(Self.constructs), "never made: \(Set(Self.constructs).subtracting(constructs))")
        #expect(generator.make(index: 1).text != generator.make(index: 2).text)
    }

    /// The comparer sees a lost fraction, a changed value, a missing key and an extra one.
    @Test func roundTripComparerFindsDifferences() throws {
        let model = RandomModel(name: "M", kind: .structure([
            RandomProperty(specName: "when", swiftName: "when", key: "when", type: .date, effectiveType: .date, defaultValue: nil, dateStrategy: .iso8601),
            RandomProperty(specName: "n", swiftName: "n", key: "n", type: .int, effectiveType: .int, defaultValue: .number("3"), dateStrategy: nil),
            RandomProperty(specName: "o", swiftName: "o", key: "o", type: .optional(.string), effectiveType: .optional(.string), defaultValue: nil, dateStrategy: nil),
        ]))
        let spec = RandomSpec(index: 0, seed: 0, spec: .null, models: [model], instances: [])
        let comparer = RoundTripComparer(spec: spec)
        func differences(_ input: String, _ output: String) throws -> [String] {
            comparer.compare(try JSONParser.parse(input), try JSONParser.parse(output), .model("M"), strategy: nil, at: "M")
        }
        #expect(try differences(#"{"when": "2024-05-01T10:20:30Z", "n": 1, "o": null}"#, #"{"n": 1, "when": "2024-05-01T12:20:30+02:00"}"#).isEmpty)
        #expect(try differences(#"{"when": "2024-05-01T10:20:30Z"}"#, #"{"n": 3, "when": "2024-05-01T10:20:30Z"}"#).isEmpty)
        #expect(try !differences(#"{"when": "2024-05-01T10:20:30.125Z"}"#, #"{"n": 3, "when": "2024-05-01T10:20:30Z"}"#).isEmpty)
        #expect(try !differences(#"{"when": "2024-05-01T10:20:30Z"}"#, #"{"when": "2024-05-01T10:20:30Z"}"#).isEmpty)
        #expect(try !differences(#"{"when": "2024-05-01T10:20:30Z", "n": 1}"#, #"{"n": 2, "when": "2024-05-01T10:20:30Z"}"#).isEmpty)
        #expect(try !differences(#"{"when": "2024-05-01T10:20:30Z", "n": 1}"#, #"{"n": 1, "x": 0, "when": "2024-05-01T10:20:30Z"}"#).isEmpty)
        #expect(try !differences(#"{"when": "2024-05-01T10:20:30Z", "n": 1, "o": "a"}"#, #"{"n": 1, "when": "2024-05-01T10:20:30Z"}"#).isEmpty)
    }
}

/// Compares a model's JSON before and after a round trip, by the model's schema.
struct RoundTripComparer {
    let spec: RandomSpec

    func compare(_ expected: JSONNode?, _ actual: JSONNode?, _ type: RandomType, strategy: RandomDateStrategy?, at path: String) -> [String] {
        if case .optional(let wrapped) = type {
            if expected == nil || expected.map(Self.isNull) == true {
                return actual == nil || actual.map(Self.isNull) == true ? [] : ["\(path): expected no value, got \(Self.show(actual))"]
            }
            return compare(expected, actual, wrapped, strategy: strategy, at: path)
        }
        guard let expected, let actual else {
            return expected == nil && actual == nil ? [] : ["\(path): \(Self.show(expected)) became \(Self.show(actual))"]
        }
        let mismatch = ["\(path): \(Self.show(expected)) became \(Self.show(actual))"]
        switch (type, expected.value, actual.value) {
        case (.string, .string(let a), .string(let b)), (.url, .string(let a), .string(let b)):
            return a == b ? [] : mismatch
        case (.uuid, .string(let a), .string(let b)):
            return a.uppercased() == b.uppercased() ? [] : mismatch
        case (.data, .string(let a), .string(let b)):
            return Data(base64Encoded: a) == Data(base64Encoded: b) && Data(base64Encoded: a) != nil ? [] : mismatch
        case (.int, .number(let a), .number(let b)), (.int64, .number(let a), .number(let b)):
            return Int64(a) != nil && Int64(a) == Int64(b) ? [] : mismatch
        case (.double, .number(let a), .number(let b)):
            // A Double keeps what a Double can: 9007199254740993 is 9007199254740992.
            return Double(a) != nil && Double(a) == Double(b) ? [] : mismatch
        case (.bool, .bool(let a), .bool(let b)):
            return a == b ? [] : mismatch
        case (.date, _, _):
            let strategy = strategy ?? .iso8601
            guard let a = RandomDates.instant(expected, strategy), let b = RandomDates.instant(actual, strategy) else {
                return ["\(path): \(Self.show(expected)) or \(Self.show(actual)) is not a date under \(strategy)"]
            }
            return abs(a - b) < 0.0001 ? [] : mismatch + ["\(path): \(a) != \(b) under \(strategy)"]
        case (.json, _, _):
            return Self.sameJSON(expected, actual) ? [] : mismatch
        case (.file, .object, .object):
            return compareObject(expected, actual, fields: [("data", .data), ("filename", .string), ("contentType", .string)], at: path)
        case (.array(let element), .array(let a), .array(let b)):
            guard a.count == b.count else { return mismatch }
            return zip(a, b).enumerated().flatMap { compare($1.0, $1.1, element, strategy: strategy, at: "\(path)[\($0)]") }
        case (.dictionary(let value), .object(let a), .object(let b)):
            guard Set(a.map(\.key)) == Set(b.map(\.key)), a.count == b.count else { return mismatch }
            return a.flatMap { member in
                compare(member.value, b.first { $0.key == member.key }?.value, value, strategy: strategy, at: "\(path)[\(member.key.debugDescription)]")
            }
        case (.model(let name), _, _):
            guard let model = spec.model(named: name) else { return ["\(path): unknown model \(name)"] }
            switch (model.kind, expected.value, actual.value) {
            case (.stringEnum, .string(let a), .string(let b)): return a == b ? [] : mismatch
            case (.integerEnum, .number(let a), .number(let b)): return Self.sameNumber(a, b) ? [] : mismatch
            case (.structure(let properties), .object(let a), .object(let b)):
                var differences: [String] = []
                let keys = Set(properties.map(\.key))
                for extra in b.map(\.key) where !keys.contains(extra) { differences.append("\(path): an extra key \(extra.debugDescription)") }
                if Set(b.map(\.key)).count != b.count { differences.append("\(path): a key twice") }
                for property in properties {
                    var input = a.first { $0.key == property.key }?.value
                    let output = b.first { $0.key == property.key }?.value
                    var type = property.effectiveType
                    if let value = property.defaultValue, input == nil || input.map(Self.isNull) == true {
                        // A missing or null key decodes as the default, which is then encoded.
                        input = try? JSONParser.parse(value.text)
                        type = type.unwrapped
                    }
                    differences += compare(input, output, type, strategy: property.dateStrategy, at: "\(path).\(property.key)")
                }
                return differences
            default: return mismatch
            }
        default:
            return mismatch
        }
    }

    private func compareObject(_ a: JSONNode, _ b: JSONNode, fields: [(String, RandomType)], at path: String) -> [String] {
        guard case .object(let left) = a.value, case .object(let right) = b.value, Set(right.map(\.key)) == Set(fields.map(\.0)) else {
            return ["\(path): \(Self.show(a)) became \(Self.show(b))"]
        }
        return fields.flatMap { key, type in
            compare(left.first { $0.key == key }?.value, right.first { $0.key == key }?.value, type, strategy: nil, at: "\(path).\(key)")
        }
    }

    static func isNull(_ node: JSONNode) -> Bool {
        if case .null = node.value { return true }
        return false
    }

    /// Whole numbers compare exactly, others as Doubles.
    static func sameNumber(_ a: String, _ b: String) -> Bool {
        if let x = Int64(a), let y = Int64(b) { return x == y }
        guard let x = Double(a), let y = Double(b) else { return false }
        return x == y
    }

    /// JSON equality: objects without order, numbers by value.
    static func sameJSON(_ a: JSONNode, _ b: JSONNode) -> Bool {
        switch (a.value, b.value) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return sameNumber(x, y)
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { sameJSON($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && Set(x.map(\.key)) == Set(y.map(\.key))
                && x.allSatisfy { member in y.first { $0.key == member.key }.map { sameJSON(member.value, $0.value) } ?? false }
        default: return false
        }
    }

    static func show(_ node: JSONNode?) -> String {
        guard let node else { return "(missing)" }
        switch node.value {
        case .null: return "null"
        case .bool(let flag): return "\(flag)"
        case .number(let text): return text
        case .string(let text): return text.debugDescription
        case .array(let elements): return "[\(elements.map { show($0) }.joined(separator: ", "))]"
        case .object(let members): return "{\(members.map { "\($0.key.debugDescription): \(show($0.value))" }.joined(separator: ", "))}"
        }
    }
}
