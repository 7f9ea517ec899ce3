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
            var unwrapped: Any = value
            while let optional = unwrapped as? any OptionalBindValue {
                guard let wrapped = optional.wrappedBindValue else { break }
                unwrapped = wrapped
            }
            if let optional = unwrapped as? any OptionalBindValue, optional.wrappedBindValue == nil {
                bindings.appendNull()
                typeIDs.append(PostgresDataType.null.rawValue)
            } else if let encodable = unwrapped as? any PostgresThrowingDynamicTypeEncodable {
                guard (try? bindings.append(encodable, context: .default)) != nil else { return nil }
                typeIDs.append(encodable.psqlType.rawValue)
            } else {
                return nil
            }
        }
    }
}

/// An optional value, unwrapped to bind what it holds.
private protocol OptionalBindValue {
    var wrappedBindValue: Any? { get }
}

extension Optional: OptionalBindValue {
    fileprivate var wrappedBindValue: Any? { self.map { $0 as Any } }
}
