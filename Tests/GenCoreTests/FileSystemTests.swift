import Foundation
import Testing

@testable import GenCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// GenCore does not link Foundation: it works on the C library and stands in for the few
/// Foundation APIs it used. These tests link Foundation, so they compare each stand-in with the
/// Foundation behaviour it replaces: `CharacterSet.whitespaces`, `FileManager.enumerator`,
/// `URL(fileURLWithPath:relativeTo:).standardizedFileURL`, `String(data:encoding: .utf8)` and
/// `URL(string:)`; and they check the file operations that replaced `FileManager` and
/// `Data.write(to:options: .atomic)`.
@Suite struct FileSystemTests {
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

    @Test func errorsAreWordedAsTheCLibraryWordsThem() {
        let denied = FileSystemError(path: "/tmp/Out/A.swift", code: EACCES)
        #expect(denied.reason == String(cString: strerror(EACCES)))
        #expect(denied.reason == "Permission denied")
        #expect(denied.description == "/tmp/Out/A.swift: Permission denied")
        #expect(FileSystemError(path: "/x", code: ENOENT).reason == "No such file or directory")
    }

    @Test func atomicWriteCreatesAndReplacesLeavingNoTemporaryFile() throws {
        let folder = try TemporaryDirectory()
        let target = folder.file("A.swift").path
        try FileSystem.writeAtomically("first\n", toPath: target)
        #expect(folder.read("A.swift") == "first\n")
        try FileSystem.writeAtomically("second, longer than the first\n", toPath: target)
        #expect(folder.read("A.swift") == "second, longer than the first\n")
        try FileSystem.writeAtomically("", toPath: target)
        #expect(folder.read("A.swift") == "")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["A.swift"])
    }

    @Test func aStaleFileAnotherRunRemovedFirstIsNoError() throws {
        // Two runs into one folder (the build plugin's commands, one per spec) both remove the
        // files of a spec that is gone; the slower one must not fail.
        let folder = try TemporaryDirectory()
        let stale = (FileHeader.lines(specReference: folder.file("gone.endpointgen.json").path) + ["struct Gone {}", ""])
            .joined(separator: "\n")
        try FileSystem.writeAtomically(stale, toPath: folder.file("gone.1.swift").path)
        let output = OutputDirectory(path: folder.url.path)
        let spec = folder.file("kept.endpointgen.json").path
        let file = GeneratedFile(path: "kept.1.swift", contents: (FileHeader.lines(specReference: spec) + ["struct Kept {}", ""]).joined(separator: "\n"))
        let plan = output.plan([file], specReferences: [spec])
        #expect(plan.removals == ["gone.1.swift"])
        try FileManager.default.removeItem(atPath: folder.file("gone.1.swift").path)
        try output.apply(plan)
        #expect(folder.read("kept.1.swift") == file.contents)
        // Other failures are still errors: a path through a file.
        #expect(throws: FileSystemError.self) { try FileSystem.removeFile(atPath: folder.file("kept.1.swift").path + "/y") }
    }

    @Test func atomicWriteKeepsTheModeOfTheFileItReplaces() throws {
        let folder = try TemporaryDirectory()
        let target = folder.file("A.swift").path
        try FileSystem.writeAtomically("first\n", toPath: target)
        let created = try #require(FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int)
        // A new file is created as open(2) creates one, 0666 less the umask: never executable.
        #expect(created & 0o600 == 0o600 && created & 0o111 == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: target)
        try FileSystem.writeAtomically("second\n", toPath: target)
        #expect(folder.read("A.swift") == "second\n")
        #expect(try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? Int == 0o444)
    }

    @Test func failedAtomicWriteReportsTheTargetAndCleansUp() throws {
        let folder = try TemporaryDirectory()
        // rename(2) cannot replace a folder with a file.
        try FileManager.default.createDirectory(at: folder.file("Folder.swift"), withIntermediateDirectories: true)
        let atFolder = try #require(throws: FileSystemError.self) {
            try FileSystem.writeAtomically("text\n", toPath: folder.file("Folder.swift").path)
        }
        #expect(atFolder == FileSystemError(path: folder.file("Folder.swift").path, code: EISDIR))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["Folder.swift"])

        let missing = folder.file("Missing/A.swift").path
        let inMissingFolder = try #require(throws: FileSystemError.self) {
            try FileSystem.writeAtomically("text\n", toPath: missing)
        }
        #expect(inMissingFolder == FileSystemError(path: missing, code: ENOENT))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["Folder.swift"])
    }

    @Test func readsWholeFilesAndNothingElse() throws {
        let folder = try TemporaryDirectory()
        let large = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(large).write(to: folder.file("Large.bin"))
        try folder.write("Empty.json", "")
        #expect(FileSystem.contents(atPath: folder.file("Large.bin").path) == large)
        #expect(FileSystem.contents(atPath: folder.file("Empty.json").path) == [])
        #expect(FileSystem.contents(atPath: folder.file("Missing.json").path) == nil)
        #expect(FileSystem.contents(atPath: folder.url.path) == nil)
        #if os(Linux)
        // What the kernel makes up as it is read: its size says 0.
        #expect(FileSystem.contents(atPath: "/proc/self/status").map { !$0.isEmpty } == true)
        #endif
    }

    @Test func createsFoldersAsMkdirMinusPDoes() throws {
        let folder = try TemporaryDirectory()
        try FileSystem.createFolders(atPath: folder.file("a/b/c").path)
        try FileSystem.createFolders(atPath: folder.file("a/b/c").path)
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder.file("a/b/c").path, isDirectory: &isFolder) && isFolder.boolValue)
        try folder.write("a/file", "x")
        let blocked = try #require(throws: FileSystemError.self) {
            try FileSystem.createFolders(atPath: folder.file("a/file/d").path)
        }
        #expect(blocked.code == ENOTDIR)
        #expect(FileSystem.removeFolderIfEmpty(atPath: folder.file("a/b").path) == false)
        #expect(FileSystem.removeFolderIfEmpty(atPath: folder.file("a/b/c").path))
        #expect(!folder.exists("a/b/c"))
    }

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

        for root in ["Out", "Missing", "Out/A.swift"] {
            let url = folder.file(root).standardizedFileURL
            let listed = FileSystem.nonFolderEntries(under: url.path).sorted()
            var expected: [String] = []
            if let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.isRegularFileKey]) {
                for case let file as URL in enumerator where !file.hasDirectoryPath { expected.append(file.path) }
            }
            #expect(listed == expected.sorted(), "\(root)")
        }
        let out = FileSystem.nonFolderEntries(under: folder.file("Out").standardizedFileURL.path).sorted()
        #expect(out.count == 6)
        // Unlike the enumerator, a root that is a link to a folder is followed (`--output` naming
        // one: a review found its stale files never removed); links inside still are not.
        let linked = FileSystem.nonFolderEntries(under: folder.file("OutLink").standardizedFileURL.path).sorted()
        #expect(linked == out.map { $0.replacingOccurrences(of: "/Out/", with: "/OutLink/") }.sorted())
    }

    @Test func prefixReadsAtMostCountBytes() throws {
        let folder = try TemporaryDirectory()
        try folder.write("Long.swift", String(repeating: "x", count: 5000))
        try folder.write("Short.swift", "short")
        #expect(FileSystem.prefix(ofFileAtPath: folder.file("Long.swift").path, count: 4096)?.count == 4096)
        #expect(FileSystem.prefix(ofFileAtPath: folder.file("Short.swift").path, count: 4096) == Array("short".utf8))
        #expect(FileSystem.prefix(ofFileAtPath: folder.file("Missing.swift").path, count: 4096) == nil)
        #expect(FileSystem.prefix(ofFileAtPath: folder.url.path, count: 4096) == nil)
    }

    @Test func currentDirectoryIsWhatFoundationSays() {
        #expect(FileSystem.currentDirectory() == FileManager.default.currentDirectoryPath)
    }

    @Test func pathsResolveAsFileURLsDo() {
        let bases = ["/", "/work", "/work/main/", "/a//b/./c", "/a/b/../c", "/x y/é"]
        let paths = ["", ".", "..", "../..", "../../../../x", "spec.json", "./spec.json", "Specs/a.json", "Specs//a.json",
                     "Specs/./a.json", "Specs/../a.json", "a/b/../../c", "/abs/spec.json", "/abs/../spec.json", "//double",
                     "/", "/..", "a/", "a/.", "a/..", "...", "..a", "a..", ".hidden/x", "x y/é.json", "a/./../b/./c/",
                     "~", "~/", "~/x/../y", "~root/x", "~endpointgen-no-such-user/x", "a/~", "./~"]
        for base in bases {
            let baseURL = URL(fileURLWithPath: base, isDirectory: true)
            for path in paths {
                let expected = URL(fileURLWithPath: path, relativeTo: baseURL).standardizedFileURL.path
                #expect(FilePath.absolute(path, in: base) == expected, "\(path) in \(base)")
            }
            #expect(FilePath.standardized(base) == baseURL.standardizedFileURL.path, "\(base)")
            #expect(FilePath.components(base) == Array(baseURL.standardizedFileURL.pathComponents.dropFirst()), "\(base)")
        }
        #expect(FilePath.isAbsolute("/a") && FilePath.isAbsolute("~/a") && FilePath.isAbsolute("~root"))
        #expect(!FilePath.isAbsolute("a/~") && !FilePath.isAbsolute("~endpointgen-no-such-user/a") && !FilePath.isAbsolute(""))
        #expect(FilePath.parent(of: "/a/b") == "/a")
        #expect(FilePath.parent(of: "/a") == "/")
        #expect(FilePath.parent(of: "/") == "/")
        #expect(FilePath.relative("/a/b/c", below: "/a") == "b/c")
        #expect(FilePath.relative("/a/b/c", below: "/a/") == "b/c")
        #expect(FilePath.relative("/ab/c", below: "/a") == nil)
        #expect(FilePath.relative("/a", below: "/a") == nil)
    }

    /// `..` is resolved by the text, as Foundation's file URLs and SwiftPM resolve it: after a
    /// symbolic link it leaves the link's own folder, not the folder the link points into.
    @Test func dotDotIsResolvedByTheTextAsFileURLsDo() throws {
        let folder = try TemporaryDirectory()
        try folder.write("real/inner/spec.json", "{}")
        try folder.write("real/other.json", "{}")
        try folder.write("other.json", "{}")
        try FileManager.default.createSymbolicLink(atPath: folder.file("link").path, withDestinationPath: folder.file("real/inner").path)
        let base = folder.url.path
        for path in ["link/../other.json", "link/spec.json", "link/../inner/spec.json", "link/../missing.json", "real/inner/../other.json", "link/.."] {
            let expected = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: base, isDirectory: true)).standardizedFileURL.path
            #expect(FilePath.absolute(path, in: base) == expected, "\(path)")
        }
        #expect(FilePath.absolute("link/../other.json", in: base) == base + "/other.json")
    }

    @Test func specTextIsReadAsStringDataEncodingReadsIt() {
        var inputs: [[UInt8]] = [
            [], Array("{}".utf8), [0xEF, 0xBB, 0xBF], [0xEF, 0xBB, 0xBF, 0x7B, 0x7D], [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x7B],
            [0xEF, 0xBB], [0x7B, 0xEF, 0xBB, 0xBF], Array("é€😀\u{FFFD}".utf8), [0xC3], [0xC3, 0x28], [0xED, 0xA0, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xFF], [0x00], [0x41, 0x00, 0x42], [0xF0, 0x9F, 0x98],
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let alphabet: [UInt8] = [0x41, 0x7B, 0x00, 0x80, 0xBF, 0xC2, 0xC3, 0xE2, 0xED, 0xEF, 0xBB, 0xF0, 0xF4, 0x9F, 0xFF]
            inputs.append((0..<Int.random(in: 0...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        for bytes in inputs {
            #expect(CommandLineTool.utf8Text(bytes) == String(data: Data(bytes), encoding: .utf8), "\(bytes)")
        }
    }
}

/// The server URL check works on RFC 3986's grammar alone. It must never accept what
/// Foundation's `URL(string:)` rejects (the generated code force-unwraps `URL(string:)`), and it
/// must accept the URLs real specs use.
@Suite struct ServerURLTests {
    /// The check as it was written on Foundation's URL parser.
    static func foundationAccepts(_ text: String) -> Bool {
        guard Resolver.isPortableURL(text), let parsed = URL(string: text), let scheme = parsed.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = parsed.host, !host.isEmpty, parsed.query == nil,
              parsed.fragment == nil, parsed.port.map({ (1...65535).contains($0) }) ?? true
        else { return false }
        return true
    }

    static let accepted = [
        "https://api.example.com", "https://api.example.com/", "http://localhost:8080", "http://127.0.0.1:18080/v1",
        "https://api.example.com/v1/", "HTTPS://API.EXAMPLE.COM/V1", "https://user:secret@example.com/", "https://example.com:443",
        "http://[::1]:8080/", "http://[2001:db8::1]/api", "http://[::ffff:192.0.2.1]", "https://example.com/a%20b/c",
        "https://example.com/~user/it's/(v1)/a;b=c/@x:y", "https://xn--bcher-kva.example/", "https://a-b.c_d.example/",
        "https://example.com:8443/api/v2", "http://example.com:/", "https://example.com//double",
    ]

    static let rejected = [
        "", "example.com", "//example.com", "ftp://example.com", "file:///tmp", "https:/example.com", "https:example.com",
        "https://", "https:///path", "https://example.com?x=1", "https://example.com/?", "https://example.com#top",
        "https://example.com:0", "https://example.com:65536", "https://example.com:99999999999999999999", "https://example.com:8a",
        "https://exa mple.com", "https://example.com/é", "https://example.com/%zz", "https://ex[ample.com", "https://example.com/[x]",
        "http://[::1", "http://[1:2]/", "http://[::1::2]/", "http://[12345::]/", "http://[::1]x/", "http://[::1%25eth0]/",
        "http://[::256.1.1.1]/", "http://[1:2:3]/", "http://[1:2:3:4:5:6:7:8:9]/", "http://[1::2:3:4:5:6:7:8]/", "http://[::1.2.3]/", "http://a@b@c/", "https://:8080", "https://user@:80/", "http://[]",
        "http://[v1.x]/", "http://%41/", "http://a%2Eb/", "https://example.com\n", "https://example.com:-1", "https://example.com:+80",
    ]

    @Test func acceptsWhatRealSpecsUse() {
        for url in Self.accepted {
            #expect(Resolver.isValidServerURL(url), "\(url)")
            #expect(Self.foundationAccepts(url), "Foundation: \(url)")
        }
    }

    @Test func rejectsWhatIsNotAnAbsoluteHTTPURL() {
        for url in Self.rejected {
            #expect(!Resolver.isValidServerURL(url), "\(url)")
        }
    }

    /// Every URL built from pieces that trip parsers: none accepted unless Foundation accepts
    /// it too.
    @Test func neverAcceptsWhatFoundationRejects() {
        let schemes = ["http://", "https://", "HTTP://", "http:/", "http:", "ftp://", ""]
        let userinfos = ["", "user@", "u:p@", "@", "a@b@", "[x]@", "%41@", "u;=!$@"]
        let hosts = ["example.com", "localhost", "", "127.0.0.1", "[::1]", "[2001:db8::8:800:200c:417a]", "[::]", "[1::]", "[::1",
                     "::1]", "[g::1]", "[1:2:3:4:5:6:7:8]", "[1:2:3:4:5:6:7:8:9]", "[::ffff:1.2.3.4]", "[::1.2.3.04]", "ex%41mple",
                     "ex%4", "a_b", "a~b", "a!b$c&d'e(f)g*h+i,j;k=l", "[v7.a]", "xn--n3h", "a.b.c.d.e", "1.2.3.256", "0x7f.1",
                     "%00", "%FF", "a%2Fb", "%41"]
        let ports = ["", ":", ":80", ":0", ":65535", ":65536", ":08080", ":8a", "::80", ":-1"]
        let paths = ["", "/", "/v1", "/v1/", "//", "/a%20b", "/a%2", "/[x]", "/a:b@c", "/é", "/a b", "/?", "/#", "/a?b=c", "/.", "/.."]
        var accepted = 0
        var mismatches: [String] = []
        for scheme in schemes {
            for userinfo in userinfos {
                for host in hosts {
                    for port in ports {
                        for path in paths {
                            let url = scheme + userinfo + host + port + path
                            guard Resolver.isValidServerURL(url) else { continue }
                            accepted += 1
                            if !Self.foundationAccepts(url) { mismatches.append(url) }
                        }
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "accepted what URL(string:) rejects: \(mismatches.prefix(20))")
        #expect(accepted > 10_000)
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
