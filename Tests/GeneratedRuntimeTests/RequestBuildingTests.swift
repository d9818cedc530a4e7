import Foundation
import GeneratedRuntime
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite struct RequestBuildingTests {
    struct Probe: Endpoint {
        var request: EndpointRequest
        func makeRequest() -> EndpointRequest { request }
        func decodeResponse(_ response: HTTPResponse) -> Data { response.body }
    }

    struct Unencodable: Endpoint {
        func makeRequest() throws -> EndpointRequest {
            var request = EndpointRequest(method: .post, path: "/numbers")
            try request.setJSONBody([Double.nan])
            return request
        }
        func decodeResponse(_ response: HTTPResponse) {}
    }

    actor Recorder: HTTPTransport {
        var requests: [URLRequest] = []
        func send(_ request: URLRequest) async throws -> HTTPResponse {
            requests.append(request)
            return HTTPResponse(statusCode: 200)
        }
    }

    /// Sends `request` through a client whose transport records what reaches it, expects the
    /// send to fail with `.invalidRequest` and nothing sent, and gives the error.
    private func refusedBeforeSending(
        _ request: EndpointRequest, baseURL: String = "https://h", sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async -> EndpointError? {
        let recorder = Recorder()
        let client = EndpointClient(baseURL: URL(string: baseURL)!, transport: recorder)
        let error = await #expect(throws: EndpointError.self, sourceLocation: sourceLocation) { try await client.send(Probe(request: request)) }
        #expect(error?.kind == .invalidRequest, sourceLocation: sourceLocation)
        #expect(await recorder.requests.isEmpty, sourceLocation: sourceLocation)
        return error
    }

    @Test func percentEncodingLeavesOnlyUnreservedCharacters() {
        #expect(PercentEncoding.encode("aZ09-._~") == "aZ09-._~")
        #expect(PercentEncoding.encode(" /?#[]@!$&'()*+,;=%:\"") == "%20%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%25%3A%22")
        #expect(PercentEncoding.encode("ü€😀") == "%C3%BC%E2%82%AC%F0%9F%98%80")
    }

    /// A body under a key is written as the encoder writes it anywhere else: a `URL` as a string,
    /// `Data` as base64, a `Decimal` as a number (not their own `encode(to:)`'s forms).
    @Test func aBodyUnderAKeyIsEncodedAsTheEncoderWritesIt() throws {
        func body(_ value: some Encodable) throws -> String {
            var request = EndpointRequest(method: .post, path: "/")
            try request.setJSONBody(value, wrappedIn: "value")
            return String(decoding: request.body ?? Data(), as: UTF8.self)
        }
        #expect(try body(URL(string: "https://example.com/a")!) == #"{"value":"https:\/\/example.com\/a"}"#)
        #expect(try body(Data([1, 2, 3])) == #"{"value":"AQID"}"#)
        #expect(try body(Decimal(string: "12.5")!) == #"{"value":12.5}"#)
        #expect(try body(["a": 1]) == #"{"value":{"a":1}}"#)
    }

    @Test func interpolatedPathValuesStayOneSegment() {
        let id = "../admin?x=1#y"
        let path: EndpointPath = "/users/\(id)/posts/\(42)"
        #expect(path.percentEncoded == "/users/..%2Fadmin%3Fx%3D1%23y/posts/42")
    }

    /// Found on VictorOps' document (`/api-public/v1/user/{user}`): its servers read `%40` as
    /// it is and find no such user. `@` goes as it is, as RFC 3986 allows in a segment; the rest
    /// of its reserved characters stay encoded, `:` too, which Google's APIs read as a method
    /// (`/v1/ops:cancel`; found by the review).
    @Test func atSignsGoAsTheyAreInAPathSegment() throws {
        let user = "jane@example.com"
        let path: EndpointPath = "/user/\(user)/at/\(Date(timeIntervalSince1970: 0))/\("a+b;c=d,e!")"
        #expect(path.percentEncoded == "/user/jane@example.com/at/1970-01-01T00%3A00%3A00Z/a%2Bb%3Bc%3Dd%2Ce%21")
        #expect(path.problem == nil)
        let client = EndpointClient(baseURL: URL(string: "https://api.example.com/v1")!)
        let url = try #require(try client.urlRequest(for: Probe(request: EndpointRequest(method: .get, path: path))).url)
        #expect(url.absoluteString == "https://api.example.com/v1/user/jane@example.com/at/1970-01-01T00%3A00%3A00Z/a%2Bb%3Bc%3Dd%2Ce%21")
        #expect(url.host == "api.example.com" && url.user == nil)
    }

    @Test(arguments: [
        ("", "", "theme=dark; sid=a%3Bb"),
        ("", nil, "theme=dark; sid=a%3Bb"),
        (nil, "", "theme=dark; sid=a%3Bb"),
        ("lang=en", "", "lang=en; theme=dark; sid=a%3Bb"),
        ("", "lang=en", "theme=dark; sid=a%3Bb"),
        (nil, "lang=en", "lang=en; theme=dark; sid=a%3Bb"),
    ] as [(String?, String?, String)])
    func declaredCookiesFollowACookieFieldUnlessItIsEmpty(header: String?, defaultField: String?, expected: String) throws {
        var request = EndpointRequest(method: .get, path: "/")
        if let header { request.headers["Cookie"] = header }
        request.addCookie("theme", "dark")
        request.addCookie("sid", "a;b")
        var client = EndpointClient(baseURL: URL(string: "https://api.example.com")!)
        if let defaultField { client.defaultHeaders["cookie"] = defaultField }
        let urlRequest = try client.urlRequest(for: Probe(request: request))
        #expect(urlRequest.value(forHTTPHeaderField: "Cookie") == expected)
        #expect(urlRequest.allHTTPHeaderFields?.keys.filter { $0.lowercased() == "cookie" }.count == 1)
    }

    @Test(arguments: [
        ("https://api.example.com", "https://api.example.com/v1/items?q=a%20b"),
        ("https://api.example.com/", "https://api.example.com/v1/items?q=a%20b"),
        ("https://api.example.com/base", "https://api.example.com/base/v1/items?q=a%20b"),
        ("https://api.example.com/base/", "https://api.example.com/base/v1/items?q=a%20b"),
        ("http://127.0.0.1:8080/x%20y", "http://127.0.0.1:8080/x%20y/v1/items?q=a%20b"),
    ])
    func pathsJoinTheBaseURL(base: String, expected: String) throws {
        var request = EndpointRequest(method: .get, path: "/v1/items")
        request.addQuery("q", "a b")
        let client = EndpointClient(baseURL: URL(string: base)!)
        #expect(try client.urlRequest(for: Probe(request: request)).url?.absoluteString == expected)
    }

    /// The URL as URLComponents builds it: the base's path and the request's, the request's query.
    static func referenceURL(base: URL, request: EndpointRequest) -> String? {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: true) else { return nil }
        let basePath = components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        let path = basePath + request.path.percentEncoded
        guard PercentEncoding.isValidPath(path) else { return nil }
        components.percentEncodedPath = path
        components.percentEncodedQuery = request.percentEncodedQuery
        return components.url?.absoluteString
    }

    @Test(arguments: [
        URL(string: "https://api.example.com")!, URL(string: "https://api.example.com/")!,
        URL(string: "https://api.example.com/base/")!, URL(string: "http://127.0.0.1:8080/x%20y")!,
        URL(string: "https://user:p%40ss@API.Example.com:8443/v2")!, URL(string: "http://[::1]:9000/api")!,
        URL(string: "https://api.example.com/base?key=1")!, URL(string: "https://api.example.com/base#part")!,
        URL(string: "v1/", relativeTo: URL(string: "https://h/api/")!)!, URL(string: "file:///tmp/x")!,
    ])
    func everyBaseURLJoinsAsURLComponentsJoinsIt(base: URL) throws {
        for path in ["/v1/items", "", "/", "/a%2Fb/%C3%A9", "relative"] {
            for query in [nil, "a b&c"] {
                var request = EndpointRequest(method: .get, path: EndpointPath(percentEncoded: path))
                request.addQuery("q", query)
                let built = try? EndpointClient(baseURL: base).urlRequest(for: Probe(request: request)).url?.absoluteString
                #expect(built == Self.referenceURL(base: base, request: request), "\(base) + \(path)")
            }
        }
    }

    @Test func aChangedBaseURLOrServerIsUsed() throws {
        var client = EndpointClient(baseURL: URL(string: "https://one.example.com/a")!)
        var request = EndpointRequest(method: .get, path: "/x")
        client.baseURL = URL(string: "https://two.example.com/b")!
        #expect(try client.urlRequest(for: Probe(request: request)).url?.absoluteString == "https://two.example.com/b/x")
        request.server = "Images"
        #expect(try client.urlRequest(for: Probe(request: request)).url?.absoluteString == "https://two.example.com/b/x")
        client.serverOverrides["Images"] = URL(string: "https://images.example.com/")!
        #expect(try client.urlRequest(for: Probe(request: request)).url?.absoluteString == "https://images.example.com/x")
    }

    @Test func aHeaderValueThatAHeaderCannotCarryFailsTheRequest() async throws {
        // A line break could add fields of its own, another control character makes servers refuse
        // the request, a space at either end is dropped by HTTP: none is sent changed.
        for value in ["a\r\nX-Admin: 1", "a\nb", "a\0b", "a\u{1}b", "a\u{7F}", "  padded  ", "end\t"] {
            var request = EndpointRequest(method: .get, path: "/")
            request.setHeader("X-Name", value)
            #expect(request.headers["X-Name"] == nil)
            #expect(request.problem?.contains("header 'X-Name'") == true, "\(value.debugDescription)")
            let error = await refusedBeforeSending(request)
            #expect(error.map { String(describing: $0).contains("header 'X-Name'") } == true)
        }
        var request = EndpointRequest(method: .get, path: "/")
        request.setHeader("X-Name", "a b\tc é")
        request.setHeader("X-Missing", String?.none)
        #expect(request.headers == ["X-Name": "a b\tc é"])
        #expect(request.problem == nil)
    }

    @Test func endpointHeadersWinOverDefaultsAndAcceptDefaultsToJSON() throws {
        var request = EndpointRequest(method: .get, path: "/")
        request.headers["X-Mode"] = "endpoint"
        let client = EndpointClient(baseURL: URL(string: "https://h")!, defaultHeaders: ["X-Mode": "default", "X-Other": "o"])
        let urlRequest = try client.urlRequest(for: Probe(request: request))
        #expect(urlRequest.value(forHTTPHeaderField: "X-Mode") == "endpoint")
        #expect(urlRequest.value(forHTTPHeaderField: "X-Other") == "o")
        #expect(urlRequest.value(forHTTPHeaderField: "Accept") == "application/json")
    }

    @Test func queryValuesOfEveryParameterType() {
        var request = EndpointRequest(method: .get, path: "/")
        request.addQuery("i", 1)
        request.addQuery("l", Int64.max)
        request.addQuery("d", 0.5)
        request.addQuery("b", false)
        request.addQuery("u", UUID(uuidString: "00000000-0000-0000-0000-000000000001"))
        request.addQuery("url", URL(string: "https://a.b/c?d=e"))
        request.addQuery("date", Date(timeIntervalSince1970: 0.25))
        request.addQuery("list", ["x", "y"])
        request.addQuery("none", [String]?.none)
        #expect(request.percentEncodedQuery == "i=1&l=9223372036854775807&d=0.5&b=false&u=00000000-0000-0000-0000-000000000001"
            + "&url=https%3A%2F%2Fa.b%2Fc%3Fd%3De&date=1970-01-01T00%3A00%3A00.250Z&list=x&list=y")
    }

    /// Found on xkcd's document, whose comic number is a `number`: `614.0` went into the path and
    /// the query, which the API answers with 404. A `Double` is written as `JSONEncoder` writes it
    /// in a body: a whole number without `.0`, any other as the shortest text that reads back.
    @Test func aDoubleIsWrittenAsJSONWritesIt() throws {
        let path: EndpointPath = "/\(614.0)/info.0.json"
        #expect(path.percentEncoded == "/614/info.0.json")
        var request = EndpointRequest(method: .get, path: "/")
        request.addQuery("page", 2.0)
        request.addQuery("ratio", 0.1)
        #expect(request.percentEncodedQuery == "page=2&ratio=0.1")
        var generator = SplitMix(state: 614)
        let samples: [Double] = [0, -0.0, 1, -3, 1e15, 1e16, 9_007_199_254_740_992, 1e20, 1.5e300, .leastNonzeroMagnitude, .pi, -2.5, 100.25]
            + (0..<2_000).map { _ in Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF) * (Bool.random(using: &generator) ? 1 : -1) }
            + (0..<2_000).map { _ in Double(Int64.random(in: -1 << 60 ... 1 << 60, using: &generator)) }
        for value in samples {
            let json = String(decoding: try JSONEncoder().encode([value]), as: UTF8.self).dropFirst().dropLast()
            #expect(value.parameterValue == String(json), "\(value)")
            #expect(Double(value.parameterValue) == value, "\(value) reads back")
        }
    }

    /// OpenAPI's delimited styles: one item, the elements percent-encoded one by one, a comma
    /// between them sent as it is (so a reader that splits before decoding tells it from a
    /// comma in a value), a space or `|` percent-encoded.
    @Test func aDelimitedArrayIsOneQueryItem() throws {
        var request = EndpointRequest(method: .get, path: "/")
        request.addQueryList("ids", [1, 2, 3], separator: ",")
        request.addQueryList("words", ["a&b", "c=d", "é"], separator: " ")
        request.addQueryList("pipes", ["x/y", "z"], separator: "|")
        request.addQueryList("one", [UUID(uuidString: "00000000-0000-0000-0000-000000000001")!], separator: ",")
        request.addQueryList("blank", [""], separator: ",")
        request.addQueryList("empty", [Int](), separator: ",")
        request.addQueryList("none", [Int]?.none, separator: ",")
        #expect(request.percentEncodedQuery == "ids=1,2,3&words=a%26b%20c%3Dd%20%C3%A9&pipes=x%2Fy%7Cz"
            + "&one=00000000-0000-0000-0000-000000000001&blank=")
        #expect(request.query.map(\.value) == ["1,2,3", "a&b c=d é", "x/y|z", "00000000-0000-0000-0000-000000000001", ""])
        #expect(request.query.map(\.separator) == [",", " ", "|", ",", ","])
        #expect(request.problem == nil)
        // A plain item keeps its commas encoded: only a list's separators go as they are.
        var plain = EndpointRequest(method: .get, path: "/")
        plain.addQuery("text", "a,b")
        #expect(plain.percentEncodedQuery == "text=a%2Cb")
        let client = EndpointClient(baseURL: URL(string: "https://h/v1")!)
        #expect(try client.urlRequest(for: Probe(request: request)).url?.absoluteString
            == "https://h/v1/?ids=1,2,3&words=a%26b%20c%3Dd%20%C3%A9&pipes=x%2Fy%7Cz&one=00000000-0000-0000-0000-000000000001&blank=")
    }

    /// OpenAPI's deepObject: an item per entry, `name[key]=value`, in the order of the keys
    /// (a dictionary has none of its own: the same request is always the same URL).
    @Test func aDictionaryIsAnItemPerEntry() async throws {
        var request = EndpointRequest(method: .get, path: "/")
        request.addQueryDictionary("metadata", ["size": "2", "color": "red&blue", "é x": "ü"])
        request.addQueryDictionary("counts", ["b": 2, "a": 1])
        request.addQueryDictionary("none", [String: Int]?.none)
        request.addQueryDictionary("empty", [String: Int]())
        #expect(request.percentEncodedQuery
            == "metadata%5Bcolor%5D=red%26blue&metadata%5Bsize%5D=2&metadata%5B%C3%A9%20x%5D=%C3%BC&counts%5Ba%5D=1&counts%5Bb%5D=2")
        #expect(request.problem == nil)
        var secret = EndpointRequest(method: .get, path: "/")
        secret.markSecret(["k": "s3cr3t"])
        #expect(secret.secrets == ["s3cr3t"])
        // `metadata[]` appends to a list in many servers, `metadata[a]b]` names something else.
        for key in ["", "a]b", "[x", "a[b]"] {
            var bad = EndpointRequest(method: .get, path: "/")
            bad.addQueryDictionary("metadata", [key: "v", "ok": "w"])
            #expect(bad.query.isEmpty)
            #expect(bad.problem == "a key of query item 'metadata' is empty or holds a bracket, which would make it another name")
            _ = await refusedBeforeSending(bad)
        }
    }

    /// OpenAPI's form style, exploded (its default for a query object): an item per entry named
    /// by its key, in the order of the keys. An empty key names no item: the request fails.
    @Test func aDictionaryByKeyIsAnItemPerEntryNamedByItsKey() async throws {
        var request = EndpointRequest(method: .get, path: "/events")
        request.addQuery("limit", 5)
        request.addQueryEntries(["hs_url": "https://a.b/c?d", "hs_title": "x y", "é": "ü"])
        request.addQueryEntries([String: Int]?.none)
        request.addQueryEntries(["n": 2.0])
        #expect(request.percentEncodedQuery == "limit=5&hs_title=x%20y&hs_url=https%3A%2F%2Fa.b%2Fc%3Fd&%C3%A9=%C3%BC&n=2")
        #expect(request.problem == nil)
        var bad = EndpointRequest(method: .get, path: "/")
        bad.addQueryEntries(["": "v", "ok": "w"])
        #expect(bad.query.isEmpty)
        #expect(bad.problem == "a key of a query dictionary sent by key is empty, which names no query item")
        _ = await refusedBeforeSending(bad)
    }

    @Test func anElementHoldingItsSeparatorFailsTheRequest() async throws {
        // A separator followed by a combining mark is one character with it, but its byte still
        // goes on the wire: found by the bytes, not by the characters.
        for (values, separator) in [(["a,b", "c"], Character(",")), (["a b"], " "), (["a", "b|c"], "|"),
                                    (["x,\u{301}y", "z"], ","), (["x \u{301}y"], " "), (["x|\u{301}y"], "|")] {
            var request = EndpointRequest(method: .get, path: "/")
            request.addQueryList("secretList", values, separator: separator)
            #expect(request.query.isEmpty)
            #expect(request.problem == "an element of query item 'secretList' holds its separator '\(separator)'")
            let error = await refusedBeforeSending(request)
            #expect(error.map { String(describing: $0).contains("query item 'secretList'") } == true)
            #expect(error.map { String(describing: $0).contains(values.joined()) } == false, "the value stays out")
        }
    }

    /// RFC 9110's lists: elements separated by a comma alone (OpenAPI's `simple` style); an
    /// element a list's reader would not get back as it was fails the request.
    @Test func aHeaderListIsOneFieldOfCommaSeparatedElements() async throws {
        var request = EndpointRequest(method: .get, path: "/")
        request.setHeaderList("X-Tags", ["a", "b c", "d;e=\"f\""])
        request.setHeaderList("X-Ids", [1, 2])
        // Entity tags are quoted strings, whole, escapes and all.
        request.setHeaderList("If-None-Match", ["\"xyzzy\"", "W/\"r2\\\"d2\""])
        request.setHeaderList("X-Empty", [String]())
        request.setHeaderList("X-None", [String]?.none)
        #expect(request.headers == ["X-Tags": "a,b c,d;e=\"f\"", "X-Ids": "1,2", "If-None-Match": "\"xyzzy\",W/\"r2\\\"d2\""])
        #expect(request.problem == nil)
        let reasons = [
            ["a,b"]: "holds a comma, which separates a list's elements",
            ["a", ""]: "is empty, which a list's reader drops",
            [" a"]: "begins or ends with a space, which HTTP drops",
            ["a\r\nX-Admin: 1"]: "holds a line break",
            ["a,\u{301}b", "c"]: "holds a comma, which separates a list's elements",
            ["\"a", "b\"", "c"]: "holds a quote left open, which would join it to the next element",
            ["\"a\\\"", "b"]: "holds a quote left open, which would join it to the next element",
        ]
        for (values, reason) in reasons {
            var bad = EndpointRequest(method: .get, path: "/")
            bad.setHeaderList("X-Tags", values)
            #expect(bad.headers["X-Tags"] == nil)
            #expect(bad.problem == "an element of header 'X-Tags' \(reason)", "\(values)")
            _ = await refusedBeforeSending(bad)
        }
    }

    @Test func anEndpointThatCannotMakeItsRequestFailsBeforeSending() async throws {
        let transport = Recorder()
        let client = EndpointClient(baseURL: URL(string: "https://h")!, transport: transport)
        let error = await #expect(throws: EndpointError.self) { try await client.send(Unencodable()) }
        #expect(error?.kind == .invalidRequest)
        #expect(error?.method == nil)
        #expect(error?.underlyingError is EncodingError)
        #expect(await transport.requests.isEmpty)
    }

    @Test func aCancelledTaskSendsNothing() async throws {
        let transport = Recorder()
        let client = EndpointClient(baseURL: URL(string: "https://h")!, transport: transport)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(Probe(request: EndpointRequest(method: .get, path: "/")))
        }
        let result = await task.result
        guard case .failure(let error as EndpointError) = result else {
            Issue.record("expected a cancellation error, got \(result)")
            return
        }
        #expect(error.kind == .cancelled)
        #expect(await transport.requests.isEmpty)
    }

    @Test func aValueThatWouldAddressAnotherResourceIsNotSent() async throws {
        // `.` and `..` however they come about (percent-encoded, or beside the template's own
        // dot), and an empty value before another segment: servers read each as another path.
        func paths(name: String, ext: String) -> EndpointPath { "/files/\(name).\(ext)/meta" }
        let refused: [EndpointPath] = [
            "/files/\(".")/meta", "/files/\("..")/meta", "/files/\("..")",
            paths(name: "", ext: ""), paths(name: "", ext: "."), paths(name: ".", ext: ""),
            "/users/\("")/books",
        ]
        for path in refused {
            #expect(path.problem != nil, "\(path)")
            let error = await refusedBeforeSending(EndpointRequest(method: .delete, path: path), baseURL: "https://h/api")
            #expect("\(error.map { String(describing: $0) } ?? "")".contains("segment"), "\(path)")
            #expect(throws: EndpointError.self) {
                _ = try EndpointClient(baseURL: URL(string: "https://h/api")!)
                    .urlRequest(for: Probe(request: EndpointRequest(method: .delete, path: path)))
            }
        }
        // Dots that are not a whole segment, a percent sign, and an empty last segment go as they are.
        let kept: [(EndpointPath, String)] = [
            ("/files/\("a.b..c")", "/files/a.b..c"), ("/files/\("...")", "/files/..."),
            ("/files/\("%2E")", "/files/%252E"), (paths(name: "a", ext: "b"), "/files/a.b/meta"),
            ("/contents/\("")", "/contents/"), ("/files/../meta", "/files/../meta"),
        ]
        for (path, encoded) in kept {
            #expect(path.problem == nil, "\(path)")
            #expect(path.percentEncoded == encoded)
            let request = try EndpointClient(baseURL: URL(string: "https://h/api")!)
                .urlRequest(for: Probe(request: EndpointRequest(method: .get, path: path)))
            #expect(request.url?.absoluteString == "https://h/api" + encoded)
        }
    }

    @Test func anInvalidPathIsAnErrorNotACrash() async throws {
        for bad in ["/a%zz", "/b%2", "/c d", "/é"] {
            let probe = Probe(request: EndpointRequest(method: .get, path: EndpointPath(percentEncoded: bad)))
            let client = EndpointClient(baseURL: URL(string: "https://h")!, transport: Recorder())
            let error = await #expect(throws: EndpointError.self) { try await client.send(probe) }
            #expect(error?.kind == .invalidRequest, "\(bad)")
        }
        #expect(PercentEncoding.isValidPath("/a%2Fb/c:d@e!$&'()*+,;=-._~"))
    }

    @Test func anEndpointsContentTypeOfAnyCaseReplacesTheBodys() throws {
        var request = EndpointRequest(method: .patch, path: "/")
        try request.setJSONBody(["a": 1])
        request.setHeader("content-type", "application/merge-patch+json")
        #expect(request.headers == ["content-type": "application/merge-patch+json"])
        var form = EndpointRequest(method: .post, path: "/")
        form.setHeader("CONTENT-type", "text/plain")
        form.setFormBody(FormFields())
        #expect(form.headers == ["Content-Type": "application/x-www-form-urlencoded"], "the last one set wins")
        let client = EndpointClient(baseURL: URL(string: "https://h")!)
        #expect(try client.urlRequest(for: Probe(request: request)).value(forHTTPHeaderField: "Content-Type") == "application/merge-patch+json")
    }

    @Test func twoFieldsOfOneNameInTheDictionaryGiveTheSameRequestWhateverItsOrder() throws {
        // Dictionaries of other capacities hold the same keys in other orders.
        let client = EndpointClient(baseURL: URL(string: "https://h")!)
        var values: Set<String> = []
        for capacity in 0..<64 {
            var request = EndpointRequest(method: .get, path: "/")
            request.headers.reserveCapacity(capacity)
            request.headers["x-trace"] = "lower"
            request.headers["X-Trace"] = "upper"
            request.headers["X-TRACE"] = "shout"
            let urlRequest = try client.urlRequest(for: Probe(request: request))
            values.insert(urlRequest.value(forHTTPHeaderField: "X-Trace") ?? "none")
        }
        #expect(values == ["shout"], "the smallest name wins: \(values)")
    }

    @Test func headerNamesIgnoreCaseWhenMerged() throws {
        var request = EndpointRequest(method: .get, path: "/", accept: "*/*")
        request.headers["accept-language"] = "fr"
        let client = EndpointClient(baseURL: URL(string: "https://h")!, defaultHeaders: ["Accept-Language": "en", "ACCEPT": "text/csv"])
        for _ in 0..<20 {
            let urlRequest = try client.urlRequest(for: Probe(request: request))
            #expect(urlRequest.value(forHTTPHeaderField: "Accept-Language") == "fr")
            #expect(urlRequest.value(forHTTPHeaderField: "Accept") == "text/csv", "a default Accept wins over the endpoint's kind")
            #expect(urlRequest.allHTTPHeaderFields?.count == 2)
        }
        let plain = try EndpointClient(baseURL: URL(string: "https://h")!).urlRequest(for: Probe(request: request))
        #expect(plain.value(forHTTPHeaderField: "Accept") == "*/*")
    }
}
