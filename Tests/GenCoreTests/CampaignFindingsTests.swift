import Foundation
import Testing

@testable import GenCore

/// Defects the fuzz and valid-spec campaigns (MutationFuzzTests, RandomSpecTests) found: specs
/// the generator accepted whose Swift did not compile, or lost data.
@Suite struct CampaignFindingsTests {
    /// Typechecks `files` as one module, Swift 6, `-warnings-as-errors`; the compiler's errors, or "".
    private func typecheckErrors(_ files: [GeneratedFile]) async throws -> String {
        let modules = try #require(GeneratedCodeCompilesTests.modules, "GeneratedRuntime.swiftmodule not found beside the test binary")
        let check = try await MutationFuzzTests.typecheck(files, swiftc: executable(named: "swiftc")!, modules: modules)
        return check.status == 0 ? "" : check.standardError
    }

    // MARK: A tolerant model without properties

    /// Random spec 0 (seed 1): a tolerant model without properties got an `init(from:)` that
    /// decodes by `CodingKeys`, which a model without properties does not declare.
    static let tolerantEmpty = spec(models: #"""
        {
          "Nothing": { "tolerant": true },
          "AlsoNothing": { "tolerant": true, "properties": {} },
          "Something": { "tolerant": true, "properties": { "n": "Int" } }
        }
        """#)

    @Test func aTolerantModelWithoutPropertiesUsesNoCodingKeysItLacks() throws {
        let result = generate(Self.tolerantEmpty)
        try #require(result.succeeded, "\(result.diagnostics)")
        for name in ["Nothing", "AlsoNothing", "Something"] {
            let file = try #require(result.files.first { $0.path == "Models/\(name).swift" })
            #expect(!file.contents.contains("CodingKeys") || file.contents.contains("enum CodingKeys"), "\(name):\n\(file.contents)")
        }
    }

    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func aTolerantModelWithoutPropertiesCompiles() async throws {
        let result = generate(Self.tolerantEmpty)
        try #require(result.succeeded, "\(result.diagnostics)")
        let errors = try await typecheckErrors(result.files)
        #expect(errors.isEmpty, "\(errors)")
    }
}

extension CampaignFindingsTests {
    // MARK: Two servers with one URL

    /// Random specs 1, 6 and 8 (seed 1): two servers with the same URL made two cases of the
    /// `Server` enum with one raw value, which does not compile. It is an error at the second.
    @Test func twoServersWithTheSameURLAreAnError() throws {
        let text = spec(extra: #""servers": {"production": "https://api.example.com/v1", "staging": "https://api.example.com/x", "mirror": "https://api.example.com/v1"}"#)
        let result = generate(text)
        #expect(!result.succeeded)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1, "\(result.diagnostics)")
        #expect(diagnostic.message == "servers 'production' and 'mirror' have the same URL 'https://api.example.com/v1'; the Server enum tells them apart by it")
        #expect(diagnostic.location == location(of: "\"https://api.example.com/v1\"", in: text, occurrence: 2))
    }

    /// URLs that differ in any character are different servers, as far as the enum goes.
    @Test func serversWhoseURLsDifferOnlyInCaseAreFine() {
        let text = spec(extra: #""servers": {"production": "https://api.example.com", "staging": "https://API.example.com"}"#)
        #expect(generate(text).succeeded)
    }
}

extension CampaignFindingsTests {
    // MARK: A property named hashValue

    /// Random spec 2 (seed 1): a property named `hashValue` shadows Hashable's. In a model with
    /// its own `encode(to:)`, `container.encode(self.hashValue, …)` then picked Hashable's `Int`
    /// when the property was an enum or a model (so the round trip wrote the hash, silently), was
    /// ambiguous when it was a `String`, and an `Int` one warned that `hashValue` is deprecated as
    /// a requirement. Its Swift name is `hashValue_`, as `self` and `init` become `self_` and
    /// `init_`; the JSON key stays.
    static let hashValueModels = spec(extra: #""defaults": { "hashable": true }"#, models: #"""
        {
          "Kind": { "enum": ["a", "b"] },
          "Plain": { "properties": { "hashValue": "Int" } },
          "Text": { "properties": { "hashValue": "String", "when": "Date" } },
          "Coded": { "properties": { "hash_value": "Kind", "n": { "type": "Int", "default": 3 } } },
          "Snake": { "keyStrategy": "convertFromSnakeCase", "properties": { "hashValue": "Kind?", "when": "Date" } }
        }
        """#)

    @Test func aPropertyNamedHashValueGetsAnUnderscore() throws {
        #expect(SwiftNaming.memberName("hashValue") == "hashValue_")
        #expect(SwiftNaming.memberName("hash_value") == "hashValue_")
        #expect(SwiftNaming.memberName("hash") == "hash")
        let result = generate(Self.hashValueModels)
        try #require(result.succeeded, "\(result.diagnostics)")
        let expectedKeys = ["Plain": "hashValue", "Text": "hashValue", "Coded": "hash_value", "Snake": "hash_value"]
        for (model, key) in expectedKeys {
            let file = try #require(result.files.first { $0.path == "Models/\(model).swift" })
            #expect(file.contents.contains("var hashValue_: "), "\(model):\n\(file.contents)")
            #expect(file.contents.contains("self.hashValue_ = try container.decodeField"), "\(model):\n\(file.contents)")
            #expect(file.contents.contains(", \"\(key)\")\n"), "\(model):\n\(file.contents)")
            #expect(file.contents.contains("Codable, Hashable, Sendable"), "\(model):\n\(file.contents)")
            #expect(!file.contents.contains("self.hashValue,"), "\(model):\n\(file.contents)")
        }
    }

    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func modelsWithAHashValuePropertyCompileWithoutWarnings() async throws {
        let result = generate(Self.hashValueModels)
        try #require(result.succeeded, "\(result.diagnostics)")
        let errors = try await typecheckErrors(result.files)
        #expect(errors.isEmpty, "\(errors)")
    }
}

extension CampaignFindingsTests {
    // MARK: A deprecated paginated endpoint

    /// Random specs 2, 4, 6 and 7 (seed 1): the live service's `…Pages` function of a deprecated
    /// paginated endpoint was not deprecated itself, and called the deprecated service
    /// function, which warned. Its `…Pages` functions are deprecated like the endpoint's others.
    static let deprecatedPages = spec(
        models: #"{"Item": {"properties": {"id": "Int"}}}"#,
        resources: #"""
            {"Catalog": {"endpoints": [
              {"name": "fetchItems", "method": "GET", "path": "/items", "response": "[Item]", "deprecated": "Use \"fetchAll\".",
               "query": {"tag": "String?"}, "pagination": {"style": "offset", "items": "records"}},
              {"name": "fetchFeed", "method": "GET", "path": "/feed", "response": "[Item]", "deprecated": true,
               "query": {"tag": "String"}, "pagination": {"style": "cursor", "items": "data", "nextCursor": "next"}}
            ]}}
            """#)

    @Test func thePagesFunctionsOfADeprecatedEndpointAreDeprecated() throws {
        let result = generate(Self.deprecatedPages)
        try #require(result.succeeded, "\(result.diagnostics)")
        for path in ["Services/CatalogServiceProtocol.swift", "Services/LiveCatalogService.swift"] {
            let file = try #require(result.files.first { $0.path == path })
            let lines = file.contents.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            for (number, line) in lines.enumerated() where line.contains("Pages(") && line.contains("func ") {
                #expect(lines[number - 1].hasPrefix("@available(*, deprecated"), "\(path): \(line)")
            }
            #expect(lines.contains { $0.contains("func fetchItemsPages(") } && lines.contains { $0.contains("func fetchFeedPages(") }, "\(path)")
        }
    }

    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func aDeprecatedPaginatedEndpointCompilesWithoutWarnings() async throws {
        let result = generate(Self.deprecatedPages)
        try #require(result.succeeded, "\(result.diagnostics)")
        let errors = try await typecheckErrors(result.files)
        #expect(errors.isEmpty, "\(errors)")
    }
}

extension CampaignFindingsTests {
    // MARK: A parameter named like its endpoint's function

    /// Random spec 1 (seed 1, then with the rules for issue 20's defects 1 and 2 lifted): an endpoint `request`
    /// with a parameter `request` and an optional one. The protocol's convenience called
    /// `request(…)`, which meant the parameter. The conveniences call through `self.`.
    static let shadowingParameters = spec(
        models: #"{"Item": {"properties": {"id": "Int"}}}"#,
        resources: #"""
            {"Things": {"endpoints": [
              {"name": "request", "method": "GET", "path": "/a", "query": {"request": "String", "limit": "Int?"}, "response": "Item"},
              {"name": "items", "method": "GET", "path": "/items", "response": "[Item]",
               "query": {"itemsPages": "Int", "items": "String?"}, "pagination": {"style": "page", "items": "data"}},
              {"name": "default", "method": "GET", "path": "/d", "query": {"default": "Bool", "extra": "UUID?"}}
            ]}}
            """#)

    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func aParameterNamedLikeItsFunctionDoesNotHideItInTheConveniences() async throws {
        let result = generate(Self.shadowingParameters)
        try #require(result.succeeded, "\(result.diagnostics)")
        let errors = try await typecheckErrors(result.files)
        #expect(errors.isEmpty, "\(errors)")
    }
}

extension CampaignFindingsTests {
    // MARK: Names that Swift cannot start, or hold

    /// The fuzz campaign's reports of names starting with combining marks (cities 45905, books
    /// 67593, httpbin 76185) led here. Swift lets an identifier start only with some of the
    /// scalars Unicode calls alphabetic: not U+0345 or U+1DE7 (combining marks it allows inside
    /// a name only), and it allows U+2E2F nowhere. Names made from them did not compile; a model
    /// named so was accepted. And a file or folder name that starts with a combining mark (U+1BA9,
    /// which Swift does allow first) joins the `/` before it into one Character, which the
    /// command's path handling then missed. Now derived names start with `_` when their first
    /// scalar cannot start an identifier or is a mark, scalars Swift never allows split words like
    /// punctuation, and such model names are errors.
    @Test func namesSwiftCannotStartGetAnUnderscore() {
        #expect(SwiftNaming.memberName("\u{345}x") == "_\u{345}x")
        #expect(SwiftNaming.memberName("\u{1DE7}y") == "_\u{1DE7}y")
        #expect(SwiftNaming.memberName("\u{1BA9}z") == "_\u{1BA9}z")
        #expect(SwiftNaming.memberName("\u{903}w") == "_\u{903}w")
        #expect(SwiftNaming.typeName("\u{1BA9}things") == "_\u{1BA9}things")
        #expect(SwiftNaming.memberName("a\u{2E2F}b") == "aB")
        #expect(SwiftNaming.typeName("a\u{2E2F}b") == "AB")
        // Alphabetic marks inside a name stay: they are identifier characters.
        #expect(SwiftNaming.memberName("x\u{1BA9}z") == "x\u{1BA9}z")
        #expect(SwiftNaming.memberName("größe") == "größe")
    }

    @Test func modelNamesSwiftCannotDeclareAreErrors() {
        for name in ["\u{345}M", "\u{1DE7}M", "\u{1BA9}M", "M\u{2E2F}"] {
            let result = generate(spec(models: #"{\#(jsonString(name)): {"properties": {"a": "Int"}}}"#))
            #expect(result.diagnostics.map(\.message).contains { $0.hasPrefix("model name '\(name)' is not a Swift type name") }, "\(name.debugDescription): \(result.diagnostics)")
        }
        #expect(generate(spec(models: #"{"Café": {}, "Größe2": {}, "X\u1BA9": {}}"#)).succeeded)
    }

    /// Found by a review: a type name longer than a file name can be validated, then failed
    /// halfway through writing.
    @Test func typeNamesLongerThanAFileNameAreErrors() {
        let long = String(repeating: "A", count: 241)
        let result = generate(spec(models: #"{"Aaa": {}, "\#(long)": {}, "\#(String(repeating: "B", count: 240))": {}}"#))
        #expect(result.diagnostics.map(\.message) == [
            "model '\(long)' would be the type '\(long.prefix(40))…', 241 bytes long: longer than its file's name can be (240 bytes and '.swift'); shorten it",
        ], "\(result.diagnostics)")
    }

    /// Found by a review: a JSON default 126 levels deep was accepted, and swiftc refused it
    /// ("structure nesting level exceeded maximum of 256").
    @Test func jsonDefaultsNestedTooDeepForSwiftAreErrors() {
        func holder(_ levels: Int) -> String {
            spec(models: #"{"M": {"properties": {"a": {"type": "JSON", "default": \#(String(repeating: "[", count: levels) + String(repeating: "]", count: levels))}}}}"#)
        }
        #expect(generate(holder(100)).succeeded)
        #expect(generate(holder(101)).diagnostics.map(\.message) == [
            "a JSON default nested more than 100 levels deep is more than the Swift compiler reads; flatten it",
        ])
    }

    /// `accept` and a JSON body's `contentType` name JSON media types, for JSON responses (or none).
    @Test func acceptAndAJSONBodysContentTypeAreJSONMediaTypes() {
        let resources = #"""
            {"R": {"endpoints": [
              {"name": "a", "method": "GET", "path": "/a", "accept": "text/html", "response": "Doc"},
              {"name": "b", "method": "GET", "path": "/b", "accept": "application/vnd.api+json", "response": "String", "stream": "sse"},
              {"name": "c", "method": "POST", "path": "/c", "body": {"type": "Doc", "contentType": "text/plain"}},
              {"name": "d", "method": "PATCH", "path": "/d", "body": {"type": "Doc", "contentType": "application/merge-patch+json; charset=utf-8"},
               "accept": "Application/JSON", "response": "Doc"},
              {"name": "e", "method": "DELETE", "path": "/e", "accept": "application/vnd.api+json"}]}}
            """#
        let result = generate(spec(models: #"{"Doc": {"properties": {"t": "String?"}}}"#, resources: resources))
        #expect(result.diagnostics.map(\.message) == [
            "'accept' names the JSON media type the response comes in, such as 'application/vnd.api+json', not 'text/html'",
            "'accept' is for a response read whole (or none); a stream of events sets its own",
            "'contentType' is for uploads (\"type\": \"Upload\"), for a String sent as text (such as 'text/plain'), and for a JSON body of another JSON media type, such as 'application/merge-patch+json'",
        ], "\(result.diagnostics)")
    }

    /// Found by a tester on Plaid's PDF reports: bytes and text went out asking for `*/*`, and a
    /// server that serves several media types picks by `Accept`. An endpoint that reads them
    /// whole (or streams bytes) may name the media types it asks for.
    @Test func bytesAndTextAskForTheMediaTypesTheSpecNames() {
        let resources = #"""
            {"R": {"endpoints": [
              {"name": "report", "method": "GET", "path": "/a", "accept": "application/pdf", "response": "Data"},
              {"name": "badge", "method": "GET", "path": "/b", "accept": "image/svg+xml, image/png;q=0.8", "response": "HTTPResponse"},
              {"name": "export", "method": "GET", "path": "/c", "accept": "text/csv; charset=utf-8", "response": "String"},
              {"name": "download", "method": "GET", "path": "/d", "accept": "application/zip", "stream": "bytes"},
              {"name": "bad1", "method": "GET", "path": "/e", "accept": "pdf", "response": "Data"},
              {"name": "bad2", "method": "GET", "path": "/f", "accept": "text/csv, ", "response": "String"},
              {"name": "bad3", "method": "GET", "path": "/g", "accept": "text/c sv", "response": "String"},
              {"name": "bad4", "method": "GET", "path": "/h", "accept": "text/csv;\u0000", "response": "String"}]}}
            """#
        let result = generate(spec(models: "{}", resources: resources))
        #expect(result.diagnostics.map(\.message) == ["pdf", "text/csv, ", "text/c sv", "text/csv;\u{0}"].map {
            "'accept' names the media types the response may come in, such as 'application/pdf' or 'image/png, image/jpeg', not '\($0)'"
        }, "\(result.diagnostics)")
        let fixed = generate(spec(models: "{}", resources: resources.replacingOccurrences(of: #"bad"#, with: #"ok"#)
            .replacingOccurrences(of: #""accept": "pdf", "#, with: "").replacingOccurrences(of: #""accept": "text/csv, ", "#, with: "")
            .replacingOccurrences(of: #""accept": "text/c sv", "#, with: "").replacingOccurrences(of: #""accept": "text/csv;\u0000", "#, with: "")))
        #expect(fixed.succeeded, "\(fixed.diagnostics)")
        let source = fixed.files.map(\.contents).joined()
        for line in [#"EndpointRequest(method: .get, path: "/a", accept: "application/pdf")"#,
                     #"EndpointRequest(method: .get, path: "/b", accept: "image/svg+xml, image/png;q=0.8")"#,
                     #"EndpointRequest(method: .get, path: "/c", accept: "text/csv; charset=utf-8")"#,
                     #"EndpointRequest(method: .get, path: "/d", accept: "application/zip")"#,
                     #"EndpointRequest(method: .get, path: "/e", accept: "*/*")"#] {
            #expect(source.contains(line), "\(line)")
        }
    }

    /// Found by the review of text bodies: a String of a range (`text/*`) went out as that
    /// range, one of a multipart type without a boundary, and one labelled Latin-1 as UTF-8 bytes.
    @Test func aTextBodyNamesOneMediaTypeInUTF8() {
        let resources = #"""
            {"R": {"endpoints": [
              {"name": "a", "method": "POST", "path": "/a", "body": {"type": "String", "contentType": "text/*"}},
              {"name": "b", "method": "POST", "path": "/b", "body": {"type": "String", "contentType": "multipart/form-data"}},
              {"name": "c", "method": "POST", "path": "/c", "body": {"type": "String?", "contentType": "text/plain; charset=ISO-8859-1"}},
              {"name": "d", "method": "POST", "path": "/d", "body": {"type": "String", "contentType": " "}},
              {"name": "e", "method": "POST", "path": "/e", "body": {"type": "String", "contentType": "text/plain; charset=\"utf-8\""}}]}}
            """#
        let result = generate(spec(models: "{}", resources: resources))
        #expect(result.diagnostics.map(\.message) == [
            "a String is sent as text of one media type, which 'text/*' does not name; send bytes the app encodes as an upload (\"type\": \"Upload\")",
            "a String is sent as text of one media type, which 'multipart/form-data' does not name; send bytes the app encodes as an upload (\"type\": \"Upload\")",
            "a String is sent as its UTF-8 text, which 'charset=iso-8859-1' would mislabel; name no charset, or utf-8",
            "'contentType' must be a media type on one line",
        ], "\(result.diagnostics)")
    }

    /// Found by a review: models named in lower case (`container`, `response`, or like the
    /// property that holds one) were accepted and gave code that did not compile.
    @Test func modelNamesInLowerCaseAreErrors() {
        let result = generate(spec(models: #"{"container": {}, "status": {"enum": ["x"]}, "été": {}, "_Private": {}, "Fine": {}}"#))
        #expect(result.diagnostics.map(\.message).sorted() == [
            "model name 'container' starts with a lower-case letter, as the generated code's variables and properties do; write it as a type name, such as 'Container'",
            "model name 'status' starts with a lower-case letter, as the generated code's variables and properties do; write it as a type name, such as 'Status'",
            "model name 'été' starts with a lower-case letter, as the generated code's variables and properties do; write it as a type name, such as 'Été'",
        ], "\(result.diagnostics)")
    }

    static let oddNames = spec(
        extra: #""servers": {"\u0345prod": "https://a.example.com", "\u1BA9stage": "https://b.example.com"}"#,
        models: #"""
            {
              "Kind": {"enum": ["\u0345a", "\u1DE7b", "c\u2E2Fd"]},
              "Thing": {"properties": {"\u0345x": "String", "\u1BA9y": "Kind?", "\u0903z": {"type": "Int", "default": 1}, "a\u2E2Fb": "Date"}}
            }
            """#,
        resources: #"""
            {"\u1BA9things": {"endpoints": [
              {"name": "\u0345go", "method": "POST", "path": "/a/{id}", "pathParams": {"id": {"type": "Int", "swiftName": "\u0345id"}}, "body": "Thing", "response": "Thing"}
            ]},
             "\u0345more": {"endpoints": [{"method": "GET", "path": "/b", "query": {"\u1DE7q": "String?"}}]}}
            """#)

    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func namesFromOddScalarsCompile() async throws {
        for layout in OutputLayout.allCases {
            let result = generate(Self.oddNames, layout: layout)
            try #require(result.succeeded, "\(result.diagnostics)")
            let errors = try await typecheckErrors(result.files)
            #expect(errors.isEmpty, "\(layout): \(errors)")
        }
    }

    @Test func theCommandWritesFilesWhoseNamesStartWithAMark() throws {
        let folder = try TemporaryDirectory()
        try folder.write("odd.json", Self.oddNames)
        let run = runTool(["generate", "odd.json", "--output", "Generated"], in: folder.url)
        #expect(run.status == .success, "\(run.standardError)")
        #expect(folder.allFiles(under: "Generated").contains("Generated/Services/_\u{1BA9}thingsService.swift"), "\(folder.allFiles(under: "Generated"))")
    }
}

extension CampaignFindingsTests {
    // MARK: URL and Data members of an untagged union

    /// Random specs 23, 24, 45 and 68 (seed 1, once the campaign drew unions): an untagged
    /// union decoded a member with `URL(from: decoder)`, which reads `URL`'s own keyed form
    /// (`{"relative": …}`), not the string `JSONDecoder` reads and writes for a URL property; so a
    /// URL member never decoded ("no member of Link fits the value"), and one made in code
    /// encoded as `{"relative": …}`. `Data(from:)` likewise reads an array of bytes, not base64.
    /// Both go through a container now, as a property does.
    static let urlAndDataMembers = spec(models: #"""
        {
          "Link": { "oneOf": ["Int", "URL"] },
          "Blob": { "oneOf": { "flag": "Bool", "bytes": "Data" } },
          "Holder": { "properties": { "link": "Link", "blob": "Blob?", "links": "[Link]", "blobs": "[String: Blob]" } }
        }
        """#)

    @Test func urlAndDataMembersOfAnUntaggedUnionGoThroughAContainer() throws {
        let result = generate(Self.urlAndDataMembers)
        try #require(result.succeeded, "\(result.diagnostics)")
        let link = try #require(result.files.first { $0.path == "Models/Link.swift" }).contents
        #expect(link.contains("self = .url(try UnionCoding.decode(URL.self, from: decoder))"), "\(link)")
        #expect(link.contains("case .url(let value): try UnionCoding.encode(value, to: encoder)"), "\(link)")
        #expect(link.contains("self = .int(try Int(from: decoder))"), "\(link)")
        let blob = try #require(result.files.first { $0.path == "Models/Blob.swift" }).contents
        #expect(blob.contains("self = .bytes(try UnionCoding.decode(Data.self, from: decoder))"), "\(blob)")
        #expect(blob.contains("case .bytes(let value): try UnionCoding.encode(value, to: encoder)"), "\(blob)")
    }

    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func urlAndDataMembersOfAnUntaggedUnionRoundTrip() async throws {
        let models = [
            RandomModel(name: "Link", kind: .union([RandomUnionMember(caseName: nil, type: .int), RandomUnionMember(caseName: nil, type: .url)], discriminator: nil)),
            RandomModel(name: "Blob", kind: .union([RandomUnionMember(caseName: "flag", type: .bool), RandomUnionMember(caseName: "bytes", type: .data)], discriminator: nil)),
            RandomModel(name: "Holder", kind: .structure([
                RandomProperty(specName: "link", swiftName: "link", key: "link", type: .model("Link"), effectiveType: .model("Link"), defaultValue: nil, dateStrategy: nil),
                RandomProperty(specName: "blob", swiftName: "blob", key: "blob", type: .optional(.model("Blob")), effectiveType: .optional(.model("Blob")), defaultValue: nil, dateStrategy: nil),
                RandomProperty(specName: "links", swiftName: "links", key: "links", type: .array(.model("Link")), effectiveType: .array(.model("Link")), defaultValue: nil, dateStrategy: nil),
                RandomProperty(specName: "blobs", swiftName: "blobs", key: "blobs", type: .dictionary(.model("Blob")), effectiveType: .dictionary(.model("Blob")), defaultValue: nil, dateStrategy: nil),
            ])),
        ]
        let instances: [(model: String, json: FuzzJSON)] = try [
            ("Link", #""https://example.com/a?b=c#d""#),
            ("Link", "42"),
            ("Blob", #""AAEC/w==""#),
            ("Blob", "true"),
            ("Holder", #"{"link": "urn:isbn:0451450523", "blob": "", "links": [7, "http://127.0.0.1:8080/x%20y"], "blobs": {"a": "3q2+7w==", "b": false}}"#),
        ].map { ($0.0, FuzzJSON(try JSONParser.parse($0.1))) }
        let spec = RandomSpec(index: 0, seed: 0, spec: FuzzJSON(try JSONParser.parse(Self.urlAndDataMembers)), models: models, instances: instances)
        try await RandomSpecTests.compileAndRoundTrip(spec, options: GeneratorOptions(layout: .split), label: "URL and Data members", replay: "")
    }
}

extension CampaignFindingsTests {
    // MARK: Untagged members that are never decoded

    /// Seen while drawing untagged unions for the valid-spec campaign, whose members must stay
    /// apart without a warning: the check of members an earlier one always takes read a struct's
    /// own properties only, so a composed struct whose bases hold a required property was said to
    /// take every object (a warning about a member that does decode), while a struct whose
    /// properties are all nullable, which does take every object, was not; and `Int`, `Int64` or
    /// `Double` before an integer enum, which takes every value of the enum, gave no warning.
    static let unreachableMembers = spec(models: #"""
        {
          "Level": { "enum": [0, 1, 2] },
          "Base": { "properties": { "id": "String" } },
          "Composed": { "allOf": ["Base"], "properties": { "note": "String?" } },
          "Loose": { "allOf": ["Patch"], "properties": { "note": "String ? " } },
          "Other": { "properties": { "x": "Int" } },
          "Patch": { "properties": { "name": { "type": "String", "nullable": true } } },
          "ComposedFirst": { "oneOf": ["Composed", "Other"] },
          "NullableFirst": { "oneOf": ["Patch", "Other"] },
          "LooseFirst": { "oneOf": ["Loose", "Other"] },
          "IntFirst": { "oneOf": ["Int", "Level"] },
          "DoubleFirst": { "oneOf": ["Double", "Level"] },
          "LevelFirst": { "oneOf": ["Level", "Double"] }
        }
        """#)

    @Test func membersAnEarlierOneAlwaysTakesAreFoundThroughBasesAndNullables() throws {
        let result = generate(Self.unreachableMembers)
        #expect(result.succeeded)
        let warnings = result.diagnostics.filter { $0.severity == .warning }.map(\.message)
        // `Patch` (its one property nullable) is tried only with an object that holds `name`, so
        // `Other`, which requires `x`, is decoded. `Loose`, composed of it, is not told apart so.
        #expect(warnings == [
            "member Other of union 'LooseFirst' is never decoded: Loose, tried before it, accepts every value it accepts; list it first, or give the union a discriminator",
            "member Level of union 'IntFirst' is never decoded: Int, tried before it, accepts every value it accepts; list it first, or give the union a discriminator",
            "member Level of union 'DoubleFirst' is never decoded: Double, tried before it, accepts every value it accepts; list it first, or give the union a discriminator",
        ], "\(result.diagnostics)")
    }

    /// Found by a review: a struct that requires `id` alone took every object of a struct listed
    /// after it that requires `id` and `name`, whose `name` was then dropped, without a warning.
    static let subsetMembers = spec(models: #"""
        {
          "Ref": { "properties": { "id": "Int", "label": "String?" } },
          "Named": { "properties": { "id": "Int", "name": "String" } },
          "Labelled": { "properties": { "id": "Int", "label": "Int" } },
          "Renamed": { "properties": { "ident": { "type": "Int", "key": "id" }, "name": "String" } },
          "Defaulted": { "properties": { "id": { "type": "Int", "default": 1 }, "name": "String" } },
          "TextId": { "properties": { "id": "String", "name": "String" } },
          "Composed": { "allOf": ["Ref"], "properties": { "name": "String" } },
          "RefFirst": { "oneOf": ["Ref", "Named", "Renamed", "Labelled", "Defaulted", "TextId", "Composed"] },
          "Stamp": { "properties": { "at": "Date" } },
          "DayStamp": { "dateStrategy": "dateOnly", "properties": { "at": "Date", "note": "String" } },
          "Open": { "properties": { "id": "Int" }, "additionalProperties": "Int" },
          "StampFirst": { "oneOf": ["Stamp", "DayStamp"] },
          "OpenFirst": { "oneOf": ["Open", "Named"] },
          "NamedFirst": { "oneOf": ["Named", "Ref"] }
        }
        """#)

    @Test func aStructListedAfterOneThatRequiresLessIsNeverDecoded() throws {
        let result = generate(Self.subsetMembers)
        #expect(result.succeeded)
        let warnings = result.diagnostics.filter { $0.severity == .warning }.map(\.message)
        // `Ref` is tried only with an object that holds no key but its own (`id`, `label`), so an
        // object with a `name` goes on to `Named`, which then takes every object of `Renamed`.
        #expect(warnings == [
            "member Renamed of union 'RefFirst' is never decoded: Named, tried before it, accepts every value it accepts; list it first, or give the union a discriminator",
        ], "\(result.diagnostics)")
    }
}

extension CampaignFindingsTests {
    // MARK: Unions as members

    /// Left from the real documents' review: a union tried before a struct decodes every object
    /// that one of its own members decodes (a member of its own that takes every object comes
    /// back last to an object no other took), so the struct after it was never decoded, and
    /// nothing said so; the check compared the union's name with the struct's. A tagged union
    /// takes every object that holds its discriminator as a string: as a member, or as its
    /// unknown case.
    static let unionMembers = spec(models: #"""
        {
          "Kind": { "enum": ["a", "b"] },
          "Patch": { "properties": { "name": "String?", "note": "String?" } },
          "Named": { "properties": { "name": "String" } },
          "Counted": { "properties": { "count": "Int" } },
          "Kinded": { "properties": { "kind": "Kind", "size": "Int" } },
          "Texted": { "properties": { "kind": "String", "text": "String" } },
          "Untyped": { "properties": { "kind": "Int", "text": "String" } },
          "Loose": { "oneOf": ["Patch", "Counted"] },
          "Strict": { "oneOf": ["Named", "Counted"] },
          "Tagged": { "oneOf": ["Kinded", "Texted"], "discriminator": "kind" },
          "LooseFirst": { "oneOf": ["Loose", "Named"] },
          "StrictFirst": { "oneOf": ["Strict", "Named", "Patch"] },
          "NestedFirst": { "oneOf": ["Strict", "Loose"] },
          "DeepFirst": { "oneOf": ["NestedFirst", "Counted"] },
          "TaggedFirst": { "oneOf": ["Tagged", "Texted", "Untyped"] }
        }
        """#)

    @Test func aUnionMemberHidesTheMembersItsOwnMembersTake() throws {
        let result = generate(Self.unionMembers)
        #expect(result.succeeded)
        let warnings = result.diagnostics.filter { $0.severity == .warning }.map(\.message)
        #expect(warnings == [
            "member Named of union 'LooseFirst' is never decoded: Loose, a union tried before it, accepts every value it accepts; list it first, or give the union a discriminator",
            "member Named of union 'StrictFirst' is never decoded: Strict, a union tried before it, accepts every value it accepts; list it first, or give the union a discriminator",
            "member Counted of union 'DeepFirst' is never decoded: NestedFirst, a union tried before it, accepts every value it accepts; list it first, or give the union a discriminator",
            "member Texted of union 'TaggedFirst' is never decoded: Tagged, a union tried before it, accepts every value it accepts; list it first, or give the union a discriminator",
        ], "\(result.diagnostics)")
    }
}

extension CampaignFindingsTests {
    // MARK: Members that take every object

    /// Found on Docker's document: `TimespanData` is `oneOf: [MonthData {months?}, WeekData
    /// {weeks?}]`, and `MonthData`, which takes every object, took `{"weeks": [...]}` too, as a
    /// `MonthData` with nothing in it: the weeks were lost. Such a member is now tried with an
    /// object that holds no key but its own, which it drops nothing of; another goes to the
    /// members after it, and comes back to it when none of them takes it (`{"other": 1}` beside
    /// a struct that requires a key).
    static let membersTakingEveryObject = spec(models: #"""
        {
          "Month": { "properties": { "month": "Int?" } },
          "Week": { "properties": { "week": "Int?" } },
          "MonthData": { "properties": { "months": "[Month]?", "total": "Int?" } },
          "WeekData": { "properties": { "weeks": "[Week]?", "total": "Int?" } },
          "Strict": { "properties": { "id": "Int" } },
          "TimespanData": { "oneOf": ["MonthData", "WeekData"] },
          "LooseOrStrict": { "oneOf": ["WeekData", "Strict", "[String: Int]"] },
          "A": { "properties": { "a": "Int?", "b": "Int?" } },
          "B": { "properties": { "b": "Int?", "c": "Int" } },
          "C": { "properties": { "d": "Int?" } },
          "Tri": { "oneOf": ["A", "B", "C"] },
          "Volume": { "properties": { "label": "String", "size": "Int?" } },
          "Linode": { "properties": { "label": "String?", "specs": "[String: Int]?" } },
          "Tagged": { "oneOf": ["Volume", "Linode"] },
          "UserV1": { "properties": { "id": "Int", "name": "String?" } },
          "UserV2": { "properties": { "id": "Int", "name": "String?" } },
          "Same": { "oneOf": ["UserV1", "UserV2"] }
        }
        """#)

    @Test func aMemberThatTakesEveryObjectLeavesOthersTheirKeys() throws {
        let result = generate(Self.membersTakingEveryObject)
        try #require(result.succeeded, "\(result.diagnostics)")
        // Two structs of the same keys: the second is never decoded, whatever else the object holds.
        #expect(result.diagnostics.map(\.message) == [
            "member UserV2 of union 'Same' is never decoded: UserV1, tried before it, accepts every value it accepts; list it first, or give the union a discriminator",
        ], "\(result.diagnostics)")
        let source = result.files.map(\.contents).joined()
        #expect(source.contains(#"do { self = .monthData(try UnionCoding.decode(MonthData.self, holdingOnly: ["months", "total"], from: decoder)); return }"#))
        #expect(source.contains(#"do { self = .weekData(try WeekData(from: decoder)); return }"#), "the last one that takes objects is tried as it is")
        #expect(source.contains(#"do { self = .volume(try UnionCoding.decode(Volume.self, holdingNone: ["specs"], from: decoder)); return }"#),
                "a struct that requires keys gives up the objects of the keys a later member declares")
        #expect(source.contains(#"if let value = try? MonthData(from: decoder) { self = .monthData(value); return }"#))
    }

    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func aMemberThatTakesEveryObjectDecodesOnlyWhatHoldsItsKeys() async throws {
        let result = generate(Self.membersTakingEveryObject)
        try #require(result.succeeded, "\(result.diagnostics)")
        let program = #"""
            import Foundation
            func decode<T: Decodable>(_ type: T.Type, _ json: String) -> T { try! JSONDecoder().decode(T.self, from: Data(json.utf8)) }
            for json in [#"{"weeks": [{"week": 3}]}"#, #"{"months": [{"month": 2}], "total": 1}"#, #"{"weeks": [{"week": 5}], "total": 2}"#, #"{}"#] {
                switch decode(TimespanData.self, json) {
                case .monthData(let data): print("month", data.months?.map { $0.month ?? -1 } ?? [], data.total ?? -1)
                case .weekData(let data): print("week", data.weeks?.map { $0.week ?? -1 } ?? [], data.total ?? -1)
                }
            }
            for json in [#"{"weeks": []}"#, #"{"id": 5}"#, #"{"a": 1}"#, #"{}"#] {
                switch decode(LooseOrStrict.self, json) {
                case .weekData(let data): print("week", data.weeks?.count ?? -1)
                case .strict(let strict): print("strict", strict.id)
                case .intDictionary(let map): print("map", map)
                }
            }
            // Found by the second review: a key a later member declares is no reason to pass an
            // object on that only this member takes whole.
            // (What no member holds whole goes to the last, as it is: `{"a": 1, "d": 3}` to `C`.)
            for json in [#"{"b": 1}"#, #"{"b": 1, "c": 2}"#, #"{"d": 3}"#, #"{"a": 1, "d": 3}"#] {
                switch decode(Tri.self, json) {
                case .a(let a): print("a", a.a ?? -1, a.b ?? -1)
                case .b(let b): print("b", b.b ?? -1, b.c)
                case .c(let c): print("c", c.d ?? -1)
                }
            }
            // Found by a tester on Linode's tagged objects: a struct that requires a key took
            // every object that held it, and dropped the keys of the member after it (`specs`).
            // A key no member declares (a field the server added) leaves the object to the first
            // (found by the second review: `size` was lost to a `Linode`).
            for json in [#"{"label": "a", "specs": {"disk": 1}}"#, #"{"label": "v", "size": 2}"#, #"{"label": "x", "other": 1}"#,
                         #"{"label": "w", "size": 3, "created": "2024"}"#] {
                switch decode(Tagged.self, json) {
                case .volume(let volume): print("volume", volume.label, volume.size ?? -1)
                case .linode(let linode): print("linode", linode.label ?? "-", linode.specs ?? [:])
                }
            }
            """#
        let build = try TemporaryDirectory()
        let path = try await compileProgram(result.files + [GeneratedFile(path: "main.swift", contents: program)], module: "Timespans", in: build)
        let run = try await runProcess(path, [])
        #expect(run.standardOutput == """
            week [3] -1
            month [2] 1
            week [5] 2
            month [] -1
            week 0
            strict 5
            map ["a": 1]
            week -1
            a -1 1
            b 1 2
            c 3
            c 3
            linode a ["disk": 1]
            volume v 2
            volume x -1
            volume w 3

            """, "\(run.standardError)")
    }
}

extension CampaignFindingsTests {
    // MARK: A form of no field

    /// Found by a review: a form or multipart body whose model declares no field (an OpenAPI
    /// `properties: {}` copied for the form) made `var form = FormFields()` that nothing
    /// changed, a warning in the generated module.
    static let emptyForms = spec(models: #"{ "Nothing": { "properties": {} } }"#, resources: #"""
        { "Forms": { "endpoints": [
          { "name": "postForm", "method": "POST", "path": "/form", "body": { "type": "Nothing", "encoding": "form" } },
          { "name": "postParts", "method": "POST", "path": "/parts", "body": { "type": "Nothing", "encoding": "multipart" } }
        ] } }
        """#)

    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func aFormOfNoFieldCompilesWithoutAWarning() async throws {
        let result = generate(Self.emptyForms)
        try #require(result.succeeded, "\(result.diagnostics)")
        #expect(result.files.map(\.contents).joined().components(separatedBy: "let form = FormFields()").count == 3)
        let errors = try await typecheckErrors(result.files)
        #expect(errors.isEmpty, "\(errors)")
    }
}
