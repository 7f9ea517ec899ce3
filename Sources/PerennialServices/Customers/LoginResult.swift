/// What logging in did: the identified customer as it is now, whether it was new, and whether an
/// anonymous id merged into it.
public struct LoginResult: Sendable, Hashable {
    public var customer: CustomerView
    public var created: Bool
    public var merged: Bool

    public init(customer: CustomerView, created: Bool, merged: Bool) {
        self.customer = customer
        self.created = created
        self.merged = merged
    }
}
