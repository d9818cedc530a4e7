import Foundation
import Testing

@testable import GenCore

/// The generator never crashes: whatever the spec text, it returns files or diagnostics with
/// a location, and nothing in between.
@Suite struct RobustnessTests {
    static let specsFolder = packageRoot.appendingPathComponent("Specs")

    @Test(arguments: ["cities", "items", "users", "pets", "books"])
    func mutatedSpecsNeverCrashTheGenerator(_ name: String) throws {
        let original = Array(try String(contentsOf: Self.specsFolder.appendingPathComponent("\(name).json"), encoding: .utf8).utf8)
        var random = SeededGenerator(seed: UInt64(name.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        let pieces: [[UInt8]] = ["{", "}", "[", "]", "\"", ",", ":", "\\", "?", "null", "\"[String: [", "{\"type\": 1}", "\u{2028}", "\"\\u0000\"", "-0e5", "\"Date\""].map { Array($0.utf8) }
        for iteration in 0..<300 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes.remove(at: position)
                case 1: bytes.insert(contentsOf: pieces.randomElement(using: &random)!, at: position)
                default: bytes[position] = UInt8.random(in: 0x20...0x7E, using: &random)
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let result = Generator.generate(specText: text, specPath: "\(name).json")
            if result.succeeded {
                #expect(!result.files.isEmpty, "iteration \(iteration)")
            } else {
                #expect(result.files.isEmpty, "iteration \(iteration): files despite errors")
                #expect(result.diagnostics.allSatisfy { $0.location != nil }, "iteration \(iteration): an error without a location")
            }
        }
    }

    @Test func deeplyNestedInputIsAnErrorNotACrash() {
        let deepJSON = String(repeating: "[", count: 100_000)
        #expect(!Generator.generate(specText: deepJSON, specPath: "deep.json").succeeded)
        let deepType = "[" + String(repeating: "[", count: 100_000) + "String" + String(repeating: "]", count: 100_001)
        let spec = #"{"name": "Deep", "models": {"M": {"properties": {"p": "\#(deepType)"}}}}"#
        let result = Generator.generate(specText: spec, specPath: "deep.json")
        #expect(result.diagnostics.map(\.message).contains { $0.contains("nested more than") })
    }

    /// Every place a spec key becomes part of the output: names of the API, servers, headers,
    /// models, properties, enum cases, resources, endpoints and parameters.
    @Test(arguments: ["\\n}\\nstruct Evil {}", "\\u2028x", "a\\u0000b", "*/ \\\" \\\\(x)", "\\u202Egnp.exe", "\\t\\r"])
    func hostileNamesNeverCrashOrBreakOutOfTheSwift(_ bad: String) throws {
        let result = Generator.generate(specText: Self.hostileSpec(bad), specPath: "hostile.json")
        #expect(result.succeeded, "\(result.diagnostics)")
        for file in result.files {
            for line in file.contents.split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(!line.unicodeScalars.contains(where: CommentText.isUnsafe), "\(file.path): \(line)")
                #expect(!line.hasPrefix("struct Evil"), "\(file.path) lets a spec string start a declaration")
            }
            #expect(!file.path.unicodeScalars.contains(where: CommentText.isUnsafe))
        }
    }

    static func hostileSpec(_ bad: String) -> String {
        """
            {"name": "API \(bad)", "description": "D \(bad)",
             "servers": {"s \(bad)": "https://example.com"},
             "models": {
               "Model": {"description": "\(bad)", "properties": {"p \(bad)": {"type": "String", "description": "\(bad)"}, "f \(bad)": "Bool?"}},
               "Kind": {"enum": {"c \(bad)": "v \(bad)"}}
             },
             "resources": {"R \(bad)": {"description": "\(bad)", "endpoints": [
               {"name": "e \(bad)", "method": "POST", "path": "/x/{id}", "description": "\(bad)", "deprecated": "\(bad)",
                "pathParams": {"id": {"type": "String", "description": "\(bad)"}},
                "query": {"q \(bad)": "Kind?"}, "body": {"type": "Model", "key": "k \(bad)"}, "responseKey": "r \(bad)", "response": "Model"},
               {"name": "s \(bad)", "method": "POST", "path": "/s", "query": {"streamed": "Int?"}, "body": "Model", "response": "Model",
                "stream": "sse", "streamFlag": "f \(bad)"}
             ]}}}
            """
    }
}
