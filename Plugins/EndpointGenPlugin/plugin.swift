import Foundation
import PackagePlugin

/// Generates a target's API layer on every build from the endpointgen specs in its directory
/// (`*.endpointgen.json`) and its OpenAPI documents (`openapi.json`, `*.openapi.json`, imported
/// on the fly), each also in YAML (`.yaml` or `.yml`), with no generated file in the
/// repository. An `endpointgen-config.json` in the target's folder sets the access level, the
/// import's strictness, the part of the API to generate (`include`), the app's own types for
/// models and properties (`replace`), the modules they come from (`imports`) and the security
/// schemes the app holds (`auth`); the layout is
/// always compact here. All of a target's specs are
/// generated in one run, which reports every spec's problems and any type two of them declare.
///
/// Each spec becomes eight files whose names follow from the spec's file name alone
/// (`cities.endpointgen.json` → `cities.1.swift` … `cities.8.swift`, parts of about the same
/// size, the last half as large, that the build compiles side by side), so they are declared
/// before the generator runs. SwiftPM runs the generator again only when a spec changes, and
/// the generator rewrites only files whose bytes change, so an unchanged spec costs nothing.
@main struct EndpointGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SwiftSourceModuleTarget else {
            throw EndpointGenPluginError.notASwiftTarget(target.name)
        }
        let files = target.sourceFiles.map(\.url)
        // The configuration is the one at the target's root, as `generate-endpoints` reads it;
        // one in a subfolder would apply here and not there, so it is an error.
        let root = target.directoryURL.standardizedFileURL.path
        let configurations = files.filter(Self.isConfiguration)
        if let misplaced = configurations.first(where: { $0.deletingLastPathComponent().standardizedFileURL.path != root }) {
            throw EndpointGenPluginError.misplacedConfiguration(target: target.name, path: misplaced.path, root: root)
        }
        return try Self.commands(
            specs: files.filter(Self.isSpec), documents: files.filter(Self.isDocument), configuration: configurations.first, targetName: target.name,
            targetFolder: target.directoryURL.path, workDirectory: context.pluginWorkDirectoryURL,
            tool: context.tool(named: "endpointgen").url)
    }

    /// An endpointgen spec or an OpenAPI document, in JSON or YAML.
    static func isSpec(_ url: URL) -> Bool {
        let name = url.lastPathComponent
        for format in [".json", ".yaml", ".yml"] {
            if name.hasSuffix(".endpointgen" + format) || name == "openapi" + format || name.hasSuffix(".openapi" + format) { return true }
        }
        return false
    }

    /// A JSON or YAML file, which an OpenAPI document in several files may name in a `$ref`: an
    /// input of the command, so that a change to it generates again.
    static func isDocument(_ url: URL) -> Bool {
        ["json", "yaml", "yml"].contains(url.pathExtension.lowercased())
    }

    static func isConfiguration(_ url: URL) -> Bool {
        url.lastPathComponent == "endpointgen-config.json"
    }

    /// One command for all of the target's specs, declaring the eight files each spec's name
    /// gives: one run reports every spec's problems and the type names two specs share, and no
    /// two commands remove a renamed spec's files at the same time.
    static func commands(
        specs: [URL], documents: [URL], configuration: URL?, targetName: String, targetFolder: String, workDirectory: URL, tool: URL
    ) throws -> [Command] {
        guard !specs.isEmpty else {
            throw EndpointGenPluginError.noSpec(target: targetName, directory: targetFolder)
        }
        let output = workDirectory.appending(path: "Generated")
        var owners: [String: URL] = [:]
        let sorted = specs.sorted(by: { $0.path < $1.path })
        // Built step by step with the types written out: as one expression of `+`, `??` and
        // closures, this call took the type checker a second, on every clean build of every
        // package that uses the plugin.
        var arguments: [String] = ["generate"]
        var inputs: [URL] = []
        var outputs: [URL] = []
        for spec in sorted {
            let base = baseName(of: spec)
            if let other = owners[base] {
                throw EndpointGenPluginError.sameBaseName(target: targetName, first: other.path, second: spec.path, base: base)
            }
            owners[base] = spec
            arguments.append(spec.path)
            inputs.append(spec)
            for part in 1...Self.partCount {
                outputs.append(output.appending(path: "\(base).\(part).swift"))
            }
        }
        arguments += ["--output", output.path, "--layout", "compact", "--absolute-paths", "--quiet"]
        if let configuration {
            arguments += ["--config", configuration.path]
            inputs.append(configuration)
        }
        let declared = Set(inputs.map(\.path))
        for document in documents where !declared.contains(document.path) {
            inputs.append(document)
        }
        let names: String = sorted.count == 1 ? sorted[0].lastPathComponent : "\(sorted.count) specs"
        return [.buildCommand(
            displayName: "Generating the API layer of \(targetName) from \(names)",
            executable: tool, arguments: arguments, inputFiles: inputs, outputFiles: outputs)]
    }

    /// GenCore's `OutputLayout.compactPartCount`, repeated here because a plugin cannot import
    /// the library.
    static let partCount = 8

    /// GenCore's `OutputLayout.compactBaseName`, repeated here because a plugin cannot import
    /// the library: `cities.endpointgen.json` → `cities`, `openapi.yaml` → `openapi`.
    static func baseName(of spec: URL) -> String {
        var name = spec.lastPathComponent
        let suffixes: [String] = [".endpointgen.json", ".endpointgen.yaml", ".endpointgen.yml", ".json", ".yaml", ".yml"]
        for suffix in suffixes where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
            break
        }
        // A leading dot would make the outputs hidden files, which SwiftPM does not compile.
        while name.hasPrefix(".") { name.removeFirst() }
        return name.isEmpty ? "spec" : name
    }
}

enum EndpointGenPluginError: Error, CustomStringConvertible {
    case notASwiftTarget(String)
    case noSpec(target: String, directory: String)
    case sameBaseName(target: String, first: String, second: String, base: String)
    case misplacedConfiguration(target: String, path: String, root: String)

    var description: String {
        switch self {
        case .notASwiftTarget(let name):
            "endpointgen: target '\(name)' is not a Swift source target; the EndpointGenPlugin generates Swift only."
        case .noSpec(let target, let directory):
            "endpointgen: target '\(target)' uses the EndpointGenPlugin but has no spec: add a file named '<API>.endpointgen.json' (or an OpenAPI document, 'openapi.json' or 'openapi.yaml') to \(directory)."
        case .sameBaseName(let target, let first, let second, let base):
            "endpointgen: specs \(first) and \(second) of target '\(target)' would both generate '\(base).1.swift'; rename one."
        case .misplacedConfiguration(let target, let path, let root):
            "endpointgen: \(path) of target '\(target)' is not read: a target's endpointgen-config.json goes in its folder, \(root)."
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same for a target of an Xcode project: its specs are among the target's input files.
extension EndpointGenPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let files = target.inputFiles.map(\.url)
        return try Self.commands(
            specs: files.filter(Self.isSpec), documents: files.filter(Self.isDocument), configuration: files.first(where: Self.isConfiguration),
            targetName: target.displayName, targetFolder: "the target's files",
            workDirectory: context.pluginWorkDirectoryURL, tool: context.tool(named: "endpointgen").url)
    }
}
#endif
