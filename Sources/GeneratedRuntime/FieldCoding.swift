import Foundation

// What generated models call to decode and encode their properties:
//
//     self.id = try container.decodeField(Int64.self, "id")
//     try container.encodeFieldIfPresent("note", self.note)
//
// Each name has one or two candidates, where `decode(_:forKey:)` has seventeen: type-checking a
// model's `init(from:)` and `encode(to:)` took 2.7 times as long through the standard names
// (Benchmarks/README.md, "What makes generated Swift cheap to compile"). The functions are
// inlinable and pass the five primitive types the generator uses to the container's own
// overloads for them, so an optimised build, which specialises `T`, calls exactly what
// hand-written `Codable` calls; other types go through the generic requirement, as they would.

extension KeyedDecodingContainer where Key == AnyCodingKey {
    /// The value under `key`; an error when it is missing, null or of another type.
    @inlinable
    public func decodeField<T: Decodable>(_ type: T.Type, _ key: String) throws -> T {
        let key = AnyCodingKey(key)
        if T.self == String.self { return try decode(String.self, forKey: key) as! T }
        if T.self == Int.self { return try decode(Int.self, forKey: key) as! T }
        if T.self == Int64.self { return try decode(Int64.self, forKey: key) as! T }
        if T.self == Double.self { return try decode(Double.self, forKey: key) as! T }
        if T.self == Bool.self { return try decode(Bool.self, forKey: key) as! T }
        return try decode(T.self, forKey: key)
    }

    /// The value under `key`, or nil when the key is missing or holds null. Free-form JSON holds
    /// a null itself: `.null`, nil only when the key is missing, so that it goes back as it came.
    @inlinable
    public func decodeFieldIfPresent<T: Decodable>(_ type: T.Type, _ key: String) throws -> T? {
        let key = AnyCodingKey(key)
        if T.self == JSONValue.self { return contains(key) ? try decode(JSONValue.self, forKey: key) as! T? : nil }
        if T.self == String.self { return try decodeIfPresent(String.self, forKey: key) as! T? }
        if T.self == Int.self { return try decodeIfPresent(Int.self, forKey: key) as! T? }
        if T.self == Int64.self { return try decodeIfPresent(Int64.self, forKey: key) as! T? }
        if T.self == Double.self { return try decodeIfPresent(Double.self, forKey: key) as! T? }
        if T.self == Bool.self { return try decodeIfPresent(Bool.self, forKey: key) as! T? }
        return try decodeIfPresent(T.self, forKey: key)
    }

    /// A value holding dates, decoded with their strategy.
    @inlinable
    public func decodeField<T: DateCodable>(_ type: T.Type, _ key: String, dateStrategy: DateCodingStrategy) throws -> T {
        try decode(T.self, forKey: AnyCodingKey(key), dateStrategy: dateStrategy)
    }

    /// A value holding dates, decoded with their strategy; nil when missing or null.
    @inlinable
    public func decodeFieldIfPresent<T: DateCodable>(
        _ type: T.Type, _ key: String, dateStrategy: DateCodingStrategy
    ) throws -> T? {
        try decodeIfPresent(T.self, forKey: AnyCodingKey(key), dateStrategy: dateStrategy)
    }

    /// nil when the key is missing, `.null` when it holds null, otherwise the value.
    @inlinable
    public func decodeNullableField<T: Decodable>(_ type: T.Type, _ key: String) throws -> Nullable<T>? {
        try decodeNullable(T.self, forKey: AnyCodingKey(key))
    }

    /// ``decodeNullableField(_:_:)`` for a value holding dates, with their strategy.
    @inlinable
    public func decodeNullableField<T: DateCodable>(
        _ type: T.Type, _ key: String, dateStrategy: DateCodingStrategy
    ) throws -> Nullable<T>? {
        try decodeNullable(T.self, forKey: AnyCodingKey(key), dateStrategy: dateStrategy)
    }
}

extension KeyedEncodingContainer where Key == AnyCodingKey {
    /// Writes `value` under `key`.
    @inlinable
    public mutating func encodeField<T: Encodable>(_ key: String, _ value: T) throws {
        let key = AnyCodingKey(key)
        if T.self == String.self { return try encode(value as! String, forKey: key) }
        if T.self == Int.self { return try encode(value as! Int, forKey: key) }
        if T.self == Int64.self { return try encode(value as! Int64, forKey: key) }
        if T.self == Double.self { return try encode(value as! Double, forKey: key) }
        if T.self == Bool.self { return try encode(value as! Bool, forKey: key) }
        try encode(value, forKey: key)
    }

    /// Writes `value` under `key`, or nothing when it is nil.
    @inlinable
    public mutating func encodeFieldIfPresent<T: Encodable>(_ key: String, _ value: T?) throws {
        guard let value else { return }
        try encodeField(key, value)
    }

    /// Writes a value holding dates with their strategy.
    @inlinable
    public mutating func encodeField<T: DateCodable>(_ key: String, _ value: T, dateStrategy: DateCodingStrategy) throws {
        try encode(value, forKey: AnyCodingKey(key), dateStrategy: dateStrategy)
    }

    /// Writes a value holding dates with their strategy, or nothing when it is nil.
    @inlinable
    public mutating func encodeFieldIfPresent<T: DateCodable>(
        _ key: String, _ value: T?, dateStrategy: DateCodingStrategy
    ) throws {
        try encodeIfPresent(value, forKey: AnyCodingKey(key), dateStrategy: dateStrategy)
    }

    /// Leaves the key out for nil, writes null for `.null`, and the value otherwise.
    @inlinable
    public mutating func encodeNullableField<T: Encodable>(_ key: String, _ value: Nullable<T>?) throws {
        try encodeNullable(value, forKey: AnyCodingKey(key))
    }

    /// ``encodeNullableField(_:_:)`` for a value holding dates, with their strategy.
    @inlinable
    public mutating func encodeNullableField<T: DateCodable>(
        _ key: String, _ value: Nullable<T>?, dateStrategy: DateCodingStrategy
    ) throws {
        try encodeNullable(value, forKey: AnyCodingKey(key), dateStrategy: dateStrategy)
    }
}
