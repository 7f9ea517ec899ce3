/// What happens when Stripe charges a customer's card, as the control API sets it.
public enum StripeSimulatedCardOutcome: String, Sendable, Hashable, Codable {
    /// The payment succeeds.
    case succeed
    /// The card is declined (`card_declined`, decline code `generic_decline`).
    case fail
    /// The bank asks for authentication (3D Secure): the payment intent waits in `requires_action`.
    case requiresAction = "requires_action"
}
