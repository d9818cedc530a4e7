import Foundation

/// A client whose configuration follows the user's identity: base URL, headers and credential
/// change together when the user logs in or out.
///
/// Each request takes one snapshot of the configuration when it starts, so none is ever sent with
/// a mix of the old and new base URL, headers or credential. ``update(_:)`` cancels the requests
/// still in flight for the previous configuration; they fail with `.cancelled` and
/// ``EndpointError/wasSuperseded`` set.
///
/// ```swift
/// let session = SessionClient<KongAuth>(client: CitiesAPI.client(server: .staging))
/// // after log-in (a client(baseURL:) serves every resource from that one URL):
/// session.update(client: CitiesAPI.client(server: .production), credential: BearerToken(info.token))
/// ```
public final class SessionClient<Scheme: AuthScheme>: EndpointSending, @unchecked Sendable {
    /// Everything a request is sent with.
    public struct Configuration: Sendable {
        /// Base URL, default headers, timeout and transport.
        public var client: EndpointClient
        /// The credential for endpoints that need one; nil while the user is logged out, when
        /// such endpoints fail with `.authorization`.
        public var credential: Scheme.Credential?
        /// Refreshes the credential when a request with it is answered `401`: gets the refused
        /// credential, returns a new one. Requests that hit the `401` together share one refresh
        /// and are each sent again once; the new credential serves this configuration's later
        /// requests. nil: a `401` fails the request.
        public var refresh: (@Sendable (Scheme.Credential) async throws -> Scheme.Credential)?

        public init(
            client: EndpointClient, credential: Scheme.Credential? = nil,
            refresh: (@Sendable (Scheme.Credential) async throws -> Scheme.Credential)? = nil
        ) {
            self.client = client
            self.credential = credential
            self.refresh = refresh
        }
    }

    // `@unchecked Sendable`: the state below is only touched under `lock`.
    private let lock = NSLock()
    private var current: Configuration
    /// The current configuration's credential and its refreshes, when it has a refresher.
    private var refresher: CredentialRefresher<Scheme.Credential>?
    private var generation = 0
    private var inFlight: [Int: (generation: Int, cancel: @Sendable () -> Void)] = [:]
    private var nextID = 0

    public init(_ configuration: Configuration) {
        current = configuration
        refresher = Self.refresher(for: configuration)
    }

    private static func refresher(for configuration: Configuration) -> CredentialRefresher<Scheme.Credential>? {
        guard let credential = configuration.credential, let refresh = configuration.refresh else { return nil }
        return CredentialRefresher(credential, refresh: refresh)
    }

    public convenience init(client: EndpointClient, credential: Scheme.Credential? = nil) {
        self.init(Configuration(client: client, credential: credential))
    }

    /// How many requests are in flight (tests look at it).
    var requestsInFlight: Int {
        lock.withLock { inFlight.count }
    }

    /// The configuration new requests are sent with.
    public var configuration: Configuration {
        lock.withLock { current }
    }

    /// Switches to `configuration` and cancels every request in flight for the previous one.
    public func update(_ configuration: Configuration) {
        let cancellations = lock.withLock {
            current = configuration
            refresher = Self.refresher(for: configuration)
            generation += 1
            let cancellations = inFlight.values.map(\.cancel)
            inFlight.removeAll()
            return cancellations
        }
        for cancel in cancellations { cancel() }
    }

    /// Switches to a new client and credential (nil to log out).
    public func update(client: EndpointClient, credential: Scheme.Credential?) {
        update(Configuration(client: client, credential: credential))
    }

    public func perform<E: Endpoint>(_ endpoint: E) async throws(EndpointError) -> E.Response {
        try await perform(endpoint, pinnedTo: nil)
    }

    /// A sender bound to the current configuration: after an ``update(_:)`` its requests fail as
    /// superseded instead of going out for the new identity.
    public func pinned() -> any EndpointSending<Scheme> {
        PinnedSession(session: self, generation: lock.withLock { generation })
    }

    func perform<E: Endpoint>(_ endpoint: E, pinnedTo pinned: Int?) async throws(EndpointError) -> E.Response {
        let (configuration, refresher, started): (Configuration, CredentialRefresher<Scheme.Credential>?, Int) = lock.withLock {
            (current, self.refresher, generation)
        }
        if let pinned, pinned != started {
            throw EndpointError(kind: .cancelled, method: nil, url: nil, underlyingError: SessionChanged())
        }
        let client: any EndpointSending
        if E.Auth.self == NoAuth.self {
            client = configuration.client
        } else if let refresher {
            client = AuthorizedClient<Scheme>(
                client: configuration.client, credential: { refresher.current().value }, refresher: refresher)
        } else if let credential = configuration.credential {
            client = configuration.client.authorized(Scheme.self, credential: credential)
        } else {
            throw EndpointClient.lacksCredential(E.self)
        }
        let task = Task { () throws(EndpointError) -> E.Response in try await client.perform(endpoint) }
        let id: Int? = lock.withLock {
            // Updated between the snapshot and now: the request belongs to the old identity.
            guard generation == started else { return nil }
            nextID += 1
            inFlight[nextID] = (started, { @Sendable in task.cancel() })
            return nextID
        }
        if id == nil { task.cancel() }
        defer { if let id { _ = lock.withLock { inFlight.removeValue(forKey: id) } } }
        let superseded = { [self] in lock.withLock { generation != started } }
        do {
            let response = try await withTaskCancellationHandler {
                try await task.value
            } onCancel: {
                task.cancel()
            }
            // A stream goes on arriving after the exchange: it belongs to this identity until it ends.
            if E.isStreamingEndpoint, let body = (response as? any StreamedResponseValue)?.streamedBody {
                keep(body, for: started)
            }
            return response
        } catch {
            var error = error as? EndpointError ?? EndpointError(kind: .transport, method: nil, url: nil, underlyingError: error)
            if error.kind == .cancelled, superseded() {
                error.underlyingError = SessionChanged()
                throw error
            }
            throw error
        }
    }
}

extension SessionClient {
    /// Counts the stream among the requests in flight for generation `started` until its body
    /// ends: an ``update(_:)`` meanwhile stops it, its reader failing as superseded.
    private func keep(_ body: ResponseBody, for started: Int) {
        // A body that arrived whole has nothing left in flight.
        guard let channel = body.channel else { return }
        let superseded = body.context?.failure(SessionChanged(), kind: .cancelled)
            ?? EndpointError(kind: .cancelled, method: nil, url: nil, underlyingError: SessionChanged())
        let cancel: @Sendable () -> Void = { channel.cancel(superseded) }
        let id: Int? = lock.withLock {
            guard generation == started else { return nil }
            nextID += 1
            inFlight[nextID] = (started, cancel)
            return nextID
        }
        guard let id else { return cancel() }
        channel.whenEnded { [weak self] in
            guard let self else { return }
            _ = lock.withLock { inFlight.removeValue(forKey: id) }
        }
    }
}

/// A response that goes on arriving after the exchange: an ``EventStream`` or a ``ResponseBody``.
protocol StreamedResponseValue {
    var streamedBody: ResponseBody? { get }
}

extension ResponseBody: StreamedResponseValue {
    var streamedBody: ResponseBody? { self }
}

/// The reason a request failed as superseded: its ``SessionClient`` changed configuration (the
/// user logged in or out) while it was in flight.
public struct SessionChanged: Error, Sendable, CustomStringConvertible {
    public var description: String { "the session's configuration changed while the request was in flight" }
}

/// A ``SessionClient`` bound to one generation of its configuration.
private struct PinnedSession<Scheme: AuthScheme>: EndpointSending {
    let session: SessionClient<Scheme>
    let generation: Int

    func perform<E: Endpoint>(_ endpoint: E) async throws(EndpointError) -> E.Response {
        try await session.perform(endpoint, pinnedTo: generation)
    }
}
