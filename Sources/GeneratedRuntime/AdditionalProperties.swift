import Foundation

/// What generated open models (`additionalProperties`) call: the keys a model does not declare
/// are kept with their values when it is decoded and written back when it is encoded, so nothing
/// a server sends is lost in a round trip.
extension Decoder {
    /// The values under every key of the object that `declared` (the model's keys) does not
    /// list. A tolerant model skips a value that does not decode; otherwise it is an error.
    public func additionalProperties<Value: Decodable>(
        _ type: Value.Type, excluding declared: [String], tolerant: Bool = false
    ) throws -> [String: Value] {
        let container = try container(keyedBy: AnyCodingKey.self)
        let declaredKeys = Set(declared)
        var values: [String: Value] = [:]
        for key in container.allKeys where !declaredKeys.contains(key.stringValue) {
            if tolerant {
                if let value = try? container.decode(Value.self, forKey: key) { values[key.stringValue] = value }
            } else {
                values[key.stringValue] = try container.decode(Value.self, forKey: key)
            }
        }
        return values
    }
}

extension Encoder {
    /// Writes `values` beside the declared properties, in key order so that the same value always
    /// gives the same bytes. A key that `declared` lists is an error: the declared property owns it.
    public func encodeAdditionalProperties<Value: Encodable>(
        _ values: [String: Value], excluding declared: [String]
    ) throws {
        // Asked for even when empty, so that a model with nothing to write is still `{}`.
        var container = container(keyedBy: AnyCodingKey.self)
        guard !values.isEmpty else { return }
        let declaredKeys = Set(declared)
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            guard !declaredKeys.contains(key) else {
                throw EncodingError.invalidValue(value, .init(
                    codingPath: codingPath + [AnyCodingKey(key)],
                    debugDescription: "the additional property \"\(key)\" has the key of a declared property; set that property instead"))
            }
            try container.encode(value, forKey: AnyCodingKey(key))
        }
    }
}
