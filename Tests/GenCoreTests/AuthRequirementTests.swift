import Foundation
import Testing

@testable import GenCore

/// An endpoint's auth requirement is part of its type: the compiler, not a run-time check, keeps
/// an endpoint that needs the Kong token from going out through a client that does not hold it.
///
/// The generated code and one app file are typechecked with swiftc against the GeneratedRuntime
/// module `swift test` has just built. The app file compiles as written; each failing variant
/// replaces exactly one of its lines, so the error can only come from that line.
@Suite struct AuthRequirementTests {
    static let specText = """
        {
          "endpointgen": 1,
          "name": "Gate",
          "servers": { "production": "https://api.example.com" },
          "auth": {
            "kong": { "type": "bearer" },
            "partner": { "type": "apiKey", "in": "header", "name": "X-Partner-Key" }
          },
          "models": { "Echo": { "properties": { "ok": "Bool" } } },
          "resources": {
            "Gateway": {
              "auth": "kong",
              "endpoints": [
                { "name": "checkBearer", "method": "GET", "path": "/bearer", "response": "Echo" },
                { "name": "publicHeaders", "method": "GET", "path": "/headers", "auth": "none", "response": "Echo" }
              ]
            },
            "Open": {
              "endpoints": [{ "name": "ping", "method": "GET", "path": "/ping" }]
            }
          }
        }
        """

    /// One line of the app file: `compiling`, an allowed use (all of them together are case (a)),
    /// and `failing`, the same line changed so that the compiler must reject it.
    struct Line: Sendable, CustomTestStringConvertible {
        var name: String
        var compiling: String
        var failing: String?
        /// Fragments the error on the replaced line must hold.
        var error: [String] = []
        var testDescription: String { name }
    }

    static let lines: [Line] = [
        .init(name: "(b) the kong endpoint through a plain client",
              compiling: "let _: Echo = try await client.send(GatewayService.publicHeaders())",
              failing: "let _: Echo = try await client.send(GatewayService.checkBearer())",
              error: ["'send'", "KongAuth", "NoAuth"]),
        .init(name: "(c) the kong endpoint through a client authorized for another scheme",
              compiling: "let _: Echo = try await client.authorized(KongAuth.self, credential: BearerToken(\"t\")).send(GatewayService.checkBearer())",
              failing: "let _: Echo = try await client.authorized(PartnerAuth.self, credential: APIKey(\"k\")).send(GatewayService.checkBearer())",
              error: ["'send'", "KongAuth"]),
        .init(name: "(d) the live kong service with a plain client",
              compiling: "_ = LiveGatewayService(client: client.authorized(KongAuth.self, credential: BearerToken(\"t\")))",
              failing: "_ = LiveGatewayService(client: client)",
              error: ["KongAuth", "NoAuth"]),
        // Positive cases only: they share the one positive run.
        .init(name: "a no-auth endpoint through an authorized client",
              compiling: "let _: Echo = try await client.authorized(KongAuth.self, credential: BearerToken(\"t\")).send(GatewayService.publicHeaders())"),
        .init(name: "the live kong service with a session client",
              compiling: "_ = LiveGatewayService(client: SessionClient<KongAuth>(client: client))"),
        .init(name: "a resource without auth takes any client",
              compiling: "_ = LiveOpenService(client: client); _ = LiveOpenService(client: client.authorized(PartnerAuth.self, credential: APIKey(\"k\")))"),
    ]

    /// The app file with every line compiling, or with line `replaced` failing; and the 1-based
    /// line number of each entry of `lines` in it.
    static func appFile(replacing replaced: Int? = nil) -> (text: String, lineNumbers: [Int]) {
        var text = """
            import Foundation
            import GeneratedRuntime

            func app(client: EndpointClient) async throws {

            """
        var numbers: [Int] = []
        for (index, line) in lines.enumerated() {
            numbers.append(text.split(separator: "\n", omittingEmptySubsequences: false).count)
            text += "    " + (index == replaced ? line.failing! : line.compiling) + "\n"
        }
        text += "}\n"
        return (text, numbers)
    }

    /// The generated files and `app` in a fresh folder, typechecked as one module.
    static func typecheck(app: String) async throws -> (status: Int32, errors: [(file: String, line: Int, message: String)], output: String) {
        let modules = try #require(GeneratedCodeCompilesTests.modules, "GeneratedRuntime.swiftmodule not found beside the test binary")
        let result = generate(specText)
        try #require(result.succeeded, "\(result.diagnostics)")
        let folder = try TemporaryDirectory()
        var paths: [String] = []
        for file in result.files {
            let name = file.path.replacingOccurrences(of: "/", with: "_")
            try folder.write(name, file.contents)
            paths.append(folder.file(name).path)
        }
        try folder.write("app.swift", app)
        paths.append(folder.file("app.swift").path)
        let check = try await runProcess(
            executable(named: "swiftc")!,
            ["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-module-name", "Gate", "-I", modules.path] + paths)
        let output = check.standardOutput + check.standardError
        // `path:line:column: error: message`, as swiftc prints each error once at its start of line.
        var errors: [(file: String, line: Int, message: String)] = []
        for row in output.split(separator: "\n") {
            let parts = row.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, let line = Int(parts[1]), Int(parts[2]) != nil, parts[3] == " error" else { continue }
            errors.append((String(parts[0]), line, String(parts[4]).trimmingCharacters(in: .whitespaces)))
        }
        return (check.status, errors, output)
    }

    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func everyAllowedSendTypechecks() async throws {
        let app = Self.appFile()
        let check = try await Self.typecheck(app: app.text)
        #expect(check.status == 0, "\(check.output)\n--- app.swift ---\n\(app.text)")
        #expect(check.errors.isEmpty)
    }

    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"),
          arguments: lines.filter { $0.failing != nil })
    func aSendTheClientCannotAuthorizeDoesNotCompile(_ line: Line) async throws {
        let index = try #require(Self.lines.firstIndex { $0.name == line.name })
        let app = Self.appFile(replacing: index)
        let expectedLine = app.lineNumbers[index]
        #expect(app.text.split(separator: "\n", omittingEmptySubsequences: false)[expectedLine - 1].contains(line.failing!))
        let check = try await Self.typecheck(app: app.text)
        #expect(check.status != 0, "\(line.name): compiled\n--- app.swift ---\n\(app.text)")
        #expect(!check.errors.isEmpty, "\(line.name): no error found in\n\(check.output)")
        // Every error is on the one replaced line; nothing else in the module broke.
        for error in check.errors {
            #expect(error.file.hasSuffix("/app.swift") && error.line == expectedLine,
                    "\(line.name): error at \(error.file):\(error.line), expected app.swift:\(expectedLine): \(error.message)")
        }
        let messages = check.errors.map(\.message).joined(separator: "\n")
        for fragment in line.error {
            #expect(messages.contains(fragment), "\(line.name): '\(messages)' lacks '\(fragment)'")
        }
    }
}
