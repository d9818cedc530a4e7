import Foundation
import Testing

@testable import GenCore

/// Combine does not exist on Linux, so the `#if canImport(Combine)` half of
/// Sources/GeneratedRuntime/Adapters.swift is never compiled by `swift build` here. These tests
/// compile a stand-in `Combine` module with the real framework's signatures for what the adapter
/// uses, and build GeneratedRuntime against it in Swift 6 mode with warnings as errors.
@Suite struct CombineShimTests {
    /// The parts of Combine the adapter uses, declared as Apple's Combine declares them.
    static let shim = #"""
        public protocol Cancellable {
            func cancel()
        }

        public struct CombineIdentifier: Hashable, CustomStringConvertible, Sendable {
            private let rawValue: UInt64
            public init() { rawValue = 0 }
            public init(_ obj: AnyObject) { rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(obj).hashValue)) }
            public var description: String { "0x\(String(rawValue, radix: 16))" }
        }

        public protocol CustomCombineIdentifierConvertible {
            var combineIdentifier: CombineIdentifier { get }
        }

        extension CustomCombineIdentifierConvertible where Self: AnyObject {
            public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
        }

        public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
            func request(_ demand: Subscribers.Demand)
        }

        public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
            associatedtype Input
            associatedtype Failure: Error
            func receive(subscription: any Subscription)
            func receive(_ input: Input) -> Subscribers.Demand
            func receive(completion: Subscribers.Completion<Failure>)
        }

        public protocol Publisher<Output, Failure> {
            associatedtype Output
            associatedtype Failure: Error
            func receive<S: Subscriber>(subscriber: S) where Failure == S.Failure, Output == S.Input
        }

        public enum Subscribers {}

        extension Subscribers {
            public enum Completion<Failure: Error> {
                case finished
                case failure(Failure)
            }

            public struct Demand: Equatable, Comparable, Hashable, Codable, CustomStringConvertible, Sendable {
                let rawValue: UInt
                init(rawValue: UInt) { self.rawValue = rawValue }
                public static let unlimited = Demand(rawValue: .max)
                public static let none = Demand(rawValue: 0)
                public static func max(_ value: Int) -> Demand { Demand(rawValue: UInt(value)) }
                public var description: String { self == .unlimited ? "unlimited" : "max(\(rawValue))" }
                public var max: Int? { self == .unlimited ? nil : Int(rawValue) }
                public static func < (lhs: Demand, rhs: Demand) -> Bool { lhs.rawValue < rhs.rawValue }
                public static func > (lhs: Demand, rhs: Int) -> Bool { lhs.rawValue > UInt(Swift.max(0, rhs)) }
                public static func >= (lhs: Demand, rhs: Int) -> Bool { lhs.rawValue >= UInt(Swift.max(0, rhs)) }
                public static func < (lhs: Demand, rhs: Int) -> Bool { lhs.rawValue < UInt(Swift.max(0, rhs)) }
                public static func <= (lhs: Demand, rhs: Int) -> Bool { lhs.rawValue <= UInt(Swift.max(0, rhs)) }
                public static func == (lhs: Demand, rhs: Int) -> Bool { lhs.rawValue == UInt(Swift.max(0, rhs)) }
                public static func != (lhs: Demand, rhs: Int) -> Bool { !(lhs == rhs) }
                public static func + (lhs: Demand, rhs: Demand) -> Demand {
                    lhs == .unlimited || rhs == .unlimited ? .unlimited : Demand(rawValue: lhs.rawValue + rhs.rawValue)
                }
            }
        }

        extension Subscribers.Completion: Equatable where Failure: Equatable {}
        extension Subscribers.Completion: Hashable where Failure: Hashable {}
        extension Subscribers.Completion: Sendable where Failure: Sendable {}

        public final class AnyCancellable: Cancellable, Hashable {
            private var cancelAction: (() -> Void)?
            public init(_ cancel: @escaping () -> Void) { cancelAction = cancel }
            public init<C: Cancellable>(_ canceller: C) { cancelAction = canceller.cancel }
            deinit { cancelAction?() }
            public func cancel() {
                let action = cancelAction
                cancelAction = nil
                action?()
            }
            public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
            public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
        }
        """#

    static var runtimeSources: [String] {
        let folder = packageRoot.appendingPathComponent("Sources/GeneratedRuntime")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { folder.appendingPathComponent($0).path }
    }

    /// Compiles `source` as the module `Combine` into `folder`: its interface, and with
    /// `library` a static library too.
    static func compileShim(_ source: String, into folder: TemporaryDirectory, library: Bool = false) async throws {
        try folder.write("Combine.swift", source)
        var arguments = [
            "-parse-as-library", "-swift-version", "6", "-module-name", "Combine", "-emit-module",
            "-emit-module-path", folder.file("Combine.swiftmodule").path, folder.file("Combine.swift").path,
        ]
        if library {
            arguments = ["-emit-library", "-static", "-o", folder.file("libCombine.a").path] + arguments
        }
        let result = try await runProcess(executable(named: "swiftc")!, arguments, in: folder.url)
        try #require(result.status == 0, "the shim does not compile:\n\(result.standardError)")
    }

    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func theRuntimeTypechecksWithCombine() async throws {
        let sources = Self.runtimeSources
        #expect(sources.contains { $0.hasSuffix("/Adapters.swift") })
        let shim = try TemporaryDirectory()
        try await Self.compileShim(Self.shim, into: shim)
        let check = try await runProcess(
            executable(named: "swiftc")!,
            ["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-module-name", "GeneratedRuntime", "-I", shim.url.path]
                + sources)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
    }

    /// The check above proves something only if the Combine half is compiled: with a `Subscription`
    /// that requires one more method, the adapter's subscription no longer conforms.
    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func theShimIsWhatTheAdapterCompilesAgainst() async throws {
        let requirement = "    func request(_ demand: Subscribers.Demand)\n"
        #expect(Self.shim.contains(requirement))
        let shim = try TemporaryDirectory()
        try await Self.compileShim(Self.shim.replacingOccurrences(of: requirement, with: requirement + "    func shimProbe()\n"), into: shim)
        let check = try await runProcess(
            executable(named: "swiftc")!,
            ["-typecheck", "-swift-version", "6", "-module-name", "GeneratedRuntime", "-I", shim.url.path] + Self.runtimeSources)
        #expect(check.status != 0)
        #expect(check.standardError.contains("Adapters.swift"), "\(check.standardError)")
        #expect(check.standardError.contains("does not conform to protocol 'Subscription'"), "\(check.standardError)")
    }

    /// A program built from the runtime's sources and the shim, which drives an
    /// `EndpointPublisher` the way Combine does and prints what its subscriber and transport saw.
    static let probe = #"""
        import Foundation
        import Combine
        #if canImport(FoundationNetworking)
        import FoundationNetworking
        #endif

        struct Ping: Endpoint {
            var path: EndpointPath
            func makeRequest() -> EndpointRequest { EndpointRequest(method: .get, path: path) }
            func decodeResponse(_ response: HTTPResponse) throws -> String { try response.decodeString() }
        }

        /// Answers `/ping` with "pong", `/missing` with 404, and holds `/slow` until it is cancelled.
        final class Transport: HTTPTransport, @unchecked Sendable {
            let lock = NSLock()
            var paths: [String] = []
            var cancelled = 0
            func send(_ request: URLRequest) async throws -> HTTPResponse {
                let path = request.url?.path ?? ""
                lock.withLock { paths.append(path) }
                switch path {
                case "/ping": return HTTPResponse(statusCode: 200, body: Data("pong".utf8))
                case "/slow":
                    do {
                        try await Task.sleep(for: .seconds(30))
                    } catch {
                        lock.withLock { cancelled += 1 }
                        throw error
                    }
                    return HTTPResponse(statusCode: 200, body: Data("late".utf8))
                default: return HTTPResponse(statusCode: 404)
                }
            }
            var state: (paths: [String], cancelled: Int) { lock.withLock { (paths, cancelled) } }
        }

        final class Sink: Subscriber, @unchecked Sendable {
            typealias Input = String
            typealias Failure = EndpointError
            let lock = NSLock()
            var events: [String] = []
            var subscription: (any Subscription)?
            func receive(subscription: any Subscription) {
                lock.withLock {
                    self.subscription = subscription
                    events.append("subscribed")
                }
            }
            func receive(_ input: String) -> Subscribers.Demand {
                lock.withLock { events.append("value \(input)") }
                return .none
            }
            func receive(completion: Subscribers.Completion<EndpointError>) {
                lock.withLock {
                    switch completion {
                    case .finished: events.append("finished")
                    case .failure(let error): events.append("failure \(error.kind) \(error.statusCode ?? 0)")
                    }
                }
            }
            var seen: [String] { lock.withLock { events } }
        }

        func settle(until done: () -> Bool) async throws {
            for _ in 0..<200 where !done() { try await Task.sleep(for: .milliseconds(10)) }
            try await Task.sleep(for: .milliseconds(50))
        }

        func report(_ name: String, _ sink: Sink, _ transport: Transport) {
            print("\(name): \(sink.seen.joined(separator: ", ")) | sent \(transport.state.paths.count), cancelled \(transport.state.cancelled)")
        }

        let transport = Transport()
        let client = EndpointClient(baseURL: URL(string: "https://api.test")!, transport: transport)

        // Nothing is sent before demand, nor for a demand of none; one request for the first real demand.
        let sink = Sink()
        client.publisher(for: Ping(path: "/ping")).receive(subscriber: sink)
        report("subscribed", sink, transport)
        sink.subscription?.request(.none)
        try await Task.sleep(for: .milliseconds(50))
        report("no demand", sink, transport)
        sink.subscription?.request(.max(1))
        try await settle { sink.seen.count >= 3 }
        report("demand", sink, transport)
        sink.subscription?.request(.unlimited)
        try await Task.sleep(for: .milliseconds(50))
        report("more demand", sink, transport)

        // A failure completes with the endpoint's error.
        let failing = Sink()
        client.publisher(for: Ping(path: "/missing")).receive(subscriber: failing)
        failing.subscription?.request(.unlimited)
        try await settle { failing.seen.count >= 2 }
        report("failure", failing, transport)

        // Cancelling the subscription cancels the request, and the subscriber hears nothing more.
        let cancelling = Sink()
        client.publisher(for: Ping(path: "/slow")).receive(subscriber: cancelling)
        cancelling.subscription?.request(.max(1))
        try await settle { transport.state.paths.last == "/slow" }
        cancelling.subscription?.cancel()
        try await settle { transport.state.cancelled > 0 }
        report("cancel", cancelling, transport)
        """#

    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func thePublisherSendsOnDemandAndCancels() async throws {
        let folder = try TemporaryDirectory()
        try await Self.compileShim(Self.shim, into: folder, library: true)
        try folder.write("main.swift", Self.probe)
        let build = try await runProcess(
            executable(named: "swiftc")!,
            ["-swift-version", "6", "-warnings-as-errors", "-module-name", "Probe", "-I", folder.url.path, "-L", folder.url.path,
             "-lCombine", "-o", folder.file("probe").path] + Self.runtimeSources + [folder.file("main.swift").path],
            in: folder.url)
        try #require(build.status == 0, "\(build.standardError)")
        let run = try await runProcess(folder.file("probe").path, [], in: folder.url)
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines == [
            "subscribed: subscribed | sent 0, cancelled 0",
            "no demand: subscribed | sent 0, cancelled 0",
            "demand: subscribed, value pong, finished | sent 1, cancelled 0",
            "more demand: subscribed, value pong, finished | sent 1, cancelled 0",
            "failure: subscribed, failure unacceptableStatus 404 | sent 2, cancelled 0",
            "cancel: subscribed | sent 3, cancelled 1",
        ], "\(run.standardOutput)\(run.standardError)")
    }
}
