import Foundation

/// What generated unions (`oneOf` models) call: a tagged union reads its discriminator and
/// writes a member with it; an untagged one that no member fits says why each failed.
public enum UnionCoding {
    /// The discriminator of the object being decoded: the string at `key`.
    public static func tag(at key: String, in decoder: any Decoder) throws -> String {
        try decoder.container(keyedBy: AnyCodingKey.self).decode(String.self, forKey: AnyCodingKey(key))
    }

    /// The discriminator at `key` when the value is an object; nil when it is not one (a string,
    /// a number…), which a tagged union's members that are never objects then read.
    public static func tagIfObject(at key: String, in decoder: any Decoder) throws -> String? {
        guard let container = try? decoder.container(keyedBy: AnyCodingKey.self) else { return nil }
        return try container.decode(String.self, forKey: AnyCodingKey(key))
    }

    /// Encodes `member`, then writes `tag` at `key`: the case decides the discriminator, whatever
    /// the member's own property there holds.
    public static func encode(_ member: some Encodable, tag: String, at key: String, to encoder: any Encoder) throws {
        try member.encode(to: encoder)
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(tag, forKey: AnyCodingKey(key))
    }

    /// Encodes the member of a case that several discriminator values pick: with its own value,
    /// `own`, when that is one of them (it goes out as it came), else with the first.
    public static func encode(_ member: some Encodable, tag own: String?, among tags: [String], at key: String, to encoder: any Encoder) throws {
        try encode(member, tag: own.flatMap { tags.contains($0) ? $0 : nil } ?? tags[0], at: key, to: encoder)
    }

    /// Decodes an untagged union's member through a container, so that the coder reads it its own
    /// way: `JSONDecoder` reads a `URL` from a string and `Data` from base64, which
    /// `URL(from:)` and `Data(from:)` (an object, an array of bytes) do not.
    public static func decode<Member: Decodable>(_ type: Member.Type, from decoder: any Decoder) throws -> Member {
        try decoder.singleValueContainer().decode(Member.self)
    }

    /// Decodes an untagged union's struct member that takes every object (its properties are all
    /// optional) from an object that holds no key but its `keys`, so that it drops nothing; from
    /// another it fails, and the members after it are tried.
    public static func decode<Member: Decodable>(_ type: Member.Type, holdingOnly keys: Set<String>, from decoder: any Decoder) throws -> Member {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let others = container.allKeys.map(\.stringValue).filter { !keys.contains($0) }
        guard others.isEmpty else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath, debugDescription: "the object holds keys it does not declare (\(others.sorted().joined(separator: ", ")))"))
        }
        return try Member(from: decoder)
    }

    /// Decodes an untagged union's struct member from an object that holds none of `keys`, which
    /// members after it declare and it does not; from one that holds any, it fails, and those
    /// members are tried.
    public static func decode<Member: Decodable>(_ type: Member.Type, holdingNone keys: Set<String>, from decoder: any Decoder) throws -> Member {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let held = container.allKeys.map(\.stringValue).filter { keys.contains($0) }
        guard held.isEmpty else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath, debugDescription: "the object holds keys of another member (\(held.sorted().joined(separator: ", ")))"))
        }
        return try Member(from: decoder)
    }

    /// Encodes an untagged union's member through a container, so that the coder writes it its
    /// own way (`JSONEncoder`: a `URL` as a string, `Data` as base64).
    public static func encode(_ member: some Encodable, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(member)
    }

    /// The error of an untagged union when no member fits the value: it names every member
    /// tried, in order, and why each failed.
    public static func noMemberFits(_ union: String, tried failures: [(member: String, error: any Error)], in decoder: any Decoder) -> DecodingError {
        let reasons = failures.map { failure in
            let place = (failure.error as? DecodingError).map { EndpointError.path(of: $0) } ?? ""
            let relative = Self.relative(place, to: decoder.codingPath)
            return "\(failure.member): \(relative.isEmpty ? "" : "at \(relative): ")\(EndpointError.message(of: failure.error))"
        }
        return .dataCorrupted(.init(
            codingPath: decoder.codingPath,
            debugDescription: "no member of \(union) fits the value; tried \(reasons.joined(separator: "; "))"))
    }

    /// `place` (a path such as `messages[2].content[0].text`) from inside the value at `base`.
    private static func relative(_ place: String, to base: [any CodingKey]) -> String {
        var prefix = ""
        for key in base {
            if let index = key.intValue { prefix += "[\(index)]" } else { prefix += prefix.isEmpty ? key.stringValue : ".\(key.stringValue)" }
        }
        guard !prefix.isEmpty, place.hasPrefix(prefix) else { return place }
        var rest = place.dropFirst(prefix.count)
        if rest.hasPrefix(".") { rest = rest.dropFirst() }
        return String(rest)
    }
}
