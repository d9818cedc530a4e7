import Foundation

/// How a `Date` is written in JSON. Generated models pass each date property's strategy to the
/// container methods below, so they decode correctly with a plain `JSONDecoder`.
public enum DateCodingStrategy: Sendable, Hashable {
    /// `2024-05-01T09:30:00Z`, and `2024-05-01T09:30:00.125Z` for a date with a fraction of a
    /// second (three digits, more when the fraction is finer); decoding also accepts fractional
    /// seconds.
    case iso8601
    /// `2024-05-01T09:30:00.123Z`: at least three fraction digits, more when the date has a finer
    /// fraction; decoding also accepts whole seconds.
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
            return Self.iso8601String(date, fractionDigitsWhenFractional: 3)
        case .iso8601WithFractionalSeconds:
            return Self.iso8601String(date, fractionDigitsWhenWhole: 3, fractionDigitsWhenFractional: 3)
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

    private static let wholeSeconds = Date.ISO8601FormatStyle()
    private static let powersOfTen: [Double] = (0...9).map { exponent in (0..<exponent).reduce(1) { value, _ in value * 10 } }

    /// ISO 8601 in UTC with the given number of fraction digits, or more (up to nine) when it
    /// takes more to read back exactly `date`, so that decoding and encoding a date never
    /// changes it: a date received as `…30.125Z` is sent back as `…30.125Z`, not `…30Z`, and
    /// `…30.123456Z` as itself, not `…30.123Z`. (Foundation's own style writes milliseconds only,
    /// and truncates.) Nine digits pin any date within a nanosecond.
    static func iso8601String(_ date: Date, fractionDigitsWhenWhole: Int = 0, fractionDigitsWhenFractional: Int) -> String {
        let interval = date.timeIntervalSince1970
        let seconds = interval.rounded(.down)
        let fraction = interval - seconds
        let whole = Date(timeIntervalSince1970: seconds).formatted(wholeSeconds)
        let minimumFractionDigits = fraction == 0 ? fractionDigitsWhenWhole : fractionDigitsWhenFractional
        if minimumFractionDigits == 0 { return whole }
        // `whole` ends with the zone designator "Z": the fraction goes before it.
        let stem = whole.dropLast()
        var closest = ""
        for digits in max(1, minimumFractionDigits)...9 {
            let scaled = (fraction * powersOfTen[digits]).rounded()
            // A fraction that rounds up to a whole second cannot be written with this many digits.
            guard scaled < powersOfTen[digits] else { continue }
            var text = String(Int(scaled))
            text = String(repeating: "0", count: digits - text.count) + text
            let candidate = "\(stem).\(text)Z"
            closest = candidate
            if (try? fractionalSeconds.parse(candidate)) == date { return candidate }
        }
        // A date within a few years of 2001 holds sub-nanosecond bits that no nine digits give
        // back: the nearest nanosecond. A fraction within half a nanosecond of the next second
        // is that second.
        if !closest.isEmpty { return closest }
        let next = Date(timeIntervalSince1970: seconds + 1).formatted(wholeSeconds).dropLast()
        return "\(next).\(String(repeating: "0", count: max(1, minimumFractionDigits)))Z"
    }
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

/// A coding key made from any string: generated models code their properties with it
/// (`forKey: "first_name"`), and the runtime uses it for dictionaries and unwrapped responses.
public struct AnyCodingKey: CodingKey, Hashable, Sendable, ExpressibleByStringLiteral {
    public var stringValue: String
    public var intValue: Int?
    public init(_ string: String) { stringValue = string }
    public init(stringLiteral value: String) { stringValue = value }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
