import Testing

/// The test validator must itself fail when it should: each keyword the schema uses, on tiny
/// schemas, with the pointers of what fails.
@Suite struct SpecSchemaValidatorTests {
    static let cases: [(schema: String, instance: String, pointers: [String])] = [
        (#"{"type": "string"}"#, #""a""#, []),
        (#"{"type": "string"}"#, "1", [""]),
        (#"{"type": ["string", "boolean"]}"#, "true", []),
        (#"{"type": "integer"}"#, "1.0", []),
        (#"{"type": "integer"}"#, "1.5", [""]),
        (#"{"enum": ["a", 1]}"#, "1.0", []),
        (#"{"enum": ["a", 1]}"#, #""b""#, [""]),
        (#"{"const": {"a": [1, null]}}"#, #"{"a": [1, null]}"#, []),
        (#"{"const": {"a": [1, null]}}"#, #"{"a": [1]}"#, [""]),
        (#"{"pattern": "^/"}"#, #""x/""#, [""]),
        (#"{"pattern": "^/"}"#, "3", []),
        (#"{"minLength": 2}"#, #""é""#, [""]),
        (#"{"minimum": 0}"#, "-1", [""]),
        (#"{"items": {"type": "null"}, "minItems": 3}"#, "[null, 1]", ["/1", ""]),
        (#"{"uniqueItems": true}"#, #"[1, "1", 1.0]"#, ["/2"]),
        (#"{"required": ["a"], "properties": {"a": {}}, "additionalProperties": false}"#, #"{"b": 1}"#, ["", "/b"]),
        (#"{"additionalProperties": {"type": "string"}}"#, #"{"a/b~": 1}"#, ["/a~1b~0"]),
        (#"{"minProperties": 1, "propertyNames": {"pattern": "^x"}}"#, #"{"y": 1}"#, ["/y"]),
        (#"{"minProperties": 1}"#, "{}", [""]),
        (#"{"dependentRequired": {"a": ["b"]}}"#, #"{"a": 1}"#, [""]),
        (#"{"dependentRequired": {"a": ["b"]}}"#, #"{"b": 1}"#, []),
        (#"{"allOf": [{"type": "number"}, {"minimum": 2}]}"#, "1", [""]),
        (#"{"anyOf": [{"type": "string"}, {"type": "object", "properties": {"x": {"type": "integer"}}}]}"#, #"{"x": "s"}"#, ["/x"]),
        (#"{"anyOf": [{"type": "string"}, {"type": "object"}]}"#, "3", [""]),
        (#"{"anyOf": [{"type": "string"}, {"type": "object"}]}"#, #""s""#, []),
        (#"{"oneOf": [{"type": "number"}, {"type": "integer"}]}"#, "1", [""]),
        (#"{"oneOf": [{"type": "number"}, {"type": "integer"}]}"#, "1.5", []),
        (#"{"properties": {"a": {"not": {}}}}"#, #"{"a": 1}"#, ["/a"]),
        (#"{"properties": {"a": false}}"#, #"{"a": 1}"#, ["/a"]),
        (#"{"if": {"required": ["a"]}, "then": {"required": ["b"]}, "else": {"required": ["c"]}}"#, #"{"a": 1}"#, [""]),
        (#"{"if": {"required": ["a"]}, "then": {"required": ["b"]}, "else": {"required": ["c"]}}"#, #"{"c": 1}"#, []),
        (##"{"$defs": {"n": {"type": "null"}}, "items": {"$ref": "#/$defs/n"}}"##, "[null, 1]", ["/1"]),
        (##"{"properties": {"t": {"$ref": "#"}}, "required": ["r"]}"##, #"{"r": 1, "t": {}}"#, ["/t"]),
    ]

    @Test func eachKeywordPassesAndFails() throws {
        for (schema, instance, pointers) in Self.cases {
            let failures = try JSONSchemaValidator(schemaText: schema).validate(instance)
            #expect(failures.map(\.pointer) == pointers, "\(schema) with \(instance): \(failures)")
        }
    }

    @Test func aSchemaBeyondTheValidatorIsRefused() {
        for schema in [#"{"maxLength": 3}"#, ##"{"$ref": "#/$defs/missing"}"##, #"{"pattern": "("}"#, #"{"items": 3}"#] {
            #expect(throws: (any Error).self, "\(schema)") { try JSONSchemaValidator(schemaText: schema) }
        }
    }
}
