import Foundation
import PerennialCore
import PerennialServices

/// A store whose set-up checks take `delay` (or never end, when nil, until cancelled): what the doctor sees
/// of a store that is down and makes every request wait for its timeout. It does nothing else.
struct SlowStoreAdapter: StoreAdapter {
    let store: Store
    let delay: Duration?
    /// Told when a check begins and ends, when given.
    var gauge: ConcurrencyGauge?
    var notificationPathSegment: String { store.rawValue }

    func diagnose(app: AppSettings, activity: StoreActivity) async -> [StoreDiagnosis] {
        await gauge?.enter()
        let slept = (try? await Task.sleep(for: delay ?? .seconds(86_400))) != nil
        await gauge?.leave()
        guard slept else { return [] }
        return [StoreDiagnosis(store: store, code: "\(store.rawValue)_checked", problem: "checked", fix: "none")]
    }

    func notificationFormatVersion(of body: Data) throws -> Int {
        throw PerennialError(.invalidNotification, "this store sends none")
    }

    func verifyNotification(_ body: Data, app: AppSettings) async throws -> VerifiedStoreNotification {
        throw PerennialError(.invalidNotification, "this store sends none")
    }

    func currentFacts(of subscription: SubscriptionKey, app: AppSettings) async throws -> FactBatch? { nil }

    func perform(_ effect: SubscriptionEffect, app: AppSettings) async throws -> FactBatch {
        throw PerennialError(.storeNotSupported, "this store performs nothing")
    }
}
