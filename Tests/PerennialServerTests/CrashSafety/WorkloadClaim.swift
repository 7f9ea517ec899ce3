import Foundation

/// A customer's app posting a StoreKit 2 transaction (`POST /v1/transactions`).
struct WorkloadClaim: Sendable {
    let appUserID: String
    let body: Data
}
