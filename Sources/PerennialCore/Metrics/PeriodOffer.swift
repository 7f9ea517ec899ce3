/// The offer a subscription period was bought under, from its transaction: an offer code when it has one
/// (`offerCodeRefName`), else an introductory offer when it is a free trial or an introductory period, else
/// a promotional offer (`promotionalOfferID`, which also holds App Store win-back offers); none for a period
/// at the standard price. The App Store sets at most one of these; Google Play gives an offer id
/// (`promotionalOfferID`) for every offer, introductory ones included, hence the order.
struct PeriodOffer: Hashable {
    enum Kind: String {
        case offerCode = "offer_code"
        case introductory
        case promotional
    }

    var kind: Kind
    /// The offer code's reference name, the promotional offer's id, or for an introductory offer the store's
    /// offer id when it gives one (Google Play), else the product's id.
    var identifier: String

    init?(of transaction: TransactionFact) {
        if let code = transaction.offerCodeRefName {
            self.kind = .offerCode
            self.identifier = code
        } else if transaction.isTrialPeriod || transaction.isInIntroOfferPeriod {
            self.kind = .introductory
            self.identifier = transaction.promotionalOfferID ?? transaction.productID
        } else if let offer = transaction.promotionalOfferID {
            self.kind = .promotional
            self.identifier = offer
        } else {
            return nil
        }
    }

    /// `<kind>:<identifier>`, as `offers.*` measures and the `offers` metric's values name it.
    var key: String { kind.rawValue + ":" + identifier }

    /// The `state_mix` column of a subscription's state: paid with access (active, introductory or in a
    /// grace period) by the offer of its deciding period, `standard` when there is none; nil when not counted.
    /// Read from the deciding transaction, not the state's `offerCodeRefName`, which also takes the renewal
    /// info's: the offer of the next renewal, not of the current period.
    static func mixColumn(of state: SubscriptionState, deciding: TransactionFact?) -> String? {
        guard [.active, .introductory, .gracePeriod].contains(state.status) else { return nil }
        guard let deciding, let offer = PeriodOffer(of: deciding) else { return "standard" }
        return offer.kind.rawValue
    }
}
