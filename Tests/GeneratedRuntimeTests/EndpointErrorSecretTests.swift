import Foundation
import GeneratedRuntime
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private enum GateBearer: BearerAuthScheme {}
private enum GateBasic: BasicAuthScheme {}
private enum GateQueryKey: APIKeyAuthScheme {
    static let location = APIKeyLocation.query("api_key")
}
private enum GateHeaderKey: APIKeyAuthScheme {
    static let location = APIKeyLocation.header("X-Partner")
}
private enum GateCookieKey: APIKeyAuthScheme {
    static let location = APIKeyLocation.cookie("sid")
}
private enum GateKeyPair: APIKeysAuthScheme {
    static let locations: [APIKeyLocation] = [.header("X-App-Key"), .query("app_token"), .cookie("sid")]
}

/// A credential sent with a request never shows in what its `EndpointError` prints, however it
/// is printed, even when the server echoes it back or the transport names it in its own error.
@Suite struct EndpointErrorSecretTests {
    struct Probe<Auth: AuthScheme, Response: Sendable>: Endpoint {
        var path: EndpointPath = "/probe"
        var decode: @Sendable (HTTPResponse) throws -> Response
        func makeRequest() -> EndpointRequest { EndpointRequest(method: .get, path: path) }
        func decodeResponse(_ response: HTTPResponse) throws -> Response { try decode(response) }
    }

    struct Echo: Decodable { var count: Int }

    /// A transport error that quotes the request, credential and all, as some HTTP stacks do.
    struct LeakyError: Error, CustomStringConvertible {
        var request: String
        var description: String { "connection reset while sending \(request)" }
    }

    /// Every way the error can be printed.
    static func renderings(of error: EndpointError) -> [(String, String)] {
        var dumped = ""
        dump(error, to: &dumped)
        let mirror = Mirror(reflecting: error).children.map { "\($0.label ?? ""): \(String(describing: $0.value))" }
        return [
            ("description", error.description), ("interpolation", "\(error)"), ("debugDescription", error.debugDescription),
            ("String(reflecting:)", String(reflecting: error)), ("dump", dumped), ("customMirror", mirror.joined(separator: "\n")),
            ("bodyExcerpt", error.bodyExcerpt ?? ""), ("localizedDescription", error.localizedDescription),
        ]
    }

    static func expectHidden(_ secrets: [String], in error: EndpointError?, showing visible: [String] = [],
                             sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error else {
            Issue.record("no error", sourceLocation: sourceLocation)
            return
        }
        for (name, text) in renderings(of: error) {
            for secret in secrets {
                #expect(!text.contains(secret), "\(name) shows '\(secret)': \(text)", sourceLocation: sourceLocation)
            }
        }
        for fragment in visible {
            #expect(error.description.contains(fragment), "'\(error.description)' lacks '\(fragment)'", sourceLocation: sourceLocation)
        }
    }

    static let base = URL(string: "https://api.test")!

    @Test func aBearerTokenEchoedInAFailedResponse() async throws {
        let token = "tok_9f8e7d6c5b4a"
        let transport = CannedTransport()
        transport.stub(.get, "/probe", with: .json(#"{"error": "token \#(token) has expired"}"#, status: 401))
        let client = EndpointClient(baseURL: Self.base, transport: transport).authorized(GateBearer.self, credential: BearerToken(token))
        let error = await #expect(throws: EndpointError.self) {
            try await client.send(Probe<GateBearer, Void>(decode: { _ in }))
        }
        #expect(transport.requests.first?.value(forHTTPHeaderField: "Authorization") == "Bearer \(token)")
        #expect(error?.kind == .unacceptableStatus)
        Self.expectHidden([token], in: error, showing: ["HTTP 401", "<redacted> has expired", "GET https://api.test/probe"])
        // What the server sent is still there, unredacted, for code that needs it.
        #expect(error?.response.map { String(decoding: $0.body, as: UTF8.self) }?.contains(token) == true)
    }

    /// An API key in a cookie goes after the request's own cookies, encoded as a cookie value,
    /// and stays out of the error like any credential.
    @Test func anAPIKeyInACookie() async throws {
        struct WithCookie: Endpoint {
            typealias Auth = GateCookieKey
            func makeRequest() -> EndpointRequest {
                var request = EndpointRequest(method: .get, path: "/probe")
                request.addCookie("theme", "dark")
                return request
            }
            func decodeResponse(_ response: HTTPResponse) throws {}
        }
        let key = "k;ey 42"
        let transport = CannedTransport()
        transport.stub(.get, "/probe", with: .json(#"{"error": "session k%3Bey%2042 expired"}"#, status: 401))
        let client = EndpointClient(baseURL: Self.base, transport: transport).authorized(GateCookieKey.self, credential: APIKey(key))
        let error = await #expect(throws: EndpointError.self) { try await client.send(WithCookie()) }
        let request = try #require(transport.requests.first)
        #expect(request.value(forHTTPHeaderField: "Cookie") == "theme=dark; sid=k%3Bey%2042")
        #expect(request.httpShouldHandleCookies == false)
        Self.expectHidden([key, "k%3Bey%2042"], in: error, showing: ["HTTP 401", "session <redacted> expired"])
    }

    @Test func aBearerTokenEchoedInABodyThatDoesNotDecode() async throws {
        let token = "tok_decoding_1234"
        let transport = CannedTransport()
        transport.stub(.get, "/probe", with: .json(#"{"count": "Bearer \#(token)"}"#))
        let client = EndpointClient(baseURL: Self.base, transport: transport).authorized(GateBearer.self, credential: BearerToken(token))
        let error = await #expect(throws: EndpointError.self) {
            try await client.send(Probe<GateBearer, Echo>(decode: { try $0.decodeJSON(Echo.self) }))
        }
        #expect(error?.kind == .decoding)
        Self.expectHidden([token], in: error, showing: ["at count", "Bearer <redacted>"])
    }

    @Test func aTokenInTheTransportsOwnError() async throws {
        let token = "tok_transport_5678"
        let transport = CannedTransport()
        transport.stub(.get, "/probe") { request in
            throw LeakyError(request: "Authorization: \(request.value(forHTTPHeaderField: "Authorization") ?? "")")
        }
        let client = EndpointClient(baseURL: Self.base, transport: transport).authorized(GateBearer.self, credential: BearerToken(token))
        let error = await #expect(throws: EndpointError.self) {
            try await client.send(Probe<GateBearer, Void>(decode: { _ in }))
        }
        #expect(error?.kind == .transport)
        Self.expectHidden([token], in: error, showing: ["connection reset", "Bearer <redacted>"])
    }

    @Test func aTokenInTheServersEnvelopeMessage() async throws {
        let token = "tok_envelope_0000"
        let transport = CannedTransport()
        transport.stub(.get, "/probe", with: .json(#"{"status": 0, "message": "token \#(token) revoked"}"#))
        let client = EndpointClient(baseURL: Self.base, transport: transport).authorized(GateBearer.self, credential: BearerToken(token))
        let error = await #expect(throws: EndpointError.self) {
            try await client.send(Probe<GateBearer, Void>(decode: { try $0.checkEnvelope(ResponseEnvelope(status: "status", success: [.int(1)], message: "message")) }))
        }
        #expect(error?.kind == .rejected)
        Self.expectHidden([token], in: error, showing: ["the server reported a failure: token <redacted> revoked"])
    }

    @Test func aBasicPasswordAndItsHeader() async throws {
        let credential = BasicCredential(user: "ada", password: "pa55-w0rd!")
        let transport = CannedTransport()
        transport.stub(.get, "/probe") { request in
            let header = request.value(forHTTPHeaderField: "Authorization") ?? ""
            return .json(#"{"saw": "\#(header)", "password": "pa55-w0rd!"}"#, status: 403)
        }
        let client = EndpointClient(baseURL: Self.base, transport: transport).authorized(GateBasic.self, credential: credential)
        let error = await #expect(throws: EndpointError.self) {
            try await client.send(Probe<GateBasic, Void>(decode: { _ in }))
        }
        let encoded = Data("ada:pa55-w0rd!".utf8).base64EncodedString()
        #expect(transport.requests.first?.value(forHTTPHeaderField: "Authorization") == "Basic \(encoded)")
        Self.expectHidden(["pa55-w0rd!", encoded], in: error, showing: ["HTTP 403"])
    }

    /// The key goes in the query; the error names the URL as it was before the key was added, and
    /// a URLError that carries the failing URL is reduced to its code.
    @Test func anAPIKeyInTheQuery() async throws {
        let key = "k&y=1 z/secret"
        let transport = CannedTransport()
        transport.stub(.get, "/probe") { request in
            throw URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: request.url!])
        }
        let client = EndpointClient(baseURL: Self.base, transport: transport).authorized(GateQueryKey.self, credential: APIKey(key))
        let error = await #expect(throws: EndpointError.self) {
            try await client.send(Probe<GateQueryKey, Void>(decode: { _ in }))
        }
        let sent = try #require(transport.requests.first?.url)
        #expect(sent.query?.contains("api_key=k%26y%3D1%20z%2Fsecret") == true)
        // The transport's own error does name the key: the client must not pass it on as it is.
        #expect(String(describing: URLError(.timedOut, userInfo: [NSURLErrorFailingURLErrorKey: sent])).contains("secret"))
        #expect(error?.kind == .transport)
        #expect(error?.url == URL(string: "https://api.test/probe"))
        Self.expectHidden([key, "k%26y%3D1%20z%2Fsecret", "secret"], in: error, showing: ["the request failed"])
    }

    /// Keys sent together go each where its location says, in the credential's order, and none
    /// shows in an error, also when a link the server gave repeats the query key; a credential
    /// with another number of keys sends nothing.
    @Test func apiKeysSentTogether() async throws {
        let keys = ["pk_live_abcdef", "tok/s3cret&x", "sid-9f8e7d"]
        let transport = CannedTransport()
        transport.stub(.get, "/probe") { request in
            .json(#"{"saw": "\#(request.value(forHTTPHeaderField: "X-App-Key") ?? "") \#(request.url?.query ?? "")"}"#, status: 500)
        }
        let client = EndpointClient(baseURL: Self.base, transport: transport).authorized(GateKeyPair.self, credential: APIKeys(keys))
        let error = await #expect(throws: EndpointError.self) {
            try await client.send(Probe<GateKeyPair, Void>(decode: { _ in }))
        }
        let sent = try #require(transport.requests.first)
        #expect(sent.value(forHTTPHeaderField: "X-App-Key") == keys[0])
        #expect(sent.url?.query == "app_token=tok%2Fs3cret%26x")
        #expect(sent.value(forHTTPHeaderField: "Cookie") == "sid=sid-9f8e7d")
        Self.expectHidden(keys + ["tok%2Fs3cret%26x"], in: error, showing: ["HTTP 500"])

        let short = EndpointClient(baseURL: Self.base, transport: transport).authorized(GateKeyPair.self, credential: APIKeys(keys[0], keys[1]))
        let refused = await #expect(throws: EndpointError.self) {
            try await short.send(Probe<GateKeyPair, Void>(decode: { _ in }))
        }
        #expect(refused?.kind == .authorization)
        #expect(transport.requests.count == 1, "nothing more was sent")
        Self.expectHidden(keys, in: refused, showing: ["holds 2 API keys and GateKeyPair sends 3; nothing was sent"])
        #expect(String(describing: APIKeys(keys)) == "APIKeys(<redacted>)")
    }

    @Test func anAPIKeyInAHeaderEchoedInAnErrorBody() async throws {
        let key = "pk_live_abcdef"
        let transport = CannedTransport()
        transport.stub(.get, "/probe") { request in
            .json(#"{"key": "\#(request.value(forHTTPHeaderField: "X-Partner") ?? "")"}"#, status: 500)
        }
        let client = EndpointClient(baseURL: Self.base, transport: transport).authorized(GateHeaderKey.self, credential: APIKey(key))
        let error = await #expect(throws: EndpointError.self) {
            try await client.send(Probe<GateHeaderKey, Void>(decode: { _ in }))
        }
        Self.expectHidden([key], in: error, showing: ["HTTP 500", #"{"key": "<redacted>"}"#])
    }

    /// A token or header key a header cannot carry as it is (a line break read with it from a
    /// file, a control character, a space at either end that HTTP drops) fails the request with
    /// `.authorization`, naming the problem but not the value; nothing is sent, nothing changed.
    @Test func aCredentialAHeaderCannotCarryIsRefused() async throws {
        for secret in ["tok_9f8e\n", "tok\r\nX-Admin: 1", "tok\u{0}9f", " tok_9f8e", "tok_9f8e\t"] {
            let transport = CannedTransport()
            transport.stub(.get, "/probe", with: .json("{}"))
            let bearer = EndpointClient(baseURL: Self.base, transport: transport).authorized(GateBearer.self, credential: BearerToken(secret))
            let refused = await #expect(throws: EndpointError.self) { try await bearer.send(Probe<GateBearer, Void>(decode: { _ in })) }
            #expect(refused?.kind == .authorization, "\(secret.debugDescription)")
            #expect(refused?.description.contains("the bearer token") == true, "\(String(describing: refused))")
            Self.expectHidden([secret.trimmingCharacters(in: .whitespacesAndNewlines)], in: refused)
            let key = EndpointClient(baseURL: Self.base, transport: transport).authorized(GateHeaderKey.self, credential: APIKey(secret))
            let keyRefused = await #expect(throws: EndpointError.self) { try await key.send(Probe<GateHeaderKey, Void>(decode: { _ in })) }
            #expect(keyRefused?.kind == .authorization)
            #expect(keyRefused?.description.contains("the API key") == true, "\(String(describing: keyRefused))")
            #expect(transport.requests.isEmpty, "nothing sent for \(secret.debugDescription)")
        }
        // A tab or space inside is carried as it is.
        let transport = CannedTransport()
        transport.stub(.get, "/probe", with: .json("{}"))
        let client = EndpointClient(baseURL: Self.base, transport: transport).authorized(GateBearer.self, credential: BearerToken("a b\tc"))
        try await client.send(Probe<GateBearer, Void>(decode: { _ in }))
        #expect(transport.requests.first?.value(forHTTPHeaderField: "Authorization") == "Bearer a b\tc")
    }

    @Test func aCustomSchemesDeclaredSecrets() async throws {
        enum Signed: CustomAuthScheme {}
        let signature = "sig=0xDEADBEEF"
        let transport = CannedTransport()
        transport.stub(.get, "/probe", with: .json(#"{"bad": "\#(signature)"}"#, status: 400))
        let client = EndpointClient(baseURL: Self.base, transport: transport)
            .authorized(Signed.self, credential: CustomAuthorization(secrets: [signature]) { $0.setValue(signature, forHTTPHeaderField: "X-Signature") })
        let error = await #expect(throws: EndpointError.self) {
            try await client.send(Probe<Signed, Void>(decode: { _ in }))
        }
        #expect(transport.requests.first?.value(forHTTPHeaderField: "X-Signature") == signature)
        Self.expectHidden([signature, "DEADBEEF"], in: error, showing: ["HTTP 400"])
    }

    /// What a custom closure adds is a secret by default: header values, the credentials of an
    /// `Authorization`-style value, cookies and query items, however the server echoes them.
    @Test func whatACustomClosureAddsIsRedactedByDefault() async throws {
        enum Signed: CustomAuthScheme {}
        let transport = CannedTransport()
        transport.stub(.get, "/probe") { request in
            let headers = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return .json(#"{"seen": "\#(headers.joined(separator: ", ")) \#(request.url?.query ?? "")"}"#, status: 400)
        }
        let custom = CustomAuthorization { request in
            request.setValue("sig_0xCAFEBABE", forHTTPHeaderField: "X-Signature")
            request.setValue("Token tok_abcdef123", forHTTPHeaderField: "Authorization")
            request.setValue("theme=dark; session=sess_777777", forHTTPHeaderField: "Cookie")
            request.setValue("2", forHTTPHeaderField: "X-Signature-Version")
            request.url = URL(string: request.url!.absoluteString + "?nonce=n%2F0nce99")
        }
        let client = EndpointClient(baseURL: Self.base, transport: transport).authorized(Signed.self, credential: custom)
        let error = await #expect(throws: EndpointError.self) {
            try await client.send(Probe<Signed, Void>(decode: { _ in }))
        }
        #expect(error?.bodyExcerpt?.contains("X-Signature=") == true, "the server echoed the headers")
        Self.expectHidden(
            ["sig_0xCAFEBABE", "tok_abcdef123", "sess_777777", "n%2F0nce99", "n/0nce99", "theme=dark; session"],
            in: error, showing: ["HTTP 400", "<redacted>", "X-Signature-Version=2"])
    }

    /// A header the request held before keeps its value visible, and `redactingAddedValues: false`
    /// leaves only the declared secrets redacted.
    @Test func aCustomClosureCanLimitRedactionToItsSecrets() async throws {
        enum Signed: CustomAuthScheme {}
        let transport = CannedTransport()
        transport.stub(.get, "/probe") { request in
            let echoed = ["X-Trace", "X-Signature", "X-Key-Id"].map { request.value(forHTTPHeaderField: $0) ?? "-" }
            return .json(#"{"seen": "\#(echoed.joined(separator: " "))"}"#, status: 400)
        }
        let sign: @Sendable (inout URLRequest) -> Void = { request in
            request.setValue("trace-123456", forHTTPHeaderField: "X-Trace")
            request.setValue("sig_0xCAFEBABE", forHTTPHeaderField: "X-Signature")
            request.setValue("key-id-000042", forHTTPHeaderField: "X-Key-Id")
        }
        let base = EndpointClient(baseURL: Self.base, defaultHeaders: ["X-Trace": "trace-123456"], transport: transport)
        let byDefault = await #expect(throws: EndpointError.self) {
            try await base.authorized(Signed.self, credential: CustomAuthorization(sign)).send(Probe<Signed, Void>(decode: { _ in }))
        }
        Self.expectHidden(["sig_0xCAFEBABE", "key-id-000042"], in: byDefault, showing: ["trace-123456"])

        let limited = CustomAuthorization(secrets: ["sig_0xCAFEBABE"], redactingAddedValues: false, sign)
        let error = await #expect(throws: EndpointError.self) {
            try await base.authorized(Signed.self, credential: limited).send(Probe<Signed, Void>(decode: { _ in }))
        }
        Self.expectHidden(["sig_0xCAFEBABE"], in: error, showing: ["trace-123456", "key-id-000042"])
    }

    /// Redaction is for the request's own credential: an unauthenticated request's error shows
    /// the body as it is.
    @Test func withoutACredentialNothingIsRedacted() async throws {
        let transport = CannedTransport()
        transport.stub(.get, "/probe", with: .json(#"{"detail": "tok_public"}"#, status: 500))
        let client = EndpointClient(baseURL: Self.base, transport: transport)
        let error = await #expect(throws: EndpointError.self) { try await client.send(Probe<NoAuth, Void>(decode: { _ in })) }
        #expect(error?.description.contains("tok_public") == true)
        #expect(error?.description.contains("<redacted>") == false)
    }

    /// An endpoint whose query holds a parameter the spec marks `"secret": true`.
    struct Export<Auth: AuthScheme>: Endpoint {
        func makeRequest() -> EndpointRequest {
            var request = EndpointRequest(method: .get, path: "/export")
            request.addQuery("signature", "SIGsecret777")
            request.markSecret("SIGsecret777")
            return request
        }
        func decodeResponse(_ response: HTTPResponse) {}
    }

    struct Refused: Error {}

    /// Every way a request with a secret parameter fails keeps it out of the error: a status, a
    /// credential that cannot be had or sent, a refresh that fails after a `401`.
    @Test func aSecretParameterStaysHiddenWhateverFails() async throws {
        let transport = CannedTransport()
        transport.stub(.get, "/export", with: .json(#"{"detail": "bad signature SIGsecret777"}"#, status: 500))
        let plain = EndpointClient(baseURL: Self.base, transport: transport)
        let failures: [(String, @Sendable () async throws -> Void)] = [
            ("status", { try await plain.send(Export<NoAuth>()) }),
            ("credential closure", {
                try await plain.authorized(GateBearer.self, credential: { throw URLError(.notConnectedToInternet) }).send(Export<GateBearer>())
            }),
            ("unsendable credential", {
                try await plain.authorized(GateBearer.self, credential: BearerToken("abc\ndef")).send(Export<GateBearer>())
            }),
        ]
        for (name, failure) in failures {
            let error = await #expect(throws: EndpointError.self, "\(name)") { try await failure() }
            Self.expectHidden(["SIGsecret777"], in: error, showing: ["GET https://api.test/export?signature=<redacted>"])
        }
        let refusing = CannedTransport()
        refusing.stub(.get, "/export", with: HTTPResponse(statusCode: 401))
        let refreshing = EndpointClient(baseURL: Self.base, transport: refusing)
            .authorized(GateBearer.self, credential: BearerToken("old")) { _ in throw Refused() }
        let error = await #expect(throws: EndpointError.self) { try await refreshing.send(Export<GateBearer>()) }
        #expect(error?.kind == .authorization)
        Self.expectHidden(["SIGsecret777"], in: error, showing: ["GET https://api.test/export?signature=<redacted>", "Refused"])
    }

    @Test func aPasswordInTheBaseURLIsHidden() async throws {
        let transport = CannedTransport()
        transport.stub(.get, "/probe") { request in throw LeakyError(request: request.url?.absoluteString ?? "") }
        let client = EndpointClient(baseURL: URL(string: "https://bob:PwInUrl9876@api.test")!, transport: transport)
        let error = await #expect(throws: EndpointError.self) { try await client.send(Probe<NoAuth, Void>(decode: { _ in })) }
        Self.expectHidden(["PwInUrl9876"], in: error, showing: ["GET https://bob:<redacted>@api.test/probe: the request failed"])
        #expect(error?.url?.password == "PwInUrl9876", "the URL itself is kept for code that needs it")
    }

    @Test func credentialsDescribeThemselvesRedacted() {
        let custom = CustomAuthorization(secrets: ["sig_x"]) { _ in }
        let values: [Any] = [BearerToken("tok_x"), BasicCredential(user: "ada", password: "pw_x"), APIKey("key_x"), custom]
        for value in values {
            var dumped = ""
            dump(value, to: &dumped)
            for text in [String(describing: value), String(reflecting: value), dumped] {
                for secret in ["tok_x", "pw_x", "key_x", "sig_x"] {
                    #expect(!text.contains(secret), "\(type(of: value)) shows '\(secret)': \(text)")
                }
                #expect(text.contains("<redacted>"), "\(text)")
            }
        }
        for text in [String(describing: custom), String(reflecting: custom)] {
            #expect(text == "CustomAuthorization(<redacted>)")
        }
    }
}
