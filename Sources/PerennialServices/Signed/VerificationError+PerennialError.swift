import PerennialAppStore

extension VerificationError {
    /// The error a client is answered with: a retryable failure is "try again later", any other outcome a
    /// refusal under the outcome's own code.
    var perennialError: PerennialError {
        switch code {
        case .retryableVerificationFailure:
            PerennialError(.unavailable, code: code.rawValue, "signed data could not be verified now; retry later")
        case .invalidAppIdentifier, .invalidEnvironment:
            PerennialError(.forbidden, code: code.rawValue, message)
        case .invalidConfiguration:
            PerennialError(.badGateway, code: code.rawValue, message)
        default:
            PerennialError(.badRequest, code: code.rawValue, message)
        }
    }
}
