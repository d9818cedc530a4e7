/// The one place that decides layout: four-space indentation, no trailing white space, LF line
/// ends, exactly one final newline. Translators say what to print; the printer says how.
///
/// Lines go straight into one buffer of UTF-8, each with its indentation and without its trailing
/// spaces, followed by "\n"; empty lines at the end are dropped when the text is taken.
struct CodePrinter {
    private var output: [UInt8] = []
    private var level = 0
    /// The length of `output` up to the end of the last line that was not
    /// printed empty: what is left of the text once empty lines at the end are dropped.
    private var contentEnd = 0
    /// Whether anything was printed, whether the last line was printed empty, and whether it
    /// ended with "{": what ``separator()`` decides by.
    private var hasLines = false
    private var lastIsEmpty = false
    private var lastEndsWithBrace = false

    init() {
        output.reserveCapacity(16 * 1024)
    }

    /// Prints a line at the current indentation; an empty line stays empty.
    mutating func line(_ text: String = "") {
        precondition(!(text.utf8.withContiguousStorageIfAvailable { $0.contains(0x0A) } ?? text.utf8.contains(0x0A)), "print one line at a time")
        hasLines = true
        if text.isEmpty {
            lastIsEmpty = true
            lastEndsWithBrace = false
            output.append(0x0A)
            return
        }
        lastIsEmpty = false
        let lastByte = text.utf8.last
        lastEndsWithBrace = lastByte == UInt8(ascii: "{") && text.hasSuffix("{")
        if lastByte == UInt8(ascii: " ") {
            // Trailing spaces are dropped, by Character as ever, indentation included.
            var whole = String(repeating: "    ", count: level) + text
            while whole.last == " " { whole.removeLast() }
            output.append(contentsOf: whole.utf8)
        } else {
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 4 * level))
            output.append(contentsOf: text.utf8)
        }
        output.append(0x0A)
        contentEnd = output.count
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
        // A string has no more characters than UTF-8 bytes: count characters only when it matters.
        if items.isEmpty || 4 * level + oneLine.utf8.count <= Self.maximumWidth || 4 * level + oneLine.count <= Self.maximumWidth {
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
        guard hasLines, !lastIsEmpty, !lastEndsWithBrace else { return }
        lastIsEmpty = true
        output.append(0x0A)
    }

    /// The length of the text so far, empty lines at the end not counted.
    var size: Int { contentEnd }

    /// Prints what `other` printed, line for line: a whole declaration, rendered on its own, put
    /// into a file (at the top level, where indentation is zero).
    mutating func append(_ other: CodePrinter) {
        precondition(level == 0, "append whole declarations only")
        guard other.contentEnd > 0 else { return }
        output.append(contentsOf: other.output[..<other.contentEnd])
        contentEnd = output.count
        hasLines = true
        lastIsEmpty = false
        lastEndsWithBrace = other.lastEndsWithBrace && other.contentEnd == other.output.count
    }

    var text: String {
        contentEnd == 0 ? "\n" : String(decoding: output[..<contentEnd], as: UTF8.self)
    }
}
