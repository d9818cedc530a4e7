import Foundation
import GeneratedRuntime
import GoldenShapes
import Testing

/// The shapes client (Tests/GoldenFiles/shapes) against httpbin on 127.0.0.1, whose /anything
/// sends back the JSON it received: unions and open objects reach the wire as the spec says, and
/// a nullable field left out, sent as null or given a value are three different requests.
@Suite(.enabled(if: HTTPBinServer.isAvailable, "set HTTPBIN_URL (scripts/test.sh starts httpbin)"))
struct ShapesEndToEndTests {
    static func client() throws -> EndpointClient {
        ShapesAPI.client(baseURL: try HTTPBinServer.url())
    }

    @Test func unionsAndOpenObjectsReachTheServerAsTheSpecSays() async throws {
        let messages = [
            Message(role: .system, content: .text("Be brief.")),
            Message(
                role: .user,
                content: .parts([.textPart(TextPart(type: "text", text: "What is this?")), .imagePart(ImagePart(type: "x", imageURL: URL(string: "https://e.x/cat.png")!, detail: .low))]),
                metadata: Labels(additionalProperties: ["trace": "t-1"])),
        ]
        let echo = try await LiveChatService(client: Self.client()).echoMessages(messages: messages)
        #expect(echo.method == "POST")
        let sent: JSONValue = .object(["messages": .array([
            .object(["role": .string("system"), "content": .string("Be brief.")]),
            .object([
                "role": .string("user"),
                "content": .array([
                    .object(["type": .string("text"), "text": .string("What is this?")]),
                    .object(["type": .string("image_url"), "image_url": .string("https://e.x/cat.png"), "detail": .string("low")]),
                ]),
                "metadata": .object(["trace": .string("t-1")]),
            ]),
        ])])
        #expect(echo.json == sent)
        // And what came back decodes to the values that were sent.
        guard case .object(let object)? = echo.json, let echoed = object["messages"] else {
            Issue.record("httpbin sent back no messages: \(String(describing: echo.json))")
            return
        }
        let roundTrip = try JSONDecoder().decode([Message].self, from: JSONEncoder().encode(echoed))
        #expect(roundTrip == messages.map { message in
            var expected = message
            if case .parts(let parts)? = message.content {
                // The case decides the discriminator: the image part went out as "image_url".
                expected.content = .parts(parts.map { part in
                    guard case .imagePart(var image) = part else { return part }
                    image.type = "image_url"
                    return .imagePart(image)
                })
            }
            return expected
        })
    }

    @Test func aNullableFieldIsLeftOutSentAsNullOrSent() async throws {
        let users = LiveUsersService(client: try Self.client())
        let kept = try await users.updateUser(id: 7, userUpdate: UserUpdate(age: 30))
        #expect(kept.method == "PATCH")
        #expect(kept.json == .object(["age": .int(30)]))

        let cleared = try await users.updateUser(id: 7, userUpdate: UserUpdate(name: .null, birthday: .null, tags: .null, settings: .null))
        #expect(cleared.json == .object(["name": .null, "birthday": .null, "tags": .null, "settings": .null]))

        let set = try await users.updateUser(id: 7, userUpdate: UserUpdate(
            name: .value("Ada"), nickname: .value("ada"), birthday: .value(Date(timeIntervalSince1970: 0)), tags: .value([]),
            settings: .value(Settings(theme: "dark", additionalProperties: ["beta": .bool(true)]))))
        #expect(set.json == .object([
            "name": .string("Ada"), "nickname": .string("ada"), "birthday": .string("1970-01-01"), "tags": .array([]),
            "settings": .object(["theme": .string("dark"), "beta": .bool(true)]),
        ]))
    }

    @Test func aRequiredOptionalFieldIsSentAsNullOrSent() async throws {
        let users = LiveUsersService(client: try Self.client())
        let unassigned = try await users.assign(id: 3, assignment: Assignment(task: "t1", assignee: nil, dueOn: nil, labels: nil, reviewer: nil))
        #expect(unassigned.method == "PUT")
        #expect(unassigned.json == .object([
            "task": .string("t1"), "assignee": .null, "due_on": .null, "labels": .null, "reviewer": .null,
        ]))

        let assigned = try await users.assign(id: 3, assignment: Assignment(
            task: "t1", assignee: "ada", dueOn: Date(timeIntervalSince1970: 0), labels: ["a"], reviewer: Settings(fontSize: 12), note: "n"))
        #expect(assigned.json == .object([
            "task": .string("t1"), "assignee": .string("ada"), "due_on": .string("1970-01-01"), "labels": .array([.string("a")]),
            "reviewer": .object(["font_size": .int(12)]), "note": .string("n"),
        ]))
    }
}
