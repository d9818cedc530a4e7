import Foundation
import Testing

@testable import GenCore

/// Generates every case under Tests/GoldenFiles and compares the result with the case's
/// `Expected/` tree in both directions: a missing file, an extra file and a changed file each
/// fail, with a line diff. `ENDPOINTGEN_RECORD_GOLDENS=1` rewrites `Expected/` from the
/// generator and still fails, so a re-recording is always a decision read in `git diff`.
@Suite struct GoldenFileTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let goldenRoot = packageRoot.appendingPathComponent("Tests/GoldenFiles")

    static var cases: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: goldenRoot.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test(arguments: cases)
    func generatedOutputMatchesExpected(_ name: String) throws {
        let folder = Self.goldenRoot.appendingPathComponent(name)
        let arguments = try String(contentsOf: folder.appendingPathComponent("arguments"), encoding: .utf8)
            .split(whereSeparator: \.isWhitespace).map(String.init)
        var (specPath, options) = try Self.parse(arguments)
        let specURL = Self.packageRoot.appendingPathComponent(specPath)
        let specText = try String(contentsOf: specURL, encoding: .utf8)
        let expectedRoot = folder.appendingPathComponent("Expected")
        // As `endpointgen generate <spec> --output <case>/Expected` names it.
        options.specReference = OutputDirectory(path: expectedRoot.path).reference(toSpecAt: specURL.path)
        let result = Generator.generate(specText: specText, specPath: specPath, options: options)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description).joined(separator: "\n"))")
        try #require(result.succeeded)

        let expected = Self.files(under: expectedRoot)
        let produced = Dictionary(uniqueKeysWithValues: result.files.map { ($0.path, $0.contents) })

        var problems: [String] = []
        for path in produced.keys.sorted() {
            guard let old = expected[path] else {
                problems.append("missing from Expected: \(path)")
                continue
            }
            if old != produced[path] {
                let diff = UnifiedDiff.diff(old: old, new: produced[path]!, oldName: "expected/\(path)", newName: "generated/\(path)")
                problems.append("changed: \(path)\n\(diff)")
            }
        }
        for path in expected.keys.sorted() where produced[path] == nil {
            problems.append("extra in Expected (the generator no longer writes it): \(path)")
        }
        guard !problems.isEmpty else { return }

        if ProcessInfo.processInfo.environment["ENDPOINTGEN_RECORD_GOLDENS"] == "1" {
            let directory = OutputDirectory(path: expectedRoot.path)
            var plan = directory.plan(result.files, specReferences: [options.specReference!])
            plan.removals = expected.keys.filter { produced[$0] == nil }.sorted()
            try directory.apply(plan)
            Issue.record("Re-recorded \(name): \(problems.count) difference(s). Read `git diff Tests/GoldenFiles/\(name)` line by line, then run again without ENDPOINTGEN_RECORD_GOLDENS.")
        } else {
            Issue.record("Golden case \(name) differs from the generator's output:\n\(problems.joined(separator: "\n"))\nTo re-record after reading this diff: ENDPOINTGEN_RECORD_GOLDENS=1 swift test --filter GoldenFileTests")
        }
    }

    /// Each case folder is compiled as a module: its name must be in Package.swift's list.
    @Test func everyCaseIsCompiledByThePackage() throws {
        let manifest = try String(contentsOf: Self.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        for name in Self.cases {
            #expect(manifest.contains("\"\(name)\")"), "Tests/GoldenFiles/\(name) is not in Package.swift's goldenCases, so its output is never compiled")
        }
        #expect(Self.cases.count >= 8)
    }

    static func parse(_ arguments: [String]) throws -> (String, GeneratorOptions) {
        var options = GeneratorOptions()
        var spec: String?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--layout": options.layout = try #require(OutputLayout(rawValue: rest.popFirst() ?? ""))
            case "--access": options.accessLevel = try #require(AccessLevel(rawValue: rest.popFirst() ?? "") as AccessLevel?)
            default: spec = argument
            }
        }
        return (try #require(spec), options)
    }

    /// Every file below `root`, by path relative to it; not only Swift files and not only
    /// generated ones, so that anything left in Expected/ counts as extra.
    static func files(under root: URL) -> [String: String] {
        var result: [String: String] = [:]
        let base = root.standardizedFileURL.path + "/"
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return result
        }
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(base) else { continue }
            result[String(path.dropFirst(base.count))] = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        }
        return result
    }
}
