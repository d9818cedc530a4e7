import Foundation
import GeneratedRuntime
import GoldenFeatures
import Testing

/// The features golden case without a network: what reaches the wire for forms, multipart
/// forms, cookies and each auth scheme, and a paginated service protocol stubbed in a view-model
/// test. FeaturesEndToEndTests sends the same endpoints to httpbin.
@Suite struct FeaturesTests {
    static let base = URL(string: "https://api.test/v2")!

    @Test func aFormBodyIsURLEncodedInDeclarationOrder() throws {
        let client = FeaturesAPI.client(baseURL: Self.base)
        let request = try client.urlRequest(for: FormsService.logIn(login: Login(userName: "ada lovelace", password: "p&ss=word+ü/?", scopes: ["read", "write"])))
        #expect(request.httpMethod == "POST")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
        let body = String(decoding: try #require(request.httpBody), as: UTF8.self)
        #expect(body == "user_name=ada+lovelace&password=p%26ss%3Dword%2B%C3%BC%2F%3F&scopes=read&scopes=write")
        // A form decoder reads back exactly what was sent.
        let decoded = URLComponents(string: "?" + body.replacingOccurrences(of: "+", with: "%20"))?.queryItems ?? []
        #expect(decoded.map(\.name) == ["user_name", "password", "scopes", "scopes"])
        #expect(decoded.map(\.value) == ["ada lovelace", "p&ss=word+ü/?", "read", "write"])
    }

    /// A field that holds a union of values sends the text of its member, as a field of that
    /// member would (Telegram's `chat_id`: a number or a channel's name), through the union's
    /// `ParameterValue`. Found by a tester: a multipart form sent it as JSON, so a name arrived
    /// with its quotes (`"@channel"`).
    @Test func aFormFieldOfAUnionOfValuesSendsItsMembersText() throws {
        let client = FeaturesAPI.client(baseURL: Self.base)
        let login = Login(userName: "a", password: "b", scopes: [], account: .string("@ada \"l\""), teams: [.int(7), .string("x y"), .bool(true)])
        let request = try client.urlRequest(for: FormsService.logIn(login: login))
        let body = String(decoding: try #require(request.httpBody), as: UTF8.self)
        #expect(body == "user_name=a&password=b&account=%40ada+%22l%22&teams=7&teams=x+y&teams=true")
        let upload = try client.urlRequest(for: FormsService.uploadPhoto(profilePhoto: ProfilePhoto(
            caption: "c", photo: FormFile(data: Data("P".utf8), filename: "p.png", contentType: "image/png"), owner: .string("@channel"))))
        let text = String(decoding: try #require(upload.httpBody), as: UTF8.self)
        #expect(text.contains("Content-Disposition: form-data; name=\"owner\"\r\n\r\n@channel\r\n"), "\(text)")
        let number = try client.urlRequest(for: FormsService.uploadPhoto(profilePhoto: ProfilePhoto(
            caption: "c", photo: FormFile(data: Data("P".utf8), filename: "p.png", contentType: "image/png"), owner: .int(-42))))
        #expect(String(decoding: try #require(number.httpBody), as: UTF8.self).contains("name=\"owner\"\r\n\r\n-42\r\n"))
    }

    @Test func aMultipartBodyCannotBeBrokenOutOfByItsValues() throws {
        let client = FeaturesAPI.client(baseURL: Self.base)
        let photo = FormFile(data: Data("PNG".utf8), filename: "a\"b\r\nX-Evil: 1.png", contentType: "image/png")
        let request = try client.urlRequest(for: FormsService.uploadPhoto(profilePhoto: ProfilePhoto(caption: "line 1\r\nline 2", photo: photo)))
        let contentType = try #require(request.value(forHTTPHeaderField: "Content-Type"))
        let boundary = try #require(contentType.components(separatedBy: "boundary=").last)
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let body = String(decoding: try #require(request.httpBody), as: UTF8.self)
        let parts = body.components(separatedBy: "--\(boundary)")
        #expect(parts.count == 4, "two parts between the opening and the closing boundary")
        #expect(parts.last == "--\r\n")
        #expect(parts[1] == "\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nline 1\r\nline 2\r\n")
        #expect(parts[2].hasPrefix("\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"a%22b%0D%0AX-Evil: 1.png\"\r\nContent-Type: image/png\r\n\r\nPNG\r\n"))
        #expect(!body.contains("\r\nX-Evil"), "no header can be added through a filename")
        #expect(!parts[1].contains("thumbnail") && !body.contains("name=\"thumbnail\""), "an absent optional field is left out")
    }

    /// Several files under one name are a part each; a model, a dictionary and each element of
    /// an array of models are a JSON part of type `application/json`, as OpenAPI sends them.
    @Test func aMultipartBodyWithSeveralFilesAndJSONParts() throws {
        let client = FeaturesAPI.client(baseURL: Self.base)
        let taken = Date(timeIntervalSince1970: 1_700_000_000)
        let gallery = Gallery(
            title: "Trip",
            photos: [FormFile(data: Data("one".utf8), filename: "1.png", contentType: "image/png"),
                     FormFile(data: Data("two".utf8), filename: "2.jpg", contentType: "image/jpeg")],
            scans: [Data("scan".utf8)],
            crop: Crop(left: 1, top: 2, taken: taken),
            regions: [Crop(left: 3, top: 4), Crop(left: 5, top: 6)],
            labels: ["a \"quote\"": "x\r\ny"])
        let request = try client.urlRequest(for: CatalogService.uploadGallery(gallery: gallery))
        let contentType = try #require(request.value(forHTTPHeaderField: "Content-Type"))
        let boundary = try #require(contentType.components(separatedBy: "boundary=").last)
        let body = String(decoding: try #require(request.httpBody), as: UTF8.self)
        var parts = body.components(separatedBy: "\r\n--\(boundary)")
        #expect(parts.removeLast() == "--\r\n")
        #expect(parts[0].hasPrefix("--\(boundary)"))
        parts[0] = String(parts[0].dropFirst(2 + boundary.count))
        let split = parts.map { part in
            let halves = part.components(separatedBy: "\r\n\r\n")
            return (headers: halves[0], body: halves.dropFirst().joined(separator: "\r\n\r\n"))
        }
        #expect(split.map(\.headers) == [
            "\r\nContent-Disposition: form-data; name=\"title\"",
            "\r\nContent-Disposition: form-data; name=\"photos\"; filename=\"1.png\"\r\nContent-Type: image/png",
            "\r\nContent-Disposition: form-data; name=\"photos\"; filename=\"2.jpg\"\r\nContent-Type: image/jpeg",
            "\r\nContent-Disposition: form-data; name=\"scans\"; filename=\"scans\"\r\nContent-Type: application/octet-stream",
            "\r\nContent-Disposition: form-data; name=\"crop\"\r\nContent-Type: application/json",
            "\r\nContent-Disposition: form-data; name=\"regions\"\r\nContent-Type: application/json",
            "\r\nContent-Disposition: form-data; name=\"regions\"\r\nContent-Type: application/json",
            "\r\nContent-Disposition: form-data; name=\"labels\"\r\nContent-Type: application/json",
        ])
        #expect(split[..<4].map(\.body) == ["Trip", "one", "two", "scan"])
        // Each JSON part decodes back to what was sent, the date with its model's strategy.
        let decoder = JSONDecoder()
        #expect(try decoder.decode(Crop.self, from: Data(split[4].body.utf8)) == gallery.crop)
        #expect(split[4].body.contains(#""taken":"2023-11-14T22:13:20Z""#), "\(split[4].body)")
        #expect(try split[5...6].map { try decoder.decode(Crop.self, from: Data($0.body.utf8)) } == gallery.regions)
        #expect(try decoder.decode([String: String].self, from: Data(split[7].body.utf8)) == gallery.labels)
    }

    /// An optional body is left out when it is nil (no body, no `Content-Type`), and sent as a
    /// required one is when it is set, whatever its encoding.
    @Test func anOptionalBodyIsLeftOutWhenNil() throws {
        let client = FeaturesAPI.client(baseURL: Self.base)
        let login = Login(userName: "ada", password: "pw", scopes: ["a"])
        let absent = [
            try client.urlRequest(for: FormsService.logInOptionally()),
            try client.urlRequest(for: FormsService.uploadPhotoOptionally()),
            try client.urlRequest(for: FormsService.uploadNotesOptionally()),
            try client.urlRequest(for: FormsService.patchLogin()),
        ]
        for request in absent {
            #expect(request.httpBody == nil && request.httpBodyStream == nil)
            #expect(request.value(forHTTPHeaderField: "Content-Type") == nil)
        }
        #expect(absent.map(\.httpMethod) == ["POST", "POST", "POST", "PATCH"])

        let form = try client.urlRequest(for: FormsService.logInOptionally(login: login))
        #expect(form.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
        #expect(form.httpBody.map { String(decoding: $0, as: UTF8.self) } == "user_name=ada&password=pw&scopes=a")
        let photo = try client.urlRequest(for: FormsService.uploadPhotoOptionally(profilePhoto: ProfilePhoto(caption: "c", photo: FormFile(data: Data("P".utf8), filename: "p.png", contentType: "image/png"))))
        #expect(photo.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("multipart/form-data; boundary=") == true)
        #expect(photo.httpBody.map { String(decoding: $0, as: UTF8.self).contains("name=\"caption\"\r\n\r\nc\r\n") } == true)
        let notes = FormsService.uploadNotesOptionally(upload: .data(Data("notes".utf8))).makeRequest()
        if case .data(let data)? = notes.upload?.body { #expect(data == Data("notes".utf8)) } else { Issue.record("no upload: \(notes)") }
        #expect(notes.headers["Content-Type"] == "text/plain; charset=utf-8")
        let patch = try client.urlRequest(for: FormsService.patchLogin(login: login))
        #expect(patch.value(forHTTPHeaderField: "Content-Type") == "application/merge-patch+json")
        let sent = try JSONSerialization.jsonObject(with: try #require(patch.httpBody)) as? [String: [String: Any]]
        #expect(sent?["login"]?["user_name"] as? String == "ada" && sent?["login"]?["scopes"] as? [String] == ["a"])
    }

    /// Found by a tester on Codat's document: an upload of `multipart/form-data` bytes went out
    /// without the boundary, which only the app's bytes know, so no server could read it; and an
    /// upload of `image/*` went as `application/octet-stream`. Such an upload takes the app's
    /// content type.
    @Test func anUploadOfARangeOrAFormTheAppEncodesSendsTheAppsContentType() throws {
        let image = FormsService.uploadImage(upload: .data(Data([0x89, 0x50])), contentType: "image/png").makeRequest()
        #expect(image.headers["Content-Type"] == "image/png")
        let form = FormsService.uploadEncodedForm(upload: .data(Data("--b\r\n".utf8)), contentType: "multipart/form-data; boundary=b").makeRequest()
        #expect(form.headers["Content-Type"] == "multipart/form-data; boundary=b")
        if case .data(let data)? = form.upload?.body { #expect(data == Data("--b\r\n".utf8)) } else { Issue.record("no upload: \(form)") }
        // A concrete type is the spec's, as before: nothing to give.
        #expect(FormsService.uploadNotes(upload: .data(Data())).makeRequest().headers["Content-Type"] == "text/plain; charset=utf-8")
    }

    /// Found by a tester on Keycloak's `text/plain` bodies: a String of a text media type went as
    /// an upload the app filled with bytes. It is sent as its UTF-8 text, declared so.
    @Test func aStringBodyOfATextMediaTypeIsSentAsItsText() throws {
        let request = try FeaturesAPI.client(baseURL: Self.base).urlRequest(for: FormsService.sendText(body: "Grüße, \"quoted\"\n"))
        #expect(request.httpBody == Data("Grüße, \"quoted\"\n".utf8), "the text as it is, not a JSON string")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "text/plain; charset=utf-8")
    }

    @Test func eachSchemeAddsItsCredentialWhereItBelongs() async throws {
        let transport = CannedTransport()
        transport.stub(.get, "/v2/headers", with: .json(#"{"headers": {}}"#))
        transport.stub(.get, "/v2/get", with: .json(#"{"headers": {}}"#))
        let client = FeaturesAPI.client(baseURL: Self.base, transport: transport)

        _ = try await LivePartnerService(client: client.authorized(PartnerKeyAuth.self, credential: APIKey("pk-1"))).partnerHeaders()
        #expect(transport.requests.last?.value(forHTTPHeaderField: "X-Partner-Key") == "pk-1")

        _ = try await LiveKeyedService(client: client.authorized(QueryKeyAuth.self, credential: APIKey("a&b"))).keyedGet(q: "x y")
        #expect(transport.requests.last?.url?.absoluteString == "https://api.test/v2/get?q=x%20y&api_key=a%26b")

        let signer = CustomAuthorization(secrets: ["sig-3"]) { request in request.setValue("sig-3", forHTTPHeaderField: "X-Signature") }
        _ = try await LiveSignedService(client: client.authorized(SignedAuth.self, credential: signer)).signedHeaders()
        #expect(transport.requests.last?.value(forHTTPHeaderField: "X-Signature") == "sig-3")

        _ = try await LiveGatewayService(client: client.authorized(KongAuth.self, credential: BearerToken("kong-4"))).publicHeaders()
        #expect(transport.requests.last?.value(forHTTPHeaderField: "Authorization") == nil, "`publicHeaders` is \"auth\": \"none\"")
        #expect(transport.requests.count == 4)
    }

    @Test func aCredentialNeverShowsInAnError() async throws {
        let transport = CannedTransport()
        transport.stub(.get, "/v2/get", with: .json(#"{"echo": "sk-secret-9"}"#, status: 500))
        let client = FeaturesAPI.client(baseURL: Self.base, transport: transport).authorized(QueryKeyAuth.self, credential: APIKey("sk-secret-9"))
        let error = try #require(await #expect(throws: EndpointError.self) { try await client.send(KeyedService.keyedGet()) })
        #expect(transport.requests.last?.url?.query == "api_key=sk-secret-9", "the key was sent")
        var dumped = ""
        dump(error, to: &dumped)
        for text in [error.description, String(reflecting: error), error.localizedDescription, dumped, error.bodyExcerpt ?? "", error.url?.absoluteString ?? ""] {
            #expect(!text.contains("sk-secret-9"), "\(text)")
        }
        #expect(error.response?.body == Data(#"{"echo": "sk-secret-9"}"#.utf8), "the response itself is left as it came")
    }

    /// A view model that shows a catalog a page at a time, tested against a stubbed protocol.
    @MainActor final class CatalogViewModel {
        private(set) var rows: [String] = []
        private(set) var pagesLoaded = 0
        let service: any CatalogServiceProtocol

        init(service: any CatalogServiceProtocol) { self.service = service }

        func load(upTo pages: Int) async throws {
            for try await page in service.fetchItemsPages(limit: 2) {
                rows += page.map { "\($0.id). \($0.name)" }
                pagesLoaded += 1
                if pagesLoaded == pages { break }
            }
        }
    }

    struct StubCatalog: CatalogServiceProtocol {
        let pages: [[Item]]
        func fetchItems(offset: Int?, limit: Int?) async throws -> Page<Item> { Page(items: pages.first ?? []) }
        func fetchItemsPages(limit: Int?) -> PageSequence<Item> { PageSequence(pages: pages) }
        func fetchPagedItems(page: Int?, perPage: Int?) async throws -> Page<Item> { Page(items: []) }
        func fetchPagedItemsPages(perPage: Int?) -> PageSequence<Item> { PageSequence(pages: []) }
        func fetchItemsAfter(cursor: String?, limit: Int?) async throws -> Page<Item> { Page(items: []) }
        func fetchItemsAfterPages(limit: Int?) -> PageSequence<Item> { PageSequence(pages: []) }
        func fetchLinkedItems(away: Bool?, pageLink: URL?, perPage: Int?) async throws -> Page<Item> { Page(items: []) }
        func fetchLinkedItemsPages(away: Bool?, perPage: Int?) -> PageSequence<Item> { PageSequence(pages: []) }
        func fetchProblem(status: Int) async throws -> Item { Item(id: status, name: "") }
        func fetchProblemByStatus(status: Int) async throws -> Item { Item(id: status, name: "") }
        func fetchUser(name: String) async throws -> User { User(name: name, age: 0) }
        func echoLists(ids: [Int], words: [String]?, kinds: [Availability]?, tag: [String]?, filter: [String: Availability]?,
                       counts: [String: Int]?, tags: [String]?) async throws -> RawQuery {
            RawQuery(query: "")
        }
        func echoOperation(text: String?, account: AccountRef?) async throws -> RawQuery { RawQuery(query: "") }
        func acknowledge(ok: Bool) async throws {}
        func uploadGallery(gallery: Gallery) async throws -> [PartEcho] { [] }
    }

    @MainActor @Test func aPaginatedProtocolIsStubbedWithCannedPages() async throws {
        let pages = [[Item(id: 1, name: "Tea"), Item(id: 2, name: "Milk")], [Item(id: 3, name: "Jam")], [Item(id: 4, name: "Bread")]]
        let model = CatalogViewModel(service: StubCatalog(pages: pages))
        try await model.load(upTo: 2)
        #expect(model.rows == ["1. Tea", "2. Milk", "3. Jam"])
        #expect(model.pagesLoaded == 2)
        #expect(try await StubCatalog(pages: pages).fetchItemsPages(limit: nil).allItems().map(\.id) == [1, 2, 3, 4])
    }

    /// A link page goes to the address the page before gave, resolved against the endpoint's URL,
    /// with the link's query instead of the endpoint's; never to another server.
    @Test func aLinkPageGoesWhereTheLinkSays() throws {
        let client = FeaturesAPI.client(server: .local)
        func url(_ link: String?) throws -> String? {
            try client.urlRequest(for: CatalogService.fetchLinkedItems(away: true, pageLink: link.map { URL(string: $0)! }, perPage: 5)).url?.absoluteString
        }
        #expect(try url(nil) == "http://127.0.0.1:8081/linked?away=true&per_page=5")
        #expect(try url("?page=2") == "http://127.0.0.1:8081/linked?page=2")
        #expect(try url("/linked?page=3&per_page=2") == "http://127.0.0.1:8081/linked?page=3&per_page=2")
        #expect(try url("http://127.0.0.1:8081/linked?page=4") == "http://127.0.0.1:8081/linked?page=4")
        #expect(try url("HTTP://127.0.0.1:8081/linked?page=4")?.hasSuffix("/linked?page=4") == true, "scheme and host ignore case")
        for away in ["http://localhost:8081/linked", "http://127.0.0.1:8082/linked", "https://127.0.0.1:8081/linked",
                     "http://user@127.0.0.1:8081/linked", "//evil.example/linked", "mailto:a@b.c", "file:///etc/passwd"] {
            #expect(throws: EndpointError.self, "\(away)") { try url(away) }
        }
        let https = FeaturesAPI.client(baseURL: URL(string: "https://api.test/v2")!)
        let request = try https.urlRequest(for: CatalogService.fetchLinkedItems(pageLink: URL(string: "https://api.test:443/v2/linked?page=2")!))
        #expect(request.url?.absoluteString == "https://api.test:443/v2/linked?page=2", "the default port is the same server")
    }

    /// A path that holds a query (an operation named in it): its items go first in every
    /// request, as the spec names them, then the parameters'.
    @Test func aPathsQueryGoesFirstInEveryRequest() throws {
        let client = FeaturesAPI.client(server: .local)
        #expect(try client.urlRequest(for: CatalogService.echoOperation()).url?.absoluteString
            == "http://127.0.0.1:8081/echo/query?method=catalog.items.search&label=K%C3%B6ln%20%26%20Bonn&flag=")
        #expect(try client.urlRequest(for: CatalogService.echoOperation(text: "a+b")).url?.absoluteString
            == "http://127.0.0.1:8081/echo/query?method=catalog.items.search&label=K%C3%B6ln%20%26%20Bonn&flag=&text=a%2Bb")
        #expect(try client.urlRequest(for: CatalogService.echoOperation(account: .string("@a b&c"))).url?.absoluteString
            == "http://127.0.0.1:8081/echo/query?method=catalog.items.search&label=K%C3%B6ln%20%26%20Bonn&flag=&account=%40a%20b%26c")
        #expect(try client.urlRequest(for: CatalogService.echoOperation(account: .int(-7))).url?.absoluteString.hasSuffix("&account=-7") == true)
    }

    /// Arrays with a separator go in one query item each, the commas as they are and the other
    /// separators percent-encoded; an array without one goes an item per element; a header's
    /// array is one field. An element that holds its separator, or a comma in a header's
    /// list, is not sent: the call fails before anything leaves, naming the parameter.
    @Test func delimitedArraysAreOneItemOrOneField() async throws {
        let client = FeaturesAPI.client(server: .local)
        let endpoint = CatalogService.echoLists(ids: [3, 1, 2], words: ["red", "wine&é"], kinds: [.inStock, .unknown("on order")],
                                                tag: ["a", "b"], filter: ["b": .soldOut, "a": .inStock], counts: ["z": 1, "y x": 2],
                                                tags: ["x", "y z"])
        let request = try client.urlRequest(for: endpoint)
        #expect(request.url?.absoluteString
            == "http://127.0.0.1:8081/echo/query?ids=3,1,2&words=red%20wine%26%C3%A9&kinds=in-stock%7Con%20order&tag=a&tag=b"
            + "&filter%5Ba%5D=in-stock&filter%5Bb%5D=sold-out&y%20x=2&z=1")
        #expect(request.value(forHTTPHeaderField: "X-Tags") == "x,y z")
        #expect(try client.urlRequest(for: CatalogService.echoLists(ids: [])).url?.absoluteString == "http://127.0.0.1:8081/echo/query",
                "an empty array sends no item")

        let transport = CannedTransport()
        let canned = FeaturesAPI.client(server: .local, transport: transport)
        for (bad, named) in [(CatalogService.echoLists(ids: [1], words: ["red wine", "two words"]), "query item 'words'"),
                             (CatalogService.echoLists(ids: [1], kinds: [.unknown("a|b")]), "query item 'kinds'"),
                             (CatalogService.echoLists(ids: [1], tags: ["sk-1,sk-2"]), "header 'X-Tags'")] {
            let error = await #expect(throws: EndpointError.self) { try await canned.send(bad) }
            #expect(error?.kind == .invalidRequest)
            #expect(error?.description.contains(named) == true, "\(String(describing: error))")
            #expect(error?.description.contains("sk-1") == false, "a secret header's value stays out")
        }
        #expect(transport.requests.isEmpty)
    }

    /// An error body per status: codes before classes, and a status nothing matches, or one
    /// the spec marks "none", has no error body; the error keeps its status and response.
    @Test func anErrorBodyIsReadAsItsStatusSays() async throws {
        let transport = CannedTransport()
        let body = #"{"title": "Out of stock", "status": 0}"#
        for status in [404, 409, 418, 503, 302] {
            transport.stub(.get, "/problem/\(status)", with: .json(body, status: status))
        }
        let catalog = LiveCatalogService(client: FeaturesAPI.client(server: .local, transport: transport))
        func error(_ status: Int) async throws -> EndpointError {
            try #require(await #expect(throws: EndpointError.self) { try await catalog.fetchProblemByStatus(status: status) })
        }
        #expect(try await error(404).errorBody(as: Problem.self) == Problem(title: "Out of stock", status: 0))
        #expect(try await error(418).errorBody(as: Problem.self)?.title == "Out of stock", "a class matches every code in it")
        let fault = try #require(try await error(503).errorBody(as: ServerFault.self))
        #expect(fault.title == "Out of stock" && fault.status == 0)
        #expect(try await error(503).errorBody(as: Problem.self) == nil, "a 5xx body is a ServerFault")
        let conflict = try await error(409)
        #expect(conflict.errorBody == nil, "409 has none")
        #expect(conflict.statusCode == 409 && conflict.response?.body == Data(body.utf8))
        #expect(try await error(302).errorBody == nil, "no status matches, and there is no default")
    }

    @Test func theCatalogLivesOnItsOwnServer() throws {
        let client = FeaturesAPI.client(server: .local)
        #expect(try client.urlRequest(for: CatalogService.fetchUser(name: "Ada")).url?.absoluteString == "http://127.0.0.1:8081/envelope/user?name=Ada")
        #expect(try client.urlRequest(for: FormsService.cookies(session: "s")).url?.absoluteString == "http://127.0.0.1:8080/cookies")
    }
}
