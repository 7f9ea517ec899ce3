import Foundation
import PerennialCore
import PerennialServer
import PerennialStoreModule
import Testing

/// A product's `store:` names one of the stores the server runs, by its short name or its own, and each
/// store checks what only its products declare.
@Suite struct ProductStoreConfigurationTests {
    static func yaml(product: String) -> String {
        """
        apps:
          - id: forest
            bundle_id: com.example.forest
            api_keys: {public: pk_forest_0123456789, secret: sk_forest_0123456789}
            products:
              - {id: pro, type: auto_renewable, entitlements: [pro], \(product)}
        """
    }

    @Test(arguments: [("store: google", Store.playStore), ("store: play_store", .playStore), ("store: stripe", .stripe), ("store: paypal", Store(rawValue: "paypal")!),
                      ("store: apple, subscription_group: g", .appStore), ("store: google, base_plans: [monthly, p-1y]", .playStore)])
    func aStoreIsNamedEitherWay(product: String, store: Store) throws {
        let configuration = try ConfigurationLoader(environment: [:]).parse(Self.yaml(product: product), file: "perennial.yaml")
        #expect(configuration.apps[0].catalog.product("pro")?.store == store)
    }

    @Test(arguments: [
        ("store: amazon", "apps[0].products[0].store", "unknown store; expected apple, google, stripe, paypal, square"),
        ("store: apple, subscription_group: g, base_plans: [monthly]", "apps[0].products[0].base_plans", "store: apple"),
        ("base_plans: [monthly], subscription_group: g", "apps[0].products[0].base_plans", "add its store:"),
        ("store: google, base_plans: [-monthly]", "apps[0].products[0].base_plans", "lowercase letters"),
        ("store: apple", "apps[0].products[0]", "not needed with store: google or store: stripe or store: paypal"),
    ])
    func eachMistakeIsNamed(product: String, key: String, problem: String) {
        #expect {
            try ConfigurationLoader(environment: [:]).parse(Self.yaml(product: product), file: "perennial.yaml")
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return error.key == key && error.problem.contains(problem)
        }
    }
}
