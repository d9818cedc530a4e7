import Foundation
import Testing

@testable import GenCore

/// docs/SPEC.md's list of reserved type names is the generator's: a name the generator reserves
/// and the reference leaves out would surprise a user whose model is rejected.
@Suite struct ReservedNamesDocTests {
    @Test func theReferenceListsEveryReservedTypeName() throws {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("docs/SPEC.md"), encoding: .utf8)
        let start = try #require(text.range(of: "### Reserved type names"))
        let end = try #require(text.range(of: "\n## ", range: start.upperBound..<text.endIndex))
        let section = text[start.upperBound..<end.lowerBound]
        let missing = Resolver.reservedTypeNames.filter { !section.contains("`\($0)`") }.sorted()
        #expect(missing.isEmpty, "reserved but not in docs/SPEC.md: \(missing)")
    }
}
