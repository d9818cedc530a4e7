import Foundation
import GeneratedRuntime
import GoldenEdgeCases
import Testing

/// Models of the edge-case spec: keyword and non-identifier names, recursion, open enums,
/// nested collections, every date strategy, defaults, tolerance and key strategies.
@Suite struct EdgeCaseModelTests {
    @Test func keywordAndNonIdentifierNamesKeepTheirJSONKeys() throws {
        let text = #"{"default": "d", "class": 1, "self": true, "protocol": "p", "Type": "t", "init": 2, "func": ["f"], "first-name": "F", "2fa": false, "URLString": "u", "userID": 3, "request": "r"}"#
        let value = try decode(Keywords.self, text)
        #expect(value.default == "d")
        #expect(value.class == 1)
        #expect(value.self_ == true)
        #expect(value.type == "t")
        #expect(value.init_ == 2)
        #expect(value.firstName == "F")
        #expect(value._2fa == false)
        #expect(value.urlString == "u")
        #expect(try decode(Keywords.self, try encodeSorted(value)) == value)
        let keys = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any]).keys
        #expect(Set(keys) == ["default", "class", "self", "protocol", "Type", "init", "func", "first-name", "2fa", "URLString", "userID", "request"])
    }

    @Test func recursiveModelsDecodeThroughArraysDictionariesAndIndirectParents() throws {
        let text = #"{"value": 1, "children": [{"value": 2, "children": []}], "parent": {"value": 0, "children": [], "parent": {"value": -1, "children": []}}, "labels": {"x": {"value": 9, "children": []}}}"#
        let node = try decode(TreeNode.self, text)
        #expect(node.children.first?.value == 2)
        #expect(node.parent?.parent?.value == -1)
        #expect(node.labels?["x"]?.value == 9)
        var copy = node
        copy.parent?.value = 100
        #expect(node.parent?.value == 0, "an indirect property keeps value semantics")
        #expect(copy != node)
        #expect(try decode(TreeNode.self, try encodeSorted(node)) == node)
        let ping = try decode(Ping.self, #"{"pong": {"ping": {"pong": null}}}"#)
        #expect(ping.pong?.ping?.pong == nil)
    }

    @Test func openEnumsKeepUnknownValues() throws {
        let statuses = try decode([Status].self, #"["active", "in-progress", "on hold", "2-factor", "default", "a \"quoted\" \\(value)", "archived"]"#)
        #expect(statuses == [.active, .inProgress, .onHold, ._2Factor, .default, .aQuotedValue, .unknown("archived")])
        #expect(try encodeSorted(statuses) == #"["active","in-progress","on hold","2-factor","default","a \"quoted\" \\(value)","archived"]"#)
        let priorities = try decode([Priority].self, "[1, 5, 10, -1, 7]")
        #expect(priorities == [.low, .normal, .high, .minusOne, .unknown(7)])
        #expect(try decode([Level].self, "[0, 1, -2]") == [.value0, .value1, .valueMinus2])
        #expect(Status(rawValue: "on hold") == .onHold)
        #expect(Priority.unknown(7).rawValue == 7)
        #expect(throws: DecodingError.self) { try decode(Status.self, "3") }
    }

    /// Found on Codat's documents, whose enums list `"Unknown"`: it became `.unknown2` beside the
    /// catch-all `.unknown(String)`, so `case .unknown:` did not match the value the API sends.
    @Test func aListedUnknownIsItsCaseAndUnlistedValuesAreUndocumented() throws {
        let values = try decode([Certainty].self, #"["Known", "Unknown", "unknown", "Maybe"]"#)
        #expect(values == [.known, .unknown, .undocumented("unknown"), .undocumented("Maybe")])
        #expect(try encodeSorted(values) == #"["Known","Unknown","unknown","Maybe"]"#)
        #expect(Certainty(rawValue: "Unknown") == .unknown)
        // Found by the review: a union's default of an unlisted value named `.unknown(…)`, which
        // did not compile beside the listed `.unknown`.
        #expect(Guess().confidence == .certainty(.undocumented("Maybe")))
        #expect(try decode(Guess.self, "{}").confidence == .certainty(.undocumented("Maybe")))
    }

    @Test func nestedCollectionsAndFreeFormJSON() throws {
        let id = UUID()
        let text = #"{"matrix": [[1, 2], []], "nested": {"a": {"b": 1.5}}, "optionalElements": ["x", null], "anything": {"k": [1, "two", true, null, 2.5]}, "ids": ["\#(id.uuidString)"], "links": {"home": "https://example.com/a?b=c"}, "big": 9007199254740993, "statuses": ["active", "new"], "blobs": ["AAE="]}"#
        let value = try decode(Collections.self, text)
        #expect(value.matrix == [[1, 2], []])
        #expect(value.nested["a"]?["b"] == 1.5)
        #expect(value.optionalElements == ["x", nil])
        #expect(value.anything == .object(["k": .array([.int(1), .string("two"), .bool(true), .null, .double(2.5)])]))
        #expect(value.maybeAnything == nil)
        #expect(value.ids == [id])
        #expect(value.links?["home"] == URL(string: "https://example.com/a?b=c"))
        #expect(value.big == 9_007_199_254_740_993)
        #expect(value.statuses == [.active, .unknown("new")])
        #expect(value.blobs == [Data([0, 1])])
        #expect(try decode(Collections.self, try encodeSorted(value)) == value)
        // Found by a tester on HERE's `messagePlaceholders: {}`: free-form JSON holds a null
        // itself; as nil it went back as a missing key.
        let null = try decode(Collections.self, #"{"matrix": [], "nested": {}, "optionalElements": [], "anything": null, "maybeAnything": null, "ids": [], "big": 1, "statuses": []}"#)
        #expect(null.anything == .null && null.maybeAnything == .some(.null))
        #expect(try encodeSorted(null).contains(#""maybeAnything":null"#))
    }

    @Test func everyDateStrategyReadsAndWritesItsOwnForm() throws {
        let text = #"""
            {"modelDefault": "2024-02-29", "iso": "2024-02-29T10:20:30Z", "fractional": "2024-02-29T10:20:30.125Z",
             "seconds": 1709202030, "milliseconds": 1709202030125, "custom": "29/02/2024 10:20",
             "history": ["2024-02-29T10:20:30Z", "2024-02-29T10:20:31.000Z"], "byDay": {"mon": 86400}}
            """#
        let dates = try decode(Dates.self, text)
        let base = Date(timeIntervalSince1970: 1_709_202_030)
        #expect(dates.modelDefault == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(dates.iso == base)
        #expect(dates.fractional == base.addingTimeInterval(0.125))
        #expect(dates.seconds == base)
        #expect(dates.milliseconds == base.addingTimeInterval(0.125))
        #expect(dates.custom == Date(timeIntervalSince1970: 1_709_202_000))
        #expect(dates.history == [base, base.addingTimeInterval(1)], "iso8601 reads fractional seconds too")
        #expect(dates.byDay == ["mon": Date(timeIntervalSince1970: 86_400)])
        let encoded = try encodeSorted(dates)
        #expect(encoded.contains(#""modelDefault":"2024-02-29""#))
        #expect(encoded.contains(#""iso":"2024-02-29T10:20:30Z""#))
        #expect(encoded.contains(#""fractional":"2024-02-29T10:20:30.125Z""#))
        #expect(encoded.contains(#""history":["2024-02-29T10:20:30Z","2024-02-29T10:20:31Z"]"#))
        #expect(encoded.contains(#""seconds":1709202030"#))
        #expect(encoded.contains(#""milliseconds":1709202030125"#))
        #expect(encoded.contains(#""custom":"29\/02\/2024 10:20""#) || encoded.contains(#""custom":"29/02/2024 10:20""#))
        #expect(try decode(Dates.self, encoded) == dates)
        let wrong = text.replacingOccurrences(of: "\"2024-02-29T10:20:30Z\", \"2024", with: "\"yesterday\", \"2024")
        let error = try #require(throws: DecodingError.self) { try decode(Dates.self, wrong) }
        #expect("\(error)".contains("yesterday"))
    }

    /// A model named `Main` is in `Main+Model.swift`: SwiftPM takes a file named `main.swift`, in
    /// any case, for a program's entry point, and this module would not link (found by a review).
    @Test func aModelNamedMainIsAModel() throws {
        #expect(try decode(Main.self, #"{"entry": "door"}"#).entry == "door")
    }

    @Test func defaultsFillMissingAndNullKeys() throws {
        let missing = try decode(Defaults.self, "{}")
        #expect(missing == Defaults())
        #expect(missing.name == "unnamed \"x\"")
        #expect(missing.status == .inProgress)
        #expect(missing.priority == .high)
        #expect(missing.tags == ["a", "b"])
        #expect(missing.limits == ["max": 9])
        #expect(missing.extra == .object(["k": .array([.int(1), .double(2.5), .string("s"), .null, .bool(false),
                                                      .decimal(Decimal(string: "12345678901234567890")!), .double(-0.0),
                                                      .int(1), .int(100), .double(-0.0), .int(9_007_199_254_740_993)])]))
        // The generator writes a JSON default as the runtime decodes the same text.
        let written = try decode(JSONValue.self, #"{"k": [1, 2.5, "s", null, false, 12345678901234567890, -0, 1.0, 1e2, -0.0, 9007199254740993.0]}"#)
        #expect(missing.extra == written)
        #expect(String(decoding: try JSONEncoder().encode(missing.extra), as: UTF8.self) == #"{"k":[1,2.5,"s",null,false,12345678901234567890,-0,1,100,-0,9007199254740993]}"#)
        let nulls = try decode(Defaults.self, #"{"name": null, "count": null, "tags": null}"#)
        #expect(nulls.name == "unnamed \"x\"" && nulls.count == 3 && nulls.tags == ["a", "b"])
        let given = try decode(Defaults.self, #"{"count": 8, "status": "active"}"#)
        #expect(given.count == 8 && given.status == .active)
        #expect(throws: DecodingError.self) { try decode(Defaults.self, #"{"count": "eight"}"#) }
    }

    /// A date that came with a fraction of a second goes back with it, under the default ISO 8601
    /// strategy too (it used to lose it: `…30.125Z` went back as `…30Z`); one without stays
    /// without. Finer fractions keep their digits.
    @Test func isoDatesKeepTheirFractionThroughARoundTrip() throws {
        let text = #"""
            {"modelDefault": "2024-05-01", "iso": "2024-05-01T10:20:30.125Z", "fractional": "2024-05-01T10:20:30.123456Z",
             "seconds": 0, "milliseconds": 0, "custom": "01/05/2024 10:20",
             "history": ["2024-05-01T10:20:30Z", "2024-05-01T10:20:30.5Z", "2024-05-01T10:20:30.000001Z"], "byDay": {}}
            """#
        let dates = try decode(Dates.self, text)
        let encoded = try encodeSorted(dates)
        #expect(encoded.contains(#""iso":"2024-05-01T10:20:30.125Z""#), "\(encoded)")
        #expect(encoded.contains(#""fractional":"2024-05-01T10:20:30.123456Z""#), "\(encoded)")
        #expect(encoded.contains(#""history":["2024-05-01T10:20:30Z","2024-05-01T10:20:30.500Z","2024-05-01T10:20:30.000001Z"]"#), "\(encoded)")
        #expect(try decode(Dates.self, encoded) == dates)
        #expect(try encodeSorted(try decode(Dates.self, encoded)) == encoded)
    }

    /// A default named like a member of `Optional` (`none`, `some`) or of the enum itself is
    /// that case, in the memberwise initializer and for a missing or null key; never nil.
    @Test func enumDefaultsNamedLikeOptionalsMembersAreTheirCases() throws {
        let made = ModeDefaults()
        let missing = try decode(ModeDefaults.self, "{}")
        let nulls = try decode(ModeDefaults.self, #"{"mode": null, "fallback": null, "rank": null, "list": null}"#)
        for value in [made, missing, nulls] {
            #expect(value.mode == Mode.none)
            #expect(value.mode != nil)
            #expect(value.fallback == Mode.some)
            #expect(value.plain == Mode.none)
            #expect(value.itself == Mode.self_)
            #expect(value.member == Mode.rawValue)
            #expect(value.rank == Rank.none)
            #expect(value.rank?.rawValue == 0)
            #expect(value.list == [Mode.none, Mode.self_, Mode.some])
            #expect(value.byName == ["a": Mode.none])
        }
        let written = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(made)) as? [String: Any]
        #expect(written?["mode"] as? String == "none")
        #expect(written?["fallback"] as? String == "some")
        #expect(written?["rank"] as? Int == 0)
        #expect(Mode(rawValue: "Mode") == .mode && Mode.rawValue.rawValue == "rawValue" && Mode(rawValue: "x") == .unknown("x"))
    }

    @Test func tolerantModelsPruneAndDefault() throws {
        let value = try decode(Lenient.self, #"{"name": 5, "count": "x", "nodes": [{"value": 1, "children": []}, {"value": "bad"}], "seen": "never"}"#)
        #expect(value.name == nil)
        #expect(value.count == 0)
        #expect(value.nodes?.map(\.value) == [1])
        #expect(value.seen == nil)
        #expect(try decode(Lenient.self, "{}") == Lenient())
    }

    @Test func snakeCaseKeysWithAnOverrideThatWins() throws {
        let value = try decode(Snake.self, #"{"first_name": "A", "last_name": "B", "user_id": 1, "Renamed-Key": "R"}"#)
        #expect(value == Snake(firstName: "A", lastName: "B", userID: 1, renamed: "R"))
        #expect(try encodeSorted(value) == #"{"Renamed-Key":"R","first_name":"A","last_name":"B","user_id":1}"#)
        #expect(try encodeSorted(Empty()) == "{}")
    }
}
