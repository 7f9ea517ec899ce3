/// Stripe-shaped ids: a prefix (`cus_`, `sub_`, `in_`, …) and 24 random letters and digits.
enum StripeSimulatedID {
    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    static func make(_ prefix: String) -> String {
        var generator = SystemRandomNumberGenerator()
        return prefix + String((0..<24).map { _ in alphabet.randomElement(using: &generator) ?? "0" })
    }
}
