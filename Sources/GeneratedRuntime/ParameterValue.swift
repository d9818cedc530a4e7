import Foundation

/// A value that can stand in a path segment, a query item or a header: it has one text form.
public protocol ParameterValue: Sendable {
    var parameterValue: String { get }
}

extension String: ParameterValue {
    public var parameterValue: String { self }
}

extension Int: ParameterValue {
    public var parameterValue: String { String(self) }
}

extension Int64: ParameterValue {
    public var parameterValue: String { String(self) }
}

extension Double: ParameterValue {
    /// As `JSONEncoder` writes it: a whole number without `.0` (`614`, for an API that says
    /// `number` of an ID in its path), else the shortest text that reads back the same (`0.1`).
    public var parameterValue: String {
        let text = description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

extension Bool: ParameterValue {
    public var parameterValue: String { self ? "true" : "false" }
}

extension UUID: ParameterValue {
    /// `uuidString`, upper case, as `JSONEncoder` writes a UUID in a body too: the same ID is spelt
    /// one way wherever the client sends it (RFC 9562 has readers ignore case).
    public var parameterValue: String { uuidString }
}

extension URL: ParameterValue {
    public var parameterValue: String { absoluteString }
}

extension Date: ParameterValue {
    /// ISO 8601 in UTC, with fractional seconds only when the date has them (as many digits as
    /// the fraction needs).
    public var parameterValue: String { DateCodingStrategy.iso8601.string(from: self) }
}

extension ParameterValue where Self: RawRepresentable, RawValue: ParameterValue {
    public var parameterValue: String { rawValue.parameterValue }
}
