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

    /// Adds a pet and returns its id. A problem the API reports is thrown as the app's own
    /// ``APIProblem``, which the generated code decodes the error body as.
    public func add(name: String) async throws -> Int64 {
        do {
            return try await service.addPet(newPet: NewPet(name: name)).id
        } catch let error as EndpointError {
            throw error.errorBody(as: APIProblem.self) ?? error
        }
    }

    /// The title of the problem `error` is, if the API reported one.
    public static func problemTitle(of error: any Error) -> String? {
        (error as? APIProblem)?.title
    }
}
