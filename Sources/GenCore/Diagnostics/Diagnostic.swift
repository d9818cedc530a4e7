/// A place in a spec file: 1-based line and column (columns count Unicode scalars).
public struct SourceLocation: Hashable, Sendable, Comparable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// One problem found in a spec, with where it is and, when one helps, a hint.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable {
        case error
        case warning
        case note
    }

    public var severity: Severity
    public var file: String
    public var location: SourceLocation?
    public var message: String
    /// The pointers of the endpoints and models whose generated code the diagnostic is about,
    /// where that is known (an OpenAPI import's warning raised while reading them, a union's
    /// member that is never decoded); empty for one about the spec as a whole. With `include`, a
    /// warning whose every such declaration is left out is not printed.
    public var concerns: [String]

    public init(_ severity: Severity, file: String, location: SourceLocation?, message: String, concerns: [String] = []) {
        self.severity = severity
        self.file = file
        self.location = location
        self.message = message
        self.concerns = concerns
    }

    /// `file:line:column: error: message`, the form compilers use, so editors and Xcode link it.
    /// One line whatever the spec holds: control and line-separating characters in the message
    /// or the path are shown as `\u{…}`, so a spec string cannot forge a diagnostic line.
    public var description: String {
        let place = location.map { "\(file):\($0.line):\($0.column)" } ?? file
        return Self.visible("\(place): \(severity.rawValue): \(message)")
    }

    private static func visible(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if CommentText.isUnsafe(scalar) {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension Diagnostic {
    /// Whether it is about endpoints and models none of which is generated: it names what it
    /// concerns (see `concerns`), and `isLeftOut` holds for each. One that concerns nothing named
    /// is about the spec as a whole.
    func concernsOnly(_ isLeftOut: (String) -> Bool) -> Bool {
        !concerns.isEmpty && concerns.allSatisfy(isLeftOut)
    }
}

/// Collects the diagnostics of one spec, so that every problem is reported in one run.
struct DiagnosticCollector {
    let file: String
    private(set) var diagnostics: [Diagnostic] = []
    /// The other files of a document in several (``ExternalReferences``), whose lines the
    /// positions of their content count past the document's: `sorted` names their file again.
    var externalFiles: [(path: String, key: String)] = []

    init(file: String) {
        self.file = file
    }

    var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    mutating func error(_ message: String, at location: SourceLocation?) {
        diagnostics.append(Diagnostic(.error, file: file, location: location, message: message))
    }

    /// A problem that does not stop generation: the files are written, and the warning printed.
    mutating func warning(_ message: String, at location: SourceLocation?, concerns: [String] = []) {
        diagnostics.append(Diagnostic(.warning, file: file, location: location, message: message, concerns: concerns))
    }

    /// Notes that the diagnostic at `index` concerns the declarations at `pointers` as well.
    mutating func add(concerns pointers: [String], toDiagnosticAt index: Int) {
        for pointer in pointers where !diagnostics[index].concerns.contains(pointer) { diagnostics[index].concerns.append(pointer) }
    }

    /// Makes the diagnostic at `index` concern the spec as a whole (no declaration in particular).
    mutating func removeConcerns(ofDiagnosticAt index: Int) {
        diagnostics[index].concerns = []
    }

    mutating func removeAll(where shouldBeRemoved: (Diagnostic) -> Bool) {
        diagnostics.removeAll(where: shouldBeRemoved)
    }

    mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    mutating func append(contentsOf other: DiagnosticCollector) {
        diagnostics += other.diagnostics
    }

    /// Diagnostics in file order, so that output reads top to bottom whatever order checks ran in.
    /// A document's other files come after it, in the order they were read.
    var sorted: [Diagnostic] {
        let placed = externalFiles.isEmpty ? diagnostics : diagnostics.map { ExternalReferences.place($0, files: externalFiles) }
        let rank = Dictionary(externalFiles.enumerated().map { ($0.element.path, $0.offset + 1) }, uniquingKeysWith: { first, _ in first })
        return placed.enumerated().sorted { lhs, rhs in
            let unread = externalFiles.count + 1  // a file that a reference names and that could not be read
            let (lr, rr) = (lhs.element.file == file ? 0 : rank[lhs.element.file] ?? unread, rhs.element.file == file ? 0 : rank[rhs.element.file] ?? unread)
            if lr != rr { return lr < rr }
            let l = lhs.element.location ?? SourceLocation(line: 0, column: 0)
            let r = rhs.element.location ?? SourceLocation(line: 0, column: 0)
            return l == r ? lhs.offset < rhs.offset : l < r
        }.map(\.element)
    }
}

/// "did you mean `City`?" for a misspelt name, when one candidate is close enough.
func suggestion(for name: String, among candidates: some Sequence<String>) -> String? {
    let lowered = name.lowercased()
    var best: (name: String, distance: Int)?
    for candidate in candidates {
        // A prefix of a longer name (`gen` for `generate`) counts as close.
        let isPrefix = lowered.count >= 2 && candidate.lowercased().hasPrefix(lowered)
        let distance = isPrefix ? 1 : editDistance(lowered, candidate.lowercased())
        let limit = max(1, min(name.count, candidate.count) / 3)
        guard distance <= limit else { continue }
        if best == nil || distance < best!.distance || (distance == best!.distance && candidate < best!.name) {
            best = (candidate, distance)
        }
    }
    return best.map { "did you mean '\($0.name)'?" }
}

/// Edit distance over Unicode scalars, counting a swap of two neighbours (`GTE`, `GET`) as one
/// edit (optimal string alignment).
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], beforePrevious[j - 2] + 1)
            }
        }
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
}
