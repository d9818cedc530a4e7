import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends a request again when the network or the server failed in a way that a later attempt
/// may not: a lost connection, a timeout, a server that could not be reached, or a `408`, `429`,
/// `500`, `502`, `503` or `504`.
///
/// Between attempts it waits with exponential backoff and full jitter (a random time up to
/// `initialDelay × 2ⁿ`, at most `maximumDelay`), or as long as the server's `Retry-After` says
/// (in seconds or as an HTTP date). It stops after `maximumAttempts`, or when the next wait
/// would end after `budget` seconds from the first attempt; the last response or error is then
/// the call's, and an ``EndpointError`` says how many attempts were made. Cancelling the task
/// stops a wait at once.
///
/// It never resends a request that is not idempotent (`POST`, `PATCH`) unless the endpoint is
/// marked `"idempotent": true` in the spec, nor one whose body cannot be read twice.
///
/// ```swift
/// let client = CitiesAPI.client(server: .production)
/// client.middlewares = [RetryMiddleware(maximumAttempts: 4)]
/// ```
public struct RetryMiddleware: EndpointMiddleware {
    /// The most times a request is sent, the first included.
    public var maximumAttempts: Int
    /// The longest the first wait can be, in seconds; it doubles with each attempt.
    public var initialDelay: TimeInterval
    /// The longest any wait can be, in seconds (a `Retry-After` included).
    public var maximumDelay: TimeInterval
    /// The time from the first attempt after which no attempt starts, in seconds.
    public var budget: TimeInterval
    /// The statuses that are tried again.
    public var statuses: Set<Int>
    /// The transport failures that are tried again.
    public var failures: Set<URLError.Code>

    public static let defaultStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]
    public static let defaultFailures: Set<URLError.Code> = [
        .networkConnectionLost, .timedOut, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
    ]

    /// A random number from 0 to 1 for the jitter; replaceable in tests.
    var random: @Sendable () -> Double = { Double.random(in: 0...1) }

    public init(
        maximumAttempts: Int = 3, initialDelay: TimeInterval = 0.5, maximumDelay: TimeInterval = 30,
        budget: TimeInterval = 60, statuses: Set<Int> = RetryMiddleware.defaultStatuses,
        failures: Set<URLError.Code> = RetryMiddleware.defaultFailures
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.initialDelay = max(0, initialDelay)
        self.maximumDelay = max(0, maximumDelay)
        self.budget = max(0, budget)
        self.statuses = statuses
        self.failures = failures
    }

    public func intercept(_ request: URLRequest, context: RequestContext, next: Next) async throws -> StreamedHTTPResponse {
        let start = Date()
        let mayResend = context.isIdempotent && context.canResend
        var attempt = 1
        while true {
            let retryAfter: TimeInterval?
            do {
                let response = try await next(request)
                guard mayResend, attempt < maximumAttempts, statuses.contains(response.statusCode) else { return response }
                retryAfter = response.value(forHeader: "Retry-After").flatMap { Self.retryAfter($0, now: Date()) }
                guard let wait = delay(after: attempt, retryAfter: retryAfter, start: start) else { return response }
                // The response is given up: its body, if still arriving, stops.
                response.body.cancel(CancellationError())
                try await Task.sleep(nanoseconds: Self.nanoseconds(wait))
            } catch {
                guard mayResend, attempt < maximumAttempts, let code = (error as? URLError)?.code, failures.contains(code),
                      let wait = delay(after: attempt, retryAfter: nil, start: start)
                else { throw error }
                try await Task.sleep(nanoseconds: Self.nanoseconds(wait))
            }
            attempt += 1
            context.countAttempt()
        }
    }

    /// The wait before attempt `attempt + 1`, or nil when it would end past the budget.
    func delay(after attempt: Int, retryAfter: TimeInterval?, start: Date) -> TimeInterval? {
        // The properties are checked here too: they can be set after `init`.
        let maximumDelay = max(0, maximumDelay)
        let wait: TimeInterval
        if let retryAfter {
            // The server's wish, but never past the longest wait.
            wait = min(max(0, retryAfter), maximumDelay)
        } else {
            let ceiling = min(maximumDelay, max(0, initialDelay) * pow(2, Double(attempt - 1)))
            wait = ceiling * min(max(0, random()), 1)
        }
        return Date().timeIntervalSince(start) + wait <= max(0, budget) ? wait : nil
    }

    /// A wait in nanoseconds, at most `Int64.max` (292 years: a server can ask for more when
    /// `maximumDelay` and `budget` are infinite), which the schedulers add to the time safely.
    static func nanoseconds(_ seconds: TimeInterval) -> UInt64 {
        guard seconds > 0 else { return 0 }
        let nanoseconds = seconds * 1_000_000_000
        return nanoseconds < Double(Int64.max) ? UInt64(nanoseconds) : UInt64(Int64.max)
    }

    /// The seconds a `Retry-After` value asks for: a number of seconds, or an HTTP date (RFC 9110
    /// section 10.2.3) from which `now` is subtracted; nil when it is neither.
    static func retryAfter(_ value: String, now: Date) -> TimeInterval? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) {
            return TimeInterval(text)
        }
        return HTTPDate.date(from: text).map { max(0, $0.timeIntervalSince(now)) }
    }
}
