import Foundation
import GeneratedRuntime

extension OpenAIAPI {
    /// The chat and responses services over `transport`, with a made-up API key (a replayed
    /// request goes nowhere).
    public static func replayServices(
        transport: ReplayTransport, apiKey: String = "sk-replay"
    ) -> (chat: LiveChatService, responses: LiveResponsesService) {
        let client = client(transport: transport).authorized(ApiKeyAuth.self, credential: BearerToken(apiKey))
        return (LiveChatService(client: client), LiveResponsesService(client: client))
    }
}

/// A streamed chat completion put back together from its chunks: the first choice's text, role
/// and finish reason, and its tool calls, whose names and arguments arrive in pieces.
public struct AssembledChatCompletion: Hashable, Sendable {
    public var id: String?
    public var model: String?
    public var role: ChatCompletionRole?
    public var content = ""
    public var refusal: String?
    public var finishReason: ChatCompletionFinishReason?
    public var toolCalls: [AssembledToolCall] = []
    public var usage: CompletionUsage?
    public var chunkCount = 0

    public init() {}

    /// Reads every chunk of `stream`, up to its end.
    public init(_ stream: EventStream<ServerSentEvent<CreateChatCompletionStreamResponse>>) async throws {
        for try await event in stream { add(event.data) }
    }

    public mutating func add(_ chunk: CreateChatCompletionStreamResponse) {
        chunkCount += 1
        id = id ?? chunk.id
        model = model ?? chunk.model
        if let usage = chunk.usage { self.usage = usage }
        guard let choice = chunk.choices.first(where: { $0.index == 0 }) else { return }
        if let role = choice.delta.role { self.role = role }
        if let content = choice.delta.content { self.content += content }
        if let refusal = choice.delta.refusal { self.refusal = (self.refusal ?? "") + refusal }
        if let finishReason = choice.finishReason { self.finishReason = finishReason }
        for call in choice.delta.toolCalls ?? [] {
            if !toolCalls.contains(where: { $0.index == call.index }) {
                toolCalls.append(AssembledToolCall(index: call.index))
            }
            let position = toolCalls.firstIndex { $0.index == call.index }!
            if let id = call.id { toolCalls[position].id = id }
            if let name = call.function?.name { toolCalls[position].name += name }
            if let arguments = call.function?.arguments { toolCalls[position].arguments += arguments }
        }
    }
}

/// A tool call of a streamed chat completion, put together from its chunks.
public struct AssembledToolCall: Hashable, Sendable {
    public var index: Int
    public var id: String?
    public var name = ""
    public var arguments = ""

    public init(index: Int, id: String? = nil, name: String = "", arguments: String = "") {
        self.index = index
        self.id = id
        self.name = name
        self.arguments = arguments
    }
}

extension ResponseObject {
    /// The text of the output messages, joined: what the SDKs call `output_text`.
    public var joinedOutputText: String {
        output.compactMap { item -> String? in
            guard case .message(let message) = item else { return nil }
            return message.content.compactMap { content -> String? in
                if case .text(let text) = content { text.text } else { nil }
            }.joined()
        }.joined()
    }
}

extension ResponseStreamEvent {
    /// The event's `type`, for any event, listed or not.
    public var typeName: String {
        switch self {
        case .created(let event): event.type
        case .inProgress(let event): event.type
        case .completed(let event): event.type
        case .failed(let event): event.type
        case .outputItemAdded(let event): event.type
        case .outputItemDone(let event): event.type
        case .outputTextDelta(let event): event.type
        case .outputTextDone(let event): event.type
        case .functionCallArgumentsDelta(let event): event.type
        case .functionCallArgumentsDone(let event): event.type
        case .error(let event): event.type
        case .unknown(let json):
            if case .object(let object) = json, case .string(let type)? = object["type"] { type } else { "?" }
        }
    }
}
