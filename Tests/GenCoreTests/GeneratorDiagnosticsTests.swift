import Testing

@testable import GenCore

/// How `Generator.generate` reports problems: every one in one run, in file order, in the form
/// compilers use, and never together with files.
@Suite struct GeneratorDiagnosticsTests {
    /// A spec with a problem in nearly every construct. Written so that each marker is unique.
    static let brokenSpec = """
        {
          "endpointgen": 1,
          "name": "Broken",
          "servers": { "prod": "ftp://files.example.com" },
          "headers": { "X-Trace": "one\\ntwo" },
          "models": {
            "City": { "properties": { "name": "String", "zone": "[Zonne]?" } },
            "Zone": { "enum": ["north", "south", 3] },
            "Data": {},
            "Tag": { "properties": { "label": "String" }, "tolerent": true },
            "Rule": { "properties": { "limit": { "type": "Int", "default": "ten" } } }
          },
          "resources": {
            "Cities": {
              "endpoints": [
                { "method": "GTE", "path": "/cities" },
                { "method": "GET", "path": "/cities/{cityID}", "pathParams": { "cityId": "String" } },
                { "method": "GET", "path": "/search", "body": "City" },
                { "method": "DELETE", "path": "/cities", "responseKey": "result" }
              ]
            }
          }
        }
        """

    /// Each expected problem: where it is and what its message must say.
    static let expected: [(spot: Spot, fragment: String)] = [
        (.marker("\"ftp://"), "invalid URL"),
        (.marker("\"one\\ntwo\""), "line break"),
        (.marker("Zonne"), "did you mean 'Zone'?"),
        (.marker("\"Zone\": {"), "all strings or all integers"),
        (.marker("\"Data\""), "reserved"),
        (.marker("\"tolerent\""), "did you mean 'tolerant'?"),
        (.marker("\"ten\""), "does not fit"),
        (.marker("\"GTE\""), "unknown HTTP method 'GTE'"),
        (.marker("\"/cities/{cityID}\""), "'{cityID}' is not declared in 'pathParams'; did you mean 'cityId'?"),
        (.marker("\"cityId\""), "declared but the path has no '{cityId}'"),
        (.marker("\"City\"", occurrence: 2), "GET endpoints cannot have a body"),
        (.marker("\"result\""), "'responseKey' needs a JSON response type"),
    ]

    @Test func reportsEveryProblemInOneRun() {
        let result = generate(Self.brokenSpec, path: "Specs/broken.json")
        #expect(result.files.isEmpty)
        #expect(!result.succeeded)
        let found = result.diagnostics.map { "\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.message)" }
        #expect(result.diagnostics.count == Self.expected.count, "\(found.joined(separator: "\n"))")
        for (spot, fragment) in Self.expected {
            let place = spot.location(in: Self.brokenSpec)
            let match = result.diagnostics.contains { $0.location == place && $0.message.contains(fragment) }
            #expect(match, "no diagnostic at \(place) saying '\(fragment)'; got:\n\(found.joined(separator: "\n"))")
        }
    }

    @Test func diagnosticsAreSortedByPosition() {
        let result = generate(Self.brokenSpec)
        let locations = result.diagnostics.compactMap(\.location)
        #expect(locations.count == result.diagnostics.count)
        #expect(locations == locations.sorted { ($0.line, $0.column) < ($1.line, $1.column) })
        // The checks run in a different order from the spec's (unknown keys while reading,
        // types while resolving, servers last): sorting is what puts them in file order.
        #expect(Set(locations.map(\.line)).count > 5)
    }

    @Test func diagnosticsUseTheCompilerFormat() {
        let result = generate(Self.brokenSpec, path: "Specs/broken.json")
        #expect(!result.diagnostics.isEmpty)
        for diagnostic in result.diagnostics {
            guard let place = diagnostic.location else {
                Issue.record("\(diagnostic) has no location")
                continue
            }
            #expect(diagnostic.description == "Specs/broken.json:\(place.line):\(place.column): error: \(diagnostic.message)")
        }
        let first = result.diagnostics.first?.description ?? ""
        #expect(first.hasPrefix("Specs/broken.json:4:24: error: "))
    }

    @Test func diagnosticFormatWithAndWithoutLocation() {
        let located = Diagnostic(.error, file: "a/b.json", location: loc(12, 7), message: "bad thing")
        #expect(located.description == "a/b.json:12:7: error: bad thing")
        let warning = Diagnostic(.warning, file: "x.json", location: loc(1, 1), message: "odd")
        #expect(warning.description == "x.json:1:1: warning: odd")
        let unlocated = Diagnostic(.error, file: "x.json", location: nil, message: "no place")
        #expect(unlocated.description == "x.json: error: no place")
    }

    @Test func problemsInTheReaderAndResolverAreReportedTogether() {
        // A missing required key (reader) and an unknown type (resolver), in reverse file order
        // of the stage that finds them.
        let text = """
            {
              "endpointgen": 1,
              "name": "Mixed",
              "models": { "A": { "properties": { "b": "Bee" } } },
              "resources": { "R": { "endpoints": [ { "path": "/x" } ] } }
            }
            """
        let result = generate(text)
        #expect(result.diagnostics.map(\.message).count == 2)
        #expect(result.diagnostics.first?.message.contains("unknown type 'Bee'") == true)
        #expect(result.diagnostics.first?.location == location(of: "Bee", in: text))
        #expect(result.diagnostics.last?.message.contains("has no 'method'") == true)
        #expect(result.diagnostics.last?.location == location(of: "{ \"path\"", in: text))
    }

    @Test func equalPositionsKeepTheOrderTheyWereFoundIn() {
        var collector = DiagnosticCollector(file: "f")
        collector.error("second line", at: loc(2, 1))
        collector.error("first A", at: loc(1, 5))
        collector.error("first B", at: loc(1, 5))
        collector.error("first column", at: loc(1, 1))
        #expect(collector.sorted.map(\.message) == ["first column", "first A", "first B", "second line"])
    }

    @Test func aValidSpecHasNoDiagnostics() {
        let text = spec(models: #"{"City": {"properties": {"name": "String", "zone": "Zone?"}}, "Zone": {"enum": ["north"]}}"#)
        let result = generate(text)
        #expect(result.diagnostics.isEmpty)
        #expect(result.succeeded)
    }

    /// Tools read diagnostics a line at a time. Spec text quoted in a message (a key, a model
    /// name, a method, a path) must not break the line or forge another diagnostic.
    @Test func diagnosticsAreSingleLinesWhateverTheSpecHolds() {
        let text = spec(
            extra: #""bad\nspec.json:1:1: error: forged": 1"#,
            models: #"{"A\u0007": {}}"#,
            resources: #"{"R": {"endpoints": [{"method": "G\rET", "path": "/a\u0000b"}]}}"#)
        let result = generate(text)
        #expect(result.diagnostics.count == 4, "\(result.diagnostics)")
        for diagnostic in result.diagnostics {
            let bad = diagnostic.description.unicodeScalars.filter {
                $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}"
            }
            #expect(bad.isEmpty, "\(diagnostic.description.debugDescription)")
        }
    }

    // MARK: Strategies set in `defaults`

    /// A bad strategy name in `defaults` is one mistake at one place: it should be reported
    /// once, not once for every model, property or endpoint it applies to.
    @Test func badDefaultStrategyIsReportedOnce() {
        let text = spec(
            extra: #""defaults": { "arrayStrategy": "prun", "keyStrategy": "snake_case" }"#,
            models: #"{"A": {"properties": {"l": "[Int]"}}, "B": {"properties": {"m": "[Int]"}}}"#,
            resources: #"{"R": {"endpoints": [{"method": "GET", "path": "/a", "response": "[A]"}, {"method": "GET", "path": "/b"}]}}"#)
        let result = generate(text)
        #expect(!result.succeeded)
        let arrayErrors = result.diagnostics.filter { $0.message.contains("'prun'") }
        let keyErrors = result.diagnostics.filter { $0.message.contains("'snake_case'") }
        #expect(arrayErrors.first?.message.contains("did you mean 'prune'?") == true)
        #expect(arrayErrors.first?.location == location(of: "\"prun\"", in: text))
        #expect(arrayErrors.count == 1, "\(arrayErrors.map(\.description))")
        #expect(keyErrors.count == 1, "\(keyErrors.map(\.description))")
        #expect(keyErrors.first?.location == location(of: "\"snake_case\"", in: text))
    }

    /// A misspelt strategy name is a mistake whether or not anything uses it yet.
    @Test func badStrategyNameIsReportedEvenWhenUnused() {
        let text = spec(
            extra: #""defaults": { "dateStrategy": "iso860" }"#,
            models: #"{"A": {"dateStrategy": "bogus", "properties": {"n": "Int"}}}"#)
        let result = generate(text)
        #expect(!result.succeeded)
        #expect(result.diagnostics.count == 2, "\(result.diagnostics)")
        #expect(result.diagnostics.first?.message.contains("unknown date strategy 'iso860'; did you mean 'iso8601'?") == true)
        #expect(result.diagnostics.first?.location == location(of: "\"iso860\"", in: text))
        #expect(result.diagnostics.last?.message.contains("'bogus'") == true)
        #expect(result.diagnostics.last?.location == location(of: "\"bogus\"", in: text))
    }
}
