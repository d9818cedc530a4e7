/// Stores a value out of line, so that a struct can hold a property of its own type
/// (`parent: User?`). Generated code puts it on properties that would otherwise make a type
/// of infinite size; reads and writes look like a plain property's.
@propertyWrapper
public struct Indirect<Value: Sendable>: Sendable {
    private final class Box: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    public init(wrappedValue: Value) { box = Box(wrappedValue) }

    public var wrappedValue: Value {
        get { box.value }
        // A new box on every write keeps value semantics without a uniqueness check.
        set { box = Box(newValue) }
    }
}

extension Indirect: Equatable where Value: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

extension Indirect: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

/// Printed and dumped as the value it holds, not as its storage (found by a tester: `print` of
/// a model showed `Indirect<…>(box: …)` for every property that holds another model).
extension Indirect: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { String(describing: wrappedValue) }
    public var debugDescription: String { String(reflecting: wrappedValue) }
    public var customMirror: Mirror { Mirror(reflecting: wrappedValue) }
}
