import Testing

@testable import GenCore

/// The problems the spec features of issue 3 can have (auth schemes, per-resource servers, form,
/// multipart and upload bodies, cookies, raw responses, envelopes, error bodies, pagination),
/// each reported in one run as the exact line a compiler would print: `file:line:column: error: …`.
@Suite struct FeatureSpecProblemTests {
    private func check(_ text: String, _ expected: [(spot: Spot, message: String)], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        expectExactProblems(text, expected, sourceLocation: sourceLocation)
    }

    // MARK: Defaults of unions

    /// A union's default must be a string, number or true/false that a member holds, and no
    /// member that might hold it in a way the generator cannot write (a URL, a UUID, Data,
    /// another union) may come before the one that does.
    @Test func unionDefaultProblems() {
        let text = #"""
            {
              "endpointgen": 1,
              "name": "Defaults",
              "models": {
                "Id": { "oneOf": ["Int", "String"] },
                "Link": { "oneOf": ["URL", "String"] },
                "Box": { "properties": { "n": "Int" } },
                "Either": { "oneOf": ["Box", "Bool"] },
                "Holder": {
                  "properties": {
                    "flag": { "type": "Id", "default": true },
                    "list": { "type": "Id?", "default": [1] },
                    "link": { "type": "Link", "default": "https://example.com" },
                    "either": { "type": "Either", "default": false },
                    "eitherNumber": { "type": "Either?", "default": 3 }
                  }
                }
              }
            }
            """#
        check(text, [
            (.marker("true }"), "the default value true does not fit the type Id; expected a string, number or true/false that a member of union 'Id' holds"),
            (.marker("[1] }"), "the default value […] does not fit the type Id; expected a string, number or true/false that a member of union 'Id' holds"),
            (.marker("\"https://example.com\" }"),
             "the default value \"https://example.com\" does not fit the type Link; expected a string, number or true/false that a member of union 'Link' holds"),
            (.marker("3 }"), "the default value 3 does not fit the type Either; expected a string, number or true/false that a member of union 'Either' holds"),
        ])
    }

    // MARK: Auth schemes and requirements
    // MARK: Auth schemes and requirements

    static let authSpec = #"""
        {
          "endpointgen": 1,
          "name": "Broken",
          "defaults": { "auth": "partnr" },
          "auth": {
            "kong": { "type": "bearer" },
            "partner": { "type": "apiKey", "in": "header", "name": "X-Partner-Key" },
            "Kong": { "type": "basic" },
            "noAuth": { "type": "bearer" },
            "None": { "type": "custom" },
            "keyless": { "type": "apiKey" },
            "halfKey": { "type": "apiKey", "in": "header" },
            "cookieKey": { "type": "apiKey", "in": "body", "name": "k" },
            "spaced": { "type": "apiKey", "in": "header", "name": "X Key" },
            "blank": { "type": "apiKey", "in": "query", "name": "" },
            "typo": { "type": "bearr" },
            "odd": { "type": "oauth" },
            "named": { "type": "bearer", "in": "header", "name": "X-Named" },
            "typeless": { "description": "no type" },
            "extra": { "type": "bearer", "header": "X-Extra" }
          },
          "models": {},
          "resources": {
            "Mixed": {
              "auth": "kong",
              "endpoints": [
                { "name": "a", "method": "GET", "path": "/a" },
                { "name": "b", "method": "GET", "path": "/b", "auth": "partner" },
                { "name": "open", "method": "GET", "path": "/open", "auth": "none" }
              ]
            },
            "Misnamed": {
              "auth": "kongg",
              "endpoints": [{ "name": "c", "method": "GET", "path": "/c", "auth": "oauth2" }]
            }
          }
        }
        """#

    @Test func authProblems() {
        check(Self.authSpec, [
            (.marker("\"partnr\""), "unknown auth scheme 'partnr'; did you mean 'partner'?"),
            (.marker("\"Kong\""), "auth scheme 'Kong' declares the type 'KongAuth', which auth scheme 'kong' declares too"),
            (.marker("\"noAuth\""), "auth scheme 'noAuth' would be the type 'NoAuth', which the generated code uses already; rename the scheme"),
            (.marker("\"None\""), "'none' means no auth and cannot name a scheme"),
            (.marker("\"apiKey\" }"),
             #"API key scheme 'keyless' needs "in" ("header", "query" or "cookie") and the "name" of the field"#),
            (.marker("\"apiKey\", \"in\": \"header\" }"),
             #"API key scheme 'halfKey' needs "in" ("header", "query" or "cookie") and the "name" of the field"#),
            (.marker("\"body\""), "unknown API key location 'body'; expected one of: header, query, cookie"),
            (.marker("\"X Key\""), "'X Key' is not a valid HTTP header name"),
            (.marker("\"\" }"), "the query item of an API key needs a name"),
            (.marker("\"bearr\""), "unknown auth scheme type 'bearr'; did you mean 'bearer'?"),
            (.marker("\"oauth\""), "unknown auth scheme type 'oauth'; expected one of: bearer, basic, apiKey, apiKeys, custom"),
            (.marker("\"header\", \"name\": \"X-Named\""), #"only API key schemes take "in" and "name""#),
            (.marker("\"X-Named\""), #"only API key schemes take "in" and "name""#),
            (.marker("{ \"description\": \"no type\" }"), "auth scheme 'typeless' has no 'type'"),
            (.marker("\"header\": \"X-Extra\""), "unknown key 'header' in auth scheme 'extra'"),
            (.marker("\"Mixed\""),
             "the endpoints of resource 'Mixed' need different auth schemes ('kong', 'partner'); its live service holds one client, so put them in separate resources"),
            (.marker("\"kongg\""), "unknown auth scheme 'kongg'; did you mean 'kong'?"),
            (.marker("\"oauth2\""), "unknown auth scheme 'oauth2'; expected one of: kong, partner, named, extra, none"),
        ])
    }

    /// `apiKeys`: two keys or more, each where an API key may go, none twice; `keys` is theirs alone.
    @Test func apiKeysProblems() {
        check(#"""
            {
              "endpointgen": 1,
              "name": "Keys",
              "auth": {
                "single": { "type": "apiKeys", "keys": [{ "in": "header", "name": "X-One" }] },
                "bare": { "type": "apiKeys" },
                "twice": { "type": "apiKeys", "keys": [{ "in": "header", "name": "X-Key" }, { "in": "header", "name": "x-key" }] },
                "halfKey": { "type": "apiKeys", "keys": [{ "in": "header", "name": "X-A" }, { "in": "query" }] },
                "badPlace": { "type": "apiKeys", "keys": [{ "in": "body", "name": "a" }, { "in": "query", "name": "b" }] },
                "wrong": { "type": "apiKeys", "keys": { "in": "header" } },
                "stray": { "type": "bearer", "keys": [{ "in": "header", "name": "X-Stray" }] },
                "extra": { "type": "apiKeys", "keys": [{ "in": "header", "name": "X-E", "secret": true }, { "in": "query", "name": "e" }] }
              },
              "models": {},
              "resources": {}
            }
            """#, [
            (.marker("\"apiKeys\", \"keys\": [{ \"in\": \"header\", \"name\": \"X-One\" }] }"),
             #"API keys scheme 'single' needs "keys": two or more, each with "in" ("header", "query" or "cookie") and the "name" of the field (one key is an "apiKey" scheme)"#),
            (.marker("\"apiKeys\" }"),
             #"API keys scheme 'bare' needs "keys": two or more, each with "in" ("header", "query" or "cookie") and the "name" of the field (one key is an "apiKey" scheme)"#),
            (.marker("\"x-key\""), "API keys scheme 'twice' sends 'x-key' twice"),
            (.marker("{ \"in\": \"query\" }"), #"a key of API keys scheme 'halfKey' needs "in" and "name""#),
            (.marker("\"body\""), "unknown API key location 'body'; expected one of: header, query, cookie"),
            (.marker("{ \"in\": \"header\" } }"), #"'keys' of auth scheme 'wrong' must be an array of {"in", "name"} objects, not an object"#),
            (.marker("{ \"in\": \"header\", \"name\": \"X-Stray\" }"), #"only API keys schemes take "keys""#),
            (.marker("\"secret\""), "unknown key 'secret' in a key of auth scheme 'extra'"),
        ])
    }

    static let bareSpec = #"""
        {
          "endpointgen": 1,
          "name": "Bare",
          "defaults": { "auth": "gateway" },
          "models": {},
          "resources": {
            "Remote": {
              "auth": "kong",
              "servers": { "production": "https://remote.example.com" },
              "endpoints": [{ "name": "ping", "method": "GET", "path": "/ping" }]
            }
          }
        }
        """#

    /// Without any scheme or server declared, the messages say how to declare one.
    @Test func problemsInASpecWithoutSchemesOrServers() {
        check(Self.bareSpec, [
            (.marker("\"gateway\""),
             #"unknown auth scheme 'gateway'; declare it under "auth", for example "auth": {"gateway": {"type": "bearer"}}"#),
            (.marker("\"kong\""),
             #"unknown auth scheme 'kong'; declare it under "auth", for example "auth": {"kong": {"type": "bearer"}}"#),
            (.marker("{ \"production\""), "resource 'Remote' has its own 'servers', but the spec declares none to pair them with"),
        ])
    }

    // MARK: Servers of a resource

    static let serverSpec = #"""
        {
          "endpointgen": 1,
          "name": "Hosts",
          "servers": { "production": "https://api.example.com", "staging": "https://staging.example.com" },
          "models": {},
          "resources": {
            "Avatars": {
              "servers": { "production": "https://img.example.com", "prod": "https://x.example.com", "staging": "ftp://img.example.com" },
              "endpoints": []
            },
            "Partial": {
              "servers": { "production": "https://partial.example.com" },
              "endpoints": []
            },
            "Odd": {
              "servers": { "qa": "https://qa.example.com", "production": "https://odd.example.com/x?y=1", "staging": "https://s.example.com" },
              "endpoints": []
            }
          }
        }
        """#

    @Test func resourceServerProblems() {
        check(Self.serverSpec, [
            (.marker("\"prod\""), "unknown server 'prod'; did you mean 'production'?"),
            (.marker("\"ftp://img"),
             "server 'staging' of resource 'Avatars' has an invalid URL 'ftp://img.example.com'; expected an absolute http or https URL without query or fragment"),
            (.marker("{ \"production\": \"https://partial"), "resource 'Partial' has no URL for server 'staging'"),
            (.marker("\"qa\""), "unknown server 'qa'; expected one of: production, staging"),
            (.marker("\"https://odd"),
             "server 'production' of resource 'Odd' has an invalid URL 'https://odd.example.com/x?y=1'; expected an absolute http or https URL without query or fragment"),
        ])
    }

    // MARK: Bodies and cookies

    static let bodySpec = #"""
        {
          "endpointgen": 1,
          "name": "Bodies",
          "models": {
            "Login": { "properties": { "user": "String", "avatar": "Data" } },
            "Card": { "properties": { "caption": "String", "owner": "Owner" } },
            "Owner": { "properties": { "name": "String" } },
            "Shape": { "enum": ["round", "square"] },
            "Survey": { "properties": { "answers": "[String: String]" } },
            "Note": { "properties": { "text": "String" } },
            "Schedule": { "properties": { "slots": "[String: Date]" } },
            "Maybe": { "properties": { "tags": "[String?]", "files": "[[File]]?", "named": "[String: File]" } }
          },
          "resources": {
            "Uploads": {
              "endpoints": [
                { "name": "up1", "method": "POST", "path": "/u1", "body": { "type": "Upload", "encoding": "form" } },
                { "name": "up2", "method": "POST", "path": "/u2", "body": { "type": "Upload", "key": "file" } },
                { "name": "up3", "method": "POST", "path": "/u3", "body": { "type": "Upload", "contentType": "text/plain\r\nX-Evil: 1" } },
                { "name": "up4", "method": "PUT", "path": "/u4", "body": { "type": "Upload", "contentType": "" } },
                { "name": "up5", "method": "POST", "path": "/u5", "body": { "type": "Upload" } },
                { "name": "up6", "method": "POST", "path": "/u6", "body": { "type": "Note", "contentType": "text/plain" } },
                { "name": "up7", "method": "GET", "path": "/u7", "body": { "type": "Upload" } },
                { "name": "up8", "method": "POST", "path": "/u8", "body": { "type": "Upload?", "key": "optionalFile" } },
                { "name": "up9", "method": "POST", "path": "/u9", "body": { "type": "Date?", "swiftName": "when" } }
              ]
            },
            "Forms": {
              "endpoints": [
                { "name": "f1", "method": "POST", "path": "/f1", "body": { "type": "Login", "encoding": "form" } },
                { "name": "f2", "method": "POST", "path": "/f2", "body": { "type": "Card", "encoding": "form" } },
                { "name": "f3", "method": "POST", "path": "/f3", "body": { "type": "[String]", "encoding": "form" } },
                { "name": "f4", "method": "POST", "path": "/f4", "body": { "type": "Shape", "encoding": "multipart" } },
                { "name": "f5", "method": "POST", "path": "/f5", "body": { "type": "Owner", "encoding": "form", "key": "owner" } },
                { "name": "f6", "method": "POST", "path": "/f6", "body": { "type": "Owner", "encoding": "xml" } },
                { "name": "f7", "method": "POST", "path": "/f7", "body": { "type": "Survey", "encoding": "form" } },
                { "name": "f8", "method": "POST", "path": "/f8", "body": { "type": "Owner", "encoding": "form", "contentTyp": "x" } },
                { "name": "f9", "method": "POST", "path": "/f9", "body": { "type": "Shape?", "encoding": "form" } },
                { "name": "f10", "method": "POST", "path": "/f10", "body": { "type": "Login?", "encoding": "form" } },
                { "name": "f11", "method": "POST", "path": "/f11", "body": { "type": "Schedule", "encoding": "multipart" } },
                { "name": "f12", "method": "POST", "path": "/f12", "body": { "type": "Card", "encoding": "multipart" } },
                { "name": "f13", "method": "POST", "path": "/f13", "body": { "type": "Maybe", "encoding": "multipart" } }
              ]
            },
            "Cookies": {
              "endpoints": [
                { "name": "k1", "method": "GET", "path": "/k1", "cookies": { "a b": "String" } },
                { "name": "k2", "method": "GET", "path": "/k2", "cookies": { "prefs": "Owner" } },
                { "name": "k3", "method": "GET", "path": "/k3", "cookies": { "tags": "[String]" } },
                { "name": "k4", "method": "GET", "path": "/k4", "cookies": { "blob": "Data?" } },
                { "name": "k5", "method": "GET", "path": "/k5", "cookies": { "a;b": "String" } },
                { "name": "k6", "method": "GET", "path": "/k6", "cookies": { "shape": "Shape?", "n": "Int" } }
              ]
            }
          }
        }
        """#

    @Test func bodyAndCookieProblems() {
        check(Self.bodySpec, [
            (.marker("\"form\" } },\n"), "an upload is sent as it is; it takes no 'encoding'"),
            (.marker("\"file\""), "an upload cannot be wrapped under a key"),
            (.marker("\"optionalFile\""), "an upload cannot be wrapped under a key"),
            (.marker("\"Date?\""), "a Date in a body must be a model property, so that it has a date strategy"),
            (.marker("\"text/plain\\r\\n"), "'contentType' must be a media type on one line"),
            (.marker("\"\" }"), "'contentType' must be a media type on one line"),
            (.marker("\"text/plain\" }"), #"'contentType' is for uploads ("type": "Upload"), for a String sent as text (such as 'text/plain'), and for a JSON body of another JSON media type, such as 'application/merge-patch+json'"#),
            (.marker("{ \"type\": \"Upload\" } }", occurrence: 2), "GET endpoints cannot have a body"),
            (.marker("\"Login\", \"encoding\""),
             #"property 'avatar' of model 'Login' is Data: a form body sends text; use "encoding": "multipart" for files"#),
            (.marker("\"Card\", \"encoding\""),
             #"property 'owner' of model 'Card' is Owner, which a form field cannot hold; use a String, number, Bool, UUID, URL, Date, enum, or an array of one ("encoding": "multipart" also sends files and JSON)"#),
            (.marker("\"[String]\", \"encoding\""), "a form body must be a model whose properties are its fields, not [String]"),
            (.marker("\"Shape\", \"encoding\""), "a multipart body must be a model whose properties are its fields, not Shape"),
            (.marker("\"owner\" }"), "a form body cannot be wrapped under a key"),
            (.marker("\"xml\""), "unknown body encoding 'xml'; expected one of: json, form, multipart"),
            (.marker("\"Survey\", \"encoding\""),
             #"property 'answers' of model 'Survey' is [String: String], which a form field cannot hold; use a String, number, Bool, UUID, URL, Date, enum, or an array of one ("encoding": "multipart" also sends files and JSON)"#),
            (.marker("\"Maybe\", \"encoding\""),
             "property 'tags' of model 'Maybe' is [String?]: a form field cannot be null; make the elements non-optional"),
            (.marker("\"Maybe\", \"encoding\""),
             "property 'files' of model 'Maybe' is [[FormFile]]?: a File can only be a multipart field or an element of an array that is one"),
            (.marker("\"Maybe\", \"encoding\""),
             "property 'named' of model 'Maybe' is [String: FormFile]: a File can only be a multipart field or an element of an array that is one"),
            (.marker("\"Schedule\", \"encoding\""),
             "property 'slots' of model 'Schedule' is [String: Date], sent as JSON: a Date in it must be a model property, so that it has a date strategy"),
            (.marker("\"contentTyp\""), "unknown key 'contentTyp' in the body; did you mean 'contentType'?"),
            (.marker("\"Shape?\", \"encoding\""), "a form body must be a model whose properties are its fields, not Shape?"),
            (.marker("\"Login?\", \"encoding\""),
             #"property 'avatar' of model 'Login' is Data: a form body sends text; use "encoding": "multipart" for files"#),
            (.marker("\"a b\""), "'a b' is not a valid cookie name"),
            (.marker("\"Owner\" } }", occurrence: 2), "cookie 'prefs' must be a String, number, Bool, UUID, URL, Date, enum or union of them, not Owner"),
            (.marker("\"[String]\" } }"), "cookie 'tags' must be a String, number, Bool, UUID, URL, Date, enum or union of them, not [String]"),
            (.marker("\"Data?\""), "cookie 'blob' must be a String, number, Bool, UUID, URL, Date, enum or union of them, not Data?"),
            (.marker("\"a;b\""), "'a;b' is not a valid cookie name"),
        ])
    }

    // MARK: Response headers

    static let responseHeaderSpec = #"""
        {
          "endpointgen": 1,
          "name": "Headers",
          "models": {
            "Item": { "properties": { "id": "Int" } },
            "Kind": { "enum": ["a", "b"] }
          },
          "resources": {
            "Items": {
              "endpoints": [
                {
                  "name": "h1", "method": "GET", "path": "/h1", "response": "Item",
                  "responseHeaders": {
                    "ETag": "String", "etag": "String?", "X Bad": "Int", "X-Item": "Item?", "X-Raw": "Data",
                    "X-Matrix": "[[Int]]", "X-Any": "JSON", "X-Typo": "Strng", "X-Kinds": "[Kind]?",
                    "X-A": { "type": "Int", "swiftName": "count" }, "X-B": { "type": "Int?", "swiftName": "count" },
                    "X-Secret": { "type": "String", "secret": true }
                  }
                },
                {
                  "name": "h2", "method": "GET", "path": "/h2", "response": "Item", "stream": "jsonLines",
                  "responseHeaders": { "X-Request-Id": "String", "X-Other": "Dta" }
                },
                { "name": "h5", "method": "GET", "path": "/h5", "responseHeaders": { "Bad Name": "Nope", "X-Q": "Int", "x-q": "Data" } },
                { "name": "h3", "method": "GET", "path": "/h3", "query": { "withResponseHeaders": "Bool?" } },
                { "name": "h4", "method": "GET", "path": "/h4", "responseHeaders": [] }
              ]
            }
          }
        }
        """#

    @Test func responseHeaderProblems() {
        check(Self.responseHeaderSpec, [
            (.marker("\"etag\""), "response headers 'ETag' and 'etag' are one header: names ignore case"),
            (.marker("\"X Bad\""), "'X Bad' is not a valid HTTP header name"),
            (.marker("\"Item?\""),
             "response header 'X-Item' must be a String, number, Bool, UUID, URL, Date or enum, or an array of one (a comma-separated list), not Item?"),
            (.marker("\"Data\""),
             "response header 'X-Raw' must be a String, number, Bool, UUID, URL, Date or enum, or an array of one (a comma-separated list), not Data"),
            (.marker("\"[[Int]]\""),
             "response header 'X-Matrix' must be a String, number, Bool, UUID, URL, Date or enum, or an array of one (a comma-separated list), not [[Int]]"),
            (.marker("\"JSON\""),
             "response header 'X-Any' must be a String, number, Bool, UUID, URL, Date or enum, or an array of one (a comma-separated list), not JSONValue"),
            (.marker("Strng\""), "unknown type 'Strng'; did you mean 'String'?"),
            (.marker("\"count\" },\n"), #"response headers 'X-A' and 'X-B' both become 'count' in Swift; give one a "swiftName""#),
            (.marker("\"secret\""), "unknown key 'secret' in response header 'X-Secret'"),
            (.marker("Dta\""), "unknown type 'Dta'; did you mean 'Data'?"),
            (.marker("\"Bad Name\""), "'Bad Name' is not a valid HTTP header name"),
            (.marker("Nope\""), "unknown type 'Nope'"),
            (.marker("\"x-q\""), "response headers 'X-Q' and 'x-q' are one header: names ignore case"),
            (.marker("\"Data\" }"),
             "response header 'x-q' must be a String, number, Bool, UUID, URL, Date or enum, or an array of one (a comma-separated list), not Data"),
            (.marker("\"withResponseHeaders\""),
             #"parameter 'withResponseHeaders' would become 'withResponseHeaders', which every endpoint declares; give it a "swiftName""#),
            (.marker("[] }"), "'responseHeaders' must be an object, not an array"),
        ])
    }

    static let parameterListSpec = #"""
        {
          "endpointgen": 1,
          "name": "Broken",
          "models": { "Item": { "properties": { "id": "Int" } } },
          "resources": {
            "Items": {
              "endpoints": [
                {
                  "name": "l1", "method": "GET", "path": "/l1/{id}",
                  "pathParams": { "id": { "type": "Int", "separator": "," } },
                  "query": {
                    "one": { "type": "Int?", "separator": "," },
                    "semi": { "type": "[Int]", "separator": ";" },
                    "named": { "type": "[String]?", "separator": "comma" },
                    "models": { "type": "[Item]", "separator": "|" },
                    "deep": "[String: [Int]]",
                    "map": { "type": "[String: Int]", "separator": "," },
                    "fine": { "type": "[Int]?", "separator": " " }
                  },
                  "headers": {
                    "X-Pipe": { "type": "[String]", "separator": "|" },
                    "X-Nested": "[[String]]",
                    "X-Items": "[Item]?",
                    "X-Fine": { "type": "[Int]?", "separator": "," },
                    "X-Plain": "[String]"
                  },
                  "cookies": { "c": { "type": "String", "separator": "," } }
                }
              ]
            }
          }
        }
        """#

    /// A `separator` only where an array goes in one query item or header, and only one each
    /// place can send; a header's array is a comma-separated list, of simple values only. All
    /// reported in one run, a bad separator beside its parameter's bad type.
    @Test func parameterListProblems() {
        check(Self.parameterListSpec, [
            (.at(10, 63), "'separator' is for query parameters and headers that hold an array, not a path parameter"),
            (.at(12, 51), "'separator' is for a parameter that holds an array; 'one' is Int?"),
            (.marker("\";\""), "unknown separator ';'; expected one of: ' ', ',', '|'"),
            (.marker("\"comma\""), "unknown separator 'comma'; expected one of: ' ', ',', '|' (did you mean ','?)"),
            (.marker("\"[Item]\""), "query parameter 'models' must be a String, number, Bool, UUID, URL, Date, enum or union of them, or an array of one or a dictionary of one, not [Item]"),
            (.marker("\"[String: [Int]]\""), "query parameter 'deep' must be a String, number, Bool, UUID, URL, Date, enum or union of them, or an array of one or a dictionary of one, not [String: [Int]]"),
            (.at(17, 60), "'separator' is for a parameter that holds an array; 'map' is [String: Int]"),
            (.at(21, 58), "a header's list is separated by commas; 'separator' can only be ','"),
            (.marker("\"[[String]]\""),
             "header 'X-Nested' must be a String, number, Bool, UUID, URL, Date, enum or union of them, or an array of one (a comma-separated list), not [[String]]"),
            (.marker("\"[Item]?\""),
             "header 'X-Items' must be a String, number, Bool, UUID, URL, Date, enum or union of them, or an array of one (a comma-separated list), not [Item]?"),
            (.marker("\",\" } }\n"), "'separator' is for query parameters and headers that hold an array, not a cookie"),
        ])
    }

    /// `style` says how a dictionary in the query goes (`name[key]=value` or `key=value`): it is
    /// for nothing else, and takes those two values only. All reported in one run.
    @Test func parameterStyleProblems() {
        let text = #"""
            {
              "endpointgen": 1,
              "name": "Styles",
              "resources": {
                "Events": {
                  "endpoints": [
                    {
                      "name": "list", "method": "GET", "path": "/events/{id}",
                      "pathParams": { "id": { "type": "String", "style": "form" } },
                      "query": {
                        "property": { "type": "[String: String]?", "style": "form" },
                        "meta": { "type": "[String: Int]?", "style": "deepObject" },
                        "tag": { "type": "String?", "style": "form" },
                        "odd": { "type": "[String: Int]", "style": "flat" }
                      },
                      "headers": { "X-A": { "type": "String", "style": "form" } },
                      "cookies": { "c": { "type": "String", "style": "form" } }
                    }
                  ]
                }
              }
            }
            """#
        check(text, [
            (.at(9, 62), "'style' is for a query parameter that holds a dictionary, not a path parameter"),
            (.at(13, 50), "'style' is for a query parameter that holds a dictionary, not 'tag', which is String?"),
            (.at(14, 56), "unknown style 'flat'; expected 'deepObject' (name[key]=value) or 'form' (key=value)"),
            (.at(16, 60), "'style' is for a query parameter that holds a dictionary, not a header"),
            (.at(17, 58), "'style' is for a query parameter that holds a dictionary, not a cookie"),
        ])
    }

    static let errorStatusSpec = #"""
        {
          "endpointgen": 1,
          "name": "Broken",
          "defaults": { "errorResponse": { "4XX": "Problm" } },
          "models": { "Problem": { "properties": { "title": "String" } } },
          "resources": {
            "Items": {
              "endpoints": [
                { "name": "a", "method": "GET", "path": "/a", "errorResponse": {} },
                {
                  "name": "b", "method": "GET", "path": "/b",
                  "errorResponse": {
                    "200": "Problem", "2XX": "Problem", "101": "Problem", "600": "Problem", "4x": "Problem", "abc": "Nope",
                    "4XX": "Problem", "4xx": "Problem", "404": 3, "500": "Date", "503": "none", "default": "Problem"
                  }
                },
                { "name": "c", "method": "GET", "path": "/c", "errorResponse": ["Problem"] }
              ]
            }
          }
        }
        """#

    /// `errorResponse` as a type per status: codes from 300 to 599, classes and `default`, each
    /// once; every problem in one run, a bad status beside its type's problem.
    @Test func errorStatusProblems() {
        check(Self.errorStatusSpec, [
            (.marker("Problm\""), "unknown type 'Problm'; did you mean 'Problem'?"),
            (.marker("{} }"), #"'errorResponse' lists no status; give a type per status, such as {"404": "NotFound", "default": "Problem"}"#),
            (.marker("\"200\""), "status '200' is a success; 'errorResponse' is for statuses from 300 to 599"),
            (.marker("\"2XX\""), "status '2XX' is a success; 'errorResponse' is for statuses from 300 to 599"),
            (.marker("\"101\""), "status '101' is informational, which the URL session handles; 'errorResponse' is for statuses from 300 to 599"),
            (.marker("\"600\""), "'600' is not a status; expected a code such as '404', a class such as '4XX', or 'default'"),
            (.marker("\"4x\""), "'4x' is not a status; expected a code such as '404', a class such as '4XX', or 'default'"),
            (.marker("\"abc\""), "'abc' is not a status; expected a code such as '404', a class such as '4XX', or 'default'"),
            (.marker("Nope\""), "unknown type 'Nope'"),
            (.marker("\"4xx\""), "statuses '4XX' and '4xx' are the same status"),
            (.marker("3,"), #"the error body of status '404' must be a type or "none", not a number"#),
            (.marker("\"Date\""), "a Date in an error response must be a model property, so that it has a date strategy"),
            (.marker("[\"Problem\"]"), #"'errorResponse' must be a type, "none", or an object of a type per status, not an array"#),
        ])
    }

    /// In a multipart body an array of files sends a part per file, and a model, a dictionary or
    /// an array of models a JSON part (an array a part per element); a Date there must be a model
    /// property, as in a JSON body. (The golden `features` case sends them; here, what the
    /// generated `makeRequest()` calls.)
    @Test func multipartFieldsOfFilesAndJSON() throws {
        let text = spec(
            models: #"{"Gallery": {"properties": {"photos": "[File]", "scans": "[Data]?", "cover": "File?", "meta": "Meta", "tags": "[Meta]?", "extra": "[String: Int]?"}}, "Meta": {"properties": {"taken": "Date"}}}"#,
            resources: #"{"G": {"endpoints": [{"method": "POST", "path": "/g", "body": {"type": "Gallery", "encoding": "multipart"}}]}}"#)
        let result = generate(text)
        #expect(result.succeeded, "\(result.diagnostics.map(\.description))")
        let all = result.files.map(\.contents).joined(separator: "\n")
        for line in [
            #"public func makeRequest() throws -> EndpointRequest {"#,
            #"form.append("photos", gallery.photos)"#,
            #"form.append("scans", gallery.scans)"#,
            #"form.append("cover", gallery.cover)"#,
            #"try form.appendJSON("meta", gallery.meta)"#,
            #"try form.appendJSONElements("tags", gallery.tags)"#,
            #"try form.appendJSON("extra", gallery.extra)"#,
        ] {
            #expect(all.contains(line), "\(line)")
        }
        // A url-encoded form sends text only.
        let form = generate(text.replacingOccurrences(of: #""encoding": "multipart""#, with: #""encoding": "form""#))
        #expect(form.diagnostics.map(\.message).filter { $0.contains("which a form field cannot hold") }.count == 3)
        #expect(form.diagnostics.map(\.message).filter { $0.contains("a form body sends text") }.count == 3)
    }

    /// `File` is a multipart field's type only: as a path, query, header or cookie parameter it has
    /// no text form (`FormFile` is no `ParameterValue`, so the generated code would not compile).
    @Test(arguments: [
        ("path parameter", #""path": "/f/{f}", "pathParams": {"f": "File"}"#),
        ("query parameter", #""path": "/f", "query": {"f": "File?"}"#),
        ("query parameter", #""path": "/f", "query": {"f": "[File]"}"#),
        ("header", #""path": "/f", "headers": {"X-F": "File"}"#),
        ("cookie", #""path": "/f", "cookies": {"f": "File"}"#),
    ])
    func aFileIsNoParameter(kind: String, members: String) {
        let text = spec(resources: #"{"R": {"endpoints": [{"method": "GET", \#(members)}]}}"#)
        let result = generate(text)
        #expect(!result.succeeded)
        #expect(result.diagnostics.count == 1, "\(result.diagnostics.map(\.description))")
        let diagnostic = result.diagnostics.first
        #expect(diagnostic?.message.hasPrefix(kind + " ") == true, "\(diagnostic?.message ?? "")")
        // At the type: the string that holds `File`.
        let type = members.contains("[File]") ? "\"[File]\"" : "\"File"
        #expect(diagnostic?.location == location(of: type, in: text), "\(String(describing: diagnostic))")
    }

    // MARK: Responses: envelopes, raw responses, error bodies, pagination

    static let responseSpec = #"""
        {
          "endpointgen": 1,
          "name": "Responses",
          "models": {
            "Item": { "properties": { "id": "Int" } },
            "Problem": { "properties": { "title": "String" } }
          },
          "resources": {
            "Envelopes": {
              "endpoints": [
                { "name": "e1", "method": "GET", "path": "/e1", "response": "Data", "envelope": { "status": "s", "success": 1 } },
                { "name": "e2", "method": "GET", "path": "/e2", "response": "Item", "responseKey": "data", "envelope": { "status": "s", "success": 1 } },
                { "name": "e3", "method": "GET", "path": "/e3", "envelope": { "success": 1 } },
                { "name": "e4", "method": "GET", "path": "/e4", "envelope": { "status": "s" } },
                { "name": "e5", "method": "GET", "path": "/e5", "envelope": { "status": "s", "success": [] } },
                { "name": "e6", "method": "GET", "path": "/e6", "envelope": { "status": "s", "success": [1.5, null, "ok", true, 2] } },
                { "name": "e7", "method": "GET", "path": "/e7", "envelope": { "status": "s", "success": 1, "mesage": "m" } },
                { "name": "e8", "method": "GET", "path": "/e8", "response": "HTTPResponse", "envelope": { "status": "s", "success": true } },
                { "name": "e9", "method": "GET", "path": "/e9", "response": "String", "envelope": { "status": "s", "success": "ok" } },
                { "name": "e10", "method": "GET", "path": "/e10", "envelope": "ok" }
              ]
            },
            "Errors": {
              "endpoints": [
                { "name": "r1", "method": "GET", "path": "/r1", "errorResponse": "Problm" },
                { "name": "r2", "method": "GET", "path": "/r2", "errorResponse": "[String: Date]" },
                { "name": "r3", "method": "GET", "path": "/r3", "errorResponse": "HTTPResponse" }
              ]
            },
            "Pages": {
              "endpoints": [
                { "name": "p1", "method": "GET", "path": "/p1", "response": "Item", "pagination": { "style": "offset" } },
                { "name": "p2", "method": "GET", "path": "/p2", "pagination": { "style": "page" } },
                { "name": "p3", "method": "GET", "path": "/p3", "response": "[Item]", "pagination": { "style": "cursor" } },
                { "name": "p4", "method": "GET", "path": "/p4", "response": "[Item]", "pagination": { "style": "pages" } },
                { "name": "p5", "method": "GET", "path": "/p5", "response": "[Item]", "pagination": { "style": "offset", "pageCount": "n", "items": "d" } },
                { "name": "p6", "method": "GET", "path": "/p6", "response": "[Item]", "pagination": { "style": "page", "firstPage": -1 } },
                { "name": "p7", "method": "GET", "path": "/p7", "response": "[Item]", "pagination": { "style": "offset", "items": "" } },
                { "name": "p8", "method": "GET", "path": "/p8", "response": "[Item]", "pagination": { "limit": "n" } },
                { "name": "p9", "method": "GET", "path": "/p9", "response": "[Item]", "query": { "offset": "Int?" }, "pagination": { "style": "offset" } },
                { "name": "p10", "method": "GET", "path": "/p10", "response": "[Item]", "responseKey": "data", "pagination": { "style": "offset" } },
                { "name": "p11", "method": "GET", "path": "/p11", "response": "[Item]", "envelope": { "status": "s", "success": 1 }, "pagination": { "style": "page" } },
                { "name": "listPages", "method": "GET", "path": "/lp" },
                { "name": "list", "method": "GET", "path": "/l", "response": "[Item]", "pagination": { "style": "cursor", "nextCursor": "next", "items": "d" } },
                { "name": "p12", "method": "GET", "path": "/p12", "response": "[Item]", "pagination": "offset" },
                { "name": "p13", "method": "GET", "path": "/p13", "response": "Data", "pagination": { "style": "offset" } },
                { "name": "p14", "method": "GET", "path": "/p14", "response": "[Item]", "pagination": { "style": "link", "nextCursor": "next" } },
                { "name": "p15", "method": "GET", "path": "/p15", "response": "[Item]", "query": { "page_link": "String?" }, "pagination": { "style": "link" } },
                { "name": "p16", "method": "GET", "path": "/p16", "response": "[Item]", "pagination": { "style": "link", "limit": "page link" } }
              ]
            }
          }
        }
        """#

    @Test func responseProblems() {
        let text = Self.responseSpec
        let listPagesLine = location(of: "\"listPages\"", in: text).line
        check(text, [
            (.marker("{ \"status\": \"s\", \"success\": 1 } },"), "an envelope needs a JSON response or none, not Data"),
            (.marker("\"data\", \"envelope\""),
             "an endpoint with an envelope takes its value from the envelope's 'value', not 'responseKey'"),
            (.marker("{ \"success\": 1 }"), "'envelope' has no 'status'"),
            (.marker("{ \"status\": \"s\" }"), "'envelope' has no 'success': the status values that mean success"),
            (.marker("[] }"), "'success' lists no value"),
            (.marker("1.5"), "a success value must be a string, a whole number or a Bool, not a number"),
            (.marker("null, \"ok\""), "a success value must be a string, a whole number or a Bool, not null"),
            (.marker("\"mesage\""), "unknown key 'mesage' in 'envelope'; did you mean 'message'?"),
            (.marker("{ \"status\": \"s\", \"success\": true }"), "an envelope needs a JSON response or none, not HTTPResponse"),
            (.marker("{ \"status\": \"s\", \"success\": \"ok\" }"), "an envelope needs a JSON response or none, not String"),
            (.marker("\"ok\" }\n"), "'envelope' must be an object, not a string"),
            (.marker("Problm"), "unknown type 'Problm'; did you mean 'Problem'?"),
            (.marker("\"[String: Date]\""), "a Date in an error response must be a model property, so that it has a date strategy"),
            (.marker("HTTPResponse\" }"), "unknown type 'HTTPResponse'"),
            (.marker("\"Item\", \"pagination\""),
             #"a paginated endpoint's 'response' is the type of its items, such as "[Item]", not Item"#),
            (.marker("{ \"style\": \"page\" } },\n"),
             #"a paginated endpoint's 'response' is the type of its items, such as "[Item]", not Void"#),
            (.marker("{ \"style\": \"cursor\" }"), "cursor pagination needs 'nextCursor': the response field with the next page's cursor"),
            (.marker("\"pages\""), "unknown pagination style 'pages'; expected one of: offset, page, cursor, link (did you mean 'page'?)"),
            (.marker("\"pageCount\": \"n\""), "unknown key 'pageCount' in 'pagination'"),
            (.marker("-1"), "'firstPage' must be a whole number, 0 or more"),
            (.marker("\"\" }"), "a pagination field needs a name"),
            (.marker("{ \"limit\": \"n\" }"), "'pagination' has no 'style'"),
            (.marker("{ \"style\": \"offset\" } },\n", occurrence: 2),
             "the pagination adds the query item 'offset', which clashes with parameter 'offset'; leave it out of the endpoint's parameters, or name the pagination's query item otherwise"),
            (.marker("{ \"style\": \"offset\" } },\n", occurrence: 3),
             "a paginated endpoint names where its items are with 'items', not with an envelope or 'responseKey'"),
            (.marker("{ \"style\": \"page\" } },\n", occurrence: 2),
             "a paginated endpoint names where its items are with 'items', not with an envelope or 'responseKey'"),
            (.marker("\"list\""),
             "endpoint 'list' is paginated, and its 'listPages' clashes with the endpoint at line \(listPagesLine); rename one"),
            (.marker("\"offset\" },\n"), "'pagination' must be an object, not a string"),
            (.marker("\"nextCursor\": \"next\" } }"), "unknown key 'nextCursor' in 'pagination'"),
            (.marker("{ \"style\": \"link\" }"),
             #"link pagination adds the parameter 'pageLink', which clashes with parameter 'page_link'; give that one another "swiftName""#),
            (.marker("{ \"style\": \"link\", \"limit\": \"page link\" }"),
             "the page-size query item 'page link' becomes 'pageLink' in Swift, which link pagination uses for the page's address; name it otherwise"),
            (.marker("\"Data\", \"pagination\""),
             #"a paginated endpoint's 'response' is the type of its items, such as "[Item]", not Data"#),
        ])
    }

    // MARK: What is not a problem

    /// The lenient sides of the same features: an upload without a content type, a success value
    /// given alone, `none` as an endpoint's auth in a resource with a scheme, pagination with every
    /// optional key left out.
    @Test func theFeaturesDefaultsAreAccepted() throws {
        let text = spec(
            extra: #""auth": {"kong": {"type": "bearer"}}"#,
            models: #"{"Item": {"properties": {"id": "Int"}}}"#,
            resources: #"""
                {"R": {"auth": "kong", "endpoints": [
                  {"name": "put", "method": "PUT", "path": "/f", "body": {"type": "Upload"}},
                  {"name": "one", "method": "GET", "path": "/one", "envelope": {"status": "s", "success": 1}},
                  {"name": "many", "method": "GET", "path": "/many", "envelope": {"status": "s", "success": [1, "ok", true]}},
                  {"name": "open", "method": "GET", "path": "/open", "auth": "none"},
                  {"name": "items", "method": "GET", "path": "/items", "response": "[Item]", "pagination": {"style": "offset"}}
                ]}}
                """#)
        let result = generate(text)
        #expect(result.succeeded, "\(result.diagnostics.map(\.description))")
        let all = result.files.map(\.contents).joined(separator: "\n")
        #expect(all.contains(#"contentType: "application/octet-stream""#))
        #expect(all.contains("success: [.int(1)]"))
        #expect(all.contains(#"success: [.int(1), .string("ok"), .bool(true)]"#))
    }

    /// `"none"` turns off `defaults.envelope` and `defaults.errorResponse` for one endpoint, so an
    /// API with envelopes can still have an endpoint that returns raw bytes.
    @Test func noneTurnsOffTheDefaultEnvelopeAndErrorBody() throws {
        let text = spec(
            extra: #""defaults": {"envelope": {"status": "ok", "success": true, "value": "data"}, "errorResponse": "Problem"}"#,
            models: #"{"Problem": {"properties": {"title": "String"}}, "User": {"properties": {"name": "String"}}}"#,
            resources: #"""
                {"R": {"endpoints": [
                  {"name": "user", "method": "GET", "path": "/u", "response": "User"},
                  {"name": "avatar", "method": "GET", "path": "/a", "response": "Data", "envelope": "none", "errorResponse": "none"}
                ]}}
                """#)
        let result = generate(text)
        #expect(result.succeeded, "\(result.diagnostics.map(\.description))")
        let user = try #require(result.files.first { $0.path.hasSuffix("UserEndpoint.swift") }?.contents)
        let avatar = try #require(result.files.first { $0.path.hasSuffix("AvatarEndpoint.swift") }?.contents)
        #expect(user.contains("decodeEnvelope(User.self") && user.contains("decodeErrorBody"))
        #expect(!avatar.contains("Envelope") && !avatar.contains("decodeErrorBody"))
        // Without "none", the Data endpoint cannot take the default envelope.
        let strict = text.replacingOccurrences(of: #", "envelope": "none""#, with: "")
        #expect(generate(strict).diagnostics.map(\.message) == ["an envelope needs a JSON response or none, not Data"])
    }

    /// `total`, `pageCount` and `nextCursor` sit in an object around the items: without `items`
    /// the body would be decoded both as the array and as that object, and every page would fail.
    @Test func paginationMetadataNeedsTheItemsKey() {
        for (style, field) in [("offset", "total"), ("page", "pageCount"), ("cursor", "nextCursor")] {
            let text = spec(
                models: #"{"Item": {"properties": {"id": "Int"}}}"#,
                resources: #"{"R": {"endpoints": [{"name": "list", "method": "GET", "path": "/l", "response": "[Item]", "pagination": {"style": "\#(style)", "\#(field)": "meta"}}]}}"#)
            let result = generate(text)
            #expect(result.diagnostics.map(\.message) == ["'meta' is read from an object around the items: name the items' key with 'items'"], "\(style)")
            let fixed = text.replacingOccurrences(of: #""\#(field)": "meta""#, with: #""items": "data", "\#(field)": "meta""#)
            #expect(generate(fixed).succeeded, "\(style): \(generate(fixed).diagnostics.map(\.description))")
        }
    }
}
