import PerennialAppStore
import PerennialServices

extension VerificationError {
    /// The error a client is answered with: a retryable failure is "try again later", any other outcome a
    /// refusal under the outcome's own code.
    var perennialError: PerennialError {
        switch code {
        case .retryableVerificationFailure:
            PerennialError(.retryableVerificationFailure, "signed data could not be verified now; retry later")
        default:
            PerennialError(errorCode, message)
        }
    }

    /// The outcome's code in Perennial's list (an outcome the list does not know is a verification failure).
    var errorCode: ErrorCode {
        switch code {
        case .invalidAppIdentifier: .invalidAppIdentifier
        case .invalidEnvironment: .invalidEnvironment
        case .invalidChainLength: .invalidChainLength
        case .invalidCertificate: .invalidCertificate
        case .retryableVerificationFailure: .retryableVerificationFailure
        case .invalidConfiguration: .invalidConfiguration
        default: .verificationFailure
        }
    }
}
