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

    /// No struct holds more than eight levels of structs inline (the compiler's memory and time
    /// grow far faster than the depth): a chain of 3,000 is cut at every eighth link from the
    /// leaf, and finding that does not overflow the stack.
    @Test func aLongChainIsCutEveryEightLevels() throws {
        let chain = (1...3000).map { #""M\#($0)": {"properties": {"previous": "M\#($0 == 1 ? 3000 + 1 : $0 - 1)?"}}"# }
            .joined(separator: ",") + #", "M3001": {"properties": {"n": "Int"}}"#
        let expected = (1...3000).filter { $0 % 8 == 0 }.map { "Models/M\($0).swift: @Indirect public var previous: M\($0 - 1)?" }
        #expect(try indirect(chain) == expected.sorted())
    }

    /// A struct holds at most eight levels of structs inline, itself included: a property whose
    /// model is eight deep is stored out of line, one whose model is seven deep is not.
    @Test func theDeepestPropertyIsCutAndShallowerOnesAreNot() throws {
        func chain(_ prefix: String, _ length: Int) -> String {
            (1...length).map { #""\#(prefix)\#($0)": {"properties": {"next": "\#(prefix)\#($0 + 1)\#($0 % 2 == 0 ? "?" : "")"}}"# }
                .joined(separator: ",") + #", "\#(prefix)\#(length + 1)": {"properties": {"n": "Int", "kind": "Kind"}}"#
        }
        // Short1 … Short7 are seven levels deep, Long1 … Long8 eight.
        let found = try indirect(chain("Short", 6) + "," + chain("Long", 7) + #"""
            , "Kind": {"enum": ["x"]},
            "Top": {"properties": {"short": "Short1", "long": "Long1?", "kind": "Kind", "list": "[Long1]"}}
            """#)
        #expect(found == ["Models/Top.swift: @Indirect public var long: Long1?"])
    }
}
