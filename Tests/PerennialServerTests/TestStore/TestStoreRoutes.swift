import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// `POST /v1/test_store/purchases {app_user_id, subscription_id}`: the app tells Perennial about a purchase;
/// Perennial asks the store for it (never trusting the app's word) and ingests it for the customer.
struct TestStoreRoutes: StoreRoutes {
    struct Body: Decodable {
        var appUserID: String
        var subscriptionID: String

        enum CodingKeys: String, CodingKey {
            case appUserID = "app_user_id", subscriptionID = "subscription_id"
        }
    }

    let adapter: TestStoreAdapter
    let ingestor: FactIngestor

    func add(v1: RouterGroup<PerennialRequestContext>, admin: RouterGroup<PerennialRequestContext>) {
        v1.post("test_store/purchases") { request, context -> HTTPResponse.Status in
            let app = try context.requireApp()
            let body = try await request.decode(as: Body.self, context: context)
            try AppUserIDRule.validated(body.appUserID)
            let key = SubscriptionKey(store: adapter.store, id: body.subscriptionID)
            guard let facts = try await adapter.currentFacts(of: key, app: app) else {
                throw PerennialError(.storeNotSupported, "the test store cannot be asked")
            }
            try await ingestor.ingest(facts, app: app, appUserID: body.appUserID)
            return .ok
        }
    }
}
