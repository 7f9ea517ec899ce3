/// What `POST /payments` answers: Adyen's reference for the payment, and its `resultCode` (`Authorised`,
/// `Refused`, `Error`, `Cancelled`, `Received`, `Pending` …).
public struct AdyenPaymentResult: Sendable, Hashable, Decodable {
    public var pspReference: String?
    public var resultCode: String
    public var refusalReason: String?
    public var refusalReasonCode: String?
    public var merchantReference: String?

    public init(pspReference: String?, resultCode: String, refusalReason: String? = nil, refusalReasonCode: String? = nil, merchantReference: String? = nil) {
        self.pspReference = pspReference
        self.resultCode = resultCode
        self.refusalReason = refusalReason
        self.refusalReasonCode = refusalReasonCode
        self.merchantReference = merchantReference
    }

    /// Whether the card was charged.
    public var isAuthorised: Bool { resultCode == "Authorised" }

    /// Whether the charge was refused (to be retried on the retry schedule), as opposed to still pending.
    public var isRefused: Bool { resultCode == "Refused" || resultCode == "Error" || resultCode == "Cancelled" }
}
