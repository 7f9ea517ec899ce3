/// `POST /simulator/products/availability`.
struct ProductAvailabilityRequest: Decodable {
    var bundleID: String
    var productID: String
    var available: Bool

    enum CodingKeys: String, CodingKey {
        case available
        case bundleID = "bundle_id"
        case productID = "product_id"
    }
}
