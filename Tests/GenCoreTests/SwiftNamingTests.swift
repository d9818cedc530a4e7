import Foundation
import Testing

@testable import GenCore

/// The rules that turn spec names into Swift names.
@Suite struct SwiftNamingTests {
    @Test(arguments: [
        ("user_name", "userName"), ("X-Request-ID", "xRequestID"), ("first name", "firstName"), ("URLString", "urlString"),
        ("ID", "id"), ("Name", "name"), ("userID", "userID"), ("already", "already"), ("page size", "pageSize"),
        ("HTTPStatus", "httpStatus"), ("snake_case_name", "snakeCaseName"), ("a.b.c", "aBC"), ("v2", "v2"),
        ("Café", "café"), ("Ünïcode name", "ünïcodeName"), ("in-progress", "inProgress"), ("on hold", "onHold"),
        ("fetch cities by id", "fetchCitiesById"),
    ])
    func memberNames(_ input: String, _ expected: String) {
        #expect(SwiftNaming.memberName(input) == expected)
    }

    /// A run of capitals followed by lowercase letters: the last capital starts a new word
    /// (`URLString`), unless what follows is only a plural `s` or a digit (`URLs`, `IDs`, `ID2`).
    @Test func acronymPluralsAndNumbers() {
        #expect(SwiftNaming.memberName("URLString") == "urlString")
        #expect(SwiftNaming.memberName("IDCard") == "idCard")
        #expect(SwiftNaming.memberName("URLs") == "urls")
        #expect(SwiftNaming.memberName("IDs") == "ids")
        #expect(SwiftNaming.memberName("ID2") == "id2")
    }

    /// Found by a tester on Sentry's document (`List an Organization's Teams` was
    /// `listAnOrganizationSTeams`): an apostrophe between letters, straight or curly, does not
    /// split a word; elsewhere it is punctuation, as before.
    @Test(arguments: [
        ("List an Organization's Teams", "listAnOrganizationsTeams", "ListAnOrganizationsTeams"),
        ("don\u{2019}t stop", "dontStop", "DontStop"), ("rock 'n' roll", "rockNRoll", "RockNRoll"), ("'quoted'", "quoted", "Quoted"),
        ("Ünï's ça", "ünïsÇa", "ÜnïsÇa"), ("CLIENT'S_ID", "clientsId", "CLIENTSID"), ("it's", "its", "Its"),
    ])
    func apostrophesBetweenLetters(_ input: String, _ member: String, _ type: String) {
        #expect(SwiftNaming.memberName(input) == member)
        #expect(SwiftNaming.typeName(input) == type)
    }

    /// Found by a tester on Telegram's document: the dice emoji of `sendDice` were cases `value`,
    /// `value2`… A name of symbols alone is read by their Unicode names (skin tones and
    /// variation selectors left out); one or two ASCII symbols too (Apideck's `*`, an operator's
    /// `<=`); a longer run of ASCII punctuation, or a name with any letter or digit, as before.
    @Test(arguments: [
        ("🎲", "gameDie"), ("🎯", "directHit"), ("🏀", "basketballAndHoop"), ("👍🏽", "thumbsUpSign"), ("❤️", "heavyBlackHeart"),
        ("*", "asterisk"), ("+", "plusSign"), ("-", "hyphenMinus"), ("<=", "lessThanSignEqualsSign"), ("!=", "exclamationMarkEqualsSign"),
        ("---", "value"), ("_", "value"), ("__", "value"), ("", "value"),
        ("🎲🎲🎲🎲🎲", "value"), ("a🎲", "a"), ("🎲 1", "_1"),
    ])
    func namesOfSymbolsAlone(_ input: String, _ member: String) {
        #expect(SwiftNaming.memberName(input) == member)
    }

    /// Found on HubSpot's documents, whose enum values are words in capitals (`NOT_SUBSCRIBED`),
    /// as Google's, Amazon's and many others' are: the rule kept every word after the first as
    /// written (`notSUBSCRIBED`). A name in capitals only, of several words, is read in lower
    /// case; one word in capitals, or capitals beside lower case, as before. Type names keep
    /// their capitals, which read as acronyms there (the review found `NASA API` made
    /// `NasaApiAPI`).
    @Test(arguments: [
        ("NOT_SUBSCRIBED", "notSubscribed", "NOTSUBSCRIBED"), ("PRE_ACTION_EXECUTION", "preActionExecution", "PREACTIONEXECUTION"),
        ("X-API-KEY", "xApiKey", "XAPIKEY"), ("US_EAST_1", "usEast1", "USEAST1"), ("TASK STATUS", "taskStatus", "TASKSTATUS"),
        ("ÜBER_ALLES", "überAlles", "ÜBERALLES"), ("SUBSCRIBED", "subscribed", "SUBSCRIBED"), ("ID", "id", "ID"),
        ("X-Request-ID", "xRequestID", "XRequestID"), ("HTTP_get", "httpGet", "HTTPGet"), ("2_FA", "_2Fa", "_2FA"), ("NASA API", "nasaApi", "NASAAPI"),
    ])
    func namesInCapitalsOnly(_ input: String, _ member: String, _ type: String) {
        #expect(SwiftNaming.memberName(input) == member)
        #expect(SwiftNaming.typeName(input) == type)
    }

    @Test(arguments: [("2fa", "_2fa"), ("123", "_123"), ("1st place", "_1stPlace"), ("", "value"), ("---", "value"), ("_", "value")])
    func memberNamesThatAreNotIdentifiersAsWritten(_ input: String, _ expected: String) {
        #expect(SwiftNaming.memberName(input) == expected)
    }

    @Test func namesThatCanNeverBeMembers() {
        // `self`, `Self` and `init` cannot be declared as members even in backticks, and a member
        // called `Type` or `Protocol` would clash with the metatype syntax.
        #expect(SwiftNaming.memberName("self") == "self_")
        #expect(SwiftNaming.memberName("Self") == "self_")
        #expect(SwiftNaming.memberName("init") == "init_")
        for name in ["self", "Self", "init", "Type", "Protocol", "_", "type", "protocol"] {
            let member = SwiftNaming.memberName(name)
            #expect(!["self", "Self", "init", "Type", "Protocol", "_"].contains(member), "\(name) → \(member)")
        }
    }

    @Test func memberNamesAreIdentifiers() {
        var generator = SeededGenerator(seed: 2024)
        let pieces = ["user", "ID", "URL", "name", "_", "-", " ", "2", "self", "Type", "é", ".", "/", "{", "\"", "\\(", "init", "日本"]
        for _ in 0..<2000 {
            let input = (0..<Int.random(in: 0...5, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let member = SwiftNaming.memberName(input)
            #expect(SwiftNaming.isIdentifier(member), "\(input) → \(member)")
            #expect(member.first.map { !$0.isUppercase } ?? false, "\(input) → \(member)")
        }
    }

    @Test(arguments: [
        ("fetch cities", "FetchCities"), ("edge cases", "EdgeCases"), ("Edge Things", "EdgeThings"), ("user_profile", "UserProfile"),
        ("http-bin", "HttpBin"), ("HTTPBin", "HTTPBin"), ("users", "Users"), ("fetchCitiesById", "FetchCitiesById"),
        ("2fa", "_2fa"), ("", "Value"), ("a b c", "ABC"),
    ])
    func typeNames(_ input: String, _ expected: String) {
        #expect(SwiftNaming.typeName(input) == expected)
    }

    /// Found on the New York Times' and Google's documents: an endpoint's struct was its function
    /// name capitalised (`URLShortener` → `UrlShortenerEndpoint`, `GET_lists-format` →
    /// `GetListsFormatEndpoint`) while the models its operation names kept the capitals
    /// (`URLShortenerRequest`, `GETListsFormatResponse`). Both now take the type-name rule,
    /// and a name in capitals only reads as its function does.
    @Test(arguments: [
        ("URLShortener", "URLShortener"), ("GET_lists-format", "GETListsFormat"), ("getHTTPStatus", "GetHTTPStatus"),
        ("fetchCities", "FetchCities"), ("GET_USERS", "GetUsers"), ("delete-user", "DeleteUser"), ("urlShortener", "UrlShortener"),
    ])
    func typeNamesOfMembers(_ input: String, _ expected: String) {
        #expect(SwiftNaming.typeName(ofMember: input) == expected)
    }

    @Test(arguments: [
        ("cityName", "city_name"), ("userID", "user_id"), ("URLString", "url_string"), ("already_snake", "already_snake"),
        ("name", "name"), ("HTTPRequestID", "http_request_id"), ("firstName2", "first_name2"), ("a", "a"), ("ABC", "abc"),
        ("isHTTPS", "is_https"), ("snake_caseMixed", "snake_case_mixed"),
    ])
    func snakeCase(_ input: String, _ expected: String) {
        #expect(SwiftNaming.snakeCase(input) == expected)
    }

    /// The doc comment promises Foundation's `convertToSnakeCase` rule. Compare with Foundation
    /// itself on camelCase names that start with a lowercase word, the shape of property names;
    /// Foundation splits a leading acronym oddly (`URLString` → `u_rl_string`), and the
    /// generator deliberately does not (see `snakeCase(_:_:)`).
    @Test func snakeCaseMatchesFoundation() throws {
        var generator = SeededGenerator(seed: 99)
        let firstWords = ["user", "name", "s", "v2", "is", "x"]
        let words = ["user", "User", "ID", "Id", "URL", "Url", "name", "Name", "HTTP", "Request", "s", "X", "2", "v2", "Value"]
        var names: Set<String> = ["cityName", "userID", "myURLProperty", "already_snake", "myURLs", "aB", "aBC", "isHTTPS"]
        for _ in 0..<400 {
            let count = Int.random(in: 0...3, using: &generator)
            names.insert(firstWords.randomElement(using: &generator)! + (0..<count).map { _ in words.randomElement(using: &generator)! }.joined())
        }
        let foundation = try foundationSnakeCase(Array(names))
        for name in names.sorted() {
            #expect(SwiftNaming.snakeCase(name) == foundation[name], "\(name)")
        }
    }

    @Test func escapingKeywords() {
        // Words Swift reserves in declarations, from The Swift Programming Language's lexical
        // structure chapter: as member names they need backticks.
        let reserved = [
            "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
            "internal", "let", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
            "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
            "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
            "Any", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        ]
        for word in reserved {
            #expect(SwiftNaming.escaped(word) == "`\(word)`")
        }
        for word in ["name", "type", "value", "request", "client", "id", "description", "data", "userName", "_2fa", "self_"] {
            #expect(SwiftNaming.escaped(word) == word)
        }
        // Argument labels may be keywords, except these three.
        for word in ["inout", "var", "let"] {
            #expect(SwiftNaming.argumentLabel(word) == "`\(word)`")
        }
        for word in ["default", "class", "in", "for", "name"] {
            #expect(SwiftNaming.argumentLabel(word) == word)
        }
    }

    @Test(arguments: [("userName", true), ("_2fa", true), ("café", true), ("a1", true), ("2fa", false), ("", false),
                      ("first-name", false), ("a b", false), ("a.b", false)])
    func identifiers(_ name: String, _ expected: Bool) {
        #expect(SwiftNaming.isIdentifier(name) == expected)
    }

    /// The names, declared and used the way the generated code declares and uses them, compile.
    @Test(.enabled(if: executable(named: "swiftc") != nil, "needs swiftc"))
    func memberNamesCompile() async throws {
        var inputs = Array(SwiftNaming.keywords)
        inputs += [
            "self", "Self", "init", "Type", "Protocol", "_", "__", "2fa", "X-Request-ID", "first name", "", "rawValue", "hashValue",
            "stringValue", "intValue", "deinit", "subscript", "é", "日本", "macro", "copy", "discard", "each", "isolated",
            "nonisolated", "sending", "then", "unsafe", "yield", "Any", "Type", "Int", "String", "some", "any",
        ]
        var source = "// Generated by SwiftNamingTests.\n"
        for (index, input) in inputs.enumerated() {
            let member = SwiftNaming.memberName(input)
            let name = SwiftNaming.escaped(member)
            let label = SwiftNaming.argumentLabel(member)
            source += """
                struct Holder\(index) {
                    var \(name): Int
                    init(\(name): Int) {
                        self.\(name) = \(name)
                    }
                    func read() -> Int { self.\(name) }
                    private enum CodingKeys: String, CodingKey {
                        case \(name) = "k"
                    }
                }
                enum Cases\(index) { case \(name) }
                enum Service\(index) {
                    static func \(name)(\(name): Int) -> Int { \(name) }
                }
                func use\(index)() -> Int {
                    let holder = Holder\(index)(\(label): 1)
                    _ = Cases\(index).\(name)
                    return holder.\(name) + Service\(index).\(name)(\(label): 2)
                }

                """
        }
        let folder = try TemporaryDirectory()
        try folder.write("main.swift", source)
        let result = try await runProcess(executable(named: "swiftc")!, ["-typecheck", folder.file("main.swift").path])
        #expect(result.status == 0, "\(result.standardError)")
    }

    // MARK: Helpers

    private struct Keys: Encodable {
        var names: [String]

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for name in names { try container.encode(name, forKey: Key(stringValue: name)) }
        }
    }

    /// Foundation's snake_case form of each name: the key it encodes the name under.
    private func foundationSnakeCase(_ names: [String]) throws -> [String: String] {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        var result: [String: String] = [:]
        for name in names {
            let data = try encoder.encode(Keys(names: [name]))
            let object = try JSONSerialization.jsonObject(with: data) as? [String: String] ?? [:]
            result[name] = object.first?.key
        }
        return result
    }

    @Test func asciiMemberNamesMatchTheScalarRules() {
        let pieces = ["a", "b", "Z", "Q", "s", "0", "7", "_", "-", " ", ".", "ID", "URL", "url", "self", "Type", "init", "x"]
        var generator = SeededGenerator(seed: 21)
        for _ in 0..<4000 {
            let name = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(SwiftNaming.asciiMemberName(name) == SwiftNaming.scalarMemberName(name), "\(name.debugDescription)")
        }
        #expect(SwiftNaming.asciiMemberName("café") == nil)
        #expect(SwiftNaming.memberName("Café_au_lait") == "caféAuLait")
    }

    @Test func typeExpressionNamesKeepTheirScalarOffsets() throws {
        let expression = try TypeExpressionParser.parse(" [String: [Café]]?")
        #expect(expression == .optional(.dictionary(.array(.named("Café", offset: 11)))))
        #expect(try TypeExpressionParser.parse("日本") == .named("日本", offset: 0))
    }
}
