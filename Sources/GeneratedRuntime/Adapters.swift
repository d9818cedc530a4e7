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
        let subscription = EndpointSubscription(
            operation: operation,
            receiveValue: { _ = subscriber.receive($0) },
            receiveCompletion: { subscriber.receive(completion: $0) })
        subscriber.receive(subscription: subscription)
    }
}

/// Starts the request on the first demand; its state is guarded by a lock. It holds the subscriber
/// as two closures, so that it is generic over the output alone.
private final class EndpointSubscription<Output: Sendable>: Subscription, @unchecked Sendable {
    private let lock = NSLock()
    private let operation: @Sendable () async throws(EndpointError) -> Output
    private var receiveValue: ((Output) -> Void)?
    private var receiveCompletion: ((Subscribers.Completion<EndpointError>) -> Void)?
    private var task: Task<Void, Never>?

    init(
        operation: @escaping @Sendable () async throws(EndpointError) -> Output,
        receiveValue: @escaping (Output) -> Void,
        receiveCompletion: @escaping (Subscribers.Completion<EndpointError>) -> Void
    ) {
        self.operation = operation
        self.receiveValue = receiveValue
        self.receiveCompletion = receiveCompletion
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        lock.lock()
        defer { lock.unlock() }
        guard task == nil, receiveCompletion != nil else { return }
        let operation = self.operation
        task = Task { [weak self] in
            let result: Result<Output, EndpointError>
            do throws(EndpointError) {
                result = .success(try await operation())
            } catch {
                result = .failure(error)
            }
            self?.finish(result)
        }
    }

    func cancel() {
        lock.lock()
        let task = self.task
        receiveValue = nil
        receiveCompletion = nil
        lock.unlock()
        task?.cancel()
    }

    private func finish(_ result: Result<Output, EndpointError>) {
        lock.lock()
        let receiveValue = self.receiveValue
        let receiveCompletion = self.receiveCompletion
        self.receiveValue = nil
        self.receiveCompletion = nil
        lock.unlock()
        guard let receiveValue, let receiveCompletion else { return }
        switch result {
        case .success(let value):
            receiveValue(value)
            receiveCompletion(.finished)
        case .failure(let error):
            receiveCompletion(.failure(error))
        }
    }
}
#endif
