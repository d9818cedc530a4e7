import Dispatch
import Foundation
import GeneratedRuntime
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private enum CompletionBearer: BearerAuthScheme {}

/// `send(_:queue:completion:)`: the result of the request, delivered once on the queue given.
@Suite(.timeLimit(.minutes(1))) struct CompletionAdapterTests {
    struct Call<Auth: AuthScheme>: Endpoint {
        var path: EndpointPath
        func makeRequest() -> EndpointRequest { EndpointRequest(method: .get, path: path) }
        func decodeResponse(_ response: HTTPResponse) throws -> String { try response.decodeString() }
    }

    /// Holds requests to `/slow` until they are cancelled.
    struct SlowTransport: HTTPTransport {
        var canned: CannedTransport
        func send(_ request: URLRequest) async throws -> HTTPResponse {
            if request.url?.path == "/slow" { try await Task.sleep(for: .seconds(50)) }
            return try await canned.send(request)
        }
    }

    static let queueKey = DispatchSpecificKey<String>()

    static func queue(_ label: String) -> DispatchQueue {
        let queue = DispatchQueue(label: label)
        queue.setSpecific(key: queueKey, value: label)
        return queue
    }

    /// Sends through the adapter and waits for the completion, noting the queue it ran on.
    static func complete<E: Endpoint>(
        _ endpoint: E, with client: some EndpointSending, on queue: DispatchQueue, cancel: Bool = false
    ) async -> (result: Result<E.Response, EndpointError>, label: String?) where E.Auth == NoAuth {
        await withCheckedContinuation { continuation in
            let task = client.send(endpoint, queue: queue) { result in
                continuation.resume(returning: (result, DispatchQueue.getSpecific(key: queueKey)))
            }
            if cancel { task.cancel() }
        }
    }

    @Test func aSuccessIsDeliveredOnTheQueue() async throws {
        let transport = CannedTransport()
        transport.stub(.get, "/hello", with: .json(#""hi""#))
        let client = EndpointClient(baseURL: URL(string: "https://api.test")!, transport: transport)
        let (result, label) = await Self.complete(Call<NoAuth>(path: "/hello"), with: client, on: Self.queue("results"))
        #expect(try result.get() == #""hi""#)
        #expect(label == "results")
    }

    @Test func aFailureIsDeliveredAsTheEndpointError() async throws {
        let client = EndpointClient(baseURL: URL(string: "https://api.test")!, transport: CannedTransport())
        let (result, label) = await Self.complete(Call<NoAuth>(path: "/missing"), with: client, on: Self.queue("errors"))
        guard case .failure(let error) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(error.kind == .unacceptableStatus)
        #expect(error.statusCode == 404)
        #expect(label == "errors")
    }

    @Test func cancellingTheTaskCompletesWithCancelled() async throws {
        let client = EndpointClient(baseURL: URL(string: "https://api.test")!, transport: SlowTransport(canned: CannedTransport()))
        let (result, label) = await Self.complete(Call<NoAuth>(path: "/slow"), with: client, on: Self.queue("cancel"), cancel: true)
        guard case .failure(let error) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(error.kind == .cancelled)
        #expect(label == "cancel")
    }

    @Test func anAuthorizedClientCompletesItsSchemesEndpoints() async throws {
        let transport = CannedTransport()
        transport.stub(.get, "/me") { request in .json(#""\#(request.value(forHTTPHeaderField: "Authorization") ?? "")""#) }
        let client = EndpointClient(baseURL: URL(string: "https://api.test")!, transport: transport)
            .authorized(CompletionBearer.self, credential: BearerToken("tok"))
        let queue = Self.queue("authorized")
        let (result, label) = await withCheckedContinuation { continuation in
            client.send(Call<CompletionBearer>(path: "/me"), queue: queue) { result in
                continuation.resume(returning: (result, DispatchQueue.getSpecific(key: Self.queueKey)))
            }
        }
        #expect(try result.get() == #""Bearer tok""#)
        #expect(label == "authorized")
    }
}
