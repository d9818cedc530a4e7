/// An enum generated from a spec that keeps values the spec does not list in an `unknown` case,
/// so a server that adds a value does not break decoding for apps already shipped.
public protocol OpenEnum: RawRepresentable, Codable, Hashable, Sendable, ParameterValue
where RawValue: Codable & Hashable & Sendable & ParameterValue {
    /// Every raw value makes a case: listed values their own, any other `unknown`.
    init(rawValue: RawValue)
}

// Inlinable so that each generated enum gets a specialized copy: decoding an enum is on the hot
// path of every array of models, and the unspecialized generic version is measurably slower.
extension OpenEnum {
    @inlinable
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(RawValue.self))
    }

    @inlinable
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
