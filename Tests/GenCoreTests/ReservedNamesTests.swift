import Foundation
import Testing

@testable import GenCore

/// A model may not take the name of a type the generated code refers to. The runtime grows
/// with later features, so this reads its sources rather than trusting a list kept by hand.
@Suite struct ReservedNamesTests {
    static let runtimeFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/GeneratedRuntime")

    @Test func everyPublicRuntimeTypeIsReserved() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.runtimeFolder.path).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        let declaration = try Regex(#"public (?:final class|class|struct|enum|protocol|actor) ([A-Za-z_][A-Za-z0-9_]*)"#)
        var names: Set<String> = []
        for file in files {
            let text = try String(contentsOf: Self.runtimeFolder.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: declaration) {
                if let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        #expect(names.contains("EndpointClient"), "the scan found the runtime's types")
        // Nested types (EndpointError.Kind, EndpointRequest.QueryItem) cannot clash at the top level.
        let nested: Set<String> = ["Kind", "QueryItem", "StringInterpolation", "Configuration", "Field", "Upload", "Iterator", "AsyncIterator", "Writer", "Level"]
        for name in names.subtracting(nested).sorted() {
            #expect(Resolver.reservedTypeNames.contains(name), "GeneratedRuntime declares '\(name)' but a model may still take that name")
        }
    }

    @Test func aModelWithAReservedNameIsAnErrorAtItsName() {
        let spec = """
            {"name": "X", "models": {
              "EndpointClient": {"properties": {}},
              "Response": {"properties": {}}
            }}
            """
        let result = Generator.generate(specText: spec, specPath: "x.json")
        #expect(result.diagnostics.map(\.description) == [
            "x.json:2:3: error: model name 'EndpointClient' is reserved: the generated code uses a type of that name; rename the model",
            "x.json:3:3: error: model name 'Response' is reserved: the generated code uses a type of that name; rename the model",
        ])
    }

    @Test func anEndpointWhoseTypeWouldHideARuntimeTypeIsAnErrorAtItsName() {
        // `idempotent` would declare `IdempotentEndpoint`, and the endpoints that conform to the
        // runtime's protocol of that name would conform to the struct instead.
        let spec = """
            {"name": "X", "resources": {"Orders": {"endpoints": [
              {"name": "idempotent", "method": "POST", "path": "/a"},
              {"name": "streaming", "method": "GET", "path": "/b"},
              {"name": "place", "method": "POST", "path": "/c", "idempotent": true}
            ]}}}
            """
        let result = Generator.generate(specText: spec, specPath: "x.json")
        #expect(result.diagnostics.map(\.description) == [
            "x.json:2:12: error: endpoint 'idempotent' would be the type 'IdempotentEndpoint', which the generated code uses already; rename it",
            "x.json:3:12: error: endpoint 'streaming' would be the type 'StreamingEndpoint', which the generated code uses already; rename it",
        ])
        #expect(result.files.isEmpty)
    }
}
