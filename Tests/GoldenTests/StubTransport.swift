import Foundation
import GeneratedRuntime
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that records each request and answers from a handler, so the generated
/// clients can be exercised without a network.
actor StubTransport: HTTPTransport {
    private(set) var requests: [URLRequest] = []
    private let handler: @Sendable (URLRequest) throws -> HTTPResponse

    init(_ handler: @escaping @Sendable (URLRequest) throws -> HTTPResponse) {
        self.handler = handler
    }

    /// Answers every request with `status` and `json`.
    init(status: Int = 200, json: String = "{}") {
        self.init { _ in HTTPResponse(statusCode: status, headers: ["Content-Type": "application/json"], body: Data(json.utf8)) }
    }

    func send(_ request: URLRequest) async throws -> HTTPResponse {
        requests.append(request)
        return try handler(request)
    }

    var lastRequest: URLRequest? { requests.last }
}

extension URLRequest {
    /// The body as a JSON object, for comparing what was sent.
    var jsonBody: Any? {
        httpBody.flatMap { try? JSONSerialization.jsonObject(with: $0, options: [.fragmentsAllowed]) }
    }
}

func json(_ text: String) -> Data { Data(text.utf8) }

func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(text.utf8))
}

/// Encodes with sorted keys so that tests compare stable text.
func encodeSorted(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}
