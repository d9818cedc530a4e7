import Foundation
import GeneratedRuntime
import OpenAIChat
import Testing

/// The generated OpenAI layer against the recordings in Recordings/ (taken from the examples of
/// OpenAI's OpenAPI document): every value decoded, and the request bodies as they go out.
@Suite struct OpenAIChatTests {
    static let recordings = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Recordings")

    let transport: ReplayTransport
    let chat: LiveChatService
    let responses: LiveResponsesService

    init() {
        transport = ReplayTransport(chunkSize: 5)
        (chat, responses) = OpenAIAPI.replayServices(transport: transport, apiKey: "sk-test")
    }

    func replay(_ method: String, _ path: String, _ file: String, status: Int = 200) throws {
        transport.replay(method, path, with: try .file(file, in: Self.recordings, status: status))
    }

    static let hello = CreateChatCompletionRequest(
        messages: [
            .developer(ChatCompletionRequestDeveloperMessage(content: .text("You are a helpful assistant."))),
            .user(ChatCompletionRequestUserMessage(content: .text("Hello!"))),
        ],
        model: "gpt-5.4")

    /// The body of the last request sent, as JSON.
    func sentBody() throws -> JSONValue {
        let body = try #require(transport.requests.last?.httpBody)
        return try JSONDecoder().decode(JSONValue.self, from: body)
    }

    func json(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    // MARK: Chat completions

    @Test func aChatCompletionDecodes() async throws {
        try replay("POST", "/v1/chat/completions", "chat-completion.json")
        let completion = try await chat.createChatCompletion(request: Self.hello)

        #expect(completion.id == "chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT")
        #expect(completion.object == "chat.completion")
        #expect(completion.created == Date(timeIntervalSince1970: 1_741_569_952))
        #expect(completion.model == "gpt-5.4")
        #expect(completion.serviceTier == .default)
        #expect(completion.systemFingerprint == nil)
        #expect(completion.choices.count == 1)
        let choice = try #require(completion.choices.first)
        #expect(choice.index == 0)
        #expect(choice.finishReason == .stop)
        #expect(choice.logprobs == nil)
        #expect(choice.message.role == "assistant")
        #expect(choice.message.content == .value("Hello! How can I assist you today?"))
        #expect(choice.message.refusal == .null)
        #expect(choice.message.annotations == [])
        #expect(choice.message.toolCalls == nil)
        #expect(completion.usage == CompletionUsage(
            completionTokens: 10, promptTokens: 19, totalTokens: 29,
            completionTokensDetails: CompletionTokensDetails(
                acceptedPredictionTokens: 0, audioTokens: 0, reasoningTokens: 0, rejectedPredictionTokens: 0),
            promptTokensDetails: PromptTokensDetails(audioTokens: 0, cachedTokens: 0)))

        let request = try #require(transport.requests.last)
        #expect(request.httpMethod == "POST")
        #expect(request.url?.absoluteString == "https://api.openai.com/v1/chat/completions")
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer sk-test")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(try sentBody() == json("""
            {"model": "gpt-5.4", "messages": [
                {"role": "developer", "content": "You are a helpful assistant."},
                {"role": "user", "content": "Hello!"}
            ]}
            """))
    }

    @Test func aToolCallDecodes() async throws {
        try replay("POST", "/v1/chat/completions", "chat-completion-tool-call.json")
        let completion = try await chat.createChatCompletion(request: Self.hello)

        let choice = try #require(completion.choices.first)
        #expect(choice.finishReason == .toolCalls)
        #expect(choice.message.content == .null)
        #expect(choice.message.refusal == nil)  // left out, not null
        #expect(choice.message.toolCalls == [
            .function(ChatCompletionMessageToolCall(
                id: "call_abc123",
                function: ChatCompletionMessageToolCallFunction(name: "get_current_weather", arguments: "{\n\"location\": \"Boston, MA\"\n}"))),
        ])
        let usage = try #require(completion.usage)
        #expect((usage.promptTokens, usage.completionTokens, usage.totalTokens) == (82, 17, 99))
        #expect(usage.promptTokensDetails == nil)
        // audio_tokens is missing from this recording: OpenAI's default of 0 fills it in.
        #expect(usage.completionTokensDetails == CompletionTokensDetails(
            acceptedPredictionTokens: 0, audioTokens: 0, reasoningTokens: 0, rejectedPredictionTokens: 0))
    }

    @Test func logprobsDecode() async throws {
        try replay("POST", "/v1/chat/completions", "chat-completion-logprobs.json")
        let completion = try await chat.createChatCompletion(request: Self.hello)

        let choice = try #require(completion.choices.first)
        #expect(choice.message.content == .value("Hello! How can I assist you today?"))
        #expect(choice.message.refusal == nil)
        let tokens = try #require(choice.logprobs?.content)
        #expect(tokens.map(\.token) == ["Hello", "!", " How", " can", " I", " assist", " you", " today", "?"])
        #expect(tokens.map(\.token).joined() == "Hello! How can I assist you today?")
        #expect(tokens[0].logprob == -0.31725305)
        #expect(tokens[0].bytes == [72, 101, 108, 108, 111])
        #expect(tokens[0].topLogprobs == [
            ChatCompletionTopLogprob(token: "Hello", logprob: -0.31725305, bytes: [72, 101, 108, 108, 111]),
            ChatCompletionTopLogprob(token: "Hi", logprob: -1.3190403, bytes: [72, 105]),
        ])
        #expect(tokens[2].topLogprobs[1] == ChatCompletionTopLogprob(token: "<|end|>", logprob: -10.953937, bytes: nil))
        #expect(choice.logprobs?.refusal == nil)
        #expect(completion.usage?.totalTokens == 18)
    }

    @Test(arguments: [1, 3, 16, 4096])
    func aStreamedCompletionAssemblesFromItsChunks(chunkSize: Int) async throws {
        let transport = ReplayTransport(chunkSize: chunkSize)
        transport.replay("POST", "/v1/chat/completions", with: try .file("chat-completion-stream.sse", in: Self.recordings))
        let chat = OpenAIAPI.replayServices(transport: transport).chat
        // The streamed endpoint asks for the stream itself: the body says nothing of it.
        let stream = try await chat.createChatCompletionStream(request: Self.hello)
        var chunks: [CreateChatCompletionStreamResponse] = []
        for try await event in stream {
            #expect(event.event == nil)
            chunks.append(event.data)
        }
        #expect(chunks.count == 11)  // the [DONE] event ends the stream and is not a chunk
        #expect(chunks.allSatisfy { $0.id == "chatcmpl-123" && $0.object == "chat.completion.chunk" && $0.model == "gpt-4o-mini" })
        #expect(chunks[0].choices[0].delta == ChatCompletionStreamResponseDelta(content: "", role: .assistant))
        #expect(chunks[1].choices[0].delta.content == "Hello")
        #expect(chunks[10].choices[0].delta == ChatCompletionStreamResponseDelta())
        #expect(chunks[10].choices[0].finishReason == .stop)
        #expect(chunks.dropLast().allSatisfy { $0.choices[0].finishReason == nil })
        #expect(chunks[0].created == Date(timeIntervalSince1970: 1_694_268_190))
        #expect(chunks[0].systemFingerprint == "fp_44709d6fcb")

        var assembled = AssembledChatCompletion()
        for chunk in chunks { assembled.add(chunk) }
        #expect(assembled.content == "Hello! How can I assist you today?")
        #expect(assembled.role == .assistant)
        #expect(assembled.finishReason == .stop)
        #expect(assembled.toolCalls == [])

        let sent = try #require(transport.requests.last)
        #expect(sent.value(forHTTPHeaderField: "Accept") == "text/event-stream")
        let body = try JSONDecoder().decode(JSONValue.self, from: try #require(sent.httpBody))
        guard case .object(let object) = body else { Issue.record("not an object: \(body)"); return }
        #expect(object["stream"] == .bool(true))
    }

    @Test func toolCallChunksAssemble() {
        // Chunks of the shape ChatCompletionMessageToolCallChunk describes: the id and name come
        // first, the arguments in pieces.
        func chunk(_ calls: [ChatCompletionMessageToolCallChunk], finish: ChatCompletionFinishReason? = nil) -> CreateChatCompletionStreamResponse {
            CreateChatCompletionStreamResponse(
                id: "chatcmpl-1", choices: [ChatCompletionStreamChoice(delta: ChatCompletionStreamResponseDelta(toolCalls: calls), finishReason: finish, index: 0)],
                created: Date(timeIntervalSince1970: 0), model: "m", object: "chat.completion.chunk")
        }
        var assembled = AssembledChatCompletion()
        assembled.add(chunk([ChatCompletionMessageToolCallChunk(
            index: 0, id: "call_1", type: "function", function: ChatCompletionMessageToolCallChunkFunction(name: "get_current_weather", arguments: ""))]))
        assembled.add(chunk([ChatCompletionMessageToolCallChunk(index: 0, function: ChatCompletionMessageToolCallChunkFunction(arguments: "{\"location\":"))]))
        assembled.add(chunk([ChatCompletionMessageToolCallChunk(index: 0, function: ChatCompletionMessageToolCallChunkFunction(arguments: " \"Boston, MA\"}"))]))
        assembled.add(chunk([], finish: .toolCalls))
        #expect(assembled.toolCalls == [AssembledToolCall(index: 0, id: "call_1", name: "get_current_weather", arguments: "{\"location\": \"Boston, MA\"}")])
        #expect(assembled.finishReason == .toolCalls)
    }

    @Test func anErrorResponseDecodesIntoTheErrorModel() async throws {
        try replay("POST", "/v1/chat/completions", "error-invalid-request.json", status: 400)
        do {
            _ = try await chat.createChatCompletion(request: Self.hello)
            Issue.record("a 400 did not throw")
        } catch let error as EndpointError {
            #expect(error.kind == .unacceptableStatus)
            #expect(error.statusCode == 400)
            #expect(error.errorBody(as: ErrorResponse.self) == ErrorResponse(error: APIError(
                code: "websocket_stream_limit_reached",
                message: "This WebSocket connection has reached its stream limit.",
                param: "stream_id",
                type: "invalid_request_error")))
        }
    }

    @Test func aStreamedRequestThatFailsDecodesItsErrorBody() async throws {
        try replay("POST", "/v1/chat/completions", "error-invalid-request.json", status: 400)
        var request = Self.hello
        request.stream = true
        do {
            _ = try await chat.createChatCompletionStream(request: request)
            Issue.record("a 400 did not throw")
        } catch let error as EndpointError {
            #expect(error.statusCode == 400)
            #expect(error.errorBody(as: ErrorResponse.self)?.error.type == "invalid_request_error")
        }
    }

    // MARK: Request bodies

    @Test func aChatRequestEncodesNullAndAbsentAsOpenAIReadsThem() throws {
        let request = CreateChatCompletionRequest(
            metadata: Metadata(additionalProperties: ["session": "s-1"]),
            temperature: 0.2,
            messages: [
                .system(ChatCompletionRequestSystemMessage(content: .parts([ChatCompletionRequestMessageContentPartText(text: "Be brief.")]))),
                .user(ChatCompletionRequestUserMessage(content: .parts([
                    .text(ChatCompletionRequestMessageContentPartText(text: "What is in this image?")),
                    .image(ChatCompletionRequestMessageContentPartImage(imageUrl: ChatCompletionImageURL(url: "https://example.com/a.png", detail: .low))),
                    .audio(ChatCompletionRequestMessageContentPartAudio(inputAudio: ChatCompletionInputAudio(data: "UklGRg==", format: .wav))),
                    .file(ChatCompletionRequestMessageContentPartFile(file: ChatCompletionInputFile(fileId: "file-abc"))),
                ]))),
                .assistant(ChatCompletionRequestAssistantMessage(
                    content: .null,
                    toolCalls: [.function(ChatCompletionMessageToolCall(
                        id: "call_abc123",
                        function: ChatCompletionMessageToolCallFunction(name: "get_current_weather", arguments: #"{"location":"Boston, MA"}"#)))])),
                .tool(ChatCompletionRequestToolMessage(content: .text("22°C, sunny"), toolCallId: "call_abc123")),
                .assistant(ChatCompletionRequestAssistantMessage(content: .value(.text("It is sunny.")), refusal: .null)),
            ],
            model: "gpt-5.4",
            responseFormat: .jsonSchema(ResponseFormatJsonSchema(jsonSchema: ResponseFormatJsonSchemaDetails(
                name: "weather",
                schema: ResponseFormatJsonSchemaSchema(additionalProperties: ["type": .string("object")]),
                strict: true))),
            stop: .sequences(["\n\n"]),
            logitBias: ["50256": -100],
            streamOptions: ChatCompletionStreamOptions(includeUsage: true),
            tools: [ChatCompletionTool(function: FunctionObject(
                name: "get_current_weather",
                parameters: FunctionParameters(additionalProperties: [
                    "type": .string("object"),
                    "properties": .object(["location": .object(["type": .string("string")])]),
                    "required": .array([.string("location")]),
                ])))],
            toolChoice: .function(ChatCompletionNamedToolChoice(function: ChatCompletionNamedToolChoiceFunction(name: "get_current_weather"))))

        let encoded = try JSONEncoder().encode(request)
        // The assistant message with tool calls sends "content": null; the one without a refusal
        // leaves "refusal" out, the other sends "refusal": null; nil optionals are left out.
        #expect(try JSONDecoder().decode(JSONValue.self, from: encoded) == json(#"""
            {
              "metadata": {"session": "s-1"},
              "temperature": 0.2,
              "messages": [
                {"role": "system", "content": [{"type": "text", "text": "Be brief."}]},
                {"role": "user", "content": [
                  {"type": "text", "text": "What is in this image?"},
                  {"type": "image_url", "image_url": {"url": "https://example.com/a.png", "detail": "low"}},
                  {"type": "input_audio", "input_audio": {"data": "UklGRg==", "format": "wav"}},
                  {"type": "file", "file": {"file_id": "file-abc"}}
                ]},
                {"role": "assistant", "content": null, "tool_calls": [
                  {"id": "call_abc123", "type": "function", "function": {"name": "get_current_weather", "arguments": "{\"location\":\"Boston, MA\"}"}}
                ]},
                {"role": "tool", "content": "22°C, sunny", "tool_call_id": "call_abc123"},
                {"role": "assistant", "content": "It is sunny.", "refusal": null}
              ],
              "model": "gpt-5.4",
              "response_format": {"type": "json_schema", "json_schema": {"name": "weather", "schema": {"type": "object"}, "strict": true}},
              "stop": ["\n\n"],
              "logit_bias": {"50256": -100},
              "stream_options": {"include_usage": true},
              "tools": [{"type": "function", "function": {"name": "get_current_weather", "parameters": {
                "type": "object", "properties": {"location": {"type": "string"}}, "required": ["location"]
              }}}],
              "tool_choice": {"type": "function", "function": {"name": "get_current_weather"}}
            }
            """#))
        // And back: every message, union and null comes back as it was.
        #expect(try JSONDecoder().decode(CreateChatCompletionRequest.self, from: encoded) == request)
    }

    @Test func aResponsesRequestEncodesItsInputItems() async throws {
        try replay("POST", "/v1/responses", "response-function-call.json")
        let request = CreateResponse(
            model: "gpt-5.4",
            tools: [.function(FunctionTool(name: "get_current_weather", parameters: FunctionParameters(additionalProperties: ["type": .string("object")]), strict: true))],
            toolChoice: .mode(.required),
            input: .items([
                .message(EasyInputMessage(role: .user, content: .parts([
                    .text(InputTextContent(text: "what is in this image?")),
                    .image(InputImageContent(imageUrl: "https://example.com/a.png")),
                ]))),
                .functionCall(FunctionToolCall(callId: "call_1", name: "get_current_weather", arguments: "{}")),
                .functionCallOutput(FunctionCallOutputItemParam(callId: "call_1", output: .text("22°C"))),
                .itemReference(ItemReferenceParam(id: "msg_1")),
            ]),
            store: false)
        _ = try await responses.createResponse(request: request)
        #expect(try sentBody() == json("""
            {
              "model": "gpt-5.4",
              "tools": [{"type": "function", "name": "get_current_weather", "parameters": {"type": "object"}, "strict": true}],
              "tool_choice": "required",
              "input": [
                {"type": "message", "role": "user", "content": [
                  {"type": "input_text", "text": "what is in this image?"},
                  {"type": "input_image", "image_url": "https://example.com/a.png", "detail": "auto"}
                ]},
                {"type": "function_call", "call_id": "call_1", "name": "get_current_weather", "arguments": "{}"},
                {"type": "function_call_output", "call_id": "call_1", "output": "22°C"},
                {"type": "item_reference", "id": "msg_1"}
              ],
              "store": false
            }
            """))
        #expect(transport.requests.last?.url?.path == "/v1/responses")
    }

    // MARK: Responses

    @Test func aResponseDecodes() async throws {
        try replay("POST", "/v1/responses", "response-text.json")
        let response = try await responses.createResponse(request: CreateResponse(
            model: "gpt-5.4", input: .text("Tell me a three sentence bedtime story about a unicorn.")))
        #expect(try sentBody() == json(#"{"model": "gpt-5.4", "input": "Tell me a three sentence bedtime story about a unicorn."}"#))

        #expect(response.id == "resp_67ccd2bed1ec8190b14f964abc0542670bb6a6b452d3795b")
        #expect(response.object == "response")
        #expect(response.status == .completed)
        #expect(response.createdAt == Date(timeIntervalSince1970: 1_741_476_542))
        #expect(response.completedAt == Date(timeIntervalSince1970: 1_741_476_543))
        #expect(response.error == .null)
        #expect(response.incompleteDetails == .null)
        #expect(response.instructions == nil)
        #expect(response.maxOutputTokens == nil)
        #expect(response.model == "gpt-5.4")
        #expect(response.parallelToolCalls == true)
        #expect(response.previousResponseId == nil)
        #expect(response.reasoning == Reasoning())
        #expect(response.temperature == 1.0)
        #expect(response.topP == 1.0)
        #expect(response.text == ResponseTextParam(format: .text(ResponseFormatText())))
        #expect(response.toolChoice == .mode(.auto))
        #expect(response.tools == [])
        #expect(response.truncation == .disabled)
        #expect(response.metadata == Metadata())
        #expect(response.output == [.message(OutputMessage(
            id: "msg_67ccd2bf17f0819081ff3bb2cf6508e60bb6a6b452d3795b",
            role: "assistant",
            content: [.text(OutputTextContent(
                text: "In a peaceful grove beneath a silver moon, a unicorn named Lumina discovered a hidden pool that reflected the stars. As she dipped her horn into the water, the pool began to shimmer, revealing a pathway to a magical realm of endless night skies. Filled with wonder, Lumina whispered a wish for all who dream to find their own hidden magic, and as she glanced back, her hoofprints sparkled like stardust.",
                annotations: []))],
            status: .completed))])
        #expect(response.usage == ResponseUsage(
            inputTokens: 36, inputTokensDetails: ResponseUsageInputTokensDetails(cachedTokens: 0, cacheWriteTokens: 0),
            outputTokens: 87, outputTokensDetails: ResponseUsageOutputTokensDetails(reasoningTokens: 0), totalTokens: 123))
    }

    @Test func aFunctionCallResponseDecodes() async throws {
        try replay("POST", "/v1/responses", "response-function-call.json")
        let response = try await responses.createResponse(request: CreateResponse(model: "gpt-5.4"))

        #expect(response.output == [.functionCall(FunctionToolCall(
            id: "fc_67ca09c6bedc8190a7abfec07b1a1332096610f474011cc0",
            callId: "call_unLAR8MvFNptuiZK6K6HCy5k",
            name: "get_current_weather",
            arguments: #"{"location":"Boston, MA","unit":"celsius"}"#,
            status: .completed))])
        guard case .function(let tool)? = response.tools?.first else {
            Issue.record("no function tool: \(String(describing: response.tools))")
            return
        }
        #expect(tool.name == "get_current_weather")
        #expect(tool.description == "Get the current weather in a given location")
        #expect(tool.strict == true)
        #expect(tool.parameters?.additionalProperties["required"] == .array([.string("location"), .string("unit")]))
        #expect(response.usage?.inputTokensDetails == nil)
        #expect(response.usage?.totalTokens == 314)
    }

    @Test func itemsAndToolsTheSpecDoesNotListAreKept() async throws {
        try replay("POST", "/v1/responses", "response-web-search.json")
        let response = try await responses.createResponse(request: CreateResponse(model: "gpt-5.4"))

        #expect(response.output.count == 2)
        #expect(response.output[0] == .unknown(try json("""
            {"type": "web_search_call", "id": "ws_67ccf18f64008190a39b619f4c8455ef087bb177ab789d5c", "status": "completed"}
            """)))
        guard case .message(let message) = response.output[1], case .text(let text) = message.content.first else {
            Issue.record("no message: \(response.output[1])")
            return
        }
        #expect(text.annotations.count == 3)
        #expect(text.annotations.first == .urlCitation(UrlCitationBody(
            url: "https://.../?utm_source=chatgpt.com", startIndex: 442, endIndex: 557, title: "...")))
        guard case .unknown(.object(let tool))? = response.tools?.first else {
            Issue.record("the web search tool is not kept as unknown: \(String(describing: response.tools))")
            return
        }
        #expect(tool["type"] == .string("web_search_preview"))
        #expect(tool["search_context_size"] == .string("medium"))

        // An unknown item goes back out exactly as it came.
        let encoded = try JSONDecoder().decode(JSONValue.self, from: try JSONEncoder().encode(response.output[0]))
        #expect(encoded == (try json(#"{"type": "web_search_call", "id": "ws_67ccf18f64008190a39b619f4c8455ef087bb177ab789d5c", "status": "completed"}"#)))
    }

    @Test func aStreamedResponseAssemblesFromItsEvents() async throws {
        try replay("POST", "/v1/responses", "response-stream.sse")
        let request = CreateResponse(model: "gpt-5.4", input: .text("Hello!"), instructions: "You are a helpful assistant.")
        let stream = try await responses.createResponseStream(request: request)

        var events: [ServerSentEvent<ResponseStreamEvent>] = []
        for try await event in stream { events.append(event) }
        #expect(events.map(\.data.typeName) == [
            "response.created", "response.in_progress", "response.output_item.added", "response.content_part.added",
        ] + Array(repeating: "response.output_text.delta", count: 10) + [
            "response.output_text.done", "response.content_part.done", "response.output_item.done", "response.completed",
        ])
        // The SSE event name is the data's type throughout.
        #expect(events.allSatisfy { $0.event == $0.data.typeName })
        // content_part events are not in the spec: kept whole, as unknown.
        guard case .unknown(.object(let part)) = events[3].data else {
            Issue.record("content_part.added is not unknown: \(events[3].data)")
            return
        }
        #expect(part["part"] == (try json(#"{"type": "output_text", "text": "", "annotations": []}"#)))

        let text = events.compactMap { event -> String? in
            if case .outputTextDelta(let delta) = event.data { delta.delta } else { nil }
        }.joined()
        #expect(text == "Hi there! How can I assist you today?")
        guard case .outputTextDone(let done) = events[14].data, case .completed(let completed) = events[17].data,
              case .created(let created) = events[0].data
        else {
            Issue.record("unexpected events")
            return
        }
        #expect(done.text == text)
        #expect(done.itemId == "msg_67c9fdcf37fc8190ba82116e33fb28c507b8b0ad4e5eb654")
        #expect(done.sequenceNumber == nil)
        #expect(created.response.status == .inProgress)
        #expect(created.response.output == [])
        #expect(created.response.usage == nil)
        #expect(created.response.instructions == .text("You are a helpful assistant."))
        #expect(completed.response.status == .completed)
        #expect(completed.response.joinedOutputText == text)
        #expect(completed.response.usage?.totalTokens == 48)
        #expect(try sentBody() == json("""
            {"model": "gpt-5.4", "input": "Hello!", "instructions": "You are a helpful assistant.", "stream": true}
            """))
    }

    @Test func everyListedStreamEventDecodes() async throws {
        try replay("POST", "/v1/responses", "response-event-examples.sse")
        let stream = try await responses.createResponseStream(request: CreateResponse(model: "gpt-5.4", stream: true))
        var events: [ResponseStreamEvent] = []
        for try await event in stream { events.append(event.data) }

        #expect(events.count == 11)
        guard case .created(let created) = events[0],
              case .outputItemAdded(let added) = events[1],
              case .unknown = events[2],
              case .outputTextDelta(let delta) = events[3],
              case .functionCallArgumentsDelta(let argumentsDelta) = events[4],
              case .functionCallArgumentsDone(let argumentsDone) = events[5],
              case .outputTextDone = events[6],
              case .outputItemDone(let itemDone) = events[7],
              case .error(let error) = events[8],
              case .failed(let failed) = events[9],
              case .completed(let completed) = events[10]
        else {
            Issue.record("unexpected events: \(events.map(\.typeName))")
            return
        }
        #expect(created.sequenceNumber == 1)
        #expect(added.item == .message(OutputMessage(id: "msg_123", role: "assistant", content: [], status: .inProgress)))
        #expect(delta.delta == "In")
        #expect(argumentsDelta.delta == #"{ "arg":"#)
        #expect(argumentsDone.name == "get_weather")
        #expect(argumentsDone.arguments == #"{ "arg": 123 }"#)
        guard case .message(let message) = itemDone.item else {
            Issue.record("not a message: \(itemDone.item)")
            return
        }
        #expect(message.status == .completed)
        #expect(error == ResponseErrorEvent(type: "error", code: "ERR_SOMETHING", message: "Something went wrong", param: nil, sequenceNumber: 1))
        #expect(failed.response.status == .failed)
        #expect(failed.response.error == .value(ResponseError(code: .serverError, message: "The model failed to generate a response.")))
        #expect(completed.response.output.count == 1)
        #expect(completed.response.parallelToolCalls == nil)
    }

    @Test func aResponseIsFetchedAndDeleted() async throws {
        try replay("GET", "/v1/responses/resp_123", "response-get.json")
        try replay("DELETE", "/v1/responses/resp_123", "response-delete.json")

        let response = try await responses.getResponse(responseId: "resp_123")
        #expect(response.id == "resp_67cb71b351908190a308f3859487620d06981a8637e6bc44")
        #expect(response.joinedOutputText == "Silent circuits hum,  \nThoughts emerge in data streams—  \nDigital dawn breaks.")
        #expect(response.usage?.totalTokens == 50)

        try await responses.deleteResponse(responseId: "resp_123")
        #expect(transport.requests.map { "\($0.httpMethod ?? "") \($0.url?.absoluteString ?? "")" } == [
            "GET https://api.openai.com/v1/responses/resp_123",
            "DELETE https://api.openai.com/v1/responses/resp_123",
        ])
        #expect(transport.requests.allSatisfy { $0.httpBody == nil })
    }

    @Test func aResponseRoundTripsThroughItsModel() throws {
        // Decoding and encoding keeps every declared key, with null where null came.
        let data = try Data(contentsOf: Self.recordings.appending(path: "response-reasoning.json"))
        let response = try JSONDecoder().decode(ResponseObject.self, from: data)
        #expect(response.reasoning == Reasoning(effort: .high))
        #expect(response.usage?.outputTokensDetails.reasoningTokens == 832)
        let encoded = try JSONDecoder().decode(JSONValue.self, from: try JSONEncoder().encode(response))
        guard case .object(let object) = encoded else {
            Issue.record("not an object")
            return
        }
        #expect(object["error"] == .null)
        #expect(object["incomplete_details"] == .null)
        #expect(object["instructions"] == nil)  // a plain optional: null came, nothing goes back
        #expect(object["created_at"] == .int(1_741_477_868))
        #expect(object["store"] == nil)  // not a property of OpenAI's Response schema
        #expect(try JSONDecoder().decode(ResponseObject.self, from: try JSONEncoder().encode(response)) == response)
    }
}
