import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-endpoints [--target <name>]... [--check]`
///
/// For teams that commit the generated code: writes each target's API layer, generated from
/// the `*.endpointgen.json` specs and OpenAPI documents (`openapi.json`, `*.openapi.json`, each
/// also in YAML, `.yaml` or `.yml`) in the target's directory, into `<target>/Generated/`, one
/// file per type (or eight per spec with `"layout": "compact"` in an `endpointgen-config.json`
/// beside them, which also sets the access level, the import's strictness and the part of the
/// API to generate), touching only files whose bytes change. With `--check` it writes nothing
/// and fails, printing the diff, when the committed files are out of date with their specs: the
/// line a team adds to its CI. A target whose specs are all gone is visited while its
/// `Generated/` holds files the tool wrote, so that they are removed (or, checking, reported).
@main struct GenerateEndpoints: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        // ArgumentExtractor drops a `--target` with no value, which would then mean every target.
        for (index, argument) in arguments.enumerated() where argument == "--target" || argument == "--target=" {
            let value = argument == "--target" && index + 1 < arguments.count ? arguments[index + 1] : ""
            guard !value.isEmpty, !value.hasPrefix("-") else {
                throw GenerateEndpointsError.usage("--target needs a target's name")
            }
        }
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let check = extractor.extractFlag(named: "check") > 0
        guard extractor.remainingArguments.isEmpty else {
            throw GenerateEndpointsError.usage("unknown arguments: \(extractor.remainingArguments.joined(separator: " "))")
        }

        let targets: [any Target]
        if targetNames.isEmpty {
            // Also a target whose specs are all gone but whose Generated/ still holds their
            // files: the tool, given no spec, removes them (or, with --check, reports them).
            targets = context.package.targets.filter { !Self.specs(of: $0).isEmpty || Self.holdsGeneratedFiles($0) }
            guard !targets.isEmpty else {
                throw GenerateEndpointsError.usage(
                    "no target of package '\(context.package.displayName)' holds a '<API>.endpointgen.json' spec or an 'openapi.json' (or 'openapi.yaml')"
                        + " (SwiftPM leaves out a target with no Swift file: add one beside the spec)")
            }
        } else {
            targets = try targetNames.map { name in
                guard let target = try context.package.targets(named: [name]).first else {
                    throw GenerateEndpointsError.usage(
                        "'\(name)' is not a target of this package (SwiftPM leaves out a target with no Swift file: add one beside the spec)")
                }
                guard !Self.specs(of: target).isEmpty || Self.holdsGeneratedFiles(target) else {
                    throw GenerateEndpointsError.usage("target '\(name)' has no spec: add a file named '<API>.endpointgen.json' (or an OpenAPI document, 'openapi.json' or 'openapi.yaml') to \(target.directoryURL.path)")
                }
                return target
            }
        }

        let tool = try context.tool(named: "endpointgen")
        var failures: [String] = []
        for target in targets {
            let output = target.directoryURL.appending(path: "Generated")
            let configuration = target.directoryURL.appending(path: "endpointgen-config.json")
            let specs = Self.specs(of: target)
            let arguments = [check ? "check" : "generate"] + specs.map(\.path)
                + ["--output", output.path, "--absolute-paths"]
                + (!specs.isEmpty && FileManager.default.fileExists(atPath: configuration.path) ? ["--config", configuration.path] : [])
            let process = Process()
            process.executableURL = tool.url
            process.arguments = arguments
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 { failures.append(target.name) }
        }
        guard failures.isEmpty else {
            let what = check ? "generated code is not current (out of date, or a spec has the errors above) in" : "endpointgen failed for"
            let update = check ? " (without --check, generate-endpoints updates it)" : ""
            Diagnostics.error("\(what) \(failures.joined(separator: ", "))\(update)")
            throw GenerateEndpointsError.failed(failures)
        }
    }

    /// Whether the target's `Generated/` folder holds a Swift file endpointgen wrote (its first
    /// line is the tool's header: GenCore's `FileHeader.marker`, repeated here because a plugin
    /// cannot import GenCore).
    static func holdsGeneratedFiles(_ target: any Target) -> Bool {
        let marker = Data("// Generated by endpointgen".utf8)
        let folder = target.directoryURL.appending(path: "Generated")
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift", let handle = try? FileHandle(forReadingFrom: url) else { continue }
            defer { try? handle.close() }
            if let start = try? handle.read(upToCount: marker.count), start == marker { return true }
        }
        return false
    }

    /// The specs in the target's directory, read from disk rather than from the target's source
    /// files, so a spec the manifest excludes (as it should, when nothing compiles it) is found.
    static func specs(of target: any Target) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: target.directoryURL, includingPropertiesForKeys: nil)
        var specs: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.lastPathComponent == "Generated" { enumerator?.skipDescendants() }
            let name = url.lastPathComponent
            for format in [".json", ".yaml", ".yml"] {
                if name.hasSuffix(".endpointgen" + format) || name == "openapi" + format || name.hasSuffix(".openapi" + format) {
                    specs.append(url.standardizedFileURL)
                    break
                }
            }
        }
        return specs.sorted { $0.path < $1.path }
    }
}

enum GenerateEndpointsError: Error, CustomStringConvertible {
    case usage(String)
    case failed([String])

    var description: String {
        switch self {
        case .usage(let message): "generate-endpoints: \(message)"
        case .failed(let targets): "generate-endpoints: failed for \(targets.joined(separator: ", "))"
        }
    }
}
