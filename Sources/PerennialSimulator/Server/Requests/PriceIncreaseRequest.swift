/// `POST /simulator/subscriptions/:id/price-increase`.
struct PriceIncreaseRequest: Decodable {
    /// notify, consent or decline.
    var action: PriceIncreaseAction
}
