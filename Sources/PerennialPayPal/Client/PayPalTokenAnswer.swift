/// The answer of `POST /v1/oauth2/token`.
struct PayPalTokenAnswer: Decodable {
    var accessToken: String
    var expiresIn: Int?

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", expiresIn = "expires_in"
    }
}
