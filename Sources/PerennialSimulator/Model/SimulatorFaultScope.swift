/// Which of the App Store's services a fault affects.
public enum SimulatorFaultScope: String, Sendable, Hashable, Codable {
    /// verifyReceipt only (the default).
    case verifyReceipt = "verify_receipt"
    /// The App Store Server API only: `http` faults answer that status, `timeout` faults hold the request;
    /// `status` faults (verifyReceipt codes) do not apply to it.
    case serverAPI = "server_api"
    /// Both: an outage of the whole App Store.
    case all
}
