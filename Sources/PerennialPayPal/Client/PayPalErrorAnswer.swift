/// PayPal's error body: `{"name": "RESOURCE_NOT_FOUND", "message": "…", …}`; the OAuth endpoint's is
/// `{"error": "invalid_client", "error_description": "…"}`.
struct PayPalErrorAnswer: Decodable {
    var name: String?
    var error: String?
}
