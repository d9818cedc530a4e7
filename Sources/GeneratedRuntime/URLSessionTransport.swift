import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The transport built on `URLSession`, on Apple platforms and Linux.
///
/// A session without a delegate of its own, such as `URLSession.shared` (the default), is used
/// through a session with the same configuration and a delegate of this transport's, which
/// - streams uploads and reports their progress;
/// - sends a redirect to another origin only the standard headers that describe the content
///   (`Accept`, `Content-Type`, `User-Agent`, conditional and range headers…), never
///   `Authorization`, `Cookie` or a custom header such as an API key's;
/// - on Linux, answers an HTTP authentication challenge by handing on the `401` that raised it.
///   swift-corelibs-foundation otherwise leaves such a task waiting forever when it has no
///   credential to offer (swiftlang/swift-corelibs-foundation#5456): a wrong password would
///   hang the app instead of failing.
///
/// On Linux (and wherever Foundation's networking comes from swift-corelibs-foundation) that
/// session has no URL cache. corelibs' HTTP loader never stores a response in one, but it looks
/// each request up in it: a hop to another queue and a listing of the cache's folder on disk,
/// before the request goes out. With cancellation, that lookup can race the task's start and
/// crash the process inside corelibs. So responses an app put in the configuration's cache itself
/// are not served from it; cookies and credentials are used as before, and `URLSession.shared`
/// keeps its cache.
///
/// A session with a delegate is used as it is: its delegate decides challenges and redirects,
/// and an upload through it is read into memory and sent whole.
public struct URLSessionTransport: HTTPTransport {
    public let session: URLSession
    private let routed: RoutedSession?

    public init(session: URLSession = .shared) {
        self.session = session
        if session.delegate != nil {
            routed = nil
        } else if session === URLSession.shared {
            routed = RoutedSession.shared
        } else {
            routed = RoutedSession(configuration: session.configuration)
        }
    }

    /// The session requests go through when it is not `session` itself (tests look at it).
    var routedSession: URLSession? { routed?.session }

    public func send(_ request: URLRequest) async throws -> HTTPResponse {
        if let routed {
            return try await routed.run(progress: nil) { $0.dataTask(with: request) }
        }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        return HTTPResponse(statusCode: http.statusCode, headers: Self.headers(of: http), body: data)
    }

    /// Streams the body with an upload task, reporting progress as the bytes go out.
    public func upload(
        _ request: URLRequest, from body: UploadBody, progress: (@Sendable (UploadProgress) -> Void)?
    ) async throws -> HTTPResponse {
        guard let routed else {
            return try await sendWhole(request, from: body, progress: progress)
        }
        return try await routed.run(progress: progress) { session in
            switch body {
            case .data(let data):
                return session.uploadTask(with: request, from: data)
            case .file(let url):
                return session.uploadTask(with: request, fromFile: url)
            case .stream(let make):
                var streamed = request
                streamed.httpBodyStream = make()
                return session.dataTask(with: streamed)
            }
        }
    }

    static func headers(of response: HTTPURLResponse) -> [String: String] {
        let fields = response.allHeaderFields
        // Header fields are text: one cast of the whole dictionary, element by element only when
        // it fails.
        if let headers = fields as? [String: String] { return headers }
        var headers: [String: String] = [:]
        headers.reserveCapacity(fields.count)
        for (name, value) in fields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        return headers
    }

    /// `request`, the next hop of a redirect from `original`: when it goes to another origin
    /// (scheme, host and port), with only the headers that cannot carry a credential.
    static func redirect(_ request: URLRequest, from original: URLRequest?) -> URLRequest {
        guard let to = request.url, let from = original?.url, origin(of: to) != origin(of: from) else {
            return request
        }
        var request = request
        for name in (request.allHTTPHeaderFields ?? [:]).keys where !keepsAcrossOrigins(header: name) {
            request.setValue(nil, forHTTPHeaderField: name)
        }
        return request
    }

    /// The standard headers that describe what is sent and accepted. Any other header may be a
    /// credential (an API key can have any name), so it does not follow a redirect elsewhere.
    static func keepsAcrossOrigins(header name: String) -> Bool {
        [
            "accept", "accept-encoding", "accept-language", "cache-control", "content-encoding", "content-language",
            "content-length", "content-type", "if-match", "if-modified-since", "if-none-match", "if-range",
            "if-unmodified-since", "pragma", "range", "user-agent",
        ].contains(name.lowercased())
    }

    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }
}

/// A session whose delegate hands each task's events to the exchange waiting for it.
private final class RoutedSession: Sendable {
    static let shared = RoutedSession(configuration: URLSession.shared.configuration)

    let session: URLSession
    private let router = TaskRouter()

    init(configuration: URLSessionConfiguration) {
        #if canImport(FoundationNetworking)
        // A copy, so that the caller's configuration (`URLSession.shared`'s among them) keeps its
        // cache; the session copies its configuration too, so the copy is ours alone.
        let configuration = configuration.copy() as! URLSessionConfiguration
        configuration.urlCache = nil
        session = URLSession(configuration: configuration, delegate: router, delegateQueue: SerialDispatchOperationQueue())
        #else
        session = URLSession(configuration: configuration, delegate: router, delegateQueue: nil)
        #endif
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    func run(
        progress: (@Sendable (UploadProgress) -> Void)?, task makeTask: (URLSession) -> URLSessionTask
    ) async throws -> HTTPResponse {
        let exchange = Exchange(progress: progress)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                let task = makeTask(session)
                router.add(exchange, for: task)
                if !exchange.start(task, continuation: continuation) {
                    // Cancelled before it started: the task never runs, so nothing would remove it.
                    router.remove(task)
                    task.cancel()
                }
            }
        } onCancel: {
            exchange.cancel()
        }
    }
}

#if canImport(FoundationNetworking)
/// The delegate queue of a ``RoutedSession`` on Linux: the session's calls, in order, on a serial
/// dispatch queue. swift-corelibs-foundation hands each delegate call to the queue as a block,
/// `addOperation(_:)` (its only use of a delegate queue in Swift 6.3); `OperationQueue` itself
/// wraps the block in an operation and schedules it through its bookkeeping, several times a
/// request, which costs more than the call itself. Every other way of adding work goes to the
/// same serial queue, so nothing can run beside the delegate's calls or out of order with them,
/// and waiting for the queue waits for them.
final class SerialDispatchOperationQueue: OperationQueue, @unchecked Sendable {
    private let queue = DispatchQueue(label: "endpointgen.URLSessionTransport.delegate")

    override init() {
        super.init()
        maxConcurrentOperationCount = 1
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        queue.async(execute: block)
    }

    override func addOperation(_ operation: Operation) {
        addOperations([operation], waitUntilFinished: false)
    }

    override func addOperations(_ operations: [Operation], waitUntilFinished wait: Bool) {
        for operation in operations {
            queue.async {
                // Dependencies added to this queue before it have run by now; others (on other
                // queues) are waited for. One added to this queue after it would never run first:
                // nothing adds operations with dependencies here (corelibs adds only blocks).
                for dependency in operation.dependencies { dependency.waitUntilFinished() }
                operation.start()
            }
        }
        if wait { queue.sync {} }
    }

    override func addBarrierBlock(_ barrier: @escaping @Sendable () -> Void) {
        queue.async(execute: barrier)
    }

    override func waitUntilAllOperationsAreFinished() {
        queue.sync {}
    }
}
#endif

/// The delegate of a ``RoutedSession``. URLSession calls it on the session's delegate queue;
/// the table of exchanges is guarded by a lock.
private final class TaskRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]

    func add(_ exchange: Exchange, for task: URLSessionTask) {
        lock.withLock { exchanges[task.taskIdentifier] = exchange }
    }

    func remove(_ task: URLSessionTask) {
        _ = lock.withLock { exchanges.removeValue(forKey: task.taskIdentifier) }
    }

    private func exchange(for task: URLSessionTask, removing: Bool = false) -> Exchange? {
        lock.withLock { removing ? exchanges.removeValue(forKey: task.taskIdentifier) : exchanges[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        exchange(for: task)?.sent(totalBytesSent, of: totalBytesExpectedToSend)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(for: dataTask)?.received(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(URLSessionTransport.redirect(request, from: task.originalRequest))
    }

    #if canImport(FoundationNetworking)
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        // A credential the session's own storage proposes is the app's to use (Linux raises
        // challenges for HTTP authentication only). A challenge with nothing to answer it ends
        // the task, and `didCompleteWithError` hands on the response that had already arrived.
        guard challenge.proposedCredential == nil else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        exchange(for: task)?.declinedChallenge()
        completionHandler(.cancelAuthenticationChallenge, nil)
    }
    #endif

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        exchange(for: task, removing: true)?.complete(task, error: error)
    }
}

/// One request's state: its continuation, the body received so far, its progress callback.
private final class Exchange: @unchecked Sendable {
    private let lock = NSLock()
    private let progress: (@Sendable (UploadProgress) -> Void)?
    private var task: URLSessionTask?
    private var continuation: CheckedContinuation<HTTPResponse, any Error>?
    private var body = Data()
    private var cancelled = false
    private var declined = false

    init(progress: (@Sendable (UploadProgress) -> Void)?) {
        self.progress = progress
    }

    /// Resumes `task`, or fails at once when the request was cancelled already (false).
    func start(_ task: URLSessionTask, continuation: CheckedContinuation<HTTPResponse, any Error>) -> Bool {
        let cancelledAlready = lock.withLock {
            self.task = task
            self.continuation = continuation
            return cancelled
        }
        if cancelledAlready {
            finish(.failure(CancellationError()))
            return false
        }
        task.resume()
        return true
    }

    func cancel() {
        let task = lock.withLock {
            cancelled = true
            return self.task
        }
        task?.cancel()
    }

    func sent(_ total: Int64, of expected: Int64) {
        progress?(UploadProgress(bytesSent: total, totalBytes: expected > 0 ? expected : nil))
    }

    func received(_ data: Data) {
        lock.withLock { body.append(data) }
    }

    func declinedChallenge() {
        lock.withLock { declined = true }
    }

    func complete(_ task: URLSessionTask, error: (any Error)?) {
        let (body, cancelled, declined) = lock.withLock { (self.body, self.cancelled, self.declined) }
        if cancelled {
            finish(.failure(error ?? CancellationError()))
            return
        }
        guard let http = task.response as? HTTPURLResponse else {
            finish(.failure(error ?? URLError(.badServerResponse)))
            return
        }
        if let error, !declined {
            finish(.failure(error))
            return
        }
        finish(.success(HTTPResponse(statusCode: http.statusCode, headers: URLSessionTransport.headers(of: http), body: body)))
    }

    private func finish(_ result: Result<HTTPResponse, any Error>) {
        let continuation = lock.withLock {
            defer { self.continuation = nil }
            return self.continuation
        }
        continuation?.resume(with: result)
    }
}
