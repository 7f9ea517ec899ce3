import PerennialAppStoreAdapter
import PerennialServer
import PerennialServices
import Testing

/// Whether failed work is tried again is the error code's own nature, not its HTTP status.
@Suite("Error nature")
struct ErrorNatureTests {
    @Test func whatMayPassIsDecidedByTheCodeNotItsStatus() {
        // A 429 passes; 5xx codes that the same input meets again do not.
        #expect(PerennialError(.rateLimited, "").isTransient)
        #expect(PerennialError(.storeUnavailable, "").isTransient)
        #expect(PerennialError(.retryableVerificationFailure, "").isTransient)
        #expect(!PerennialError(.signedNotificationsUnsupported, "").isTransient)
        #expect(!PerennialError(.unsealFailed, "").isTransient)
        #expect(!PerennialError(.masterKeyMismatch, "").isTransient)
        // Every other 4xx is a verdict on the input.
        for code in ErrorCode.all where code != .rateLimited && code.kind.httpStatus < 500 {
            #expect(!code.mayPass, "\(code)")
        }
    }
}
