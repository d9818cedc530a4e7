import Foundation
import Testing

@testable import GenCore

/// GenCore imports only FoundationEssentials where it can, and stands in for what only full
/// Foundation has. These tests link full Foundation, so they compare each stand-in with the
/// Foundation behaviour it replaces, and check the file operations that replaced
/// `Data.write(to:options: .atomic)` and `FileManager.enumerator`.
@Suite struct FoundationEssentialsParityTests {
    @Test func blankMatchesTrimmingFoundationWhitespace() {
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            #expect(Resolver.isBlank(text) == text.trimmingCharacters(in: .whitespaces).isEmpty, "U+\(String(value, radix: 16))")
        }
        for text in ["", " \t\u{3000}\u{200B}", " \u{301}", "\u{180E}", " a ", "\u{E0020}", "\u{A0}\u{1680}"] {
            #expect(Resolver.isBlank(text) == text.trimmingCharacters(in: .whitespaces).isEmpty, "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func writeErrorsAreWordedAsFoundationWordsThem() {
        let codes = [0, 4, 255, 256, 257, 258, 259, 260, 261, 262, 263, 264, 512, 513, 514, 516, 517, 518, 640, 642, 1024, 3072, 3328, 4865, 9999]
        for code in codes {
            let error = CocoaError(CocoaError.Code(rawValue: code), userInfo: [NSFilePathErrorKey: "/tmp/Out/A.swift"])
            #expect(CommandLineTool.describe(error) == error.localizedDescription, "code \(code)")
        }
        let described = CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "Described."])
        #expect(CommandLineTool.describe(described) == described.localizedDescription)
        let reasoned = CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedFailureReasonErrorKey: "A reason."])
        #expect(CommandLineTool.describe(reasoned) == reasoned.localizedDescription)
    }

    @Test func atomicWriteCreatesAndReplacesLeavingNoTemporaryFile() throws {
        let folder = try TemporaryDirectory()
        let target = folder.file("A.swift")
        try FileSystem.writeAtomically("first\n", to: target)
        #expect(folder.read("A.swift") == "first\n")
        try FileSystem.writeAtomically("second, longer than the first\n", to: target)
        #expect(folder.read("A.swift") == "second, longer than the first\n")
        try FileSystem.writeAtomically("", to: target)
        #expect(folder.read("A.swift") == "")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["A.swift"])
    }

    @Test func failedAtomicWriteThrowsWhatDataWriteThrowsAndCleansUp() throws {
        let folder = try TemporaryDirectory()
        // rename(2) cannot replace a folder: Data.write reports fileWriteUnknown for the target.
        try FileManager.default.createDirectory(at: folder.file("Folder.swift"), withIntermediateDirectories: true)
        let atFolder = try #require(throws: CocoaError.self) {
            try FileSystem.writeAtomically("text\n", to: folder.file("Folder.swift"))
        }
        #expect(atFolder.code == .fileWriteUnknown)
        #expect(atFolder.filePath == folder.file("Folder.swift").path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["Folder.swift"])

        let missing = folder.file("Missing/A.swift")
        let inMissingFolder = try #require(throws: CocoaError.self) {
            try FileSystem.writeAtomically("text\n", to: missing)
        }
        let expected = try #require(throws: CocoaError.self) {
            try Data("text\n".utf8).write(to: missing, options: .atomic)
        }
        #expect(inMissingFolder.code == expected.code)
        #expect(inMissingFolder.filePath == expected.filePath)
        #expect(CommandLineTool.describe(inMissingFolder) == expected.localizedDescription)
    }

    #if canImport(FoundationEssentials) && !os(Windows)
    @Test func listingMatchesFoundationsEnumerator() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Out/A.swift", "a")
        try folder.write("Out/Models/B.swift", "b")
        try folder.write("Out/.hidden/deep/C.swift", "c")
        try folder.write("Elsewhere/D.swift", "d")
        try FileManager.default.createDirectory(at: folder.file("Out/Empty.swift"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.file("Out/Linked").path, withDestinationPath: folder.file("Elsewhere").path)
        try FileManager.default.createSymbolicLink(atPath: folder.file("Out/Models/Link.swift").path, withDestinationPath: "B.swift")
        try FileManager.default.createSymbolicLink(atPath: folder.file("Out/Broken.swift").path, withDestinationPath: "/nonexistent")
        try FileManager.default.createSymbolicLink(atPath: folder.file("OutLink").path, withDestinationPath: folder.file("Out").path)

        for root in ["Out", "OutLink", "Missing", "Out/A.swift"] {
            let url = folder.file(root).standardizedFileURL
            let listed = FileSystem.nonFolderEntries(under: url.path).sorted()
            var expected: [String] = []
            if let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey]) {
                for case let file as URL in enumerator where !file.hasDirectoryPath { expected.append(file.path) }
            }
            #expect(listed == expected.sorted(), "\(root)")
        }
        #expect(FileSystem.nonFolderEntries(under: folder.file("Out").path).count == 6)
    }
    #endif

    @Test func prefixReadsAtMostCountBytes() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Long.swift", String(repeating: "x", count: 5000))
        try folder.write("Short.swift", "short")
        #expect(FileSystem.prefix(ofFileAtPath: folder.file("Long.swift").path, count: 4096)?.count == 4096)
        #expect(FileSystem.prefix(ofFileAtPath: folder.file("Short.swift").path, count: 4096) == Array("short".utf8))
        #expect(FileSystem.prefix(ofFileAtPath: folder.file("Missing.swift").path, count: 4096) == nil)
        #expect(FileSystem.prefix(ofFileAtPath: folder.url.path, count: 4096) == nil)
    }
}

/// The ASCII shortcuts the naming rules use answer as the Unicode properties do.
@Suite struct ScalarPropertyShortcutTests {
    @Test func shortcutsMatchTheUnicodeProperties() {
        var mismatches: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let unsafe = value < 0x20 || value == 0x7F || (0x80..<0xA0).contains(value)
                || value == 0x2028 || value == 0x2029 || scalar.properties.generalCategory == .format
            if scalar.isAlphabetic != scalar.properties.isAlphabetic || scalar.isUppercase != scalar.properties.isUppercase
                || scalar.isLowercase != scalar.properties.isLowercase || CommentText.isUnsafe(scalar) != unsafe {
                mismatches.append("U+\(String(value, radix: 16, uppercase: true))")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }
}
