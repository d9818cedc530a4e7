import Foundation

/// How a `Date` is written in JSON. Generated models pass each date property's strategy to the
/// container methods below, so they decode correctly with a plain `JSONDecoder`.
public enum DateCodingStrategy: Sendable, Hashable {
    /// `2024-05-01T09:30:00Z`; decoding also accepts fractional seconds.
    case iso8601
    /// `2024-05-01T09:30:00.123Z`; decoding also accepts whole seconds.
    case iso8601WithFractionalSeconds
    /// `2024-05-01`, a calendar date in UTC.
    case dateOnly
    /// A number of seconds since 1970-01-01T00:00:00Z.
    case secondsSince1970
    /// A number of milliseconds since 1970-01-01T00:00:00Z.
    case millisecondsSince1970
    /// A `DateFormatter` format such as `yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ`, read with the
    /// `en_US_POSIX` locale, the ISO 8601 calendar and UTC unless the text names a zone.
    case formatted(String)

    /// The text form of `date`, for strategies that write text.
    public func string(from date: Date) -> String {
        switch self {
        case .iso8601:
            return date.formatted(Self.wholeSeconds)
        case .iso8601WithFractionalSeconds:
            return Self.nearestMillisecond(date).formatted(Self.fractionalSeconds)
        case .dateOnly:
            return date.formatted(Self.calendarDate)
        case .secondsSince1970:
            return String(date.timeIntervalSince1970)
        case .millisecondsSince1970:
            return String(date.timeIntervalSince1970 * 1000)
        case .formatted(let format):
            return FormatterCache.shared.withFormatter(format) { $0.string(from: date) }
        }
    }

    /// Parses `text`, or returns nil when it is not in this strategy's form.
    public func date(from text: String) -> Date? {
        switch self {
        case .iso8601, .iso8601WithFractionalSeconds:
            return (try? Self.wholeSeconds.parse(text)) ?? (try? Self.fractionalSeconds.parse(text))
        case .dateOnly:
            return try? Self.calendarDate.parse(text)
        case .secondsSince1970:
            return Double(text).map { Date(timeIntervalSince1970: $0) }
        case .millisecondsSince1970:
            return Double(text).map { Date(timeIntervalSince1970: $0 / 1000) }
        case .formatted(let format):
            return FormatterCache.shared.withFormatter(format) { $0.date(from: text) }
        }
    }

    private var isNumeric: Bool {
        self == .secondsSince1970 || self == .millisecondsSince1970
    }

    /// The format style cuts the fraction to milliseconds rather than rounding it, and a date read
    /// from `…30.192Z` lies a hair under .192 (its Double counts seconds from 2001): written as it
    /// is, it would come back as `…30.191Z`. Half a millisecond later, the cut gives the nearest one.
    private static func nearestMillisecond(_ date: Date) -> Date {
        Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate + 0.0005)
    }

    private static let wholeSeconds = Date.ISO8601FormatStyle()
    private static let fractionalSeconds = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    private static let calendarDate = Date.ISO8601FormatStyle().year().month().day()

    func decode(from decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        if isNumeric {
            let number = try container.decode(Double.self)
            return self == .secondsSince1970
                ? Date(timeIntervalSince1970: number) : Date(timeIntervalSince1970: number / 1000)
        }
        let text = try container.decode(String.self)
        guard let date = date(from: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Expected a date in the form \(self), found \"\(text)\".")
        }
        return date
    }

    func encode(_ date: Date, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .secondsSince1970: try container.encode(date.timeIntervalSince1970)
        case .millisecondsSince1970: try container.encode(date.timeIntervalSince1970 * 1000)
        default: try container.encode(string(from: date))
        }
    }
}

/// `DateFormatter` is expensive to make and not `Sendable`: one per format, used under a lock.
private final class FormatterCache: @unchecked Sendable {
    static let shared = FormatterCache()
    private let lock = NSLock()
    private var formatters: [String: DateFormatter] = [:]

    func withFormatter<T>(_ format: String, _ body: (DateFormatter) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        if let formatter = formatters[format] { return body(formatter) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .iso8601)
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = format
        formatters[format] = formatter
        return body(formatter)
    }
}

/// A type that holds dates somewhere inside (`Date`, `Date?`, `[Date]`, `[String: Date]`, nested)
/// and can be coded with an explicit ``DateCodingStrategy``.
public protocol DateCodable {
    init(from decoder: any Decoder, dateStrategy: DateCodingStrategy) throws
    func encode(to encoder: any Encoder, dateStrategy: DateCodingStrategy) throws
}

extension Date: DateCodable {
    public init(from decoder: any Decoder, dateStrategy: DateCodingStrategy) throws {
        self = try dateStrategy.decode(from: decoder)
    }
    public func encode(to encoder: any Encoder, dateStrategy: DateCodingStrategy) throws {
        try dateStrategy.encode(self, to: encoder)
    }
}

extension Optional: DateCodable where Wrapped: DateCodable {
    public init(from decoder: any Decoder, dateStrategy: DateCodingStrategy) throws {
        if try decoder.singleValueContainer().decodeNil() {
            self = nil
        } else {
            self = try Wrapped(from: decoder, dateStrategy: dateStrategy)
        }
    }
    public func encode(to encoder: any Encoder, dateStrategy: DateCodingStrategy) throws {
        if let self {
            try self.encode(to: encoder, dateStrategy: dateStrategy)
        } else {
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }
}

extension Array: DateCodable where Element: DateCodable {
    public init(from decoder: any Decoder, dateStrategy: DateCodingStrategy) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        while !container.isAtEnd {
            elements.append(try Element(from: container.superDecoder(), dateStrategy: dateStrategy))
        }
        self = elements
    }
    public func encode(to encoder: any Encoder, dateStrategy: DateCodingStrategy) throws {
        var container = encoder.unkeyedContainer()
        for element in self {
            try element.encode(to: container.superEncoder(), dateStrategy: dateStrategy)
        }
    }
}

extension Dictionary: DateCodable where Key == String, Value: DateCodable {
    public init(from decoder: any Decoder, dateStrategy: DateCodingStrategy) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        var result: [String: Value] = [:]
        for key in container.allKeys {
            result[key.stringValue] = try Value(from: container.superDecoder(forKey: key), dateStrategy: dateStrategy)
        }
        self = result
    }
    public func encode(to encoder: any Encoder, dateStrategy: DateCodingStrategy) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        // Sorted so that the same dictionary always encodes to the same bytes.
        for (key, value) in sorted(by: { $0.key < $1.key }) {
            try value.encode(to: container.superEncoder(forKey: AnyCodingKey(key)), dateStrategy: dateStrategy)
        }
    }
}

extension KeyedDecodingContainer {
    /// Decodes a value holding dates with an explicit strategy.
    public func decode<T: DateCodable>(_ type: T.Type, forKey key: Key, dateStrategy: DateCodingStrategy) throws -> T {
        guard contains(key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value for key \"\(key.stringValue)\"."))
        }
        return try T(from: superDecoder(forKey: key), dateStrategy: dateStrategy)
    }

    /// Decodes a value holding dates with an explicit strategy; nil when the key is missing or null.
    public func decodeIfPresent<T: DateCodable>(
        _ type: T.Type, forKey key: Key, dateStrategy: DateCodingStrategy
    ) throws -> T? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try T(from: superDecoder(forKey: key), dateStrategy: dateStrategy)
    }
}

extension KeyedEncodingContainer {
    /// Encodes a value holding dates with an explicit strategy.
    public mutating func encode<T: DateCodable>(_ value: T, forKey key: Key, dateStrategy: DateCodingStrategy) throws {
        try value.encode(to: superEncoder(forKey: key), dateStrategy: dateStrategy)
    }

    /// Encodes a value holding dates with an explicit strategy; writes nothing when it is nil.
    public mutating func encodeIfPresent<T: DateCodable>(
        _ value: T?, forKey key: Key, dateStrategy: DateCodingStrategy
    ) throws {
        guard let value else { return }
        try value.encode(to: superEncoder(forKey: key), dateStrategy: dateStrategy)
    }
}

/// A coding key made from any string, for dictionaries and unwrapped responses.
public struct AnyCodingKey: CodingKey, Hashable, Sendable {
    public var stringValue: String
    public var intValue: Int?
    public init(_ string: String) { stringValue = string }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
