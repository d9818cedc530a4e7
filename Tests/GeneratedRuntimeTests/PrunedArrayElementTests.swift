import Foundation
import GeneratedRuntime
import Testing

/// Found by the valid-spec campaign (RandomSpecTests, seed 1, specs 32, 38, 40 and 48): a pruned
/// `[Data]` or `[URL]` decoded as `[]` whatever it held. `PrunedArray` decoded each element with
/// `Element(from:)`, which skips what `JSONDecoder` does for Foundation's types (a base64 string
/// for `Data`, a string for `URL`): their own `init(from:)` expects another shape and failed, so
/// every element was dropped as bad.
@Suite struct PrunedArrayElementTests {
    struct Model: Codable, Equatable {
        var links: [URL]
        var blobs: [Data]
        var names: [String?]

        enum CodingKeys: String, CodingKey { case links, blobs, names }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            links = try container.decode(PrunedArray<URL>.self, forKey: .links).elements
            blobs = try container.decode(PrunedArray<Data>.self, forKey: .blobs).elements
            names = try container.decode(PrunedArray<String?>.self, forKey: .names).elements
        }
    }

    @Test func foundationValuesSurvivePruning() throws {
        let json = #"{"links": ["https://a.example.com/x", 5, "mailto:a@example.com"], "blobs": ["AAEC", 7, ""], "names": ["x", null, 5]}"#
        let model = try JSONDecoder().decode(Model.self, from: Data(json.utf8))
        #expect(model.links == [URL(string: "https://a.example.com/x")!, URL(string: "mailto:a@example.com")!])
        #expect(model.blobs == [Data([0, 1, 2]), Data()])
        // A null element of an array of optionals is a value, not a bad element.
        #expect(model.names == ["x", nil])
    }

    @Test func aPrunedResponseKeepsItsURLsAndData() throws {
        let urls = HTTPResponse(statusCode: 200, body: Data(#"["https://a.example.com", {}, "https://b.example.com"]"#.utf8))
        #expect(try urls.decodeJSONArray(of: URL.self, strategy: .prune) == [URL(string: "https://a.example.com")!, URL(string: "https://b.example.com")!])
        let blobs = HTTPResponse(statusCode: 200, body: Data(#"{"data": ["AAEC", null]}"#.utf8))
        #expect(try blobs.decodeJSONArray(of: Data.self, unwrapping: "data", strategy: .prune) == [Data([0, 1, 2])])
    }
}
