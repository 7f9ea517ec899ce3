/// The offer a paywall presents with its default package.
public struct PaywallOffer: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The package's free trial or introductory price, for customers the store deems eligible.
        case introductory
        /// A promotional offer of the catalog, signed by the server's offer service for this customer.
        case promotional
        /// A win-back offer of the catalog, for lapsed subscribers it is eligible to.
        case winBack = "win_back"
    }

    public var type: Kind
    /// The catalog offer's id (promotional and win-back).
    public var id: String?

    public init(type: Kind, id: String? = nil) {
        self.type = type
        self.id = id
    }
}
