import Foundation
import Testing

@testable import GenCore

/// One problem in an otherwise valid spec: exactly one error, at one of `spots`, whose message
/// holds every fragment of `message` and none of `absent`.
struct SpecProblem: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var spots: [Spot]
    var message: [String]
    var absent: [String] = []

    var testDescription: String { name }

    static func model(_ name: String, _ models: String, at spots: [Spot], _ message: [String], absent: [String] = []) -> Self {
        .init(name: name, text: spec(models: models), spots: spots, message: message, absent: absent)
    }

    static func endpoint(
        _ name: String, _ endpoint: String, models: String = #"{"City": {"properties": {"name": "String"}}}"#,
        at spots: [Spot], _ message: [String], absent: [String] = []
    ) -> Self {
        .init(name: name, text: spec(models: models, resources: #"{"Cities": {"endpoints": [\#(endpoint)]}}"#),
              spots: spots, message: message, absent: absent)
    }

    static func extra(_ name: String, _ extra: String, at spots: [Spot], _ message: [String]) -> Self {
        .init(name: name, text: spec(extra: extra), spots: spots, message: message)
    }

    static let types: [SpecProblem] = [
        model("unknown type inside an optional array",
              #"{"City": {"properties": {"name": "String"}}, "Trip": {"properties": {"stops": "[Citty]?"}}}"#,
              at: [.marker("Citty")], ["unknown type 'Citty'", "did you mean 'City'?"]),
        model("unknown type as a dictionary value",
              #"{"Address": {"properties": {"a": "String"}}, "Book": {"properties": {"byName": "[String: [Adress]]"}}}"#,
              at: [.marker("Adress")], ["unknown type 'Adress'", "did you mean 'Address'?"]),
        // Escapes take more columns in the spec than the scalars they stand for: a place inside
        // the text is counted in the spec's columns.
        model("unknown type after an escape in the same string",
              #"{"Address": {"properties": {"a": "String"}}, "Book": {"properties": {"byName": "[\u0053tring: [Adress]]"}}}"#,
              at: [.marker("Adress")], ["unknown type 'Adress'", "did you mean 'Address'?"]),
        model("unknown type written with an escape",
              #"{"City": {"properties": {"name": "String"}}, "Trip": {"properties": {"stops": "[\u0043itty]?"}}}"#,
              at: [.marker("\\u0043itty")], ["unknown type 'Citty'"]),
        model("unknown type after escapes in the key and in the value",
              #"{"Address": {"properties": {"a": "String"}}, "Book": {"properties": {"by\u004eame": "[\u0053tring:\u0020\u0020[Adress]]"}}}"#,
              at: [.marker("Adress")], ["unknown type 'Adress'"]),
        model("bad character written as a surrogate pair escape",
              #"{"Book": {"properties": {"a": "[String: [\ud83d\ude00]]"}}}"#,
              at: [.marker("\\ud83d\\ude00]]")], ["unexpected '😀' in type"]),
        model("misspelt builtin", #"{"A": {"properties": {"n": { "type": "Strng?" }}}}"#,
              at: [.marker("Strng")], ["unknown type 'Strng'", "did you mean 'String'?"]),
        model("unknown type without a near name", #"{"A": {"properties": {"z": "Zebra"}}}"#,
              at: [.marker("Zebra")], ["unknown type 'Zebra'"], absent: ["did you mean"]),
        model("dictionary key that is not String", #"{"A": {"properties": {"m": "[Int: String]"}}}"#,
              at: [.marker("Int:"), .marker(": String]"), .marker("\"[Int")], ["dictionary keys must be String"]),
        model("type optional twice", #"{"A": {"properties": {"m": "Int??"}}}"#,
              at: [.marker("?", occurrence: 2), .marker("??")], ["optional"]),
        endpoint("unknown type in a response", #"{"method": "GET", "path": "/c", "response": "[Citty]"}"#,
                 at: [.marker("Citty")], ["unknown type 'Citty'", "did you mean 'City'?"]),
    ]

    static let keys: [SpecProblem] = [
        model("unknown key in a model", #"{"City": {"propertes": {}}}"#,
              at: [.marker("\"propertes\"")], ["unknown key 'propertes'", "did you mean 'properties'?"]),
        model("unknown key in a property", #"{"City": {"properties": {"n": {"type": "Int", "defualt": 1}}}}"#,
              at: [.marker("\"defualt\"")], ["unknown key 'defualt'", "did you mean 'default'?"]),
        endpoint("unknown key in an endpoint", #"{"method": "GET", "path": "/c", "respone": "City"}"#,
                 at: [.marker("\"respone\"")], ["unknown key 'respone'", "did you mean 'response'?"]),
        .init(name: "unknown key in the spec", text: spec(extra: #""descripton": "x""#),
              spots: [.marker("\"descripton\"")], message: ["unknown key 'descripton'", "did you mean 'description'?"]),
        .init(name: "unknown key without a near name", text: spec(extra: #""colour": "x""#),
              spots: [.marker("\"colour\"")], message: ["unknown key 'colour'"], absent: ["did you mean"]),
        model("two properties with one Swift name", #"{"Person": {"properties": {"first-name": "String", "first_name": "String"}}}"#,
              at: [.marker("\"first_name\"")], ["'first-name'", "'first_name'", "firstName"]),
        model("two properties with one JSON key",
              #"{"P": {"properties": {"a": {"type": "String", "key": "x"}, "b": {"type": "Int", "key": "x"}}}}"#,
              at: [.marker("\"x\"", occurrence: 2), .marker("\"b\"")], ["JSON key 'x'"]),
        model("a snake-cased name and an explicit key that collide",
              #"{"P": {"keyStrategy": "convertFromSnakeCase", "properties": {"userId": "Int", "uid": {"type": "Int", "key": "user_id"}}}}"#,
              at: [.marker("\"user_id\""), .marker("\"uid\"")], ["JSON key 'user_id'"]),
    ]

    static let endpoints: [SpecProblem] = [
        endpoint("undeclared path parameter", #"{"method": "GET", "path": "/cities/{cityId}"}"#,
                 at: [.marker("\"/cities/{cityId}\""), .marker("{cityId}")], ["'{cityId}'", "not declared"]),
        endpoint("declared path parameter the path does not use",
                 #"{"method": "GET", "path": "/cities", "pathParams": {"id": "Int"}}"#,
                 at: [.marker("\"id\"")], ["'id'", "{id}"]),
        endpoint("misspelt method", #"{"method": "DELET", "path": "/c"}"#,
                 at: [.marker("\"DELET\"")], ["unknown HTTP method 'DELET'", "did you mean 'DELETE'?"]),
        endpoint("unknown method", #"{"method": "FETCH", "path": "/c"}"#,
                 at: [.marker("\"FETCH\"")], ["unknown HTTP method 'FETCH'", "GET", "POST"], absent: ["did you mean"]),
        endpoint("body on GET", #"{"method": "GET", "path": "/c", "body": "City"}"#,
                 at: [.marker("\"City\"", occurrence: 2)], ["GET", "body"]),
        endpoint("body on HEAD", #"{"method": "HEAD", "path": "/c", "body": {"type": "City"}}"#,
                 at: [.marker("{\"type\"")], ["HEAD", "body"]),
        endpoint("responseKey on a Void response", #"{"method": "POST", "path": "/c", "responseKey": "data"}"#,
                 at: [.marker("\"data\"")], ["responseKey", "Void"]),
        endpoint("responseKey on a Data response", #"{"method": "GET", "path": "/c", "response": "Data", "responseKey": "data"}"#,
                 at: [.marker("\"data\"")], ["responseKey", "Data"]),
        endpoint("arrayStrategy on a single-object response",
                 #"{"method": "GET", "path": "/c", "response": "City", "arrayStrategy": "prune"}"#,
                 at: [.marker("\"prune\"")], ["arrayStrategy", "array"]),
        model("arrayStrategy on a property that is not an array",
              #"{"A": {"properties": {"s": {"type": "String?", "arrayStrategy": "prune"}}}}"#,
              at: [.marker("\"prune\"")], ["arrayStrategy", "not an array"]),
        endpoint("two endpoints with one name",
                 "{\"name\": \"list\", \"method\": \"GET\", \"path\": \"/a\"},\n{\"name\": \"list\", \"method\": \"GET\", \"path\": \"/b\"}",
                 at: [.marker("\"list\"", occurrence: 2)], ["two endpoints named 'list'", "line 5"]),
        endpoint("two endpoints whose derived names clash",
                 "{\"method\": \"GET\", \"path\": \"/v1/items\"},\n{\"method\": \"GET\", \"path\": \"/v2/items\"}",
                 at: [.marker("{\"method\"", occurrence: 2), .marker("\"/v2/items\"")], ["fetchItems"]),
        endpoint("path without a leading slash", #"{"method": "GET", "path": "items"}"#,
                 at: [.marker("\"items\"")], ["start with '/'"]),
        endpoint("path with a space", #"{"method": "GET", "path": "/my items"}"#,
                 at: [.marker("\"/my items\""), .marker(" items")], ["percent-encoded"]),
        endpoint("query parameter of a struct type", #"{"method": "GET", "path": "/c", "query": {"filter": "City"}}"#,
                 at: [.marker("\"City\"", occurrence: 2)], ["query parameter 'filter'"]),
        endpoint("Date body outside a model", #"{"method": "POST", "path": "/c", "body": "[Date]"}"#,
                 at: [.marker("\"[Date]\""), .marker("Date]")], ["Date"]),
        endpoint("empty responseKey", #"{"method": "GET", "path": "/c", "response": "City", "responseKey": ""}"#,
                 at: [.marker("\"\"")], ["responseKey", "empty"]),
    ]

    static let models: [SpecProblem] = [
        model("default of the wrong kind", #"{"A": {"properties": {"n": {"type": "Int", "default": "three"}}}}"#,
              at: [.marker("\"three\"")], ["\"three\"", "Int"]),
        model("fractional default for an Int", #"{"A": {"properties": {"n": {"type": "Int", "default": 1.5}}}}"#,
              at: [.marker("1.5")], ["1.5", "Int"]),
        model("null default for a non-optional", #"{"A": {"properties": {"n": {"type": "String", "default": null}}}}"#,
              at: [.marker("null")], ["null", "String"]),
        model("array default with a bad element", #"{"A": {"properties": {"n": {"type": "[String]", "default": ["a", 2]}}}}"#,
              at: [.marker("2]"), .marker("[\"a\"")], ["2", "String"]),
        model("enum default that is not a value",
              #"{"S": {"enum": ["on", "off"]}, "A": {"properties": {"s": {"type": "S", "default": "of"}}}}"#,
              at: [.marker("\"of\"")], ["\"of\"", "'S'"]),
        model("enum with strings and integers", #"{"Mixed": {"enum": ["a", 1]}}"#,
              at: [.marker("\"Mixed\""), .marker("1]")], ["'Mixed'", "all strings or all integers"]),
        model("enum value undocumented beside unknown", #"{"S": {"enum": ["undocumented", "Unknown"]}}"#,
              at: [.marker("\"undocumented\"")], ["'undocumented'", "'unknown'"]),
        model("enum case named undocumented beside unknown", #"{"S": {"enum": {"unknown": 0, "undocumented": 1}}}"#,
              at: [.marker("\"undocumented\"")], ["'undocumented'", "'unknown'"]),
        model("enum listing a string twice", #"{"S": {"enum": ["a", "b", "a"]}}"#,
              at: [.marker("\"a\"", occurrence: 2)], ["\"a\"", "twice"]),
        model("enum listing an integer twice", #"{"S": {"enum": {"one": 1, "uno": 1}}}"#,
              at: [.marker("1}"), .marker("\"uno\"")], ["1", "twice"]),
        model("enum values that become one case", #"{"S": {"enum": ["in-progress", "in_progress"]}}"#,
              at: [.marker("\"in_progress\"")], ["inProgress"]),
        model("empty enum", #"{"S": {"enum": []}}"#, at: [.marker("[]"), .marker("\"S\"")], ["no cases"]),
        model("reserved name Data", #"{"Data": {}}"#, at: [.marker("\"Data\"")], ["'Data'", "reserved"]),
        model("reserved name Endpoint", #"{"Endpoint": {"properties": {"a": "Int"}}}"#, at: [.marker("\"Endpoint\"")], ["'Endpoint'", "reserved"]),
        model("reserved name CodingKeys", #"{"CodingKeys": {}}"#, at: [.marker("\"CodingKeys\"")], ["reserved"]),
        model("reserved name Response", #"{"Response": {"properties": {"a": "Int"}}}"#, at: [.marker("\"Response\"")], ["reserved"]),
        model("reserved name String", #"{"String": {"enum": ["a"]}}"#, at: [.marker("\"String\"")], ["reserved"]),
        model("model name with a space", #"{"my model": {}}"#, at: [.marker("\"my model\"")], ["'my model'", "MyModel"]),
        model("model name with a hyphen", #"{"my-model": {}}"#, at: [.marker("\"my-model\"")], ["'my-model'"]),
        model("model name starting with a digit", #"{"2Fast": {}}"#, at: [.marker("\"2Fast\"")], ["'2Fast'"]),
        model("model name that is a keyword", #"{"Self": {}}"#, at: [.marker("\"Self\"")], ["'Self'"]),
        model("bad date strategy on a property", #"{"A": {"properties": {"d": {"type": "Date", "dateStrategy": "iso860"}}}}"#,
              at: [.marker("\"iso860\"")], ["unknown date strategy 'iso860'", "did you mean 'iso8601'?"]),
        model("bad date strategy on a model", #"{"A": {"dateStrategy": "secondSince1970", "properties": {"d": "Date"}}}"#,
              at: [.marker("\"secondSince1970\"")], ["did you mean 'secondsSince1970'?"]),
        model("date strategy on a property without a Date", #"{"A": {"properties": {"d": {"type": "Int", "dateStrategy": "iso8601"}}}}"#,
              at: [.marker("\"iso8601\"")], ["dateStrategy", "Date"]),
        model("empty date format", #"{"A": {"properties": {"d": {"type": "Date", "dateStrategy": {"format": ""}}}}}"#,
              at: [.marker("\"\""), .marker("{\"format\"")], ["format", "empty"]),
        model("misspelt key strategy", #"{"A": {"keyStrategy": "convertFromSnake", "properties": {"d": "Int"}}}"#,
              at: [.marker("\"convertFromSnake\"")], ["unknown key strategy", "convertFromSnakeCase"]),
        model("property that is a number", #"{"A": {"properties": {"d": 3}}}"#, at: [.marker("3")], ["property 'd'", "a number"]),
    ]

    static let api: [SpecProblem] = [
        .init(name: "two constructs with one Swift type (model and resource)",
              text: spec(models: #"{"CitiesService": {}}"#, resources: #"{"Cities": {}}"#),
              spots: [.marker("\"Cities\"")], message: ["'CitiesService'", "model 'CitiesService'"]),
        .init(name: "two constructs with one Swift type (model and namespace)",
              text: spec(name: "Shop", models: #"{"ShopAPI": {}}"#),
              spots: [.marker("\"ShopAPI\"")], message: ["'ShopAPI'"]),
        .init(name: "two constructs with one Swift type (model and endpoint)",
              text: spec(models: #"{"FetchItemsEndpoint": {}}"#, resources: #"{"Items": {"endpoints": [{"method": "GET", "path": "/items"}]}}"#),
              spots: [.marker("{\"method\""), .marker("\"Items\"")], message: ["'FetchItemsEndpoint'"]),
        extra("server URL without a scheme", #""servers": {"prod": "example.com/api"}"#,
              at: [.marker("\"example.com/api\"")], ["server 'prod'", "URL"]),
        extra("server URL with another scheme", #""servers": {"prod": "ftp://example.com"}"#,
              at: [.marker("\"ftp://example.com\"")], ["server 'prod'", "URL"]),
        extra("server URL with a query", #""servers": {"prod": "https://example.com/api?key=1"}"#,
              at: [.marker("\"https://")], ["server 'prod'", "URL"]),
        extra("header value with a line feed", #""headers": {"X-Trace": "a\nb"}"#,
              at: [.marker("\"a\\nb\"")], ["'X-Trace'", "line break"]),
        extra("header value with a carriage return", #""headers": {"X-Trace": "a\rSet-Cookie: b"}"#,
              at: [.marker("\"a\\r")], ["'X-Trace'", "line break"]),
        extra("header name with a space", #""headers": {"X Trace": "a"}"#,
              at: [.marker("\"X Trace\"")], ["'X Trace'", "header name"]),
        extra("unknown access level", #""defaults": {"access": "open"}"#,
              at: [.marker("\"open\"")], ["access level 'open'", "public", "internal"]),
        extra("$schema that is not a string", #""$schema": true"#,
              at: [.marker("true")], ["'$schema' must be a string", "a boolean"]),
        .init(name: "unsupported version", text: spec().replacingOccurrences(of: #""endpointgen": 1"#, with: #""endpointgen": 2"#),
              spots: [.marker("2")], message: ["\"endpointgen\": 1"]),
    ]
}

@Suite struct SpecProblemTests {
    private func check(_ problem: SpecProblem) {
        let result = generate(problem.text)
        #expect(result.files.isEmpty)
        #expect(!result.succeeded)
        // The spec text itself is valid: only the one problem is reported.
        #expect(result.diagnostics.count == 1, "\(result.diagnostics.map(\.description))")
        guard let diagnostic = result.diagnostics.first else { return }
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.file == "spec.json")
        let expected = problem.spots.map { $0.location(in: problem.text) }
        #expect(diagnostic.location.map(expected.contains) == true,
                "reported at \(String(describing: diagnostic.location)), expected one of \(expected): \(diagnostic.message)")
        for fragment in problem.message {
            #expect(diagnostic.message.contains(fragment), "'\(diagnostic.message)' lacks '\(fragment)'")
        }
        for fragment in problem.absent {
            #expect(!diagnostic.message.contains(fragment), "'\(diagnostic.message)' should not hold '\(fragment)'")
        }
    }

    @Test(arguments: SpecProblem.types) func types(_ problem: SpecProblem) { check(problem) }
    @Test(arguments: SpecProblem.keys) func keys(_ problem: SpecProblem) { check(problem) }
    @Test(arguments: SpecProblem.endpoints) func endpoints(_ problem: SpecProblem) { check(problem) }
    @Test(arguments: SpecProblem.models) func models(_ problem: SpecProblem) { check(problem) }
    @Test(arguments: SpecProblem.api) func api(_ problem: SpecProblem) { check(problem) }

    /// `"$schema"` points an editor at the spec format's JSON Schema; the generator ignores it.
    @Test func aSchemaReferenceChangesNothing() {
        let plain = generate(spec())
        let pointed = generate(spec(extra: #""$schema": "../docs/endpointgen.schema.json""#))
        #expect(pointed.succeeded, "\(pointed.diagnostics.map(\.description))")
        #expect(pointed.diagnostics.isEmpty)
        #expect(pointed.files.map(\.path) == plain.files.map(\.path))
        #expect(pointed.files.map(\.contents) == plain.files.map(\.contents))
    }

    @Test func theBaseSpecsAreValid() {
        // The problems above are single changes to these: they must generate cleanly.
        #expect(generate(spec()).succeeded)
        let base = spec(models: #"{"City": {"properties": {"name": "String"}}}"#,
                        resources: #"{"Cities": {"endpoints": [{"method": "GET", "path": "/c", "response": "[City]"}]}}"#)
        let result = generate(base)
        #expect(result.succeeded, "\(result.diagnostics)")
        #expect(!result.files.isEmpty)
    }
}
