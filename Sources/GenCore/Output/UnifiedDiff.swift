/// A unified diff of two texts, line by line, with three lines of context: what `check` prints
/// and the golden tests show on a mismatch.
public enum UnifiedDiff {
    public static func diff(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let a = lines(old), b = lines(new)
        let script = editScript(a, b)
        guard script.contains(where: { $0.kind != .same }) else { return "" }
        var output = ["--- \(oldName)", "+++ \(newName)"]
        // Group changes that are closer than 2 × context lines into one hunk.
        var index = 0
        while index < script.count {
            guard let firstChange = script[index...].firstIndex(where: { $0.kind != .same }) else { break }
            let start = max(firstChange - context, index)
            var end = firstChange
            var lastChange = firstChange
            while end < script.count {
                if script[end].kind != .same {
                    lastChange = end
                } else if end - lastChange > 2 * context {
                    break
                }
                end += 1
            }
            let stop = min(lastChange + context + 1, script.count)
            let hunk = script[start..<stop]
            let oldStart = hunk.first.map { $0.oldLine } ?? 0
            let newStart = hunk.first.map { $0.newLine } ?? 0
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            output.append("@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@")
            for edit in hunk {
                switch edit.kind {
                case .same: output.append(" " + edit.text.text)
                case .delete: output.append("-" + edit.text.text)
                case .insert: output.append("+" + edit.text.text)
                }
                if !edit.text.endsWithNewline { output.append("\\ No newline at end of file") }
            }
            index = stop
        }
        return output.joined(separator: "\n") + "\n"
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 0 ? "\(start - 1),0" : count == 1 ? "\(start)" : "\(start),\(count)"
    }

    /// A line and whether a newline ends it: only the last line of a text can lack one, and
    /// `a` without a newline differs from `a` with one, as in `diff -u`.
    struct Line: Equatable {
        var text: Substring
        var endsWithNewline: Bool
    }

    private static func lines(_ text: String) -> [Line] {
        var parts = text.split(separator: "\n", omittingEmptySubsequences: false)
        let lastEnds = parts.last == ""
        if lastEnds { parts.removeLast() }
        return parts.enumerated().map { index, part in
            Line(text: part, endsWithNewline: index < parts.count - 1 || lastEnds)
        }
    }

    struct Edit {
        enum Kind { case same, delete, insert }
        var kind: Kind
        var text: Line
        /// 1-based line numbers in the old and new text where this edit stands.
        var oldLine: Int
        var newLine: Int
    }

    /// The shortest edit script, by Myers' O(ND) algorithm on what lies between the common
    /// first and last lines. Each step keeps only its own window of the search, so memory grows
    /// with the square of the number of differences, not of the file size; past
    /// `maximumDifferences` the middle is shown as removed and added whole, which is still a
    /// correct diff.
    static func editScript(_ a: [Line], _ b: [Line], maximumDifferences: Int = 2000) -> [Edit] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let middleA = Array(a[prefix..<(a.count - suffix)]), middleB = Array(b[prefix..<(b.count - suffix)])
        var edits = (0..<prefix).map { Edit(kind: .same, text: a[$0], oldLine: $0 + 1, newLine: $0 + 1) }
        let middle = myers(middleA, middleB, maximumDifferences: maximumDifferences) ?? replacement(middleA, middleB)
        edits += middle.map { edit in
            var edit = edit
            edit.oldLine += prefix
            edit.newLine += prefix
            return edit
        }
        for offset in 0..<suffix {
            let oldIndex = a.count - suffix + offset, newIndex = b.count - suffix + offset
            edits.append(Edit(kind: .same, text: a[oldIndex], oldLine: oldIndex + 1, newLine: newIndex + 1))
        }
        return edits
    }

    private static func replacement(_ a: [Line], _ b: [Line]) -> [Edit] {
        a.enumerated().map { Edit(kind: .delete, text: $1, oldLine: $0 + 1, newLine: 1) }
            + b.enumerated().map { Edit(kind: .insert, text: $1, oldLine: a.count + 1, newLine: $0 + 1) }
    }

    private static func myers(_ a: [Line], _ b: [Line], maximumDifferences: Int) -> [Edit]? {
        let n = a.count, m = b.count
        let max = n + m
        guard max > 0 else { return [] }
        var v = [Int](repeating: 0, count: 2 * max + 2)
        // trace[d][k + d] is v[k] as it stood before step d, for k in -d...d.
        var trace: [[Int]] = []
        var found = false
        search: for d in 0...min(max, maximumDifferences) {
            trace.append(Array(v[(max - d)...(max + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[k - 1 + max] < v[k + 1 + max]) {
                    x = v[k + 1 + max]
                } else {
                    x = v[k - 1 + max] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[k + max] = x
                if x >= n && y >= m {
                    found = true
                    break search
                }
            }
        }
        guard found else { return nil }
        // Walk the trace back from the end to recover the edits.
        var edits: [Edit] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let window = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && window[k - 1 + d] < window[k + 1 + d])) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : window[previousK + d]
            let previousY = previousX - previousK
            while x > previousX && y > previousY {
                edits.append(Edit(kind: .same, text: a[x - 1], oldLine: x, newLine: y))
                x -= 1
                y -= 1
            }
            if d > 0 {
                if x == previousX {
                    edits.append(Edit(kind: .insert, text: b[y - 1], oldLine: x + 1, newLine: y))
                } else {
                    edits.append(Edit(kind: .delete, text: a[x - 1], oldLine: x, newLine: y + 1))
                }
            }
            x = previousX
            y = previousY
        }
        return edits.reversed()
    }
}
