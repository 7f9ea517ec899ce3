import ArgumentParser
import Foundation
import PerennialAppStore
import PerennialCore

/// `perennial offer …`: tools for subscription offers.
struct OfferCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "offer", abstract: "Sign App Store subscription offers.", subcommands: [Sign.self]
    )

    /// `perennial offer sign --key FILE.p8 --key-id ID --bundle-id ID --product-id ID --offer-id ID
    /// [--app-account-token STRING] [--nonce UUID] [--timestamp MS] [--format v1|v2 --issuer-id ID [--transaction-id ID]]`.
    struct Sign: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Sign a promotional offer and print the signature as JSON.",
            discussion: """
                v1 (default) prints {"keyIdentifier": …, "nonce": …, "timestamp": <ms>, "signature": <base64 DER>}; \
                v2 prints {"signature": "<compact JWS>"}.
                """
        )

        @Option(help: "The In-App Purchase key (.p8, PKCS#8 PEM).")
        var key: String

        @Option(help: "The key's id.")
        var keyId: String

        @Option(help: "The app's bundle id.")
        var bundleId: String

        @Option(help: "The subscription's product id.")
        var productId: String

        @Option(help: "The promotional offer's id.")
        var offerId: String

        @Option(help: "v1: the applicationUsername / appAccountToken the purchase will carry (default: empty).")
        var appAccountToken: String = ""

        @Option(help: "The one-time UUID to sign (default: a new random one).")
        var nonce: String?

        @Option(help: "When the signature is made, in milliseconds since 1970 (default: now; v2 signs it in seconds).")
        var timestamp: Int64?

        @Option(help: "v1 (signature for SKPaymentDiscount / Product.SubscriptionOffer.Signature) or v2 (compact JWS).")
        var format: String = "v1"

        @Option(help: "v2: the issuer id from the Keys page in App Store Connect.")
        var issuerId: String?

        @Option(help: "v2: a transaction id of the customer's (optional).")
        var transactionId: String?

        func validate() throws {
            guard format == "v1" || format == "v2" else { throw ValidationError("--format must be v1 or v2") }
            if format == "v2", issuerId == nil { throw ValidationError("--format v2 needs --issuer-id") }
            if let nonce, UUID(uuidString: nonce) == nil {
                throw ValidationError("--nonce \(nonce) is not a UUID (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)")
            }
        }

        func run() throws {
            guard let data = FileManager.default.contents(atPath: key) else {
                warn("error: cannot read the key file \(key)")
                throw ExitCode(1)
            }
            let pem = String(decoding: data, as: UTF8.self)
            let clock: any Clock = timestamp.map { FixedClock(Instant(milliseconds: $0)) } ?? SystemClock()
            do {
                let nonceValue = try nonce.map { text throws(OfferSigningError) in try OfferNonce.parse(text) }
                if format == "v2" {
                    if !appAccountToken.isEmpty { warn("--app-account-token is not part of a v2 signature; ignored") }
                    let signer = try PromotionalOfferV2Signer(
                        keyIdentifier: keyId, issuerId: issuerId ?? "", bundleId: bundleId, privateKeyPEM: pem, clock: clock
                    )
                    let jws = try signer.signature(
                        productId: productId, offerIdentifier: offerId, transactionId: transactionId, nonce: nonceValue
                    )
                    print("{\"signature\": \"\(jws)\"}")
                } else {
                    if transactionId != nil { warn("--transaction-id is only part of a v2 signature; ignored") }
                    let signer = try PromotionalOfferV1Signer(
                        keyIdentifier: keyId, bundleId: bundleId, privateKeyPEM: pem, clock: clock
                    )
                    let signature = try signer.sign(
                        productIdentifier: productId, offerIdentifier: offerId, applicationUsername: appAccountToken,
                        nonce: nonceValue
                    )
                    print(signature.jsonText)
                }
            } catch {
                warn("error: \(error)")
                throw ExitCode(1)
            }
        }

        private func warn(_ message: String) {
            FileHandle.standardError.write(Data("\(message)\n".utf8))
        }
    }
}
