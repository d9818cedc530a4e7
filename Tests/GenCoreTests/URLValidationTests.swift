import Testing

@testable import GenCore

/// Paths, server URLs and header names a spec may hold: what the generated code would turn into
/// a crash or a surprise at run time is an error at generation time instead.
@Suite struct URLValidationTests {
    private func errors(_ spec: String) -> [String] {
        Generator.generate(specText: spec, specPath: "s.json").diagnostics.map(\.message)
    }

    private func endpoint(_ fields: String) -> String {
        #"{"name": "X", "resources": {"R": {"endpoints": [{"method": "GET", \#(fields)}]}}}"#
    }

    @Test(arguments: ["/a%zz", "/b%2", "/c%"])
    func aPercentSignMustStartAnEncodedByte(_ path: String) {
        #expect(errors(endpoint(#""path": "\#(path)""#)) == ["'%' in path '\(path)' must start a percent-encoded byte such as %20"])
    }

    @Test func encodedBytesAndSubDelimitersArePathText() {
        #expect(errors(endpoint(#""path": "/a%20b/c:d@e!$&'()*+,;=-._~""#)).isEmpty)
    }

    @Test(arguments: [
        "https://h.example.com/a b", "https://h.example.com/ü", "https://h.example.com/{x}", "https://h.example.com:99999",
        "https://h.example.com/%zz", "ftp://h.example.com", "https:///path", "https://h.example.com/?q=1", "/relative",
    ])
    func serverURLsMustParseOnEveryPlatform(_ url: String) {
        let spec = #"{"name": "X", "servers": {"main": "\#(url)"}}"#
        #expect(errors(spec).count == 1)
        #expect(errors(spec).first?.hasPrefix("server 'main' has an invalid URL") == true)
    }

    @Test func goodServerURLsPass() {
        let spec = #"{"name": "X", "servers": {"a": "https://h.example.com:8443/api%20v1", "b": "http://127.0.0.1:8080"}}"#
        #expect(errors(spec).isEmpty)
    }

    @Test func headerNamesThatDifferOnlyInCaseAreOneHeader() {
        let api = #"{"name": "X", "headers": {"Accept-Language": "en", "accept-language": "fr"}}"#
        #expect(errors(api) == ["headers 'Accept-Language' and 'accept-language' are one header: names ignore case"])
        let parameters = endpoint(#""path": "/a", "headers": {"X-Id": "String", "x-id": "String?"}"#)
        #expect(errors(parameters) == ["headers 'X-Id' and 'x-id' are one header: names ignore case"])
    }

    @Test func numbersInDefaultsMustFit() {
        let spec = #"{"name": "X", "models": {"M": {"properties": {"j": {"type": "JSON", "default": [1, 1e400]}, "d": {"type": "Double", "default": -1e999}}}}}"#
        #expect(errors(spec) == [
            "the number 1e400 in a JSON default does not fit in Double or Decimal",
            "the default value -1e999 does not fit the type Double; expected a number that fits in Double",
        ])
    }

    @Test func aQueryParameterNeedsAName() {
        #expect(errors(endpoint(#""path": "/a", "query": {"": "String"}"#)) == ["a query parameter needs a name"])
    }
}
