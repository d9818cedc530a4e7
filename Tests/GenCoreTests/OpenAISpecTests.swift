import Foundation
import Testing

@testable import GenCore

/// Specs/openai.json, the hand-written spec of OpenAI's chat completions and responses, and its
/// copy in Examples/OpenAIChat, from which the example's build-tool plugin generates its API.
@Suite struct OpenAISpecTests {
    static let specPath = "Specs/openai.json"
    static let examplePath = "Examples/OpenAIChat/Sources/OpenAIChat/openai.endpointgen.json"

    /// The plugin reads the copy, so the two must not drift: edit Specs/openai.json, then copy it.
    @Test func theExampleBuildsFromTheSameSpec() throws {
        let spec = try Data(contentsOf: packageRoot.appendingPathComponent(Self.specPath))
        let copy = try Data(contentsOf: packageRoot.appendingPathComponent(Self.examplePath))
        #expect(spec == copy, "\(Self.examplePath) differs from \(Self.specPath): run `cp \(Self.specPath) \(Self.examplePath)`")
    }

    @Test func itGeneratesWithoutDiagnostics() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent(Self.specPath), encoding: .utf8)
        let result = Generator.generate(specText: text, specPath: Self.specPath)
        #expect(result.succeeded)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }
}
