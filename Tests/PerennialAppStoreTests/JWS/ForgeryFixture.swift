import Crypto
import Foundation
import PerennialAppStore
import PerennialCore
import PerennialTesting

/// Test CAs and payloads for building forgeries: one trusted CA, and variants the verifier must reject.
struct ForgeryFixture: Sendable {
    static let shared = try! ForgeryFixture()

    static let bundleId = "com.example.forge"
    static let appAppleId: Int64 = 4_242
    /// 2025-06-01T00:00:00Z, inside the default leaf validity (2024 … 2036).
    static let signedAt = Instant(milliseconds: 1_748_736_000_000)

    let trusted: TestCertificateAuthority
    let untrusted: TestCertificateAuthority
    let leafWithoutMarker: TestCertificateAuthority
    let intermediateWithoutMarker: TestCertificateAuthority
    let intermediateNotCA: TestCertificateAuthority
    let withoutKeyIdentifiers: TestCertificateAuthority
    let shortLivedLeaf: TestCertificateAuthority

    typealias Options = TestCertificateAuthority.Options

    init() throws {
        trusted = try TestCertificateAuthority()
        untrusted = try TestCertificateAuthority()
        var options = TestCertificateAuthority.Options()
        options.leafMarker = false
        leafWithoutMarker = try TestCertificateAuthority(options)
        options = .init()
        options.intermediateMarker = false
        intermediateWithoutMarker = try TestCertificateAuthority(options)
        options = .init()
        options.intermediateIsCA = false
        intermediateNotCA = try TestCertificateAuthority(options)
        options = .init()
        options.keyIdentifiers = false
        withoutKeyIdentifiers = try TestCertificateAuthority(options)
        options = .init()
        options.leafValidity = Options.date(2024, 1, 1)...Options.date(2025, 1, 1)
        shortLivedLeaf = try TestCertificateAuthority(options)
    }

    /// The roots a verifier trusts: every CA but `untrusted`, so each variant fails for its own flaw only.
    var trustedRoots: [Data] {
        let authorities = [
            trusted, leafWithoutMarker, intermediateWithoutMarker, intermediateNotCA, withoutKeyIdentifiers,
            shortLivedLeaf,
        ]
        return authorities.map(\.rootDER)
    }

    /// A verifier for the fixture's app.
    func verifier(
        _ environment: AppleEnvironment = .sandbox, appAppleId: Int64? = Self.appAppleId, online: Bool = false,
        clock: any Clock = FixedClock(ForgeryFixture.signedAt)
    ) throws -> SignedDataVerifier {
        try SignedDataVerifier(
            rootCertificates: trustedRoots, bundleId: Self.bundleId, appAppleId: appAppleId,
            environment: environment, enableOnlineChecks: online, clock: clock
        )
    }

    /// A transaction for the fixture's app, signed at `signedAt`.
    static func transaction(
        bundleId: String = bundleId, environment: AppleEnvironment = .sandbox, signedDate: Instant = signedAt
    ) -> JWSTransactionDecodedPayload {
        var transaction = JWSTransactionDecodedPayload()
        transaction.transactionId = "1000"
        transaction.originalTransactionId = "1000"
        transaction.bundleId = bundleId
        transaction.productId = "pro.monthly"
        transaction.type = .autoRenewableSubscription
        transaction.purchaseDate = signedDate
        transaction.expiresDate = signedDate.adding(milliseconds: 30 * 86_400_000)
        transaction.price = 9_990
        transaction.currency = "EUR"
        transaction.environment = environment
        transaction.signedDate = signedDate
        return transaction
    }

    /// A notification for the fixture's app, carrying a signed transaction.
    static func notification(
        appAppleId: Int64? = appAppleId, environment: AppleEnvironment = .sandbox, signedTransaction: String?
    ) -> ResponseBodyV2DecodedPayload {
        var notification = ResponseBodyV2DecodedPayload()
        notification.notificationType = .didRenew
        notification.notificationUUID = "6f5d1c2e-0000-4000-8000-000000000001"
        notification.version = "2.0"
        notification.signedDate = signedAt
        var data = NotificationData()
        data.bundleId = bundleId
        data.appAppleId = appAppleId
        data.environment = environment
        data.signedTransactionInfo = signedTransaction
        data.status = .active
        notification.data = data
        return notification
    }
}
