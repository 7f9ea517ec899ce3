/// What an app sells together, in the order a paywall shows it: an ordered set of packages.
public struct Offering: Sendable, Hashable, Codable {
    public var id: String
    public var packages: [OfferingPackage]
    /// A note for the team (`spring sale`).
    public var description: String?

    public init(id: String, packages: [OfferingPackage], description: String? = nil) {
        self.id = id
        self.packages = packages
        self.description = description
    }

    public func package(_ id: String) -> OfferingPackage? {
        packages.first { $0.id == id }
    }
}
