import Foundation
import Testing

@testable import GenCore

/// YAMLParser against other YAML implementations, PyYAML and libyaml: documents PyYAML writes, in every
/// style it writes (block and flow collections; plain, quoted, literal and folded scalars;
/// explicit keys; tags; narrow and wide lines), must read as they read them. The documents
/// are the published OpenAPI documents (`../shared/openapi/`) and random trees of awkward text.
///
/// PyYAML reads and writes YAML 1.1, which differs from 1.2 in a few places that the documents
/// avoid: plain `0o17` and `1e3` are text in 1.1 and numbers in 1.2 (PyYAML would write them
/// without quotes), and U+0085 and U+2028 break lines in 1.1 only.
@Suite struct YAMLDifferentialTests {
    /// A Python with PyYAML: the test script's virtual environment, or the system's.
    static let python: String? = {
        let candidates = [packageRoot.appendingPathComponent(".venv/bin/python").path, executable(named: "python3")].compactMap { $0 }
        return candidates.first { candidate in
            guard FileManager.default.isExecutableFile(atPath: candidate) else { return false }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: candidate)
            process.arguments = ["-c", "import yaml"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return false }
            process.waitUntilExit()
            return process.terminationStatus == 0
        }
    }()

    static let required = ProcessInfo.processInfo.environment["ENDPOINTGEN_REQUIRE_E2E"] == "1"

    /// Writes, for each document and style, `<name>.<style>.yaml` and what PyYAML reads from it
    /// as `<name>.<style>.json`.
    static let script = #"""
        import json, os, random, sys, yaml
        folder, seed, count, implementation = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
        sources = sys.argv[5:]
        # libyaml (C) where asked for and present, else PyYAML's own Python reader and writer.
        # libyaml writes a scalar of a forced style with the tag '!' ('! "true"'), which YAML
        # reads as text and PyYAML as the boolean: those styles are PyYAML's, for documents it
        # writes in a few seconds.
        c = implementation == 'libyaml' and yaml.__with_libyaml__
        def coders(style, size):
            if not c:
                return yaml.SafeDumper, yaml.SafeLoader
            if 'default_style' not in STYLES[style]:
                return yaml.CSafeDumper, yaml.CSafeLoader
            return (yaml.SafeDumper, yaml.SafeLoader) if size < 200000 else None
        rng = random.Random(seed)
        POOL = ['', ' ', 'a', 'plain text', 'x: y', 'a #b', '#c', '- item', '? q', 'yes', 'No', 'on', 'null', '~',
                'true', 'False', '1', '-2', '3.5', '0x1F', '.5', '1.', '2024-01-01', '12:30', 'multi\nline', 'trailing\n',
                'two\n\n', '\n\nlead', '  indented', 'tab\there', 'quote"s', "it's", 'back\\slash', 'é😀',
                '[a]', '{b}', '*alias', '&anchor', '!tag', '%dir', '@at', '`tick', '|', '>', "a: 'b'", 'long ' * 30,
                'x\n  y\nz', '- a\n- b', 'end ', ' both ', 'ends with colon:', ':start', '---', '...']
        def text():
            if rng.random() < 0.7:
                return rng.choice(POOL)
            return ''.join(rng.choice('ab :#-\n\t"\'é\\,[]{}') for _ in range(rng.randint(0, 24)))
        def key():
            k = text().replace('\n', ' ')
            return k[:40]
        def number():
            kind = rng.random()
            if kind < 0.4: return rng.randint(-10**6, 10**6)
            if kind < 0.5: return rng.randint(-10**30, 10**30)
            if kind < 0.8: return round(rng.uniform(-1000, 1000), rng.randint(0, 6))
            return rng.uniform(-1, 1) * 10 ** rng.randint(-30, 30)
        def value(depth):
            kind = rng.random()
            if depth > 4 or kind < 0.45:
                return rng.choice([text, text, text, number, lambda: rng.choice([True, False, None])])()
            if kind < 0.7:
                return [value(depth + 1) for _ in range(rng.randint(0, 5))]
            result = {}
            for _ in range(rng.randint(0, 6)):
                result[key()] = value(depth + 1)
            return result
        STYLES = {
            'block': dict(default_flow_style=False),
            'flow': dict(default_flow_style=True, width=40),
            'mixed': dict(default_flow_style=None, width=60, indent=4),
            'double': dict(default_style='"', width=30),
            'single': dict(default_style="'", allow_unicode=True),
            'literal': dict(default_style='|'),
            'folded': dict(default_style='>', width=24, explicit_start=True, explicit_end=True),
            'unicode': dict(allow_unicode=True, width=1000),
        }
        documents = {}
        for source in sources:
            with open(source) as f:
                documents[os.path.basename(source)[:-len('.json')]] = (json.load(f), os.path.getsize(source))
        for index in range(count):
            documents['random%d' % index] = (value(0), 0)
        for name, (document, size) in documents.items():
            for style, options in STYLES.items():
                if coders(style, size) is None:
                    continue
                Dumper, Loader = coders(style, size)
                text = yaml.dump(document, Dumper=Dumper, sort_keys=False, **options)
                with open(os.path.join(folder, '%s.%s.yaml' % (name, style)), 'w') as f:
                    f.write(text)
                # What PyYAML reads back: where its writer folds a line next to a more indented
                # one, the text it reads is not the one it wrote, and YAMLParser must read as it does.
                with open(os.path.join(folder, '%s.%s.json' % (name, style)), 'w') as f:
                    json.dump(yaml.load(text, Loader=Loader), f, ensure_ascii=False)
        """#

    /// The values of a tree for comparing: numbers by value (PyYAML writes `1e-05` as `1.0e-05`),
    /// integers exactly.
    static func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .number(let text) where text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }):
            return "#\(Double(text).map { "\($0)" } ?? text)"
        case .array(let elements): return "[" + elements.map(describe).joined(separator: ", ") + "]"
        case .object(let members): return "{" + members.map { "\($0.key.debugDescription): \(describe($0.value))" }.joined(separator: ", ") + "}"
        default: return YAMLParserTests.describe(node)
        }
    }

    /// Where two trees first differ: a JSON pointer and the two values there.
    static func firstDifference(_ yaml: JSONNode, _ json: JSONNode, at pointer: String) -> String? {
        switch (yaml.value, json.value) {
        case (.array(let left), .array(let right)) where left.count == right.count:
            for (index, (a, b)) in zip(left, right).enumerated() {
                if let found = firstDifference(a, b, at: "\(pointer)/\(index)") { return found }
            }
            return nil
        case (.object(let left), .object(let right)) where left.map(\.key) == right.map(\.key):
            for (a, b) in zip(left, right) {
                if let found = firstDifference(a.value, b.value, at: "\(pointer)/\(a.key)") { return found }
            }
            return nil
        default:
            let (a, b) = (describe(yaml), describe(json))
            return a == b ? nil : "\(pointer) (line \(yaml.location.line)): \(a.prefix(300)) instead of \(b.prefix(300))"
        }
    }

    /// Writes the documents with PyYAML and compares every YAML form with its JSON.
    private func compare(seed: Int, randomCount: Int, sources: [String], implementation: String) async throws {
        let python = try #require(Self.python)
        let folder = try TemporaryDirectory()
        try folder.write("write.py", Self.script)
        let run = try await runProcess(python, [folder.file("write.py").path, folder.url.path, "\(seed)", "\(randomCount)", implementation] + sources)
        try #require(run.status == 0, "\(run.standardError)")
        let files = folder.allFiles()
        let yamlFiles = files.filter { $0.hasSuffix(".yaml") }
        #expect(yamlFiles.count >= 4 * (randomCount + sources.count))
        var failures: [String] = []
        for file in yamlFiles {
            let json = try JSONParser.parse(try #require(folder.read(String(file.dropLast(".yaml".count)) + ".json")))
            let text = try #require(folder.read(file))
            do {
                let node = try YAMLParser.parse(text)
                if let difference = Self.firstDifference(node, json, at: "") {
                    failures.append("\(file): reads differently from its JSON at \(difference)")
                }
            } catch {
                failures.append("\(file):\(error.location.line):\(error.location.column): \(error.message)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(yamlFiles.count):\n\(failures.prefix(10).joined(separator: "\n"))")
        if !failures.isEmpty, let kept = ProcessInfo.processInfo.environment["ENDPOINTGEN_KEEP_YAML"] {
            for file in files { try? FileManager.default.copyItem(at: folder.file(file), to: URL(fileURLWithPath: kept).appendingPathComponent(file)) }
        }
    }

    @Test(.enabled(if: python != nil || required, "needs a Python with PyYAML (scripts/test.sh installs one into .venv)"))
    func randomTreesReadAsTheJSONTheyWereWrittenFrom() async throws {
        try await compare(seed: 1, randomCount: 150, sources: [], implementation: "python")
    }

    @Test(.enabled(if: (python != nil || required) && OpenAPICompatibilityTests.folder != nil,
                   "needs a Python with PyYAML and ../shared/openapi/"))
    func publishedDocumentsReadAsTheirJSON() async throws {
        let folder = try #require(OpenAPICompatibilityTests.folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(names.count >= 10)
        // libyaml, a second implementation, and faster on OpenAI's 2.8 MB.
        try await compare(seed: 2, randomCount: 0, sources: names.map { folder.appendingPathComponent($0).path }, implementation: "libyaml")
    }
}
