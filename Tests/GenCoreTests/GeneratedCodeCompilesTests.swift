import Foundation
import Testing

@testable import GenCore

/// Whatever valid spec it is given, the generator writes Swift that compiles in Swift 6 mode
/// without a warning. Each spec is typechecked as a module of its own against the
/// GeneratedRuntime module that `swift test` has just built.
@Suite struct GeneratedCodeCompilesTests {
    /// The folder of built modules beside the test binary (`.build/<triple>/debug/Modules`).
    static let modules: URL? = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = folder.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("GeneratedRuntime.swiftmodule").path) {
                return candidate
            }
            folder.deleteLastPathComponent()
        }
        let fallback = packageRoot.appendingPathComponent(".build/debug/Modules")
        return FileManager.default.fileExists(atPath: fallback.path) ? fallback : nil
    }()

    /// Specs no golden case holds: hostile names, and mutations of the seed specs that still
    /// validate (a mutation the generator accepts must give code that compiles).
    static func corpus() throws -> [(name: String, text: String)] {
        var specs = ["\\n}\\nstruct Evil {}", "*/ \\\" \\\\(x)", "\\u202Egnp"].enumerated().map {
            (name: "hostile\($0.offset)", text: RobustnessTests.hostileSpec($0.element))
        }
        var random = SeededGenerator(seed: 2026)
        let pieces = ["?", "[", "]", "\"Int\"", "\"JSON\"", "\"Date\"", "null", "prune", "\"default\": 1, "]
        for seed in ["cities", "items", "users", "pets", "books"] {
            let original = Array(try String(contentsOf: packageRoot.appendingPathComponent("Specs/\(seed).json"), encoding: .utf8).utf8)
            var accepted = 0
            for _ in 0..<400 where accepted < 2 {
                var bytes = original
                let position = Int.random(in: 0..<bytes.count, using: &random)
                bytes.insert(contentsOf: Array(pieces.randomElement(using: &random)!.utf8), at: position)
                let text = String(decoding: bytes, as: UTF8.self)
                guard text != String(decoding: original, as: UTF8.self),
                      Generator.generate(specText: text, specPath: "m.json").succeeded else { continue }
                accepted += 1
                specs.append((name: "\(seed)-mutant\(accepted)", text: text))
            }
        }
        return specs
    }

    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func everyAcceptedSpecCompilesWithoutWarnings() async throws {
        let modules = try #require(Self.modules, "GeneratedRuntime.swiftmodule not found beside the test binary")
        let specs = try Self.corpus()
        #expect(specs.count >= 8)
        for spec in specs {
            for layout in OutputLayout.allCases {
                let result = Generator.generate(specText: spec.text, specPath: "\(spec.name).json", options: .init(layout: layout))
                try #require(result.succeeded, "\(spec.name): \(result.diagnostics)")
                let folder = try TemporaryDirectory()
                var paths: [String] = []
                for file in result.files {
                    let name = file.path.replacingOccurrences(of: "/", with: "_")
                    try folder.write(name, file.contents)
                    paths.append(folder.file(name).path)
                }
                let check = try await runProcess(
                    executable(named: "swiftc")!,
                    ["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-module-name", "Generated", "-I", modules.path] + paths)
                #expect(check.status == 0, "\(spec.name) (\(layout)):\n\(check.standardError)\n--- spec ---\n\(spec.text)")
            }
        }
    }

    /// Found by a review: a model named `Decimal` beside a JSON default that needs a Decimal,
    /// and subnormal numbers (`1e-310`), which swiftc warns about only when it compiles (not
    /// when it type-checks), as Double and JSON defaults.
    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func numbersThatNeedCareCompileWithoutWarnings() async throws {
        let modules = try #require(Self.modules, "GeneratedRuntime.swiftmodule not found beside the test binary")
        let spec = #"""
            {"endpointgen": 1, "name": "Numbers", "models": {
              "Decimal": {"properties": {"x": "Int"}},
              "Holder": {"properties": {"a": {"type": "Double", "default": 1e-310}, "b": {"type": "Double?", "default": -5e-324},
                                        "c": {"type": "JSON", "default": [5e-324, 0.12345678901234567890123, 12345678901234567890, -0]}}}},
             "resources": {"R": {"endpoints": [{"name": "get", "method": "GET", "path": "/x", "timeout": 0.0015, "response": "Holder"}]}}}
            """#
        let compile = try await Self.compileToObject(spec, module: "Numbers", modules: modules)
        #expect(compile.status == 0, "\(compile.standardError)")
    }

    /// Generates `spec` (compact) and compiles it as `module` to an object file, as a build does
    /// (swiftc warns of some things, such as a literal that underflows, only then).
    static func compileToObject(_ spec: String, module: String, modules: URL) async throws -> (status: Int32, standardError: String, objectWritten: Bool) {
        let result = Generator.generate(specText: spec, specPath: "\(module.lowercased()).json", options: .init(layout: .compact))
        try #require(result.succeeded, "\(result.diagnostics)")
        let folder = try TemporaryDirectory()
        var paths: [String] = []
        for file in result.files {
            try folder.write(file.path, file.contents)
            paths.append(folder.file(file.path).path)
        }
        let object = folder.file("\(module).o").path
        let compile = try await runProcess(
            executable(named: "swiftc")!,
            ["-c", "-Onone", "-wmo", "-parse-as-library", "-swift-version", "6", "-warnings-as-errors", "-module-name", module,
             "-I", modules.path, "-o", object] + paths)
        return (compile.status, compile.standardError, FileManager.default.fileExists(atPath: object))
    }

    /// A hundred structs nested by value, each with a few properties and an optional next level,
    /// ran the compiler out of 16 GB (and 50 took five minutes) before the generator cut such
    /// chains every eight levels; now it compiles to an object file like any other module.
    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func aHundredNestedModelsCompile() async throws {
        let modules = try #require(Self.modules, "GeneratedRuntime.swiftmodule not found beside the test binary")
        let levels = (0..<100).map { level in
            let next = level < 99 ? #", "next": "Level\#(level + 1)?""# : ""
            return #""Level\#(level)": {"properties": {"id": "Int", "name": "String?", "tags": "[String]", "when": "Date?", "score": "Double"\#(next)}}"#
        }
        let spec = #"{"endpointgen": 1, "name": "Deep", "models": {\#(levels.joined(separator: ", "))}}"#
        let compile = try await Self.compileToObject(spec, module: "Deep", modules: modules)
        #expect(compile.status == 0, "\(compile.standardError)")
        #expect(compile.objectWritten)
    }
}
