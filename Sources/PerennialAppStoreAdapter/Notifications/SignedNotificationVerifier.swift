import PerennialCore
import PerennialServices

/// Verifies a signed (version 2) App Store notification for an app and translates what it carries into
/// facts. Throws a `PerennialError` whose code names the verification outcome when the notification must
/// be refused (`verification_failure`, `invalid_app_identifier`, `invalid_environment` …), and one of kind
/// `.unavailable` when verification could not be completed now (retry later).
public protocol SignedNotificationVerifier: Sendable {
    func verify(signedPayload: String, app: AppSettings) async throws -> VerifiedStoreNotification
}
