import EGPetstore
import Foundation
import GeneratedRuntime
import OAPetstore
import OpenAPIRuntime
import OpenAPIURLSession
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Prints one JSON object of measurements; Benchmarks/bench.py runs it and makes the table.
// Usage: RuntimeBench <pets in the decode array> <decode rounds> <requests per round> <rounds> <server URL>

/// The struct a team would write by hand for the same payload.
struct HandWrittenPet: Codable {
    enum Kind: String, Codable {
        case cat, dog, elephant = "ELEPHANT", bigElephant1 = "BIG_ELEPHANT_1", snake = "$nake", `public`
    }
    var id: Int64
    var name: String
    var tag: String?
    var genome: Data?
    var kind: Kind?
}

struct HandWrittenStats: Codable {
    var count: Int
}

let arguments = CommandLine.arguments.dropFirst().map { $0 }
let petCount = Int(arguments[0])!
let decodeRounds = Int(arguments[1])!
let requestsPerRound = Int(arguments[2])!
let requestRounds = Int(arguments[3])!
let serverURL = URL(string: arguments[4])!

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func seconds(_ body: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

// MARK: Decoding

let kinds = ["cat", "dog", "ELEPHANT", "BIG_ELEPHANT_1", "$nake", "public"]
var items: [String] = []
for index in 0..<petCount {
    let tag = index % 3 == 0 ? #", "tag": "t\#(index)""# : ""
    items.append(#"{"id": \#(index), "name": "Pet \#(index)", "kind": "\#(kinds[index % kinds.count])"\#(tag)}"#)
}
let payload = Data("[\(items.joined(separator: ","))]".utf8)

var decodeTimes: [String: [Double]] = ["handWritten": [], "endpointgen": [], "openapi": []]
for _ in 0..<decodeRounds {
    // Interleaved, so that drift on the machine affects the three alike.
    decodeTimes["handWritten"]!.append(try seconds { _ = try JSONDecoder().decode([HandWrittenPet].self, from: payload) })
    decodeTimes["endpointgen"]!.append(try seconds { _ = try JSONDecoder().decode([EGPetstore.Pet].self, from: payload) })
    decodeTimes["openapi"]!.append(try seconds { _ = try JSONDecoder().decode([Components.Schemas.Pet].self, from: payload) })
}

// MARK: Requests

let endpointgenClient = PetstoreAPI.client(baseURL: serverURL)
let openapiClient = OAPetstore.Client(serverURL: serverURL, transport: OpenAPIURLSession.URLSessionTransport())
let statsURL = serverURL.appendingPathComponent("pets/stats")

func rawURLSession() async throws {
    var request = URLRequest(url: statsURL)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let (data, response) = try await URLSession.shared.data(for: request)
    guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
    _ = try JSONDecoder().decode(HandWrittenStats.self, from: data)
}

func endpointgenRequest() async throws {
    _ = try await endpointgenClient.send(PetsService.getStats())
}

func openapiRequest() async throws {
    _ = try await openapiClient.getStats().ok.body.json
}

var requestRates: [String: [Double]] = ["urlSession": [], "endpointgen": [], "openapi": []]
for _ in 0..<2 { try await rawURLSession(); try await endpointgenRequest(); try await openapiRequest() }  // warm up
for _ in 0..<requestRounds {
    for (name, send) in [("urlSession", rawURLSession), ("endpointgen", endpointgenRequest), ("openapi", openapiRequest)] {
        let time = try await seconds { for _ in 0..<requestsPerRound { try await send() } }
        requestRates[name]!.append(Double(requestsPerRound) / time)
    }
}

let result: [String: Double] = [
    "decodeHandWritten": median(decodeTimes["handWritten"]!),
    "decodeEndpointgen": median(decodeTimes["endpointgen"]!),
    "decodeOpenAPI": median(decodeTimes["openapi"]!),
    "requestsURLSession": median(requestRates["urlSession"]!),
    "requestsEndpointgen": median(requestRates["endpointgen"]!),
    "requestsOpenAPI": median(requestRates["openapi"]!),
]
print(String(decoding: try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys]), as: UTF8.self))
