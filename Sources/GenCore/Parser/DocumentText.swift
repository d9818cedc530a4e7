/// The two ways a spec or an OpenAPI document may be written: JSON, or YAML, which reads into
/// the same tree with positions, so that everything after reading is the same.
enum DocumentText {
    /// The tree of `text`: read as YAML when `path` names a YAML file (`.yaml`, `.yml`), as JSON
    /// when it names a JSON file, and otherwise as JSON when the text starts as JSON does (with
    /// `{` or `[`) and as YAML when it does not.
    static func parse(_ text: String, path: String) throws(JSONSyntaxError) -> JSONNode {
        let isYAML: Bool
        switch fileExtension(path) {
        case "yaml", "yml": isYAML = true
        case "json": isYAML = false
        default: isYAML = !startsAsJSON(text)
        }
        if isYAML { return try YAMLParser.parse(text) }
        do {
            return try JSONParser.parse(text)
        } catch {
            guard startsAsJSON(text) else {
                throw JSONSyntaxError(
                    message: "this file is named as JSON but looks like YAML; name it '.yaml' (or '.yml') to have it read as YAML",
                    location: SourceLocation(line: 1, column: 1))
            }
            throw error
        }
    }

    /// The extension of the path's file name, in lower case; empty when it has none.
    static func fileExtension(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    private static func startsAsJSON(_ text: String) -> Bool {
        let first = text.unicodeScalars.first { !($0 == "\u{FEFF}" || $0.properties.isWhitespace) }
        return first == "{" || first == "["
    }
}
