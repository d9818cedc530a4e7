import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The transport built on `URLSession`, on Apple platforms and Linux.
///
/// ``session`` is the session that sends the requests. Given a session without a delegate of its
/// own, such as `URLSession.shared` (the default), the transport sends through a session of its
/// own with the same configuration and a delegate of the transport's, which
/// - streams uploads and reports their progress;
/// - sends a redirect to another origin only the standard headers that describe the content
///   (`Accept`, `Content-Type`, `User-Agent`, conditional and range headers…), never
///   `Authorization`, `Cookie` or a custom header such as an API key's;
/// - on Linux, answers an HTTP authentication challenge by handing on the `401` that raised it.
///   swift-corelibs-foundation otherwise leaves such a task waiting forever when it has no
///   credential to offer (swiftlang/swift-corelibs-foundation#5456): a wrong password would
///   hang the app instead of failing.
///
/// Every transport made from `URLSession.shared` shares one such session, which, like
/// `URLSession.shared`, is not to be invalidated (on Linux `invalidateAndCancel()` and
/// `finishTasksAndInvalidate()` do nothing to it). A transport made from another session has one
/// of its own: `transport.session.invalidateAndCancel()` cancels its requests in flight, which
/// fail with `URLError.cancelled`, and on Linux so do the requests sent through it afterwards, and,
/// after `finishTasksAndInvalidate()`, those with a redirect still to follow.
///
/// On Linux (and wherever Foundation's networking comes from swift-corelibs-foundation) that
/// session
/// - follows redirects itself, each hop a task of its own, as URLSession would: at most 20
///   redirects, then `URLError.httpTooManyRedirects`; a `303` (other than to a `HEAD`), and a
///   `301` or `302` to a `POST`, go on as a `GET` without the body and its `Content-…` headers;
///   other redirects keep the method and send the body again. corelibs stops the process when a
///   task is cancelled while it waits for its delegate's answer to a redirect, so the delegate
///   never lets it wait: it ends the hop's task and starts the next one.
/// - has no URL cache. corelibs' HTTP loader never stores a response in one, but it looks each
///   request up in it: a hop to another queue and a listing of the cache's folder on disk, before
///   the request goes out. With cancellation, that lookup can race the task's start and crash the
///   process inside corelibs. So responses an app put in the configuration's cache itself are not
///   served from it; cookies and credentials are used as before, and `URLSession.shared` keeps its
///   cache.
///
/// A session with a delegate is used as it is: its delegate decides challenges and redirects,
/// and an upload through it is read into memory and sent whole.
public struct URLSessionTransport: HTTPTransport {
    /// The session that sends the requests: the one given when it has a delegate, otherwise the
    /// transport's own, made with the given session's configuration, which is valid as long as a
    /// copy of the transport is (it is invalidated, its requests finished, after the last one).
    public let session: URLSession
    private let routed: RoutedSession?

    /// The most redirects one request follows, as URLSession.
    static let redirectLimit = 20

    public init(session: URLSession = .shared) {
        if session.delegate != nil {
            routed = nil
            self.session = session
        } else {
            let routed = session === URLSession.shared ? RoutedSession.shared : RoutedSession(configuration: session.configuration)
            self.routed = routed
            self.session = routed.session
        }
    }

    /// How many requests are in flight through the transport's own session (tests look at it).
    var exchangesInFlight: Int { routed?.router.count ?? 0 }

    public func send(_ request: URLRequest) async throws -> HTTPResponse {
        if let routed {
            return try await routed.run(request, body: nil, progress: nil)
        }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        return HTTPResponse(statusCode: http.statusCode, headers: Self.headers(of: http), body: data, url: http.url)
    }

    /// Streams the body with an upload task, reporting progress as the bytes go out.
    public func upload(
        _ request: URLRequest, from body: UploadBody, progress: (@Sendable (UploadProgress) -> Void)?
    ) async throws -> HTTPResponse {
        guard let routed else {
            return try await sendWhole(request, from: body, progress: progress)
        }
        return try await routed.run(request, body: body, progress: progress)
    }

    /// Hands on the response as soon as its status and headers arrive, and its body as it comes.
    /// Through a session with a delegate of its own, the body arrives whole.
    public func stream(_ request: URLRequest) async throws -> StreamedHTTPResponse {
        guard let routed else { return StreamedHTTPResponse(try await send(request)) }
        return try await routed.stream(request)
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

    /// The request that follows `request` after `response`, a redirect with status `status` to
    /// `location` (the response's `Location`, resolved against the request's URL; `proposed`
    /// when that fails): URLSession's rules for the method and body, and ``redirect(_:from:)``'s
    /// for the headers. Whether it sends the body again is `keepsBody`.
    static func nextHop(
        after request: URLRequest, status: Int, location: String?, proposed: URL?
    ) -> (request: URLRequest, keepsBody: Bool)? {
        guard let url = location.flatMap({ URL(string: $0, relativeTo: request.url)?.absoluteURL }) ?? proposed else {
            return nil
        }
        var next = request
        next.url = url
        let method = request.httpMethod?.uppercased() ?? "GET"
        let becomesGet = (status == 303 && method != "HEAD") || ((status == 301 || status == 302) && method == "POST")
        if becomesGet {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.httpBodyStream = nil
            for name in (next.allHTTPHeaderFields ?? [:]).keys where describesBody(header: name) {
                next.setValue(nil, forHTTPHeaderField: name)
            }
        }
        return (redirect(next, from: request), !becomesGet)
    }

    /// The headers that describe a request's body, dropped with it.
    static func describesBody(header name: String) -> Bool {
        ["content-encoding", "content-language", "content-length", "content-location", "content-type"].contains(name.lowercased())
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
    static let shared = RoutedSession(configuration: URLSession.shared.configuration, shared: true)

    let session: URLSession
    let router = TaskRouter()

    init(configuration: URLSessionConfiguration, shared: Bool = false) {
        #if canImport(FoundationNetworking)
        // A copy, so that the caller's configuration (`URLSession.shared`'s among them) keeps its
        // cache; the session copies its configuration too, so the copy is ours alone.
        let configuration = configuration.copy() as! URLSessionConfiguration
        configuration.urlCache = nil
        session = InvalidationAwareSession(
            configuration: configuration, router: router, delegateQueue: SerialDispatchOperationQueue(), shared: shared)
        #else
        session = URLSession(configuration: configuration, delegate: router, delegateQueue: nil)
        #endif
        router.serve(session)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    func run(
        _ request: URLRequest, body: UploadBody?, progress: (@Sendable (UploadProgress) -> Void)?
    ) async throws -> HTTPResponse {
        let exchange = Exchange(request: request, body: body, progress: progress, router: router)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                exchange.begin(.whole(continuation))
            }
        } onCancel: {
            exchange.cancel()
        }
    }

    /// Waits for the response's head; the body then goes on arriving into the response's
    /// ``ResponseBody``, which stops the task when its reader gives up.
    func stream(_ request: URLRequest) async throws -> StreamedHTTPResponse {
        let exchange = Exchange(request: request, body: nil, progress: nil, router: router)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<StreamedHTTPResponse, any Error>) in
                exchange.begin(.head(continuation))
            }
        } onCancel: {
            exchange.cancel()
        }
    }
}

#if canImport(FoundationNetworking)
/// The session of a ``RoutedSession`` on Linux. It learns that it is being invalidated before
/// Foundation does, so that the transport never makes a task in it afterwards (corelibs stops the
/// process then) and fails the requests still waiting instead. The session shared by every
/// transport made from `URLSession.shared` ignores invalidation, as `URLSession.shared` does.
private final class InvalidationAwareSession: URLSession, @unchecked Sendable {
    private let router: TaskRouter
    private let shared: Bool

    init(configuration: URLSessionConfiguration, router: TaskRouter, delegateQueue: OperationQueue, shared: Bool) {
        self.router = router
        self.shared = shared
        super.init(configuration: configuration, delegate: router, delegateQueue: delegateQueue)
    }

    override func invalidateAndCancel() {
        guard !shared else { return }
        router.invalidate(cancellingExchanges: true)
        super.invalidateAndCancel()
    }

    override func finishTasksAndInvalidate() {
        guard !shared else { return }
        router.invalidate(cancellingExchanges: false)
        super.finishTasksAndInvalidate()
    }
}

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
/// the table of exchanges is guarded by a lock, and the making of tasks by another, so that no
/// task is made once the session is being invalidated.
private final class TaskRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]
    private let making = NSLock()
    private var invalidated = false
    /// The session whose delegate this is (which holds it).
    private weak var session: URLSession?

    func serve(_ session: URLSession) {
        making.withLock { self.session = session }
    }

    var count: Int { lock.withLock { exchanges.count } }

    /// A task for `exchange` made by `make`, its events routed to the exchange; nil once the
    /// session is being invalidated. Never called with `lock` held: making a task waits for the
    /// session's work queue.
    func task(for exchange: Exchange, _ make: (URLSession) -> URLSessionTask) -> URLSessionTask? {
        making.withLock {
            guard !invalidated, let session else { return nil }
            let task = make(session)
            lock.withLock { exchanges[task.taskIdentifier] = exchange }
            return task
        }
    }

    func remove(_ task: URLSessionTask) {
        _ = lock.withLock { exchanges.removeValue(forKey: task.taskIdentifier) }
    }

    /// No task is made from now on; with `cancellingExchanges`, the requests in flight fail with
    /// `URLError.cancelled` at once (their tasks are cancelled by the session).
    func invalidate(cancellingExchanges: Bool) {
        making.withLock { invalidated = true }
        guard cancellingExchanges else { return }
        let abandoned = lock.withLock {
            defer { exchanges.removeAll() }
            return Array(exchanges.values)
        }
        for exchange in abandoned { exchange.abandon() }
    }

    private func exchange(for task: URLSessionTask, removing: Bool = false) -> Exchange? {
        lock.withLock { removing ? exchanges.removeValue(forKey: task.taskIdentifier) : exchanges[task.taskIdentifier] }
    }

    func urlSession(_ session: URLSession, didBecomeInvalidWithError error: (any Error)?) {
        // Every task has completed by now; an exchange still here never hears from its task again.
        invalidate(cancellingExchanges: true)
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
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if let response = response as? HTTPURLResponse { exchange(for: dataTask)?.receivedHead(response) }
        completionHandler(.allow)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        #if canImport(FoundationNetworking)
        // corelibs stops the process when the task is cancelled before this answer reaches it
        // (HTTPURLProtocol's didCompleteRedirectCallback), whoever cancels it (the app, the
        // transport, the session's invalidation) and whatever the answer. So the answer never
        // comes: the transport sends the next hop as a task of its own and ends this one, which
        // corelibs completes as cancelled, to nobody (its events are no longer routed).
        if let exchange = exchange(for: task, removing: true) {
            exchange.redirect(from: task, response: response, proposed: request.url)
        }
        task.cancel()
        #else
        // Apple's Foundation follows the redirect with the headers the transport keeps.
        completionHandler(URLSessionTransport.redirect(request, from: task.originalRequest))
        #endif
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

/// One request's state: its continuation, the hop in flight, the body received so far, its
/// progress callback.
private final class Exchange: @unchecked Sendable {
    /// Who waits for the response: for all of it, or (a stream) for its head.
    enum Waiter {
        case whole(CheckedContinuation<HTTPResponse, any Error>)
        case head(CheckedContinuation<StreamedHTTPResponse, any Error>)
    }

    private let lock = NSLock()
    private let progress: (@Sendable (UploadProgress) -> Void)?
    private let router: TaskRouter
    /// The upload's body, sent with each hop that keeps the body; nil for a request whose body,
    /// if any, is its `httpBody` (or `httpBodyStream`, which cannot be sent twice).
    private let upload: UploadBody?
    /// The request of the hop in flight, and how many redirects led to it.
    private var request: URLRequest
    private var keepsBody = true
    private var redirects = 0
    private var task: URLSessionTask?
    private var continuation: Waiter?
    /// Where a stream's body goes once its head has been handed on.
    private var writer: ResponseBody.Writer?
    private var body = Data()
    private var cancelled = false
    private var declined = false

    init(request: URLRequest, body: UploadBody?, progress: (@Sendable (UploadProgress) -> Void)?, router: TaskRouter) {
        self.request = request
        self.upload = body
        self.progress = progress
        self.router = router
    }

    func begin(_ continuation: Waiter) {
        lock.withLock { self.continuation = continuation }
        startHop()
    }

    /// Makes and resumes the task of the current hop, or fails when the request was cancelled
    /// already or the session is being invalidated.
    private func startHop() {
        let (request, keepsBody) = lock.withLock { (self.request, self.keepsBody) }
        let upload = keepsBody ? self.upload : nil
        guard let task = router.task(for: self, { session in Self.makeTask(in: session, for: request, body: upload) }) else {
            finish(.failure(URLError(.cancelled)))
            return
        }
        let cancelledAlready = lock.withLock {
            self.task = task
            return cancelled
        }
        if cancelledAlready {
            // Cancelled before it started: the task never runs, so nothing would remove it.
            router.remove(task)
            task.cancel()
            finish(.failure(CancellationError()))
            return
        }
        task.resume()
    }

    private static func makeTask(in session: URLSession, for request: URLRequest, body: UploadBody?) -> URLSessionTask {
        switch body {
        case nil:
            return session.dataTask(with: request)
        case .data(let data)?:
            return session.uploadTask(with: request, from: data)
        case .file(let url)?:
            return session.uploadTask(with: request, fromFile: url)
        case .stream(let make)?:
            var streamed = request
            streamed.httpBodyStream = make()
            return session.dataTask(with: streamed)
        }
    }

    func cancel() {
        let task = lock.withLock {
            cancelled = true
            return self.task
        }
        task?.cancel()
    }

    /// The session is being invalidated: fails the request now.
    func abandon() {
        finish(.failure(URLError(.cancelled)))
        lock.withLock { writer }?.finish(throwing: URLError(.cancelled))
    }

    /// The hop in flight, `task`, was answered with a redirect: sends the next hop, unless the
    /// request was cancelled meanwhile or has followed too many redirects. (The router has
    /// stopped routing `task`'s events here, and cancels it.)
    func redirect(from task: URLSessionTask, response: HTTPURLResponse, proposed: URL?) {
        enum Next { case hop, stop(any Error) }
        let next: Next = lock.withLock {
            guard self.task === task, continuation != nil else { return .stop(CancellationError()) }
            self.task = nil
            if cancelled { return .stop(CancellationError()) }
            redirects += 1
            if redirects > URLSessionTransport.redirectLimit { return .stop(URLError(.httpTooManyRedirects)) }
            guard let hop = URLSessionTransport.nextHop(
                after: request, status: response.statusCode, location: response.value(forHTTPHeaderField: "Location"),
                proposed: proposed)
            else { return .stop(URLError(.badServerResponse)) }
            // Only HTTP is followed, as URLSession does: libcurl would try an `ftp://` location
            // itself (and, here, wait until the timeout, busy).
            guard let scheme = hop.request.url?.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                return .stop(URLError(.unsupportedURL))
            }
            // A body stream the caller put in the request cannot be read twice.
            if hop.keepsBody && keepsBody && upload == nil && request.httpBodyStream != nil {
                return .stop(URLError(.requestBodyStreamExhausted))
            }
            request = hop.request
            keepsBody = keepsBody && hop.keepsBody
            body = Data()
            return .hop
        }
        switch next {
        case .hop: startHop()
        case .stop(let error): finish(.failure(error))
        }
    }

    func sent(_ total: Int64, of expected: Int64) {
        progress?(UploadProgress(bytesSent: total, totalBytes: expected > 0 ? expected : nil))
    }

    func received(_ data: Data) {
        let writer: ResponseBody.Writer? = lock.withLock {
            if let writer = self.writer { return writer }
            body.append(data)
            return nil
        }
        writer?.yield(data)
    }

    /// The head of the hop's response arrived: a stream hands it on, with a body that the rest
    /// comes into. A redirect is not handed on: its next hop's response is the one.
    func receivedHead(_ response: HTTPURLResponse) {
        if [301, 302, 303, 307, 308].contains(response.statusCode), response.value(forHTTPHeaderField: "Location") != nil { return }
        // The body is made only for a stream that waits for its head: a body released unread
        // cancels its transfer.
        let handOn: (waiter: CheckedContinuation<StreamedHTTPResponse, any Error>, body: ResponseBody)? = lock.withLock {
            guard case .head(let waiter)? = continuation, !cancelled else { return nil }
            continuation = nil
            let (body, writer) = ResponseBody.makeStream { [weak self] in self?.cancel() }
            self.writer = writer
            // Anything that came before the head (nothing, with URLSession) goes first.
            if !self.body.isEmpty { writer.yield(self.body) }
            self.body = Data()
            return (waiter, body)
        }
        guard let handOn else { return }
        handOn.waiter.resume(returning: StreamedHTTPResponse(
            statusCode: response.statusCode, headers: URLSessionTransport.headers(of: response), body: handOn.body))
    }

    func declinedChallenge() {
        lock.withLock { declined = true }
    }

    func complete(_ task: URLSessionTask, error: (any Error)?) {
        let (body, cancelled, declined, writer) = lock.withLock { (self.body, self.cancelled, self.declined, self.writer) }
        #if canImport(FoundationNetworking)
        let error = error.map { URLSessionTransport.lostConnection($0, headReceived: task.response != nil) }
        #endif
        if let writer {
            // A stream whose head has gone: its body ends.
            writer.finish(throwing: cancelled ? error ?? CancellationError() : error)
            return
        }
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
        finish(.success(HTTPResponse(statusCode: http.statusCode, headers: URLSessionTransport.headers(of: http), body: body, url: http.url)))
    }

    /// Ends the wait with a whole response (for a stream, one whose body has arrived), or an error.
    private func finish(_ result: Result<HTTPResponse, any Error>) {
        let continuation = lock.withLock {
            defer { self.continuation = nil }
            return self.continuation
        }
        switch continuation {
        case .whole(let waiter)?: waiter.resume(with: result)
        case .head(let waiter)?: waiter.resume(with: result.map(StreamedHTTPResponse.init))
        case nil: break
        }
    }
}

#if canImport(FoundationNetworking)
extension URLSessionTransport {
    /// libcurl's words for a connection the server closed: with no reply at all ("Empty reply
    /// from server", `badServerResponse`), before the body's end ("transfer closed with … bytes
    /// remaining", `unknown`), or on each of libcurl's own attempts on reused connections
    /// ("Connection died, tried 5 times before giving up", `unknown`). URLSession on Apple
    /// platforms says `networkConnectionLost` for each, which is what a retry looks for.
    static func lostConnection(_ error: any Error, headReceived: Bool) -> any Error {
        guard let urlError = error as? URLError else { return error }
        // By libcurl's words, not the code alone: `badServerResponse` is also a reply that is not
        // HTTP, and `unknown` anything libcurl has no code for.
        let words = (urlError.userInfo[NSLocalizedDescriptionKey] as? String ?? urlError.localizedDescription).lowercased()
        guard (urlError.code == .badServerResponse && !headReceived && words.contains("empty reply"))
                || (urlError.code == .unknown && headReceived && words.contains("transfer closed"))
                || (urlError.code == .unknown && !headReceived && words.hasPrefix("connection died")) else { return error }
        var userInfo = urlError.userInfo
        userInfo[NSUnderlyingErrorKey] = urlError
        return URLError(.networkConnectionLost, userInfo: userInfo)
    }
}
#endif
