import PerennialAppStore

/// How the simulator answers one verifyReceipt request.
public enum VerifyReceiptReply: Sendable, Hashable {
    /// HTTP 200 with this JSON body (status 0 or an error status).
    case response(VerifyReceiptResponse)
    /// An HTTP-level failure: this status, with an HTML page or no body.
    case httpFailure(status: Int, body: SimulatorFaultBody)
}
