import Foundation
import GeneratedRuntime

// Hand-written code beside the generated layer: it extends the generated types like any others.
extension HTTPBinAPI {
    /// A service for httpbin on this machine, at the port the test command chose.
    public static func localService(baseURL: URL) -> LiveEchoService {
        LiveEchoService(client: client(baseURL: baseURL))
    }
}
