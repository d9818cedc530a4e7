import Foundation

/// How a response envelope reports success: `{"fetchStatus": 1, "message": "OK", "realUser": {…}}`.
/// The status is compared with the success values; on any other status the request fails with
/// `EndpointError(.rejected)` carrying the message.
public struct ResponseEnvelope: Sendable, Hashable {
    /// The key of the status field.
    public var status: String
    /// The status values that mean success.
    public var success: [JSONValue]
    /// The key of the message field, if any.
    public var message: String?
    /// The key of the value field, if the response carries one.
    public var value: String?

    public init(status: String, success: [JSONValue], message: String? = nil, value: String? = nil) {
        self.status = status
        self.success = success
        self.message = message
        self.value = value
    }
}

extension HTTPResponse {
    /// Checks the envelope's status, failing with `.rejected` and the server's message unless it
    /// is a success value.
    public func checkEnvelope(_ envelope: ResponseEnvelope) throws {
        let fields = try topLevelFields([envelope.status] + (envelope.message.map { [$0] } ?? []))
        guard let status = fields[envelope.status] else {
            throw DecodingError.keyNotFound(
                AnyCodingKey(envelope.status), .init(codingPath: [], debugDescription: "The envelope has no status."))
        }
        guard envelope.success.contains(status) else {
            var message: String?
            if let key = envelope.message, case .string(let text)? = fields[key] { message = text }
            throw EndpointError(kind: .rejected, method: nil, url: nil, response: self, message: message ?? "status \(status.text)")
        }
    }

    /// Checks the envelope's status, then decodes the value under its value key.
    public func decodeEnvelope<T: Decodable>(_ type: T.Type, _ envelope: ResponseEnvelope) throws -> T {
        try checkEnvelope(envelope)
        return try decodeJSON(T.self, unwrapping: envelope.value)
    }

    /// As ``decodeEnvelope(_:_:)``, with a missing or null value read as nil.
    public func decodeEnvelopeIfPresent<T: Decodable>(_ type: T.Type, _ envelope: ResponseEnvelope) throws -> T? {
        try checkEnvelope(envelope)
        return try decodeJSONIfPresent(T.self, unwrapping: envelope.value)
    }
}

extension JSONValue {
    /// The value as compact JSON-like text, for messages.
    var text: String {
        switch self {
        case .null: "null"
        case .bool(let value): String(value)
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .decimal(let value): value.description
        case .string(let value): "\"\(value)\""
        case .array, .object: "a structure"
        }
    }
}
