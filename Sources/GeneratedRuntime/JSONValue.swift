import Foundation

/// Free-form JSON, for spec properties of type `JSON`. Decoding then encoding gives the same
/// values: whole numbers that fit `Int` are `.int`, other numbers `.double`, and a number neither
/// holds exactly (`12345678901234567890`, more digits than a `Double` keeps) `.decimal`, as
/// exact as `JSONDecoder` reads it (38 significant digits).
public enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    /// A number that neither `Int` nor `Double` holds exactly, such as `12345678901234567890`
    /// or `3.14159265358979323846`.
    case decimal(Decimal)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            // `-0.0` decodes as the Int 0; its sign is kept as a Double.
            if value == 0, let double = try? container.decode(Double.self), double.sign == .minus {
                self = .double(double)
            } else {
                self = .int(value)
            }
        } else if let value = try? container.decode(Double.self) {
            self = Self.number(value, exactly: try? container.decode(Decimal.self))
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// `.double`, unless the number as written (`decimal`, read from its text) is not the Double's.
    static func number(_ double: Double, exactly decimal: Decimal?) -> JSONValue {
        guard let decimal, double.isFinite, Decimal(string: "\(double)") != decimal else { return .double(double) }
        return .decimal(decimal)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .decimal(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
