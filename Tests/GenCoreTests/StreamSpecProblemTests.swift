import Testing

@testable import GenCore

/// The problems a streamed response can have, each reported in one run at its place.
@Suite struct StreamSpecProblemTests {
    static let spec = #"""
        {
          "endpointgen": 1,
          "name": "Broken",
          "defaults": { "envelope": { "status": "ok", "success": [true], "value": "data" } },
          "models": {
            "Tick": { "properties": { "index": "Int" } },
            "Ask": { "properties": { "stream": "Bool?", "count": { "type": "Int", "nullable": true } } },
            "Broken": { "properties": { "stream": "Bol?" } }
          },
          "resources": {
            "Feed": {
              "endpoints": [
                { "name": "a", "method": "GET", "path": "/a", "response": "Tick", "stream": "websocket" },
                { "name": "b", "method": "GET", "path": "/b", "stream": "sse" },
                { "name": "c", "method": "GET", "path": "/c", "response": "HTTPResponse", "stream": "jsonLines" },
                { "name": "d", "method": "GET", "path": "/d", "response": "Tick", "stream": "bytes" },
                { "name": "e", "method": "GET", "path": "/e", "stream": "bytes", "streamTerminator": "END" },
                { "name": "f", "method": "GET", "path": "/f", "response": "Tick", "streamTerminator": "[DONE]" },
                { "name": "g", "method": "GET", "path": "/g", "response": "Tick", "stream": "sse", "streamTerminator": "" },
                { "name": "h", "method": "GET", "path": "/h", "response": "[Tick]", "stream": "sse", "responseKey": "ticks", "arrayStrategy": "prune" },
                { "name": "i", "method": "GET", "path": "/i", "response": "[Tick]", "stream": "jsonLines", "pagination": { "style": "offset" } },
                { "name": "j", "method": "GET", "path": "/j", "response": "Tick", "stream": "sse", "envelope": { "status": "ok", "success": [true] } },
                { "name": "k", "method": "PUT", "path": "/k", "body": "Upload", "stream": "bytes" },
                { "name": "l", "method": "GET", "path": "/l", "response": "Tick", "stream": 1 }
              ]
            },
            "Flags": {
              "endpoints": [
                { "name": "m", "method": "POST", "path": "/m", "body": "Ask", "response": "Tick", "streamFlag": "stream" },
                { "name": "n", "method": "GET", "path": "/n", "response": "Tick", "stream": "sse", "streamFlag": "noBody" },
                { "name": "o", "method": "POST", "path": "/o", "body": "Ask?", "response": "Tick", "stream": "sse", "streamFlag": "optionalBody" },
                { "name": "p", "method": "POST", "path": "/p", "body": "[Ask]", "response": "Tick", "stream": "sse", "streamFlag": "arrayBody" },
                { "name": "q", "method": "POST", "path": "/q", "body": "Ask", "response": "Tick", "stream": "sse", "streamFlag": "streem" },
                { "name": "r", "method": "POST", "path": "/r", "body": "Ask", "response": "Tick", "stream": "sse", "streamFlag": "count" },
                { "name": "s", "method": "POST", "path": "/s", "body": "Ask", "response": "Tick", "stream": "sse", "streamFlag": 1 },
                { "name": "t", "method": "POST", "path": "/t", "body": "Ask", "response": "Tick", "stream": "sse", "streamFlag": "" },
                { "name": "u", "method": "POST", "path": "/u", "body": "Aks", "response": "Tick", "stream": "sse", "streamFlag": "stream" },
                { "name": "v", "method": "POST", "path": "/v", "body": "Ask", "response": "Tick", "stream": true, "streamFlag": "stream" },
                { "name": "w", "method": "POST", "path": "/w", "body": "Broken", "response": "Tick", "stream": "sse", "streamFlag": "stream" }
              ]
            }
          }
        }
        """#

    @Test func streamProblems() {
        expectExactProblems(Self.spec, [
            (.marker(#""websocket""#), #"'stream' must be "sse", "jsonLines" or "bytes", not "websocket""#),
            (.marker(#""sse" },"#),
             "a stream of server-sent events needs a 'response': the type each event's data decodes to (a JSON type, or String for text), not none"),
            (.marker(#""HTTPResponse""#),
             "a stream of JSON lines needs a 'response': the type each line decodes to (a JSON type, or String for text), not HTTPResponse"),
            (.marker(#""Tick", "stream": "bytes""#),
             #"a 'bytes' stream hands on the body as chunks of Data: leave out 'response' or make it "Data", not Tick"#),
            (.marker(#""END""#), #"'streamTerminator' needs a 'stream' of "sse" or "jsonLines", not "bytes""#),
            (.marker(#""[DONE]" }"#), #"'streamTerminator' needs a 'stream' of "sse" or "jsonLines""#),
            (.marker(#""" }"#), "'streamTerminator' cannot be empty"),
            (.marker(#""ticks""#), "a streamed response is read event by event: it cannot have 'responseKey'"),
            (.marker(#""prune""#), "a streamed response is read event by event: it cannot have 'arrayStrategy'"),
            (.marker(#"{ "style": "offset" }"#), "a streamed response is read event by event: it cannot have pagination"),
            (.marker(#"{ "status": "ok", "success": [true] } }"#), "a streamed response is read event by event: it cannot have an envelope"),
            (.marker(#""bytes" },"#, occurrence: 2), "a streamed response cannot come with an 'Upload' body, which would be read into memory and its progress never reported"),
            (.marker("1 }"), "'stream' must be a string, not a number"),
            (.marker(#""stream" },"#), "'streamFlag' asks the API for a stream: it needs a 'stream'"),
            (.marker(#""noBody""#), "'streamFlag' names a property of the body, and the endpoint has none"),
            (.marker(#""optionalBody""#),
             "'streamFlag' names a property of the body's model, and the body is Ask?, an optional body, which is not always sent"),
            (.marker(#""arrayBody""#), "'streamFlag' names a property of the body's model, and the body is [Ask], not a model of properties"),
            (.marker(#""streem""#), "model 'Ask' has no property 'streem' for 'streamFlag' (did you mean 'stream'?)"),
            (.marker(#""count""#, occurrence: 2),
             "'streamFlag' names a Bool property, which the request sets to true; 'count' of model 'Ask' is Nullable<Int>?"),
            (.marker("1 }", occurrence: 2), "'streamFlag' must be a string, not a number"),
            (.marker(#""" }"#, occurrence: 2), "'streamFlag' cannot be empty: it names a Bool property of the body's model"),
            // A body, model, property or stream that fails says so alone: the flag adds nothing.
            (.marker(#"Aks""#), "unknown type 'Aks'; did you mean 'Ask'?"),
            (.marker(#"true, "streamFlag""#), "'stream' must be a string, not a boolean"),
            (.marker(#"Bol?""#), "unknown type 'Bol'; did you mean 'Bool'?"),
        ])
    }
}
