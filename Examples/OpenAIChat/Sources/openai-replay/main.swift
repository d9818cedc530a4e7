import Foundation
import GeneratedRuntime
import OpenAIChat

// Sends each endpoint of the OpenAI spec through the generated services, over a transport that
// answers with the recordings of a folder, and prints what came back decoded.
//
//     swift run --package-path Examples/OpenAIChat openai-replay Examples/OpenAIChat/Recordings

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let path = arguments.first else {
    FileHandle.standardError.write(Data("usage: openai-replay <recordings folder>\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: path, isDirectory: true)
let transport = ReplayTransport(chunkSize: 7)
let (chat, responses) = OpenAIAPI.replayServices(transport: transport)

func replay(_ method: String, _ path: String, _ file: String, status: Int = 200) throws {
    transport.replay(method, path, with: try .file(file, in: folder, status: status))
    print("\n== \(method) \(path) ← \(file)\(status == 200 ? "" : " (\(status))")")
}

func describe(_ usage: CompletionUsage?) -> String {
    guard let usage else { return "no usage" }
    let reasoning = usage.completionTokensDetails.map { ", \($0.reasoningTokens) reasoning" } ?? ""
    return "\(usage.promptTokens) prompt + \(usage.completionTokens) completion\(reasoning) = \(usage.totalTokens) tokens"
}

func describe(_ message: ChatCompletionResponseMessage) -> String {
    switch message.content {
    case .value(let text)?: "\(message.role): \(text)"
    case .null?: "\(message.role): (content null)"
    case nil: "\(message.role): (no content)"
    }
}

func describe(_ item: OutputItem) -> String {
    switch item {
    case .message(let message):
        let parts = message.content.map { content -> String in
            switch content {
            case .text(let text): "\(text.text)" + (text.annotations.isEmpty ? "" : " [\(text.annotations.count) annotations]")
            case .refusal(let refusal): "refused: \(refusal.refusal)"
            case .unknown(let json): "unknown content \(json)"
            }
        }
        return "message (\(message.status.map(\.rawValue) ?? "no status")): " + parts.joined(separator: " ")
    case .functionCall(let call): return "function call \(call.name)(\(call.arguments)) id \(call.callId)"
    case .reasoning(let reasoning): return "reasoning \(reasoning.id), \(reasoning.summary.count) summary parts"
    case .unknown(let json):
        if case .object(let object) = json, case .string(let type)? = object["type"] { return "unknown item of type \(type), kept" }
        return "unknown item, kept"
    }
}

func describe(_ response: ResponseObject) -> String {
    var lines = ["response \(response.id) (\(response.status.map(\.rawValue) ?? "no status")), model \(response.model ?? "?")"]
    lines += response.output.map { "  output: " + describe($0) }
    if let usage = response.usage {
        lines.append("  usage: \(usage.inputTokens) in + \(usage.outputTokens) out (\(usage.outputTokensDetails.reasoningTokens) reasoning) = \(usage.totalTokens)")
    }
    return lines.joined(separator: "\n")
}

let hello = CreateChatCompletionRequest(
    messages: [
        .developer(ChatCompletionRequestDeveloperMessage(content: .text("You are a helpful assistant."))),
        .user(ChatCompletionRequestUserMessage(content: .text("Hello!"))),
    ],
    model: "gpt-5.4")

do {
    try replay("POST", "/v1/chat/completions", "chat-completion.json")
    let completion = try await chat.createChatCompletion(request: hello)
    for choice in completion.choices {
        print("choice \(choice.index), \(choice.finishReason.rawValue): \(describe(choice.message))")
    }
    print(describe(completion.usage))

    try replay("POST", "/v1/chat/completions", "chat-completion-image-input.json")
    let image = try await chat.createChatCompletion(request: CreateChatCompletionRequest(
        messages: [.user(ChatCompletionRequestUserMessage(content: .parts([
            .text(ChatCompletionRequestMessageContentPartText(text: "What is in this image?")),
            .image(ChatCompletionRequestMessageContentPartImage(imageUrl: ChatCompletionImageURL(
                url: "https://upload.wikimedia.org/wikipedia/commons/thumb/d/dd/Gfp-wisconsin-madison-the-nature-boardwalk.jpg/2560px-Gfp-wisconsin-madison-the-nature-boardwalk.jpg"))),
        ])))],
        model: "gpt-5.4"))
    print(describe(image.choices[0].message))
    print(describe(image.usage))

    try replay("POST", "/v1/chat/completions", "chat-completion-tool-call.json")
    let weather = ChatCompletionTool(function: FunctionObject(
        description: "Get the current weather in a given location",
        name: "get_current_weather",
        parameters: FunctionParameters(additionalProperties: [
            "type": .string("object"),
            "properties": .object([
                "location": .object(["type": .string("string"), "description": .string("The city and state, e.g. San Francisco, CA")]),
                "unit": .object(["type": .string("string"), "enum": .array([.string("celsius"), .string("fahrenheit")])]),
            ]),
            "required": .array([.string("location")]),
        ])))
    let toolCall = try await chat.createChatCompletion(request: CreateChatCompletionRequest(
        messages: [.user(ChatCompletionRequestUserMessage(content: .text("What is the weather like in Boston today?")))],
        model: "gpt-5.4", tools: [weather], toolChoice: .mode(.auto)))
    let message = toolCall.choices[0].message
    print("finish reason \(toolCall.choices[0].finishReason.rawValue); \(describe(message))")
    for call in message.toolCalls ?? [] {
        switch call {
        case .function(let call): print("tool call \(call.id): \(call.function.name)(\(call.function.arguments))")
        case .custom(let call): print("custom tool call \(call.id): \(call.custom.name)")
        case .unknown(let json): print("unknown tool call \(json)")
        }
    }

    try replay("POST", "/v1/chat/completions", "chat-completion-logprobs.json")
    let logprobs = try await chat.createChatCompletion(request: CreateChatCompletionRequest(
        topLogprobs: 2,
        messages: [.user(ChatCompletionRequestUserMessage(content: .text("Hello!")))],
        model: "gpt-5.4", logprobs: true))
    for token in logprobs.choices[0].logprobs?.content ?? [] {
        let alternatives = token.topLogprobs.map { "\($0.token.debugDescription) \($0.logprob)" }.joined(separator: ", ")
        print("\(token.token.debugDescription) \(token.logprob)  [\(alternatives)]")
    }

    try replay("POST", "/v1/chat/completions", "chat-completion-stream.sse")
    let assembled = try await AssembledChatCompletion(chat.createChatCompletionStream(request: hello))
    print("\(assembled.chunkCount) chunks, up to [DONE]; \(assembled.role.map(\.rawValue) ?? "?"): \(assembled.content) (\(assembled.finishReason.map(\.rawValue) ?? "no finish reason"))")

    try replay("POST", "/v1/chat/completions", "error-invalid-request.json", status: 400)
    do {
        _ = try await chat.createChatCompletion(request: hello)
        print("unexpected success")
    } catch let error as EndpointError {
        if let body = error.errorBody(as: ErrorResponse.self) {
            print("HTTP \(error.statusCode ?? 0), \(body.error.type) \(body.error.code ?? "-") at \(body.error.param ?? "-"): \(body.error.message)")
        } else {
            print("HTTP \(error.statusCode ?? 0) without an error body: \(error)")
        }
    }

    let tellMe = CreateResponse(model: "gpt-5.4", input: .text("Tell me a three sentence bedtime story about a unicorn."))
    try replay("POST", "/v1/responses", "response-text.json")
    print(describe(try await responses.createResponse(request: tellMe)))

    try replay("POST", "/v1/responses", "response-function-call.json")
    print(describe(try await responses.createResponse(request: CreateResponse(
        model: "gpt-5.4",
        tools: [.function(FunctionTool(name: "get_current_weather", description: "Get the current weather in a given location"))],
        toolChoice: .mode(.auto),
        input: .text("What is the weather like in Boston today?")))))

    try replay("POST", "/v1/responses", "response-web-search.json")
    let search = try await responses.createResponse(request: CreateResponse(
        model: "gpt-5.4", input: .text("What was a positive news story from today?")))
    print(describe(search))
    print("  tools echoed: \(search.tools?.map { tool in if case .unknown = tool { "unknown (kept)" } else { "\(tool)" } } ?? [])")

    try replay("POST", "/v1/responses", "response-reasoning.json")
    print(describe(try await responses.createResponse(request: CreateResponse(
        model: "o3-mini", reasoning: Reasoning(effort: .high), input: .text("How much wood would a woodchuck chuck?")))))

    try replay("POST", "/v1/responses", "response-stream.sse")
    let streamed = CreateResponse(model: "gpt-5.4", input: .text("Hello!"), instructions: "You are a helpful assistant.")
    var text = ""
    var kinds: [String] = []
    for try await event in try await responses.createResponseStream(request: streamed) {
        kinds.append(event.data.typeName + (event.data.isListed ? "" : " (unknown, kept)"))
        switch event.data {
        case .outputTextDelta(let delta): text += delta.delta
        case .completed(let completed): print("completed: \(completed.response.joinedOutputText)")
        case .error(let error): print("error event: \(error.message)")
        default: break
        }
    }
    print("events: " + kinds.joined(separator: ", "))
    print("assembled from deltas: \(text)")

    try replay("POST", "/v1/responses", "response-event-examples.sse")
    for try await event in try await responses.createResponseStream(request: streamed) {
        print("event \(event.event ?? "-"): \(event.data.typeName)\(event.data.isListed ? "" : " (unknown, kept)")")
    }

    try replay("GET", "/v1/responses/resp_123", "response-get.json")
    print(describe(try await responses.getResponse(responseId: "resp_123")))

    try replay("DELETE", "/v1/responses/resp_123", "response-delete.json")
    try await responses.deleteResponse(responseId: "resp_123")
    print("deleted")

    print("\n\(transport.requests.count) requests replayed")
} catch {
    print("error: \(error)")
    exit(1)
}

extension ResponseStreamEvent {
    var isListed: Bool {
        if case .unknown = self { false } else { true }
    }
}
