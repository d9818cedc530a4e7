import Foundation
import Testing

@testable import GenCore

/// docs/SPEC.md is the format's reference: every JSON example must be a valid spec (or, after
/// `<!-- invalid -->`, fail with exactly the diagnostics of the next `text` block; after
/// `<!-- openapi -->`, an OpenAPI document, in JSON or YAML, that imports into exactly the next
/// JSON block; after
/// `<!-- configuration -->`, a configuration file that reads without a problem), and every
/// Swift excerpt, split at `// …` lines, must stand word for word in real generated output
/// (unless `<!-- usage -->` marks it as app code).
@Suite struct SpecReferenceDocTests {
    struct Block {
        var language: String
        var marker: String?
        var text: String
        var line: Int
    }

    static func blocks() throws -> [Block] {
        let lines = try String(contentsOf: packageRoot.appendingPathComponent("docs/SPEC.md"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            guard line.hasPrefix("```"), line.count > 3 else {
                index += 1
                continue
            }
            let language = String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces)
            let start = index
            var previous = start - 1
            while previous >= 0, lines[previous].trimmingCharacters(in: .whitespaces).isEmpty { previous -= 1 }
            let marker = previous >= 0 && lines[previous].hasPrefix("<!--") ? lines[previous] : nil
            index += 1
            var body: [String] = []
            while index < lines.count, !lines[index].hasPrefix("```") {
                body.append(lines[index])
                index += 1
            }
            blocks.append(Block(language: language, marker: marker, text: body.joined(separator: "\n"), line: start + 1))
            index += 1
        }
        return blocks
    }

    /// The JSON example as a whole spec: a fragment (most examples show only the keys they are
    /// about) gets `"endpointgen": 1` and a `"name"`.
    static func spec(of block: Block) -> String {
        var spec = block.text
        if !spec.contains("\"endpointgen\""), let brace = spec.firstIndex(of: "{") {
            spec.replaceSubrange(brace...brace, with: "{\n  \"endpointgen\": 1,\n  \"name\": \"Example\",")
        }
        return spec
    }

    @Test func examplesValidateAndExcerptsMatchRealOutput() throws {
        let blocks = try Self.blocks()
        #expect(blocks.filter { $0.language == "json" }.count >= 15)
        var generated: [String] = []
        #expect(blocks.filter { $0.language == "yaml" && $0.marker?.contains("openapi") == true }.count >= 1)
        for (number, block) in blocks.enumerated() where block.language == "json" || block.language == "yaml" {
            if block.marker?.contains("openapi") == true {
                // An OpenAPI document: the next JSON block is exactly what `endpointgen import` writes.
                let imported = OpenAPIImport.importSpec(openAPIText: block.text, path: "openapi.\(block.language)")
                let written = blocks[(number + 1)...].first { $0.language == "json" }?.text
                #expect(imported.diagnostics.isEmpty, "docs/SPEC.md:\(block.line): \(imported.diagnostics.map(\.description))")
                #expect(imported.specText == written.map { $0 + "\n" }, "docs/SPEC.md:\(block.line): the import writes another spec")
                continue
            }
            if block.marker?.contains("configuration") == true {
                // A configuration file, not a spec: it must read without a problem.
                let (configuration, diagnostics) = CommandLineTool.configuration(block.text, path: "endpointgen-config.json")
                #expect(configuration != nil && diagnostics.isEmpty, "docs/SPEC.md:\(block.line): \(diagnostics.map(\.description))")
                continue
            }
            #expect(block.language == "json", "docs/SPEC.md:\(block.line): a YAML example is an OpenAPI document, marked <!-- openapi -->")
            let spec = Self.spec(of: block)
            let result = Generator.generate(specText: spec, specPath: "spec.json")
            if block.marker?.contains("invalid") == true {
                let expected = blocks[(number + 1)...].first { $0.language == "text" }?.text
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                #expect(!result.succeeded, "docs/SPEC.md:\(block.line): the invalid example validates")
                #expect(result.diagnostics.map(\.description).joined(separator: "\n") == expected, "docs/SPEC.md:\(block.line)")
                continue
            }
            #expect(result.succeeded, "docs/SPEC.md:\(block.line): \(result.diagnostics.map(\.description))")
            generated += result.files.map(\.contents)
        }
        for url in try FileManager.default.subpathsOfDirectory(atPath: packageRoot.appendingPathComponent("Tests/GoldenFiles").path)
            where url.hasSuffix(".swift") {
            generated.append(try String(contentsOf: packageRoot.appendingPathComponent("Tests/GoldenFiles/\(url)"), encoding: .utf8))
        }
        let everything = generated.joined(separator: "\n=====\n")
        for block in blocks where block.language == "swift" && block.marker?.contains("usage") != true {
            var chunks: [[Substring]] = [[]]
            for line in block.text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.trimmingCharacters(in: .whitespaces) == "// …" { chunks.append([]) } else { chunks[chunks.count - 1].append(line) }
            }
            for chunk in chunks {
                let text = chunk.joined(separator: "\n").trimmingCharacters(in: .newlines)
                guard !text.isEmpty else { continue }
                #expect(everything.contains(text), "docs/SPEC.md:\(block.line): this excerpt is not in any generated output:\n\(text)")
            }
        }
    }
}
