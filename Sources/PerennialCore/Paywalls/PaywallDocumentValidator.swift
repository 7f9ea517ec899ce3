import Foundation

/// Checks a paywall document before it is saved, against the app's catalog and the stores the server runs:
/// every problem, each at its field, so one round trip shows everything to mend.
public struct PaywallDocumentValidator: Sendable {
    /// The templates the server renders, and the strings each needs in the default locale.
    public static let templates: [String: [String]] = ["default": ["title", "call_to_action"]]

    public var catalog: Catalog
    public var stores: Set<Store>
    /// The document saved before, whose started experiments may not change.
    public var previous: PaywallDocument?
    /// Whether experiments' statuses may differ from `previous` (the server's own start, pause and stop);
    /// a document the team sends keeps them.
    public var statusChangesAllowed = false

    public init(catalog: Catalog, stores: Set<Store>, previous: PaywallDocument?) {
        self.catalog = catalog
        self.stores = stores
        self.previous = previous
    }

    public func problems(in document: PaywallDocument) -> [PaywallProblem] {
        var problems = PaywallProblems()
        checkIDs(document.offerings.map(\.id), at: "offerings", into: &problems)
        for (index, offering) in document.offerings.enumerated() {
            check(offering, at: "offerings[\(index)]", into: &problems)
        }
        if let current = document.currentOffering, document.offering(current) == nil {
            problems.add("current_offering", "no offering \(current)")
        } else if document.currentOffering == nil, !document.offerings.isEmpty {
            problems.add("current_offering", "name the offering sold where a paywall names none")
        }
        checkIDs(document.paywalls.map(\.id), at: "paywalls", into: &problems)
        for (index, paywall) in document.paywalls.enumerated() {
            check(paywall, in: document, at: "paywalls[\(index)]", into: &problems)
        }
        checkIDs(document.placements.map(\.id), at: "placements", into: &problems)
        for (index, placement) in document.placements.enumerated() {
            check(placement, in: document, at: "placements[\(index)]", into: &problems)
        }
        checkIDs(document.experiments.map(\.id), at: "experiments", into: &problems)
        for (index, experiment) in document.experiments.enumerated() {
            check(experiment, in: document, at: "experiments[\(index)]", into: &problems)
        }
        for experiment in previous?.experiments ?? [] where experiment.startedAt != nil && document.experiment(experiment.id) == nil {
            problems.add("experiments", "\(experiment.id) has started: stop it rather than remove it, so its results stay readable")
        }
        return problems.list
    }

    func checkIDs(_ ids: [String], at field: String, into problems: inout PaywallProblems) {
        var seen: Set<String> = []
        for (index, id) in ids.enumerated() {
            if !Self.isValidID(id) {
                problems.add("\(field)[\(index)].id", "1 to 64 letters, digits, '_', '-' or '.'")
            } else if !seen.insert(id).inserted {
                problems.add("\(field)[\(index)].id", "\(id) is used twice")
            }
        }
    }

    public static func isValidID(_ id: String) -> Bool {
        (1...64).contains(id.utf8.count) && id.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
        }
    }

    func check(_ offering: Offering, at field: String, into problems: inout PaywallProblems) {
        if offering.packages.isEmpty { problems.add("\(field).packages", "an offering sells at least one package") }
        checkIDs(offering.packages.map(\.id), at: "\(field).packages", into: &problems)
        for (index, package) in offering.packages.enumerated() {
            check(package, at: "\(field).packages[\(index)]", into: &problems)
        }
    }

    func check(_ package: OfferingPackage, at field: String, into problems: inout PaywallProblems) {
        if package.effectivePeriod == nil {
            problems.add("\(field).period", package.period == nil
                ? "\(package.id) is not a standard package id: give its period (P1M, P1Y …, or lifetime)"
                : "an ISO 8601 period of one unit (P1W, P1M, P3M, P1Y) or lifetime")
        }
        if let trial = package.trial, BillingPeriod(trial).map({ $0 != .lifetime }) != true {
            problems.add("\(field).trial", "an ISO 8601 period of one unit (P3D, P1W, P1M)")
        }
        if package.products.isEmpty { problems.add("\(field).products", "name the product on at least one store") }
        for (storeName, reference) in package.products.sorted(by: { $0.key < $1.key }) {
            let at = "\(field).products.\(storeName)"
            guard let store = Store(rawValue: storeName), stores.contains(store) else {
                problems.add(at, "not a store this server runs (\(stores.map(\.rawValue).sorted().joined(separator: ", ")))")
                continue
            }
            guard let productID = package.productID(on: store), let product = catalog.product(productID, store: store) else {
                problems.add(at, "no product \(reference) in the app's catalog")
                continue
            }
            if store == .playStore {
                let basePlan = reference.split(separator: ":", maxSplits: 1).dropFirst().first.map(String.init)
                if product.type == .autoRenewable, basePlan == nil {
                    problems.add(at, "a Play subscription is named product:base_plan")
                } else if let basePlan, !product.basePlanIDs.isEmpty, !product.basePlanIDs.contains(basePlan) {
                    problems.add(at, "\(productID) has no base plan \(basePlan)")
                }
            }
        }
        for (country, _) in package.prices ?? [:] where !(country.count == 2 && country.allSatisfy { $0.isASCII && $0.isUppercase }) {
            problems.add("\(field).prices.\(country)", "an ISO 3166-1 alpha-2 country code, upper case (US, FR)")
        }
    }
}
