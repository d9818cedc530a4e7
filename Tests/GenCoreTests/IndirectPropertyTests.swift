import Testing

@testable import GenCore

/// Which properties are stored out of line: exactly those whose model leads back to their own
/// through plain properties. Arrays and dictionaries already store out of line.
@Suite struct IndirectPropertyTests {
    private func indirect(_ models: String) throws -> [String] {
        let result = Generator.generate(specText: #"{"name": "X", "models": {\#(models)}}"#, specPath: "x.json")
        try #require(result.succeeded, "\(result.diagnostics)")
        return result.files.flatMap { file in
            file.contents.split(separator: "\n").filter { $0.contains("@Indirect") }.map { "\(file.path): \($0.trimmingCharacters(in: .whitespaces))" }
        }.sorted()
    }

    @Test func cyclesThroughPlainPropertiesAreIndirect() throws {
        let found = try indirect(#"""
            "A": {"properties": {"b": "B?", "list": "[A]"}},
            "B": {"properties": {"c": "C?", "leaf": "Leaf?"}},
            "C": {"properties": {"a": "A?", "map": "[String: C]"}},
            "Leaf": {"properties": {"n": "Int"}},
            "Me": {"properties": {"me": "Me?", "kind": "Kind?"}},
            "Kind": {"enum": ["x"]}
            """#)
        #expect(found == [
            "Models/A.swift: @Indirect public var b: B?",
            "Models/B.swift: @Indirect public var c: C?",
            "Models/C.swift: @Indirect public var a: A?",
            "Models/Me.swift: @Indirect public var me: Me?",
        ])
    }

    @Test func aLongChainWithoutACycleHasNoIndirectProperty() throws {
        let chain = (1...3000).map { #""M\#($0)": {"properties": {"previous": "M\#($0 == 1 ? 3000 + 1 : $0 - 1)?"}}"# }
            .joined(separator: ",") + #", "M3001": {"properties": {"n": "Int"}}"#
        #expect(try indirect(chain).isEmpty)
    }
}
