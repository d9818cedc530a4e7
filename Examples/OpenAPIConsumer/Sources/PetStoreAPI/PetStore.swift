import Foundation
import GeneratedRuntime

/// The app's face of the generated Pet Store API, which the configuration keeps internal.
public struct PetStore: Sendable {
    private let service: LivePetsService

    public init(baseURL: URL, token: String, transport: any HTTPTransport = URLSessionTransport()) {
        let client = PetStoreAPI.client(baseURL: baseURL, transport: transport)
        service = LivePetsService(client: client.authorized(TokenAuth.self, credential: BearerToken(token)))
    }

    /// The names of the pets still for sale.
    public func availableNames() async throws -> [String] {
        try await service.listPets(status: .available, limit: nil).map(\.name)
    }

    /// Adds a pet and returns its id.
    public func add(name: String) async throws -> Int64 {
        try await service.addPet(newPet: NewPet(name: name)).id
    }
}
