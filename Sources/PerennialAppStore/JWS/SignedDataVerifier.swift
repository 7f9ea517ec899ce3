import Foundation
import PerennialCore
import PerennialOutbound
import X509

/// Verifies and decodes data the App Store signs: transactions, renewal infos, server notifications (V2) and
/// app transactions, each a compact JWS whose `x5c` header carries Apple's certificate chain.
///
/// A JWS is accepted when it has three strict base64url parts; its header says `ES256` and carries exactly
/// three certificates; the leaf chains through the intermediate to a configured root, with Apple's marker
/// OIDs, every certificate valid at the payload's `signedDate` (`receiptCreationDate` for an app transaction;
/// now when online checks are on or the date is missing); the raw `r || s` signature verifies with the
/// leaf's P-256 key; and the payload is for this app and environment. Anything else throws a
/// `VerificationError`. For `.xcode` and `.localTesting` verifiers, as in Apple's libraries, the signature
/// and chain are not checked (Xcode signs with a local key) but the payload must decode and match.
///
/// Copies share one cache of verified chains, so a verifier built once serves every request.
public struct SignedDataVerifier: Sendable {
    /// The app's bundle id; payloads for another app are rejected.
    public let bundleId: String
    /// The app's Apple id, checked on notifications and app transactions in Production.
    public let appAppleId: Int64?
    /// The environment payloads must come from.
    public let environment: AppleEnvironment
    /// Whether chains are judged now and their revocation status checked online (OCSP, through the
    /// verifier's transport). A revoked certificate throws `.verificationFailure`; an unknown status (no
    /// responder reachable, no usable answer) throws `.retryableVerificationFailure`. Without a transport no
    /// status can be learned: a JWS that passes every other check throws `.retryableVerificationFailure`.
    public let enableOnlineChecks: Bool
    /// The source of "now".
    public let clock: any Clock
    let chainVerifier: AppleChainVerifier

    /// Creates a verifier.
    ///
    /// - Parameters:
    ///   - rootCertificates: The trust anchors, DER. Apple Root CA - G3 by default.
    ///   - bundleId: The app's bundle id.
    ///   - appAppleId: The app's Apple id; required in Production.
    ///   - environment: The environment payloads must come from.
    ///   - enableOnlineChecks: Judge chains now and check revocation online (see the property).
    ///   - strictKeyIdentifiers: Require authority and subject key identifiers, as OpenSSL's strict mode
    ///     does (Apple's reference). Only Apple's own test certificates, which have none, need `false`.
    ///   - chainCacheCapacity: How many verified chains to remember (0 disables the cache).
    ///   - chainCacheLifetime: How long a verified chain is remembered (never past its certificates'
    ///     expiry). With online checks it is also how long a revocation check holds, so keep it short.
    ///   - clock: The source of "now".
    ///   - transport: The HTTP client for OCSP queries (`POST` to the responders named by the certificates,
    ///     4 s each); used only with `enableOnlineChecks`.
    /// - Throws: `.invalidConfiguration` when a root is not a DER certificate, or Production lacks
    ///   `appAppleId`.
    public init(
        rootCertificates: [Data] = [AppleRootCAG3.der],
        bundleId: String,
        appAppleId: Int64? = nil,
        environment: AppleEnvironment,
        enableOnlineChecks: Bool = false,
        strictKeyIdentifiers: Bool = true,
        chainCacheCapacity: Int = 64,
        chainCacheLifetime: Duration = .seconds(15 * 60),
        clock: any Clock = SystemClock(),
        transport: (any HTTPTransport)? = nil
    ) throws(VerificationError) {
        if environment == .production, appAppleId == nil {
            throw VerificationError(.invalidConfiguration, "appAppleId is required in Production")
        }
        var roots: [Certificate] = []
        for (index, der) in rootCertificates.enumerated() {
            guard let root = try? Certificate(derEncoded: Array(der)) else {
                throw VerificationError(.invalidConfiguration, "root certificate \(index) is not a DER certificate")
            }
            roots.append(root)
        }
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.environment = environment
        self.enableOnlineChecks = enableOnlineChecks
        self.clock = clock
        self.chainVerifier = AppleChainVerifier(
            roots: roots, strictKeyIdentifiers: strictKeyIdentifiers,
            cache: VerifiedChainCache(capacity: chainCacheCapacity, lifetime: chainCacheLifetime),
            ocspRequester: enableOnlineChecks ? transport.map { HTTPOCSPRequester(transport: $0) } : nil
        )
    }

    /// Verifies a signed transaction (`signedTransactionInfo`, `signedTransaction`) and checks its bundle id
    /// and environment.
    public func verifyAndDecodeTransaction(_ signedTransaction: String) async throws(VerificationError)
        -> JWSTransactionDecodedPayload
    {
        let transaction = try await decodeSigned(signedTransaction, as: JWSTransactionDecodedPayload.self)
        try checkApp(bundleId: transaction.bundleId, appAppleId: nil, checksAppAppleId: false)
        try checkEnvironment(transaction.environment)
        return transaction
    }

    /// Verifies a signed renewal info (`signedRenewalInfo`) and checks its environment (renewal infos carry
    /// no bundle id).
    public func verifyAndDecodeRenewalInfo(_ signedRenewalInfo: String) async throws(VerificationError)
        -> JWSRenewalInfoDecodedPayload
    {
        let renewalInfo = try await decodeSigned(signedRenewalInfo, as: JWSRenewalInfoDecodedPayload.self)
        try checkEnvironment(renewalInfo.environment)
        return renewalInfo
    }

    /// Verifies a signed app transaction and checks its bundle id, its app Apple id (Production) and its
    /// `receiptType` against the environment.
    public func verifyAndDecodeAppTransaction(_ signedAppTransaction: String) async throws(VerificationError)
        -> AppTransaction
    {
        let appTransaction = try await decodeSigned(signedAppTransaction, as: AppTransaction.self)
        try checkApp(bundleId: appTransaction.bundleId, appAppleId: appTransaction.appAppleId)
        try checkEnvironment(appTransaction.receiptType)
        return appTransaction
    }

    /// Throws `.invalidAppIdentifier` unless the bundle id matches and, in Production, the app Apple id too.
    func checkApp(bundleId: String?, appAppleId: Int64?, checksAppAppleId: Bool = true) throws(VerificationError) {
        guard bundleId == self.bundleId else {
            throw VerificationError(.invalidAppIdentifier, "the payload is for another bundle id")
        }
        if checksAppAppleId, environment == .production, appAppleId != self.appAppleId {
            throw VerificationError(.invalidAppIdentifier, "the payload is for another app Apple id")
        }
    }

    /// Throws `.invalidEnvironment` unless the payload's environment is the verifier's.
    func checkEnvironment(_ payloadEnvironment: AppleEnvironment?) throws(VerificationError) {
        guard payloadEnvironment == environment else {
            let found = payloadEnvironment?.rawValue ?? "none"
            throw VerificationError(.invalidEnvironment, "the payload is from \(found), expected \(environment)")
        }
    }
}
