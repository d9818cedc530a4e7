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
        case .secondsSince1970, .millisecondsSince1970:
            let number = epochNumber(date)
            // A whole number as JSON writes it, without `.0`.
            if number.rounded() == number, abs(number) < 1e15 { return String(Int64(number)) }
            return String(number)
        case .formatted(let format):
            return FormatterCache.shared.withFormatter(format) { $0.string(from: date) }
        }
    }

    /// Parses `text`, or returns nil when it is not in this strategy's form.
    public func date(from text: String) -> Date? {
        switch self {
        case .iso8601, .iso8601WithFractionalSeconds:
            guard Self.isWhole(text, withTime: true) else { return nil }
            // RFC 3339 allows a lower-case `t` (Klarna's `2038-01-19t03:14:07z`), which
            // Foundation's parser does not read.
            if text.utf8.dropFirst(10).first == UInt8(ascii: "t") {
                return Self.iso8601Date(String(text.prefix(10)) + "T" + text.dropFirst(11))
            }
            return Self.iso8601Date(text)
        case .dateOnly:
            guard Self.isWhole(text, withTime: false) else { return nil }
            return try? Self.calendarDate.parse(text)
        case .secondsSince1970:
            return Double(text).map { Date(timeIntervalSince1970: $0) }
        case .millisecondsSince1970:
            return Double(text).map { Date(timeIntervalSince1970: $0 / 1000) }
        case .formatted(let format):
            return FormatterCache.shared.withFormatter(format) { $0.date(from: text) }
        }
    }

    /// Whether all of `text` is a date (`2024-05-01`) or, `withTime`, a date and time as RFC 3339
    /// writes it: `T`, `HH:MM:SS`, an optional fraction, then `Z` or an offset (`+02:00`, `+0200`,
    /// `+02`). Foundation's parser reads a beginning that matches and ignores the rest
    /// (`…00Zjunk`, a date-only `2024-05-01T23:30:00-05:00`), and rolls a day that does not exist
    /// over (`2024-02-30` is March 1st): either would change a value without a word.
    static func isWhole(_ text: String, withTime: Bool) -> Bool {
        var text = text
        return text.withUTF8 { isWhole($0, withTime: withTime) }
    }

    private static func isWhole(_ bytes: UnsafeBufferPointer<UInt8>, withTime: Bool) -> Bool {
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<start + count] {
                let digit = byte &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        func byte(_ index: Int, is character: Unicode.Scalar) -> Bool {
            index < bytes.count && bytes[index] == UInt8(ascii: character)
        }
        guard let year = number(0, 4), byte(4, is: "-"), let month = number(5, 2), byte(7, is: "-"),
              let day = number(8, 2), (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = month == 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].contains(month) ? 30 : 31
        guard day <= days else { return false }
        guard withTime else { return bytes.count == 10 }
        guard byte(10, is: "T") || byte(10, is: "t"), let hour = number(11, 2), byte(13, is: ":"), let minute = number(14, 2),
              byte(16, is: ":"), let second = number(17, 2), hour < 24, minute < 60, second <= 60 else { return false }
        var index = 19
        if byte(index, is: ".") {
            index += 1
            let start = index
            while number(index, 1) != nil { index += 1 }
            guard index > start else { return false }
        }
        // RFC 3339 allows a lower-case `z`, and Foundation reads one.
        if byte(index, is: "Z") || byte(index, is: "z") { return index + 1 == bytes.count }
        guard byte(index, is: "+") || byte(index, is: "-"), let hours = number(index + 1, 2), hours < 24 else { return false }
        switch bytes.count - (index + 3) {
        case 0: return true
        case 2: return number(index + 3, 2).map { $0 < 60 } ?? false
        case 3: return byte(index + 3, is: ":") && (number(index + 4, 2).map { $0 < 60 } ?? false)
        default: return false
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
    ///
    /// A date that a whole number of milliseconds since 1970 makes is written as that
    /// millisecond: `Date(timeIntervalSince1970: 1_600_000_000.123)`, or a date decoded from
    /// milliseconds since 1970, holds a value a step below `.123` about half the time, which read
    /// exactly is `.1229999`, and a server that keeps milliseconds truncates that to `.122`. (A
    /// date received as text with seven digits that reads as that same value, such as .NET's
    /// `.1229999`, goes back as the millisecond too: the two are one `Date`.) Text of up to three
    /// digits reads back as that date (``date(from:)``), so a date of whole milliseconds made
    /// otherwise, since 2001 or by Foundation's parser, which is a step away from it at times,
    /// takes a fourth digit (`.9190`) and reads back as itself too.
    static func iso8601String(_ date: Date, fractionDigitsWhenWhole: Int = 0, fractionDigitsWhenFractional: Int) -> String {
        // From the interval a `Date` holds, not `timeIntervalSince1970`: adding the 31 years
        // between the epochs takes a bit off the fraction (about 119 ns today).
        let interval = date.timeIntervalSinceReferenceDate
        let seconds = interval.rounded(.down)
        let fraction = interval - seconds
        let whole = Date(timeIntervalSinceReferenceDate: seconds).formatted(wholeSeconds)
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
            // Up to three digits read back as the date those milliseconds make (`iso8601Date`);
            // the date Foundation reads from them, a step away at times, takes a fourth digit
            // (`.9190`), which reads back as itself.
            if digits <= 3 {
                if Self.milliseconds(seconds: seconds, scaled * powersOfTen[3 - digits]) == date { return candidate }
            } else if (try? fractionalSeconds.parse(candidate)) == date {
                return candidate
            }
        }
        // A date within a few years of 2001 holds sub-nanosecond bits that no nine digits give
        // back: the nearest nanosecond. A fraction within half a nanosecond of the next second
        // is that second.
        if !closest.isEmpty { return closest }
        let next = Date(timeIntervalSinceReferenceDate: seconds + 1).formatted(wholeSeconds).dropLast()
        return "\(next).\(String(repeating: "0", count: max(1, minimumFractionDigits)))Z"
    }
    private static let fractionalSeconds = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// The `Date` that a whole number of milliseconds since 1970 makes, as an app makes it
    /// (`Date(timeIntervalSince1970: Double(milliseconds) / 1000)`, or the literal
    /// `1_600_000_000.123`), from the whole seconds since 2001 and the milliseconds after them;
    /// nil beyond the milliseconds a Double holds exactly.
    private static func milliseconds(seconds: Double, _ milliseconds: Double) -> Date? {
        let total = (seconds + Date.timeIntervalBetween1970AndReferenceDate) * 1000 + milliseconds
        return abs(total) < 9e15 ? Date(timeIntervalSince1970: total / 1000) : nil
    }

    /// An RFC 3339 date and time already checked whole. One with a fraction of one to three
    /// digits is the date those milliseconds make (above), which Foundation's parser, counting
    /// from 2001, misses by a step about half the time: `…40.123Z` then reads as the date
    /// `Date(timeIntervalSince1970: 1_600_000_000.123)` is, and goes back as `…40.123Z`.
    static func iso8601Date(_ text: String) -> Date? {
        guard let parsed = (try? wholeSeconds.parse(text)) ?? (try? fractionalSeconds.parse(text)) else { return nil }
        guard let dot = text.utf8.firstIndex(of: UInt8(ascii: ".")) else { return parsed }
        var digits = 0
        var value = 0.0
        for byte in text.utf8[text.utf8.index(after: dot)...] {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { break }
            digits += 1
            value = value * 10 + Double(byte - UInt8(ascii: "0"))
        }
        guard digits <= 3 else { return parsed }
        // The fraction is under a second, so the whole seconds are the parsed value's.
        let seconds = parsed.timeIntervalSinceReferenceDate.rounded(.down)
        return milliseconds(seconds: seconds, value * powersOfTen[3 - digits]) ?? parsed
    }
    private static let calendarDate = Date.ISO8601FormatStyle().year().month().day()

    /// The seconds or milliseconds since 1970 that read back as exactly `date`, with as few
    /// fraction digits as that takes: a date decoded from `242292622351` milliseconds goes back as
    /// `242292622351`, not `242292622351.00006`, which `timeIntervalSince1970 * 1000` gives.
    func epochNumber(_ date: Date) -> Double {
        let scale: Double = self == .millisecondsSince1970 ? 1000 : 1
        let number = date.timeIntervalSince1970 * scale
        for digits in 0...9 {
            let candidate = (number * Self.powersOfTen[digits]).rounded() / Self.powersOfTen[digits]
            if Date(timeIntervalSince1970: candidate / scale) == date { return candidate }
        }
        return number
    }

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
        case .secondsSince1970, .millisecondsSince1970: try container.encode(epochNumber(date))
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
