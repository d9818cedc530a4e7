import Foundation
import GeneratedRuntime
import Testing

/// Form bodies: `application/x-www-form-urlencoded` and `multipart/form-data`, checked against
/// readers written here from the specifications (WHATWG URL forms, RFC 7578 / RFC 2046), so that a
/// value cannot end its field, forge another field or add a header to its part.
@Suite struct FormFieldsTests {
    // MARK: URL-encoded

    /// Reads a urlencoded body back: `+` is a space, then percent-decoding.
    static func readURLEncoded(_ text: String) -> [(String, String)] {
        text.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ part: Substring) -> String {
                part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "<invalid>"
            }
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "<no =>")
        }
    }

    @Test func urlEncodingEscapesEveryReservedCharacter() {
        var form = FormFields()
        form.append("q", "a b&c=d+e%f/?#;")
        form.append("na me&x=", "1")
        form.append("line", "one\r\ntwo&admin=true")
        form.append("flag", true)
        form.append("n", 3)
        form.append("none", String?.none)
        form.append("tags", ["x", "y z"])
        form.append("ü", "€")
        #expect(form.urlEncoded
            == "q=a+b%26c%3Dd%2Be%25f%2F%3F%23%3B&na+me%26x%3D=1&line=one%0D%0Atwo%26admin%3Dtrue&flag=true&n=3&tags=x&tags=y+z&%C3%BC=%E2%82%AC")
        let read = Self.readURLEncoded(form.urlEncoded)
        #expect(read.map(\.0) == ["q", "na me&x=", "line", "flag", "n", "tags", "tags", "ü"])
        #expect(read.map(\.1) == ["a b&c=d+e%f/?#;", "1", "one\r\ntwo&admin=true", "true", "3", "x", "y z", "€"])
    }

    @Test func aFileInAURLEncodedFormIsSentAsItsText() {
        var form = FormFields()
        form.append("note", FormFile(data: Data("a&b=c".utf8), filename: "n.txt"))
        form.append("raw", Data("x y".utf8))
        form.append("missing", Data?.none)
        #expect(form.urlEncoded == "note=a%26b%3Dc&raw=x+y")
    }

    @Test func setFormBodySetsTheBodyAndContentType() {
        var form = FormFields()
        form.append("user_name", "ada lovelace")
        var request = EndpointRequest(method: .post, path: "/login")
        request.setFormBody(form)
        #expect(request.body == Data("user_name=ada+lovelace".utf8))
        #expect(request.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(request.upload == nil)
    }

    // MARK: Multipart

    struct Part: Equatable, CustomStringConvertible {
        var headers: [String]
        var content: Data
        var description: String { "\(headers) \(String(decoding: content, as: UTF8.self).debugDescription)" }
    }

    /// Splits a multipart body at its delimiters (RFC 2046 §5.1.1): `--boundary` at the start of
    /// the body or after CRLF; each part's header lines end at the first empty line. Nil when the
    /// body is not well formed.
    static func readMultipart(_ body: Data, boundary: String) -> [Part]? {
        let bytes = [UInt8]("\r\n".utf8) + [UInt8](body)
        let delimiter = [UInt8]("\r\n--\(boundary)".utf8)
        func find(_ needle: [UInt8], from start: Int) -> Int? {
            guard needle.count <= bytes.count else { return nil }
            var index = start
            while index + needle.count <= bytes.count {
                if Array(bytes[index..<index + needle.count]) == needle { return index }
                index += 1
            }
            return nil
        }
        guard var position = find(delimiter, from: 0), position == 0 else { return nil }
        var parts: [Part] = []
        while true {
            let after = position + delimiter.count
            if Array(bytes[after..<min(after + 4, bytes.count)]) == [UInt8]("--\r\n".utf8) {
                return after + 4 == bytes.count ? parts : nil
            }
            guard Array(bytes[after..<min(after + 2, bytes.count)]) == [UInt8]("\r\n".utf8),
                  let next = find(delimiter, from: after + 2) else { return nil }
            let part = Array(bytes[(after + 2)..<next])
            let blank = [UInt8]("\r\n\r\n".utf8)
            guard let split = (0...max(0, part.count - 4)).first(where: { part.count >= 4 && Array(part[$0..<$0 + 4]) == blank })
            else { return nil }
            let headers = String(decoding: part[..<split], as: UTF8.self).components(separatedBy: "\r\n")
            parts.append(Part(headers: headers, content: Data(part[(split + 4)...])))
            position = next
        }
    }

    @Test func multipartBytesForASimpleForm() {
        var form = FormFields()
        form.append("caption", "Hi")
        form.append("photo", FormFile(data: Data([0x89, 0x50, 0x0D, 0x0A]), filename: "me.png", contentType: "image/png"))
        form.append("thumb", Data("t".utf8))
        var expected = Data("--B\r\nContent-Disposition: form-data; name=\"caption\"\r\n\r\nHi\r\n".utf8)
        expected += Data("--B\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"me.png\"\r\nContent-Type: image/png\r\n\r\n".utf8)
        expected += Data([0x89, 0x50, 0x0D, 0x0A])
        expected += Data("\r\n--B\r\nContent-Disposition: form-data; name=\"thumb\"; filename=\"thumb\"\r\n".utf8)
        expected += Data("Content-Type: application/octet-stream\r\n\r\nt\r\n--B--\r\n".utf8)
        #expect(form.multipartEncoded(boundary: "B") == expected)
    }

    @Test func valuesNamesAndFilenamesCannotForgePartsOrHeaders() throws {
        let forged = "x\r\n--endpointgen-\r\nContent-Disposition: form-data; name=\"admin\"\r\n\r\ntrue"
        var form = FormFields()
        form.append("caption", forged)
        form.append("we\"ird\r\nX-Injected: 1", "v")
        form.append("photo", FormFile(
            data: Data("line\r\n--\r\n".utf8), filename: "a\".png\r\nContent-Type: text/html\r\n\r\n<script>",
            contentType: "image/png"))
        var request = EndpointRequest(method: .post, path: "/upload")
        request.setMultipartBody(form)
        let contentType = try #require(request.headers["Content-Type"])
        let prefix = "multipart/form-data; boundary="
        try #require(contentType.hasPrefix(prefix))
        let boundary = String(contentType.dropFirst(prefix.count))
        let body = try #require(request.body)
        // A value from user input cannot hold the boundary: it is new for each body.
        var again = EndpointRequest(method: .post, path: "/upload")
        again.setMultipartBody(form)
        #expect(again.headers["Content-Type"] != contentType)
        #expect(boundary.count >= 30)

        let parts = try #require(Self.readMultipart(body, boundary: boundary), "\(String(decoding: body, as: UTF8.self))")
        #expect(parts.count == 3, "\(parts)")
        guard parts.count == 3 else { return }
        #expect(parts[0] == Part(headers: [#"Content-Disposition: form-data; name="caption""#], content: Data(forged.utf8)))
        #expect(parts[1] == Part(headers: [#"Content-Disposition: form-data; name="we%22ird%0D%0AX-Injected: 1""#], content: Data("v".utf8)))
        #expect(parts[2].headers == [
            #"Content-Disposition: form-data; name="photo"; filename="a%22.png%0D%0AContent-Type: text/html%0D%0A%0D%0A<script>""#,
            "Content-Type: image/png",
        ])
        #expect(parts[2].content == Data("line\r\n--\r\n".utf8))
        #expect(request.problem == nil)
    }

    /// What a multipart body cannot carry as the app gave it fails the request (the client sends
    /// nothing): a file's content type with a line break (it was sent with the break removed),
    /// another control character or a space at either end; a boundary RFC 2046 does not allow;
    /// a boundary the content holds, which would end a part early.
    @Test func whatAMultipartBodyCannotCarryIsAProblem() async throws {
        func problem(contentType: String = "image/png", text: String = "v", boundary: String? = nil) -> String? {
            var form = FormFields()
            form.append("caption", text)
            form.append("photo", FormFile(data: Data("PNG".utf8), filename: "a.png", contentType: contentType))
            var request = EndpointRequest(method: .post, path: "/upload")
            if let boundary { request.setMultipartBody(form, boundary: boundary) } else { request.setMultipartBody(form) }
            return request.problem
        }
        #expect(problem() == nil)
        #expect(problem(contentType: "text/plain; charset=utf-8", boundary: "simple boundary'()+_,-./:=?") == nil)
        for contentType in ["image/png\r\nX-Evil: 1", "image/png\n", "a\u{0}b", " image/png"] {
            #expect(problem(contentType: contentType)?.hasPrefix("the content type of file field 'photo' ") == true, "\(contentType.debugDescription)")
        }
        for boundary in ["", String(repeating: "b", count: 71), "ends with space ", "quote\"d", "line\r\nbreak", "é"] {
            #expect(problem(boundary: boundary)?.contains("is not one RFC 2046 allows") == true, "\(boundary.debugDescription)")
        }
        #expect(problem(boundary: String(repeating: "b", count: 70)) == nil)
        #expect(problem(text: "a\r\n--B\r\nContent-Disposition: form-data; name=\"admin\"\r\n\r\ntrue", boundary: "B") == "the multipart boundary 'B' occurs in the content")
        #expect(problem(text: "--B-", boundary: "B")?.contains("occurs in the content") == true, "a line of the content")
        #expect(problem(text: "x--B", boundary: "B") == nil, "not at a line's start: not a delimiter")
        #expect(problem(text: "x\r--B\n--B", boundary: "B") == nil)
        #expect(problem(contentType: "text/plain--B", boundary: "B") == nil)

        // A boundary a header's token cannot hold goes in quotes; a token does not.
        var quoted = EndpointRequest(method: .post, path: "/upload")
        quoted.setMultipartBody(FormFields(), boundary: "simple boundary'()+_,-./:=?")
        #expect(quoted.headers["Content-Type"] == #"multipart/form-data; boundary="simple boundary'()+_,-./:=?""#)
        var token = EndpointRequest(method: .post, path: "/upload")
        token.setMultipartBody(FormFields(), boundary: "a'b+c_d-e.f")
        #expect(token.headers["Content-Type"] == "multipart/form-data; boundary=a'b+c_d-e.f")

        // Encoded on its own (for an upload the app streams), a content type cannot add a header.
        var own = FormFields()
        own.append("photo", FormFile(data: Data("x".utf8), filename: "a.png", contentType: "image/png\r\nX-Evil: 1"))
        let text = String(decoding: own.multipartEncoded(boundary: "B"), as: UTF8.self)
        #expect(text.contains("Content-Type: image/png%0D%0AX-Evil: 1\r\n\r\nx\r\n--B--"), "\(text)")

        var form = FormFields()
        form.append("photo", FormFile(data: Data("x".utf8), filename: "a.png", contentType: "image/png\r\nX-Evil: 1"))
        var request = EndpointRequest(method: .post, path: "/upload")
        request.setMultipartBody(form)
        struct Upload: Endpoint {
            typealias Response = Void
            var request: EndpointRequest
            func makeRequest() -> EndpointRequest { request }
        }
        let transport = CannedTransport()
        let error = await #expect(throws: EndpointError.self) {
            try await EndpointClient(baseURL: URL(string: "https://h")!, transport: transport).send(Upload(request: request))
        }
        #expect(error?.kind == .invalidRequest)
        #expect(transport.requests.isEmpty)
    }

    @Test func aBackslashInANameIsNotReadAsAnEscape() {
        // RFC 2183's quoted string takes `\` for an escape: a file name ending in one would end
        // with the quote after it, and `\\` would lose one. Percent-encoded like a quote.
        var form = FormFields()
        form.append("a\\b", FormFile(data: Data("x".utf8), filename: "backup\\", contentType: "text/plain"))
        form.append("c", FormFile(data: Data("y".utf8), filename: #"\\srv\share\a.txt"#, contentType: "text/plain"))
        let text = String(decoding: form.multipartEncoded(boundary: "B"), as: UTF8.self)
        #expect(text.contains(#"Content-Disposition: form-data; name="a%5Cb"; filename="backup%5C""#), "\(text)")
        #expect(text.contains(#"filename="%5C%5Csrv%5Cshare%5Ca.txt""#), "\(text)")
        #expect(!text.contains("\\"), "\(text)")
    }

    @Test func aFileInAURLEncodedFormKeepsItsBytes() {
        var form = FormFields()
        form.append("bin", Data([0xFF, 0xFE, 0x41, 0x20, 0x2B]))
        form.append("text", FormFile(data: Data("é ~".utf8), filename: "t", contentType: "text/plain"))
        #expect(form.urlEncoded == "bin=%FF%FEA+%2B&text=%C3%A9+~")
    }

    /// A file read from disk keeps its name, and its extension names its media type unless one
    /// is given; an extension the table does not know sends bytes.
    @Test func aFileFromDiskKeepsItsNameAndMediaType() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("formfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, expected) in [("talk.M4A", "audio/mp4"), ("photo.jpeg", "image/jpeg"), ("notes.txt", "text/plain"), ("data.xyz", "application/octet-stream"), ("README", "application/octet-stream")] {
            let url = folder.appendingPathComponent(name)
            try Data(name.utf8).write(to: url)
            let file = try FormFile(contentsOf: url)
            #expect(file == FormFile(data: Data(name.utf8), filename: name, contentType: expected))
        }
        let given = try FormFile(contentsOf: folder.appendingPathComponent("notes.txt"), contentType: "text/markdown")
        #expect(given.contentType == "text/markdown" && given.filename == "notes.txt")
        #expect(throws: (any Error).self) { try FormFile(contentsOf: folder.appendingPathComponent("missing.png")) }
    }

    @Test func anEmptyFormIsOnlyTheClosingDelimiter() throws {
        #expect(FormFields().multipartEncoded(boundary: "B") == Data("--B--\r\n".utf8))
        #expect(FormFields().urlEncoded == "")
    }
}
