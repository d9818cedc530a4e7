import Testing

@testable import GenCore

/// Which properties are stored out of line: every plain (not array or dictionary) property whose
/// type is a struct of the spec, and every union case holding one. Enums, unions, arrays,
/// dictionaries and builtins stay inline.
@Suite struct IndirectPropertyTests {
    private func indirect(_ models: String) throws -> [String] {
        let result = Generator.generate(specText: #"{"name": "X", "models": {\#(models)}}"#, specPath: "x.json")
        try #require(result.succeeded, "\(result.diagnostics)")
        return result.files.flatMap { file in
            file.contents.split(separator: "\n").filter { $0.contains("@Indirect") || $0.contains("indirect case") }
                .map { "\(file.path): \($0.trimmingCharacters(in: .whitespaces))" }
        }.sorted()
    }

    @Test func structPropertiesAndUnionCasesOfStructsAreOutOfLine() throws {
        let found = try indirect(#"""
            "A": {"properties": {"b": "B?", "list": "[A]", "leaf": "Leaf", "kind": "Kind", "shape": "Shape?", "n": "Int"}},
            "B": {"properties": {"map": "[String: B]", "maybe": {"type": "Leaf?", "nullable": true}}},
            "Leaf": {"properties": {"n": "Int"}},
            "Kind": {"enum": ["x"]},
            "Shape": {"oneOf": ["Leaf", "Kind", "Int", "Other"]},
            "Other": {"oneOf": ["String", "B"]}
            """#)
        #expect(found == [
            "Models/A.swift: @Indirect public var b: B?",
            "Models/A.swift: @Indirect public var leaf: Leaf",
            "Models/B.swift: @Indirect public var maybe: Nullable<Leaf>?",
            "Models/Other.swift: indirect case b(B)",
            "Models/Shape.swift: indirect case leaf(Leaf)",
        ])
    }

    /// Cycles of plain references are cut by the same rule, however long: a chain of 3,000
    /// that closes on itself generates, and finding that does not overflow the stack.
    @Test func cyclesAndLongChainsAreCut() throws {
        let chain = (1...3000).map { #""M\#($0)": {"properties": {"previous": "M\#($0 == 1 ? 3000 : $0 - 1)?"}}"# }
            .joined(separator: ",")
        let found = try indirect(chain)
        #expect(found.count == 3000)
        #expect(found.contains("Models/M1.swift: @Indirect public var previous: M3000?"))
        #expect(try indirect(#""Me": {"properties": {"me": "Me?"}}"#) == ["Models/Me.swift: @Indirect public var me: Me?"])
    }
}
