import Foundation

extension EndpointSending {
    /// Sends an endpoint that needs no credential and calls `completion` with the result on
    /// `queue`, for code that uses completion handlers. Cancel the returned task to cancel the
    /// request; `completion` is then called with `.cancelled`.
    @discardableResult
    public func send<E: Endpoint>(
        _ endpoint: E, queue: DispatchQueue = .main,
        completion: @escaping @Sendable (Result<E.Response, EndpointError>) -> Void
    ) -> Task<Void, Never> where E.Auth == NoAuth {
        complete(endpoint, queue: queue, completion: completion)
    }

    /// Sends an endpoint that needs this sender's credential and calls `completion` with the
    /// result on `queue`.
    @discardableResult @_disfavoredOverload
    public func send<E: Endpoint>(
        _ endpoint: E, queue: DispatchQueue = .main,
        completion: @escaping @Sendable (Result<E.Response, EndpointError>) -> Void
    ) -> Task<Void, Never> where E.Auth == Scheme {
        complete(endpoint, queue: queue, completion: completion)
    }

    private func complete<E: Endpoint>(
        _ endpoint: E, queue: DispatchQueue, completion: @escaping @Sendable (Result<E.Response, EndpointError>) -> Void
    ) -> Task<Void, Never> {
        Task {
            let result: Result<E.Response, EndpointError>
            do throws(EndpointError) {
                result = .success(try await perform(endpoint))
            } catch {
                result = .failure(error)
            }
            queue.async { completion(result) }
        }
    }
}

#if canImport(Combine)
import Combine

extension EndpointSending {
    /// A publisher that sends an endpoint that needs no credential when subscribed to, and
    /// cancels the request when the subscription is cancelled.
    public func publisher<E: Endpoint>(for endpoint: E) -> EndpointPublisher<E.Response> where E.Auth == NoAuth {
        EndpointPublisher { () async throws(EndpointError) -> E.Response in try await self.perform(endpoint) }
    }

    /// A publisher that sends an endpoint that needs this sender's credential.
    @_disfavoredOverload
    public func publisher<E: Endpoint>(for endpoint: E) -> EndpointPublisher<E.Response> where E.Auth == Scheme {
        EndpointPublisher { () async throws(EndpointError) -> E.Response in try await self.perform(endpoint) }
    }
}

/// Sends one request per subscription and publishes its response, or fails with its error.
public struct EndpointPublisher<Output: Sendable>: Publisher {
    public typealias Failure = EndpointError

    let operation: @Sendable () async throws(EndpointError) -> Output

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == EndpointError {
        subscriber.receive(subscription: EndpointSubscription(operation: operation, subscriber: subscriber))
    }
}

/// Starts the request on the first demand; its state is guarded by a lock.
private final class EndpointSubscription<Output: Sendable, S: Subscriber>: Subscription, @unchecked Sendable
where S.Input == Output, S.Failure == EndpointError {
    private let lock = NSLock()
    private let operation: @Sendable () async throws(EndpointError) -> Output
    private var subscriber: S?
    private var task: Task<Void, Never>?

    init(operation: @escaping @Sendable () async throws(EndpointError) -> Output, subscriber: S) {
        self.operation = operation
        self.subscriber = subscriber
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        lock.lock()
        defer { lock.unlock() }
        guard task == nil, subscriber != nil else { return }
        task = Task { [self] in
            let result: Result<Output, EndpointError>
            do throws(EndpointError) {
                result = .success(try await operation())
            } catch {
                result = .failure(error)
            }
            finish(result)
        }
    }

    func cancel() {
        lock.lock()
        let task = self.task
        subscriber = nil
        lock.unlock()
        task?.cancel()
    }

    private func finish(_ result: Result<Output, EndpointError>) {
        lock.lock()
        let subscriber = self.subscriber
        self.subscriber = nil
        lock.unlock()
        guard let subscriber else { return }
        switch result {
        case .success(let value):
            _ = subscriber.receive(value)
            subscriber.receive(completion: .finished)
        case .failure(let error):
            subscriber.receive(completion: .failure(error))
        }
    }
}
#endif
