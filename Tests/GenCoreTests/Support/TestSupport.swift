import Foundation
import Testing

@testable import GenCore

// Helpers shared by the GenCore tests. Nothing here calls into the code under test except to
// run it: expected positions and values are computed independently of the implementation.

/// The place where the `occurrence`-th `needle` starts in `text`, counted the way the spec
/// format defines positions: 1-based lines that end at "\n", 1-based columns in Unicode scalars.
func location(of needle: String, in text: String, occurrence: Int = 1, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> GenCore.SourceLocation {
    let haystack = Array(text.unicodeScalars)
    let pattern = Array(needle.unicodeScalars)
    var seen = 0
    var line = 1
    var column = 1
    var index = 0
    while index + pattern.count <= haystack.count {
        if Array(haystack[index..<index + pattern.count]) == pattern {
            seen += 1
            if seen == occurrence { return GenCore.SourceLocation(line: line, column: column) }
        }
        if haystack[index] == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }
    Issue.record("'\(needle)' does not occur \(occurrence) time(s) in the text", sourceLocation: sourceLocation)
    return GenCore.SourceLocation(line: 0, column: 0)
}

func loc(_ line: Int, _ column: Int) -> GenCore.SourceLocation {
    GenCore.SourceLocation(line: line, column: column)
}

/// Parses `text`, returning the tree or the syntax error.
func parseJSON(_ text: String) -> Result<JSONNode, JSONSyntaxError> {
    do {
        return .success(try JSONParser.parse(text))
    } catch {
        return .failure(error)
    }
}

extension JSONNode {
    var members: [Member]? {
        if case .object(let members) = value { return members }
        return nil
    }

    var elements: [JSONNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    var stringValue: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    var numberText: String? {
        if case .number(let text) = value { return text }
        return nil
    }

    func member(_ key: String) -> Member? {
        members?.first { $0.key == key }
    }

    subscript(key: String) -> JSONNode? { member(key)?.value }
    subscript(index: Int) -> JSONNode? {
        guard let elements, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}

// MARK: Specs

/// A minimal valid spec with the given `models` and `resources` objects (JSON text) spliced in,
/// one construct a line so that the locations of problems are easy to tell apart.
func spec(name: String = "Test", extra: String = "", models: String = "{}", resources: String = "{}") -> String {
    """
    {
      "endpointgen": 1,
      "name": "\(name)",\(extra.isEmpty ? "" : "\n  " + extra + ",")
      "models": \(models),
      "resources": \(resources)
    }
    """
}

func generate(_ text: String, path: String = "spec.json", layout: OutputLayout = .split, access: AccessLevel? = nil) -> GenerationResult {
    Generator.generate(specText: text, specPath: path, options: GeneratorOptions(layout: layout, accessLevel: access))
}

/// A seeded generator (SplitMix64), so that property tests are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The package root, found from this file's path (Tests/GenCoreTests/Support/TestSupport.swift).
let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

// MARK: Processes

/// The absolute path of an executable found on PATH, or nil.
func executable(named name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":") {
        let candidate = "\(folder)/\(name)"
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}

struct ProcessOutput {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// Runs a program to completion, reading its output through files so that a full pipe cannot
/// block it. It suspends until the program ends instead of blocking its thread: the tests run on
/// the concurrency pool, which has one thread per core, and a test that blocked one while swiftc
/// ran for a minute would starve every other test running meanwhile. For the same reason the
/// programs run one at a time on a machine of two cores (half the cores at most): the suite's
/// compile tests would otherwise start swiftc several times over at once and leave the
/// end-to-end tests, whose waits are timed, without a core (two of them failed so).
func runProcess(_ executable: String, _ arguments: [String], in directory: URL? = nil) async throws -> ProcessOutput {
    await ProcessGate.shared.enter()
    do {
        let output = try await runProcessNow(executable, arguments, in: directory)
        await ProcessGate.shared.leave()
        return output
    } catch {
        await ProcessGate.shared.leave()
        throw error
    }
}

private func runProcessNow(_ executable: String, _ arguments: [String], in directory: URL?) async throws -> ProcessOutput {
    let scratch = try TemporaryDirectory()
    let outURL = scratch.url.appendingPathComponent("stdout")
    let errURL = scratch.url.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    // The program's temporary files go to the scratch folder, removed with it: swiftc's driver
    // leaves a `TemporaryDirectory.*` folder in the system's for every compile.
    let temporary = scratch.url.appendingPathComponent("tmp", isDirectory: true)
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.path]) { $1 }
    process.standardOutput = out
    process.standardError = err
    let status: Int32 = try await withCheckedThrowingContinuation { continuation in
        // Installed before the program starts, with the continuation already there: the program
        // may end, and the handler run on a thread of its own, before `run()` returns.
        process.terminationHandler = { ended in
            continuation.resume(returning: ended.terminationStatus)
        }
        do {
            try process.run()
        } catch {
            // Nothing started, so the handler cannot run; cleared all the same, so that the
            // continuation can only be resumed here.
            process.terminationHandler = nil
            continuation.resume(throwing: error)
        }
    }
    try out.close()
    try err.close()
    return ProcessOutput(
        status: status,
        standardOutput: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
        standardError: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
}

/// At most `limit` programs of `runProcess` at a time; the others wait their turn, in order,
/// without holding a thread.
actor ProcessGate {
    static let shared = ProcessGate(limit: max(1, ProcessInfo.processInfo.activeProcessorCount / 2))

    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) { self.limit = limit }

    func enter() async {
        if running < limit {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the place to the first waiter, or frees it.
    func leave() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

/// A fresh directory that is removed when the value goes away.
final class TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("GenCoreTests-\(UUID().uuidString)", isDirectory: true)
            .standardizedFileURL
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func file(_ path: String) -> URL { url.appendingPathComponent(path) }

    func write(_ path: String, _ contents: String) throws {
        let target = file(path)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: target)
    }

    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: file(path).path).map { String(decoding: $0, as: UTF8.self) }
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: file(path).path)
    }

    /// Relative paths of every regular file below the directory, sorted.
    func allFiles(under folder: String = "") -> [String] {
        let base = folder.isEmpty ? url : file(folder)
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return []
        }
        let prefix = url.path + "/"
        var paths: [String] = []
        for case let item as URL in enumerator {
            let values = try? item.resourceValues(forKeys: [.isRegularFileKey])
            guard values?.isRegularFile == true else { continue }
            let path = item.standardizedFileURL.path
            if path.hasPrefix(prefix) { paths.append(String(path.dropFirst(prefix.count))) }
        }
        return paths.sorted()
    }
}

/// `text` as a JSON string literal: quotes, backslashes and control characters escaped,
/// everything else (U+2028 included) written as it is.
func jsonString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}

/// Runs `text` and checks that it reports exactly `expected`, in file order. Each spot is
/// found in `text`; problems at one spot keep the order they are listed in.
func expectExactProblems(_ text: String, _ expected: [(spot: Spot, message: String)], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let result = generate(text, path: "Specs/broken.json")
    #expect(result.files.isEmpty, sourceLocation: sourceLocation)
    #expect(!result.succeeded, sourceLocation: sourceLocation)
    let wanted = expected.enumerated().map { index, problem in
        (place: problem.spot.location(in: text), index: index, message: problem.message)
    }.sorted { ($0.place.line, $0.place.column, $0.index) < ($1.place.line, $1.place.column, $1.index) }
        .map { "Specs/broken.json:\($0.place.line):\($0.place.column): error: \($0.message)" }
    let found = result.diagnostics.map(\.description)
    #expect(found.count == wanted.count, "\(found.count) diagnostics, expected \(wanted.count)", sourceLocation: sourceLocation)
    for line in wanted where !found.contains(line) {
        Issue.record("missing: \(line)", sourceLocation: sourceLocation)
    }
    for line in found where !wanted.contains(line) {
        Issue.record("unexpected: \(line)", sourceLocation: sourceLocation)
    }
    #expect(found == wanted, sourceLocation: sourceLocation)
}

/// Compiles `files` (generated code and a program's own, `main.swift` among them) with the
/// GeneratedRuntime objects the tests were built with into an executable in `folder`, without
/// a warning; its path.
func compileProgram(_ files: [GeneratedFile], module: String, in folder: TemporaryDirectory, arguments: [String] = []) async throws -> String {
    let modules = try #require(GeneratedCodeCompilesTests.modules, "GeneratedRuntime.swiftmodule not found beside the test binary")
    let runtime = try #require(RandomSpecTests.runtimeObjects, "no GeneratedRuntime objects beside the test binary")
    var paths: [String] = []
    for file in files {
        let name = file.path.replacingOccurrences(of: "/", with: "_")
        try folder.write(name, file.contents)
        paths.append(folder.file(name).path)
    }
    let program = folder.file(module.lowercased()).path
    let compile = try await runProcess(
        executable(named: "swiftc")!,
        ["-swift-version", "6", "-warnings-as-errors", "-module-name", module, "-I", modules.path, "-o", program] + arguments + paths + runtime)
    try #require(compile.status == 0, "\(compile.standardError)")
    return program
}

/// Type-checks generated `files` (path → contents) as one module against GeneratedRuntime, and
/// expects no error and no warning.
func expectTypechecks(_ files: [String: String], _ label: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
    let modules = try #require(GeneratedCodeCompilesTests.modules, "GeneratedRuntime.swiftmodule not found beside the test binary")
    let folder = try TemporaryDirectory()
    var paths: [String] = []
    for (path, contents) in files {
        let name = path.replacingOccurrences(of: "/", with: "_")
        try folder.write(name, contents)
        paths.append(folder.file(name).path)
    }
    let check = try await runProcess(
        executable(named: "swiftc")!,
        ["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-module-name", "Generated", "-I", modules.path] + paths.sorted())
    #expect(check.status == 0, "\(label): \(check.standardError)", sourceLocation: sourceLocation)
}
