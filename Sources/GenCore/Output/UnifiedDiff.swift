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

    /// Myers' O(ND) shortest edit script.
    static func editScript(_ a: [Line], _ b: [Line]) -> [Edit] {
        let n = a.count, m = b.count
        let max = n + m
        var v = [Int](repeating: 0, count: 2 * max + 2)
        var trace: [[Int]] = []
        var found = false
        for d in 0...max {
            trace.append(v)
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
                    break
                }
            }
            if found { break }
        }
        // Walk the trace back from the end to recover the edits.
        var edits: [Edit] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && v[k - 1 + max] < v[k + 1 + max])) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : v[previousK + max]
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
