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
    func randomValidSpecCompilesAndRoundTripsItsModels(_ index: Int) async throws {
        let spec = RandomSpecGenerator(seed: Self.seed).make(index: index)
        let replay = "ENDPOINTGEN_RANDOM_SPECS_SEED=\(Self.seed) ENDPOINTGEN_RANDOM_SPECS_FIRST=\(index) ENDPOINTGEN_RANDOM_SPECS=1 ENDPOINTGEN_RANDOM_SPECS_PRINT=1 swift test --filter RandomSpec"
        if Self.environment["ENDPOINTGEN_RANDOM_SPECS_PRINT"] == "1" {
            print("--- random spec \(index) (seed \(Self.seed)) ---\n\(spec.text)")
            for (number, instance) in spec.instances.enumerated() { print("--- instance \(number): \(instance.model) ---\n\(instance.json.text)") }
            for (number, stream) in spec.streams.enumerated() {
                print("--- stream \(number): \(stream.typeName), \(stream.kind.rawValue), terminator \(String(describing: stream.terminator?.debugDescription)) ---")
                print("body: \(String(decoding: stream.body, as: UTF8.self).debugDescription)\nchunks: \(stream.chunks)\nevents: \(stream.events)")
            }
        }
        var layoutRandom = SeededGenerator(seed: Self.seed &+ UInt64(index))
        let options = GeneratorOptions(
            layout: Bool.random(using: &layoutRandom) ? .split : .compact,
            accessLevel: Int.random(in: 0..<4, using: &layoutRandom) == 0 ? .internal : nil)
        try await Self.compileAndRoundTrip(spec, options: options, label: "random spec \(index)", replay: replay)
    }

    /// Generates `spec`, checks the files, compiles them with a program that decodes each
    /// instance and encodes it again, runs it, and compares each round trip by the schema.
    static func compileAndRoundTrip(_ spec: RandomSpec, options: GeneratorOptions, label: String, replay: String) async throws {
        let index = label
        let result = Generator.generate(specText: spec.text, specPath: "random-\(spec.index).json", options: options)
        try #require(
            result.succeeded,
            "\(index) was rejected:\n\(result.diagnostics.map(\.description).joined(separator: "\n"))\nreplay: \(replay)")
        // The specs keep an untagged union's members apart: nothing for the generator to warn about.
        let warnings = result.diagnostics.filter { $0.severity == .warning }
        #expect(warnings.isEmpty, "\(index) gets warnings:\n\(warnings.map(\.description).joined(separator: "\n"))\nreplay: \(replay)")
        let lexical = MutationFuzzTests.lexicalProblems(result.files)
        #expect(lexical.isEmpty, "\(index): \(lexical)\nreplay: \(replay)")

        let modules = try #require(GeneratedCodeCompilesTests.modules, "GeneratedRuntime.swiftmodule not found beside the test binary")
        let objects = try #require(runtimeObjects, "GeneratedRuntime's object files not found beside the test binary")
        let folder = try TemporaryDirectory()
        var sources: [String] = []
        for (number, file) in result.files.enumerated() {
            let name = "\(number)_" + file.path.replacingOccurrences(of: "/", with: "_")
            try folder.write(name, file.contents)
            sources.append(folder.file(name).path)
        }
        try folder.write("main.swift", mainSource(spec, streamCalls: try streamCalls(spec)))
        sources.append(folder.file("main.swift").path)
        for (number, instance) in spec.instances.enumerated() {
            try folder.write("instances/\(number).json", instance.json.text)
        }
        for (number, stream) in spec.streams.enumerated() {
            try folder.write("streams/\(number).chunks", stream.chunks.map(String.init).joined(separator: " "))
            try Data(stream.body).write(to: folder.file("streams/\(number).body"))
        }
        let program = folder.file("roundtrip").path
        let compile = try await runProcess(
            executable(named: "swiftc")!,
            ["-swift-version", "6", "-warnings-as-errors", "-Onone", "-module-name", "RandomSpecProgram", "-I", modules.path]
                + sources + objects + ["-o", program])
        try #require(compile.status == 0, "\(index) does not compile without warnings:\n\(compile.standardError)\nreplay: \(replay)")

        let run = try await runProcess(program, [folder.file("instances").path, folder.file("streams").path])
        try #require(run.status == 0, "\(index): the round-trip program failed:\n\(run.standardError)\nreplay: \(replay)")
        for (number, instance) in spec.instances.enumerated() {
            if let error = folder.read("instances/\(number).error.txt") {
                Issue.record("\(index), instance \(number) of \(instance.model) does not decode: \(error)\n\(instance.json.text)\nreplay: \(replay)")
                continue
            }
            let output = try #require(folder.read("instances/\(number).out.json"), "no output for instance \(number)")
            let expected = try JSONParser.parse(instance.json.text)
            let actual = try JSONParser.parse(output)
            let differences = RoundTripComparer(spec: spec).compare(expected, actual, .model(instance.model), strategy: nil, at: instance.model)
            #expect(
                differences.isEmpty,
                "\(index), instance \(number) of \(instance.model) does not round-trip:\n\(differences.prefix(10).joined(separator: "\n"))\nin:  \(instance.json.text)\nout: \(output)\nreplay: \(replay)")
        }
        for (number, stream) in spec.streams.enumerated() {
            let what = "\(index), stream \(number) (\(stream.typeName), \(stream.kind.rawValue))"
            let body = String(decoding: stream.body, as: UTF8.self).debugDescription
            if let error = folder.read("streams/\(number).error.txt") {
                Issue.record("\(what) fails: \(error)\nbody: \(body.prefix(3000))\nchunks: \(stream.chunks.prefix(300))\nreplay: \(replay)")
                continue
            }
            if stream.kind == .bytes {
                let output = try Data(contentsOf: folder.file("streams/\(number).out.bin"))
                #expect(output == Data(stream.body), "\(what): \(output.count) bytes came out of \(stream.body.count), in chunks \(stream.chunks)\nreplay: \(replay)")
                continue
            }
            let output = try #require(folder.read("streams/\(number).out.json"), "no output for stream \(number)")
            let differences = compareStream(stream, try JSONParser.parse(output), spec: spec)
            #expect(
                differences.isEmpty,
                "\(what) does not hand on its events:\n\(differences.prefix(10).joined(separator: "\n"))\nbody: \(body.prefix(3000))\nchunks: \(stream.chunks.prefix(300))\nout: \(output.debugDescription.prefix(3000))\nreplay: \(replay)")
        }
    }

    /// The differences between the events a stream should hand on and what the program wrote:
    /// for server-sent events `{"event", "id", "retry", "data"}` objects, for JSON lines the values.
    static func compareStream(_ stream: RandomStream, _ output: JSONNode, spec: RandomSpec) -> [String] {
        guard case .array(let written) = output.value else { return ["not an array: \(RoundTripComparer.show(output))"] }
        guard written.count == stream.events.count else {
            return ["\(stream.events.count) events expected, \(written.count) came: \(RoundTripComparer.show(output))"]
        }
        let comparer = RoundTripComparer(spec: spec)
        var differences: [String] = []
        for (number, (expected, actual)) in zip(stream.events, written).enumerated() {
            var data: JSONNode? = actual
            if stream.kind == .sse {
                guard case .object(let members) = actual.value else { differences.append("event \(number): \(RoundTripComparer.show(actual))"); continue }
                func text(_ key: String) -> String?? {
                    switch members.first(where: { $0.key == key })?.value.value {
                    case .string(let value)?: .some(value)
                    case .null?: .some(nil)
                    default: nil
                    }
                }
                if text("event") != .some(expected.event) { differences.append("event \(number): event \(String(describing: text("event"))), expected \(String(describing: expected.event))") }
                if text("id") != .some(expected.id) { differences.append("event \(number): id \(String(describing: text("id"))), expected \(String(describing: expected.id))") }
                let retry = members.first { $0.key == "retry" }?.value
                let retryText: String? = if case .number(let value)? = retry?.value { value } else { nil }
                if retryText.flatMap({ Int($0) }) != expected.retry {
                    differences.append("event \(number): retry \(RoundTripComparer.show(retry)), expected \(String(describing: expected.retry))")
                }
                data = members.first { $0.key == "data" }?.value
            }
            switch expected.data {
            case .text(let value):
                guard case .string(let written)? = data?.value, written == value else {
                    differences.append("event \(number): data \(RoundTripComparer.show(data)), expected \(value.debugDescription)")
                    continue
                }
            case .json(let value):
                guard let type = stream.eventType, let node = try? JSONParser.parse(value.text) else {
                    differences.append("event \(number): no type or no instance")
                    continue
                }
                differences += comparer.compare(node, data, type, strategy: nil, at: "event \(number)")
            }
        }
        return differences
    }

    /// For each stream of `spec`, the statement that makes its endpoint and reads the body through
    /// `decodeEvents`: the endpoint's parameters (found by resolving the spec, in the order its
    /// initializer takes them) are nil when optional, the body's instance for the body, and a
    /// value of the type for the rest.
    static func streamCalls(_ spec: RandomSpec) throws -> [String] {
        guard !spec.streams.isEmpty else { return [] }
        var reader = SpecReader(file: "random.json")
        let document = try #require(reader.read(try JSONParser.parse(spec.text)))
        var resolver = Resolver(document: document, file: "random.json", accessOverride: nil)
        let endpoints = resolver.resolve(specReference: "random.json").services.flatMap(\.endpoints)
        return try spec.streams.enumerated().map { number, stream in
            let endpoint = try #require(endpoints.first { $0.typeName == stream.typeName }, "no endpoint \(stream.typeName)")
            let arguments = endpoint.parameters.map { parameter -> String in
                let label = SwiftNaming.argumentLabel(parameter.swiftName)
                if case .body = parameter.kind, let body = stream.bodyInstance { return "\(label): __value(\(SwiftLiteral.string(body.text)))" }
                guard let json = argumentJSON(parameter.type, spec: spec) else { return "\(label): nil" }
                return "\(label): __value(\(SwiftLiteral.string(json)))"
            }
            let reader = ["sse": "__sse", "jsonLines": "__lines", "bytes": "__bytes"][stream.kind.rawValue]!
            return "await \(reader)(\(stream.typeName)(\(arguments.joined(separator: ", "))).decodeEvents(__response(\(number), in: __streams)), \(number), in: __streams)"
        }
    }

    /// JSON that decodes as a parameter of `type`; nil for an optional one.
    static func argumentJSON(_ type: TypeReference, spec: RandomSpec) -> String? {
        switch type {
        case .optional, .uploadBody, .progressHandler, .replaced: return nil
        case .array: return "[]"
        case .dictionary: return "{}"
        case .builtin(let builtin):
            switch builtin {
            case .string: return #""x""#
            case .int, .int64, .double: return "1"
            case .bool: return "true"
            case .date: return "0"
            case .url: return #""https://example.com""#
            case .uuid: return #""00000000-0000-0000-0000-000000000000""#
            case .data: return #""""#
            case .json: return "null"
            case .file: return #"{"data": "", "filename": "f", "contentType": "text/plain"}"#
            }
        case .model(let name):
            switch spec.model(named: name)?.kind {
            case .stringEnum(let values): return FuzzJSON.string(values[0]).text
            case .integerEnum(let values): return String(values[0])
            default: return "{}"
            }
        }
    }

    /// A program that decodes each instance file as its model and writes it encoded again, and
    /// reads each stream's body (its chunks written as the reader reads) through its endpoint.
    static func mainSource(_ spec: RandomSpec, streamCalls: [String]) -> String {
        var lines = [
            "import Foundation",
            "import GeneratedRuntime",
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
        guard !streamCalls.isEmpty else { return lines.joined(separator: "\n") + "\n" }
        lines += [
            "",
            "func __value<__Value: Swift.Decodable>(_ json: Swift.String) -> __Value {",
            "    do {",
            "        return try Foundation.JSONDecoder().decode(__Value.self, from: Foundation.Data(json.utf8))",
            "    } catch {",
            "        Swift.fatalError(\"an argument does not decode: \\(error)\")",
            "    }",
            "}",
            "",
            "/// The body of stream `number`, its chunks written by a task as the reader reads them.",
            "func __response(_ number: Swift.Int, in folder: Foundation.URL) -> GeneratedRuntime.StreamedHTTPResponse {",
            "    let body = (try? Foundation.Data(contentsOf: folder.appendingPathComponent(\"\\(number).body\"))) ?? Foundation.Data()",
            "    let sizes = ((try? Swift.String(contentsOf: folder.appendingPathComponent(\"\\(number).chunks\"), encoding: .utf8)) ?? \"\")",
            "        .split(separator: \" \").compactMap { Swift.Int($0) }",
            "    var chunks: [Foundation.Data] = []",
            "    var start = body.startIndex",
            "    for size in sizes {",
            "        chunks.append(body.subdata(in: start..<start + size))",
            "        start += size",
            "    }",
            "    let (stream, writer) = GeneratedRuntime.ResponseBody.makeStream()",
            "    let written = chunks",
            "    Task {",
            "        for chunk in written {",
            "            writer.yield(chunk)",
            "            await Task.yield()",
            "        }",
            "        writer.finish()",
            "    }",
            "    return GeneratedRuntime.StreamedHTTPResponse(statusCode: 200, body: stream)",
            "}",
            "",
            "struct __Event<__Payload: Swift.Encodable>: Swift.Encodable {",
            "    enum __Key: Swift.String, Swift.CodingKey { case event, id, retry, data }",
            "    var event: Swift.String?",
            "    var id: Swift.String?",
            "    var retry: Swift.Int?",
            "    var data: __Payload",
            "    func encode(to encoder: any Swift.Encoder) throws {",
            "        var container = encoder.container(keyedBy: __Key.self)",
            "        try container.encode(event, forKey: .event)",
            "        try container.encode(id, forKey: .id)",
            "        try container.encode(retry, forKey: .retry)",
            "        try container.encode(data, forKey: .data)",
            "    }",
            "}",
            "",
            "func __fail(_ error: any Swift.Error, after count: Swift.Int, _ number: Swift.Int, in folder: Foundation.URL) {",
            "    try? Foundation.Data(\"after \\(count) events: \\(error)\".utf8).write(to: folder.appendingPathComponent(\"\\(number).error.txt\"))",
            "}",
            "",
            "func __sse<__Payload: Swift.Encodable & Swift.Sendable>(_ stream: GeneratedRuntime.EventStream<GeneratedRuntime.ServerSentEvent<__Payload>>, _ number: Swift.Int, in folder: Foundation.URL) async {",
            "    var events: [__Event<__Payload>] = []",
            "    do {",
            "        for try await event in stream { events.append(__Event(event: event.event, id: event.id, retry: event.retry, data: event.data)) }",
            "        try Foundation.JSONEncoder().encode(events).write(to: folder.appendingPathComponent(\"\\(number).out.json\"))",
            "    } catch {",
            "        __fail(error, after: events.count, number, in: folder)",
            "    }",
            "}",
            "",
            "func __lines<__Payload: Swift.Encodable & Swift.Sendable>(_ stream: GeneratedRuntime.EventStream<__Payload>, _ number: Swift.Int, in folder: Foundation.URL) async {",
            "    var events: [__Payload] = []",
            "    do {",
            "        for try await event in stream { events.append(event) }",
            "        try Foundation.JSONEncoder().encode(events).write(to: folder.appendingPathComponent(\"\\(number).out.json\"))",
            "    } catch {",
            "        __fail(error, after: events.count, number, in: folder)",
            "    }",
            "}",
            "",
            "func __bytes(_ body: GeneratedRuntime.ResponseBody, _ number: Swift.Int, in folder: Foundation.URL) async {",
            "    var bytes = Foundation.Data()",
            "    do {",
            "        for try await chunk in body { bytes.append(chunk) }",
            "        try bytes.write(to: folder.appendingPathComponent(\"\\(number).out.bin\"))",
            "    } catch {",
            "        __fail(error, after: bytes.count, number, in: folder)",
            "    }",
            "}",
            "",
            "/// Reads the streams; deprecated, so that it can make deprecated endpoints without a warning,",
            "/// and called through a protocol, which does not warn.",
            "protocol __Reading { func read(_ folder: Foundation.URL) async }",
            "struct __Streams: __Reading {",
            "    @available(*, deprecated)",
            "    func read(_ __streams: Foundation.URL) async {",
        ]
        lines += streamCalls.map { "        " + $0 }
        lines += [
            "    }",
            "}",
            "let __reading: any __Reading = __Streams()",
            "await __reading.read(Foundation.URL(fileURLWithPath: Swift.CommandLine.arguments[2]))",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    static let constructs = [
        "\"pagination\":", "\"envelope\":", "\"errorResponse\":", "\"cookies\":", "\"headers\":", "\"query\":",
        "\"pathParams\":", "\"multipart\"", "\"form\"", "\"Upload\"", "\"tolerant\":", "\"default\":", "\"dateStrategy\":",
        "\"keyStrategy\":", "\"arrayStrategy\":", "\"auth\":", "\"servers\":", "\"deprecated\":", "\"responseKey\":", "\"enum\":",
        "\"format\":", "\"firstPage\":", "\"nextCursor\":", "\"swiftName\":", "\"contentType\":", "\"access\":",
        "\"oneOf\":", "\"discriminator\":", "\"mapping\":", "\"allOf\":", "\"additionalProperties\":", "\"nullable\":",
        "\"stream\": \"sse\"", "\"stream\": \"jsonLines\"", "\"stream\": \"bytes\"", "\"streamTerminator\":",
        "\"responseHeaders\":", "\"style\": \"link\"", "\"streamFlag\":",
    ]

    /// The generator is a function of (seed, index), and its specs are valid.
    @Test func randomSpecsAreReproducibleAndValid() throws {
        let generator = RandomSpecGenerator(seed: 99)
        var constructs: Set<String> = []
        for index in 0..<40 {
            let spec = generator.make(index: index)
            #expect(spec.text == generator.make(index: index).text)
            #expect(spec.instances.map(\.json) == generator.make(index: index).instances.map(\.json))
            let again = generator.make(index: index).streams
            #expect(spec.streams.map(\.body) == again.map(\.body) && spec.streams.map(\.chunks) == again.map(\.chunks) && spec.streams.map(\.events) == again.map(\.events))
            for stream in spec.streams { #expect(stream.chunks.reduce(0, +) == stream.body.count) }
            let result = Generator.generate(specText: spec.text, specPath: "random.json")
            #expect(result.succeeded && result.diagnostics.isEmpty, "\(index): \(result.diagnostics.map(\.description))\n\(spec.text)")
            for needle in Self.constructs where spec.text.contains(needle) { constructs.insert(needle) }
        }
        #expect(constructs == Set(Self.constructs), "never made: \(Set(Self.constructs).subtracting(constructs))")
        #expect(generator.make(index: 1).text != generator.make(index: 2).text)
    }

    /// `ENDPOINTGEN_RANDOM_SPECS_STATS=1`: how often the specs of the run (seed, first, count)
    /// and their instances use each construct, printed.
    @Test(.enabled(if: environment["ENDPOINTGEN_RANDOM_SPECS_STATS"] == "1"))
    func constructCounts() {
        let generator = RandomSpecGenerator(seed: Self.seed)
        var totals: [String: Int] = [:]
        var specs: [String: Int] = [:]
        for index in Self.indices {
            let spec = generator.make(index: index)
            for (key, value) in spec.stats {
                totals[key, default: 0] += value
                specs[key, default: 0] += 1
            }
        }
        let lines = totals.keys.sorted().map { "\($0): \(totals[$0]!) in \(specs[$0]!) specs" }
        print("constructs of \(Self.count) random specs (seed \(Self.seed), from \(Self.first)):\n" + lines.joined(separator: "\n"))
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

    /// The comparer holds the new shapes to what the format promises: a nullable property keeps
    /// absent, null and a value apart; an open model keeps its undeclared keys; a tagged union
    /// writes the value its member holds, else its case's first value, and keeps an unknown
    /// object as it came; an untagged union's
    /// value is compared as the member that takes it.
    @Test func roundTripComparerFindsDifferencesInShapes() throws {
        func property(_ key: String, _ type: RandomType, nullable: Bool = false) -> RandomProperty {
            RandomProperty(specName: key, swiftName: key, key: key, type: type, effectiveType: nullable ? .optional(type.unwrapped) : type, defaultValue: nil, dateStrategy: nil, nullable: nullable)
        }
        let models = [
            RandomModel(name: "Patch", kind: .structure([property("name", .string, nullable: true), property("n", .int)])),
            RandomModel(name: "Open", kind: .structure([property("a", .int)]), additionalProperties: .int),
            RandomModel(name: "A", kind: .structure([property("type", .string), property("x", .int)])),
            RandomModel(name: "B", kind: .structure([property("type", .string), property("y", .string)])),
            RandomModel(name: "C", kind: .structure([property("z", .int)])),
            RandomModel(name: "Tagged", kind: .union([
                RandomUnionMember(caseName: nil, type: .model("A"), tags: ["a", "alpha"]), RandomUnionMember(caseName: nil, type: .model("B"), tags: ["B"]),
                RandomUnionMember(caseName: nil, type: .model("C"), tags: ["c", "cee"]),
            ], discriminator: "type")),
            RandomModel(name: "Untagged", kind: .union([RandomUnionMember(caseName: nil, type: .int), RandomUnionMember(caseName: nil, type: .double), RandomUnionMember(caseName: nil, type: .model("A"))], discriminator: nil)),
        ]
        let comparer = RoundTripComparer(spec: RandomSpec(index: 0, seed: 0, spec: .null, models: models, instances: []))
        func same(_ model: String, _ input: String, _ output: String) throws -> Bool {
            comparer.compare(try JSONParser.parse(input), try JSONParser.parse(output), .model(model), strategy: nil, at: model).isEmpty
        }
        #expect(try same("Patch", #"{"n": 1}"#, #"{"n": 1}"#))
        #expect(try same("Patch", #"{"n": 1, "name": null}"#, #"{"name": null, "n": 1}"#))
        #expect(try same("Patch", #"{"n": 1, "name": "x"}"#, #"{"name": "x", "n": 1}"#))
        #expect(try !same("Patch", #"{"n": 1, "name": null}"#, #"{"n": 1}"#))
        #expect(try !same("Patch", #"{"n": 1}"#, #"{"n": 1, "name": null}"#))
        #expect(try !same("Patch", #"{"n": 1, "name": "x"}"#, #"{"n": 1, "name": null}"#))

        #expect(try same("Open", #"{"a": 1, "b": 2, "c": 3}"#, #"{"b": 2, "a": 1, "c": 3}"#))
        #expect(try !same("Open", #"{"a": 1, "b": 2}"#, #"{"a": 1}"#))
        #expect(try !same("Open", #"{"a": 1, "b": 2}"#, #"{"a": 1, "b": 3}"#))
        #expect(try !same("Open", #"{"a": 1}"#, #"{"a": 1, "b": 2}"#))

        // A member whose own discriminator property (a String) holds the value writes it back; one
        // without such a property writes its case's first value.
        #expect(try same("Tagged", #"{"type": "alpha", "x": 1}"#, #"{"x": 1, "type": "alpha"}"#))
        #expect(try !same("Tagged", #"{"type": "alpha", "x": 1}"#, #"{"x": 1, "type": "a"}"#))
        #expect(try same("Tagged", #"{"type": "cee", "z": 1}"#, #"{"z": 1, "type": "c"}"#))
        #expect(try !same("Tagged", #"{"type": "cee", "z": 1}"#, #"{"z": 1, "type": "cee"}"#))
        #expect(try !same("Tagged", #"{"type": "a", "x": 1}"#, #"{"x": 2, "type": "a"}"#))
        #expect(try same("Tagged", #"{"type": "zeta", "q": [1, {"r": null}]}"#, #"{"q": [1, {"r": null}], "type": "zeta"}"#))
        #expect(try !same("Tagged", #"{"type": "zeta", "q": [1, {"r": null}]}"#, #"{"q": [1, {}], "type": "zeta"}"#))

        #expect(try same("Untagged", "3", "3"))
        #expect(try same("Untagged", "0.5", "0.5"))
        #expect(try !same("Untagged", "0.5", "1"))
        #expect(try same("Untagged", #"{"type": "t", "x": 1}"#, #"{"x": 1, "type": "t"}"#))
        #expect(try !same("Untagged", #"{"type": "t", "x": 1}"#, #"{"x": 1}"#))
        #expect(try !same("Untagged", #""s""#, #""s""#))
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
                if Set(b.map(\.key)).count != b.count { differences.append("\(path): a key twice") }
                if let extra = model.additionalProperties {
                    // An open model keeps the keys it does not declare: each comes back, with its
                    // value, and no other.
                    let input = a.filter { !keys.contains($0.key) }
                    let output = b.filter { !keys.contains($0.key) }
                    for member in output where !input.contains(where: { $0.key == member.key }) {
                        differences.append("\(path): an extra key \(member.key.debugDescription)")
                    }
                    for member in input {
                        guard let kept = output.first(where: { $0.key == member.key }) else {
                            differences.append("\(path): the undeclared key \(member.key.debugDescription) was dropped")
                            continue
                        }
                        differences += compare(member.value, kept.value, extra, strategy: nil, at: "\(path)[\(member.key.debugDescription)]")
                    }
                } else {
                    for extra in b.map(\.key) where !keys.contains(extra) { differences.append("\(path): an extra key \(extra.debugDescription)") }
                }
                for property in properties {
                    var input = a.first { $0.key == property.key }?.value
                    let output = b.first { $0.key == property.key }?.value
                    if property.nullable {
                        // Absent stays absent, null stays null, a value stays the value.
                        switch (input, output) {
                        case (nil, nil): break
                        case (let i?, let o?) where Self.isNull(i) && Self.isNull(o): break
                        case (let i?, let o?) where !Self.isNull(i) && !Self.isNull(o):
                            differences += compare(i, o, property.effectiveType.unwrapped, strategy: property.dateStrategy, at: "\(path).\(property.key)")
                        default:
                            differences.append("\(path).\(property.key): \(Self.show(input)) became \(Self.show(output)); a nullable property keeps absent, null and a value apart")
                        }
                        continue
                    }
                    var type = property.effectiveType
                    if let value = property.defaultValue, input == nil || input.map(Self.isNull) == true {
                        // A missing or null key decodes as the default, which is then encoded.
                        input = try? JSONParser.parse(value.text)
                        type = type.unwrapped
                    }
                    differences += compare(input, output, type, strategy: property.dateStrategy, at: "\(path).\(property.key)")
                }
                return differences
            case (.union(let members, let discriminator?), .object(let a), .object(let b)):
                guard case .string(let tag)? = a.first(where: { $0.key == discriminator })?.value.value,
                      let member = members.first(where: { $0.tags.contains(tag) }) else {
                    // A value no case lists decodes to `unknown`, which writes the JSON as it came.
                    return Self.sameJSON(expected, actual) ? [] : mismatch + ["\(path): an unknown discriminator value must come back as it went"]
                }
                var differences: [String] = []
                // The case writes its first value, whichever value picked it, unless the member's
                // own discriminator property (a String or a string enum, which keeps any value)
                // holds the value that picked it (SPEC, "Tagged unions").
                var tagWritten = member.tags[0]
                if member.tags.count > 1, case .model(let memberName) = member.type, let memberModel = spec.model(named: memberName),
                   case .structure(let properties) = memberModel.kind,
                   let property = properties.first(where: { $0.key == discriminator }) {
                    switch property.effectiveType.unwrapped {
                    case .string: tagWritten = tag
                    case .model(let enumName):
                        if case .stringEnum? = spec.model(named: enumName)?.kind { tagWritten = tag }
                    default: break
                    }
                }
                let written = b.filter { $0.key == discriminator }
                if written.count != 1 {
                    differences.append("\(path): the discriminator \(discriminator.debugDescription) written \(written.count) times")
                } else if case .string(let text) = written[0].value.value, text == tagWritten {
                } else {
                    differences.append("\(path).\(discriminator): expected \(tagWritten.debugDescription), got \(Self.show(written[0].value))")
                }
                // The rest as the member (its own discriminator property aside).
                func without(_ members: [JSONNode.Member]) -> JSONNode {
                    JSONNode(value: .object(members.filter { $0.key != discriminator }), location: expected.location)
                }
                return differences + compare(without(a), without(b), member.type, strategy: nil, at: "\(path)<\(member.type.expression(spaced: false))>")
            case (.union(let members, nil), _, _):
                // Members are tried in order: the value is the first one's that takes it.
                guard let member = members.first(where: { takes($0.type, expected) }) else {
                    return ["\(path): no member of \(name) takes \(Self.show(expected))"]
                }
                return compare(expected, actual, member.type, strategy: nil, at: "\(path)<\(member.type.expression(spaced: false))>")
            default: return mismatch
            }
        default:
            return mismatch
        }
    }

    /// Whether a member of an untagged union decodes `node`, for the members the random specs
    /// draw (each JSON kind once, or kept apart by a key or a form).
    func takes(_ type: RandomType, _ node: JSONNode) -> Bool {
        switch (type, node.value) {
        case (.json, _): return true
        case (.uuid, .string(let text)): return UUID(uuidString: text) != nil
        case (.data, .string(let text)): return Data(base64Encoded: text) != nil
        case (.string, .string), (.url, .string): return true
        case (.int, .number(let text)), (.int64, .number(let text)): return Int64(text) != nil
        case (.double, .number): return true
        case (.bool, .bool): return true
        case (.array, .array): return true
        case (.dictionary, .object): return true
        case (.model(let name), _):
            switch (spec.model(named: name)?.kind, node.value) {
            case (.stringEnum, .string): return true
            case (.integerEnum, .number(let text)): return Int(text) != nil
            case (.structure, .object(let members)): return spec.requiredKeys(name).isSubset(of: Set(members.map(\.key)))
            case (.union(_, let discriminator?), .object(let members)):
                if case .string? = members.first(where: { $0.key == discriminator })?.value.value { return true }
                return false
            default: return false
            }
        default: return false
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
