/// The introductory offer a subscription is in.
enum OfferProgress: Sendable, Hashable, Codable {
    case none
    /// In the free trial (its first period).
    case trial
    /// In an introductory period; `remaining` more discounted periods follow this one.
    case intro(remaining: Int)
    /// In a promotional offer's period; `remaining` more discounted periods follow this one.
    case promotional(id: String, remaining: Int)
}
