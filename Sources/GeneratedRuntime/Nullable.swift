import Foundation

/// A value that may be `null` on the wire, as opposed to absent. A nullable property is a
/// `Nullable<T>?`: `nil` leaves the key out (a PATCH keeps the field), `.null` sends `null` (it
/// clears the field), `.value(x)` sends `x`; decoding tells the three apart the same way.
public enum Nullable<Wrapped> {
    case null
    case value(Wrapped)

    /// The value, or nil when it is `null`.
    public var value: Wrapped? {
        if case .value(let wrapped) = self { return wrapped }
        return nil
    }
}

extension Nullable: Sendable where Wrapped: Sendable {}
extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}

extension Nullable: Codable where Wrapped: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Wrapped.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .value(let wrapped): try container.encode(wrapped)
        }
    }
}

extension KeyedDecodingContainer {
    /// nil when the key is absent, `.null` when it holds `null`, otherwise the value.
    public func decodeNullable<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> Nullable<T>? {
        guard contains(key) else { return nil }
        if try decodeNil(forKey: key) { return .null }
        return .value(try decode(T.self, forKey: key))
    }

    /// ``decodeNullable(_:forKey:)`` for a value holding dates, with their strategy.
    public func decodeNullable<T: DateCodable>(_ type: T.Type, forKey key: Key, dateStrategy: DateCodingStrategy) throws -> Nullable<T>? {
        guard contains(key) else { return nil }
        if try decodeNil(forKey: key) { return .null }
        return .value(try decode(T.self, forKey: key, dateStrategy: dateStrategy))
    }
}

extension KeyedEncodingContainer {
    /// Leaves the key out for nil, writes `null` for `.null`, and the value otherwise.
    public mutating func encodeNullable<T: Encodable>(_ value: Nullable<T>?, forKey key: Key) throws {
        switch value {
        case nil: return
        case .null?: try encodeNil(forKey: key)
        case .value(let wrapped)?: try encode(wrapped, forKey: key)
        }
    }

    /// ``encodeNullable(_:forKey:)`` for a value holding dates, with their strategy.
    public mutating func encodeNullable<T: DateCodable>(_ value: Nullable<T>?, forKey key: Key, dateStrategy: DateCodingStrategy) throws {
        switch value {
        case nil: return
        case .null?: try encodeNil(forKey: key)
        case .value(let wrapped)?: try encode(wrapped, forKey: key, dateStrategy: dateStrategy)
        }
    }
}
