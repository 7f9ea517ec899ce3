import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// `GET /v1/subscribers/{app_user_id}/offerings` from the app's paywall document (its offerings and
/// current offering), each package naming its product on the SDK's platform's store; and
/// `GET /v1/product_entitlement_mapping` from the catalog, which the SDKs use for entitlements while
/// Perennial cannot be reached.
struct OfferingRoutes {
    let services: RevenueCatServices

    func add(to v1: RouterGroup<PerennialRequestContext>) {
        v1.get("subscribers/{app_user_id}/offerings") { request, context -> Response in
            let app = try context.requireApp()
            _ = try SubscriberAnswer.appUserID(context)
            let store = RevenueCatPlatform(header: request.headers[SubscriberAnswer.platformHeader])?.store ?? .appStore
            let document = try await services.paywalls.current(app: app)?.document
            return RevenueCatAnswer.response(Self.offerings(document, store: store))
        }
        v1.get("product_entitlement_mapping") { _, context -> Response in
            let app = try context.requireApp()
            return RevenueCatAnswer.response(Self.mapping(app.catalog))
        }
    }

    /// `{"current_offering_id", "offerings": [{"identifier", "description", "metadata", "packages": […]}]}`.
    static func offerings(_ document: PaywallDocument?, store: Store) -> RevenueCatJSON {
        let offerings = (document?.offerings ?? []).map { offering in
            RevenueCatJSON.object([
                ("description", .string(offering.description ?? offering.id)),
                ("identifier", .string(offering.id)),
                ("metadata", .object([])),
                ("packages", .array(offering.packages.compactMap { package(of: $0, store: store) })),
            ])
        }
        return .object([("current_offering_id", .optional(document?.currentOffering)), ("offerings", .array(offerings))])
    }

    /// A package on `store`, nil when it is not sold there. Perennial's standard package ids are
    /// RevenueCat's `$rc_…` ids, which the SDKs read as the package's type.
    static func package(of package: OfferingPackage, store: Store) -> RevenueCatJSON? {
        guard let reference = package.products[store.rawValue] else { return nil }
        let parts = reference.split(separator: ":", maxSplits: 1).map(String.init)
        var members: [(String, RevenueCatJSON)] = [
            ("identifier", .string(OfferingPackage.standardIDs.contains(package.id) ? "$rc_" + package.id : package.id)),
            ("platform_product_identifier", .string(store == .playStore ? parts[0] : reference)),
        ]
        if store == .playStore, parts.count == 2 { members.append(("platform_product_plan_identifier", .string(parts[1]))) }
        return .object(members)
    }

    /// `{"product_entitlement_mapping": {key: {"product_identifier", "base_plan_id", "entitlements"}}}`, a key
    /// per product and, for Google Play's, per base plan (`product:plan`).
    static func mapping(_ catalog: Catalog) -> RevenueCatJSON {
        var entries: [String: (product: String, plan: String?, entitlements: Set<String>)] = [:]
        for product in catalog.products where !product.entitlements.isEmpty {
            let plans: [String?] = product.store == .playStore && !product.basePlanIDs.isEmpty ? product.basePlanIDs : [nil]
            for plan in plans {
                let key = plan.map { "\(product.id):\($0)" } ?? product.id
                entries[key, default: (product.id, plan, [])].entitlements.formUnion(product.entitlements)
            }
        }
        return .object([("product_entitlement_mapping", .object(entries.keys.sorted().map { key in
            let entry = entries[key]!
            var members: [(String, RevenueCatJSON)] = [("product_identifier", .string(entry.product))]
            if let plan = entry.plan { members.append(("base_plan_id", .string(plan))) }
            members.append(("entitlements", .array(entry.entitlements.sorted().map(RevenueCatJSON.string))))
            return (key, .object(members))
        }))])
    }
}
