import Foundation
import Testing

@testable import GenCore

/// `endpointgen generate`: writes what changed and only that, removes what it generated earlier
/// and no longer produces, and never touches a file it did not generate.
@Suite struct CommandLineGenerateTests {
    private func workspace(_ specs: [String: String] = ["Specs/shop.json": shopSpec()]) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        for (path, text) in specs { try folder.write(path, text) }
        return folder
    }

    /// What the generator makes of `text` for an output folder `Out` beside `Specs/`.
    private func expectedFiles(_ text: String, path: String, layout: OutputLayout = .split) -> [GeneratedFile] {
        let options = GeneratorOptions(layout: layout, specReference: "../\(path)")
        return Generator.generate(specText: text, specPath: path, options: options).files
    }

    @Test func writesExactlyTheGeneratedFiles() throws {
        let folder = try workspace()
        let run = runTool(["generate", "Specs/shop.json", "--output", "Out"], in: folder.url)
        #expect(run.status == .success, "\(run.standardError)")
        #expect(run.standardError.isEmpty)
        let expected = expectedFiles(shopSpec(), path: "Specs/shop.json")
        #expect(!expected.isEmpty)
        #expect(folder.allFiles(under: "Out") == expected.map { "Out/\($0.path)" }.sorted())
        for file in expected {
            #expect(folder.read("Out/\(file.path)") == file.contents, "\(file.path)")
        }
        #expect(run.standardOutput == "\(expected.count) written, 0 unchanged, 0 removed in Out\n")
    }

    /// Where the process cannot name its current directory (it was removed), a relative path
    /// would name a file that is not there, or one below `/`: the tool says so and touches nothing.
    @Test func withoutACurrentDirectoryOnlyAbsolutePathsAreTaken() throws {
        let folder = try workspace()
        var errors = ""
        let tool = CommandLineTool(knownDirectory: nil, standardOutput: { _ in }, standardError: { errors += $0 })
        #expect(tool.run(["generate", folder.file("Specs/shop.json").path, "--output", "Out"]) == .failure)
        #expect(errors == "endpointgen: error: cannot find the current directory (was it removed?), so 'Out' names no file; give absolute paths\n")
        #expect(folder.allFiles(under: "Out").isEmpty)
        #expect(tool.run(["generate", folder.file("Specs/shop.json").path, "--output", folder.file("Out").path, "-q"]) == .success)
        #expect(!folder.allFiles(under: "Out").isEmpty)
    }

    @Test func aWriteThatFailsNamesTheFileAndTheReason() throws {
        let folder = try workspace()
        // A file where the Models folder belongs.
        try folder.write("Out/Models", "not a folder")
        let run = runTool(["generate", "Specs/shop.json", "--output", "Out"], in: folder.url)
        #expect(run.status == .failure)
        #expect(run.standardError == "Out/Models: error: a file is where a folder of the generated files belongs (Models/City.swift and 1 more not written); move it away or choose another --output\n")
        #expect(folder.read("Out/Models") == "not a folder")
        #expect(folder.allFiles(under: "Out") == ["Out/Models"], "found before anything is written")
    }

    @Test func secondRunWritesNothing() throws {
        let folder = try workspace()
        #expect(runTool(["generate", "Specs/shop.json", "-o", "Out"], in: folder.url).status == .success)
        try backdate(folder, under: "Out")
        let before = Snapshot(folder, under: "Out")
        let run = runTool(["generate", "Specs/shop.json", "-o", "Out"], in: folder.url)
        #expect(run.status == .success)
        #expect(run.standardOutput == "0 written, \(before.entries.count) unchanged, 0 removed in Out\n")
        #expect(Snapshot(folder, under: "Out").touched(comparedTo: before) == [])

        let quiet = runTool(["generate", "Specs/shop.json", "-o", "Out", "--quiet"], in: folder.url)
        #expect(quiet.status == .success)
        #expect(quiet.standardOutput.isEmpty)
    }

    @Test func aSpecEditRewritesOnlyTheChangedFiles() throws {
        let folder = try workspace()
        #expect(runTool(["generate", "Specs/shop.json", "-o", "Out"], in: folder.url).status == .success)
        try backdate(folder, under: "Out")
        let before = Snapshot(folder, under: "Out")
        try folder.write("Specs/shop.json", shopSpec(cityDescription: "A city we deliver to."))
        let run = runTool(["generate", "Specs/shop.json", "-o", "Out"], in: folder.url)
        #expect(run.status == .success)
        #expect(Snapshot(folder, under: "Out").touched(comparedTo: before) == ["Out/Models/City.swift"])
        #expect(folder.read("Out/Models/City.swift")?.contains("/// A city we deliver to.") == true)
        #expect(run.standardOutput == "1 written, \(before.entries.count - 1) unchanged, 0 removed in Out\n")
    }

    @Test func filesTheSpecNoLongerProducesAreRemoved() throws {
        let folder = try workspace()
        #expect(runTool(["generate", "Specs/shop.json", "-o", "Out"], in: folder.url).status == .success)
        #expect(folder.exists("Out/Endpoints/Cities/AddCityEndpoint.swift"))
        try folder.write("Specs/shop.json", shopSpec(extraEndpoint: false))
        let run = runTool(["generate", "Specs/shop.json", "-o", "Out"], in: folder.url)
        #expect(run.status == .success, "\(run.standardError)")
        #expect(!folder.exists("Out/Endpoints/Cities/AddCityEndpoint.swift"))
        #expect(folder.exists("Out/Endpoints/Cities/ListCitiesEndpoint.swift"))
        #expect(run.standardOutput.hasSuffix(", 1 removed in Out\n"), "\(run.standardOutput)")
        let expected = expectedFiles(shopSpec(extraEndpoint: false), path: "Specs/shop.json")
        #expect(folder.allFiles(under: "Out") == expected.map { "Out/\($0.path)" }.sorted())
    }

    @Test func foldersLeftEmptyAreRemoved() throws {
        let folder = try workspace()
        #expect(runTool(["generate", "Specs/shop.json", "-o", "Out"], in: folder.url).status == .success)
        // Renaming the resource moves its endpoints to another folder.
        try folder.write("Specs/shop.json", shopSpec().replacingOccurrences(of: "\"Cities\": {", with: "\"Towns\": {"))
        #expect(runTool(["generate", "Specs/shop.json", "-o", "Out"], in: folder.url).status == .success)
        #expect(!folder.exists("Out/Endpoints/Cities"))
        #expect(folder.exists("Out/Endpoints/Towns/ListCitiesEndpoint.swift"))
        #expect(folder.exists("Out"))
    }

    @Test func handWrittenFilesAreNeverRemoved() throws {
        let folder = try workspace()
        try folder.write("Out/Helpers.swift", "// Helpers for the generated code.\nextension String {}\n")
        try folder.write("Out/Endpoints/Cities/Custom.swift", "import Foundation\n")
        try folder.write("Out/notes.txt", "// Generated by endpointgen, but not Swift\n")
        #expect(runTool(["generate", "Specs/shop.json", "-o", "Out"], in: folder.url).status == .success)
        try folder.write("Specs/shop.json", shopSpec(extraEndpoint: false))
        #expect(runTool(["generate", "Specs/shop.json", "-o", "Out"], in: folder.url).status == .success)
        try folder.write("Specs/shop.json", shopSpec().replacingOccurrences(of: "\"Cities\": {", with: "\"Towns\": {"))
        #expect(runTool(["generate", "Specs/shop.json", "-o", "Out"], in: folder.url).status == .success)
        #expect(folder.read("Out/Helpers.swift") == "// Helpers for the generated code.\nextension String {}\n")
        #expect(folder.read("Out/Endpoints/Cities/Custom.swift") == "import Foundation\n")
        #expect(folder.read("Out/notes.txt") == "// Generated by endpointgen, but not Swift\n")
    }

    @Test func refusesToOverwriteAHandWrittenFile() throws {
        let folder = try workspace()
        let handWritten = "// My own City.\nstruct City {}\n"
        try folder.write("Out/Models/City.swift", handWritten)
        let run = runTool(["generate", "Specs/shop.json", "-o", "Out"], in: folder.url)
        #expect(run.status == .failure)
        #expect(run.standardError.contains("Out/Models/City.swift"), "\(run.standardError)")
        #expect(run.standardError.contains("error"))
        #expect(run.standardOutput.isEmpty)
        // Nothing was written: not the conflicting file, nor any other.
        #expect(folder.allFiles(under: "Out") == ["Out/Models/City.swift"])
        #expect(folder.read("Out/Models/City.swift") == handWritten)
    }

    @Test func aBadSpecAmongSeveralWritesAndRemovesNothing() throws {
        let other = #"{ "endpointgen": 1, "name": "Other", "models": { "Town": { "properties": { "name": "String" } } } }"#
        let folder = try workspace(["Specs/shop.json": shopSpec(), "Specs/other.json": other])
        let first = runTool(["generate", "Specs/shop.json", "Specs/other.json", "-o", "Out"], in: folder.url)
        #expect(first.status == .success, "\(first.standardError)")
        try backdate(folder, under: "Out")
        let before = Snapshot(folder, under: "Out")

        // One spec changes (a rewrite and a removal are due), the other breaks.
        try folder.write("Specs/shop.json", shopSpec(cityDescription: "Changed.", extraEndpoint: false))
        try folder.write("Specs/other.json", "{ \"name\": \"Other\", \"models\": { \"Bad\": \"Nope\" } }")
        let run = runTool(["generate", "Specs/shop.json", "Specs/other.json", "-o", "Out"], in: folder.url)
        #expect(run.status == .failure)
        #expect(run.standardError.contains("Specs/other.json:1:"), "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
        #expect(Snapshot(folder, under: "Out").touched(comparedTo: before) == [])
    }

    @Test func twoSpecsThatDeclareOneTypeAreAnErrorInEitherLayout() throws {
        // In the compact layout their files have different names (a.1.swift, b.1.swift): the
        // clash was left to the compiler ("invalid redeclaration") in the generated code.
        let other = #"{ "endpointgen": 1, "name": "Other", "models": { "Town": { "properties": { "name": "String" } }, "City": { "properties": { "id": "Int" } } } }"#
        let folder = try workspace(["Specs/a.json": shopSpec(), "Specs/b.json": other])
        for layout in ["compact", "split"] {
            let run = runTool(["generate", "Specs/a.json", "Specs/b.json", "-o", "Out", "--layout", layout], in: folder.url)
            #expect(run.status == .failure)
            #expect(run.standardError.contains("Specs/b.json: error: declares 'City', which Specs/a.json declares too"), "\(run.standardError)")
            #expect(!run.standardError.contains("'Town'"))
            #expect(!run.standardError.contains("generates too"), "\(run.standardError)")
            #expect(!folder.exists("Out"))
        }
        let same = try workspace(["Specs/a.json": shopSpec(), "Specs/b.json": shopSpec()])
        let run = runTool(["generate", "Specs/a.json", "Specs/b.json", "-o", "Out"], in: same.url)
        #expect(run.status == .failure)
        #expect(run.standardError.contains("Specs/b.json: error: declares 'City', "), "\(run.standardError)")
        #expect(run.standardError.contains(" more, which Specs/a.json declares too"), "\(run.standardError)")
        #expect(!folder.exists("Out"))
    }

    @Test func headerNamesTheSpecRelativeToTheOutputDirectory() throws {
        let folder = try workspace()
        for argument in ["Specs/shop.json", folder.file("Specs/shop.json").path, "./Specs/../Specs/shop.json"] {
            let run = runTool(["generate", argument, "-o", "Out"], in: folder.url)
            #expect(run.status == .success, "\(run.standardError)")
            for path in folder.allFiles(under: "Out") {
                let first = folder.read(path)?.split(separator: "\n").first ?? ""
                #expect(first == "// Generated by endpointgen from ../Specs/shop.json. Do not edit.", "\(argument): \(path)")
            }
        }
        // From another current directory the bytes are the same, so `check` agrees with `generate`.
        try FileManager.default.createDirectory(at: folder.file("Specs/Out"), withIntermediateDirectories: true)
        let fromRoot = runTool(["generate", "Specs/shop.json", "-o", "App/Generated"], in: folder.url)
        #expect(fromRoot.status == .success, "\(fromRoot.standardError)")
        let first = folder.read("App/Generated/Models/City.swift")?.split(separator: "\n").first ?? ""
        #expect(first == "// Generated by endpointgen from ../../Specs/shop.json. Do not edit.")
        try FileManager.default.createDirectory(at: folder.file("App"), withIntermediateDirectories: true)
        let fromApp = runTool(["check", "../Specs/shop.json", "-o", "Generated"], in: folder.file("App"))
        #expect(fromApp.status == .success, "\(fromApp.standardError)")
    }

    @Test func anEmptyOutputIsAUsageError() throws {
        let folder = try workspace()
        for arguments in [["--output="], ["-o", ""]] {
            let run = runTool(["generate", "Specs/shop.json"] + arguments, in: folder.url)
            #expect(run.status == .usage)
            #expect(run.standardError.contains("--output needs a directory"))
        }
        #expect(folder.allFiles(under: ".").allSatisfy { $0.hasPrefix("Specs/") || $0.hasPrefix("./Specs/") })
    }

    @Test func anotherSpecsOutputNestedInsideIsLeftAlone() throws {
        let folder = try workspace(["Specs/shop.json": shopSpec(), "Specs/other.json": shopSpec()])
        #expect(runTool(["generate", "Specs/other.json", "-o", "Out/Other"], in: folder.url).status == .success)
        let nested = folder.allFiles(under: "Out/Other")
        #expect(!nested.isEmpty)
        let run = runTool(["generate", "Specs/shop.json", "-o", "Out"], in: folder.url)
        #expect(run.status == .success, "\(run.standardError)")
        #expect(run.standardOutput.hasSuffix(", 0 removed in Out\n"), "\(run.standardOutput)")
        #expect(folder.allFiles(under: "Out/Other") == nested)
        #expect(runTool(["check", "Specs/shop.json", "-o", "Out"], in: folder.url).status == .success)
    }

    /// Found by a review: a nested output whose spec's path, relative to its own folder, reads
    /// as this run's (`api.json` in both) was removed as this run's.
    @Test func aNestedOutputWhoseSpecReadsLikeThisOnesIsLeftAlone() throws {
        let folder = try workspace(["Out/api.json": shopSpec(), "Out/Inner/api.json": shopSpec(name: "Inner")])
        #expect(runTool(["generate", "Out/Inner/api.json", "-o", "Out/Inner"], in: folder.url).status == .success)
        let nested = folder.allFiles(under: "Out/Inner")
        let run = runTool(["generate", "Out/api.json", "-o", "Out"], in: folder.url)
        #expect(run.status == .success, "\(run.standardError)")
        #expect(run.standardOutput.hasSuffix(", 0 removed in Out\n"), "\(run.standardOutput)")
        #expect(folder.allFiles(under: "Out/Inner") == nested)
        #expect(runTool(["check", "Out/api.json", "-o", "Out"], in: folder.url).status == .success)
    }

    /// Found by a review: a second spec declaring a file of the same name overwrote the first
    /// spec's file, which still exists.
    @Test func anotherSpecsFileIsNotOverwritten() throws {
        let folder = try workspace(["a.json": shopSpec(name: "A"), "b.json": shopSpec(name: "B", cityDescription: "Another city.")])
        #expect(runTool(["generate", "a.json", "-o", "Out"], in: folder.url).status == .success)
        let before = folder.read("Out/Models/City.swift")
        let files = folder.allFiles(under: "Out")
        let run = runTool(["generate", "b.json", "-o", "Out"], in: folder.url)
        #expect(run.status == .failure)
        #expect(run.standardError.contains(
            "Out/Models/City.swift: error: not written: the file was generated from ../a.json, which still exists; generate both specs in one run"),
            "\(run.standardError)")
        #expect(folder.read("Out/Models/City.swift") == before)
        #expect(folder.allFiles(under: "Out") == files, "nothing written")
    }

    /// Found by a review: a header wrote a tab in the spec's path as spaces, so the file no
    /// longer named its spec, and another spec's run removed it as left behind.
    @Test func aSpecPathWithATabOrALineBreakStillNamesItsSpec() throws {
        for name in ["a\tb.json", "a\nb.json", "50%.json", "a\u{200D}b.json"] {
            let other = #"{"endpointgen": 1, "name": "Other", "models": {"Thing": {"properties": {"a": "Int"}}}}"#
            let folder = try workspace([name: shopSpec(name: "Tabbed"), "c.json": other])
            #expect(runTool(["generate", name, "c.json", "-o", "Out"], in: folder.url).status == .success)
            let files = folder.allFiles(under: "Out")
            let run = runTool(["generate", "c.json", "-o", "Out"], in: folder.url)
            #expect(run.standardOutput.hasSuffix(" 0 removed in Out\n"), "\(name.debugDescription): \(run.standardOutput)")
            #expect(folder.allFiles(under: "Out") == files)
            #expect(runTool(["check", name, "c.json", "-o", "Out"], in: folder.url).status == .success)
        }
    }

    /// Found by a review: an output folder given by a symbolic link was never listed, so stale
    /// files stayed and `check` passed.
    @Test func anOutputFolderGivenByALinkIsCleanedAndChecked() throws {
        let folder = try workspace(["api.json": shopSpec(name: "Cities")])
        try FileManager.default.createDirectory(at: folder.file("Real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.file("Link").path, withDestinationPath: folder.file("Real").path)
        #expect(runTool(["generate", "api.json", "-o", "Link"], in: folder.url).status == .success)
        try folder.write("api.json", shopSpec(name: "Towns"))
        let check = runTool(["check", "api.json", "-o", "Link"], in: folder.url)
        #expect(check.status == .failure)
        #expect(check.standardError.contains("  extra:   CitiesAPI.swift\n"), "\(check.standardError)")
        let run = runTool(["generate", "api.json", "-o", "Link"], in: folder.url)
        #expect(run.standardOutput.hasSuffix(" 1 removed in Link\n"), "\(run.standardOutput)")
        #expect(!folder.exists("Real/CitiesAPI.swift") && folder.exists("Real/TownsAPI.swift"))
    }

    /// Found by a review: a file where a folder of the output should be was found only while
    /// writing, after some files were removed and others written.
    @Test func aFileWhereAFolderIsNeededStopsTheRunBeforeAnythingChanges() throws {
        let folder = try workspace(["api.json": shopSpec()])
        #expect(runTool(["generate", "api.json", "-o", "Out"], in: folder.url).status == .success)
        try FileManager.default.removeItem(at: folder.file("Out/Services"))
        try folder.write("Out/Services", "not a folder")
        try folder.write("api.json", shopSpec(name: "Renamed", cityDescription: "Changed."))
        let files = folder.allFiles(under: "Out")
        let contents = files.map { folder.read($0) }
        let run = runTool(["generate", "api.json", "-o", "Out"], in: folder.url)
        #expect(run.status == .failure)
        #expect(run.standardError.hasPrefix("Out/Services: error: a file is where a folder of the generated files belongs (Services/"), "\(run.standardError)")
        #expect(folder.allFiles(under: "Out") == files)
        #expect(files.map { folder.read($0) } == contents, "nothing written or removed")
    }

    /// Renaming `cities.json` to `towns.json` (its API renamed too) and generating into the same
    /// folder leaves nothing of the old name: the old files name a spec that is gone.
    @Test func aRenamedSpecLeavesNoFileOfItsOldName() throws {
        let folder = try workspace(["Specs/cities.json": shopSpec(name: "Cities")])
        #expect(runTool(["generate", "Specs/cities.json", "-o", "Out"], in: folder.url).status == .success)
        #expect(folder.exists("Out/CitiesAPI.swift"))
        try FileManager.default.removeItem(at: folder.file("Specs/cities.json"))
        try folder.write("Specs/towns.json", shopSpec(name: "Towns"))

        let check = runTool(["check", "Specs/towns.json", "-o", "Out"], in: folder.url)
        #expect(check.status == .failure)
        #expect(check.standardError.contains("  extra:   CitiesAPI.swift\n"), "\(check.standardError)")
        #expect(folder.exists("Out/CitiesAPI.swift"), "check writes and removes nothing")

        let run = runTool(["generate", "Specs/towns.json", "-o", "Out"], in: folder.url)
        #expect(run.status == .success, "\(run.standardError)")
        let expected = expectedFiles(shopSpec(name: "Towns"), path: "Specs/towns.json")
        #expect(folder.allFiles(under: "Out") == expected.map { "Out/\($0.path)" }.sorted())
        #expect(runTool(["check", "Specs/towns.json", "-o", "Out"], in: folder.url).status == .success)
    }

    /// The last spec of a folder deleted: with no spec, `check` fails on the files it left and
    /// `generate` removes them, leaving the files of specs that exist and hand-written ones.
    @Test func withNoSpecTheFilesOfSpecsThatAreGoneAreFoundAndRemoved() throws {
        let ping = """
            { "endpointgen": 1, "name": "Ping", "resources": { "Health": { "endpoints": [ { "method": "GET", "path": "/ping" } ] } } }
            """
        let folder = try workspace(["Specs/cities.json": shopSpec(name: "Cities"), "Specs/ping.json": ping])
        #expect(runTool(["generate", "Specs/cities.json", "-o", "Out"], in: folder.url).status == .success)
        #expect(runTool(["generate", "Specs/ping.json", "-o", "Out"], in: folder.url).status == .success)
        try folder.write("Out/Extensions.swift", "extension City {}\n")
        let emptyCheck = runTool(["check", "-o", "Out"], in: folder.url)
        #expect(emptyCheck.status == .success, "the specs are all there: \(emptyCheck.standardError)")
        #expect(emptyCheck.standardOutput == "0 generated file(s) in Out are up to date\n")
        let pingFiles = expectedFiles(ping, path: "Specs/ping.json").map { "Out/\($0.path)" }
        let citiesFiles = expectedFiles(shopSpec(name: "Cities"), path: "Specs/cities.json").map { "Out/\($0.path)" }
        try FileManager.default.removeItem(at: folder.file("Specs/cities.json"))

        let check = runTool(["check", "--output", "Out"], in: folder.url)
        #expect(check.status == .failure)
        #expect(check.standardError.contains("  extra:   CitiesAPI.swift\n"), "\(check.standardError)")
        #expect(!check.standardError.contains("PingAPI"), "\(check.standardError)")
        #expect(folder.allFiles(under: "Out") == (citiesFiles + pingFiles + ["Out/Extensions.swift"]).sorted(), "check writes and removes nothing")

        let run = runTool(["generate", "-o", "Out"], in: folder.url)
        #expect(run.status == .success, "\(run.standardError)")
        #expect(run.standardOutput == "0 written, 0 unchanged, \(citiesFiles.count) removed in Out\n")
        #expect(folder.allFiles(under: "Out") == (pingFiles + ["Out/Extensions.swift"]).sorted())
        #expect(runTool(["check", "-o", "Out"], in: folder.url).status == .success)
        #expect(runTool(["check", "Specs/ping.json", "-o", "Out"], in: folder.url).status == .success)
    }

    /// Specs generated one at a time into one folder keep each other's files while they exist;
    /// a hand-written file that copies the header of a deleted spec but is not Swift stays too.
    @Test func specsGeneratedOneAtATimeIntoOneFolderKeepEachOthersFiles() throws {
        let ping = """
            { "endpointgen": 1, "name": "Ping", "resources": { "Health": { "endpoints": [ { "method": "GET", "path": "/ping" } ] } } }
            """
        let folder = try workspace(["Specs/ping.json": ping, "Specs/shop.json": shopSpec()])
        #expect(runTool(["generate", "Specs/ping.json", "-o", "Out"], in: folder.url).status == .success)
        let pingFiles = folder.allFiles(under: "Out")
        #expect(pingFiles.contains("Out/PingAPI.swift"))
        let run = runTool(["generate", "Specs/shop.json", "-o", "Out"], in: folder.url)
        #expect(run.status == .success, "\(run.standardError)")
        #expect(run.standardOutput.hasSuffix(", 0 removed in Out\n"), "\(run.standardOutput)")
        #expect(Set(pingFiles).isSubset(of: folder.allFiles(under: "Out")))

        try folder.write("Out/notes.txt", "// Generated by endpointgen from ../Specs/ping.json. Do not edit.\n")
        try FileManager.default.removeItem(at: folder.file("Specs/ping.json"))
        let after = runTool(["generate", "Specs/shop.json", "-o", "Out"], in: folder.url)
        #expect(after.standardOutput.hasSuffix(", \(pingFiles.count) removed in Out\n"), "\(after.standardOutput)")
        let expected = expectedFiles(shopSpec(), path: "Specs/shop.json").map { "Out/\($0.path)" } + ["Out/notes.txt"]
        #expect(folder.allFiles(under: "Out") == expected.sorted())
    }

    @Test func compactLayoutWritesTheAnnouncedFilesEvenWithoutModels() throws {
        let noModels = """
            { "endpointgen": 1, "name": "Ping", "resources": { "Health": { "endpoints": [ { "method": "GET", "path": "/ping" } ] } } }
            """
        let nothing = #"{ "endpointgen": 1, "name": "Nothing" }"#
        let folder = try workspace(["Specs/ping.json": noModels, "Specs/nothing.json": nothing, "Specs/shop.json": shopSpec()])
        let run = runTool(["generate", "Specs/ping.json", "Specs/nothing.json", "Specs/shop.json", "-o", "Out", "--layout", "compact"], in: folder.url)
        #expect(run.status == .success, "\(run.standardError)")
        let announced = ["Specs/ping.json", "Specs/nothing.json", "Specs/shop.json"]
            .flatMap { OutputLayout.compactFileNames(forSpecAt: $0) }.map { "Out/\($0)" }
        #expect(folder.allFiles(under: "Out") == announced.sorted())
        #expect(folder.read("Out/ping.1.swift")?.hasPrefix("// Generated by endpointgen from ../Specs/ping.json.") == true)
    }

    @Test func compactLayoutReplacesTheThreeFilesOfEarlierVersions() throws {
        // Before the parts, the compact layout wrote <base>.Models/Endpoints/Services.swift; a
        // project that updates endpointgen gets them removed, since their headers name the spec.
        let header = "// Generated by endpointgen from ../Specs/shop.json. Do not edit.\n"
        let folder = try workspace(["Specs/shop.json": shopSpec(), "Out/shop.Models.swift": header, "Out/shop.Endpoints.swift": header,
                                    "Out/shop.Services.swift": header, "Out/Mine.swift": "struct Mine {}\n"])
        let run = runTool(["generate", "Specs/shop.json", "-o", "Out", "--layout", "compact"], in: folder.url)
        #expect(run.status == .success, "\(run.standardError)")
        #expect(folder.allFiles(under: "Out") == (OutputLayout.compactFileNames(forSpecAt: "Specs/shop.json") + ["Mine.swift"]).map { "Out/\($0)" }.sorted())
    }

    @Test func switchingLayoutsReplacesTheOldFiles() throws {
        let folder = try workspace()
        #expect(runTool(["generate", "Specs/shop.json", "-o", "Out"], in: folder.url).status == .success)
        #expect(runTool(["generate", "Specs/shop.json", "-o", "Out", "--layout", "compact"], in: folder.url).status == .success)
        #expect(folder.allFiles(under: "Out") == OutputLayout.compactFileNames(forSpecAt: "Specs/shop.json").map { "Out/\($0)" }.sorted())
    }
}
