import Foundation
import GeneratedRuntime
import GoldenPets
import Testing

/// Seed 003: tolerant models, and view models built from dependent requests (the pets, then
/// each pet's vet, fetched concurrently).
@Suite struct PetsTests {
    @Test func tolerantModelsSurviveMissingAndMalformedFields() throws {
        let pets = try decode([Pet].self, #"[{"firstName": "Rex", "lastName": 3, "vetId": "x"}, {}, {"vetId": 2}]"#)
        #expect(pets == [Pet(firstName: "Rex"), Pet(), Pet(vetId: 2)])
    }

    struct PetVetCellViewModel: Equatable {
        var petName: String
        var vetNameAndTitle: String
    }

    /// Seed 003's ViewModelBuilder with structured concurrency in place of a DispatchGroup.
    static func petVetViewModels(_ service: some PetsServiceProtocol) async throws -> [PetVetCellViewModel] {
        let pets = try await service.pets()
        return try await withThrowingTaskGroup(of: (Int, PetVetCellViewModel?).self) { group in
            for (index, pet) in pets.enumerated() {
                guard let vetId = pet.vetId, let petName = pet.firstName else { continue }
                group.addTask {
                    let vet = try await service.vet(id: vetId)
                    guard let last = vet.lastName else { return (index, nil) }
                    let title = vet.title.map { "\($0) " } ?? ""
                    return (index, PetVetCellViewModel(petName: petName, vetNameAndTitle: "\(title)\(last)"))
                }
            }
            var results: [(Int, PetVetCellViewModel?)] = []
            for try await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.compactMap(\.1)
        }
    }

    @Test func viewModelsComeFromPetsAndTheirVets() async throws {
        let transport = StubTransport { request in
            switch request.url?.path {
            case "/api/pets":
                return HTTPResponse(statusCode: 200, body: json(#"[{"firstName": "Rex", "vetId": 1}, {"firstName": "Tom", "vetId": 2}, {"firstName": "Nobody"}]"#))
            case "/api/vets/1":
                return HTTPResponse(statusCode: 200, body: json(#"{"firstName": "Ann", "lastName": "Lee", "title": "Dr."}"#))
            case "/api/vets/2":
                return HTTPResponse(statusCode: 200, body: json(#"{"lastName": "Ray"}"#))
            default:
                return HTTPResponse(statusCode: 404)
            }
        }
        let service = LivePetsService(client: PetsAPI.client(transport: transport))
        let viewModels = try await Self.petVetViewModels(service)
        #expect(viewModels == [
            PetVetCellViewModel(petName: "Rex", vetNameAndTitle: "Dr. Lee"),
            PetVetCellViewModel(petName: "Tom", vetNameAndTitle: "Ray"),
        ])
        #expect(await transport.requests.count == 3)
    }
}
