import Foundation
import PerennialCore
import PerennialOutbound

extension VerifyReceiptClient {
    /// Checks that an endpoint is there and speaks verifyReceipt, once, without retrying: it sends empty
    /// receipt data and no secret, which verifyReceipt answers with a status (21002, malformed) and nothing
    /// else. Run at startup and now and then, so a wrong URL shows before the first receipt does.
    public func probe(_ endpoint: StoreEnvironment) async -> VerifyReceiptProbeResult {
        let origin = "the \(endpoint.rawValue) endpoint"
        let request = HTTPTransportRequest(
            method: "POST", url: endpoint == .sandbox ? configuration.sandboxURL : configuration.productionURL,
            headers: [
                HTTPTransportHeader(name: "Content-Type", value: "application/json"),
                HTTPTransportHeader(name: "Accept", value: "application/json"),
            ],
            body: Self.encode(VerifyReceiptRequestBody(receiptData: "", password: nil, excludeOldTransactions: false)),
            timeout: configuration.timeout, purpose: HTTPTransportPurpose(store: "app_store", endpoint: "POST /verifyReceipt")
        )
        let response: HTTPTransportResponse
        do {
            response = try await transport.send(request)
        } catch let error as HTTPTransportError where error.code == .invalidRequest {
            return .misconfigured(message: "cannot send to \(origin): \(error.message)")
        } catch {
            return .unreachable(reason: "no answer from \(origin) (\(type(of: error)))")
        }
        switch response.status {
        case 200..<300:
            guard (try? VerifyReceiptResponse.decode(from: Data(response.body))) != nil else {
                return .misconfigured(message: "HTTP \(response.status) from \(origin) with a body that is not a verifyReceipt response")
            }
            return .answering
        case 429, 500..<600:
            return .unreachable(reason: "HTTP \(response.status) from \(origin)")
        default:
            return .misconfigured(message: "HTTP \(response.status) from \(origin): check the verifyReceipt URL")
        }
    }
}
