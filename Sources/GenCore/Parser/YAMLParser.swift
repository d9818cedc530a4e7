/// A YAML 1.2 reader that gives the same tree, with positions, as ``JSONParser`` gives for the
/// same document written in JSON, so that an OpenAPI document (or a spec) written in YAML takes
/// the same way through the generator.
///
/// It reads what YAML documents for APIs use: block mappings and sequences (indentless
/// sequences and compact entries such as `- name: x` included), flow collections, plain, single-
/// and double-quoted scalars over several lines, literal and folded block scalars with their
/// indicators, comments, anchors and aliases, merge keys (`<<`), the standard tags (`!!str`…) and
/// one document with its `---`/`...` markers. Plain scalars resolve by YAML 1.2's core schema:
/// `true`, `null`, `12` and `1.5` are what JSON's are, and `yes`, `on` or `2024-01-01` stay text
/// (YAML 1.1 would change them). A key is text, as JSON's keys are: `200:` is the key "200".
///
/// What JSON cannot hold is an error, never a silent change: a key that is a collection, a
/// number JSON has no form for (`.inf`, `.nan`), a second document, a tag it does not know. As
/// the JSON reader does, it refuses duplicate keys, and it stops at the first problem.
struct YAMLParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// The last position worked out: a column is counted on from it while it is on the line, so
    /// that a long line (a document minified onto one) costs its length once, not once a value.
    private var counted = (line: 0, index: 0, column: 1)
    private var depth = 0
    /// Anchored nodes by name, with the number of values each holds.
    private var anchors: [String: (node: JSONNode, size: Int)] = [:]
    /// Values copied by aliases so far: a few aliases of aliases would otherwise make a document
    /// of a few lines billions of values large.
    private var aliasedValues = 0
    /// Deeper than documents go (a block mapping 256 deep is indented 512 columns), and shallow
    /// enough for the stack of a debug build on a thread of Swift's concurrency pool: each
    /// level of block nesting is four calls.
    private static let maximumDepth = 256
    private static let maximumAliasedValues = 1_000_000

    private init(_ text: String) {
        // Line breaks become "\n" (a "\r" before one, or alone, ends the line as JSON's reader
        // counts it), and a byte-order mark is dropped: it takes no column.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var utf8 = text.utf8[...]
        if utf8.starts(with: [0xEF, 0xBB, 0xBF]) { utf8 = utf8.dropFirst(3) }
        var previousWasReturn = false
        for byte in utf8 {
            if byte == UInt8(ascii: "\r") {
                bytes.append(UInt8(ascii: "\n"))
                previousWasReturn = true
                continue
            }
            if !(byte == UInt8(ascii: "\n") && previousWasReturn) { bytes.append(byte) }
            previousWasReturn = false
        }
        self.bytes = bytes
    }

    static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        var parser = YAMLParser(text)
        return try parser.parseStream()
    }

    // MARK: Positions and characters

    private var location: SourceLocation {
        mutating get {
            if counted.line != line || counted.index > index || counted.index < lineStart {
                counted = (line, lineStart, 1)
            }
            var column = counted.column
            for position in counted.index..<index where bytes[position] & 0xC0 != 0x80 { column += 1 }
            counted = (line, index, column)
            return SourceLocation(line: line, column: column)
        }
    }

    /// The column in bytes, which is the column in spaces where indentation is measured.
    private var indent: Int { index - lineStart }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func byte(at offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private static func isBlank(_ byte: UInt8?) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// A space, a tab, a line break or the end: what must follow `-`, `?`, `:` as indicators.
    private static func isSeparator(_ byte: UInt8?) -> Bool {
        byte == nil || isBlank(byte) || byte == UInt8(ascii: "\n")
    }

    private static func isFlowIndicator(_ byte: UInt8?) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"): true
        default: false
        }
    }

    private func error(_ message: String, at location: SourceLocation) -> JSONSyntaxError {
        JSONSyntaxError(message: "malformed YAML: \(message)", location: location)
    }

    private mutating func error(_ message: String) -> JSONSyntaxError {
        error(message, at: location)
    }

    /// The scalar at the current position, as a message shows it.
    private func displayScalar() -> String {
        index < bytes.count ? "'" + displayedScalar(bytes, at: index) + "'" : "the end"
    }

    private mutating func newLine() {
        index += 1
        line += 1
        lineStart = index
    }

    private mutating func skipBlanks() {
        while Self.isBlank(peek) { index += 1 }
    }

    private mutating func skipComment() {
        while let byte = peek, byte != UInt8(ascii: "\n") { index += 1 }
    }

    /// After a node on its line: only blanks and a comment may follow.
    private mutating func expectLineEnd(after what: String) throws(JSONSyntaxError) {
        skipBlanks()
        if peek == UInt8(ascii: "#") {
            guard index > 0, Self.isBlank(bytes[index - 1]) else { throw error("a comment needs a space before its '#'") }
            skipComment()
        }
        guard peek == nil || peek == UInt8(ascii: "\n") else {
            throw error("unexpected \(displayScalar()) after \(what) on the same line")
        }
    }

    /// Moves to the next content of block context, past blanks, comments and empty lines. A tab
    /// may not indent a line that holds content.
    private mutating func skipToContent() throws(JSONSyntaxError) {
        var crossedLine = index == lineStart
        while let byte = peek {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): index += 1
            case UInt8(ascii: "#"):
                if index > lineStart, !Self.isBlank(bytes[index - 1]) { return }
                skipComment()
            case UInt8(ascii: "\n"):
                newLine()
                crossedLine = true
            default:
                if crossedLine, bytes[lineStart..<index].contains(UInt8(ascii: "\t")) {
                    throw error("a tab indents this line; YAML indents with spaces")
                }
                return
            }
        }
    }

    /// Moves past blanks, line breaks and comments inside a flow collection.
    private mutating func skipFlowSpace() {
        while let byte = peek {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): index += 1
            case UInt8(ascii: "#"):
                if index > lineStart, !Self.isBlank(bytes[index - 1]) { return }
                skipComment()
            case UInt8(ascii: "\n"): newLine()
            default: return
            }
        }
    }

    /// `---` or `...` at the start of a line, followed by a separator.
    private var atDocumentMarker: Bool {
        guard index == lineStart, index + 3 <= bytes.count else { return false }
        let first = bytes[index]
        guard first == UInt8(ascii: "-") || first == UInt8(ascii: ".") else { return false }
        return bytes[index + 1] == first && bytes[index + 2] == first && Self.isSeparator(byte(at: 3))
    }

    private var atEndOfBlock: Bool { peek == nil || atDocumentMarker }

    /// `-` followed by a separator: a block sequence entry.
    private var atSequenceEntry: Bool { peek == UInt8(ascii: "-") && Self.isSeparator(byte(at: 1)) }

    private mutating func enter(at start: SourceLocation) throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nested more than \(Self.maximumDepth) levels deep", at: start) }
    }

    // MARK: The document

    private mutating func parseStream() throws(JSONSyntaxError) -> JSONNode {
        try skipToContent()
        while peek == UInt8(ascii: "%"), index == lineStart {
            let start = location
            let directiveStart = index
            skipComment()
            let directive = String(decoding: bytes[directiveStart..<index], as: UTF8.self)
            if directive.hasPrefix("%YAML") {
                let version = directive.dropFirst(5).drop(while: { $0 == " " || $0 == "\t" })
                guard version.hasPrefix("1.") else { throw error("this reader reads YAML 1.x, not '\(directive)'", at: start) }
            } else if directive.hasPrefix("%TAG") {
                throw error("tag directives (%TAG) are not supported", at: start)
            }
            try skipToContent()
        }
        var onMarkerLine = false
        if atDocumentMarker, peek == UInt8(ascii: "-") {
            index += 3
            skipBlanks()
            if peek == UInt8(ascii: "#") || peek == UInt8(ascii: "\n") || peek == nil {
                try skipToContent()
            } else {
                onMarkerLine = true
            }
        }
        guard !atEndOfBlock else {
            throw error("the document is empty; expected \(onMarkerLine ? "a value" : "an OpenAPI document or a spec")")
        }
        let root = try parseNode(parentIndent: -1, indentlessSequence: false, onKeyLine: onMarkerLine)
        try skipToContent()
        if atDocumentMarker, peek == UInt8(ascii: ".") {
            index += 3
            try expectLineEnd(after: "the document end marker")
            try skipToContent()
        }
        if atDocumentMarker, peek == UInt8(ascii: "-") {
            throw error("a second document starts here; endpointgen reads one document per file")
        }
        if peek != nil {
            throw error("unexpected \(displayScalar()) after the end of the document (its root is \(root.kindName))")
        }
        return root
    }

    // MARK: Block nodes

    /// The node at the current position (content). `parentIndent` is the indentation of the
    /// collection that holds it (-1 for the root): its further lines are indented more.
    /// `indentlessSequence`: a mapping's value, whose sequence may stand at the key's indentation.
    /// `onKeyLine`: the node starts on the line of its key (`key: value`), where no block
    /// collection can start.
    private mutating func parseNode(parentIndent: Int, indentlessSequence: Bool, onKeyLine: Bool) throws(JSONSyntaxError) -> JSONNode {
        let parsed = try parseScalarOrCollection(parentIndent: parentIndent, indentlessSequence: indentlessSequence, onKeyLine: onKeyLine)
        if let error = parsed.unresolvable { throw error }
        return parsed.node
    }

    /// A node, and for a scalar its text as written (a plain one's before it resolves), which a
    /// tag such as `!!str` reads.
    private struct Parsed {
        var node: JSONNode
        var text: String? = nil
        var plain = false
        var alias = false
        /// Why a plain scalar has no value JSON can hold (`.inf`): an error where it is a value,
        /// nothing where it is a key, which is its text.
        var unresolvable: JSONSyntaxError? = nil
    }

    /// A block node with its properties; `inherited` holds those on the lines above it.
    private mutating func parseScalarOrCollection(
        parentIndent: Int, indentlessSequence: Bool, onKeyLine: Bool, properties inherited: Properties = Properties()
    ) throws(JSONSyntaxError) -> Parsed {
        let properties = try parseProperties(after: inherited)
        if properties.count > inherited.count, peek == nil || peek == UInt8(ascii: "\n") || peek == UInt8(ascii: "#") {
            // The node is on the lines below its anchor or tag (which may have more), or it is empty.
            let after = location
            try skipToContent()
            if atEndOfBlock || indent < parentIndent || (indent == parentIndent && !(indentlessSequence && atSequenceEntry)) {
                return try apply(properties, to: Parsed(node: JSONNode(value: .string(""), location: after), text: "", plain: true))
            } else if indent == parentIndent {
                return try apply(properties, to: Parsed(node: try parseBlockSequence(indent: indent, indentless: true)))
            }
            return try parseScalarOrCollection(parentIndent: parentIndent, indentlessSequence: false, onKeyLine: false, properties: properties)
        }
        let start = location
        let column = indent
        var parsed: Parsed
        switch peek {
        case UInt8(ascii: "-") where atSequenceEntry:
            if onKeyLine { throw error("a block sequence cannot start on the line of its key; start it on the next line") }
            parsed = Parsed(node: try parseBlockSequence(indent: column, indentless: false))
        case UInt8(ascii: "?") where Self.isSeparator(byte(at: 1)):
            try checkMappingStart(onKeyLine: onKeyLine, keyHasProperties: properties.count > inherited.count, at: start)
            let key = try parseExplicitKey(indent: column)
            return try apply(properties, to: Parsed(node: try parseBlockMapping(indent: column, firstKey: key, start: start)))
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            let node = try parseBlockScalar(parentIndent: parentIndent)
            parsed = Parsed(node: node, text: node.stringValue)
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            let node = try parseFlowCollection()
            skipBlanks()
            if peek == UInt8(ascii: ":") { throw error("a key must be text, not \(node.kindName)", at: start) }
            try expectLineEnd(after: node.kindName)
            parsed = Parsed(node: node)
        case UInt8(ascii: "*"):
            let node = try parseAlias()
            skipBlanks()
            if peek == UInt8(ascii: ":") { throw error("an alias cannot be a key", at: start) }
            try expectLineEnd(after: "the alias")
            parsed = Parsed(node: node, alias: true)
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            let scalar = try parseQuoted()
            skipBlanks()
            if peek == UInt8(ascii: ":"), Self.isSeparator(byte(at: 1)) {
                guard scalar.location.line == line else { throw error("a key must fit on one line", at: scalar.location) }
                try checkMappingStart(onKeyLine: onKeyLine, keyHasProperties: properties.count > inherited.count, at: start)
                index += 1
                let key = Key(text: scalar.text, location: start, plain: false)
                return try apply(properties, to: Parsed(node: try parseBlockMapping(indent: column, firstKey: key, start: start)))
            }
            try expectLineEnd(after: "the quoted text")
            parsed = Parsed(node: JSONNode(value: .string(scalar.text), location: start, columns: scalar.columns), text: scalar.text)
        case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: "@"), UInt8(ascii: "`"), UInt8(ascii: "%"):
            throw error("unexpected \(displayScalar()); text that starts with it goes in quotes")
        default:
            let first = scanPlainLine(flow: false)
            if peek == UInt8(ascii: ":"), Self.isSeparator(byte(at: 1)) {
                try checkMappingStart(onKeyLine: onKeyLine, keyHasProperties: properties.count > inherited.count, at: start)
                guard !first.isEmpty else { throw error("a key is missing before ':'") }
                index += 1
                let key = Key(text: first, location: start, plain: true)
                return try apply(properties, to: Parsed(node: try parseBlockMapping(indent: column, firstKey: key, start: start)))
            }
            guard !first.isEmpty else { throw error("unexpected \(displayScalar())") }
            let text = try continuePlain(first, parentIndent: parentIndent)
            let columns: StringColumns? = text.utf8.count == first.utf8.count ? .unquoted : nil
            parsed = Parsed(node: JSONNode(value: .string(text), location: start, columns: columns), text: text, plain: true)
        }
        return try apply(properties, to: parsed)
    }

    /// A block mapping may start where a node does, but not on its key's line, and an anchor or
    /// tag on the line of its first key would be the key's (which is not supported).
    private func checkMappingStart(onKeyLine: Bool, keyHasProperties: Bool, at start: SourceLocation) throws(JSONSyntaxError) {
        if onKeyLine { throw error("a mapping cannot start on the line of its key; start it on the next line, indented", at: start) }
        if keyHasProperties { throw error("an anchor or tag before a key is not supported", at: start) }
    }

    private struct Key {
        var text: String
        var location: SourceLocation
        /// Written without quotes: only a plain `<<` is a merge key.
        var plain: Bool
        /// Written after `?`: it may have no value, and its value may be a block collection on
        /// the line of the `:`.
        var explicit = false
        /// A `:` and a value follow; an explicit key may have none.
        var hasValue = true
    }

    /// A block mapping whose first key, at `indent`, has been read, up to and past its `:`.
    private mutating func parseBlockMapping(indent column: Int, firstKey: Key, start: SourceLocation) throws(JSONSyntaxError) -> JSONNode {
        try enter(at: start)
        var mapping = MappingBuilder()
        var key = firstKey
        while true {
            let value = key.hasValue
                ? try parseMappingValue(mappingIndent: column, onKeyLine: !key.explicit)
                : JSONNode(value: .null, location: key.location)
            try mapping.add(key, value, parser: self)
            try skipToContent()
            if atEndOfBlock || indent < column { break }
            if indent > column {
                throw error("this line's indentation matches none around it: the keys of the mapping at line \(start.line) stand at column \(column + 1)")
            }
            if atSequenceEntry { throw error("a sequence entry where a key of the mapping at line \(start.line) was expected") }
            key = try parseKey(mappingStart: start, indent: column)
        }
        depth -= 1
        return JSONNode(value: .object(mapping.merged()), location: start)
    }

    /// The key of a block mapping's next entry, and its `:`.
    private mutating func parseKey(mappingStart: SourceLocation, indent column: Int) throws(JSONSyntaxError) -> Key {
        let start = location
        let key: Key
        switch peek {
        case UInt8(ascii: "?") where Self.isSeparator(byte(at: 1)):
            return try parseExplicitKey(indent: column)
        case UInt8(ascii: "&"), UInt8(ascii: "!"):
            throw error("an anchor or tag before a key is not supported")
        case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "*"):
            throw error("a key must be text, not \(peek == UInt8(ascii: "*") ? "an alias" : "a collection")")
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            let scalar = try parseQuoted()
            guard scalar.location.line == line else { throw error("a key must fit on one line", at: start) }
            key = Key(text: scalar.text, location: start, plain: false)
            skipBlanks()
        default:
            let text = scanPlainLine(flow: false)
            guard !text.isEmpty else { throw error("unexpected \(displayScalar()) where a key of the mapping at line \(mappingStart.line) was expected") }
            key = Key(text: text, location: start, plain: true)
        }
        guard peek == UInt8(ascii: ":"), Self.isSeparator(byte(at: 1)) else {
            throw error("expected ':' after the key '\(key.text)' (the mapping at line \(mappingStart.line) goes on at this indentation)", at: start)
        }
        index += 1
        return key
    }

    /// A key written after `?` (which YAML writers use for the empty key, or a long one), and the
    /// `:` on a line of its own at the key's indentation, if there is one.
    private mutating func parseExplicitKey(indent column: Int) throws(JSONSyntaxError) -> Key {
        let start = location
        try enter(at: start)
        defer { depth -= 1 }
        index += 1  // ?
        skipBlanks()
        if peek == nil || peek == UInt8(ascii: "\n") || peek == UInt8(ascii: "#") {
            try skipToContent()
            guard !atEndOfBlock, indent > column else { throw error("a key is missing after '?'", at: start) }
        }
        let keyStart = location
        let parsed = try parseScalarOrCollection(parentIndent: column, indentlessSequence: false, onKeyLine: false)
        guard !parsed.node.isCollection, !parsed.alias, let text = parsed.text else {
            throw error(parsed.alias ? "an alias cannot be a key" : "a key must be text, not \(parsed.node.kindName)", at: keyStart)
        }
        var key = Key(text: text, location: keyStart, plain: parsed.plain, explicit: true)
        try skipToContent()
        if !atEndOfBlock, indent == column, peek == UInt8(ascii: ":"), Self.isSeparator(byte(at: 1)) {
            index += 1
        } else {
            key.hasValue = false
        }
        return key
    }

    /// The value after a key's `:`: on the same line, on the lines below (indented, or a
    /// sequence at the key's indentation), or nothing (null).
    private mutating func parseMappingValue(mappingIndent: Int, onKeyLine: Bool) throws(JSONSyntaxError) -> JSONNode {
        skipBlanks()
        let after = location
        if peek == nil || peek == UInt8(ascii: "\n") || peek == UInt8(ascii: "#") {
            try skipToContent()
            if atEndOfBlock { return JSONNode(value: .null, location: after) }
            if indent > mappingIndent {
                return try parseNode(parentIndent: mappingIndent, indentlessSequence: false, onKeyLine: false)
            }
            if indent == mappingIndent, atSequenceEntry { return try parseBlockSequence(indent: mappingIndent, indentless: true) }
            return JSONNode(value: .null, location: after)
        }
        return try parseNode(parentIndent: mappingIndent, indentlessSequence: true, onKeyLine: onKeyLine)
    }

    /// A block sequence whose first `-` is at the current position, at `indent`.
    private mutating func parseBlockSequence(indent column: Int, indentless: Bool) throws(JSONSyntaxError) -> JSONNode {
        let start = location
        try enter(at: start)
        var elements: [JSONNode] = []
        while true {
            let entry = location
            index += 1  // -
            skipBlanks()
            if peek == nil || peek == UInt8(ascii: "\n") || peek == UInt8(ascii: "#") {
                try skipToContent()
                if !atEndOfBlock, indent > column {
                    elements.append(try parseNode(parentIndent: column, indentlessSequence: false, onKeyLine: false))
                } else {
                    elements.append(JSONNode(value: .null, location: entry))
                }
            } else {
                elements.append(try parseNode(parentIndent: column, indentlessSequence: false, onKeyLine: false))
            }
            try skipToContent()
            if atEndOfBlock || indent < column { break }
            if indent == column {
                if atSequenceEntry { continue }
                // Where the sequence stands at its key's indentation, the mapping goes on.
                if indentless { break }
                throw error("a line at the indentation of the sequence at line \(start.line) that is not an entry; is its '- ' missing?")
            }
            throw error("this line is indented more than the entries of the sequence at line \(start.line)")
        }
        depth -= 1
        return JSONNode(value: .array(elements), location: start)
    }

    // MARK: Properties, aliases and tags

    private struct Properties {
        var anchor: (name: String, location: SourceLocation)?
        var tag: (name: String, location: SourceLocation)?
        var isEmpty: Bool { anchor == nil && tag == nil }
        var count: Int { (anchor == nil ? 0 : 1) + (tag == nil ? 0 : 1) }
    }

    /// `&anchor` and `!tag`, in either order, after those of the lines above: a node has one of
    /// each. In block context each is followed by blanks on its line; in a flow collection by
    /// any space, line breaks and comments included.
    private mutating func parseProperties(after inherited: Properties = Properties(), flow: Bool = false) throws(JSONSyntaxError) -> Properties {
        var properties = inherited
        while peek == UInt8(ascii: "&") || peek == UInt8(ascii: "!") {
            let start = location
            let isAnchor = peek == UInt8(ascii: "&")
            if isAnchor, properties.anchor != nil { throw error("a node has one anchor") }
            if !isAnchor, properties.tag != nil { throw error("a node has one tag") }
            if isAnchor { properties.anchor = (try scanName(after: "&"), start) } else { properties.tag = (scanTag(), start) }
            if flow {
                skipFlowSpace()
                continue
            }
            guard Self.isSeparator(peek) else {
                throw error("expected a space after the \(isAnchor ? "anchor" : "tag")")
            }
            skipBlanks()
        }
        return properties
    }

    /// An anchor's or alias's name after its indicator: up to a separator or flow indicator.
    private mutating func scanName(after indicator: String) throws(JSONSyntaxError) -> String {
        index += 1
        let nameStart = index
        while !Self.isSeparator(peek), !Self.isFlowIndicator(peek) { index += 1 }
        guard index > nameStart else { throw error("a name must follow '\(indicator)'") }
        return String(decoding: bytes[nameStart..<index], as: UTF8.self)
    }

    private mutating func scanTag() -> String {
        let tagStart = index
        if byte(at: 1) == UInt8(ascii: "<") {
            while let byte = peek, byte != UInt8(ascii: ">"), byte != UInt8(ascii: "\n") { index += 1 }
            if peek == UInt8(ascii: ">") { index += 1 }
        } else {
            while !Self.isSeparator(peek), !Self.isFlowIndicator(peek) { index += 1 }
        }
        return String(decoding: bytes[tagStart..<index], as: UTF8.self)
    }

    private mutating func parseAlias() throws(JSONSyntaxError) -> JSONNode {
        let start = location
        let name = try scanName(after: "*")
        guard let anchored = anchors[name] else {
            throw error("the alias '*\(name)' names no anchor before it", at: start)
        }
        aliasedValues += anchored.size
        if aliasedValues > Self.maximumAliasedValues {
            throw error("aliases copy more than \(Self.maximumAliasedValues) values in all; the document repeats itself too often to read", at: start)
        }
        var node = anchored.node
        node.location = start
        return node
    }

    /// The node with its tag applied and its anchor recorded.
    /// A plain scalar without a tag resolves here, once its tag is known.
    private mutating func apply(_ properties: Properties, to parsed: Parsed) throws(JSONSyntaxError) -> Parsed {
        var parsed = parsed
        if let tag = properties.tag {
            parsed.node = try tagged(parsed, tag: tag.name, at: tag.location)
        } else if parsed.plain, let text = parsed.text {
            do {
                parsed.node.value = try resolve(plain: text, at: parsed.node.location)
            } catch {
                parsed.unresolvable = error
            }
        }
        if let anchor = properties.anchor, parsed.unresolvable == nil {
            anchors[anchor.name] = (parsed.node, parsed.node.valueCount)
        }
        return parsed
    }

    /// YAML's standard tags, written `!!str` or `!<tag:yaml.org,2002:str>`, and `!` (text).
    private func tagged(_ parsed: Parsed, tag: String, at location: SourceLocation) throws(JSONSyntaxError) -> JSONNode {
        var name = tag
        if name.hasPrefix("!!") {
            name.removeFirst(2)
        } else if name.hasPrefix("!<tag:yaml.org,2002:"), name.hasSuffix(">") {
            name = String(name.dropFirst("!<tag:yaml.org,2002:".count).dropLast())
        } else if name == "!" {
            name = "str"
        } else {
            name = ""
        }
        var node = parsed.node
        let mismatch = error("\(node.kindName) is not what the tag '\(tag)' says", at: location)
        switch name {
        case "str", "binary", "timestamp":
            // The text as written: `!!str 012` is "012".
            guard let text = parsed.text else { throw mismatch }
            node.value = .string(text)
        case "int", "float", "bool", "null":
            guard let text = parsed.text else { throw mismatch }
            let resolved = try resolve(plain: text, at: node.location)
            switch (name, resolved) {
            case ("int", .number(let number)) where !number.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }):
                node.value = resolved
            case ("bool", .bool), ("null", .null):
                node.value = resolved
            case ("float", .number(let number)):
                // `!!float 1` is 1.0, which JSON writes so.
                node.value = .number(number.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? number : number + ".0")
            default:
                throw mismatch
            }
        case "map":
            guard case .object = node.value else { throw mismatch }
        case "seq":
            guard case .array = node.value else { throw mismatch }
        default:
            throw error("the tag '\(tag)' is not supported; endpointgen reads YAML's standard types (!!str, !!int, !!float, !!bool, !!null, !!map, !!seq)", at: location)
        }
        return node
    }

    // MARK: Plain scalars

    /// The plain text from the current position to the end of its part of the line: before `: `,
    /// ` #`, the line's end, and in flow context a flow indicator. Trailing blanks are not part
    /// of it.
    private mutating func scanPlainLine(flow: Bool) -> String {
        let textStart = index
        var end = index
        while let byte = peek, byte != UInt8(ascii: "\n") {
            if byte == UInt8(ascii: ":") {
                let next = self.byte(at: 1)
                if Self.isSeparator(next) || (flow && Self.isFlowIndicator(next)) { break }
            } else if byte == UInt8(ascii: "#"), index > textStart, Self.isBlank(bytes[index - 1]) {
                break
            } else if flow, Self.isFlowIndicator(byte) {
                break
            }
            index += 1
            if !Self.isBlank(byte) { end = index }
        }
        let text = String(decoding: bytes[textStart..<end], as: UTF8.self)
        // Blanks before a ':' or a comment stay skipped.
        if end < index { index = end; skipBlanks() }
        return text
    }

    /// The rest of a block plain scalar whose first line was `first`: lines indented more than
    /// `parentIndent` continue it, one line break folding into a space and each empty line
    /// giving a "\n". A comment ends it.
    private mutating func continuePlain(_ first: String, parentIndent: Int) throws(JSONSyntaxError) -> String {
        var text = first
        while peek != UInt8(ascii: "#") {
            let saved = (index, line, lineStart)
            skipBlanks()
            guard peek == UInt8(ascii: "\n") else { (index, line, lineStart) = saved; break }
            var emptyLines = -1
            while peek == UInt8(ascii: "\n") {
                emptyLines += 1
                newLine()
                skipBlanks()
            }
            guard peek != nil, peek != UInt8(ascii: "#"), indent > parentIndent, !atDocumentMarker else {
                (index, line, lineStart) = saved
                break
            }
            if bytes[lineStart..<index].contains(UInt8(ascii: "\t")) {
                throw error("a tab indents this line; YAML indents with spaces")
            }
            let start = location
            let next = scanPlainLine(flow: false)
            if peek == UInt8(ascii: ":"), Self.isSeparator(byte(at: 1)) {
                throw error("this line is indented more than the line before, so it goes on with its text, where a ': ' cannot stand; indent the key as its mapping's others, or put the text in quotes", at: start)
            }
            text += emptyLines == 0 ? " " : String(repeating: "\n", count: emptyLines)
            text += next
        }
        return text
    }

    /// The value of a plain scalar by YAML 1.2's core schema.
    private func resolve(plain text: String, at location: SourceLocation) throws(JSONSyntaxError) -> JSONNode.Value {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN":
            throw error("'\(text)' is a number JSON has no form for; put it in quotes to mean the text", at: location)
        default: break
        }
        let utf8 = Array(text.utf8)
        guard let first = utf8.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
                || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else { return .string(text) }
        if utf8.count > 2, utf8[0] == UInt8(ascii: "0"), utf8[1] == UInt8(ascii: "o") || utf8[1] == UInt8(ascii: "x") {
            let radix = utf8[1] == UInt8(ascii: "o") ? 8 : 16
            guard Self.isRadixDigits(utf8[2...], radix: radix) else { return .string(text) }
            guard let value = UInt64(String(decoding: utf8[2...], as: UTF8.self), radix: radix) else {
                throw error("the number '\(text)' is too large to read; put it in quotes to mean the text", at: location)
            }
            return .number(String(value))
        }
        return Self.jsonNumber(utf8).map { .number($0) } ?? .string(text)
    }

    private static func isRadixDigits(_ digits: ArraySlice<UInt8>, radix: Int) -> Bool {
        !digits.isEmpty && digits.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "7"): true
            case UInt8(ascii: "8"), UInt8(ascii: "9"): radix == 16
            case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"): radix == 16
            default: false
            }
        }
    }

    /// A core-schema integer or float (`[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`)
    /// in JSON's form: no `+`, no leading zeros, a digit on each side of the point. The value is
    /// the same, and `1.0` stays apart from `1` as it does in JSON.
    private static func jsonNumber(_ utf8: [UInt8]) -> String? {
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        var position = 0
        var result = ""
        if utf8[position] == UInt8(ascii: "-") { result = "-"; position += 1 } else if utf8[position] == UInt8(ascii: "+") { position += 1 }
        let integerStart = position
        while position < utf8.count, isDigit(utf8[position]) { position += 1 }
        var integer = utf8[integerStart..<position].drop(while: { $0 == UInt8(ascii: "0") })
        if integer.isEmpty, position > integerStart { integer = [UInt8(ascii: "0")][...] }
        var fraction: ArraySlice<UInt8>?
        if position < utf8.count, utf8[position] == UInt8(ascii: ".") {
            position += 1
            let fractionStart = position
            while position < utf8.count, isDigit(utf8[position]) { position += 1 }
            fraction = utf8[fractionStart..<position]
        }
        guard position > integerStart + (fraction == nil ? 0 : 1) else { return nil }  // no digit at all
        if integer.isEmpty, fraction?.isEmpty ?? true { return nil }
        var exponent = ""
        if position < utf8.count, utf8[position] == UInt8(ascii: "e") || utf8[position] == UInt8(ascii: "E") {
            exponent = "e"
            position += 1
            if position < utf8.count, utf8[position] == UInt8(ascii: "-") || utf8[position] == UInt8(ascii: "+") {
                exponent += String(UnicodeScalar(utf8[position]))
                position += 1
            }
            let digitsStart = position
            while position < utf8.count, isDigit(utf8[position]) { position += 1 }
            guard position > digitsStart else { return nil }
            exponent += String(decoding: utf8[digitsStart..<position], as: UTF8.self)
        }
        guard position == utf8.count else { return nil }
        result += integer.isEmpty ? "0" : String(decoding: integer, as: UTF8.self)
        if let fraction { result += "." + (fraction.isEmpty ? "0" : String(decoding: fraction, as: UTF8.self)) }
        return result + exponent
    }

    // MARK: Quoted scalars

    private struct Quoted {
        var text: String
        var location: SourceLocation
        var columns: StringColumns?
    }

    /// A single- or double-quoted scalar at the current position. Over several lines, a line
    /// break folds into a space and each empty line gives a "\n", as in plain text; in double
    /// quotes a `\` at the end of a line joins the lines without a space.
    private mutating func parseQuoted() throws(JSONSyntaxError) -> Quoted {
        let start = location
        let quote = peek!
        let double = quote == UInt8(ascii: "\"")
        index += 1
        var decoded: [UInt8] = []
        var scalars = 0
        var columns = StringColumns()
        var escapes = false
        var multiline = false
        // The bytes that stay when a line's trailing blanks are dropped: up to the last escape
        // (`\t` or `\ ` at the end of a line is kept) or line fold.
        var kept = 0
        while true {
            guard let byte = peek else {
                throw error("the \(double ? "double" : "single")-quoted text opened at line \(start.line), column \(start.column) is not closed", at: start)
            }
            if byte == quote {
                if !double, self.byte(at: 1) == quote {
                    decoded.append(quote)
                    scalars += 1
                    index += 2
                    columns.append(escapeEndingBefore: scalars, extraColumns: 1)
                    escapes = true
                    continue
                }
                index += 1
                break
            }
            if double, byte == UInt8(ascii: "\\") {
                let escapeStart = location
                let backslash = index
                index += 1
                if peek == UInt8(ascii: "\n") {
                    // An escaped line break: the lines join with nothing between them, and
                    // each empty line after it is a line break.
                    newLine()
                    skipBlanks()
                    while peek == UInt8(ascii: "\n") {
                        decoded.append(UInt8(ascii: "\n"))
                        newLine()
                        skipBlanks()
                    }
                    kept = decoded.count
                    multiline = true
                    continue
                }
                let scalar = try parseEscape(at: escapeStart)
                UTF8.encode(scalar) { decoded.append($0) }
                kept = decoded.count
                scalars += 1
                columns.append(escapeEndingBefore: scalars, extraColumns: index - backslash - 1)
                escapes = true
                continue
            }
            if byte == UInt8(ascii: "\n") {
                // Trailing blanks of the line are not part of the text.
                while decoded.count > kept, let last = decoded.last, Self.isBlank(last) { decoded.removeLast() }
                multiline = true
                var emptyLines = 0
                newLine()
                skipBlanks()
                while peek == UInt8(ascii: "\n") {
                    emptyLines += 1
                    newLine()
                    skipBlanks()
                }
                if atDocumentMarker {
                    throw error("a document marker inside quoted text; is the quote opened at line \(start.line) closed?")
                }
                decoded.append(contentsOf: emptyLines == 0 ? [UInt8(ascii: " ")] : Array(repeating: UInt8(ascii: "\n"), count: emptyLines))
                kept = decoded.count
                continue
            }
            decoded.append(byte)
            if byte & 0xC0 != 0x80 { scalars += 1 }
            index += 1
        }
        return Quoted(text: String(decoding: decoded, as: UTF8.self), location: start,
                      columns: multiline ? nil : (escapes ? columns : nil))
    }

    /// The escape after a `\` in double quotes: JSON's, and YAML's own (`\x41`, `\U0001F600`,
    /// `\0`, `\e`, `\N`, `\_`, `\L`, `\P`, `\ `, `\t` as a tab).
    private mutating func parseEscape(at start: SourceLocation) throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let byte = peek else { throw error("unterminated escape sequence", at: start) }
        index += 1
        switch byte {
        case UInt8(ascii: "0"): return "\u{00}"
        case UInt8(ascii: "a"): return "\u{07}"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "t"), UInt8(ascii: "\t"): return "\t"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "v"): return "\u{0B}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "e"): return "\u{1B}"
        case UInt8(ascii: " "): return " "
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "N"): return "\u{85}"
        case UInt8(ascii: "_"): return "\u{A0}"
        case UInt8(ascii: "L"): return "\u{2028}"
        case UInt8(ascii: "P"): return "\u{2029}"
        case UInt8(ascii: "x"), UInt8(ascii: "u"), UInt8(ascii: "U"):
            var value = try hexadecimal(digits: byte == UInt8(ascii: "x") ? 2 : byte == UInt8(ascii: "u") ? 4 : 8, after: byte, at: start)
            if byte == UInt8(ascii: "u"), (0xD800..<0xDC00).contains(value),
               peek == UInt8(ascii: "\\"), self.byte(at: 1) == UInt8(ascii: "u") {
                // A surrogate pair, as JSON writes a character beyond U+FFFF.
                index += 2
                let low = try hexadecimal(digits: 4, after: UInt8(ascii: "u"), at: start)
                guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate \\u\(hex4(low))", at: start) }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else { throw error("\\\(UnicodeScalar(byte)) names no character (U+\(hex4(value)))", at: start) }
            return scalar
        default:
            index -= 1
            throw error("invalid escape '\\\(displayScalar().dropFirst().dropLast())'", at: start)
        }
    }

    /// The value of `digits` hexadecimal digits at the current position.
    private mutating func hexadecimal(digits: Int, after escape: UInt8, at start: SourceLocation) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let digit = peek.flatMap({ UInt32(String(UnicodeScalar($0)), radix: 16) }) else {
                throw error("expected \(digits) hexadecimal digits after \\\(UnicodeScalar(escape))", at: start)
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    // MARK: Block scalars

    /// A literal (`|`) or folded (`>`) block scalar, with its chomping (`-`, `+`) and
    /// indentation (`1`–`9`) indicators.
    private mutating func parseBlockScalar(parentIndent: Int) throws(JSONSyntaxError) -> JSONNode {
        let start = location
        let literal = peek == UInt8(ascii: "|")
        index += 1
        var chomping: UInt8?  // "-" strip, "+" keep, nil clip
        var explicitIndent: Int?
        for _ in 0..<2 {
            if let byte = peek, byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+"), chomping == nil {
                chomping = byte
                index += 1
            } else if let byte = peek, byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9"), explicitIndent == nil {
                explicitIndent = Int(byte - UInt8(ascii: "0"))
                index += 1
            }
        }
        if !Self.isSeparator(peek) { throw error("unexpected \(displayScalar()) after the block scalar's indicator") }
        try expectLineEnd(after: "the block scalar's indicator")
        if peek == UInt8(ascii: "\n") { newLine() }

        // The content's indentation: given, or that of the first line that is not empty.
        var contentIndent: Int
        if let explicitIndent {
            contentIndent = parentIndent >= 0 ? parentIndent + explicitIndent : explicitIndent
        } else {
            var position = index
            var widestEmpty = 0
            var firstContent: Int?
            while position < bytes.count {
                var spaces = 0
                while position + spaces < bytes.count, bytes[position + spaces] == UInt8(ascii: " ") { spaces += 1 }
                let next = position + spaces < bytes.count ? bytes[position + spaces] : nil
                if next == UInt8(ascii: "\n") {
                    widestEmpty = max(widestEmpty, spaces)
                    position += spaces + 1
                    continue
                }
                if next != nil { firstContent = spaces }
                break
            }
            if let firstContent, firstContent > parentIndent {
                if widestEmpty > firstContent {
                    throw error("an empty line at the start of the block scalar is indented more than its first line", at: start)
                }
                contentIndent = firstContent
            } else {
                // No line belongs to it: it is empty, and its empty lines are as wide as they come.
                contentIndent = max(widestEmpty, parentIndent + 1)
            }
        }

        var chunks: [UInt8] = []
        var breaks = 0  // empty lines since the last content line
        var lineBreak = false  // the last content line's break, not yet written
        var previousMoreIndented = false
        var sawContent = false
        while index < bytes.count {
            var spaces = 0
            while index + spaces < bytes.count, bytes[index + spaces] == UInt8(ascii: " "), spaces < contentIndent { spaces += 1 }
            let next = index + spaces < bytes.count ? bytes[index + spaces] : nil
            if spaces < contentIndent {
                // A line of blanks is empty; a line of less indented content ends the scalar.
                var blanks = spaces
                while index + blanks < bytes.count, Self.isBlank(bytes[index + blanks]) { blanks += 1 }
                let afterBlanks = index + blanks < bytes.count ? bytes[index + blanks] : nil
                if afterBlanks == UInt8(ascii: "\n") {
                    breaks += 1
                    index += blanks
                    newLine()
                    continue
                }
                if afterBlanks == nil { index += blanks; break }
                break
            }
            if index == lineStart, contentIndent == 0, atDocumentMarker { break }
            if next == UInt8(ascii: "\n") || next == nil {
                // Empty at this indentation.
                index += spaces
                if next == nil { break }
                breaks += 1
                newLine()
                continue
            }
            index += spaces
            let lineTextStart = index
            while let byte = peek, byte != UInt8(ascii: "\n") { index += 1 }
            let text = bytes[lineTextStart..<index]
            let moreIndented = Self.isBlank(text.first)
            if sawContent {
                if !literal, lineBreak, !previousMoreIndented, !moreIndented {
                    // Folded: one break between two normal lines is a space; with empty lines
                    // between them, the empty lines are the breaks.
                    if breaks == 0 { chunks.append(UInt8(ascii: " ")) }
                } else if lineBreak {
                    chunks.append(UInt8(ascii: "\n"))
                }
            }
            chunks.append(contentsOf: Array(repeating: UInt8(ascii: "\n"), count: breaks))
            chunks.append(contentsOf: text)
            sawContent = true
            breaks = 0
            lineBreak = peek == UInt8(ascii: "\n")
            previousMoreIndented = moreIndented
            if peek == UInt8(ascii: "\n") { newLine() }
        }
        switch chomping {
        case UInt8(ascii: "-"): break
        case UInt8(ascii: "+"):
            if lineBreak { chunks.append(UInt8(ascii: "\n")) }
            chunks.append(contentsOf: Array(repeating: UInt8(ascii: "\n"), count: breaks))
        default:
            if lineBreak { chunks.append(UInt8(ascii: "\n")) }
        }
        return JSONNode(value: .string(String(decoding: chunks, as: UTF8.self)), location: start)
    }

    // MARK: Flow collections

    private mutating func parseFlowCollection() throws(JSONSyntaxError) -> JSONNode {
        let start = location
        try enter(at: start)
        let isSequence = peek == UInt8(ascii: "[")
        let closing = isSequence ? UInt8(ascii: "]") : UInt8(ascii: "}")
        index += 1
        var elements: [JSONNode] = []
        var mapping = MappingBuilder()
        let notClosed = "unexpected end of the document; \(isSequence ? "a sequence" : "a mapping") opened at line \(start.line), column \(start.column) is not closed"
        while true {
            skipFlowSpace()
            if peek == closing { index += 1; break }
            guard peek != nil else { throw error(notClosed) }
            if peek == UInt8(ascii: ",") { throw error(isSequence ? "an entry is missing before ','" : "a key is missing before ','") }
            var explicit = false
            if peek == UInt8(ascii: "?"), Self.isSeparator(byte(at: 1)) {
                // An explicit key: what follows is the key, as it would be without the '?'.
                index += 1
                skipFlowSpace()
                explicit = true
            }
            let entryStart = location
            let entry = try parseFlowNode(closing: closing)
            let key = entry.node.isCollection || entry.alias ? nil : entry.text.map { Key(text: $0, location: entryStart, plain: entry.plain) }
            let notAKey = entry.alias ? "an alias cannot be a key" : "a key must be text, not \(entry.node.kindName)"
            skipFlowSpace()
            if peek == UInt8(ascii: ":") {
                // A key and its value: a mapping's member, or in a sequence a mapping of one pair.
                guard let key else { throw error(notAKey, at: entryStart) }
                // Only a key written after '?' may take more than its line.
                guard explicit || entryStart.line == line else { throw error("a key must fit on one line", at: entryStart) }
                index += 1
                skipFlowSpace()
                var value = JSONNode(value: .null, location: location)
                if peek != UInt8(ascii: ","), peek != closing {
                    let parsed = try parseFlowNode(closing: closing)
                    if let error = parsed.unresolvable { throw error }
                    value = parsed.node
                }
                if isSequence {
                    var pair = MappingBuilder()
                    try pair.add(key, value, parser: self)
                    elements.append(JSONNode(value: .object(pair.merged()), location: entryStart))
                } else {
                    try mapping.add(key, value, parser: self)
                }
            } else if isSequence {
                if let error = entry.unresolvable { throw error }
                elements.append(entry.node)
            } else {
                // `{a, b}`: keys without values.
                guard let key else { throw error(notAKey, at: entryStart) }
                try mapping.add(key, JSONNode(value: .null, location: entryStart), parser: self)
            }
            skipFlowSpace()
            if peek == UInt8(ascii: ",") { index += 1; continue }
            if peek == closing { index += 1; break }
            guard peek != nil else { throw error(notClosed) }
            throw error("expected ',' or '\(UnicodeScalar(closing))' after an entry, not \(displayScalar())")
        }
        depth -= 1
        return JSONNode(value: isSequence ? .array(elements) : .object(mapping.merged()), location: start)
    }

    /// A node inside a flow collection.
    private mutating func parseFlowNode(closing: UInt8) throws(JSONSyntaxError) -> Parsed {
        let properties = try parseProperties(flow: true)
        let start = location
        let parsed: Parsed
        switch peek {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            parsed = Parsed(node: try parseFlowCollection())
        case UInt8(ascii: "*"):
            parsed = Parsed(node: try parseAlias(), alias: true)
        case UInt8(ascii: "'"), UInt8(ascii: "\""):
            let scalar = try parseQuoted()
            parsed = Parsed(node: JSONNode(value: .string(scalar.text), location: start, columns: scalar.columns), text: scalar.text)
        case UInt8(ascii: ","), closing, UInt8(ascii: ":"):
            // Nothing before the next indicator: an empty node, which only properties can make.
            guard !properties.isEmpty else { throw error("expected a value, not \(displayScalar())") }
            parsed = Parsed(node: JSONNode(value: .string(""), location: start), text: "", plain: true)
        case UInt8(ascii: "#"):
            throw error("a comment needs a space before its '#'")
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            throw error("a block scalar cannot stand inside a flow collection")
        case nil:
            throw error("unexpected end of the document inside a flow collection")
        default:
            var text = scanPlainLine(flow: true)
            guard !text.isEmpty else { throw error("unexpected \(displayScalar()) inside a flow collection") }
            // Further lines continue it until an indicator.
            while true {
                let saved = (index, line, lineStart)
                skipBlanks()
                guard peek == UInt8(ascii: "\n") else { (index, line, lineStart) = saved; break }
                var emptyLines = -1
                while peek == UInt8(ascii: "\n") { emptyLines += 1; newLine(); skipBlanks() }
                guard let byte = peek, !Self.isFlowIndicator(byte), byte != UInt8(ascii: "#"),
                      !(byte == UInt8(ascii: ":") && (Self.isSeparator(self.byte(at: 1)) || Self.isFlowIndicator(self.byte(at: 1)))) else {
                    (index, line, lineStart) = saved
                    break
                }
                let next = scanPlainLine(flow: true)
                text += emptyLines == 0 ? " " : String(repeating: "\n", count: emptyLines)
                text += next
            }
            let columns: StringColumns? = start.line == line ? .unquoted : nil
            parsed = Parsed(node: JSONNode(value: .string(text), location: start, columns: columns), text: text, plain: true)
        }
        return try apply(properties, to: parsed)
    }

    // MARK: Mappings

    /// A mapping's members as they are read, with merge keys (`<<: *defaults`) put in place at
    /// the end: a merged member comes where its `<<` stood, unless the mapping has the key
    /// itself, or a mapping merged before it had.
    private struct MappingBuilder {
        var members: [JSONNode.Member] = []
        var firstLocations: [String: SourceLocation] = [:]
        var merges: [(position: Int, mappings: [[JSONNode.Member]])] = []
        var mergeLocation: SourceLocation?

        mutating func add(_ key: Key, _ value: JSONNode, parser: YAMLParser) throws(JSONSyntaxError) {
            if key.plain, key.text == "<<" {
                if let first = mergeLocation {
                    throw parser.error("a second merge key ('<<') in the mapping (the first at line \(first.line), column \(first.column)); merge a list: '<<: [*a, *b]'", at: key.location)
                }
                mergeLocation = key.location
                let mappings: [[JSONNode.Member]]
                switch value.value {
                case .object(let members): mappings = [members]
                case .array(let elements):
                    var all: [[JSONNode.Member]] = []
                    for element in elements {
                        guard case .object(let members) = element.value else {
                            throw parser.error("a merge key ('<<') takes a mapping or a list of mappings, not a list holding \(element.kindName)", at: element.location)
                        }
                        all.append(members)
                    }
                    mappings = all
                default:
                    throw parser.error("a merge key ('<<') takes a mapping or a list of mappings, not \(value.kindName)", at: value.location)
                }
                merges.append((members.count, mappings))
                return
            }
            if let first = firstLocations[key.text] {
                throw parser.error("duplicate key '\(key.text)' (first at line \(first.line), column \(first.column))", at: key.location)
            }
            firstLocations[key.text] = key.location
            members.append(JSONNode.Member(key: key.text, keyLocation: key.location, value: value))
        }

        func merged() -> [JSONNode.Member] {
            guard !merges.isEmpty else { return members }
            var taken = Set(firstLocations.keys)
            var result: [JSONNode.Member] = []
            var nextMerge = 0
            for position in 0...members.count {
                while nextMerge < merges.count, merges[nextMerge].position == position {
                    for mapping in merges[nextMerge].mappings {
                        for member in mapping where !taken.contains(member.key) {
                            taken.insert(member.key)
                            result.append(member)
                        }
                    }
                    nextMerge += 1
                }
                if position < members.count { result.append(members[position]) }
            }
            return result
        }
    }
}

extension JSONNode {
    fileprivate var isCollection: Bool {
        switch value {
        case .array, .object: true
        default: false
        }
    }

    fileprivate var stringValue: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The number of values the node holds, itself included.
    fileprivate var valueCount: Int {
        switch value {
        case .array(let elements): 1 + elements.reduce(0) { $0 + $1.valueCount }
        case .object(let members): 1 + members.reduce(0) { $0 + $1.value.valueCount }
        default: 1
        }
    }
}

extension StringColumns {
    /// A scalar written without quotes: its first character is where the node starts, one
    /// column before where a quoted string's would be.
    static let unquoted: StringColumns = {
        var columns = StringColumns()
        columns.append(escapeEndingBefore: 0, extraColumns: -1)
        return columns
    }()
}
