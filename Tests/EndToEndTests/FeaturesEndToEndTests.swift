import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GeneratedRuntime
import GoldenFeatures
import Testing

/// The features client (Tests/GoldenFiles/features) against httpbin and the fixture server on
/// 127.0.0.1: auth schemes, identity switching, cookies, forms, uploads, raw responses,
/// pagination, error bodies and envelopes.
@Suite(.enabled(if: HTTPBinServer.isAvailable, "set HTTPBIN_URL (scripts/test.sh starts httpbin)"))
struct FeaturesEndToEndTests {
    /// httpbin for everything, the fixture server for the Catalog resource, which the spec puts
    /// on a server of its own.
    static func client(headers: [String: String] = [:]) throws -> EndpointClient {
        var client = FeaturesAPI.client(baseURL: try HTTPBinServer.url())
        client.serverOverrides["Catalog"] = try HTTPBinServer.fixtures()
        client.defaultHeaders.merge(headers) { _, new in new }
        return client
    }

    /// Everything a test can see of an error: what apps log.
    static func renderings(of error: EndpointError) -> [String] {
        var dumped = ""
        dump(error, to: &dumped)
        return [error.description, String(reflecting: error), "\(error)", error.localizedDescription, dumped,
                error.bodyExcerpt ?? "", error.url?.absoluteString ?? ""]
    }

    // MARK: Auth

    @Test func aBearerTokenGoesOnlyToTheEndpointsThatNeedIt() async throws {
        let gateway = LiveGatewayService(client: try Self.client().authorized(KongAuth.self, credential: BearerToken("tok-123")))
        let check = try await gateway.checkBearer()
        #expect(check.authenticated)
        #expect(check.token == "tok-123")
        // `publicHeaders` is "auth": "none" in the same resource: no token.
        let echo = try await gateway.publicHeaders()
        #expect(echo.headers["Authorization"] == nil)
    }

    @Test func aRefreshingCredentialIsAskedForBeforeEachRequest() async throws {
        let counter = Counter()
        let client = try Self.client().authorized(KongAuth.self) { BearerToken("tok-\(counter.next())") }
        let gateway = LiveGatewayService(client: client)
        #expect(try await gateway.checkBearer().token == "tok-1")
        #expect(try await gateway.checkBearer().token == "tok-2")
        _ = try await gateway.publicHeaders()
        #expect(counter.value == 2, "an endpoint without auth does not ask for the credential")
    }

    @Test func aFailingCredentialProviderFailsTheRequestBeforeItIsSent() async throws {
        struct LoggedOut: Error {}
        let client = try Self.client().authorized(KongAuth.self) { () async throws -> BearerToken in throw LoggedOut() }
        let error = await #expect(throws: EndpointError.self) { try await LiveGatewayService(client: client).checkBearer() }
        #expect(error?.kind == .authorization)
        #expect(error?.underlyingError is LoggedOut)
        #expect(error?.response == nil)
    }

    @Test func anEndpointThatNeedsACredentialFailsAtRunTimeThroughAClientWithout() async throws {
        // `send` would not compile (GenCoreTests.AuthRequirementTests); `perform` checks at run time.
        let error = await #expect(throws: EndpointError.self) { try await Self.client().perform(GatewayService.checkBearer()) }
        #expect(error?.kind == .authorization)
        #expect(error?.description.contains("KongAuth") == true)
    }

    @Test func httpBasicAuthentication() async throws {
        let good = try Self.client().authorized(BasicAuth.self, credential: BasicCredential(user: "ada", password: "s3cret"))
        let check = try await LiveBasicService(client: good).checkBasic(user: "ada", password: "s3cret")
        #expect(check.authenticated)
        #expect(check.user == "ada")

        let bad = try Self.client().authorized(BasicAuth.self, credential: BasicCredential(user: "ada", password: "wrong-pass"))
        let error = await #expect(throws: EndpointError.self) { try await LiveBasicService(client: bad).checkBasic(user: "ada", password: "s3cret") }
        #expect(error?.statusCode == 401)
        for text in Self.renderings(of: try #require(error)) {
            #expect(!text.contains("wrong-pass"))
            #expect(!text.contains(Data("ada:wrong-pass".utf8).base64EncodedString()))
        }
    }

    @Test func anAPIKeyInAHeader() async throws {
        let partner = LivePartnerService(client: try Self.client().authorized(PartnerKeyAuth.self, credential: APIKey("pk-1")))
        #expect(try await partner.partnerHeaders().headers["X-Partner-Key"] == "pk-1")
    }

    @Test func anAPIKeyInTheQueryNeverAppearsInAnError() async throws {
        let secret = "qk-s3cret/+&="
        let keyed = LiveKeyedService(client: try Self.client().authorized(QueryKeyAuth.self, credential: APIKey(secret)))
        let echo = try await keyed.keyedGet(q: "tea")
        #expect(echo.args?["api_key"] == .string(secret))
        #expect(echo.args?["q"] == .string("tea"))

        let missing = try #require(await #expect(throws: EndpointError.self) { try await keyed.keyedMissing() })
        #expect(missing.statusCode == 404)
        #expect(missing.url?.path.hasSuffix("/status/404") == true)
        // The decoding failure's body excerpt is httpbin's echo, which holds the key.
        let mismatch = try #require(await #expect(throws: EndpointError.self) { try await keyed.keyedMismatch() })
        #expect(mismatch.kind == .decoding)
        let body = String(decoding: mismatch.response?.body ?? Data(), as: UTF8.self)
        #expect(body.contains("api_key"))
        for error in [missing, mismatch] {
            for text in Self.renderings(of: error) {
                #expect(!text.contains(secret))
                #expect(!text.contains(PercentEncoding.encode(secret)))
            }
        }
        #expect(mismatch.bodyExcerpt?.contains("<redacted>") == true)
    }

    /// Keys that every request carries together (VTEX's app key and app token), one in a header
    /// and one in the query here: both arrive, and neither shows in an error.
    @Test func apiKeysSentTogetherAllArrive() async throws {
        let token = "tok/s3cret+&="
        let paired = LivePairedService(client: try Self.client().authorized(AppPairAuth.self, credential: AppPairAuth.credential(xAppKey: "key-1", appToken: token)))
        let echo = try await paired.pairedGet(q: "tea")
        #expect(echo.headers["X-App-Key"] == "key-1")
        #expect(echo.args?["app_token"] == .string(token))
        #expect(echo.args?["q"] == .string("tea"))
        // A credential with one key too few sends nothing, and says why without the key.
        let short = LivePairedService(client: try Self.client().authorized(AppPairAuth.self, credential: APIKeys("key-1")))
        let refused = try #require(await #expect(throws: EndpointError.self) { try await short.pairedGet(q: nil) })
        #expect(refused.kind == .authorization)
        #expect(refused.response == nil)
        #expect(refused.description.contains("holds 1 API keys and AppPairAuth sends 2; nothing was sent"), "\(refused)")
        for text in Self.renderings(of: refused) {
            #expect(!text.contains("key-1"), "\(text)")
        }
    }

    @Test func aCustomSchemeRunsTheAppsClosure() async throws {
        let credential = CustomAuthorization(secrets: ["sig-42"]) { request in
            request.setValue("sig-42", forHTTPHeaderField: "X-Signature")
            request.setValue(request.httpMethod, forHTTPHeaderField: "X-Signed-Method")
        }
        let signed = LiveSignedService(client: try Self.client().authorized(SignedAuth.self, credential: credential))
        let echo = try await signed.signedHeaders()
        #expect(echo.headers["X-Signature"] == "sig-42")
        #expect(echo.headers["X-Signed-Method"] == "GET")
    }

    // MARK: Identity

    @Test func switchingIdentityCancelsTheOldIdentitysRequestsInFlight() async throws {
        let session = SessionClient<KongAuth>(client: try Self.client(headers: ["X-Identity": "old"]), credential: BearerToken("old"))
        let gateway = LiveGatewayService(client: session)
        let slow = (0..<3).map { _ in Task { try await gateway.delayed(seconds: 10) } }
        try await Task.sleep(for: .milliseconds(500))
        let clock = ContinuousClock()
        let start = clock.now
        session.update(client: try Self.client(headers: ["X-Identity": "new"]), credential: BearerToken("new"))
        for task in slow {
            switch await task.result {
            case .success: Issue.record("a request of the old identity finished after the switch")
            case .failure(let error):
                let error = try #require(error as? EndpointError)
                #expect(error.kind == .cancelled)
                #expect(error.wasSuperseded)
                #expect(error.description.contains("configuration changed"))
            }
        }
        // Well before the 10 s the requests take (the suite runs many tests at once).
        #expect(clock.now - start < .seconds(7), "cancelled, not waited for")
        // The new identity's requests go out with its token and headers.
        let echo = try await gateway.delayed(seconds: 0)
        #expect(echo.headers["Authorization"] == "Bearer new")
        #expect(echo.headers["X-Identity"] == "new")
    }

    @Test func noRequestIsSentWithTheOldAndNewIdentityMixed() async throws {
        let session = SessionClient<KongAuth>(client: try Self.client(headers: ["X-Identity": "a"]), credential: BearerToken("a"))
        let gateway = LiveGatewayService(client: session)
        let a = try Self.client(headers: ["X-Identity": "a"])
        let b = try Self.client(headers: ["X-Identity": "b"])
        let seen = try await withThrowingTaskGroup(of: Echo?.self) { group in
            for index in 0..<24 {
                group.addTask {
                    do { return try await gateway.delayed(seconds: 0) } catch let error as EndpointError where error.wasSuperseded { return nil }
                }
                if index % 6 == 5 {
                    let next = index % 12 == 5 ? ("b", b) : ("a", a)
                    session.update(client: next.1, credential: BearerToken(next.0))
                }
            }
            var echoes: [Echo] = []
            for try await echo in group { if let echo { echoes.append(echo) } }
            return echoes
        }
        #expect(!seen.isEmpty)
        for echo in seen {
            let identity = try #require(echo.headers["X-Identity"])
            #expect(echo.headers["Authorization"] == "Bearer \(identity)", "headers and token come from one configuration")
        }
    }

    @Test func loggedOutTheSessionSendsOnlyWhatNeedsNoCredential() async throws {
        let session = SessionClient<KongAuth>(client: try Self.client())
        let gateway = LiveGatewayService(client: session)
        #expect(try await gateway.publicHeaders().headers["Authorization"] == nil)
        let error = await #expect(throws: EndpointError.self) { try await gateway.checkBearer() }
        #expect(error?.kind == .authorization)
    }

    /// httpbin's `/redirect-to` sends the request on to `localhost` (another origin than
    /// 127.0.0.1) or back to 127.0.0.1: credentials go along only in the second case.
    @Test(arguments: [("localhost", false), ("127.0.0.1", true)])
    func credentialsDoNotFollowARedirectToAnotherOrigin(host: String, kept: Bool) async throws {
        let base = try HTTPBinServer.url()
        let target = "http://\(host):\(base.port ?? 80)/headers"
        var components = try #require(URLComponents(url: base.appendingPathComponent("redirect-to"), resolvingAgainstBaseURL: false))
        components.queryItems = [URLQueryItem(name: "url", value: target)]
        var request = URLRequest(url: try #require(components.url))
        request.setValue("Bearer tok-123", forHTTPHeaderField: "Authorization")
        request.setValue("k-456", forHTTPHeaderField: "X-API-Key")
        request.setValue("session=abc", forHTTPHeaderField: "Cookie")
        request.setValue("yes", forHTTPHeaderField: "X-Thing")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let response = try await URLSessionTransport().send(request)
        #expect(response.statusCode == 200)
        let headers = try #require(JSONDecoder().decode([String: [String: String]].self, from: response.body)["headers"])
        #expect(headers["Host"]?.hasPrefix(host) == true, "the redirect was followed")
        #expect(headers["Accept"] == "application/json", "content headers are kept")
        #expect((headers["X-Thing"] != nil) == kept, "a custom header might be a credential")
        #expect((headers["Authorization"] != nil) == kept)
        #expect((headers["X-Api-Key"] != nil) == kept)
        #expect((headers["Cookie"] != nil) == kept)
    }

    /// A `401` with `WWW-Authenticate: Basic` comes back as a response with its body, through
    /// the shared session: swift-corelibs-foundation would otherwise wait forever for a
    /// credential (swiftlang/swift-corelibs-foundation#5456).
    @Test func aBasicChallengeComesBackAsA401() async throws {
        let url = try HTTPBinServer.url().appendingPathComponent("basic-auth/ada/s3cret")
        let response = try await URLSessionTransport().send(URLRequest(url: url))
        #expect(response.statusCode == 401)
        #expect(response.value(forHeader: "WWW-Authenticate")?.hasPrefix("Basic") == true)
    }

    /// The body of such a `401` comes back too, and the session goes on serving requests.
    @Test func aBasicChallengeKeepsItsBody() async throws {
        let url = try HTTPBinServer.fixtures().appendingPathComponent("challenge")
        let response = try await URLSessionTransport().send(URLRequest(url: url))
        #expect(response.statusCode == 401)
        #expect(response.value(forHeader: "WWW-Authenticate") == #"Basic realm="fixtures""#)
        let problem = try JSONDecoder().decode([String: JSONValue].self, from: response.body)
        #expect(problem["title"] == .string("Sign in first"))
        let next = try await URLSessionTransport().send(URLRequest(url: try HTTPBinServer.fixtures().appendingPathComponent("items")))
        #expect(next.statusCode == 200)
    }

    // MARK: Cookies, forms, uploads, raw responses

    @Test func cookiesAreSentAndCannotInjectOthers() async throws {
        let forms = LiveFormsService(client: try Self.client())
        let echo = try await forms.cookies(session: "abc; evil=1", theme: "dark")
        #expect(echo.cookies["theme"] == "dark")
        #expect(echo.cookies["evil"] == nil)
        #expect(echo.cookies["session"] == "abc%3B%20evil=1")
        #expect(try await forms.cookies(session: "only").cookies == ["session": "only"])
    }

    @Test func aFormBody() async throws {
        let forms = LiveFormsService(client: try Self.client())
        let echo = try await forms.logIn(login: Login(userName: "ada lovelace", password: "p&ss=word+ü", remember: true, scopes: ["read", "write"]))
        #expect(echo.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(echo.form == [
            "user_name": .string("ada lovelace"), "password": .string("p&ss=word+ü"), "remember": .string("true"),
            "scopes": .array([.string("read"), .string("write")]),
        ])
    }

    /// A union of values in a form field goes as its member's text, url-encoded or in a part.
    @Test func aFormFieldOfAUnionOfValuesSendsItsMembersText() async throws {
        let forms = LiveFormsService(client: try Self.client())
        let echo = try await forms.logIn(login: Login(userName: "a", password: "b", scopes: ["s"], account: .string("@ada"), teams: [.int(7), .bool(false)]))
        #expect(echo.form?["account"] == .string("@ada"))
        #expect(echo.form?["teams"] == .array([.string("7"), .string("false")]))
        let photo = FormFile(data: Data("PNG".utf8), filename: "p.png", contentType: "image/png")
        let upload = try await forms.uploadPhoto(profilePhoto: ProfilePhoto(caption: "c", photo: photo, owner: .string("@channel")))
        #expect(upload.form == ["caption": .string("c"), "owner": .string("@channel")])
    }

    @Test func aMultipartBodyWithFiles() async throws {
        let forms = LiveFormsService(client: try Self.client())
        let photo = FormFile(data: Data("PNG bytes".utf8), filename: "me \"1\".png", contentType: "image/png")
        let echo = try await forms.uploadPhoto(profilePhoto: ProfilePhoto(caption: "Me\r\nX-Evil: 1", photo: photo, thumbnail: Data("thumb".utf8)))
        #expect(echo.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true)
        #expect(echo.form == ["caption": .string("Me\r\nX-Evil: 1")])
        #expect(echo.files == ["photo": .string("PNG bytes"), "thumbnail": .string("thumb")])
    }

    /// The fixture server parses the body with Python's email parser and returns each part: a
    /// part per file, a JSON part of type `application/json` per model, dictionary and element.
    @Test func aMultipartBodyWithSeveralFilesAndJSONParts() async throws {
        let catalog = LiveCatalogService(client: try Self.client())
        let gallery = Gallery(
            title: "Trip ü",
            photos: [FormFile(data: Data("one".utf8), filename: "1.png", contentType: "image/png"),
                     FormFile(data: Data("two".utf8), filename: "2.jpg", contentType: "image/jpeg")],
            scans: [Data("scan".utf8)],
            crop: Crop(left: 1, top: 2, taken: Date(timeIntervalSince1970: 1_700_000_000)),
            regions: [Crop(left: 3, top: 4), Crop(left: 5, top: 6)],
            labels: ["a": "x\r\ny"])
        let parts = try await catalog.uploadGallery(gallery: gallery)
        #expect(parts.map(\.name) == ["title", "photos", "photos", "scans", "crop", "regions", "regions", "labels"])
        #expect(parts.map(\.filename) == [nil, "1.png", "2.jpg", "scans", nil, nil, nil, nil])
        #expect(parts.map(\.contentType) == [
            nil, "image/png", "image/jpeg", "application/octet-stream",
            "application/json", "application/json", "application/json", "application/json",
        ])
        #expect(parts[..<4].map(\.body) == ["Trip ü", "one", "two", "scan"])
        let decoder = JSONDecoder()
        #expect(try decoder.decode(Crop.self, from: Data(parts[4].body.utf8)) == gallery.crop)
        #expect(try parts[5...6].map { try decoder.decode(Crop.self, from: Data($0.body.utf8)) } == gallery.regions)
        #expect(try decoder.decode([String: String].self, from: Data(parts[7].body.utf8)) == gallery.labels)
        // Without the optional fields, only the required ones are sent.
        let bare = try await catalog.uploadGallery(gallery: Gallery(title: "t", photos: []))
        #expect(bare.map(\.name) == ["title"])
    }

    @Test func anOptionalBodyLeftOutReachesTheServerWithoutOne() async throws {
        let forms = LiveFormsService(client: try Self.client())
        for echo in [
            try await forms.logInOptionally(), try await forms.uploadPhotoOptionally(),
            try await forms.uploadNotesOptionally(), try await forms.patchLogin(),
        ] {
            #expect(echo.headers["Content-Type"] == nil)
            #expect(echo.data == "" && echo.form == [:] && echo.files == [:])
        }
        let login = Login(userName: "ada", password: "pw", scopes: [])
        let form = try await forms.logInOptionally(login: login)
        #expect(form.form == ["user_name": .string("ada"), "password": .string("pw")])
        let notes = try await forms.uploadNotesOptionally(upload: .data(Data("notes".utf8)), progress: nil)
        #expect(notes.data == "notes")
        let patch = try await forms.patchLogin(login: login)
        #expect(patch.headers["Content-Type"] == "application/merge-patch+json")
        let sent = try JSONSerialization.jsonObject(with: Data(try #require(patch.data).utf8)) as? [String: [String: Any]]
        #expect(sent?["login"]?["user_name"] as? String == "ada" && sent?["login"]?["password"] as? String == "pw")
        #expect(sent?["login"]?["scopes"] as? [String] == [])
    }

    @Test(arguments: ["data", "file", "stream"])
    func anUploadReportsItsProgress(_ kind: String) async throws {
        let text = String(repeating: "endpointgen uploads ", count: 4096)
        let bytes = Data(text.utf8)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        let body: UploadBody
        switch kind {
        case "data": body = .data(bytes)
        case "file":
            try bytes.write(to: file)
            body = .file(file)
        default: body = .stream { InputStream(data: bytes) }
        }
        let reports = Reports()
        let forms = LiveFormsService(client: try Self.client())
        let echo = try await forms.uploadNotes(upload: body) { reports.add($0) }
        #expect(echo.data == text)
        #expect(echo.headers["Content-Type"] == "text/plain; charset=utf-8")
        let last = try #require(reports.all.last, "progress was reported")
        #expect(last.bytesSent == Int64(bytes.count))
        #expect(reports.all.map(\.bytesSent) == reports.all.map(\.bytesSent).sorted(), "progress only grows")
    }

    /// A String body of `text/plain` arrives as the text, every letter as it was.
    @Test func aTextBodyArrivesAsItsText() async throws {
        let echo = try await LiveFormsService(client: try Self.client()).sendText(body: "Grüße aus Köln\n")
        #expect(echo.data == "Grüße aus Köln\n")
        #expect(echo.headers["Content-Type"] == "text/plain; charset=utf-8")
    }

    /// A form the app encodes itself goes with the boundary the app gives, so httpbin reads its
    /// fields; an upload of a range goes as the type the app says.
    @Test func anUploadGoesWithTheContentTypeTheAppGives() async throws {
        let forms = LiveFormsService(client: try Self.client())
        let boundary = "endpointgen-\(UUID().uuidString)"
        let body = "--\(boundary)\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhello\r\n--\(boundary)--\r\n"
        let form = try await forms.uploadEncodedForm(upload: .data(Data(body.utf8)), contentType: "multipart/form-data; boundary=\(boundary)", progress: nil)
        #expect(form.form == ["note": .string("hello")])
        let image = try await forms.uploadImage(upload: .data(Data([0x89, 0x50, 0x4E, 0x47])), contentType: "image/png", progress: nil)
        #expect(image.headers["Content-Type"] == "image/png")
    }

    /// httpbin sends the query's items back as header fields: each is read as its declared type,
    /// and one that does not read fails the call (sent alone, the endpoint does not read them).
    @Test func typedResponseHeaders() async throws {
        let client = try Self.client()
        let endpoint = FormsService.typedHeaders(
            count: "3", tags: "a, b ,c", availability: "sold-out", lastModified: "Sun, 06 Nov 1994 08:49:37 GMT",
            requestID: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")
        let (body, headers) = try await client.send(endpoint.withResponseHeaders())
        #expect(body["X-Count"] == .string("3"))
        #expect(headers == TypedHeadersEndpoint.ResponseHeaders(
            xCount: 3, xTags: ["a", "b", "c"], xAvailability: .soldOut, lastModified: Date(timeIntervalSince1970: 784_111_777),
            requestID: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")))
        let live = LiveFormsService(client: client)
        let few = try await live.client.send(FormsService.typedHeaders(count: "0", availability: "on-order").withResponseHeaders()).headers
        #expect(few == TypedHeadersEndpoint.ResponseHeaders(xCount: 0, xAvailability: .unknown("on-order")), "absent optional headers are nil")

        let error = await #expect(throws: EndpointError.self) {
            try await client.send(FormsService.typedHeaders(count: "many").withResponseHeaders())
        }
        #expect(error?.kind == .decoding && error?.statusCode == 200)
        #expect(error?.description.contains("the 'X-Count' header does not read as Int") == true, "\(String(describing: error))")
        #expect(try await client.send(FormsService.typedHeaders(count: "many"))["X-Count"] == .string("many"))
    }

    @Test func aRawResponseCarriesStatusAndHeaders() async throws {
        let response = try await LiveFormsService(client: try Self.client()).responseHeaders(thing: "yes please")
        #expect(response.statusCode == 200)
        #expect(response.value(forHeader: "x-thing") == "yes please")
        #expect(try JSONDecoder().decode([String: JSONValue].self, from: response.body)["X-Thing"] == .string("yes please"))
    }

    // MARK: Pagination, error bodies, envelopes

    @Test func offsetPagesStopAtTheTotal() async throws {
        let catalog = LiveCatalogService(client: try Self.client())
        var sizes: [Int] = []
        for try await page in catalog.fetchItemsPages(limit: 10) { sizes.append(page.count) }
        #expect(sizes == [10, 10, 3])
        #expect(try await catalog.fetchItemsPages(limit: 7).allItems().map(\.id) == Array(1...23))
        let first = try await catalog.fetchItems(offset: 20, limit: 10)
        #expect(first.total == 23)
        #expect(first.items.map(\.id) == [21, 22, 23])
    }

    /// GitHub-style pages: each page's `Link` header names the next (relative on odd pages,
    /// absolute on even ones, beside a `last` link and a title with a comma); the last has none.
    @Test func linkPagesFollowTheLinkHeader() async throws {
        let catalog = LiveCatalogService(client: try Self.client())
        var pages: [[Int]] = []
        for try await items in catalog.fetchLinkedItemsPages(away: nil, perPage: 5) { pages.append(items.map(\.id)) }
        #expect(pages == [Array(1...5), Array(6...10), Array(11...15), Array(16...20), [21, 22, 23]])
        let first = try await catalog.fetchLinkedItems(away: nil, pageLink: nil, perPage: 10)
        #expect(first.items.count == 10)
        let next = try #require(first.nextLink)
        // Written `?page=2&per_page=10`: resolved against the page's URL.
        #expect(next.absoluteString.hasSuffix("/linked?page=2&per_page=10") && next.host == "127.0.0.1", "\(next)")
        let second = try await catalog.fetchLinkedItems(away: nil, pageLink: next, perPage: 99)
        #expect(second.items.map(\.id) == Array(11...20), "the link's query, not the endpoint's")
        #expect(second.nextLink?.absoluteString.hasSuffix("/linked?page=3&per_page=10") == true)
        #expect(try await catalog.fetchLinkedItemsPages().allItems().count == 23)
    }

    /// A next link to another server is not followed: no request, and so no credential, goes there.
    @Test func aLinkToAnotherServerIsNotFollowed() async throws {
        let catalog = LiveCatalogService(client: try Self.client())
        let first = try await catalog.fetchLinkedItems(away: true, pageLink: nil, perPage: 5)
        #expect(first.nextLink?.host == "elsewhere.invalid")
        let error = await #expect(throws: EndpointError.self) {
            for try await _ in catalog.fetchLinkedItemsPages(away: true, perPage: 5) {}
        }
        #expect(error?.kind == .invalidRequest)
        #expect(error?.description.contains("the link leads to another server (elsewhere.invalid)") == true, "\(String(describing: error))")
    }

    @Test func numberedPagesStopAtThePageCount() async throws {
        let catalog = LiveCatalogService(client: try Self.client())
        var sizes: [Int] = []
        for try await page in catalog.fetchPagedItemsPages(perPage: 10) { sizes.append(page.count) }
        #expect(sizes == [10, 10, 3])
        #expect(try await catalog.fetchPagedItemsPages(perPage: 23).allItems().count == 23)
    }

    @Test func cursorPagesStopWithoutANextCursor() async throws {
        let catalog = LiveCatalogService(client: try Self.client())
        var sizes: [Int] = []
        for try await page in catalog.fetchItemsAfterPages(limit: 10) { sizes.append(page.count) }
        #expect(sizes == [10, 10, 3])
        #expect(try await catalog.fetchItemsAfterPages().allItems().map(\.id) == Array(1...23))
    }

    @Test func cancellingStopsThePagesWithACancellationError() async throws {
        let catalog = LiveCatalogService(client: try Self.client())
        let pagesSeen = Counter()
        let task = Task {
            for try await _ in catalog.fetchItemsPages(limit: 5) {
                if pagesSeen.next() == 1 { withUnsafeCurrentTask { $0?.cancel() } }
            }
        }
        let result = await task.result
        #expect(pagesSeen.value == 1)
        let error = try #require(result.failureError as? EndpointError)
        #expect(error.kind == .cancelled)
    }

    @Test func aTypedErrorBodyComesWithTheError() async throws {
        let catalog = LiveCatalogService(client: try Self.client())
        let error = try #require(await #expect(throws: EndpointError.self) { try await catalog.fetchProblem(status: 409) })
        #expect(error.statusCode == 409)
        let problem = try #require(error.errorBody(as: Problem.self))
        #expect(problem == Problem(title: "Out of stock", detail: "Item 7 is out of stock.", status: 409))
    }

    /// What the fixture server receives of arrays sent in one query item and in one header
    /// field, and of a dictionary: the query string as it came (the commas between elements as
    /// they are, a comma in a value encoded, an item per entry in the order of the keys) and the
    /// header's list.
    @Test func delimitedArraysReachTheServerAsOneItem() async throws {
        let catalog = LiveCatalogService(client: try Self.client())
        let echo = try await catalog.echoLists(ids: [10, -2, 3], words: ["a+b", "ü"], kinds: [.soldOut, .inStock], tag: ["x,y", "z"],
                                               filter: ["z": .inStock, "a b": .soldOut], counts: ["hs_url": 3, "é": 4], tags: ["first", "second one"])
        #expect(echo.query == "ids=10,-2,3&words=a%2Bb%20%C3%BC&kinds=sold-out%7Cin-stock&tag=x%2Cy&tag=z"
            + "&filter%5Ba%20b%5D=sold-out&filter%5Bz%5D=in-stock&hs_url=3&%C3%A9=4")
        #expect(echo.tags == "first,second one")
        let bare = try await catalog.echoLists(ids: [7])
        #expect(bare.query == "ids=7")
        #expect(bare.tags == nil)
    }

    /// A path that holds a query (an operation named in it, as Flickr's API does): its items
    /// arrive with every request, as the spec wrote them, before the parameters' items.
    @Test func aPathsQueryArrivesWithEveryRequest() async throws {
        let catalog = LiveCatalogService(client: try Self.client())
        let bare = try await catalog.echoOperation()
        #expect(bare.query == "method=catalog.items.search&label=K%C3%B6ln%20%26%20Bonn&flag=")
        let searched = try await catalog.echoOperation(text: "tea & cake", account: nil)
        #expect(searched.query == "method=catalog.items.search&label=K%C3%B6ln%20%26%20Bonn&flag=&text=tea%20%26%20cake")
        // A union of values goes as its member's text.
        let account = try await catalog.echoOperation(text: nil, account: .string("@ada"))
        #expect(account.query == "method=catalog.items.search&label=K%C3%B6ln%20%26%20Bonn&flag=&account=%40ada")
    }

    /// The fixture server answers each status with the same problem body: read as the spec's
    /// type for that status, or not at all.
    @Test func anErrorBodyPerStatus() async throws {
        let catalog = LiveCatalogService(client: try Self.client())
        func error(_ status: Int) async throws -> EndpointError {
            try #require(await #expect(throws: EndpointError.self) { try await catalog.fetchProblemByStatus(status: status) })
        }
        let notFound = try await error(404)
        #expect(notFound.statusCode == 404)
        #expect(notFound.errorBody(as: Problem.self) == Problem(title: "Out of stock", detail: "Item 7 is out of stock.", status: 404))
        let unavailable = try await error(503)
        #expect(unavailable.errorBody(as: ServerFault.self)?.status == 503)
        #expect(unavailable.errorBody(as: Problem.self) == nil)
        #expect(try await error(409).errorBody == nil)
    }

    @Test func anEnvelopeUnwrapsItsValueOrFailsWithItsMessage() async throws {
        let catalog = LiveCatalogService(client: try Self.client())
        #expect(try await catalog.fetchUser(name: "Ada") == User(name: "Ada", age: 21))
        let error = try #require(await #expect(throws: EndpointError.self) { try await catalog.fetchUser(name: "nobody") })
        #expect(error.kind == .rejected)
        #expect(error.message == "No such user")
        #expect(error.statusCode == 200)
        #expect(error.url?.path == "/envelope/user")

        try await catalog.acknowledge(ok: true)
        let rejected = try #require(await #expect(throws: EndpointError.self) { try await catalog.acknowledge(ok: false) })
        #expect(rejected.message == "Try again later")
        #expect(rejected.description.contains("Try again later"))
    }
}

/// A thread-safe counter for closures the client calls.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func next() -> Int { lock.withLock { count += 1; return count } }
}

final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [UploadProgress] = []
    var all: [UploadProgress] { lock.withLock { reports } }
    func add(_ report: UploadProgress) { lock.withLock { reports.append(report) } }
}

extension Result {
    var failureError: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
