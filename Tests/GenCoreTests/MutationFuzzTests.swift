import Foundation
import Testing

@testable import GenCore

/// The mutation fuzz campaign: every example and golden spec, mutated as bytes, as a JSON
/// structure and in its values (SpecMutator), through `Generator.generate` in-process.
///
/// For every mutation: no crash and no hang (FuzzWatchdog names the mutation in flight), a
/// rejected spec has only diagnostics with a location inside the text and no files, an accepted
/// one gives files whose Swift is lexically sound (every literal and comment closed, brackets
/// balanced, no spec text outside a literal or comment, no raw control character) and the same
/// bytes when generated again. A sample of the accepted mutations is typechecked with swiftc,
/// `-warnings-as-errors`.
///
/// The test command runs a bounded sample; the long run is
/// `ENDPOINTGEN_FUZZ_MUTATIONS=100000 swift test -c release -Xswiftc -enable-testing --filter MutationFuzz`
/// (README, "Working on endpointgen"). Other variables: `ENDPOINTGEN_FUZZ_SEED` (the campaign's
/// seed), `ENDPOINTGEN_FUZZ_COMPILE` (accepted mutations typechecked per spec),
/// `ENDPOINTGEN_FUZZ_HANG_SECONDS` (the bound of one generation), `ENDPOINTGEN_FUZZ_SPECS`
/// (a comma-separated list of the corpus's specs to run, all by default) and
/// `ENDPOINTGEN_FUZZ_REPLAY=<spec>:<index>` (runs and prints only that mutation;
/// `ENDPOINTGEN_FUZZ_REPLAY_OUT=<file>` also writes it there).
@Suite struct MutationFuzzTests {
    struct FuzzCase: Sendable, CustomTestStringConvertible {
        var name: String
        var path: String
        var layout: OutputLayout = .split
        var access: AccessLevel? = nil
        var testDescription: String { name }
    }

    /// Every golden case's spec with the options the case passes (read from its `arguments`, so
    /// that a new case is fuzzed without being listed here), and the example and benchmark specs.
    static let corpus: [FuzzCase] = goldenCases + [
        FuzzCase(name: "plugin-httpbin", path: "Examples/BuildPluginConsumer/Sources/HTTPBinAPI/httpbin.endpointgen.json"),
        FuzzCase(name: "committed-books", path: "Examples/CommittedConsumer/Sources/BooksAPI/books.endpointgen.json"),
        FuzzCase(name: "petstore", path: "Benchmarks/Specs/petstore.endpointgen.json"),
        // OpenAPI documents, through the import.
        FuzzCase(name: "showcase-openapi", path: "Specs/OpenAPI/showcase.openapi.json"),
        FuzzCase(name: "inventory-openapi", path: "Examples/OpenAPIConsumer/Sources/InventoryAPI/inventory.openapi.json"),
    ]

    /// YAML documents, mutated as text by `yamlMutation(of:index:)`.
    static let yamlCorpus: [FuzzCase] = [
        FuzzCase(name: "petstore-openapi-yaml", path: "Examples/OpenAPIConsumer/Sources/PetStoreAPI/openapi.yaml"),
    ]

    /// `Tests/GoldenFiles/<case>/arguments`: the spec's path, then `--layout` and `--access`.
    static let goldenCases: [FuzzCase] = {
        let folder = packageRoot.appendingPathComponent("Tests/GoldenFiles")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        return names.compactMap { name -> FuzzCase? in
            guard let arguments = try? String(contentsOf: folder.appendingPathComponent("\(name)/arguments"), encoding: .utf8) else { return nil }
            let words = arguments.split(whereSeparator: \.isWhitespace).map(String.init)
            guard let path = words.first else { return nil }
            var fuzzCase = FuzzCase(name: name, path: path)
            for (option, value) in zip(words.dropFirst(), words.dropFirst(2)) {
                if option == "--layout", let layout = OutputLayout(rawValue: value) { fuzzCase.layout = layout }
                if option == "--access", let access = AccessLevel(rawValue: value) { fuzzCase.access = access }
            }
            return fuzzCase
        }
    }()

    static let environment = ProcessInfo.processInfo.environment
    /// 250 a spec in the test command: 3,000 mutations, a few seconds.
    static let mutations = environment["ENDPOINTGEN_FUZZ_MUTATIONS"].flatMap { Int($0) } ?? 250
    static let seed = environment["ENDPOINTGEN_FUZZ_SEED"].flatMap { UInt64($0) } ?? 20
    static let hangSeconds = environment["ENDPOINTGEN_FUZZ_HANG_SECONDS"].flatMap { Double($0) } ?? 60
    /// `ENDPOINTGEN_FUZZ_SPECS=<name>,<name>`: only these specs of the corpus.
    static let only: Set<String>? = environment["ENDPOINTGEN_FUZZ_SPECS"].map { Set($0.split(separator: ",").map(String.init)) }
    static let replay: (name: String, index: Int)? = environment["ENDPOINTGEN_FUZZ_REPLAY"].flatMap { value in
        let parts = value.split(separator: ":")
        guard parts.count == 2, let index = Int(parts[1]) else { return nil }
        return (String(parts[0]), index)
    }
    /// Typechecking takes seconds a spec: the test command checks one accepted mutation of a few
    /// specs; the long run sets a number for every spec.
    static func compileSample(for name: String) -> Int {
        if let value = environment["ENDPOINTGEN_FUZZ_COMPILE"].flatMap(Int.init) { return value }
        return ["edge-cases", "features"].contains(name) ? 1 : 0
    }

    /// What one spec's campaign found.
    struct Tally: CustomStringConvertible {
        var mutations = 0
        var accepted = 0
        var rejected = 0
        var malformedJSON = 0
        var unchanged = 0
        var withoutLocation = 0
        var locationOutsideText = 0
        var filesDespiteErrors = 0
        var lexicalProblems = 0
        var nondeterministic = 0
        var compiled = 0
        var compileFailures = 0
        var digest: UInt64 = 0xCBF2_9CE4_8422_2325

        var problems: Int {
            withoutLocation + locationOutsideText + filesDespiteErrors + lexicalProblems + nondeterministic + compileFailures
        }

        mutating func digest(_ text: String) {
            for byte in text.utf8 { digest = (digest ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        }

        var description: String {
            "\(mutations) mutations: \(accepted) accepted, \(rejected) rejected (\(malformedJSON) as malformed JSON or YAML), "
                + "\(unchanged) unchanged; \(withoutLocation) diagnostics without a location, "
                + "\(locationOutsideText) outside the text, \(filesDespiteErrors) with files despite errors, "
                + "\(lexicalProblems) lexical problems, \(nondeterministic) nondeterministic; "
                + "\(compiled) typechecked, \(compileFailures) failed; digest \(String(digest, radix: 16))"
        }
    }

    /// Every golden case is fuzzed (the ones at the time of writing at least), with its options.
    @Test func theCorpusHasEveryGoldenCase() {
        let names = Set(Self.goldenCases.map(\.name))
        let known: Set = ["books", "cities", "compact", "edge-cases", "features", "httpbin", "items", "pets", "shapes", "streams", "users"]
        #expect(known.isSubset(of: names), "missing: \(known.subtracting(names))")
        let compact = Self.goldenCases.first { $0.name == "compact" }
        #expect(compact?.path == "Specs/users.json" && compact?.layout == .compact && compact?.access == .internal)
        #expect(Self.goldenCases.first { $0.name == "streams" }?.path == "Tests/GoldenFiles/streams/spec.json")
        for fuzzCase in Self.corpus + Self.yamlCorpus {
            #expect(FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent(fuzzCase.path).path), "\(fuzzCase.name)")
        }
    }

    @Test(arguments: corpus)
    func mutatedSpecsAreRejectedPreciselyOrGiveSoundSwift(_ fuzzCase: FuzzCase) async throws {
        if let replay = Self.replay, replay.name != fuzzCase.name { return }
        if let only = Self.only, !only.contains(fuzzCase.name) { return }
        let text = try String(contentsOf: packageRoot.appendingPathComponent(fuzzCase.path), encoding: .utf8)
        let mutator = try SpecMutator(name: fuzzCase.name, text: text, seed: Self.seed)
        let watchdog = FuzzWatchdog.shared
        watchdog.limit = Self.hangSeconds
        let slot = watchdog.claim()
        defer { watchdog.release(slot) }

        var tally = Tally()
        var reported = 0
        /// Accepted mutations to typecheck: a deterministic reservoir sample.
        var sample: [(index: Int, mutation: SpecMutator.Mutation)] = []
        var sampleRandom = SeededGenerator(seed: Self.seed ^ 0x5EED)
        let sampleSize = Self.compileSample(for: fuzzCase.name)
        let start = Date()

        let indices = Self.replay.map { [$0.index] } ?? Array(0..<Self.mutations)
        FuzzWatchdog.withAlternateSignalStack {
            for index in indices {
                let replayLine = "ENDPOINTGEN_FUZZ_SEED=\(Self.seed) ENDPOINTGEN_FUZZ_REPLAY=\(fuzzCase.name):\(index) swift test --filter MutationFuzz"
                watchdog.begin(slot, "mutation \(index) of \(fuzzCase.name), seed \(Self.seed): \(replayLine)")
                let mutation = mutator.mutation(at: index, layout: fuzzCase.layout, access: fuzzCase.access)
                if Self.replay != nil {
                    print("MutationFuzz \(fuzzCase.name) #\(index): \(mutation.kind), \(mutation.layout), access \(mutation.access.map(\.rawValue) ?? "spec")")
                    for step in mutation.steps { print("  \(step)") }
                    print("--- spec ---\n\(mutation.text)\n--- end ---")
                    // `swift test` may drop output lines that are not text; a file keeps them.
                    if let path = Self.environment["ENDPOINTGEN_FUZZ_REPLAY_OUT"] {
                        try? Data(mutation.text.utf8).write(to: URL(fileURLWithPath: path))
                    }
                }
                let options = GeneratorOptions(layout: mutation.layout, accessLevel: mutation.access)
                let result = Generator.generate(specText: mutation.text, specPath: "\(fuzzCase.name).json", options: options)
                let again = Generator.generate(specText: mutation.text, specPath: "\(fuzzCase.name).json", options: options)
                watchdog.end(slot)

                tally.mutations += 1
                if mutation.text == text { tally.unchanged += 1 }
                let findings = Self.check(result, again: again, text: mutation.text, tally: &tally)
                if result.succeeded {
                    tally.accepted += 1
                    for file in result.files { tally.digest("\(index)\(file.path)\(file.contents)") }
                    if sampleSize > 0, mutation.text != text {
                        // Reservoir sampling over the accepted mutations that changed the spec.
                        let seen = tally.accepted
                        if sample.count < sampleSize {
                            sample.append((index, mutation))
                        } else if case let slot = Int.random(in: 0..<seen, using: &sampleRandom), slot < sampleSize {
                            sample[slot] = (index, mutation)
                        }
                    }
                } else {
                    tally.rejected += 1
                    if result.diagnostics.first?.message.hasPrefix("malformed JSON") == true { tally.malformedJSON += 1 }
                    for diagnostic in result.diagnostics { tally.digest("\(index)\(diagnostic)") }
                }
                if Self.replay != nil {
                    print(result.succeeded ? "accepted: \(result.files.count) files" : "rejected:\n" + result.diagnostics.map(\.description).joined(separator: "\n"))
                }
                if !findings.isEmpty {
                    reported += 1
                    if reported <= 20 {
                        Issue.record(Comment(rawValue: """
                            \(fuzzCase.name) mutation \(index) (seed \(Self.seed)): \(findings.joined(separator: "; "))
                            steps: \(mutation.steps.joined(separator: " | "))
                            replay: \(replayLine)
                            """))
                    }
                }
            }
        }
        let elapsed = Date().timeIntervalSince(start)

        if !sample.isEmpty {
            let modules = try #require(GeneratedCodeCompilesTests.modules, "GeneratedRuntime.swiftmodule not found beside the test binary")
            let swiftc = try #require(executable(named: "swiftc"), "swiftc is not on PATH")
            for (index, mutation) in sample {
                let result = Generator.generate(
                    specText: mutation.text, specPath: "\(fuzzCase.name).json",
                    options: GeneratorOptions(layout: mutation.layout, accessLevel: mutation.access))
                let check = try await Self.typecheck(result.files, swiftc: swiftc, modules: modules)
                tally.compiled += 1
                if check.status != 0 {
                    tally.compileFailures += 1
                    Issue.record(Comment(rawValue: """
                        \(fuzzCase.name) mutation \(index) (seed \(Self.seed)) was accepted but does not compile without warnings:
                        \(check.standardError)
                        replay: ENDPOINTGEN_FUZZ_SEED=\(Self.seed) ENDPOINTGEN_FUZZ_REPLAY=\(fuzzCase.name):\(index) swift test --filter MutationFuzz
                        """))
                }
            }
        }
        print("MutationFuzz \(fuzzCase.name) (seed \(Self.seed)): \(tally) in \(String(format: "%.1f", elapsed)) s")
        #expect(tally.problems == 0, "\(fuzzCase.name): \(tally)")
        // A campaign that only ever reaches the JSON parser would prove little.
        if Self.replay == nil && Self.mutations >= 100 {
            #expect(tally.accepted > 0 && tally.rejected > tally.malformedJSON, "\(fuzzCase.name): \(tally)")
        }
    }

    /// YAML as people break it: a few edits of a line at a time, with the characters YAML's
    /// structure is made of (indentation, `:`, `-`, `#`, quotes, block and flow indicators,
    /// anchors, tabs), so that most mutations still read and reach the import.
    static func yamlMutation(of text: String, index: Int) -> String {
        var random = SeededGenerator(seed: seed &+ UInt64(index) &* 0x9E37_79B9)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let tokens = [" ", "  ", "\t", ":", ": ", "- ", "#", " #", "'", "\"", "|", ">", "|-", ">+", "|2", "[", "]", "{", "}", ",",
                      "&a ", "*a", "!!str ", "!!int ", "? ", "<<: ", "---", "...", "~", "null", "yes", "0x1F", ".inf", "1e3",
                      "\\", "\\u00e9", "é", "😀", "\r"]
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            let line = Int.random(in: 0..<lines.count, using: &random)
            var characters = Array(lines[line])
            switch Int.random(in: 0..<6, using: &random) {
            case 0:  // insert a token
                let at = Int.random(in: 0...characters.count, using: &random)
                characters.insert(contentsOf: tokens.randomElement(using: &random)!, at: at)
            case 1:  // delete a few characters
                if !characters.isEmpty {
                    let at = Int.random(in: 0..<characters.count, using: &random)
                    characters.removeSubrange(at..<min(characters.count, at + Int.random(in: 1...4, using: &random)))
                }
            case 2:  // indent more or less
                if Bool.random(using: &random) {
                    characters.insert(contentsOf: String(repeating: " ", count: Int.random(in: 1...3, using: &random)), at: 0)
                } else {
                    characters.removeFirst(min(characters.prefix { $0 == " " }.count, Int.random(in: 1...3, using: &random)))
                }
            case 3:  // duplicate the line
                lines.insert(lines[line], at: line)
            case 4:  // remove the line
                lines.remove(at: line)
                continue
            default:  // swap it with the next
                if line + 1 < lines.count { lines.swapAt(line, line + 1) }
            }
            if line < lines.count { lines[line] = String(characters) }
        }
        return lines.joined(separator: "\n")
    }

    /// The YAML reader and the import behind it under mutation: no crash or hang, a rejected
    /// document has diagnostics inside its text and no files, an accepted one gives sound Swift,
    /// the same twice.
    @Test(arguments: yamlCorpus)
    func mutatedYAMLIsRejectedPreciselyOrGivesSoundSwift(_ fuzzCase: FuzzCase) throws {
        if let only = Self.only, !only.contains(fuzzCase.name) { return }
        let text = try String(contentsOf: packageRoot.appendingPathComponent(fuzzCase.path), encoding: .utf8)
        let watchdog = FuzzWatchdog.shared
        watchdog.limit = Self.hangSeconds
        let slot = watchdog.claim()
        defer { watchdog.release(slot) }
        var tally = Tally()
        var reported = 0
        let path = "\(fuzzCase.name).yaml"
        FuzzWatchdog.withAlternateSignalStack {
            for index in 0..<Self.mutations * 2 {
                watchdog.begin(slot, "YAML mutation \(index) of \(fuzzCase.name), seed \(Self.seed)")
                let mutated = Self.yamlMutation(of: text, index: index)
                let result = Generator.generate(specText: mutated, specPath: path)
                let again = Generator.generate(specText: mutated, specPath: path)
                watchdog.end(slot)
                tally.mutations += 1
                if mutated == text { tally.unchanged += 1 }
                if result.succeeded {
                    tally.accepted += 1
                    for file in result.files { tally.digest("\(index)\(file.path)\(file.contents)") }
                } else {
                    tally.rejected += 1
                    if result.diagnostics.first?.message.hasPrefix("malformed YAML") == true { tally.malformedJSON += 1 }
                    for diagnostic in result.diagnostics { tally.digest("\(index)\(diagnostic)") }
                }
                let findings = Self.check(result, again: again, text: mutated, tally: &tally)
                if !findings.isEmpty {
                    reported += 1
                    if reported <= 20 {
                        Issue.record(Comment(rawValue: "\(fuzzCase.name) YAML mutation \(index) (seed \(Self.seed)): \(findings.joined(separator: "; "))\n--- document ---\n\(mutated)"))
                    }
                }
            }
        }
        print("MutationFuzz \(fuzzCase.name) (seed \(Self.seed)): \(tally)")
        #expect(tally.problems == 0, "\(fuzzCase.name): \(tally)")
        // Most mutations must get past the reader, or the import would go untested.
        #expect(tally.accepted > 0 && tally.rejected > tally.malformedJSON, "\(fuzzCase.name): \(tally)")
    }

    /// What is wrong with one generation: empty when nothing is.
    static func check(_ result: GenerationResult, again: GenerationResult, text: String, tally: inout Tally) -> [String] {
        var findings: [String] = []
        if result.files.map(\.path) != again.files.map(\.path) || result.files.map(\.contents) != again.files.map(\.contents)
            || result.diagnostics != again.diagnostics {
            tally.nondeterministic += 1
            findings.append("generating twice gave different output")
        }
        if !result.succeeded {
            if !result.files.isEmpty {
                tally.filesDespiteErrors += 1
                findings.append("files despite errors")
            }
            if result.diagnostics.isEmpty { findings.append("failed without a diagnostic") }
            // Lines as the readers count them: a "\r" alone ends one too.
            let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
                .map { $0.unicodeScalars.count }
            for diagnostic in result.diagnostics {
                guard let location = diagnostic.location else {
                    tally.withoutLocation += 1
                    findings.append("no location: \(diagnostic)")
                    continue
                }
                if !(1...lines.count).contains(location.line) || !(1...lines[location.line - 1] + 1).contains(location.column) {
                    tally.locationOutsideText += 1
                    findings.append("a location outside the text: \(diagnostic)")
                }
            }
            return findings
        }
        if result.files.isEmpty { findings.append("accepted without files") }
        let problems = lexicalProblems(result.files)
        if !problems.isEmpty {
            tally.lexicalProblems += 1
            findings += problems.prefix(5)
        }
        return findings
    }

    /// Whether generated Swift is sound as text: every file lexes (literals and comments end on
    /// their line, escapes are valid), no spec text escaped a literal or comment, brackets
    /// balance, and no line holds a control, format or line-separating character.
    static func lexicalProblems(_ files: [GeneratedFile]) -> [String] {
        var problems: [String] = []
        var paths: Set<String> = []
        for file in files {
            let path = file.path
            if path.hasPrefix("/") || path.split(separator: "/").contains(where: { $0 == ".." || $0 == "." || $0.isEmpty })
                || path.unicodeScalars.contains(where: CommentText.isUnsafe) {
                problems.append("unsafe file path \(path.debugDescription)")
            }
            if !paths.insert(path.lowercased()).inserted { problems.append("two files at \(path.debugDescription), ignoring case") }
            for (number, line) in file.contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.unicodeScalars.contains(where: {
                    CommentText.isUnsafe($0) || [.control, .format, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
                }) {
                    problems.append("\(path):\(number + 1) holds a control or format character")
                }
            }
            let lexed: LexedSwift
            do {
                lexed = try SwiftLexer.lex(file.contents)
            } catch {
                problems.append("\(path): \(error)")
                continue
            }
            // By scalar: a combining mark after `¡` (or a bracket) would make one Character of both.
            if lexed.code.unicodeScalars.contains("¡") { problems.append("\(path): spec text outside a literal or comment") }
            if lexed.comments.contains(where: \.isBlock) { problems.append("\(path): a block comment") }
            for literal in lexed.literals {
                for expression in literal.interpolations
                where expression.wholeMatch(of: /(self\.)?`?[\p{L}_][\p{L}\p{N}_]*`?/) == nil {
                    problems.append("\(path):\(literal.line): interpolates \(expression.debugDescription)")
                }
            }
            var stack: [Unicode.Scalar] = []
            let pairs: [Unicode.Scalar: Unicode.Scalar] = [")": "(", "]": "[", "}": "{"]
            for character in lexed.code.unicodeScalars {
                if "([{".unicodeScalars.contains(character) {
                    stack.append(character)
                } else if let opening = pairs[character] {
                    if stack.popLast() != opening {
                        problems.append("\(path): unbalanced '\(character)'")
                        break
                    }
                }
            }
            if !stack.isEmpty { problems.append("\(path): \(stack.count) unclosed bracket(s)") }
        }
        return problems
    }

    /// Typechecks generated files as one module against the GeneratedRuntime module built with the tests.
    static func typecheck(_ files: [GeneratedFile], swiftc: String, modules: URL) async throws -> ProcessOutput {
        let folder = try TemporaryDirectory()
        var paths: [String] = []
        for (number, file) in files.enumerated() {
            // Flattened, with a number: two paths could flatten to one name. Its end only, as a
            // file system takes names of 255 bytes at most and a type name can be longer.
            var flattened = file.path.replacingOccurrences(of: "/", with: "_")
            while flattened.utf8.count > 200 { flattened.removeFirst() }
            let name = "\(number)_" + flattened
            try folder.write(name, file.contents)
            paths.append(folder.file(name).path)
        }
        return try await runProcess(
            swiftc, ["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-module-name", "Generated", "-I", modules.path] + paths)
    }

    /// The mutator is a function of (seed, spec, index): the same mutation every time, and
    /// different mutations at different indices.
    @Test func mutationsAreReproducibleFromTheirSeed() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("Specs/cities.json"), encoding: .utf8)
        let first = try SpecMutator(name: "cities", text: text, seed: 7)
        let second = try SpecMutator(name: "cities", text: text, seed: 7)
        let other = try SpecMutator(name: "cities", text: text, seed: 8)
        var distinct: Set<String> = []
        var kinds: Set<String> = []
        for index in [0, 1, 2, 99, 12_345, 99_999] {
            let mutation = first.mutation(at: index)
            #expect(mutation.text == second.mutation(at: index).text, "index \(index)")
            #expect(mutation.steps == second.mutation(at: index).steps, "index \(index)")
            distinct.insert(mutation.text)
            distinct.insert(other.mutation(at: index).text)
        }
        for index in 0..<200 { kinds.insert(first.mutation(at: index).kind.rawValue) }
        #expect(distinct.count == 12)
        #expect(kinds == Set(SpecMutator.Kind.allCases.map(\.rawValue)))
        // The unmutated tree prints back to a spec that generates the same files.
        let reprinted = Generator.generate(specText: first.tree.text, specPath: "cities.json")
        let original = Generator.generate(specText: text, specPath: "cities.json")
        #expect(reprinted.succeeded)
        #expect(reprinted.files.map(\.contents) == original.files.map(\.contents))
    }

    /// Files whose flattened path is longer than a file name can be are typechecked all the same:
    /// the long run's sample of committed-books held a resource named with a 300-byte string, and
    /// writing its files for swiftc failed ("File name too long"), which ended that spec's campaign
    /// before its counts were printed.
    @Test(.enabled(if: executable(named: "swiftc") != nil && GeneratedCodeCompilesTests.modules != nil, "needs swiftc and the runtime module"))
    func typecheckTakesPathsLongerThanAFileName() async throws {
        let long = String(repeating: "PWN", count: 100) + "Books"
        let files = [
            GeneratedFile(path: "Endpoints/\(long)/FetchEndpoint.swift", contents: "struct \(long)Fetch {}\n"),
            GeneratedFile(path: "Services/\(long)Service.swift", contents: "enum \(long)Service {}\n"),
            GeneratedFile(path: "Models/" + String(repeating: "é", count: 200) + ".swift", contents: "enum E {}\n"),
        ]
        let check = try await Self.typecheck(files, swiftc: executable(named: "swiftc")!, modules: GeneratedCodeCompilesTests.modules!)
        #expect(check.status == 0, "\(check.standardError)")
    }

    /// The checks catch what they are for: a literal a spec string broke out of, an unclosed
    /// comment, an interpolation, a raw control character, unbalanced braces.
    @Test func lexicalChecksCatchBrokenSwift() {
        func problems(_ contents: String) -> [String] {
            Self.lexicalProblems([GeneratedFile(path: "A.swift", contents: contents)])
        }
        #expect(problems("let a = \"x\"\nstruct S {\n    var b: [Int] = [1]\n}\n").isEmpty)
        #expect(!problems("let a = \"x\"); ¡PWN¡(); (\"\"\n").isEmpty)
        #expect(!problems("let a = \"\\(evil())\"\n").isEmpty)
        #expect(!problems("let a = \"unterminated\n").isEmpty)
        #expect(!problems("/* a */ let a = 1\n").isEmpty)
        #expect(!problems("/// a\u{2028}b\n").isEmpty)
        #expect(!problems("struct S {\n").isEmpty)
        #expect(!problems("struct S { ) }\n").isEmpty)
        #expect(!problems("let a = \"\\q\"\n").isEmpty)
        // A parameter whose name starts with a combining mark (Swift allows U+1BA9 there) is
        // not a bracket problem, and a breakout marker is found before a combining mark too.
        #expect(problems("init(\u{1BA9}a: Int) {}\n").isEmpty)
        #expect(!problems("let a = 1 ¡\u{301}\n").isEmpty)
    }
}
