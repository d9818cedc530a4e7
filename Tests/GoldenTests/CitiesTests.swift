import Foundation
import GeneratedRuntime
import GoldenCities
import Testing

/// Seed 000: the Kong and clinical tokens in the endpoints' types, a resource under another base
/// path, a response key unwrapped, pruned arrays, snake_case keys, a wrapped body, and a view
/// model tested against a stubbed service protocol.
@Suite struct CitiesTests {
    @Test func fetchCitiesUnwrapsTheKeyAndPrunesBadElements() async throws {
        let transport = StubTransport(json: #"{"cities": [{"name": "London"}, {"name": 7}, {"name": "Bath", "city_code": "BTH"}]}"#)
        let client = CitiesAPI.client(transport: transport).authorized(KongAuth.self, credential: BearerToken("kong-1"))
        let cities = try await client.send(CitiesService.fetchCities())
        #expect(cities == [City(name: "London"), City(name: "Bath", cityCode: "BTH")])

        let request = try #require(await transport.lastRequest)
        #expect(request.url?.absoluteString == "https://api.example.com/core/v1/cities")
        #expect(request.httpMethod == "GET")
        #expect(request.value(forHTTPHeaderField: "Accept-Language") == "en-GB")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer kong-1")
    }

    @Test func theClinicalBackendHasItsOwnBasePathAndToken() async throws {
        let transport = CannedTransport()
        transport.stub(.get, "/clinical/v1/questionnaire", with: .json(#"[{"id": 1, "text": "Any allergies?"}]"#))
        transport.stub(.get, "/core/v1/cities", with: .json(#"{"cities": []}"#))
        for server in CitiesAPI.Server.allCases {
            let client = CitiesAPI.client(server: server, transport: transport)
            let clinical = LiveClinicalService(client: client.authorized(ClinicalAuth.self, credential: BearerToken("clinical-2")))
            #expect(try await clinical.fetchQuestionnaire() == [Question(id: 1, text: "Any allergies?")])
            let cities = LiveCitiesService(client: client.authorized(KongAuth.self, credential: BearerToken("kong-1")))
            #expect(try await cities.fetchCities() == [])
        }
        #expect(transport.requests.map { $0.url?.absoluteString } == [
            "https://api.example.com/clinical/v1/questionnaire", "https://api.example.com/core/v1/cities",
            "https://staging.api.example.com/clinical/v1/questionnaire", "https://staging.api.example.com/core/v1/cities",
        ])
        #expect(transport.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == [
            "Bearer clinical-2", "Bearer kong-1", "Bearer clinical-2", "Bearer kong-1",
        ])
    }

    @Test func theEnvelopeDecodesWithoutUnwrapping() throws {
        let response = HTTPResponse(statusCode: 200, body: json(#"{"cities": [{"name": "York"}]}"#))
        #expect(try FetchCitiesResponseEndpoint().decodeResponse(response) == CitiesResponse(cities: [City(name: "York")]))
    }

    @Test func stagingServerChangesOnlyTheBaseURL() throws {
        let client = CitiesAPI.client(server: .staging)
        let request = try client.urlRequest(for: CitiesService.fetchCities())
        #expect(request.url?.absoluteString == "https://staging.api.example.com/core/v1/cities")
        #expect(CitiesAPI.Server.allCases.map(\.rawValue) == ["https://api.example.com/core", "https://staging.api.example.com/core"])
    }

    @Test func requestDeliveryWrapsTheAddressUnderItsKeyInSnakeCase() async throws {
        let transport = StubTransport(status: 204, json: "")
        let service = LiveCitiesService(client: CitiesAPI.client(transport: transport).authorized(KongAuth.self, credential: BearerToken("k")))
        try await service.requestDelivery(address: Address(firstLine: "1 Main St", city: "Bath", postcode: "BA1"))

        let request = try #require(await transport.lastRequest)
        #expect(request.httpMethod == "POST")
        #expect(request.url?.path == "/core/v1/cities/delivery")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        let body = try #require(request.jsonBody as? [String: [String: String]])
        #expect(body == ["address": ["first_line": "1 Main St", "city": "Bath", "postcode": "BA1"]])
    }

    @Test func obtainQuestionsIsStrictAndReportsWhereDecodingFailed() async throws {
        let transport = StubTransport(json: #"[{"id": 1, "text": "Why?"}, {"id": "two", "text": "How?"}]"#)
        let client = CitiesAPI.client(transport: transport).authorized(KongAuth.self, credential: BearerToken("k"))
        do {
            _ = try await client.send(CitiesService.obtainQuestions(questionQuery: QuestionQuery(questionQuery: "tea")))
            Issue.record("a bad element should fail a strict array")
        } catch {
            #expect(error.kind == .decoding)
            #expect(error.codingPath == "[1].id")
            #expect(error.bodyExcerpt?.contains("\"two\"") == true)
            #expect(error.description.contains("POST https://api.example.com/core/v1/questions"))
        }
        let body = try #require(await transport.lastRequest?.jsonBody as? [String: String])
        #expect(body == ["question_query": "tea"])
    }

    /// Seed 000's `Canned Responses/` folder: a feature's tests answer from JSON files.
    @Test func aCannedResponseFileAnswersTheRequest() async throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../GoldenFiles/cities/Canned Responses").standardizedFileURL
        let transport = CannedTransport()
        transport.stub(.get, "/core/v1/cities", with: try .fixture(folder.appendingPathComponent("cities.json")))
        let service = LiveCitiesService(client: CitiesAPI.client(transport: transport).authorized(KongAuth.self, credential: BearerToken("k")))
        #expect(try await service.fetchCities().map(\.cityCode) == ["LON", "MAN", nil])
        #expect(try await service.fetchCitiesResponse().cities.count == 3, "the same file decodes as the whole response")
        let missing = await #expect(throws: EndpointError.self) { try await service.obtainQuestions(questionQuery: QuestionQuery(questionQuery: "x")) }
        #expect(missing?.statusCode == 404, "a request without a canned response gets a 404")
        #expect(String(decoding: missing?.response?.body ?? Data(), as: UTF8.self) == "no canned response for POST /core/v1/questions")
    }

    @Test func aViewModelIsTestedAgainstAStubbedServiceProtocol() async throws {
        struct StubCities: CitiesServiceProtocol {
            func fetchCities() async throws -> [City] { [City(name: "Leeds"), City(name: "Bath")] }
            func fetchCitiesResponse() async throws -> CitiesResponse { CitiesResponse(cities: []) }
            func requestDelivery(address: Address) async throws {}
            func obtainQuestions(questionQuery: QuestionQuery) async throws -> [Question] { [] }
        }
        /// Seed 000's view model state, loaded through the protocol the app depends on.
        func loadSortedNames(_ service: some CitiesServiceProtocol) async throws -> [String] {
            try await service.fetchCities().map(\.name).sorted()
        }
        #expect(try await loadSortedNames(StubCities()) == ["Bath", "Leeds"])
    }

    @Test func anErrorStatusCarriesStatusAndBody() async throws {
        let transport = StubTransport(status: 503, json: #"{"error": "maintenance"}"#)
        let service = LiveCitiesService(client: CitiesAPI.client(transport: transport).authorized(KongAuth.self, credential: BearerToken("k")))
        let error = await #expect(throws: EndpointError.self) { try await service.fetchCities() }
        #expect(error?.kind == .unacceptableStatus)
        #expect(error?.statusCode == 503)
        #expect(error?.response?.body == json(#"{"error": "maintenance"}"#))
        #expect(error?.description.contains("HTTP 503") == true)
    }

    @Test func aLiveServiceSendsThroughAnyEndpointSender() async throws {
        /// Answers at the endpoint level, without HTTP: what a session or a test double can do.
        struct CannedSender: EndpointSending {
            typealias Scheme = KongAuth
            func perform<E: Endpoint>(_ endpoint: E) async throws(EndpointError) -> E.Response {
                if let cities = [City(name: "Ely")] as? E.Response, endpoint is FetchCitiesEndpoint { return cities }
                throw EndpointError(kind: .unacceptableStatus, method: .get, url: nil, response: HTTPResponse(statusCode: 418))
            }
        }
        let service = LiveCitiesService(client: CannedSender())
        #expect(try await service.fetchCities() == [City(name: "Ely")])
        let error = await #expect(throws: EndpointError.self) { try await service.fetchCitiesResponse() }
        #expect(error?.statusCode == 418)
    }
}
