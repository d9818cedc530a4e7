import Foundation
import Testing

@testable import GenCore

/// Defects the fuzz and valid-spec campaigns (MutationFuzzTests, RandomSpecTests) found: specs
/// the generator accepted whose Swift did not compile, or lost data.
@Suite struct CampaignFindingsTests {
    /// Typechecks `files` as one module, Swift 6, `-warnings-as-errors`; the compiler's errors, or "".
    private func typecheckErrors(_ files: [GeneratedFile]) throws -> String {
        let modules = try #require(GeneratedCodeCompilesTests.modules, "GeneratedRuntime.swiftmodule not found beside the test binary")
        let check = try MutationFuzzTests.typecheck(files, swiftc: executable(named: "swiftc")!, modules: modules)
        return check.status == 0 ? "" : check.standardError
    }

    // MARK: A tolerant model without properties

    /// Random spec 0 (seed 1): a tolerant model without properties got an `init(from:)` that
    /// decodes by `CodingKeys`, which a model without properties does not declare.
    static let tolerantEmpty = spec(models: #"""
        {
          "Nothing": { "tolerant": true },
          "AlsoNothing": { "tolerant": true, "properties": {} },
          "Something": { "tolerant": true, "properties": { "n": "Int" } }
        }
        """#)

    @Test func aTolerantModelWithoutPropertiesUsesNoCodingKeysItLacks() throws {
        let result = generate(Self.tolerantEmpty)
        try #require(result.succeeded, "\(result.diagnostics)")
        for name in ["Nothing", "AlsoNothing", "Something"] {
            let file = try #require(result.files.first { $0.path == "Models/\(name).swift" })
            #expect(!file.contents.contains("CodingKeys") || file.contents.contains("enum CodingKeys"), "\(name):\n\(file.contents)")
        }
    }

    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func aTolerantModelWithoutPropertiesCompiles() throws {
        let result = generate(Self.tolerantEmpty)
        try #require(result.succeeded, "\(result.diagnostics)")
        let errors = try typecheckErrors(result.files)
        #expect(errors.isEmpty, "\(errors)")
    }
}
