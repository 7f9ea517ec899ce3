import PostgresKit

/// A statement's values bound as PostgresKit binds them for an unnamed statement, with their types: a value
/// that encodes itself (`PostgresThrowingDynamicTypeEncodable`) as its `psqlType`, an optional as what it
/// wraps, `nil` as NULL of no type (the server infers it from its place). Values PostgresKit would encode
/// through `Encodable` (JSON, its legacy types) are not handled: the statement then runs unnamed.
struct PostgresStatementBindings {
    var bindings: PostgresBindings
    /// The types' object ids in parameter order, NULL's as 0.
    var typeIDs: [UInt32]

    /// Binds `values`, or nil when one of them is not handled.
    init?(_ values: [any Encodable & Sendable]) {
        bindings = PostgresBindings(capacity: values.count)
        typeIDs = []
        typeIDs.reserveCapacity(values.count)
        for value in values {
            switch Self.unwrapped(value) {
            case nil:
                bindings.appendNull()
                typeIDs.append(PostgresDataType.null.rawValue)
            case let encodable as any PostgresThrowingDynamicTypeEncodable:
                guard (try? bindings.append(encodable, context: .default)) != nil else { return nil }
                typeIDs.append(encodable.psqlType.rawValue)
            default:
                return nil
            }
        }
    }

    /// What a value holds under any optionals; nil for `nil`.
    private static func unwrapped(_ value: Any) -> Any? {
        guard let optional = value as? any OptionalBindValue else { return value }
        return optional.wrappedBindValue.flatMap(unwrapped)
    }
}

/// An optional value, unwrapped to bind what it holds.
private protocol OptionalBindValue {
    var wrappedBindValue: Any? { get }
}

extension Optional: OptionalBindValue {
    fileprivate var wrappedBindValue: Any? { self.map { $0 as Any } }
}
