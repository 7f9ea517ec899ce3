import Foundation

/// The id Perennial gives an Adyen subscription when its checkout starts: the product's id, `~`, and 16
/// random letters and digits. Adyen keeps no subscription, so the id travels in every payment's merchant
/// reference, and what was bought is read back from it.
public enum AdyenSubscriptionID {
    /// The characters a product sold through Adyen may be named with (no `~` or `:`, which the references
    /// use), and at most 40 of them.
    public static func isValidProductID(_ id: String) -> Bool {
        (1...40).contains(id.utf8.count) && id.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
        }
    }

    /// A new id for a subscription to `productID`.
    public static func make(productID: String) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return productID + "~" + String((0..<16).map { _ in alphabet.randomElement(using: &generator) ?? "0" })
    }

    /// The product a subscription id names; nil when the id is not one of Perennial's.
    public static func productID(of subscriptionID: String) -> String? {
        guard subscriptionID.utf8.count <= 64, let separator = subscriptionID.firstIndex(of: "~") else { return nil }
        let product = String(subscriptionID[..<separator])
        let random = subscriptionID[subscriptionID.index(after: separator)...]
        guard isValidProductID(product), random.count == 16, random.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber) }) else { return nil }
        return product
    }
}
