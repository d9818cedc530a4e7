import Testing

@testable import GenCore

/// The problems a union (`oneOf`) can have, each reported in one run at its place, and the
/// warning for a member that can never be decoded.
@Suite struct ShapeSpecProblemTests {
    static let unionSpec = #"""
        {
          "endpointgen": 1,
          "name": "Broken",
          "models": {
            "Text": { "properties": { "type": "String", "text": "String" } },
            "Image": { "properties": { "kind": "String", "url": "URL" } },
            "Counted": { "properties": { "type": "Int" } },
            "Kind": { "enum": [1, 2] },
            "Numbered": { "properties": { "type": "Kind" } },
            "Unknown": { "properties": { "type": "String" } },
            "Other": { "properties": { "type": "String" } },
            "Unknowable": { "oneOf": ["Unknown", "Text"], "discriminator": "type" },
            "Part": { "oneOf": ["Text", "Image", "Vidoe"], "discriminator": "type" },
            "Mapped": { "oneOf": ["Text", "Counted", "Numbered"], "discriminator": "type", "mapping": { "t": "Text", "i": "Imagee" } },
            "Clash": { "oneOf": ["Text", "Other"], "discriminator": "type", "mapping": { "Other": "Text" } },
            "Scalars": { "oneOf": ["String", "Int?", "Date", "[File]", "String"] },
            "Named": { "oneOf": { "a": "String", "b": "Int", "A": "Bool" } },
            "NotStruct": { "oneOf": ["[String: Int]", "Text", "String"], "discriminator": "type", "mapping": { "s": "String" } },
            "Lonely": { "oneOf": [], "mapping": {} },
            "Wrong": { "oneOf": "Txt" },
            "Loop": { "oneOf": ["Int", "Loop"] },
            "Ping": { "oneOf": ["Pong", "String"] },
            "Pong": { "oneOf": ["Ping", "Int"] }
          }
        }
        """#

    @Test func unionProblems() {
        expectExactProblems(Self.unionSpec, [
            (.marker(#""Unknown", "Text"], "discriminator""#),
             "union 'Unknowable' cannot have a case named 'unknown': that case keeps objects whose discriminator no member lists; name it with an object: {\"caseName\": \"Type\"}"),
            (.marker(#""Image", "Vidoe""#), "member 'Image' of union 'Part' has no property with the JSON key 'type', the union's discriminator"),
            (.marker("Vidoe"), "unknown type 'Vidoe'"),
            (.marker(#""Counted", "Numbered""#),
             "property 'type' of 'Counted' holds the discriminator 'type' of union 'Mapped', so it must be a String or a string enum, not Int"),
            (.marker(#""Numbered"], "discriminator""#),
             "property 'type' of 'Numbered' holds the discriminator 'type' of union 'Mapped', so it must be a String or a string enum, not Kind"),
            (.marker(#""Imagee""#), "the mapping of 'i' names 'Imagee', which is not a member of union 'Mapped'; its members are Text, Counted, Numbered"),
            (.marker(#""Other": "Text""#),
             "the discriminator value 'Other' picks both Text (in the mapping) and Other (by its name); map Other to another value"),
            (.marker(#""Int?""#), "a member of union 'Scalars' cannot be optional; make the property that holds the union optional instead"),
            (.marker(#""Date", "[File]""#), "a Date can only be in a union inside a model, so that it has a date strategy; make Date a model property"),
            (.marker(#""[File]""#), "a File can only be a property of a multipart body's model, not a member of union 'Scalars'"),
            (.marker(#""String"] },"#), "union 'Scalars' lists String twice (the first at line 16)"),
            (.marker(#""A": "Bool""#), "two members of union 'Named' become the case 'a' (the first at line 17); name the cases with an object: {\"caseName\": \"Type\"}"),
            (.marker(#""[String: Int]", "Text""#), "a member of tagged union 'NotStruct' must be a struct model that holds the discriminator, a union of such models, or a value that is never an object (a string, number, Bool, enum or array), not [String: Int]"),
            (.at(18, 109), "the mapping of 's' names 'String', which is not an object: it has no discriminator"),
            (.marker(#"[], "mapping""#), "union 'Lonely' has no members"),
            (.marker(#""mapping": {} }"#), "union 'Lonely' has a 'mapping' but no 'discriminator': name the property whose value the mapping reads"),
            (.marker(#""Txt""#), "the 'oneOf' of model 'Wrong' must be an array of types or an object of case names to types, not a string"),
            (.marker(#""Loop"] }"#), "union 'Loop' contains itself through 'Loop' with no struct or array in between, so decoding it would never end; hold the member in a struct property or an array"),
            (.marker(#""Pong", "String""#), "union 'Ping' contains itself through 'Pong' with no struct or array in between, so decoding it would never end; hold the member in a struct property or an array"),
        ])
    }

    /// A tagged union's member that is a union: each of its members, and theirs, must be a
    /// struct that holds the discriminator as a string, each problem said at the member.
    @Test func aTaggedUnionsMemberThatIsAUnionHoldsTheDiscriminatorInEachOfItsMembers() {
        expectExactProblems(#"""
            {
              "endpointgen": 1,
              "name": "Nested",
              "models": {
                "Action": { "oneOf": ["Back", "Media", "Fine"], "discriminator": "type", "mapping": { "BACK": "Back", "MEDIA": "Media", "FINE": "Fine", "OK": "Fine" } },
                "Back": { "properties": { "type": "String" } },
                "Media": { "oneOf": ["Play", "String", "Inner"] },
                "Inner": { "oneOf": ["Skip", "Kind", "Counted"] },
                "Fine": { "oneOf": ["Play", "Inner2"] },
                "Inner2": { "oneOf": ["Back", "Play"], "discriminator": "mode" },
                "Kind": { "enum": ["a", "b"] },
                "Play": { "properties": { "type": "String", "mode": "String", "media": "String" } },
                "Skip": { "properties": { "kind": "String", "seconds": "Double" } },
                "Counted": { "properties": { "type": "Int" } }
              }
            }
            """#, [
            (.marker(#""Media", "Fine""#), "member 'String' (in 'Media') of union 'Action' is not an object, so it cannot hold the discriminator 'type': a union that is a member of a tagged union must be of struct models"),
            (.marker(#""Media", "Fine""#), "member 'Skip' (in 'Inner' in 'Media') of union 'Action' has no property with the JSON key 'type', the union's discriminator"),
            (.marker(#""Media", "Fine""#), "member 'Kind' (in 'Inner' in 'Media') of union 'Action' is not an object, so it cannot hold the discriminator 'type': a union that is a member of a tagged union must be of struct models"),
            (.marker(#""Media", "Fine""#), "property 'type' of 'Counted' (in 'Inner' in 'Media') holds the discriminator 'type' of union 'Action', so it must be a String or a string enum, not Int"),
            (.marker(#""Back", "Play"], "discriminator": "mode""#), "member 'Back' of union 'Inner2' has no property with the JSON key 'mode', the union's discriminator"),
        ])
    }

    /// Found by the review: a member union picked by several values goes out as its members
    /// encode themselves, so a member that may leave the discriminator out would send an object
    /// without it. One picked by one value is written with it, as a struct is.
    @Test func aMemberUnionPickedBySeveralValuesNeedsTheDiscriminatorInEachMember() {
        expectExactProblems(#"""
            {
              "endpointgen": 1,
              "name": "Nested",
              "models": {
                "Action": { "oneOf": ["Media", "Single"], "discriminator": "type", "mapping": { "MEDIA": "Media", "SEEK": "Media", "ONE": "Single" } },
                "Media": { "oneOf": ["Seek", "Toggle"] },
                "Single": { "oneOf": ["Seek", "Toggle"] },
                "Seek": { "properties": { "type": "String?", "seconds": "Double" } },
                "Toggle": { "properties": { "type": { "type": "String", "nullable": true }, "on": "Bool" } }
              }
            }
            """#, [
            (.marker(#""Media", "Single""#), "property 'type' of 'Seek' (in 'Media') may be left out, but 'Media' is picked by several values of 'type' in union 'Action' and goes out with its members' own: make it required"),
            (.marker(#""Media", "Single""#), "property 'type' of 'Toggle' (in 'Media') may be left out, but 'Media' is picked by several values of 'type' in union 'Action' and goes out with its members' own: make it required"),
        ])
    }

    /// Untagged members are tried in order: one that an earlier member always takes is never
    /// decoded. That is a warning: the files are still written.
    @Test func aMemberThatCanNeverBeDecodedIsAWarning() throws {
        let text = #"""
            {
              "endpointgen": 1,
              "name": "Shadowed",
              "models": {
                "Loose": { "properties": { "a": "String?", "b": { "type": "Int", "default": 1 } } },
                "Strict": { "properties": { "a": "String" } },
                "Color": { "enum": ["red", "green"] },
                "Anything": { "oneOf": ["Double", "Int", "Loose", "Strict", "[String: Int]", "[Double]", "[Int]"] },
                "Text": { "oneOf": ["Color", "String", "URL"] },
                "Fine": { "oneOf": ["Int", "Double", "Strict", "Loose", "String", "[Int]", "[Double]"] },
                "Everything": { "oneOf": ["JSON", "Bool"] }
              }
            }
            """#
        let result = generate(text, path: "Specs/shadowed.json")
        #expect(result.succeeded)
        #expect(!result.files.isEmpty)
        func warning(_ marker: String, _ member: String, _ union: String, _ earlier: String) -> String {
            let place = location(of: marker, in: text, occurrence: 1)
            return "Specs/shadowed.json:\(place.line):\(place.column): warning: member \(member) of union '\(union)' is never decoded: \(earlier), tried before it, accepts every value it accepts; list it first, or give the union a discriminator"
        }
        #expect(result.diagnostics.map(\.description) == [
            warning(#""Int", "Loose""#, "Int", "Anything", "Double"),
            // `Loose` takes every object, but only one that holds no key but `a` and `b`: it takes
            // every `Strict`, not every dictionary.
            warning(#""Strict", "[String"#, "Strict", "Anything", "Loose"),
            warning(#""[Int]"] },"#, "[Int]", "Anything", "[Double]"),
            warning(#""String", "URL""#, "String", "Text", "Color"),
            warning(#""URL""#, "URL", "Text", "Color"),
            warning(#""Bool""#, "Bool", "Everything", "JSON"),
        ])
    }

    /// Found by a tester on InfluxDB's expressions: a struct whose keys are all optional takes
    /// every object but one that holds a key of it with another type (`{"value": 1.5}` fails as
    /// a `BoolLiteral`): `NumLiteral` was said never decoded, and the member that takes what
    /// `StrLiteral` holds was misnamed. Unions shared by unions are checked once each.
    @Test func aMemberWithAKeyOfAnotherTypeIsDecoded() throws {
        var models = [
            #""BoolLiteral": { "properties": { "type": "String?", "value": "Bool?" } }"#,
            #""NumLiteral": { "properties": { "type": "String?", "value": "Double?" } }"#,
            #""SameAsBool": { "properties": { "type": "String?", "value": "Bool?" } }"#,
            #""Literal": { "oneOf": ["BoolLiteral", "NumLiteral", "SameAsBool"] }"#,
            // Found by the review: a tolerant struct reads each key with `try?`, and a number
            // takes every integer: each takes the member after it all the same.
            #""Loose": { "tolerant": true, "properties": { "value": "Bool?" } }"#,
            #""Ratio": { "properties": { "value": "Double?" } }"#, #""Count": { "properties": { "value": "Int?" } }"#,
            #""Reading": { "oneOf": ["Loose", "NumLiteral"] }"#, #""Measure": { "oneOf": ["Ratio", "Count"] }"#,
            #""U0": { "oneOf": ["BoolLiteral", "NumLiteral"] }"#, #""W0": { "oneOf": ["NumLiteral", "BoolLiteral"] }"#,
        ]
        // Each union holds both of the level below: 22 levels, four million ways down (walked
        // each, the check took 17 s; remembered, milliseconds).
        for level in 1...22 {
            models.append(#""U\#(level)": { "oneOf": ["U\#(level - 1)", "W\#(level - 1)"] }"#)
            models.append(#""W\#(level)": { "oneOf": ["W\#(level - 1)", "U\#(level - 1)"] }"#)
        }
        let endpoints = #"""
              "resources": { "AST": { "endpoints": [
                { "name": "literal", "method": "GET", "path": "/literal", "response": "Literal" },
                { "name": "reading", "method": "GET", "path": "/reading", "response": "Reading" },
                { "name": "measure", "method": "GET", "path": "/measure", "response": "Measure" },
                { "name": "deep", "method": "GET", "path": "/deep", "response": "U22" }
              ] } }
            """#
        let text = "{\n  \"endpointgen\": 1,\n  \"name\": \"Literals\",\n  \"models\": {\n    "
            + models.joined(separator: ",\n    ") + "\n  },\n" + endpoints + "\n}\n"
        let result = generate(text, path: "Specs/literals.json")
        #expect(result.succeeded)
        func warning(_ marker: String, _ member: String, _ union: String, _ earlier: String) -> String {
            let place = location(of: marker, in: text, occurrence: 1)
            return "Specs/literals.json:\(place.line):\(place.column): warning: member \(member) of union '\(union)' is never decoded: \(earlier), tried before it, accepts every value it accepts; list it first, or give the union a discriminator"
        }
        #expect(result.diagnostics.map(\.description) == [
            warning(#""SameAsBool"] }"#, "SameAsBool", "Literal", "BoolLiteral"),
            warning(#""NumLiteral"] }"#, "NumLiteral", "Reading", "Loose"),
            warning(#""Count"] }"#, "Count", "Measure", "Ratio"),
        ])
    }

    /// Found by the review: unions that hold each other through arrays were checked with the
    /// unions met on the way down, so a union's answer depended on which union asked first, and
    /// so on the order of the models. An array's elements are values of their own: `[V]` takes
    /// every `[[String]]` (`V`'s `[U]` takes `["a"]`, `U`'s `String` takes `"a"`), in either order.
    @Test func unionsThatHoldEachOtherThroughArraysAreCheckedAlikeInAnyOrder() throws {
        let models = [
            "U": #""U": { "oneOf": ["[V]", "String", "[[String]]"] }"#,
            "V": #""V": { "oneOf": ["[U]", "Int"] }"#,
            "W": #""W": { "oneOf": ["V", "[String]"] }"#,
        ]
        var found: [[String]] = []
        for order in [["U", "V", "W"], ["W", "V", "U"]] {
            let text = "{\n  \"endpointgen\": 1,\n  \"name\": \"Nested\",\n  \"models\": {\n    "
                + order.map { models[$0]! }.joined(separator: ",\n    ") + "\n  },\n"
                + #"  "resources": { "R": { "endpoints": [{ "name": "u", "method": "GET", "path": "/u", "response": "U" }, "#
                + #"{ "name": "w", "method": "GET", "path": "/w", "response": "W" }] } }"# + "\n}\n"
            let result = generate(text, path: "Specs/nested.json")
            #expect(result.succeeded)
            found.append(result.diagnostics.filter { $0.severity == .warning }.map(\.message).sorted())
        }
        #expect(found[0] == [
            "member [String] of union 'W' is never decoded: V, a union tried before it, accepts every value it accepts; list it first, or give the union a discriminator",
            "member [[String]] of union 'U' is never decoded: [V], tried before it, accepts every value it accepts; list it first, or give the union a discriminator",
        ])
        #expect(found[1] == found[0])
    }

    /// Found on Ably's and 1Password's documents: a union that the endpoints only send (a request
    /// body's, a query's) is built by the app case by case, and no response decodes it, so the
    /// order of its members does not matter and nothing is said. One that a response, an error
    /// body or another decoded model reaches too is warned about as before.
    @Test func aUnionOnlySentIsNotWarnedAbout() throws {
        let text = #"""
            {
              "endpointgen": 1,
              "name": "Sent",
              "models": {
                "Loose": { "properties": { "a": "String?" } },
                "Strict": { "properties": { "a": "String" } },
                "Request": { "oneOf": ["Loose", "Strict"] },
                "Wrapper": { "properties": { "request": "Request" } },
                "Reply": { "oneOf": ["Loose", "Strict"] },
                "Problem": { "oneOf": ["Loose", "Strict"] },
                "Echo": { "oneOf": ["Loose", "Strict"] },
                "Held": { "properties": { "echo": "Echo" } }
              },
              "resources": {
                "Things": {
                  "endpoints": [
                    { "name": "send", "method": "POST", "path": "/send", "body": "Wrapper", "response": "Reply", "errorResponse": "Problem" },
                    { "name": "echo", "method": "POST", "path": "/echo", "body": "Echo", "response": "Held" }
                  ]
                }
              }
            }
            """#
        let result = generate(text, path: "Specs/sent.json")
        #expect(result.succeeded)
        #expect(result.diagnostics.map(\.message) == ["Reply", "Problem", "Echo"].map {
            "member Strict of union '\($0)' is never decoded: Loose, tried before it, accepts every value it accepts; list it first, or give the union a discriminator"
        })
    }

    @Test func openObjectProblems() {
        let text = #"""
            {
              "endpointgen": 1,
              "name": "Broken",
              "models": {
                "Open": { "properties": { "additionalProperties": "String" }, "additionalProperties": "JSON" },
                "Files": { "additionalProperties": "[File]" },
                "Unknown": { "additionalProperties": "Strng" },
                "Form": { "properties": { "name": "String" }, "additionalProperties": "String" }
              },
              "resources": { "Forms": { "endpoints": [
                { "name": "send", "method": "POST", "path": "/form", "body": { "type": "Form", "encoding": "form" } }
              ] } }
            }
            """#
        expectExactProblems(text, [
            (.marker(#""JSON" }"#),
             "property 'additionalProperties' of model 'Open' becomes 'additionalProperties', the property that holds the keys it does not declare; rename it"),
            (.marker(#""[File]""#), "a File can only be a property of a multipart body's model, not an additional property"),
            (.marker("Strng"), "unknown type 'Strng'; did you mean 'String'?"),
            (.marker(#""Form", "encoding""#),
             "model 'Form' keeps keys it does not declare (additionalProperties), which a form body does not send; use a model of declared properties"),
        ])
    }

    @Test func nullableProblems() {
        let text = #"""
            {
              "endpointgen": 1,
              "name": "Broken",
              "models": {
                "Update": { "properties": { "name": { "type": "String", "nullable": true, "default": "x" }, "flag": { "type": "Bool", "nullable": "yes" } } },
                "Form": { "properties": { "name": { "type": "String", "nullable": true } } }
              },
              "resources": { "Forms": { "endpoints": [
                { "name": "send", "method": "POST", "path": "/form", "body": { "type": "Form", "encoding": "multipart" } }
              ] } }
            }
            """#
        expectExactProblems(text, [
            (.marker(#""x" }"#), "nullable property 'name' cannot have a default: absent, null and a value must stay apart"),
            (.marker(#""yes""#), "'nullable' must be true or false, not a string"),
            (.marker(#""Form", "encoding""#), "property 'name' of model 'Form' is nullable, and a form field cannot be null; make it optional"),
        ])
    }

    /// `required` is for a `T?` whose nil goes out as null: not beside what leaves the key out
    /// or stands in for null, not on a `JSON?`, not in a form.
    @Test func requiredMaybeNullProblems() {
        let text = #"""
            {
              "endpointgen": 1,
              "name": "Broken",
              "models": {
                "Update": { "properties": {
                  "a": { "type": "String?", "nullable": true, "required": true },
                  "b": { "type": "Int?", "default": 2, "required": true },
                  "c": { "type": "JSON?", "required": true },
                  "d": { "type": "Bool?", "required": "yes" }
                } },
                "Form": { "properties": { "name": { "type": "String?", "required": true } } },
                "Base": { "properties": { "note": { "type": "String?", "required": true } } },
                "Other": { "properties": { "note": "String?" } },
                "Both": { "allOf": ["Base", "Other"] }
              },
              "resources": { "Forms": { "endpoints": [
                { "name": "send", "method": "POST", "path": "/form", "body": { "type": "Form", "encoding": "form" } }
              ] } }
            }
            """#
        expectExactProblems(text, [
            (.marker("true }", occurrence: 1),
             "property 'a' is both 'nullable' and 'required': nullable leaves the key out for nil, required sends null; keep one"),
            (.marker("true }", occurrence: 2), "required property 'b' cannot have a default: its nil is sent and read as null"),
            (.marker("true }", occurrence: 3), "property 'c' is a required 'JSON?': write 'JSON', which holds null itself (.null)"),
            (.marker(#""yes""#), "'required' must be true or false, not a string"),
            (.marker(#""Form", "encoding""#), "property 'name' of model 'Form' is required and may be null, and a form field cannot be null; make it a plain optional, without 'required'"),
            (.marker(#""note": "String?""#),
             "model 'Both' gets the property 'note' twice, in 'Base' (line 12, column 31) and in 'Other' (line 13, column 32), with different 'required' (one sends null for nil, the other leaves the key out); give them one"),
        ])
    }

    @Test func requiredOnATypeThatIsRequiredAnywayIsAWarning() throws {
        let text = #"""
            {
              "endpointgen": 1,
              "name": "Warned",
              "models": { "Note": { "properties": { "title": { "type": "String", "required": true } } } }
            }
            """#
        let result = generate(text, path: "Specs/warned.json")
        #expect(result.succeeded && !result.files.isEmpty)
        #expect(result.diagnostics.map(\.description) == [
            "Specs/warned.json:4:82: warning: 'required' does nothing on property 'title' of model 'Note': a type without '?' is required already; 'required' is for a 'T?' whose nil is sent as null",
        ])
        let source = result.files.map(\.contents).joined()
        #expect(source.contains("try container.encodeField(\"title\", self.title)"))
    }

    @Test func compositionProblems() {
        let text = #"""
            {
              "endpointgen": 1,
              "name": "Broken",
              "models": {
                "Base": { "properties": { "id": "String", "name": "String" } },
                "Other": { "properties": { "id": "Int", "label": { "type": "String", "key": "name" } } },
                "Both": { "allOf": ["Base", "Other"] },
                "Renamed": { "allOf": ["Base"], "properties": { "Name": { "type": "String", "key": "title" } } },
                "Kind": { "enum": ["a"] },
                "Wrong": { "allOf": ["Kind", "Bsae"] },
                "Loop1": { "allOf": ["Loop2"] },
                "Loop2": { "allOf": ["Loop1"] },
                "NotArray": { "allOf": "Base" },
                "Counted": { "properties": { "count": "Int", "tags": "[String]" } },
                "Defaulted": { "allOf": ["Counted"], "properties": { "count": { "type": "Int", "default": 5 }, "tags": { "type": "[String]", "arrayStrategy": "prune" } } },
                "Same": { "allOf": ["Counted"], "properties": { "count": "Int" } }
              }
            }
            """#
        expectExactProblems(text, [
            (.marker(#""id": "Int""#),
             "model 'Both' gets the JSON key 'id' twice, as String in 'Base' (line 5, column 31) and as Int in 'Other' (line 6, column 32); give them one type"),
            (.marker(#""label""#),
             "model 'Both' gets the JSON key 'name' twice, for the properties 'name' in 'Base' (line 5, column 47) and 'label' in 'Other' (line 6, column 45); give them one name"),
            (.marker(#""Name""#),
             "model 'Renamed' gets the property 'name' twice, for the JSON keys 'name' in 'Base' (line 5, column 47) and 'title' in 'Renamed' (line 8, column 53)"),
            (.marker(#""Kind", "Bsae""#), "model 'Wrong' can be composed of struct models only, and 'Kind' is an enum"),
            (.marker(#""Bsae""#), "unknown model 'Bsae' in the 'allOf' of model 'Wrong'; did you mean 'Base'?"),
            (.marker(#""Loop1"] }"#), "model 'Loop2' is composed of itself through 'Loop1'"),
            (.marker(#""Base" },"#), "the 'allOf' of model 'NotArray' must be an array of model names, not a string"),
            // Repeated with a default or strategy of its own, a property would lose it: an error.
            (.marker(#""count": { "type""#),
             "model 'Defaulted' gets the property 'count' twice, in 'Counted' (line 14, column 34) and in 'Defaulted' (line 15, column 58), with different defaults (none and 5); give them one"),
            (.marker(#""tags": { "type""#),
             "model 'Defaulted' gets the property 'tags' twice, in 'Counted' (line 14, column 50) and in 'Defaulted' (line 15, column 100), with different array strategies; give them one"),
        ])
    }
}
