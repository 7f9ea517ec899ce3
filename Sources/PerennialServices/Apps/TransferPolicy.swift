/// What happens when a customer sends proof of a subscription (a receipt, a signed transaction) that
/// another customer of the app already owns — a restore on another account, or a device shared by two
/// people (`apps[].transfer_policy`).
public enum TransferPolicy: String, Sendable, Hashable, CaseIterable {
    /// The App Store's restore semantics, and the default: the subscription moves to the customer who sent
    /// the proof, and a `transferred` event naming both customers is recorded on each.
    case transfer
    /// The subscription stays with the customer who owns it: the request is refused with 409
    /// `subscription_owned_by_another_customer` and changes nothing.
    case keepWithOriginal = "keep_with_original"
}
