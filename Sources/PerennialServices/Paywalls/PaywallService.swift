import Foundation
import PerennialCore

/// Apps' paywalls: their documents as immutable revisions (save, roll back, start and stop experiments),
/// the paywall each customer is shown at a placement (with the exposure recorded), and the paywall events
/// apps report.
public struct PaywallService: Sendable {
    let ledger: any Ledger
    /// Where exposures and paywall events are written: the ledger without the customer cache's invalidation
    /// (they change no customer), so a paywall shown to a new customer leaves every cached customer cached.
    let log: any Ledger
    let customers: CustomerService
    let identity: IdentityService
    let offers: OfferService
    let clock: any Clock
    /// The stores this server runs, which a package may name.
    let stores: Set<Store>
    let cache: PaywallDocumentCache
    /// The customer cache, whose generation tells that no write happened since a document was read.
    let freshness: CustomerViewCache?
    let exposures: RecentExposures
    let filled: FilledPaywallMemo
    /// The stores' web checkouts, for the web paywall's buttons.
    public let webCheckouts: [any WebCheckout]

    public init(
        ledger: any Ledger, customers: CustomerService, identity: IdentityService, offers: OfferService, clock: any Clock,
        stores: Set<Store>, webCheckouts: [any WebCheckout] = [], freshness: CustomerViewCache? = nil, log: (any Ledger)? = nil,
        cache: PaywallDocumentCache = PaywallDocumentCache()
    ) {
        self.log = log ?? ledger
        self.freshness = freshness
        self.ledger = ledger
        self.customers = customers
        self.identity = identity
        self.offers = offers
        self.clock = clock
        self.stores = stores
        self.webCheckouts = webCheckouts
        self.cache = cache
        exposures = RecentExposures()
        filled = FilledPaywallMemo()
    }

    /// The app's newest document and its revision; nil when it has none.
    public func current(app: AppSettings) async throws -> (revision: Int, document: PaywallDocument)? {
        // Taken before the read: a write after it makes what the read finds unknown again.
        let generation = freshness.flatMap { $0.isServing ? $0.generation : nil }
        if let generation, let newest = cache.newest(appID: app.id, generation: generation) { return newest }
        guard let revision = try await ledger.read({ try await $0.latestPaywallRevisionNumber(appID: app.id) }) else { return nil }
        var document = cache.document(appID: app.id, revision: revision)
        if document == nil { document = try await self.document(app: app, revision: revision) }
        guard let document else { return nil }
        cache.keep(document, appID: app.id, revision: revision, generation: generation)
        return (revision, document)
    }

    /// One revision's document; `paywall_revision_not_found` when there is none.
    public func document(app: AppSettings, revision: Int) async throws -> PaywallDocument {
        try await self.revision(app: app, number: revision).document
    }

    /// One revision and its document; `paywall_revision_not_found` when there is none.
    public func revision(app: AppSettings, number: Int) async throws -> (record: PaywallRevisionRecord, document: PaywallDocument) {
        guard let record = try await ledger.read({ try await $0.paywallRevision(appID: app.id, revision: number) }) else {
            throw PerennialError(.paywallRevisionNotFound, "the app has no paywall revision \(number)")
        }
        return (record, try PaywallDocumentCodec.decode(Data(record.document.utf8)))
    }

    /// The problems a document would be refused for, without saving it (none: it may be saved).
    public func check(app: AppSettings, body: Data) async throws -> [PaywallProblem] {
        let document: PaywallDocument
        do {
            document = try PaywallDocumentCodec.decode(body)
        } catch let error as PerennialError {
            return [PaywallProblem(field: "document", message: error.message)]
        }
        return PaywallDocumentValidator(catalog: app.catalog, stores: stores, previous: try await current(app: app)?.document).problems(in: document)
    }

    /// The app's revisions, newest first (without their documents), below `before` when given.
    public func revisions(app: AppSettings, before: Int?, limit: Int) async throws -> [PaywallRevisionRecord] {
        try await ledger.read { try await $0.paywallRevisions(appID: app.id, before: before, limit: limit) }
    }
}

extension PaywallService {
    /// The experiment's results now, per arm, with the statistics' verdict.
    public func results(app: AppSettings, experimentID: String) async throws -> ExperimentResults {
        guard let experiment = try await current(app: app)?.document.experiment(experimentID) else {
            throw PerennialError(.experimentNotFound, "the app's paywalls have no experiment \(experimentID)")
        }
        let outcomes = try await ledger.read { try await $0.experimentOutcomes(appID: app.id, experimentID: experimentID) }
        return ExperimentResultsCalculator(experiment: experiment, rates: app.revenue.rates, now: clock.now()).results(outcomes)
    }
}
