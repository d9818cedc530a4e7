import Foundation
import GeneratedRuntime
import GoldenShapes
import Testing

/// The shapes golden case: tagged unions read their discriminator first and write it back, keep
/// an unknown member as JSON; untagged unions try their members in order and, when none fits,
/// say why each failed.
@Suite struct ShapesTests {
    // MARK: Tagged unions

    /// A union's default is the case decoding the default's JSON gives: the first member that
    /// holds it (an open enum holds any string), so what is left out and what is sent agree.
    @Test func aUnionsDefaultIsTheCaseItsValueDecodesTo() throws {
        let defaults = try JSONDecoder().decode(UnionDefaults.self, from: Data("{}".utf8))
        #expect(defaults == UnionDefaults())
        #expect(defaults.toolChoice == .toolChoiceMode(.auto))
        #expect(defaults.customChoice == .toolChoiceMode(.unknown("by-hand")))
        #expect(defaults.id == .int(7))
        #expect(defaults.label == .string("seven"))
        let sent = try JSONEncoder().encode(defaults)
        let object = try #require(try JSONSerialization.jsonObject(with: sent) as? [String: Any])
        #expect(object["tool_choice"] as? String == "auto" && object["custom_choice"] as? String == "by-hand")
        #expect(object["id"] as? Int == 7 && object["label"] as? String == "seven")
        #expect(try JSONDecoder().decode(UnionDefaults.self, from: sent) == defaults)
        // Given, a value replaces the default.
        let given = try JSONDecoder().decode(UnionDefaults.self, from: Data(#"{"id": "x", "tool_choice": ["a"]}"#.utf8))
        #expect(given.id == .string("x") && given.toolChoice == .stringArray(["a"]))
    }

    @Test func aTaggedUnionDecodesTheMemberItsDiscriminatorNames() throws {
        let parts = try decode([Part].self, #"""
            [{"type": "text", "text": "Hello"},
             {"type": "image_url", "image_url": "https://example.com/a.png", "detail": "high"}]
            """#)
        #expect(parts == [
            .textPart(TextPart(type: "text", text: "Hello")),
            .imagePart(ImagePart(type: "image_url", imageURL: URL(string: "https://example.com/a.png")!, detail: .high)),
        ])
    }

    @Test func aTaggedUnionWritesTheCasesDiscriminatorWhateverTheMemberHolds() throws {
        // The case decides: a member built with another value still goes out as its case.
        let written = try encodeSorted(Part.textPart(TextPart(type: "something else", text: "Hi")))
        #expect(written == #"{"text":"Hi","type":"text"}"#)
        let image = try encodeSorted(Part.imagePart(ImagePart(type: "", imageURL: URL(string: "https://e.x/i")!)))
        #expect(image == #"{"image_url":"https://e.x/i","type":"image_url"}"#)
    }

    /// Members that are never objects (a string enum, an array) beside ones a discriminator names:
    /// tried in order when the value is not an object (OpenAI's `tool_choice`, which the import
    /// left untagged, so that an object of one tool decoded as another).
    @Test func aTaggedUnionReadsValuesThatAreNotObjectsByTheirType() throws {
        let text = #"["auto", {"type": "function", "name": "f"}, {"type": "custom", "name": "c"}, ["a", "b"], {"type": "mcp", "server": "s"}, "later"]"#
        let choices = try decode([ToolChoice].self, text)
        #expect(choices == [
            .toolChoiceMode(.auto), .functionToolChoice(FunctionToolChoice(type: "function", name: "f")),
            .customToolChoice(CustomToolChoice(type: "custom", name: "c")), .stringArray(["a", "b"]),
            .unknown(.object(["type": .string("mcp"), "server": .string("s")])), .toolChoiceMode(.unknown("later")),
        ])
        #expect(try encodeSorted(choices) == #"["auto",{"name":"f","type":"function"},{"name":"c","type":"custom"},["a","b"],{"server":"s","type":"mcp"},"later"]"#)
        let error = try #require(throws: DecodingError.self) { try decode(ToolChoice.self, "5") }
        #expect("\(error)".contains("no member of ToolChoice fits"), "\(error)")
    }

    /// A case that several discriminator values pick goes out with the member's own value, not
    /// the first of them (found while importing OpenAI's `tool_choice`, whose hosted tools are one
    /// member with eight values: every one went out as `file_search`).
    @Test func aCaseOfSeveralTagsGoesOutWithItsOwn() throws {
        let choice = try decode(ToolChoice.self, #"{"type": "web_search"}"#)
        #expect(choice == .hostedToolChoice(HostedToolChoice(type: .webSearch)))
        #expect(try encodeSorted(choice) == #"{"type":"web_search"}"#)
        // A member built with a value the case does not list goes out with the case's first.
        #expect(try encodeSorted(ToolChoice.hostedToolChoice(HostedToolChoice(type: .unknown("other")))) == #"{"type":"file_search"}"#)
    }

    /// The member's own value also when a base holds the property, or a tolerant model holds it
    /// as an optional (found by a review: a base's value went out as the case's first).
    @Test func aCaseOfSeveralTagsGoesOutWithItsOwnFromABaseOrATolerantModel() throws {
        let text = #"[{"type": "web_search", "extra": "e"}, {"type": "shell", "count": 2}, {"count": 3, "type": "code"}]"#
        let runners = try decode([Runner].self, text)
        #expect(runners.count == 3)
        #expect(try encodeSorted(runners) == #"[{"extra":"e","type":"web_search"},{"count":2,"type":"shell"},{"count":3,"type":"code"}]"#)
    }

    /// A member that is a union of its own (Figma's media actions, among the actions told apart
    /// by `type`): the discriminator picks it, and it tells its members apart as it does alone.
    /// Found by a tester: untagged, an object of a later member decoded as the first, an open
    /// enum's `.unknown`, and lost its other keys.
    @Test func aTaggedUnionsMemberMayBeAUnionOfItsOwn() throws {
        let text = #"""
            [{"type": "UPDATE_MEDIA_RUNTIME", "media_action": "PLAY"},
             {"type": "MEDIA", "media_action": "SKIP_FORWARD", "seconds": 2.5},
             {"type": "CLOSE"},
             {"type": "DELAY", "media_action": "PAUSE"},
             {"type": "DELAY"},
             {"type": "SCROLL_TO", "node": "1:2"}]
            """#
        let actions = try decode([PrototypeAction].self, text)
        #expect(actions == [
            .mediaAction(.mediaToggle(MediaToggle(type: "UPDATE_MEDIA_RUNTIME", mediaAction: "PLAY"))),
            .mediaAction(.mediaSeek(MediaSeek(type: "MEDIA", mediaAction: "SKIP_FORWARD", seconds: 2.5))),
            .navigateAction(NavigateAction(type: "CLOSE")),
            .delayAction(.mediaToggle(MediaToggle(type: "DELAY", mediaAction: "PAUSE"))),
            .delayAction(.navigateAction(NavigateAction(type: "DELAY"))),
            .unknown(.object(["type": .string("SCROLL_TO"), "node": .string("1:2")])),
        ])
        // Each goes out as it came: a case of several values with its member's own.
        #expect(try decode(JSONValue.self, try encodeSorted(actions)) == decode(JSONValue.self, text))
        // One value: the case's, as for a struct member.
        #expect(try encodeSorted(PrototypeAction.delayAction(.navigateAction(NavigateAction(type: "x")))) == #"{"type":"DELAY"}"#)
        let error = try #require(throws: DecodingError.self) { try decode(PrototypeAction.self, #"{"type": "MEDIA", "seconds": 1}"#) }
        #expect("\(error)".contains("no member of MediaAction fits"), "\(error)")
    }

    @Test func anUnknownDiscriminatorIsKeptAsJSONAndWrittenBackAsItCame() throws {
        let text = #"{"type": "input_audio", "input_audio": {"data": "AAA=", "format": "wav"}, "n": 1.5}"#
        let part = try decode(Part.self, text)
        let expected = JSONValue.object(["type": .string("input_audio"), "input_audio": .object(["data": .string("AAA="), "format": .string("wav")]), "n": .double(1.5)])
        #expect(part == .unknown(expected))
        #expect(try decode(JSONValue.self, try encodeSorted(part)) == expected)
    }

    @Test func membersAreNamedByTheirTypeUnlessMapped() throws {
        let text = #"""
            [{"kind": "Created", "id": "1", "created_at": "2024-05-01T10:20:30.125Z"},
             {"kind": "Deleted", "id": "2"},
             {"kind": "renamed", "id": "3", "from": "a", "to": "b"}]
            """#
        let events = try decode([Event].self, text)
        #expect(events == [
            .created(Created(kind: .created, id: "1", createdAt: Date(timeIntervalSince1970: 1_714_558_830.125))),
            .deleted(Deleted(kind: .deleted, id: "2")),
            .renamed(Renamed(kind: .renamed, id: "3", from: "a", to: "b")),
        ])
        // Round trip: the same JSON comes back, the date with its fraction.
        #expect(try decode(JSONValue.self, try encodeSorted(events)) == decode(JSONValue.self, text))
    }

    @Test func aMissingOrMistypedDiscriminatorIsADecodingErrorAtItsPlace() throws {
        let missing = try #require(throws: DecodingError.self) { try decode([Part].self, #"[{"type": "text", "text": "a"}, {"text": "b"}]"#) }
        guard case .keyNotFound(let key, let context) = missing else {
            Issue.record("expected keyNotFound, got \(missing)")
            return
        }
        #expect(key.stringValue == "type")
        #expect(context.codingPath.map(\.intValue) == [1])
        #expect(throws: DecodingError.self) { try decode(Part.self, #"{"type": 1, "text": "b"}"#) }
        // A member that fails keeps its own error: a text part without its text.
        let error = try #require(throws: DecodingError.self) { try decode(Part.self, #"{"type": "text"}"#) }
        #expect("\(error)".contains("text"))
    }

    @Test func theMemberTypesStayUsableAlone() throws {
        let part = try decode(TextPart.self, #"{"type": "text", "text": "alone"}"#)
        #expect(part.text == "alone")
        #expect(try encodeSorted(part) == #"{"text":"alone","type":"text"}"#)
    }

    // MARK: Untagged unions

    @Test func untaggedMembersAreTriedInOrder() throws {
        let messages = try decode([Message].self, #"""
            [{"role": "user", "content": "Hello"},
             {"role": "user", "content": [{"type": "text", "text": "What is in this image?"}, {"type": "image_url", "image_url": "https://e.x/cat.png"}]},
             {"role": "assistant", "content": null},
             {"role": "tool"}]
            """#)
        #expect(messages.map(\.content) == [
            .text("Hello"),
            .parts([.textPart(TextPart(type: "text", text: "What is in this image?")), .imagePart(ImagePart(type: "image_url", imageURL: URL(string: "https://e.x/cat.png")!))]),
            nil, nil,
        ])
        #expect(try decode([Identifier].self, #"[7, "seven", 9007199254740993]"#) == [.int(7), .string("seven"), .int(9_007_199_254_740_993)])
        #expect(try encodeSorted([Identifier.int(7), .string("7")]) == #"[7,"7"]"#)
        #expect(try encodeSorted(Content.text("plain")) == #""plain""#)
    }

    @Test func untaggedModelsAreToldApartByTheirRequiredPropertiesAndNest() throws {
        let text = #"""
            {"members": [{"radius": 1.5}, {"members": [], "label": "empty"}, {"a": {"radius": 2}}], "parent": {"radius": 0}}
            """#
        let shape = try decode(Shape.self, text)
        let group = Group(
            members: [.circle(Circle(radius: 1.5)), .group(Group(members: [], label: "empty")), .named(["a": .circle(Circle(radius: 2))])],
            parent: .circle(Circle(radius: 0)))
        #expect(shape == .group(group))
        #expect(try decode(Shape.self, try encodeSorted(shape)) == shape)
        #expect(try decode(JSONValue.self, try encodeSorted(shape)) == decode(JSONValue.self, text))
    }

    @Test func whenNoMemberFitsTheErrorNamesEveryMemberAndWhyItFailed() throws {
        let error = try #require(throws: DecodingError.self) {
            try decode([Message].self, #"[{"role": "user", "content": "ok"}, {"role": "user", "content": [{"type": "text"}]}]"#)
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["1", "content"])
        #expect(context.debugDescription.hasPrefix("no member of Content fits the value; tried "), "\(context.debugDescription)")
        #expect(context.debugDescription.contains("text (String): expected String"), "\(context.debugDescription)")
        #expect(context.debugDescription.contains(#"parts ([Part]): at [0].text: no value for key "text""#), "\(context.debugDescription)")

        let number = try #require(throws: DecodingError.self) { try decode(Identifier.self, "1.5") }
        #expect("\(number)".contains("int (Int)") && "\(number)".contains("string (String)"))
    }

    @Test func anEndpointSendsAndReceivesUnions() throws {
        let endpoint = ChatService.complete(messages: [Message(role: .user, content: .parts([.textPart(TextPart(type: "text", text: "Hi"))]))])
        let request = try endpoint.makeRequest()
        let body = try #require(request.body)
        #expect(String(decoding: body, as: UTF8.self).contains(#""content":[{"#))
        let reply = try endpoint.decodeResponse(HTTPResponse(statusCode: 200, headers: [:], body: Data(#"{"role": "assistant", "content": "Hello"}"#.utf8)))
        #expect(reply.content == .text("Hello"))
    }

    // MARK: Open objects

    @Test func anOpenObjectKeepsTheKeysItDoesNotDeclareThroughARoundTrip() throws {
        let text = #"{"theme": "dark", "font_size": 12, "beta": {"flags": [1, true, null]}, "x-trace": "abc", "ratio": 0.25}"#
        let settings = try decode(Settings.self, text)
        #expect(settings.theme == "dark")
        #expect(settings.fontSize == 12)
        #expect(settings.additionalProperties == [
            "beta": .object(["flags": .array([.int(1), .bool(true), .null])]),
            "x-trace": .string("abc"),
            "ratio": .double(0.25),
        ])
        // Declared keys, under their JSON names, are not additional: font_size is fontSize.
        #expect(settings.additionalProperties["font_size"] == nil && settings.additionalProperties["theme"] == nil)
        #expect(try decode(JSONValue.self, try encodeSorted(settings)) == decode(JSONValue.self, text))
        #expect(try encodeSorted(Settings(theme: "x", additionalProperties: ["b": .int(2), "a": .int(1)])) == #"{"a":1,"b":2,"theme":"x"}"#)
    }

    @Test func anOpenObjectWithoutDeclaredPropertiesKeepsEverything() throws {
        let message = try decode(Message.self, #"{"role": "user", "metadata": {"user_id": "u1", "": "empty key", "role": "admin"}}"#)
        #expect(message.metadata == Labels(additionalProperties: ["user_id": "u1", "": "empty key", "role": "admin"]))
        #expect(try encodeSorted(Labels(additionalProperties: ["k": "v"])) == #"{"k":"v"}"#)
        #expect(try encodeSorted(Labels()) == "{}")
        // Additional values have the declared type: a number where a String belongs is an error at its key.
        let error = try #require(throws: DecodingError.self) { try decode(Labels.self, #"{"a": "x", "b": 2}"#) }
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected typeMismatch, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["b"])
    }

    @Test func aTolerantOpenObjectSkipsAdditionalValuesThatDoNotFit() throws {
        let counts = try decode(Counts.self, #"{"total": 3, "a": 1, "b": "two", "c": 3}"#)
        #expect(counts.total == 3)
        #expect(counts.additionalProperties == ["a": 1, "c": 3])
    }

    @Test func anAdditionalPropertyCannotTakeADeclaredKey() throws {
        let clash = Settings(theme: "dark", additionalProperties: ["theme": .string("light")])
        let error = try #require(throws: EncodingError.self) { try encodeSorted(clash) }
        #expect("\(error)".contains("the additional property \"theme\" has the key of a declared property"))
        // Under its JSON name too: font_size belongs to fontSize.
        #expect(throws: EncodingError.self) { try encodeSorted(Settings(additionalProperties: ["font_size": .int(1)])) }
    }

    // MARK: Absent, null or a value

    @Test func aNullablePropertyTellsAbsentNullAndAValueApart() throws {
        let absent = try decode(UserUpdate.self, "{}")
        let null = try decode(UserUpdate.self, #"{"name": null, "nickname": null, "birthday": null, "tags": null, "settings": null, "age": null}"#)
        let values = try decode(UserUpdate.self, #"{"name": "Ada", "birthday": "1815-12-10", "tags": ["a"], "settings": {"theme": "dark", "x": 1}, "age": 36}"#)
        #expect(absent == UserUpdate())
        #expect(absent.name == nil)
        #expect(null.name == .null && null.nickname == .null && null.birthday == .null && null.tags == .null && null.settings == .null)
        #expect(null.age == nil, "a plain optional does not tell null from absent")
        #expect(values.name == .value("Ada"))
        #expect(values.name?.value == "Ada")
        #expect(values.birthday?.value == DateCodingStrategy.dateOnly.date(from: "1815-12-10"))
        #expect(values.tags == .value(["a"]))
        #expect(values.settings?.value?.additionalProperties == ["x": .int(1)])
    }

    @Test func aNullablePropertyIsLeftOutSentAsNullOrSent() throws {
        #expect(try encodeSorted(UserUpdate()) == "{}")
        #expect(try encodeSorted(UserUpdate(name: .null, tags: .null)) == #"{"name":null,"tags":null}"#)
        #expect(try encodeSorted(UserUpdate(name: .value("Ada"), birthday: .value(Date(timeIntervalSince1970: 86_400)))) == #"{"birthday":"1970-01-02","name":"Ada"}"#)
        for text in ["{}", #"{"name":null}"#, #"{"name":"x","nickname":null,"tags":[]}"#, #"{"birthday":"2024-02-29","settings":null}"#] {
            #expect(try encodeSorted(try decode(UserUpdate.self, text)) == text)
        }
        // A wrong value is still an error, not null.
        #expect(throws: DecodingError.self) { try decode(UserUpdate.self, #"{"name": 5}"#) }
    }

    // MARK: Required, maybe null

    @Test func aRequiredOptionalPropertySendsNullForNil() throws {
        let unassigned = Assignment(task: "t1", assignee: nil, dueOn: nil, labels: nil, reviewer: nil)
        #expect(try encodeSorted(unassigned) == #"{"assignee":null,"due_on":null,"labels":null,"reviewer":null,"task":"t1"}"#,
                "every required key goes out, nil as null; a plain optional is left out")
        let assigned = Assignment(
            task: "t1", assignee: "ada", dueOn: Date(timeIntervalSince1970: 86_400), labels: [],
            reviewer: Settings(theme: "dark"), note: "n")
        #expect(try encodeSorted(assigned)
            == #"{"assignee":"ada","due_on":"1970-01-02","labels":[],"note":"n","reviewer":{"theme":"dark"},"task":"t1"}"#)
        for text in [
            #"{"assignee":null,"due_on":null,"labels":null,"reviewer":null,"task":"t1"}"#,
            #"{"assignee":"ada","due_on":"2024-02-29","labels":["a"],"note":"n","reviewer":{"font_size":3},"task":"t1"}"#,
        ] {
            #expect(try encodeSorted(try decode(Assignment.self, text)) == text)
        }
    }

    @Test func aRequiredOptionalPropertyReadsNullOrAMissingKeyAsNil() throws {
        let null = try decode(Assignment.self, #"{"task": "t1", "assignee": null, "due_on": null, "labels": null, "reviewer": null}"#)
        let missing = try decode(Assignment.self, #"{"task": "t1"}"#)
        #expect(null == Assignment(task: "t1", assignee: nil, dueOn: nil, labels: nil, reviewer: nil))
        #expect(missing == null, "a server that leaves the key out is read as if it sent null")
        let values = try decode(Assignment.self, #"{"task": "t1", "assignee": "ada", "due_on": "2024-02-29", "labels": ["x"]}"#)
        #expect(values.assignee == "ada" && values.labels == ["x"])
        #expect(values.dueOn == DateCodingStrategy.dateOnly.date(from: "2024-02-29"))
        #expect(throws: DecodingError.self) { try decode(Assignment.self, #"{"task": "t1", "assignee": 5}"#) }
    }

    // MARK: Composition

    @Test func aComposedModelHasItsBasesPropertiesEachAsItsBaseSays() throws {
        let text = #"""
            {"id": "p1", "createdAt": 1714558830, "display_name": "Apollo", "owner_id": "u1", "due_at": "2024-05-01T10:20:30Z", "aliases": ["a"]}
            """#
        let project = try decode(Project.self, text)
        #expect(project == Project(
            id: "p1", createdAt: Date(timeIntervalSince1970: 1_714_558_830), revision: 1, displayName: "Apollo",
            aliases: ["a"], ownerID: "u1", dueAt: Date(timeIntervalSince1970: 1_714_558_830)))
        // Resource's keys (useDefaultKeys) and dates (seconds), Named's and Project's snake_case and ISO 8601 dates.
        #expect(try encodeSorted(project) == #"{"aliases":["a"],"createdAt":1714558830,"display_name":"Apollo","due_at":"2024-05-01T10:20:30Z","id":"p1","owner_id":"u1","revision":1}"#)
        // The bases stay models of their own.
        #expect(try decode(Resource.self, #"{"id": "r", "createdAt": 0}"#) == Resource(id: "r", createdAt: Date(timeIntervalSince1970: 0)))
        let missing = try #require(throws: DecodingError.self) { try decode(Project.self, #"{"id": "p1", "createdAt": 0, "owner_id": "u"}"#) }
        #expect("\(missing)".contains("display_name"))
    }

    // MARK: Identifiable

    /// The spec says `"identifiable": true` in its defaults: every struct with an `id` is
    /// `Identifiable` through it, as SwiftUI's `List` and `ForEach` take values, a composed one
    /// through its base's and a union's id too; one without an `id` is not.
    @Test func structsWithAnIDAreIdentifiableThroughIt() throws {
        func identities<Value: Identifiable>(_ values: [Value]) -> [Value.ID] { values.map(\.id) }
        let projects = try decode([Project].self, #"""
            [{"id": "p1", "createdAt": 0, "display_name": "A", "owner_id": "u"},
             {"id": "p2", "createdAt": 0, "display_name": "B", "owner_id": "u"}]
            """#)
        #expect(identities(projects) == ["p1", "p2"])
        #expect(Project.ID.self == String.self)
        let unions = try decode([UnionDefaults].self, #"[{"id": "x"}, {"id": 8}, {}]"#)
        #expect(identities(unions) == [.string("x"), .int(8), .int(7)], "the id's own default")
        #expect(UnionDefaults.ID.self == Identifier.self)
        #expect((Named.self as Any.Type) is any Identifiable.Type == false, "Named has no id")
    }
}
