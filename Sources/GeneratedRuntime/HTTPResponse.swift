import Foundation

/// What a transport received: the status, the header fields and the whole body.
public struct HTTPResponse: Sendable, Hashable {
    public var statusCode: Int
    /// Header fields as received; look them up with ``value(forHeader:)``, which ignores case.
    public var headers: [String: String]
    public var body: Data
    /// The URL the response answers, when known: an ``EndpointClient`` sets the request's when
    /// the transport did not set its own. Relative links in the response (a `Link` header's next
    /// page) are resolved against it.
    public var url: URL?

    public init(statusCode: Int, headers: [String: String] = [:], body: Data = Data(), url: URL? = nil) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// The value of a header field, whatever the case of its name.
    public func value(forHeader name: String) -> String? {
        if let value = headers[name] { return value }
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }

    public var isSuccess: Bool { (200..<300).contains(statusCode) }
}

/// What to do with an array element that does not decode.
public enum ArrayDecodingStrategy: Sendable, Hashable {
    /// One bad element fails the whole response.
    case strict
    /// Bad elements are dropped; the rest decode.
    case prune
}

extension HTTPResponse {
    /// Decodes the body as JSON, optionally from the value under one top-level key.
    public func decodeJSON<T: Decodable>(_ type: T.Type, unwrapping key: String? = nil) throws -> T {
        let decoder = JSONDecoder()
        guard let key else { return try decoder.decode(T.self, from: body) }
        decoder.userInfo[unwrapKey] = key
        return try decoder.decode(Unwrapped<T>.self, from: body).value
    }

    /// Decodes the body as a JSON array, optionally from under one top-level key, keeping or
    /// dropping elements that fail to decode as `strategy` says.
    public func decodeJSONArray<Element: Decodable>(
        of type: Element.Type, unwrapping key: String? = nil, strategy: ArrayDecodingStrategy
    ) throws -> [Element] {
        try decodeJSONArrayCountingDropped(of: Element.self, unwrapping: key, strategy: strategy).elements
    }

    /// As ``decodeJSONArray(of:unwrapping:strategy:)``, with how many elements `prune` dropped.
    func decodeJSONArrayCountingDropped<Element: Decodable>(
        of type: Element.Type, unwrapping key: String?, strategy: ArrayDecodingStrategy
    ) throws -> (elements: [Element], dropped: Int) {
        switch strategy {
        case .strict:
            return (try decodeJSON([Element].self, unwrapping: key), 0)
        case .prune:
            let pruned = try decodeJSON(PrunedArray<Element>.self, unwrapping: key)
            return (pruned.elements, pruned.receivedCount - pruned.elements.count)
        }
    }

    /// As ``decodeJSON(_:unwrapping:)``, but nil for an empty body, `null`, or a missing key:
    /// what an optional response (`City?`) means.
    public func decodeJSONIfPresent<T: Decodable>(_ type: T.Type, unwrapping key: String? = nil) throws -> T? {
        guard !isBlank else { return nil }
        let decoder = JSONDecoder()
        guard let key else { return try decoder.decode(T?.self, from: body) }
        decoder.userInfo[unwrapKey] = key
        return try decoder.decode(UnwrappedIfPresent<T>.self, from: body).value
    }

    /// As ``decodeJSONArray(of:unwrapping:strategy:)``, but nil for an empty body, `null`, or a
    /// missing key.
    public func decodeJSONArrayIfPresent<Element: Decodable>(
        of type: Element.Type, unwrapping key: String? = nil, strategy: ArrayDecodingStrategy
    ) throws -> [Element]? {
        switch strategy {
        case .strict: return try decodeJSONIfPresent([Element].self, unwrapping: key)
        case .prune: return try decodeJSONIfPresent(PrunedArray<Element>.self, unwrapping: key)?.elements
        }
    }

    private var isBlank: Bool {
        body.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }

    /// The body as UTF-8 text.
    public func decodeString() throws -> String {
        guard let text = String(data: body, encoding: .utf8) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The body is not UTF-8 text."))
        }
        return text
    }
}

/// An array that drops elements that fail to decode (the `prune` array strategy).
public struct PrunedArray<Element: Decodable>: Decodable {
    public var elements: [Element]
    /// How many elements the array held, the dropped ones too.
    public var receivedCount: Int

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        elements.reserveCapacity(container.count ?? 0)
        var received = 0
        while !container.isAtEnd {
            received += 1
            // Decoding `Attempt` always succeeds, so the container moves past a bad element.
            if let element = try container.decode(Attempt.self).value {
                elements.append(element)
            }
        }
        self.elements = elements
        receivedCount = received
    }

    private struct Attempt: Decodable {
        let value: Element?
        // Through a container, not `Element(from:)`: the coder decodes `Data`, `URL` and `Date`
        // its own way (a base64 string, a string), which their `init(from:)` does not.
        init(from decoder: any Decoder) throws { value = try? decoder.singleValueContainer().decode(Element.self) }
    }
}

private let unwrapKey = CodingUserInfoKey(rawValue: "endpointgen.unwrapKey")!

/// The value under one top-level key; the key travels in the decoder's user info.
private struct Unwrapped<T: Decodable>: Decodable {
    let value: T
    init(from decoder: any Decoder) throws {
        let (container, key) = try unwrappingContainer(decoder)
        value = try container.decode(T.self, forKey: key)
    }
}

/// As `Unwrapped`, with a missing key or `null` read as nil.
private struct UnwrappedIfPresent<T: Decodable>: Decodable {
    let value: T?
    init(from decoder: any Decoder) throws {
        let (container, key) = try unwrappingContainer(decoder)
        value = try container.decodeIfPresent(T.self, forKey: key)
    }
}

private func unwrappingContainer(_ decoder: any Decoder) throws -> (container: KeyedDecodingContainer<AnyCodingKey>, key: AnyCodingKey) {
    guard let key = decoder.userInfo[unwrapKey] as? String else {
        throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "No key to unwrap."))
    }
    return (try decoder.container(keyedBy: AnyCodingKey.self), AnyCodingKey(key))
}
