import Foundation
import GeneratedRuntime
import GoldenOpenAPI
import Testing

@testable import GenCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The openapi golden case: Specs/OpenAPI/showcase.openapi.json, an OpenAPI 3.1 document with one
/// construct per mapping rule, imports into Specs/OpenAPI/showcase.spec.json, whose generated
/// module (Tests/GoldenFiles/openapi/Expected) is exercised here as the document describes it.
@Suite struct OpenAPIShowcaseTests {
    static let source = "Specs/OpenAPI/showcase.openapi.json"
    static let spec = "Specs/OpenAPI/showcase.spec.json"

    // MARK: The import

    /// The committed spec is what the import writes today, byte for byte, with one warning per
    /// construct the spec format has no place for. `ENDPOINTGEN_RECORD_GOLDENS=1` rewrites it.
    @Test func theImportWritesTheCommittedSpec() throws {
        let text = try String(contentsOf: GoldenFileTests.packageRoot.appendingPathComponent(Self.source), encoding: .utf8)
        let result = OpenAPIImport.importSpec(openAPIText: text, path: Self.source)
        let written = try #require(result.specText, "\(result.diagnostics)")
        #expect(result.diagnostics.map(\.description) == [
            "\(Self.source):62:22: warning: #/paths/~1pets/post/callbacks: callbacks (requests the API sends back) are not imported; the endpoint is imported without them",
            "\(Self.source):81:22: warning: #/paths/~1pets~1{petId}/get/responses/200/links: links are not imported; the response is read without them",
        ])
        let committedURL = GoldenFileTests.packageRoot.appendingPathComponent(Self.spec)
        let committed = try String(contentsOf: committedURL, encoding: .utf8)
        if written != committed {
            if ProcessInfo.processInfo.environment["ENDPOINTGEN_RECORD_GOLDENS"] == "1" {
                try written.write(to: committedURL, atomically: true, encoding: .utf8)
                Issue.record("Re-recorded \(Self.spec): read `git diff \(Self.spec)`, then run again without ENDPOINTGEN_RECORD_GOLDENS.")
            } else {
                Issue.record("The import of \(Self.source) differs from \(Self.spec):\n\(UnifiedDiff.diff(old: committed, new: written, oldName: "committed", newName: "imported"))")
            }
        }
        // The same document always gives the same bytes.
        #expect(OpenAPIImport.importSpec(openAPIText: text, path: Self.source).specText == written)
    }

    // MARK: Models

    @Test func aSchemaDecodesWithItsFormatsKeysAndDefaults() throws {
        let pet = try decode(Pet.self, #"""
            {"id": 9007199254740993, "name": "Rex", "status": "sold", "tag": null, "birthday": "2020-02-29",
             "created_at": "2024-05-01T10:20:30Z", "chip_id": "6f9619ff-8b86-d011-b42d-00c04fc964ff",
             "homepage": "https://de.wikipedia.org/wiki/Köln", "thumbnail": "AAEC", "owner": {"name": "Ada"},
             "labels": ["good"], "attributes": {"coat": "short"}, "category": 2}
            """#)
        #expect(pet.id == 9_007_199_254_740_993, "int64 keeps every digit")
        #expect(pet.status == .sold)
        #expect(pet.tag == .some(.null), "an explicit null stays apart from an absent tag")
        #expect(pet.createdAt == Date(timeIntervalSince1970: 1_714_558_830))
        #expect(pet.chipId == "6f9619ff-8b86-d011-b42d-00c04fc964ff", "a uuid is a String: a UUID would write it back in upper case")
        #expect(pet.homepage == "https://de.wikipedia.org/wiki/Köln", "a URI is a String: a URL would percent-encode the ö")
        #expect(pet.thumbnail == Data([0, 1, 2]), "format byte is Base64")
        #expect(pet.owner?.name == "Ada")
        #expect(pet.owner?.phone == nil)
        #expect(pet.attributes == ["coat": "short"])
        #expect(pet.category == .value2)
        // A default is what the API takes for a key that is absent: the property stays nil, and
        // its doc comment says the default.
        #expect(pet.weight == nil && pet.size == nil)

        let absent = try decode(Pet.self, #"{"id": 1, "name": "Tom", "status": "available", "created_at": "2024-05-01T10:20:30Z"}"#)
        #expect(absent.tag == nil)

        // Written back, every value is where it came from: snake_case keys, the calendar date, null kept.
        let written = try decode(JSONValue.self, try encodeSorted(pet))
        guard case .object(let object) = written else {
            Issue.record("expected an object, got \(written)")
            return
        }
        #expect(object["birthday"] == .string("2020-02-29"))
        #expect(object["created_at"] == .string("2024-05-01T10:20:30Z"))
        #expect(object["tag"] == .null)
        #expect(object["chip_id"] == .string("6f9619ff-8b86-d011-b42d-00c04fc964ff"))
        #expect(object["homepage"] == .string("https://de.wikipedia.org/wiki/Köln"))
        #expect(object["id"] == .int(9_007_199_254_740_993))
        #expect(object["weight"] == nil && object["size"] == nil, "an absent key stays absent")
    }

    @Test func aRequiredPropertyThatIsMissingIsAnError() throws {
        #expect(throws: DecodingError.self) { try decode(Pet.self, #"{"id": 1, "name": "Tom", "status": "available"}"#) }
        #expect(throws: DecodingError.self) { try decode(PetOwner.self, #"{"phone": "1"}"#) }
    }

    @Test func allOfComposesTheBasesProperties() throws {
        let order = try decode(Order.self, #"{"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "quantity": 3, "updated_at": "2024-01-02T03:04:05Z", "note": "fragile"}"#)
        #expect(order.quantity == 3)
        #expect(order.updatedAt == Date(timeIntervalSince1970: 1_704_164_645))
        #expect(order.note == "fragile", "a component that is a plain type is inlined: Note is a String")
    }

    @Test func aDiscriminatorPicksTheMember() throws {
        let shapes = try decode([Shape].self, #"[{"kind": "circle", "radius": 2}, {"kind": "square", "side": 3}, {"kind": "hexagon"}]"#)
        guard case .circle(let circle) = shapes[0], case .square(let square) = shapes[1], case .unknown = shapes[2] else {
            Issue.record("unexpected \(shapes)")
            return
        }
        #expect(circle.radius == 2)
        #expect(square.side == 3)
        #expect(try encodeSorted(Shape.circle(Circle(kind: "", radius: 1))) == #"{"kind":"circle","radius":1}"#)
    }

    @Test func membersToldApartByAConstantPropertyAreATaggedUnion() throws {
        let events = try decode([Event].self, #"[{"type": "fed", "food": "fish"}, {"type": "adopted", "pet_id": 7}]"#)
        guard case .eventFed(let fed) = events[0], case .eventAdopted(let adopted) = events[1] else {
            Issue.record("unexpected \(events)")
            return
        }
        #expect(fed.food == "fish")
        #expect(adopted.petId == 7)
        // The constant is each member's default: the app need not spell it, and it is sent.
        #expect(try encodeSorted(Event.eventAdopted(EventAdopted(petId: 8))) == #"{"pet_id":8,"type":"adopted"}"#)
        #expect(try encodeSorted([Event.eventFed(EventFed(food: "kelp"))]) == #"[{"food":"kelp","type":"fed"}]"#)
    }

    @Test func anUntaggedUnionTriesTheStricterTypeFirst() throws {
        let drawing = try decode(Drawing.self, #"{"shape": {"kind": "circle", "radius": 1}, "label": 42, "layers": [{"name": "a", "children": [{"name": "b"}]}]}"#)
        guard case .int(42) = drawing.label else {
            Issue.record("expected .int(42), got \(drawing.label)")
            return
        }
        guard case .string("42") = try decode(DrawingLabel.self, #""42""#) else {
            Issue.record("a string label stays a string")
            return
        }
        #expect(drawing.layers?.first?.children?.first?.name == "b", "a schema that refers to itself nests")
    }

    // MARK: Requests

    static let base = URL(string: "https://api.test/v2")!

    /// `anyOf: [string, enum, enum]`, an enum beside the other strings it allows, is one open
    /// enum of every listed value: a listed one is its case, any other string `unknown`, and
    /// each encodes back as it came.
    @Test func aStringBesideEnumsIsOneOpenEnum() throws {
        let decoded = try JSONDecoder().decode([Species].self, from: Data(#"["cat", "axolotl", "dog", "Cat", ""]"#.utf8))
        #expect(decoded == [.cat, .axolotl, .dog, .unknown("Cat"), .unknown("")])
        #expect(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == #"["cat","axolotl","dog","Cat",""]"#)
        let request = try ShowcaseAPI.client(baseURL: Self.base).urlRequest(for: PetsService.listPets(species: .dog, xRequestID: UUID().uuidString))
        #expect(request.url?.query == "species=dog")
    }

    @Test func parametersGoWhereTheDocumentPutsThem() throws {
        let client = ShowcaseAPI.client(baseURL: Self.base)
        let id = "6f9619ff-8b86-d011-b42d-00c04fc964ff"
        let request = try client.urlRequest(for: PetsService.listPets(
            limit: 10, tags: ["a", "b c"], status: .pending, fields: ["id", "name"], xRequestID: id, session: "s1"))
        // `tags` is exploded (an item per element), `fields` is not (one item, commas between).
        #expect(request.url?.absoluteString == "https://api.test/v2/pets?limit=10&tags=a&tags=b%20c&status=pending&fields=id,name")
        #expect(request.value(forHTTPHeaderField: "X-Request-ID") == id, "as given, lower case")
        #expect(request.value(forHTTPHeaderField: "Cookie") == "session=s1")
        #expect(request.httpMethod == "GET")
    }

    /// The document's response headers, typed: read beside the value when asked for.
    @Test func responseHeadersAreReadWhenAskedFor() async throws {
        let transport = CannedTransport()
        transport.stub(.get, "/v2/pets", with: .json("[]", headers: ["X-Total-Count": "41", "X-Next-Since": "2024-05-01T09:30:00Z"]))
        let client = ShowcaseAPI.client(baseURL: Self.base, transport: transport).authorized(BearerAuth.self, credential: BearerToken("t"))
        let endpoint = PetsService.listPets(xRequestID: UUID().uuidString)
        let (pets, headers) = try await client.send(endpoint.withResponseHeaders())
        #expect(pets.isEmpty)
        #expect(headers == ListPetsEndpoint.ResponseHeaders(xTotalCount: 41, xNextSince: Date(timeIntervalSince1970: 1_714_555_800)))
        #expect(try await client.send(endpoint).isEmpty)
    }

    @Test func bodiesAreSentInTheirMediaType() throws {
        let client = ShowcaseAPI.client(baseURL: Self.base)
        let create = try client.urlRequest(for: PetsService.createPet(newPet: NewPet(name: "Rex", price: nil, status: .available)))
        #expect(create.value(forHTTPHeaderField: "Content-Type") == "application/json")
        // Required and nullable: the price goes out as null; the tag, optional, is left out.
        #expect(try decode(JSONValue.self, String(decoding: create.httpBody ?? Data(), as: UTF8.self))
            == .object(["name": .string("Rex"), "price": .null, "status": .string("available")]))
        let priced = try client.urlRequest(for: PetsService.createPet(newPet: NewPet(name: "Rex", price: 12.5)))
        #expect(try decode(JSONValue.self, String(decoding: priced.httpBody ?? Data(), as: UTF8.self))
            == .object(["name": .string("Rex"), "price": .double(12.5)]))

        let rename = try client.urlRequest(for: PetsService.renamePet(petId: 5, renamePetRequest: RenamePetRequest(name: "Max & co")))
        #expect(rename.url?.path == "/v2/pets/5/rename")
        #expect(rename.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
        #expect(rename.httpBody == Data("name=Max+%26+co".utf8))

        let upload = try client.urlRequest(for: PetsService.uploadDocument(uploadDocumentRequest: UploadDocumentRequest(
            file: FormFile(data: Data("%PDF".utf8), filename: "a.pdf", contentType: "application/pdf"), title: "Papers",
            species: .unknown("axolotl 2"),
            attachments: [FormFile(data: Data("A".utf8), filename: "a.txt", contentType: "text/plain"), FormFile(data: Data("B".utf8), filename: "b.png")],
            meta: UploadDocumentRequestMeta(author: "Ada"))))
        #expect(upload.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("multipart/form-data; boundary=") == true)
        let body = String(decoding: upload.httpBody ?? Data(), as: UTF8.self)
        #expect(body.contains("name=\"file\"; filename=\"a.pdf\""))
        #expect(body.contains("Content-Type: application/pdf"))
        #expect(body.contains("name=\"title\"\r\n\r\nPapers"))
        // An enum is sent as its raw value, an array of files as a part each, an object as JSON.
        #expect(body.contains("name=\"species\"\r\n\r\naxolotl 2\r\n"))
        #expect(body.contains("name=\"attachments\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\nA\r\n"))
        #expect(body.contains("name=\"attachments\"; filename=\"b.png\"\r\nContent-Type: application/octet-stream\r\n\r\nB\r\n"))
        #expect(body.contains("name=\"meta\"\r\nContent-Type: application/json\r\n\r\n{\"author\":\"Ada\"}\r\n"))

        let photo = try client.urlRequest(for: PetsService.uploadPhoto(petId: 5, upload: .data(Data([0x89, 0x50]))))
        #expect(photo.httpMethod == "PUT")
        #expect(photo.value(forHTTPHeaderField: "Content-Type") == "image/png")
    }

    @Test func securityRequirementsBecomeTheEndpointsAuth() async throws {
        #expect(ListPetsEndpoint.Auth.self == BearerAuth.self, "the document's security applies")
        #expect(ShowPetByIdEndpoint.Auth.self == NoAuth.self, "\"security\": [] needs no credential")
        #expect(GetInventoryEndpoint.Auth.self == StoreKeyAuth.self)
        #expect(AdminReportEndpoint.Auth.self == AdminAuth.self)
        let oauth: any BearerAuthScheme.Type = OauthAuth.self  // OAuth 2 sends its access token as a bearer token
        _ = oauth

        let transport = StubTransport(json: #"{"available": 3}"#)
        let client = ShowcaseAPI.client(baseURL: Self.base, transport: transport)
        let counts = try await LiveStoreService(client: client.authorized(StoreKeyAuth.self, credential: APIKey("k-1"))).getInventory()
        #expect(counts == ["available": 3])
        #expect(await transport.lastRequest?.value(forHTTPHeaderField: "X-Store-Key") == "k-1")
    }

    @Test func anAPIKeyInACookieTravelsInTheCookieHeader() async throws {
        #expect(WhoAmIEndpoint.Auth.self == SessionAuth.self)
        #expect(AdminReportEndpoint.Auth.self == AdminAuth.self, "a resource of its own: a live service holds one client")
        let transport = StubTransport(json: #"{"name": "Ada"}"#)
        let client = ShowcaseAPI.client(baseURL: Self.base, transport: transport)
        let me = try await LiveShowcaseService(client: client.authorized(SessionAuth.self, credential: APIKey("s-1"))).whoAmI()
        #expect(me.name == "Ada")
        #expect(await transport.lastRequest?.value(forHTTPHeaderField: "Cookie") == "sid=s-1")
    }

    @Test func errorBodiesDecodeAsTheDocumentsProblem() async throws {
        let transport = StubTransport(status: 404, json: #"{"title": "Not found", "status": 404}"#)
        let client = ShowcaseAPI.client(baseURL: Self.base, transport: transport)
        let error = try #require(await #expect(throws: EndpointError.self) { try await client.send(PetsService.showPetById(petId: 1)) })
        #expect(error.errorBody(as: Problem.self)?.title == "Not found")
    }

    @Test func serversComeWithTheirVariablesFilledIn() {
        #expect(ShowcaseAPI.Server.allCases.map(\.rawValue) == [
            "https://api.example.com/v2", "https://api.example.com/v1", "https://staging.example.com/v2",
        ])
    }
}
