/// `POST /simulator/subscriptions/:id/change-product`.
struct ChangeProductRequest: Decodable {
    var productID: String

    enum CodingKeys: String, CodingKey {
        case productID = "product_id"
    }
}
