import Foundation
import GeneratedRuntime
import InventoryAPI
@testable import PetStoreAPI
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that answers from a closure and keeps the requests, so no network is needed.
final class Recorder: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var sent: [URLRequest] = []
    private let answer: @Sendable (URLRequest) -> HTTPResponse

    init(_ answer: @escaping @Sendable (URLRequest) -> HTTPResponse) {
        self.answer = answer
    }

    var requests: [URLRequest] { lock.withLock { sent } }

    func send(_ request: URLRequest) async throws -> HTTPResponse {
        lock.withLock { sent.append(request) }
        return answer(request)
    }
}

/// The APIs imported from the package's OpenAPI documents, used as an app uses them.
@Suite struct OpenAPIConsumerTests {
    @Test func theBuildPluginImportsTheDocumentOnEveryBuild() async throws {
        let recorder = Recorder { request in
            let body = request.httpMethod == "POST"
                ? #"{"id": 7, "name": "Rex", "status": "available", "nickname": null}"#
                : #"[{"id": 1, "name": "Tom", "status": "available", "listed_at": "2024-05-01T10:20:30Z"}]"#
            return HTTPResponse(statusCode: request.httpMethod == "POST" ? 201 : 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        }
        let store = PetStore(baseURL: URL(string: "https://pets.test/api")!, token: "t-1", transport: recorder)
        #expect(try await store.availableNames() == ["Tom"])
        #expect(try await store.add(name: "Rex") == 7)
        let requests = recorder.requests
        #expect(requests.map { $0.url?.absoluteString } == ["https://pets.test/api/pets?status=available", "https://pets.test/api/pets"])
        #expect(requests[0].value(forHTTPHeaderField: "Authorization") == nil, "listPets has \"security\": []")
        #expect(requests[1].value(forHTTPHeaderField: "Authorization") == "Bearer t-1")
        // The configuration made the generated API internal: reachable here through @testable.
        #expect(PetStoreAPI.Server.production.rawValue == "https://pets.example.com/api")
        let pet = try JSONDecoder().decode(Pet.self, from: Data(#"{"id": 1, "name": "Tom", "status": "sold", "nickname": null}"#.utf8))
        #expect(pet.status == .sold)
        #expect(pet.nickname == .some(.null))
    }

    /// The configuration's `replace`: the document's `Problem` is the app's `APIProblem`.
    @Test func aProblemDecodesAsTheAppsOwnType() async throws {
        let recorder = Recorder { _ in
            let body = #"{"title": "A pet of that name exists", "status": 409, "detail": "Rex is listed already."}"#
            return HTTPResponse(statusCode: 409, headers: ["Content-Type": "application/problem+json"], body: Data(body.utf8))
        }
        let store = PetStore(baseURL: URL(string: "https://pets.test/api")!, token: "t-1", transport: recorder)
        do {
            _ = try await store.add(name: "Rex")
            Issue.record("no error")
        } catch {
            #expect(error as? APIProblem == APIProblem(title: "A pet of that name exists", status: 409, detail: "Rex is listed already."))
            #expect(PetStore.problemTitle(of: error) == "A pet of that name exists")
        }
    }

    @Test func theCommittedCodeComesFromTheOtherDocument() async throws {
        let recorder = Recorder { _ in
            HTTPResponse(statusCode: 200, headers: ["Content-Type": "application/json"], body: Data(#"""
                {"sku": "A-1", "count": 3, "warehouse": 12, "restock": {"kind": "Scheduled", "on": "2025-01-31"}}
                """#.utf8))
        }
        let client = InventoryAPI.client(baseURL: URL(string: "https://inventory.test/v2")!, transport: recorder)
        let service = LiveInventoryService(client: client.authorized(KeyAuth.self, credential: APIKey("k-9")))
        let level = try await service.stockLevel(sku: "A 1/2")
        #expect(level.count == 3)
        guard case .int(12) = level.warehouse, case .scheduled(let scheduled) = level.restock else {
            Issue.record("unexpected \(level)")
            return
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        #expect(calendar.dateComponents([.year, .month, .day], from: scheduled.on) == DateComponents(year: 2025, month: 1, day: 31))
        #expect(recorder.requests.first?.url?.absoluteString == "https://inventory.test/v2/stock/A%201%2F2")
        #expect(recorder.requests.first?.value(forHTTPHeaderField: "X-Inventory-Key") == "k-9")
    }
}
