import Foundation
import Testing

@testable import GenCore

/// The command line's contract outside writing files: help, version, usage errors (exit 64,
/// message on stderr) and `validate`.
@Suite struct CommandLineUsageTests {
    @Test(arguments: [["--help"], ["-h"], ["help"], ["generate", "--help"], ["check", "spec.json", "-h"]])
    func helpGoesToStandardOutput(_ arguments: [String]) throws {
        let folder = try TemporaryDirectory()
        let run = runTool(arguments, in: folder.url)
        #expect(run.status == .success)
        #expect(run.standardOutput.contains("USAGE: endpointgen"))
        for word in ["generate", "check", "validate", "--output", "--layout", "--access", "--quiet"] {
            #expect(run.standardOutput.contains(word))
        }
        #expect(run.standardError.isEmpty)
        #expect(folder.allFiles().isEmpty)
    }

    @Test(arguments: [["--version"], ["version"]])
    func versionGoesToStandardOutput(_ arguments: [String]) throws {
        let folder = try TemporaryDirectory()
        let run = runTool(arguments, in: folder.url)
        #expect(run.status == .success)
        #expect(run.standardOutput == "endpointgen \(CommandLineTool.version)\n")
        #expect(CommandLineTool.version.wholeMatch(of: /\d+\.\d+\.\d+/) != nil)
        #expect(run.standardError.isEmpty)
    }

    struct UsageError: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let usageErrors: [UsageError] = [
        .init(arguments: [], message: "no command"),
        .init(arguments: ["generte", "shop.json", "-o", "Out"], message: "unknown command 'generte'; did you mean 'generate'?"),
        .init(arguments: ["frobnicate"], message: "unknown command 'frobnicate'"),
        .init(arguments: ["generate", "shop.json", "--outptu", "Out"], message: "unknown option '--outptu'; did you mean '--output'?"),
        .init(arguments: ["generate", "shop.json", "-x"], message: "unknown option '-x'"),
        .init(arguments: ["generate", "shop.json"], message: "needs --output"),
        .init(arguments: ["check", "shop.json"], message: "needs --output"),
        .init(arguments: ["generate", "shop.json", "--output"], message: "--output needs a value"),
        .init(arguments: ["generate", "shop.json", "-o"], message: "-o needs a value"),
        .init(arguments: ["generate", "shop.json", "-o", "--quiet"], message: "needs a value"),
        .init(arguments: ["generate", "shop.json", "-o", "Out", "--layout"], message: "--layout needs a value"),
        .init(arguments: ["generate", "shop.json", "-o", "Out", "--layout", "flat"], message: "unknown layout 'flat'"),
        .init(arguments: ["generate", "shop.json", "-o", "Out", "--access", "open"], message: "unknown access level 'open'"),
        .init(arguments: ["generate"], message: "generate needs --output <dir>"),
        .init(arguments: ["validate"], message: "needs at least one spec"),
    ]

    @Test(arguments: usageErrors)
    func usageErrorsExit64WithAMessageOnStandardError(_ usage: UsageError) throws {
        let folder = try TemporaryDirectory()
        try folder.write("shop.json", shopSpec())
        let run = runTool(usage.arguments, in: folder.url)
        #expect(run.status == .usage)
        #expect(run.status.rawValue == 64)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.hasPrefix("endpointgen: error: "), "\(run.standardError)")
        #expect(run.standardError.contains(usage.message), "\(run.standardError)")
        #expect(run.standardError.contains("--help"))
        // Nothing is written on a usage error.
        #expect(folder.allFiles() == ["shop.json"])
    }

    @Test func optionsTakeAnEqualsForm() throws {
        let folder = try TemporaryDirectory()
        try folder.write("shop.json", shopSpec())
        let run = runTool(["generate", "shop.json", "--output=Out", "--layout=compact", "--access=internal"], in: folder.url)
        #expect(run.status == .success, "\(run.standardError)")
        #expect(folder.allFiles(under: "Out") == OutputLayout.compactFileNames(forSpecAt: "shop.json").map { "Out/\($0)" }.sorted())
        #expect(folder.read("Out/shop.1.swift")?.contains("struct ") == true)
        #expect(folder.allFiles(under: "Out").allSatisfy { folder.read($0)?.contains("public ") == false })
    }

    @Test func validateAcceptsAGoodSpec() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Specs/shop.json", shopSpec())
        let run = runTool(["validate", "Specs/shop.json"], in: folder.url)
        #expect(run.status == .success)
        #expect(run.standardOutput == "1 spec(s) valid\n")
        #expect(run.standardError.isEmpty)
        #expect(folder.allFiles() == ["Specs/shop.json"])

        let quiet = runTool(["validate", "-q", "Specs/shop.json"], in: folder.url)
        #expect(quiet.status == .success)
        #expect(quiet.standardOutput.isEmpty)
    }

    @Test func validateReportsEveryProblemOnStandardError() throws {
        let folder = try TemporaryDirectory()
        let bad = shopSpec().replacingOccurrences(of: #""zone": "Zone?""#, with: #""zone": "Zonne?""#)
            .replacingOccurrences(of: #""method": "POST""#, with: #""method": "POTS""#)
        try folder.write("Specs/bad.json", bad)
        try folder.write("Specs/good.json", shopSpec(name: "Good"))
        let run = runTool(["validate", "Specs/good.json", "Specs/bad.json"], in: folder.url)
        #expect(run.status == .failure)
        #expect(run.status.rawValue == 1)
        #expect(run.standardOutput.isEmpty)
        let lines = run.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        let zonne = location(of: "Zonne", in: bad)
        let pots = location(of: "\"POTS\"", in: bad)
        #expect(lines.first?.hasPrefix("Specs/bad.json:\(zonne.line):\(zonne.column): error: unknown type 'Zonne'") == true)
        #expect(lines.last?.hasPrefix("Specs/bad.json:\(pots.line):\(pots.column): error: unknown HTTP method 'POTS'") == true)
    }

    @Test func unreadableSpecIsAnErrorNotAUsageError() throws {
        let folder = try TemporaryDirectory()
        let run = runTool(["validate", "missing.json"], in: folder.url)
        #expect(run.status == .failure)
        #expect(run.standardError.hasPrefix("missing.json: error: "))
        #expect(run.standardOutput.isEmpty)
    }

    @Test func invalidUTF8SpecIsReported() throws {
        let folder = try TemporaryDirectory()
        try Data([0x7B, 0xFF, 0xFE, 0x7D]).write(to: folder.file("binary.json"))
        let run = runTool(["validate", "binary.json"], in: folder.url)
        #expect(run.status == .failure)
        #expect(run.standardError.hasPrefix("binary.json: error: "))
    }

    @Test func specsAfterADoubleDashMayStartWithADash() throws {
        let folder = try TemporaryDirectory()
        try folder.write("-odd.json", shopSpec())
        let run = runTool(["validate", "--", "-odd.json"], in: folder.url)
        #expect(run.status == .success, "\(run.standardError)")
    }
}
