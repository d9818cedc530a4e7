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
    public var parameterValue: String { String(self) }
}

extension Bool: ParameterValue {
    public var parameterValue: String { self ? "true" : "false" }
}

extension UUID: ParameterValue {
    /// Lower case, as RFC 9562 (4122) says to write one: `uuidString` is upper case, and a server that
    /// compares IDs as text would not find what it sent in lower case.
    public var parameterValue: String { uuidString.lowercased() }
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
