/// The one place that decides layout: four-space indentation, no trailing white space, LF line
/// ends, exactly one final newline. Translators say what to print; the printer says how.
struct CodePrinter {
    private var lines: [String] = []
    private var level = 0

    /// Prints a line at the current indentation; an empty line stays empty.
    mutating func line(_ text: String = "") {
        precondition(!(text.utf8.withContiguousStorageIfAvailable { $0.contains(0x0A) } ?? text.utf8.contains(0x0A)), "print one line at a time")
        if text.isEmpty {
            lines.append("")
        } else {
            lines.append(String(repeating: "    ", count: level) + text)
        }
    }

    /// Prints `body` one level deeper.
    mutating func indented(_ body: (inout CodePrinter) -> Void) {
        level += 1
        body(&self)
        precondition(level > 0, "outdented past zero")
        level -= 1
    }

    /// `opening {`, the body one level deeper, then `}` (or `closing`).
    mutating func block(_ opening: String, closing: String = "}", _ body: (inout CodePrinter) -> Void) {
        line(opening + " {")
        indented(body)
        line(closing)
    }

    /// `head(a, b) tail {`, body, `}`; the list goes one item a line when the line would pass
    /// ``maximumWidth``, the way swift-format wraps it.
    mutating func block(_ head: String, list items: [String], _ tail: String = "", _ body: (inout CodePrinter) -> Void) {
        wrapped(head, items, tail + " {")
        indented(body)
        line("}")
    }

    /// `head(a, b) tail` as one line, or wrapped one item a line when it would be too long.
    mutating func wrapped(_ head: String, _ items: [String], _ tail: String) {
        let oneLine = "\(head)(\(items.joined(separator: ", ")))\(tail)"
        if items.isEmpty || 4 * level + oneLine.count <= Self.maximumWidth {
            line(oneLine)
            return
        }
        line("\(head)(")
        indented { printer in
            for (index, item) in items.enumerated() {
                printer.line(index == items.count - 1 ? item : item + ",")
            }
        }
        line(")\(tail)")
    }

    static let maximumWidth = 120

    /// `///` lines for a description; nothing for none.
    mutating func documentation(_ text: String?) {
        guard let text else { return }
        for line in CommentText.lines(text) {
            self.line(line.isEmpty ? "///" : "/// \(line)")
        }
    }

    /// A blank line between two members, but never two in a row or one right after `{`.
    mutating func separator() {
        guard let last = lines.last, !last.isEmpty, !last.hasSuffix("{") else { return }
        lines.append("")
    }

    var text: String {
        var lines = self.lines
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n") + "\n"
    }
}
