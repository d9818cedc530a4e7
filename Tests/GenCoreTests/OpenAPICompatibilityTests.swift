import Foundation
import Testing

@testable import GenCore

/// The import on real published OpenAPI documents that no one here wrote (`../shared/openapi/`,
/// or the folder `ENDPOINTGEN_OPENAPI_DOCUMENTS` names): each small document imports, generates
/// without a diagnostic, and its module compiles in Swift 6 mode without an error or a warning.
/// The large ones (OpenAI, Discourse) run in the benchmark.
@Suite struct OpenAPICompatibilityTests {
    static let folder: URL? = {
        let candidates = [
            ProcessInfo.processInfo.environment["ENDPOINTGEN_OPENAPI_DOCUMENTS"].map { URL(fileURLWithPath: $0) },
            packageRoot.deletingLastPathComponent().appendingPathComponent("shared/openapi"),
        ].compactMap { $0 }
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("README.md").path) }
    }()

    /// Documents of up to this many bytes run here; the rest in Benchmarks/.
    static let smallDocumentLimit = 100_000

    static var smallDocuments: [String] {
        guard let folder else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { name in
            guard name.hasSuffix(".json"),
                  let size = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size] as? Int
            else { return false }
            return size <= smallDocumentLimit
        }.sorted()
    }

    @Test(.enabled(if: folder != nil, "../shared/openapi/ (or ENDPOINTGEN_OPENAPI_DOCUMENTS) is absent: the real OpenAPI documents are not on this machine"))
    func theSmallDocumentsAreThere() {
        #expect(Self.smallDocuments.count >= 8, "\(Self.smallDocuments)")
    }

    @Test(.enabled(if: folder != nil && executable(named: "swiftc") != nil, "needs ../shared/openapi/ and swiftc"), arguments: smallDocuments)
    func aPublishedDocumentImportsGeneratesAndCompiles(_ name: String) async throws {
        let folder = try #require(Self.folder)
        let modules = try #require(GeneratedCodeCompilesTests.modules, "GeneratedRuntime.swiftmodule not found beside the test binary")
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        let imported = OpenAPIImport.importSpec(openAPIText: text, path: name)
        let spec = try #require(imported.specText, "\(imported.diagnostics.map(\.description).joined(separator: "\n"))")
        // Every warning names the place in the document it is about.
        for warning in imported.diagnostics {
            #expect(warning.severity == .warning && warning.message.hasPrefix("#") && warning.location != nil, "\(warning)")
        }
        let generated = Generator.generate(specText: spec, specPath: "\(name).spec.json")
        #expect(generated.succeeded && generated.diagnostics.isEmpty, "\(generated.diagnostics.map(\.description))")
        // Compiled to an object file, not only typechecked, with every warning an error.
        let build = try TemporaryDirectory()
        var paths: [String] = []
        for (number, file) in generated.files.enumerated() {
            let flattened = "\(number)_" + file.path.replacingOccurrences(of: "/", with: "_")
            try build.write(flattened, file.contents)
            paths.append(build.file(flattened).path)
        }
        let compile = try await runProcess(
            executable(named: "swiftc")!,
            ["-c", "-Onone", "-wmo", "-parse-as-library", "-swift-version", "6", "-warnings-as-errors", "-module-name", "Imported",
             "-I", modules.path, "-o", build.file("Imported.o").path] + paths)
        #expect(compile.status == 0, "\(name):\n\(compile.standardError)")
        #expect(FileManager.default.fileExists(atPath: build.file("Imported.o").path))
    }
}
