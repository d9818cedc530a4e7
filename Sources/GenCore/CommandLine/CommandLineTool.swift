/// The `endpointgen` command: `generate`, `check`, `validate`. Lives in GenCore so that tests
/// run it in-process; `main.swift` only forwards the arguments and exits with the status.
public struct CommandLineTool {
    public static let version = "0.1.0"

    /// Exit statuses, as `sysexits.h` and compilers use them.
    public enum ExitCode: Int32, Sendable {
        case success = 0
        case failure = 1
        case usage = 64
    }

    /// An absolute, standardized path; nil when the process cannot tell its current directory.
    private let currentDirectory: String?
    private let standardOutput: (String) -> Void
    private let standardError: (String) -> Void

    /// The tool run in the folder at the absolute path `currentDirectory`.
    public init(
        currentDirectory: String,
        standardOutput: @escaping (String) -> Void,
        standardError: @escaping (String) -> Void
    ) {
        precondition(currentDirectory.hasPrefix("/"), "the current directory must be an absolute path")
        self.init(knownDirectory: currentDirectory, standardOutput: standardOutput, standardError: standardError)
    }

    /// The tool run in the folder at `knownDirectory`, or where nil in a folder it cannot name
    /// (removed, or named in bytes that are not UTF-8): then it accepts only absolute paths.
    init(knownDirectory: String?, standardOutput: @escaping (String) -> Void, standardError: @escaping (String) -> Void) {
        self.currentDirectory = knownDirectory.map(FilePath.standardized)
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// The tool as the `endpointgen` executable runs it: in the process's current directory,
    /// writing to its standard output and error unbuffered, as `FileHandle.write(_:)` does, and
    /// like it stopping the program when a stream is closed or broken.
    public static func forCurrentProcess() -> CommandLineTool {
        func write(_ text: String, to descriptor: Int32) {
            let failure = FileSystem.writeAll(text, to: descriptor)
            if failure != 0 { fatalError("cannot write to file descriptor \(descriptor): errno \(failure)") }
        }
        return CommandLineTool(
            knownDirectory: FileSystem.currentDirectory(),
            standardOutput: { write($0, to: FileSystem.standardOutput) },
            standardError: { write($0, to: FileSystem.standardError) }
        )
    }

    public static let help = """
        OVERVIEW: Generates a Swift network layer (models, endpoints, services) from specs.

        USAGE: endpointgen <command> <spec> ... [options]

        A spec is an endpointgen spec, or an OpenAPI 3.0 or 3.1 document, which
        generate, check and validate import first; either in JSON, or in YAML in a
        file named .yaml or .yml.

        COMMANDS:
          generate    Write the generated Swift files for the specs into --output.
                      Writes only files whose bytes change; removes files generated
                      earlier from the same specs that they no longer produce, and
                      from specs that are gone. With no spec, only removes those.
          check       Exit 0 when --output holds exactly what generate would write;
                      otherwise print a diff and the missing, changed and extra files,
                      and exit 1. Writes nothing.
          validate    Check the specs and report every problem. Writes nothing.
                      With an "include" in --config, warnings about what it
                      leaves out are not printed, as with generate.
          import      Read an OpenAPI 3.0 or 3.1 document (JSON or YAML) and write
                      it as a spec to --output (a file, or - for standard output).
                      What cannot be mapped gets a warning that names its JSON
                      pointer.
                      USAGE: endpointgen import <openapi.json|yaml> --output <spec.json>
                             [--strict] [--config <file>]

        OPTIONS:
          -o, --output <dir>        The directory the generated files belong in.
                                    Headers name each spec relative to it.
          --layout <split|compact>  split (default): one file per type in Models/,
                                    Endpoints/ and Services/. compact: eight files per
                                    spec, named after the spec file, that a build
                                    compiles side by side.
          --access <public|internal>
                                    Overrides the spec's default access level.
          --config <file>           A JSON configuration: {"access", "layout",
                                    "strict", "include", "replace", "imports",
                                    "auth", "hashable", "identifiable"}, each
                                    optional; options on the command line win
                                    over it. "include":
                                    {"resources", "endpoints", "models"} lists
                                    the part of the API to generate. "replace":
                                    {"Money": "Shop.Money", "Product.id":
                                    "ProductID"} uses the app's own type for a
                                    model (then not generated) or a property.
                                    "imports": ["VendorKit"] adds imports to
                                    every file that declares something. "auth":
                                    ["bearerAuth"] names the OpenAPI security
                                    schemes the app holds, first the one it
                                    prefers where an operation accepts several.
                                    "hashable": true, "identifiable": true make
                                    an OpenAPI document's models Hashable, and
                                    its structs with an id Identifiable.
          --absolute-paths          Name files in diagnostics by absolute path, as
                                    IDEs need to link them (the plugins pass it).
          --strict                  For OpenAPI documents: every construct that
                                    cannot be imported is an error, not a warning.
          -q, --quiet               Print the diagnostics only, no summary line. With
                                    import, the errors only: its warnings are hidden.
          -h, --help                Show this help.
          --version                 Show the version.

        EXIT STATUS: 0 success, 1 a problem in a spec or an out-of-date output, 64 a usage error.
        """

    struct Invocation {
        var command: String
        var specs: [String] = []
        var output: String?
        /// nil: the configuration's, else split.
        var layout: OutputLayout?
        var access: AccessLevel?
        var quiet = false
        var absolutePaths = false
        var strict = false
        var configuration: String?
    }

    public func run(_ arguments: [String]) -> ExitCode {
        if arguments.contains("-h") || arguments.contains("--help") || arguments.first == "help" {
            standardOutput(Self.help + "\n")
            return .success
        }
        if arguments.first == "--version" || arguments.first == "version" {
            standardOutput("endpointgen \(Self.version)\n")
            return .success
        }
        if arguments.first == "import" {
            return runImport(Array(arguments.dropFirst()))
        }
        var invocation: Invocation
        switch parse(arguments) {
        case .success(let parsed): invocation = parsed
        case .failure(let problem):
            standardError("endpointgen: error: \(problem.message)\nRun 'endpointgen --help' for usage.\n")
            return .usage
        }

        if currentDirectory == nil, let relative = (invocation.specs + [invocation.output].compactMap { $0 }).first(where: { !FilePath.isAbsolute($0) }) {
            standardError("endpointgen: error: cannot find the current directory (was it removed?), so '\(relative)' names no file; give absolute paths\n")
            return .failure
        }

        var configuration: Configuration?
        if let path = invocation.configuration {
            guard let read = readConfiguration(path, absolutePaths: invocation.absolutePaths) else { return .failure }
            invocation.layout = invocation.layout ?? read.layout
            invocation.access = invocation.access ?? read.access
            invocation.strict = invocation.strict || read.strict
            configuration = read
        }

        // Generate every spec first: nothing is written unless all of them are clean.
        let output = invocation.output.map { OutputDirectory(path: FilePath.absolute($0, in: workingDirectory)) }
        var references: Set<String> = []
        var files: [GeneratedFile] = []
        var origins: [String: String] = [:]
        var declarers: [String: String] = [:]
        var outcomes: [(spec: String, outcome: Selection.Outcome)] = []
        var results: [(spec: String, result: GenerationResult)] = []
        var failed = false
        for spec in invocation.specs {
            let absolute = FilePath.absolute(spec, in: workingDirectory)
            let displayPath = invocation.absolutePaths ? absolute : displayPath(spec)
            guard let data = FileSystem.contents(atPath: absolute) else {
                standardError("\(displayPath): error: cannot read the spec file\n")
                failed = true
                continue
            }
            guard let text = Self.utf8Text(data) else {
                standardError("\(displayPath): error: the spec is not UTF-8 text\n")
                failed = true
                continue
            }
            let reference = output?.reference(toSpecAt: absolute) ?? displayPath
            references.insert(reference)
            let options = GeneratorOptions(
                layout: invocation.layout ?? .split, accessLevel: invocation.access, specReference: reference,
                importOptions: OpenAPIImportOptions(
                    strict: invocation.strict, readFile: fileReader, preferredSchemes: configuration?.auth.map(\.value) ?? [],
                    hashable: configuration?.hashable ?? false, identifiable: configuration?.identifiable ?? false),
                selection: configuration?.selection,
                replacements: configuration?.replacements, imports: configuration?.imports ?? [])
            let result = Generator.generate(specText: text, specPath: displayPath, options: options)
            for diagnostic in result.diagnostics { standardError("\(diagnostic)\n") }
            results.append((displayPath, result))
            if !result.succeeded {
                failed = true
                continue
            }
            if let outcome = result.selection { outcomes.append((displayPath, outcome)) }
            // Specs generated into one folder make one module: a type two of them declare is an
            // error here, not a redeclaration the compiler finds in the generated code.
            var shared: [String: [String]] = [:]
            for name in result.declaredTypes {
                if let other = declarers[name] { shared[other, default: []].append(name) } else { declarers[name] = displayPath }
            }
            for (other, names) in shared.sorted(by: { $0.key < $1.key }) {
                let listed = names.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
                let more = names.count > 5 ? " and \(names.count - 5) more" : ""
                standardError("\(displayPath): error: declares \(listed)\(more), which \(other) declares too;"
                    + " specs generated into one module cannot share a type name\n")
                failed = true
            }
            for file in result.files {
                // Case-insensitive, because macOS's default file system is.
                let key = file.path.lowercased()
                if let other = origins[key], shared.isEmpty {
                    standardError("\(displayPath): error: generates \(file.path), which \(other) generates too\n")
                    failed = true
                }
                origins[key] = displayPath
                files.append(file)
            }
        }
        if let configuration, !invocation.specs.isEmpty {
            var unmatched: [Diagnostic] = []
            // Names checked against every spec's models, which a spec with errors has too.
            if let replacements = configuration.replacements, results.count == invocation.specs.count {
                let names = results.compactMap { spec, result in
                    result.modelNames.map { (spec: spec, models: $0, properties: result.propertyNames ?? []) }
                }
                if names.count == results.count { unmatched += Self.unmatched(replacements, results: names) }
            }
            if !configuration.auth.isEmpty, results.count == invocation.specs.count {
                let names = results.compactMap { spec, result in
                    result.authSchemeNames.map { (spec: spec, names: $0, leftOut: result.leftOutAuthSchemes) }
                }
                if names.count == results.count { unmatched += Self.unmatched(auth: configuration.auth, in: names, file: configuration.path) }
            }
            if !failed, let selection = configuration.selection {
                unmatched += Self.unmatched(selection, outcomes: outcomes, file: configuration.path, replacements: configuration.replacements)
            }
            for diagnostic in unmatched.sorted(by: { ($0.location ?? SourceLocation(line: 0, column: 0)) < ($1.location ?? SourceLocation(line: 0, column: 0)) }) {
                standardError("\(diagnostic)\n")
            }
            failed = failed || !unmatched.isEmpty
            // Said, not ignored: a spec says these in its own `defaults` and `auth`. (Not when a
            // spec failed: it may be an OpenAPI document that did not read.)
            if !failed, !results.contains(where: \.result.isOpenAPI) {
                for key in configuration.importKeys {
                    let instead = ["hashable": " (a spec says it in its 'defaults')", "identifiable": " (a spec says it in its 'defaults')",
                                   "auth": " (a spec's endpoints name their scheme)"][key.value] ?? ""
                    standardError("\(Diagnostic(.warning, file: configuration.path, location: key.location, message: "'\(key.value)' is read where an OpenAPI document is imported, and this run has none; it changes nothing here\(instead)"))\n")
                }
            }
        }
        if failed { return .failure }

        switch invocation.command {
        case "validate":
            if !invocation.quiet { standardOutput("\(invocation.specs.count) spec(s) valid\n") }
            return .success
        case "generate":
            return generate(files, from: references, into: invocation.output!, quiet: invocation.quiet)
        default:
            return check(files, from: references, against: invocation.output!, quiet: invocation.quiet)
        }
    }

    private func generate(_ files: [GeneratedFile], from references: Set<String>, into output: String, quiet: Bool) -> ExitCode {
        let directory = OutputDirectory(path: FilePath.absolute(output, in: workingDirectory))
        let plan = directory.plan(files, specReferences: references)
        if !plan.conflicts.isEmpty {
            var blockers: [String: [String]] = [:]
            for conflict in plan.conflicts {
                switch conflict.reason {
                case .folderBlocked(let blocker):
                    blockers[blocker, default: []].append(conflict.path)
                case .generatedFrom(let other):
                    standardError("\(output)/\(conflict.path): error: not written: the file was generated from \(other), which still exists; generate both specs in one run (their names must then differ) or into other --output folders\n")
                case .notGenerated:
                    standardError("\(output)/\(conflict.path): error: not written: the file exists and endpointgen did not generate it (it has no endpointgen header); move it away or choose another --output\n")
                }
            }
            for (blocker, paths) in blockers.sorted(by: { $0.key < $1.key }) {
                let more = paths.count > 1 ? " and \(paths.count - 1) more" : ""
                standardError("\(blocker.isEmpty ? output : "\(output)/\(blocker)"): error: a file is where a folder of the generated files belongs (\(paths[0])\(more) not written); move it away or choose another --output\n")
            }
            return .failure
        }
        do {
            try directory.apply(plan)
        } catch {
            standardError("\(error.path): error: cannot write the generated files: \(error.reason)\n")
            return .failure
        }
        if !quiet {
            standardOutput("\(plan.writes.count) written, \(plan.unchanged.count) unchanged, \(plan.removals.count) removed in \(output)\n")
        }
        return .success
    }

    private func check(_ files: [GeneratedFile], from references: Set<String>, against output: String, quiet: Bool) -> ExitCode {
        let directory = OutputDirectory(path: FilePath.absolute(output, in: workingDirectory))
        let plan = directory.plan(files, specReferences: references)
        let missing = plan.writes.filter { plan.previous[$0.path] == nil }.map(\.path)
        let changed = plan.writes.filter { plan.previous[$0.path] != nil }.map(\.path) + plan.conflicts.map(\.path)
        if missing.isEmpty && changed.isEmpty && plan.removals.isEmpty {
            if !quiet { standardOutput("\(files.count) generated file(s) in \(output) are up to date\n") }
            return .success
        }
        var report = ""
        // `a/Out/x.swift`, or `a/work/Out/x.swift` for an absolute --output, as git writes them.
        let shown = output.hasPrefix("/") ? String(output.dropFirst()) : output
        for file in files where changed.contains(file.path) || missing.contains(file.path) {
            let old = plan.previous[file.path]
                ?? (FileSystem.contents(atPath: directory.location(of: file.path)).map { String(decoding: $0, as: UTF8.self) } ?? "")
            report += UnifiedDiff.diff(old: old, new: file.contents, oldName: "a/\(shown)/\(file.path)", newName: "b/\(shown)/\(file.path)")
        }
        for path in plan.removals {
            let old = FileSystem.contents(atPath: directory.location(of: path)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            report += UnifiedDiff.diff(old: old, new: "", oldName: "a/\(shown)/\(path)", newName: "/dev/null")
        }
        standardOutput(report)
        var summary = "\(output): error: the generated files are out of date with their specs\n"
        for path in missing { summary += "  missing: \(path)\n" }
        for path in changed { summary += "  changed: \(path)\n" }
        for path in plan.removals { summary += "  extra:   \(path)\n" }
        summary += "Run 'endpointgen generate' with the same arguments to update them.\n"
        standardError(summary)
        return .failure
    }

    private struct UsageProblem: Error {
        var message: String
    }

    private func parse(_ arguments: [String]) -> Result<Invocation, UsageProblem> {
        guard let command = arguments.first else { return .failure(UsageProblem(message: "no command given")) }
        let commands = ["generate", "check", "validate", "import"]
        guard commands.contains(command) else {
            var message = "unknown command '\(command)'"
            if let hint = suggestion(for: command, among: commands) { message += "; \(hint)" }
            return .failure(UsageProblem(message: message))
        }
        var invocation = Invocation(command: command)
        var rest = arguments.dropFirst()[...]
        func value(for option: String) -> Result<String, UsageProblem> {
            guard let value = rest.popFirst(), !value.hasPrefix("-") || value == "-" else {
                return .failure(UsageProblem(message: "\(option) needs a value"))
            }
            return .success(value)
        }
        while let argument = Self.nextOption(&rest) {
            switch argument {
            case "-o", "--output":
                switch value(for: argument) {
                case .success(let output):
                    // An empty path would mean the current directory: refuse, so that an
                    // unset variable (`--output "$OUT"`) cannot turn a whole tree into output.
                    guard !output.isEmpty else { return .failure(UsageProblem(message: "--output needs a directory, not an empty path")) }
                    invocation.output = output
                case .failure(let problem): return .failure(problem)
                }
            case "--layout":
                switch value(for: argument) {
                case .success(let name):
                    guard let layout = OutputLayout(rawValue: name) else {
                        return .failure(UsageProblem(message: "unknown layout '\(name)'; expected split or compact"))
                    }
                    invocation.layout = layout
                case .failure(let problem): return .failure(problem)
                }
            case "--access":
                switch value(for: argument) {
                case .success(let name):
                    guard let level = AccessLevel(rawValue: name) else {
                        return .failure(UsageProblem(message: "unknown access level '\(name)'; expected public or internal"))
                    }
                    invocation.access = level
                case .failure(let problem): return .failure(problem)
                }
            case "-q", "--quiet":
                invocation.quiet = true
            case "--absolute-paths":
                invocation.absolutePaths = true
            case "--strict":
                invocation.strict = true
            case "--config":
                switch value(for: argument) {
                case .success(let path): invocation.configuration = path
                case .failure(let problem): return .failure(problem)
                }
            case "--":
                invocation.specs += rest
                rest = []
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    let options = ["--output", "--layout", "--access", "--config", "--strict", "--absolute-paths", "--quiet", "--help", "--version"]
                    var message = "unknown option '\(argument)'"
                    if let hint = suggestion(for: argument, among: options) { message += "; \(hint)" }
                    return .failure(UsageProblem(message: message))
                }
                invocation.specs.append(argument)
            }
        }
        if command != "validate" && invocation.output == nil {
            return .failure(UsageProblem(message: "\(command) needs --output <dir>"))
        }
        // With an output folder and no spec, generate removes and check looks for the files of
        // specs that are gone (the last spec of a target deleted, say).
        if command == "validate" && invocation.specs.isEmpty {
            return .failure(UsageProblem(message: "validate needs at least one spec file"))
        }
        return .success(invocation)
    }

    /// What a configuration file (`--config`, the plugins' `endpointgen-config.json`) sets.
    struct Configuration {
        var layout: OutputLayout?
        var access: AccessLevel?
        var strict = false
        /// `include`: the part of each spec to generate.
        var selection: Selection?
        /// `replace`: models the app supplies types for.
        var replacements: Replacements?
        /// `imports`: modules every generated file imports.
        var imports: [String] = []
        /// `auth`: the OpenAPI security schemes the app holds credentials for, in order of preference.
        var auth: [Located<String>] = []
        /// `hashable`, `identifiable`: an OpenAPI document's models conform to `Hashable`, its
        /// structs with an `id` to `Identifiable`.
        var hashable = false
        var identifiable = false
        /// Where the keys that only an OpenAPI document's import reads (`strict`, `auth`,
        /// `hashable`, `identifiable`) are, in the file: a run of specs alone is told so.
        var importKeys: [Located<String>] = []
        /// How diagnostics name the file.
        var path = ""
    }

    /// Reads a configuration file, reporting every problem in it as `file:line:column: error:`;
    /// nil when there is one.
    private func readConfiguration(_ path: String, absolutePaths: Bool) -> Configuration? {
        let absolute = FilePath.absolute(path, in: workingDirectory)
        let shown = absolutePaths ? absolute : displayPath(path)
        guard let bytes = FileSystem.contents(atPath: absolute) else {
            standardError("\(shown): error: cannot read the configuration file\n")
            return nil
        }
        guard let text = Self.utf8Text(bytes) else {
            standardError("\(shown): error: the configuration file is not UTF-8 text\n")
            return nil
        }
        let (configuration, diagnostics) = Self.configuration(text, path: shown)
        for diagnostic in diagnostics { standardError("\(diagnostic)\n") }
        return configuration
    }

    /// `{"access": "internal", "layout": "compact", "strict": true}`, every key optional.
    static func configuration(_ text: String, path: String) -> (Configuration?, [Diagnostic]) {
        var collector = DiagnosticCollector(file: path)
        let root: JSONNode
        do {
            root = try JSONParser.parse(text)
        } catch {
            return (nil, [Diagnostic(.error, file: path, location: error.location, message: error.message)])
        }
        guard case .object(let members) = root.value else {
            collector.error("a configuration is a JSON object, such as {\"access\": \"internal\"}, not \(root.kindName)", at: root.location)
            return (nil, collector.sorted)
        }
        var configuration = Configuration(path: path)
        let keys = ["access", "layout", "strict", "include", "replace", "imports", "auth", "hashable", "identifiable"]
        for member in members {
            if ["strict", "auth", "hashable", "identifiable"].contains(member.key) {
                configuration.importKeys.append(Located(value: member.key, location: member.keyLocation))
            }
            switch (member.key, member.value.value) {
            case ("replace", .object(let entries)):
                configuration.replacements = replacements(entries, file: path, collector: &collector)
            case ("imports", .array(let modules)):
                for module in modules {
                    guard case .string(let text) = module.value, let name = Replacements.moduleName(text) else {
                        collector.error("a name in 'imports' is a Swift module's name, such as \"VendorKit\"", at: module.location)
                        continue
                    }
                    if configuration.imports.contains(name) {
                        collector.warning("'\(name)' is in 'imports' already", at: module.location)
                    } else {
                        configuration.imports.append(name)
                    }
                }
            case ("auth", .array(let names)):
                for name in names {
                    guard case .string(let text) = name.value, !text.isEmpty else {
                        collector.error("a name in 'auth' is a security scheme of the OpenAPI document, as its 'securitySchemes' names it", at: name.location)
                        continue
                    }
                    if configuration.auth.contains(where: { $0.value == text }) {
                        collector.warning("'\(text)' is in 'auth' already", at: name.location)
                    } else {
                        configuration.auth.append(Located(value: text, location: name.location))
                    }
                }
            case ("auth", _):
                collector.error("'auth' is an array of the security schemes the app holds credentials for, first the one it prefers, such as [\"bearerAuth\"]", at: member.value.location)
            case ("imports", _):
                collector.error("'imports' is an array of module names that every generated file imports, such as [\"VendorKit\"]", at: member.value.location)
            case ("replace", _):
                collector.error("'replace' is an object of model and property names and the app's types for them, such as {\"Money\": \"Shop.Money\", \"Product.id\": \"ProductID\"}", at: member.value.location)
            case ("include", .object(let lists)):
                configuration.selection = selection(lists, at: member.value.location, collector: &collector)
            case ("include", _):
                collector.error("'include' is an object of name lists, such as {\"resources\": [\"Pets\"], \"endpoints\": [\"getUser\"], \"models\": [\"Error\"]}", at: member.value.location)
            case ("access", .string(let name)) where AccessLevel(rawValue: name) != nil:
                configuration.access = AccessLevel(rawValue: name)
            case ("access", _):
                collector.error("'access' is \"public\" or \"internal\"", at: member.value.location)
            case ("layout", .string(let name)) where OutputLayout(rawValue: name) != nil:
                configuration.layout = OutputLayout(rawValue: name)
            case ("layout", _):
                collector.error("'layout' is \"split\" or \"compact\"", at: member.value.location)
            case ("strict", .bool(let flag)):
                configuration.strict = flag
            case ("strict", _):
                collector.error("'strict' is true or false: whether what an OpenAPI document holds that cannot be imported is an error", at: member.value.location)
            case ("hashable", .bool(let flag)):
                configuration.hashable = flag
            case ("hashable", _):
                collector.error("'hashable' is true or false: whether an OpenAPI document's models conform to Hashable", at: member.value.location)
            case ("identifiable", .bool(let flag)):
                configuration.identifiable = flag
            case ("identifiable", _):
                collector.error("'identifiable' is true or false: whether an OpenAPI document's structs with an 'id' conform to Identifiable", at: member.value.location)
            default:
                var message = "unknown key '\(member.key)' in the configuration; it takes \(keys.map { "'\($0)'" }.joined(separator: ", "))"
                if let hint = suggestion(for: member.key, among: keys) { message = "unknown key '\(member.key)' in the configuration; \(hint)" }
                collector.error(message, at: member.keyLocation)
            }
        }
        return (collector.hasErrors ? nil : configuration, collector.sorted)
    }

    /// An error for each name of `auth` that names no security scheme of any of the specs: a
    /// name mistyped would leave the choice to the document unnoticed. One that names a scheme
    /// the import left out says why it was.
    static func unmatched(
        auth: [Located<String>], in specs: [(spec: String, names: [String], leftOut: [LeftOutAuthScheme])], file: String
    ) -> [Diagnostic] {
        let all = specs.flatMap(\.names)
        return auth.filter { !all.contains($0.value) }.map { entry in
            var message = "'\(entry.value)' in 'auth' names no security scheme of \(specs.count == 1 ? specs[0].spec : "any of the specs")"
            if let (spec, leftOut) = specs.lazy.compactMap({ spec in spec.leftOut.first { $0.key == entry.value }.map { (spec.spec, $0) } }).first {
                message = "'\(entry.value)' in 'auth' names a security scheme of \(spec) that is not imported: \(leftOut.reason)"
            } else if let hint = suggestion(for: entry.value, among: all) {
                message += "; \(hint)"
            }
            return Diagnostic(.error, file: file, location: entry.location, message: message)
        }
    }

    /// An error for each name of `include` that names nothing in any of the specs (a name
    /// mistyped must not leave out, unnoticed, what it meant to keep), and for each spec of
    /// several in which it selects nothing (which would leave that spec's namespace alone).
    static func unmatched(
        _ selection: Selection, outcomes: [(spec: String, outcome: Selection.Outcome)], file: String, replacements: Replacements? = nil
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let specs = outcomes.count == 1 ? outcomes[0].spec : "any of the specs"
        for (index, entry) in selection.entries.enumerated() where !outcomes.contains(where: { $0.outcome.matched.contains(index) }) {
            var message = "'\(entry.name)' in '\(entry.kind.rawValue)' names no \(entry.kind.noun) of \(specs)"
            if entry.kind == .models, let replaced = replacements?.entries.first(where: { $0.model == entry.name && $0.property == nil }) {
                message = "'\(entry.name)' in 'models' is not generated: 'replace' gives it to '\(replaced.swiftType)'"
            } else if let other = Selection.Kind.allCases.first(where: { kind in
                kind != entry.kind && outcomes.contains { $0.outcome.names[kind]?.contains(entry.name) == true }
            }) {
                message += "; it is \(other == .endpoints ? "an" : "a") \(other.noun): list it in '\(other.rawValue)'"
            } else if let hint = suggestion(for: entry.name, among: outcomes.flatMap { $0.outcome.names[entry.kind] ?? [] }) {
                message += "; \(hint)"
            }
            diagnostics.append(Diagnostic(.error, file: file, location: entry.location, message: message))
        }
        if outcomes.count > 1 {
            for (spec, outcome) in outcomes where outcome.matched.isEmpty {
                diagnostics.append(Diagnostic(.error, file: file, location: selection.location,
                    message: "'include' names nothing of \(spec), which would keep only its namespace; name what to keep of it, or generate it in a run of its own"))
            }
        }
        return diagnostics.sorted { ($0.location ?? SourceLocation(line: 0, column: 0)) < ($1.location ?? SourceLocation(line: 0, column: 0)) }
    }

    /// `"include": {"resources": […], "endpoints": […], "models": […]}`, each list optional and
    /// of non-empty names, at least one name in all.
    private static func selection(
        _ lists: [JSONNode.Member], at location: SourceLocation, collector: inout DiagnosticCollector
    ) -> Selection? {
        let errors = collector.diagnostics.count
        var entries: [Selection.Entry] = []
        let kinds = Selection.Kind.allCases.map(\.rawValue)
        for member in lists {
            guard let kind = Selection.Kind(rawValue: member.key) else {
                var message = "unknown key '\(member.key)' in 'include'; it takes \(kinds.map { "'\($0)'" }.joined(separator: ", "))"
                if let hint = suggestion(for: member.key, among: kinds) { message = "unknown key '\(member.key)' in 'include'; \(hint)" }
                collector.error(message, at: member.keyLocation)
                continue
            }
            guard case .array(let names) = member.value.value else {
                collector.error("'\(kind.rawValue)' in 'include' is an array of \(kind.noun) names", at: member.value.location)
                continue
            }
            for name in names {
                guard case .string(let text) = name.value, !text.isEmpty else {
                    collector.error("a name in '\(kind.rawValue)' is a non-empty string: a \(kind.noun) of the spec", at: name.location)
                    continue
                }
                if entries.contains(where: { $0.kind == kind && $0.name == text }) {
                    collector.warning("'\(text)' is in '\(kind.rawValue)' already", at: name.location)
                    continue
                }
                entries.append(Selection.Entry(kind: kind, name: text, location: name.location))
            }
        }
        if entries.isEmpty && !collector.diagnostics.dropFirst(errors).contains(where: { $0.severity == .error }) {
            collector.error("'include' names nothing to generate; leave it out to generate the whole API", at: location)
        }
        return Selection(entries: entries, location: location)
    }

    /// `"replace": {"Money": "Shop.Money", "Product.id": "ProductID"}`: model and property names,
    /// each with a Swift type name.
    private static func replacements(_ entries: [JSONNode.Member], file: String, collector: inout DiagnosticCollector) -> Replacements {
        var result: [Replacements.Entry] = []
        for entry in entries {
            let parts = entry.key.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            if parts.contains(where: \.isEmpty) {
                collector.error("a key of 'replace' is a model's name (\"Money\") or a property's (\"Product.id\"), not '\(entry.key)'", at: entry.keyLocation)
                continue
            }
            guard case .string(let text) = entry.value.value, let type = Replacements.swiftType(text) else {
                collector.error(
                    "the type that replaces '\(entry.key)' is a Swift type name the app declares or imports, such as \"Money\", \"Shop.Money\" or \"Tagged<User, String>\"",
                    at: entry.value.location)
                continue
            }
            if Replacements.holdsDate(type) {
                collector.error(
                    "'\(type)' holds a Date, which would be decoded with no date strategy; give the property the spec's type Date with a \"dateStrategy\" instead",
                    at: entry.value.location)
                continue
            }
            if let name = Replacements.endpointMemberTypes.first(where: { type == $0 || type.hasPrefix($0 + ".") || type.hasPrefix($0 + "<") }) {
                collector.error(
                    "'\(name)' is a name every endpoint struct declares for itself, where it would not name the app's type; qualify it with its module (\"MyApp.\(name)\") or rename it",
                    at: entry.value.location)
                continue
            }
            result.append(Replacements.Entry(model: parts[0], property: parts.count > 1 ? parts[1] : nil, swiftType: type, location: entry.keyLocation))
        }
        // A property of a model replaced whole is not generated.
        for entry in result where entry.property != nil && result.contains(where: { $0.property == nil && $0.model == entry.model }) {
            collector.error("'\(entry.name)' is a property of '\(entry.model)', which 'replace' replaces whole", at: entry.location)
        }
        return Replacements(entries: result, file: file)
    }

    /// An error for each name of `replace` that names no model, or no property of its model, in
    /// any of the specs: a name mistyped would leave the model generated, unnoticed.
    static func unmatched(_ replacements: Replacements, results: [(spec: String, models: [String], properties: [String])]) -> [Diagnostic] {
        let named = results.count == 1 ? results[0].spec : "any of the specs"
        let models = results.flatMap(\.models)
        let properties = results.flatMap(\.properties)
        return replacements.entries.compactMap { entry in
            var message: String
            var hint: String?
            if !models.contains(entry.model) {
                message = "'\(entry.model)' in 'replace' names no model of \(named)"
                hint = suggestion(for: entry.model, among: models)
            } else if entry.property != nil, !properties.contains(entry.name) {
                let own = properties.filter { $0.hasPrefix(entry.model + ".") }
                message = "'\(entry.name)' in 'replace' names no property of model '\(entry.model)' in \(named)"
                if own.isEmpty { message += ", which has none: only a struct model's properties can be replaced" }
                hint = suggestion(for: entry.name, among: own)
            } else {
                return nil
            }
            if let hint { message += "; \(hint)" }
            return Diagnostic(.error, file: replacements.file, location: entry.location, message: message)
        }
    }

    /// `endpointgen import <openapi.json> --output <spec.json> [--strict] [--quiet] [--absolute-paths]`:
    /// the spec is written only when the import has no errors.
    private func runImport(_ arguments: [String]) -> ExitCode {
        func usage(_ message: String) -> ExitCode {
            standardError("endpointgen: error: \(message)\nRun 'endpointgen --help' for usage.\n")
            return .usage
        }
        var inputs: [String] = []
        var output: String?
        var strict = false, quiet = false, absolutePaths = false
        var configuration: String?
        var rest = arguments[...]
        while let argument = Self.nextOption(&rest) {
            switch argument {
            case "-o", "--output":
                guard let value = rest.popFirst(), !value.isEmpty, !value.hasPrefix("-") || value == "-" else {
                    return usage("\(argument) needs a file")
                }
                output = value
            case "--strict": strict = true
            case "--config":
                guard let value = rest.popFirst(), !value.isEmpty, !value.hasPrefix("-") else { return usage("--config needs a file") }
                configuration = value
            case "-q", "--quiet": quiet = true
            case "--absolute-paths": absolutePaths = true
            case "--":
                inputs += rest
                rest = []
            default:
                if argument.hasPrefix("-") {
                    var message = "unknown option '\(argument)' for import"
                    if let hint = suggestion(for: argument, among: ["--output", "--strict", "--config", "--quiet", "--absolute-paths"]) {
                        message += "; \(hint)"
                    }
                    return usage(message)
                }
                inputs.append(argument)
            }
        }
        guard inputs.count == 1 else {
            return usage(inputs.isEmpty ? "import needs an OpenAPI document" : "import reads one OpenAPI document at a time")
        }
        guard let output else { return usage("import needs --output <spec.json> (or --output - for standard output)") }
        if currentDirectory == nil, let relative = ([inputs[0], output] + (configuration.map { [$0] } ?? [])).first(where: { !FilePath.isAbsolute($0) && $0 != "-" }) {
            standardError("endpointgen: error: cannot find the current directory (was it removed?), so '\(relative)' names no file; give absolute paths\n")
            return .failure
        }
        var read: Configuration?
        if let configuration {
            // Only the import's own settings apply here: access and layout are generate's.
            read = readConfiguration(configuration, absolutePaths: absolutePaths)
            guard let read else { return .failure }
            strict = strict || read.strict
        }
        let absolute = FilePath.absolute(inputs[0], in: workingDirectory)
        let shownPath = absolutePaths ? absolute : displayPath(inputs[0])
        guard let data = FileSystem.contents(atPath: absolute) else {
            standardError("\(shownPath): error: cannot read the OpenAPI document\n")
            return .failure
        }
        guard let text = Self.utf8Text(data) else {
            standardError("\(shownPath): error: the OpenAPI document is not UTF-8 text\n")
            return .failure
        }
        let preferred = read?.auth ?? []
        let result = OpenAPIImport.importSpec(
            openAPIText: text, path: shownPath,
            options: OpenAPIImportOptions(
                strict: strict, readFile: fileReader, preferredSchemes: preferred.map(\.value),
                hashable: read?.hashable ?? false, identifiable: read?.identifiable ?? false))
        for diagnostic in result.diagnostics where !quiet || diagnostic.severity == .error {
            standardError("\(diagnostic)\n")
        }
        let unmatched = Self.unmatched(auth: preferred, in: [(shownPath, result.schemeNames, result.leftOutSchemes)], file: read?.path ?? "")
        for diagnostic in unmatched { standardError("\(diagnostic)\n") }
        guard let spec = result.specText, unmatched.isEmpty else { return .failure }
        if output == "-" {
            standardOutput(spec)
            return .success
        }
        let target = FilePath.absolute(output, in: workingDirectory)
        if FileSystem.contents(atPath: target).map({ FileSystem.strictUTF8($0) == spec }) ?? false {
            if !quiet { standardOutput("\(output) is unchanged\n") }
            return .success
        }
        do {
            try FileSystem.createFolders(atPath: FilePath.parent(of: target))
            try FileSystem.save(spec, toPath: target)
        } catch {
            standardError("\(output): error: cannot write the spec: \(error.reason)\n")
            return .failure
        }
        let warnings = result.diagnostics.filter { $0.severity == .warning }.count
        if !quiet { standardOutput("wrote \(output)\(warnings > 0 ? " (\(warnings) warning\(warnings == 1 ? "" : "s"))" : "")\n") }
        return .success
    }

    /// The next argument; `--option=value` is taken as `--option` followed by `value`.
    private static func nextOption(_ rest: inout ArraySlice<String>) -> String? {
        guard let argument = rest.popFirst() else { return nil }
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return argument }
        rest.insert(String(argument[argument.index(after: equals)...]), at: rest.startIndex)
        return String(argument[..<equals])
    }

    /// The spec's path as diagnostics show it: relative to the current directory when the spec
    /// lies below it, as compilers name files.
    func displayPath(_ spec: String) -> String {
        guard let currentDirectory else { return spec }
        return FilePath.relative(FilePath.absolute(spec, in: currentDirectory), below: currentDirectory) ?? spec
    }

    /// Reads the other files of an OpenAPI document in several, by their paths as diagnostics
    /// show them: relative to the current directory, or absolute.
    private var fileReader: @Sendable (String) -> String? {
        let directory = workingDirectory
        return { path in FileSystem.contents(atPath: FilePath.absolute(path, in: directory)).flatMap(Self.utf8Text) }
    }

    /// What relative paths resolve against. Without a current directory every path is absolute
    /// (`run` refuses others), so the fallback is never used to resolve one.
    private var workingDirectory: String { currentDirectory ?? "/" }

    /// The text of a spec file: strict UTF-8, without the byte order mark an editor may have
    /// put first (as `String(data:encoding: .utf8)` reads it); nil when it is not UTF-8.
    static func utf8Text(_ bytes: [UInt8]) -> String? {
        FileSystem.strictUTF8(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...])
    }
}
