import Testing

@testable import GenCore

/// Paths, server URLs and header names a spec may hold: what the generated code would turn into
/// a crash or a surprise at run time is an error at generation time instead.
@Suite struct URLValidationTests {
    private func errors(_ spec: String) -> [String] {
        Generator.generate(specText: spec, specPath: "s.json").diagnostics.map(\.message)
    }

    private func endpoint(_ fields: String) -> String {
        #"{"name": "X", "resources": {"R": {"endpoints": [{"method": "GET", \#(fields)}]}}}"#
    }

    @Test(arguments: ["/a%zz", "/b%2", "/c%"])
    func aPercentSignMustStartAnEncodedByte(_ path: String) {
        #expect(errors(endpoint(#""path": "\#(path)""#)) == ["'%' in path '\(path)' must start a percent-encoded byte such as %20"])
    }

    @Test func encodedBytesAndSubDelimitersArePathText() {
        #expect(errors(endpoint(#""path": "/a%20b/c:d@e!$&'()*+,;=-._~""#)).isEmpty)
    }

    /// A path's query of fixed items (Flickr's `/rest?method=flickr.photos.search`) is sent with
    /// every request, its names and values decoded for the client to encode as it encodes a
    /// parameter's; an unnamed endpoint takes its query's words too.
    @Test func aPathsQueryIsSentWithEveryRequest() throws {
        let result = Generator.generate(specText: endpoint(#""path": "/rest?method=flickr.photos.search&x=K%C3%B6ln%20%2B%26&e=&f&g=/?:@!$'()*,;""#), specPath: "s.json")
        #expect(result.diagnostics.isEmpty)
        let source = result.files.map(\.contents).joined()
        #expect(source.contains("""
                    var request = EndpointRequest(method: .get, path: "/rest")
                    request.addQuery("method", "flickr.photos.search")
                    request.addQuery("x", "Köln +&")
                    request.addQuery("e", "")
                    request.addQuery("f", "")
                    request.addQuery("g", "/?:@!$'()*,;")
                    return request
            """))
        #expect(source.contains("public static func fetchRestMethodFlickrPhotosSearchXKölnEFG() -> FetchRestMethodFlickrPhotosSearchXKölnEFGEndpoint"))
    }

    @Test(arguments: [
        ("/r?q=a+b", "the query of path '/r?q=a+b' contains '+', which must be percent-encoded (%20 for a space, %2B for a plus: servers read a bare '+' either way)"),
        ("/r?q={term}", "the query of path '/r?q={term}' contains '{', which must be percent-encoded (a value the app gives is a query parameter: declare it in 'query')"),
        ("/r?q=a b", "the query of path '/r?q=a b' contains a space, which must be percent-encoded"),
        ("/r?q=a=b", "the query of path '/r?q=a=b' contains '=', which must be percent-encoded"),
        ("/r?q=%zz", "'%' in the query of path '/r?q=%zz' must start a percent-encoded byte such as %20"),
        ("/r?q=%FF", "the query of path '/r?q=%FF' holds '%FF', whose percent-encoded bytes are not UTF-8"),
        ("/r?", "the query of path '/r?' has an item without a name (nothing after '?')"),
        ("/r?a=1&&b=2", "the query of path '/r?a=1&&b=2' has an item without a name"),
        ("/r?=1", "the query of path '/r?=1' has an item without a name"),
    ])
    func aPathsQueryMustBeWrittenAsAURLHasIt(_ path: String, _ message: String) {
        #expect(errors(endpoint(#""name": "x", "path": "\#(path)""#)) == [message])
    }

    /// Found by the review: the client replaces a query item named like the API key the auth
    /// scheme sends in the query, so the generator says so.
    @Test func aQueryItemWhereTheCredentialGoesIsSaid() {
        let spec = #"""
            {"name": "X", "auth": {"key": {"type": "apiKey", "in": "query", "name": "api_key"}}, "defaults": {"auth": "key"},
             "resources": {"R": {"endpoints": [
               {"name": "a", "method": "GET", "path": "/a?api_key=demo"},
               {"name": "b", "method": "GET", "path": "/b", "query": {"api_key": "String?"}},
               {"name": "c", "method": "GET", "path": "/c", "query": {"api_key": "[String: String]?"}},
               {"name": "d", "method": "GET", "path": "/d?api_key=demo", "auth": "none"}]}}}
            """#
        let result = Generator.generate(specText: spec, specPath: "s.json")
        #expect(result.succeeded)
        let message = "query item 'api_key' is where auth scheme 'key' sends its API key; the credential replaces what the endpoint sends there"
        #expect(result.diagnostics.map(\.description) == ["s.json:3:43: warning: \(message)", "s.json:4:43: warning: \(message)"])
    }

    @Test func aPathsQueryItemCannotAlsoBeAParameter() {
        #expect(errors(endpoint(#""path": "/r?method=x", "query": {"method": "String?"}"#))
            == ["query item 'method' is both in the path's query and a parameter, and would be sent twice; leave one out"])
        // A dictionary sends `filter[key]=value`: another name (found by the review).
        #expect(errors(endpoint(#""path": "/r?filter=1", "query": {"filter": "[String: String]?"}"#)).isEmpty)
        // A resource's path is a base path of every endpoint's, and holds no query.
        #expect(errors(#"{"name": "X", "resources": {"R": {"path": "/a?b=c", "endpoints": [{"method": "GET", "path": "/d"}]}}}"#)
            == ["path '/a?b=c' contains '?', which must be percent-encoded in a URL path"])
    }

    @Test(arguments: [
        "https://h.example.com/a b", "https://h.example.com/ü", "https://h.example.com/{x}", "https://h.example.com:99999",
        "https://h.example.com/%zz", "ftp://h.example.com", "https:///path", "https://h.example.com/?q=1", "/relative",
    ])
    func serverURLsMustParseOnEveryPlatform(_ url: String) {
        let spec = #"{"name": "X", "servers": {"main": "\#(url)"}}"#
        #expect(errors(spec).count == 1)
        #expect(errors(spec).first?.hasPrefix("server 'main' has an invalid URL") == true)
    }

    @Test func goodServerURLsPass() {
        let spec = #"{"name": "X", "servers": {"a": "https://h.example.com:8443/api%20v1", "b": "http://127.0.0.1:8080"}}"#
        #expect(errors(spec).isEmpty)
    }

    @Test func headerNamesThatDifferOnlyInCaseAreOneHeader() {
        let api = #"{"name": "X", "headers": {"Accept-Language": "en", "accept-language": "fr"}}"#
        #expect(errors(api) == ["headers 'Accept-Language' and 'accept-language' are one header: names ignore case"])
        let parameters = endpoint(#""path": "/a", "headers": {"X-Id": "String", "x-id": "String?"}"#)
        #expect(errors(parameters) == ["headers 'X-Id' and 'x-id' are one header: names ignore case"])
    }

    @Test func numbersInDefaultsMustFit() {
        let spec = #"{"name": "X", "models": {"M": {"properties": {"j": {"type": "JSON", "default": [1, 1e400]}, "d": {"type": "Double", "default": -1e999}}}}}"#
        #expect(errors(spec) == [
            "the number 1e400 in a JSON default does not fit in Double or Decimal",
            "the default value -1e999 does not fit the type Double; expected a number that fits in Double",
        ])
    }

    @Test func aQueryParameterNeedsAName() {
        #expect(errors(endpoint(#""path": "/a", "query": {"": "String"}"#)) == ["a query parameter needs a name"])
    }
}
