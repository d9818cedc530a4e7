import Foundation
import GeneratedRuntime

// Hand-written code beside the generated layer: it extends the generated types like any others.
extension HTTPBinAPI {
    /// A service for httpbin on this machine, at the port the test command chose.
    public static func localService(baseURL: URL) -> LiveEchoService {
        LiveEchoService(client: client(baseURL: baseURL))
    }
}

extension HTTPBinAPI {
    /// What a production app sets up, in a few lines: retries with backoff, a log without
    /// secrets, and a token refreshed when the server refuses it.
    public static func resilientAccount(
        baseURL: URL, token: String,
        refresh: @escaping @Sendable (BearerToken) async throws -> BearerToken,
        log: @escaping @Sendable (String) -> Void = LoggingMiddleware.standardSink
    ) -> LiveAccountService {
        var client = client(baseURL: baseURL)
        client.middlewares = [RetryMiddleware(maximumAttempts: 3, initialDelay: 0.2), LoggingMiddleware(sink: log)]
        return LiveAccountService(client: client.authorized(TokenAuth.self, credential: BearerToken(token), refresh: refresh))
    }
}
