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
// Usage: RuntimeBench <pets in the decode array> <decode rounds> <requests per round> <rounds> <server URL> [clients]
// (clients: a comma-separated subset of urlSession,urlSessionDelegate,urlSessionNoCache,endpointgen,openapi,
// endpointgenPassThrough,endpointgenRetryLogging, for profiling one)

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

/// CPU time (user and system, all threads) this process has used so far, in seconds.
func cpuSeconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
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

// Rounds in which the three decoders take turns in an order that rotates (ABC, BCA, CAB), so that
// neither drift on the machine nor the place in the round favours one; bench.py compares them
// round by round, as it does the clients below.
let decoders: [(name: String, decode: () throws -> Void)] = [
    ("handWritten", { _ = try JSONDecoder().decode([HandWrittenPet].self, from: payload) }),
    ("endpointgen", { _ = try JSONDecoder().decode([EGPetstore.Pet].self, from: payload) }),
    ("openapi", { _ = try JSONDecoder().decode([Components.Schemas.Pet].self, from: payload) }),
]
var decodeTimes: [String: [Double]] = [:]
for round in 0..<decodeRounds {
    for offset in 0..<decoders.count {
        let decoder = decoders[(round + offset) % decoders.count]
        decodeTimes[decoder.name, default: []].append(try seconds(decoder.decode))
    }
}

// MARK: Requests

let endpointgenClient = PetstoreAPI.client(baseURL: serverURL)
let openapiClient = OAPetstore.Client(serverURL: serverURL, transport: OpenAPIURLSession.URLSessionTransport())
let statsURL = serverURL.appendingPathComponent("pets/stats")

func statsRequest() -> URLRequest {
    var request = URLRequest(url: statsURL)
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    return request
}

func decodeStats(_ data: Data, _ response: URLResponse) throws {
    guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
    _ = try JSONDecoder().decode(HandWrittenStats.self, from: data)
}

/// Raw URLSession as most code writes it: `URLSession.shared`, which has no delegate.
func rawURLSession() async throws {
    let (data, response) = try await URLSession.shared.data(for: statsRequest())
    try decodeStats(data, response)
}

/// Raw URLSession as in `rawURLSession`, on a session with the shared session's configuration
/// without a URL cache, as endpointgen's transport has on Linux: the like-for-like reference
/// there. It has no delegate, so unlike the transport's session it delivers the whole response
/// to its completion at once.
let noCacheSession: URLSession = {
    let configuration = (URLSession.shared.configuration.copy() as? URLSessionConfiguration) ?? .default
    configuration.urlCache = nil
    return URLSession(configuration: configuration)
}()

func rawNoCacheSession() async throws {
    let (data, response) = try await noCacheSession.data(for: statsRequest())
    try decodeStats(data, response)
}

/// Raw URLSession on the kind of session endpointgen's transport uses by default: one with a
/// delegate (and the shared session's configuration), whose data tasks deliver their response,
/// body and completion through that delegate, here on the default delegate queue. This delegate
/// does nothing else.
final class CollectingDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var bodies: [Int: Data] = [:]
    private var continuations: [Int: CheckedContinuation<(Data, URLResponse), any Error>] = [:]

    func start(_ task: URLSessionTask, _ continuation: CheckedContinuation<(Data, URLResponse), any Error>) {
        lock.withLock { continuations[task.taskIdentifier] = continuation }
        task.resume()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock { bodies[dataTask.taskIdentifier, default: Data()].append(data) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (body, continuation) = lock.withLock {
            (bodies.removeValue(forKey: task.taskIdentifier), continuations.removeValue(forKey: task.taskIdentifier))
        }
        if let error {
            continuation?.resume(throwing: error)
        } else if let response = task.response {
            continuation?.resume(returning: (body ?? Data(), response))
        } else {
            continuation?.resume(throwing: URLError(.badServerResponse))
        }
    }
}

let collectingDelegate = CollectingDelegate()
let delegateSession = URLSession(configuration: URLSession.shared.configuration, delegate: collectingDelegate, delegateQueue: nil)

func rawDelegateSession() async throws {
    let (data, response) = try await withCheckedThrowingContinuation { continuation in
        collectingDelegate.start(delegateSession.dataTask(with: statsRequest()), continuation)
    }
    try decodeStats(data, response)
}

func endpointgenRequest() async throws {
    _ = try await endpointgenClient.send(PetsService.getStats())
}

/// The same client with a chain of one middleware that only passes the request on, and with
/// the retry and logging middlewares (the log discarded).
struct PassThrough: EndpointMiddleware {
    func intercept(_ request: URLRequest, context: RequestContext, next: Next) async throws -> StreamedHTTPResponse {
        try await next(request)
    }
}
let passThroughClient: EndpointClient = {
    var client = PetstoreAPI.client(baseURL: serverURL)
    client.middlewares = [PassThrough()]
    return client
}()
let retryLoggingClient: EndpointClient = {
    var client = PetstoreAPI.client(baseURL: serverURL)
    client.middlewares = [RetryMiddleware(), LoggingMiddleware(sink: { _ in })]
    return client
}()

func passThroughRequest() async throws {
    _ = try await passThroughClient.send(PetsService.getStats())
}

func retryLoggingRequest() async throws {
    _ = try await retryLoggingClient.send(PetsService.getStats())
}

func openapiRequest() async throws {
    _ = try await openapiClient.getStats().ok.body.json
}

// Rounds of interleaved blocks: in each round every client sends the same number of requests, in
// blocks of `block` requests, the clients taking turns block by block in an order that rotates
// (ABCDE, BCDEA, CDEAB…). Whatever else the machine is doing then weighs on all of them alike,
// and bench.py compares the clients round by round.
let allClients: [(name: String, send: () async throws -> Void)] = [
    ("urlSession", rawURLSession), ("urlSessionDelegate", rawDelegateSession), ("urlSessionNoCache", rawNoCacheSession),
    ("endpointgen", endpointgenRequest), ("openapi", openapiRequest),
    ("endpointgenPassThrough", passThroughRequest), ("endpointgenRetryLogging", retryLoggingRequest),
]
let chosen = arguments.count > 5 ? Set(arguments[5].split(separator: ",").map(String.init)) : nil
let clients = allClients.filter { chosen?.contains($0.name) ?? true }
let block = min(10, requestsPerRound)
for _ in 0..<20 { for client in clients { try await client.send() } }  // warm up: connections, caches
var requestRates: [String: [Double]] = [:]
var cpuPerRequest: [String: [Double]] = [:]
var turn = 0
for _ in 0..<requestRounds {
    var time = [Double](repeating: 0, count: clients.count)
    var cpu = [Double](repeating: 0, count: clients.count)
    var sent = [Int](repeating: 0, count: clients.count)
    while sent[0] < requestsPerRound {
        for offset in 0..<clients.count {
            let index = (turn + offset) % clients.count
            let count = min(block, requestsPerRound - sent[index])
            let cpuBefore = cpuSeconds()
            time[index] += try await seconds { for _ in 0..<count { try await clients[index].send() } }
            cpu[index] += cpuSeconds() - cpuBefore
            sent[index] += count
        }
        turn += 1
    }
    for (index, client) in clients.enumerated() {
        requestRates[client.name, default: []].append(Double(requestsPerRound) / time[index])
        cpuPerRequest[client.name, default: []].append(cpu[index] / Double(requestsPerRound))
    }
}

struct Measurements: Encodable {
    /// Seconds to decode the array with each decoder, one entry per round (the same index is the same round).
    var decode: [String: [Double]]
    /// Requests per second of each client, one entry per round (the same index is the same round).
    var requests: [String: [Double]]
    /// CPU seconds this process used per request (all threads; the server is another process), by round.
    var cpuPerRequest: [String: [Double]]
}
let result = Measurements(
    decode: decodeTimes,
    requests: requestRates,
    cpuPerRequest: cpuPerRequest
)
let encoder = JSONEncoder()
encoder.outputFormatting = .sortedKeys
print(String(decoding: try encoder.encode(result), as: UTF8.self))
