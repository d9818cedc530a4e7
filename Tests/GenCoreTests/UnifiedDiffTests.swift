import Foundation
import Testing

@testable import GenCore

/// `UnifiedDiff`: the same hunks as GNU `diff -u` on unambiguous inputs, and, on random inputs,
/// a minimal edit script and a diff that patches the old text into the new one.
@Suite struct UnifiedDiffTests {
    struct Pair: Sendable, CustomTestStringConvertible {
        var name: String
        var old: String
        var new: String
        var testDescription: String { name }
    }

    static func numbered(_ range: ClosedRange<Int>, _ prefix: String = "line") -> [String] {
        range.map { "\(prefix) \($0)" }
    }

    static func text(_ lines: [String]) -> String {
        lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// Inputs whose lines are all distinct, so that there is only one shortest diff.
    static let pairs: [Pair] = {
        let ten = numbered(1...10)
        let forty = numbered(1...40)
        func replacing(_ lines: [String], _ changes: [Int: String]) -> [String] {
            lines.enumerated().map { changes[$0.offset + 1] ?? $0.element }
        }
        return [
            Pair(name: "insert at the start", old: text(ten), new: text(["new"] + ten)),
            Pair(name: "insert in the middle", old: text(ten), new: text(Array(ten[..<5]) + ["new a", "new b"] + ten[5...])),
            Pair(name: "insert at the end", old: text(ten), new: text(ten + ["new"])),
            Pair(name: "delete at the start", old: text(ten), new: text(Array(ten.dropFirst()))),
            Pair(name: "delete in the middle", old: text(ten), new: text(Array(ten[..<4]) + ten[7...])),
            Pair(name: "delete at the end", old: text(ten), new: text(Array(ten.dropLast(2)))),
            Pair(name: "change one line", old: text(ten), new: text(replacing(ten, [6: "changed"]))),
            Pair(name: "change three lines into one", old: text(ten), new: text(Array(ten[..<3]) + ["one"] + ten[6...])),
            Pair(name: "everything new", old: "", new: text(["a", "b", "c"])),
            Pair(name: "everything deleted", old: text(["a", "b", "c"]), new: ""),
            Pair(name: "one line to another", old: "a\n", new: "b\n"),
            Pair(name: "two far changes", old: text(forty), new: text(replacing(forty, [3: "x", 35: "y"]))),
            Pair(name: "changes six lines apart", old: text(forty), new: text(replacing(forty, [10: "x", 17: "y"]))),
            Pair(name: "changes seven lines apart", old: text(forty), new: text(replacing(forty, [10: "x", 18: "y"]))),
            Pair(name: "changes eight lines apart", old: text(forty), new: text(replacing(forty, [10: "x", 19: "y"]))),
            Pair(name: "first and last line", old: text(forty), new: text(replacing(forty, [1: "x", 40: "y"]))),
            Pair(name: "many scattered changes", old: text(forty),
                 new: text(replacing(forty, [2: "a", 5: "b", 20: "c", 21: "d", 33: "e"]).filter { $0 != "line 12" } + ["end"])),
        ]
    }()

    @Test func identicalTextsGiveNoDiff() {
        #expect(UnifiedDiff.diff(old: "", new: "", oldName: "a", newName: "b") == "")
        #expect(UnifiedDiff.diff(old: "x\ny\n", new: "x\ny\n", oldName: "a", newName: "b") == "")
        let long = Self.text(Self.numbered(1...500))
        #expect(UnifiedDiff.diff(old: long, new: long, oldName: "a", newName: "b") == "")
    }

    @Test func headerNamesBothSides() {
        let diff = UnifiedDiff.diff(old: "a\n", new: "b\n", oldName: "a/Out/X.swift", newName: "b/Out/X.swift")
        #expect(diff == "--- a/Out/X.swift\n+++ b/Out/X.swift\n@@ -1 +1 @@\n-a\n+b\n")
    }

    @Test func handCheckedHunks() {
        let ten = Self.text(Self.numbered(1...10))
        let inserted = Self.text(Array(Self.numbered(1...3)) + ["new"] + Self.numbered(4...10))
        #expect(body(UnifiedDiff.diff(old: ten, new: inserted, oldName: "o", newName: "n")) ==
                ["@@ -1,6 +1,7 @@", " line 1", " line 2", " line 3", "+new", " line 4", " line 5", " line 6"])
        #expect(body(UnifiedDiff.diff(old: "", new: "a\nb\n", oldName: "o", newName: "n")) == ["@@ -0,0 +1,2 @@", "+a", "+b"])
        #expect(body(UnifiedDiff.diff(old: "a\nb\n", new: "", oldName: "o", newName: "n")) == ["@@ -1,2 +0,0 @@", "-a", "-b"])
        #expect(body(UnifiedDiff.diff(old: "a\nb\nc\n", new: "a\nc\n", oldName: "o", newName: "n")) ==
                ["@@ -1,3 +1,2 @@", " a", "-b", " c"])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/diff"), "needs /usr/bin/diff"), arguments: pairs)
    func matchesGNUDiff(_ pair: Pair) async throws {
        let ours = UnifiedDiff.diff(old: pair.old, new: pair.new, oldName: "old", newName: "new")
        let folder = try TemporaryDirectory()
        try folder.write("old", pair.old)
        try folder.write("new", pair.new)
        let gnu = try await runProcess("/usr/bin/diff", ["-u", "old", "new"], in: folder.url)
        #expect(gnu.status == 1)
        #expect(body(ours) == body(gnu.standardOutput), "ours:\n\(ours)\ndiff -u:\n\(gnu.standardOutput)")
        #expect(ours.hasPrefix("--- old\n+++ new\n"))
    }

    @Test func editScriptsAreMinimalAndReproduceBothTexts() {
        var generator = SeededGenerator(seed: 31337)
        let alphabet: [Substring] = ["a", "b", "c", "d", "e", ""]
        for _ in 0..<600 {
            let a = (0..<Int.random(in: 0...25, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let b = mutate(a, using: &generator, alphabet: alphabet)
            let script = UnifiedDiff.editScript(lines(a), lines(b))
            #expect(script.filter { $0.kind != .insert }.map(\.text.text) == a, "\(a) → \(b)")
            #expect(script.filter { $0.kind != .delete }.map(\.text.text) == b, "\(a) → \(b)")
            let changes = script.filter { $0.kind != .same }.count
            #expect(changes == a.count + b.count - 2 * lcsLength(a, b), "\(a) → \(b): not minimal")
            for edit in script {
                if edit.kind != .insert { #expect(a.indices.contains(edit.oldLine - 1) && a[edit.oldLine - 1] == edit.text.text) }
                if edit.kind != .delete { #expect(b.indices.contains(edit.newLine - 1) && b[edit.newLine - 1] == edit.text.text) }
            }
        }
    }

    @Test func diffsPatchTheOldTextIntoTheNew() throws {
        var generator = SeededGenerator(seed: 4242)
        let alphabet: [Substring] = ["x", "y", "z", "w", "func f() {", "}", ""]
        for iteration in 0..<500 {
            let a = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let b = iteration % 10 == 0 ? a : mutate(a, using: &generator, alphabet: alphabet)
            let old = Self.text(a.map(String.init)), new = Self.text(b.map(String.init))
            let diff = UnifiedDiff.diff(old: old, new: new, oldName: "o", newName: "n")
            if a == b {
                #expect(diff == "")
                continue
            }
            let patched = try apply(diff, to: a.map(String.init))
            #expect(patched == b.map(String.init), "\(a) → \(b)\n\(diff)")
        }
    }

    @Test func textsDifferingOnlyInTheFinalNewlineGiveADiff() {
        let diff = UnifiedDiff.diff(old: "a\nb", new: "a\nb\n", oldName: "o", newName: "n")
        // What `diff -u` prints for the same pair.
        #expect(diff == "--- o\n+++ n\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n")
    }

    /// Lines that all end with a newline, as the edit script takes them.
    private func lines(_ texts: [Substring]) -> [UnifiedDiff.Line] {
        texts.map { UnifiedDiff.Line(text: $0, endsWithNewline: true) }
    }

    // MARK: Helpers

    /// The diff without its two header lines.
    private func body(_ diff: String) -> [String] {
        Array(diff.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).dropLast().map(String.init))
    }

    private func mutate(_ lines: [Substring], using generator: inout SeededGenerator, alphabet: [Substring]) -> [Substring] {
        var result = lines
        for _ in 0..<Int.random(in: 0...6, using: &generator) {
            let choice = Int.random(in: 0..<3, using: &generator)
            if choice == 0 || result.isEmpty {
                result.insert(alphabet.randomElement(using: &generator)!, at: Int.random(in: 0...result.count, using: &generator))
            } else if choice == 1 {
                result.remove(at: Int.random(in: 0..<result.count, using: &generator))
            } else {
                result[Int.random(in: 0..<result.count, using: &generator)] = alphabet.randomElement(using: &generator)!
            }
        }
        return result
    }

    private func lcsLength(_ a: [Substring], _ b: [Substring]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        return table[0][0]
    }

    struct PatchError: Error, CustomStringConvertible {
        var description: String
    }

    /// Applies a unified diff the way `patch` does, checking every header and context line.
    private func apply(_ diff: String, to old: [String]) throws -> [String] {
        var lines = diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 3, lines[0].hasPrefix("--- "), lines[1].hasPrefix("+++ "), lines.last == "" else {
            throw PatchError(description: "bad header")
        }
        lines = Array(lines[2..<(lines.count - 1)])
        var result: [String] = []
        var cursor = 0
        var index = 0
        while index < lines.count {
            let header = lines[index]
            guard let match = header.wholeMatch(of: /@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/) else {
                throw PatchError(description: "expected a hunk header, found '\(header)'")
            }
            let oldStart = Int(match.1)!, oldCount = match.2.map { Int($0)! } ?? 1
            let newStart = Int(match.3)!, newCount = match.4.map { Int($0)! } ?? 1
            let start = oldCount == 0 ? oldStart : oldStart - 1
            guard start >= cursor, start <= old.count else { throw PatchError(description: "hunk \(header) out of order") }
            result += old[cursor..<start]
            cursor = start
            guard result.count == (newCount == 0 ? newStart : newStart - 1) else {
                throw PatchError(description: "hunk \(header) starts at new line \(result.count + 1)")
            }
            index += 1
            var seenOld = 0, seenNew = 0
            while index < lines.count, !lines[index].hasPrefix("@@") {
                let line = lines[index]
                let text = String(line.dropFirst())
                switch line.first {
                case " ", "-":
                    guard cursor < old.count, old[cursor] == text else { throw PatchError(description: "context mismatch at \(line)") }
                    if line.first == " " { result.append(text); seenNew += 1 }
                    cursor += 1
                    seenOld += 1
                case "+":
                    result.append(text)
                    seenNew += 1
                default:
                    throw PatchError(description: "bad line '\(line)'")
                }
                index += 1
            }
            guard seenOld == oldCount, seenNew == newCount else { throw PatchError(description: "counts of \(header) are wrong") }
        }
        return result + old[cursor...]
    }

    @Test func pastTheDifferenceCapTheMiddleIsReplacedWhole() {
        let a = ["keep", "1", "2", "3", "end"].map { UnifiedDiff.Line(text: $0[...], endsWithNewline: true) }
        let b = ["keep", "x", "y", "end"].map { UnifiedDiff.Line(text: $0[...], endsWithNewline: true) }
        let script = UnifiedDiff.editScript(a, b, maximumDifferences: 2)
        #expect(script.filter { $0.kind != .insert }.map(\.text) == a)
        #expect(script.filter { $0.kind != .delete }.map(\.text) == b)
        #expect(script.map(\.kind) == [.same, .delete, .delete, .delete, .insert, .insert, .same])
    }

    @Test func twoLargeUnrelatedFilesDiffQuickly() {
        // 20,000 changed lines: the search stops at its cap instead of growing quadratically.
        let old = (0..<10_000).map { "old \($0)" }.joined(separator: "\n") + "\n"
        let new = (0..<10_000).map { "new \($0)" }.joined(separator: "\n") + "\n"
        let diff = UnifiedDiff.diff(old: old, new: new, oldName: "o", newName: "n")
        #expect(diff.hasPrefix("--- o\n+++ n\n@@ -1,10000 +1,10000 @@\n-old 0\n"))
        #expect(diff.split(separator: "\n").count == 3 + 20_000)
    }
}
