import Foundation
import GeneratedRuntime
import GoldenEdgeCases
import Testing

/// Endpoints of the edge-case spec: every kind of parameter, reserved characters, keyword
/// names, and spec text that must not break out of the generated Swift.
@Suite struct EdgeCaseEndpointTests {
    /// A JSON body and response of other JSON media types (found by a review: the import sent a
    /// merge patch as `application/json` and asked for `application/json` from a JSON:API server).
    @Test func aJSONBodyAndResponseGoUnderTheirOwnMediaTypes() async throws {
        let request = try EdgeCasesAPI.client().urlRequest(for: DocumentsService.patchDocument(id: 7, documentPatch: DocumentPatch(title: "T")))
        #expect(request.httpMethod == "PATCH")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/merge-patch+json")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/vnd.api+json")
        #expect(request.httpBody.map { String(decoding: $0, as: UTF8.self) } == #"{"title":"T"}"#)
        let transport = CannedTransport()
        transport.stub(.patch, "/v2/documents/7", with: .json(#"{"title": "T"}"#, headers: ["Content-Type": "application/vnd.api+json"]))
        let patched = try await EdgeCasesAPI.client(transport: transport).send(DocumentsService.patchDocument(id: 7, documentPatch: DocumentPatch(title: "T")))
        #expect(patched.title == "T")
    }

    @Test func parametersOfEveryKindReachTheRequest() throws {
        let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        let endpoint = EdgeThingsService.fetchItemsByItemIdStatusByStatus(
            itemId: id, status: .onHold, tag: ["a b", "ü/?#&="], priority: .unknown(7),
            since: Date(timeIntervalSince1970: 0), pageSize: 20, request: "r", xRequestID: "id-1", xRetry: 2)
        let request = try EdgeCasesAPI.client().urlRequest(for: endpoint)
        #expect(request.url?.absoluteString == "https://edge.example.com/v2/edge/items/E621E1F8-C36C-495A-93FC-0C247A3E6E5F/status/on%20hold"
            + "?tag=a%20b&tag=%C3%BC%2F%3F%23%26%3D&priority=7&since=1970-01-01T00%3A00%3A00Z&page%20size=20&request=r")
        #expect(request.value(forHTTPHeaderField: "X-Request-ID") == "id-1")
        #expect(request.value(forHTTPHeaderField: "X-Retry") == "2")
        #expect(request.value(forHTTPHeaderField: "X-Quote") == #"a "quoted" \ value \(not interpolated)"#)
    }

    @Test func optionalParametersAreLeftOut() throws {
        let endpoint = FetchItemsByItemIdStatusByStatusEndpoint(itemId: UUID(), status: .active, xRequestID: "x")
        let request = endpoint.makeRequest()
        #expect(request.query.isEmpty)
        #expect(request.headers == ["X-Request-ID": "x"])
    }

    /// Optional bodies named `request`, `form` and `default` (the generated code's own locals and
    /// a keyword) are left out when nil and sent when set.
    @Test func optionalBodiesNamedLikeLocalsOrKeywords() throws {
        #expect(try SendMaybeKeywordsEndpoint().makeRequest().body == nil)
        #expect(SendMaybeFormEndpoint().makeRequest().body == nil)
        #expect(SendMaybeUploadEndpoint().makeRequest().upload == nil)
        let keywords = Keywords(default: "d", class: 1, func: ["f"], request: "r")
        let json = try #require(try SendMaybeKeywordsEndpoint(request: keywords).makeRequest().body)
        let object = try JSONSerialization.jsonObject(with: json) as? [String: [String: Any]]
        #expect(object?["keywords"]?["default"] as? String == "d" && object?["keywords"]?["request"] as? String == "r")
        let form = SendMaybeFormEndpoint(form: keywords).makeRequest()
        #expect(form.body.map { String(decoding: $0, as: UTF8.self) } == "default=d&class=1&func=f&request=r")
        let upload = SendMaybeUploadEndpoint(default: .data(Data([1, 2]))).makeRequest()
        if case .data(let data)? = upload.upload?.body { #expect(data == Data([1, 2])) } else { Issue.record("no upload: \(upload)") }
    }

    /// Response headers named like keywords and like the decoding function's own parameter.
    @Test func responseHeadersNamedLikeKeywords() async throws {
        let transport = CannedTransport()
        let keywords = #"{"default": "d", "class": 1, "func": []}"#
        transport.stub(.get, "/v2/edge/with-headers", with: .json(keywords, headers: [
            "self": "me", "DEFAULT": "7", "Response": "1, 10, 3", "X-Status": "on hold", "X-Quote": "\"q\"",
        ]))
        let client = EdgeCasesAPI.client(transport: transport)
        let (value, headers) = try await client.send(EdgeThingsService.fetchWithHeaders().withResponseHeaders())
        #expect(value.default == "d")
        #expect(headers == FetchWithHeadersEndpoint.ResponseHeaders(
            self_: "me", default: 7, response: [.low, .high, .unknown(3)], xStatus: .onHold, quote: "\"q\""))
        transport.stub(.get, "/v2/edge/with-headers", with: .json(keywords, status: 404))
        let error = await #expect(throws: EndpointError.self) { try await client.send(EdgeThingsService.fetchWithHeaders().withResponseHeaders()) }
        #expect((error?.errorBody as? Keywords)?.default == "d", "the endpoint's error body")
    }

    @Test func arrayResponsesArePrunedAsTheEndpointSays() throws {
        let body = #"[{"matrix": [], "nested": {}, "optionalElements": [], "anything": null, "ids": [], "big": 1, "statuses": []}, {"matrix": "no"}]"#
        let result = try FetchItemsByItemIdStatusByStatusEndpoint(itemId: UUID(), status: .active, xRequestID: "x")
            .decodeResponse(HTTPResponse(statusCode: 200, body: json(body)))
        #expect(result.count == 1)
        #expect(result.first?.anything == .null)
    }

    @Test func serversWithKeywordAndSpacedNames() {
        #expect(EdgeCasesAPI.Server.default.url.absoluteString == "https://edge.example.com/v2")
        #expect(EdgeCasesAPI.Server.localHost.url.absoluteString == "http://127.0.0.1:8080")
    }

    @Test func otherMethodsAndResponseKinds() async throws {
        let transport = StubTransport { request in
            switch (request.httpMethod, request.url?.absoluteString) {
            case ("HEAD", "https://edge.example.com/v2/edge/"): HTTPResponse(statusCode: 200)
            case ("GET", "https://edge.example.com/v2/edge/text"): HTTPResponse(statusCode: 200, body: json("plain text ✓"))
            case ("POST", "https://edge.example.com/v2/edge/raw"): HTTPResponse(statusCode: 200, body: request.httpBody ?? Data())
            case ("PUT", "https://edge.example.com/v2/edge/v3/empty"): HTTPResponse(statusCode: 200, body: json(#"{"a": [1, 10, 99]}"#))
            default: HTTPResponse(statusCode: 404)
            }
        }
        let service = LiveEdgeThingsService(client: EdgeCasesAPI.client(transport: transport))
        try await service.checkRoot()
        #expect(try await service.fetchText() == "plain text ✓")
        let dates = try decode(Dates.self, #"{"modelDefault": "2024-01-01", "iso": "2024-01-01T00:00:00Z", "seconds": 0, "milliseconds": 0, "custom": "01/01/2024 00:00", "history": []}"#)
        let raw = try await service.createRaw(dates: dates)
        #expect(try JSONDecoder().decode(Dates.self, from: raw) == dates)
        #expect(try await service.replaceEmpty(client: Empty()) == ["a": [.low, .high, .unknown(99)]])
        #expect(await transport.lastRequest?.jsonBody as? [String: [String: String]] == ["client": [:]])
    }

    @Test func optionalResponsesAreNilForAnEmptyBodyOrAMissingKey() throws {
        func response(_ text: String) -> HTTPResponse { HTTPResponse(statusCode: 200, body: json(text)) }
        let maybe = FetchMaybeEndpoint()
        #expect(try maybe.decodeResponse(response("")) == nil)
        #expect(try maybe.decodeResponse(response(" \n")) == nil)
        #expect(try maybe.decodeResponse(response(#"{"other": 1}"#)) == nil)
        #expect(try maybe.decodeResponse(response(#"{"item": null}"#)) == nil)
        let item = #"{"item": {"default": "d", "class": 1, "func": []}}"#
        #expect(try maybe.decodeResponse(response(item))?.default == "d")
        #expect(throws: DecodingError.self) { try maybe.decodeResponse(response(#"{"item": 5}"#)) }

        let list = FetchMaybeListEndpoint()
        #expect(try list.decodeResponse(response("null")) == nil)
        #expect(try list.decodeResponse(response("[1, \"x\", 10]")) == [.low, .high])
    }

    @Test func rawResponsesAcceptAnything() throws {
        #expect(FetchTextEndpoint().makeRequest().accept == "*/*")
        #expect(FetchMaybeEndpoint().makeRequest().accept == "application/json")
    }
}
