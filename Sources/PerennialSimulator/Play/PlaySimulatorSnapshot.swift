import Foundation

/// What the Play simulator keeps across restarts (`play.json` in the state folder): its keys, purchases (with
/// their orders, absent from a state saved before orders were recorded), voided purchases, catalog states,
/// counters and undelivered pushes. Access tokens are not kept: a client asks for a new one when the
/// simulator answers 401.
struct PlaySimulatorSnapshot: Codable {
    static let currentVersion = 1

    var version = Self.currentVersion
    var packageName: String
    var serviceAccountKeyPEM: String
    var pushKeyPEM: String
    var purchases: [PlaySimulatedPurchase]
    var productPurchases: [PlaySimulatedProductPurchase]
    var voided: [PlayVoidedEntry]
    var basePlanStates: [String: String]
    var financialAccess: Bool
    var nextOrder: Int
    var nextMessageID: Int
    var pendingPushes: [PendingPush]
}
