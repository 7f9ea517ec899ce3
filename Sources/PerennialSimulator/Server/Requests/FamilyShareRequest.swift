/// `POST /simulator/subscriptions/:id/family`.
struct FamilyShareRequest: Decodable {
    /// The account to share with.
    var member: String
}
