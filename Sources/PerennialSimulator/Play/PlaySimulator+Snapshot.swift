import _CryptoExtras
import Foundation

extension PlaySimulator {
    /// Everything the simulator keeps across restarts, as JSON.
    public func savedState() throws -> Data {
        let snapshot = PlaySimulatorSnapshot(
            packageName: packageName, serviceAccountKeyPEM: serviceAccountKey.pemRepresentation, pushKeyPEM: pushKey.pemRepresentation,
            purchases: purchases.values.sorted { $0.token < $1.token },
            productPurchases: productPurchases.values.sorted { $0.token < $1.token }, voided: voided,
            basePlanStates: basePlanStates, financialAccess: financialAccess, nextOrder: nextOrder, nextMessageID: nextMessageID,
            pendingPushes: pendingPushes
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(snapshot)
    }

    /// Continues from `savedState()`: the same service account key (so a key file handed out before stays
    /// good), push key, purchases and counters. Throws when `data` is not a saved state of this package.
    public func restore(_ data: Data) throws {
        let snapshot = try JSONDecoder().decode(PlaySimulatorSnapshot.self, from: data)
        guard snapshot.version == PlaySimulatorSnapshot.currentVersion else {
            throw PlaySimulatorError.invalid("written by another version of the simulator (format \(snapshot.version))")
        }
        guard snapshot.packageName == packageName else {
            throw PlaySimulatorError.invalid("saved for the package \(snapshot.packageName), not \(packageName)")
        }
        serviceAccountKey = try _RSA.Signing.PrivateKey(pemRepresentation: snapshot.serviceAccountKeyPEM)
        pushKey = try _RSA.Signing.PrivateKey(pemRepresentation: snapshot.pushKeyPEM)
        purchases = Dictionary(snapshot.purchases.map { ($0.token, $0) }, uniquingKeysWith: { first, _ in first })
        tokensByOrderStem = [:]
        productPurchases = Dictionary(snapshot.productPurchases.map { ($0.token, $0) }, uniquingKeysWith: { first, _ in first })
        voided = snapshot.voided
        basePlanStates = snapshot.basePlanStates
        financialAccess = snapshot.financialAccess
        nextOrder = snapshot.nextOrder
        nextMessageID = snapshot.nextMessageID
        pendingPushes = snapshot.pendingPushes
        accessTokens = [:]
    }
}
