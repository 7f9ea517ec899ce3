import Foundation
import PerennialCore

/// The team's webhook endpoints and their deliveries, for the admin API: create (the signing secret shown
/// once), change, remove, rotate the secret with an overlap, send a test, replay a range, list deliveries,
/// and retry dead letters one by one or all at once.
public struct WebhookService: Sendable {
    let ledger: any Ledger
    let secrets: SecretBox
    let urlRule: WebhookURLRule
    let health: AppHealth
    let clock: any Clock

    /// The most deliveries one replay or retry-all request sends again.
    public static let maximumResent = 100_000

    public init(ledger: any Ledger, secrets: SecretBox, urlRule: WebhookURLRule, health: AppHealth, clock: any Clock) {
        self.ledger = ledger
        self.secrets = secrets
        self.urlRule = urlRule
        self.health = health
        self.clock = clock
    }

    /// Creates an endpoint with a new signing secret, shown in the answer only.
    public func create(app: AppSettings, _ input: WebhookEndpointInput) async throws -> WebhookEndpointView {
        try input.validate()
        guard let url = input.url else { throw PerennialError(.invalidWebhookEndpoint, "url is required") }
        try await urlRule.check(url)
        let now = clock.now()
        let secret = WebhookSigningSecret.generate()
        let record = WebhookEndpointRecord(
            id: Self.newID(), appID: app.id, url: url, kinds: input.kinds.map(Self.normalized) ?? [], isEnabled: input.isEnabled ?? true,
            headers: input.headers ?? [:], description: input.description ?? "",
            sealedSecrets: try WebhookSecretSet(current: secret).sealed(with: secrets), source: "api", createdAt: now, updatedAt: now)
        try await ledger.write { try await $0.saveWebhookEndpoint(record) }
        var view = try self.view(record)
        view.secret = secret.text
        return view
    }

    /// The app's endpoints.
    public func endpoints(app: AppSettings) async throws -> [WebhookEndpointView] {
        try await ledger.read { try await $0.webhookEndpoints(appID: app.id) }.map(view)
    }

    /// One endpoint.
    public func endpoint(app: AppSettings, id: String) async throws -> WebhookEndpointView {
        try view(try await record(app: app, id: id))
    }

    /// Changes the fields given; re-enabling an endpoint Perennial disabled clears its failure record.
    public func update(app: AppSettings, id: String, _ input: WebhookEndpointInput) async throws -> WebhookEndpointView {
        try input.validate()
        if let url = input.url { try await urlRule.check(url) }
        let now = clock.now()
        let record = try await ledger.write { session in
            guard var record = try await session.webhookEndpoint(appID: app.id, id: id) else { throw Self.notFound }
            guard record.source == "api" else { throw Self.fromConfiguration }
            record.url = input.url ?? record.url
            record.kinds = input.kinds.map(Self.normalized) ?? record.kinds
            record.headers = input.headers ?? record.headers
            record.description = input.description ?? record.description
            if let enabled = input.isEnabled, enabled != record.isEnabled {
                record.isEnabled = enabled
                record.failingSince = nil
                record.disabledReason = nil
            }
            record.updatedAt = now
            try await session.saveWebhookEndpoint(record)
            return record
        }
        if record.isEnabled { await clearDisabledProblemIfNone(app: app) }
        return try view(record)
    }

    /// Removes an endpoint; deliveries still owed to it become dead letters when they come up.
    public func delete(app: AppSettings, id: String) async throws {
        try await ledger.write { session in
            guard let record = try await session.webhookEndpoint(appID: app.id, id: id) else { throw Self.notFound }
            guard record.source == "api" else { throw Self.fromConfiguration }
            _ = try await session.deleteWebhookEndpoint(appID: app.id, id: id)
        }
    }

    /// Gives the endpoint a new secret; the secrets signing now keep signing beside it for `overlap` (at
    /// most 7 days), so receivers can switch without losing a delivery.
    public func rotateSecret(app: AppSettings, id: String, overlap: Duration) async throws -> WebhookEndpointView {
        guard overlap >= .zero, overlap <= .seconds(7 * 86_400) else {
            throw PerennialError(.invalidWebhookEndpoint, "overlap_seconds must be between 0 and 604800 (7 days)")
        }
        let now = clock.now()
        let secret = WebhookSigningSecret.generate()
        let record = try await ledger.write { session in
            guard var record = try await session.webhookEndpoint(appID: app.id, id: id) else { throw Self.notFound }
            guard record.source == "api" else { throw Self.fromConfiguration }
            record.sealedSecrets = try WebhookSecretSet.opened(record.sealedSecrets, with: secrets)
                .rotated(to: secret, overlap: overlap, at: now).sealed(with: secrets)
            record.updatedAt = now
            try await session.saveWebhookEndpoint(record)
            return record
        }
        var view = try self.view(record)
        view.secret = secret.text
        return view
    }

    /// Sends the endpoint a `test` message (whatever kinds it asked for); returns the delivery.
    public func sendTest(app: AppSettings, id: String) async throws -> WebhookDeliveryRecord {
        let now = clock.now()
        return try await ledger.write { session in
            guard let record = try await session.webhookEndpoint(appID: app.id, id: id) else { throw Self.notFound }
            let messageID = "evt_test_" + Self.randomCharacters(20)
            let message = WebhookMessage.test(id: messageID, appID: app.id, at: now)
            let delivery = NewWebhookDelivery(
                appID: app.id, endpointID: record.id, eventSequence: 0, messageID: messageID, kind: WebhookEndpointInput.testKind,
                appUserID: "", body: try message.encoded(), occurredAt: now, createdAt: now, orderingPosition: 0)
            let id = try await WebhookOutbox.enqueue([delivery], in: session)[0]
            guard let stored = try await session.webhookDelivery(appID: app.id, id: id) else { throw Self.notFound }
            return stored
        }
    }

    /// Sends again every delivery the endpoint was first sent of events that occurred in `from...to` (of
    /// these kinds when given), in their original order, with their original ids and bodies; returns how
    /// many.
    public func replay(app: AppSettings, id: String, from: Instant, to: Instant, kinds: [String]?) async throws -> Int {
        guard from <= to else { throw PerennialError(.invalidDateRange, "from must not be after to") }
        if let kinds { try WebhookEndpointInput(kinds: kinds).validate() }
        _ = try await record(app: app, id: id)
        var after: Int64 = 0
        var count = 0
        while count < Self.maximumResent {
            let now = clock.now()
            let cursor = after
            let page = try await ledger.write { session -> (last: Int64?, sent: Int) in
                let page = try await session.webhookDeliveriesToReplay(
                    appID: app.id, endpointID: id, from: from, to: to, after: cursor, limit: 500)
                let resend = page.filter { kinds?.contains($0.delivery.kind) ?? true }
                try await Self.resend(resend, at: now, in: session)
                return (page.last?.id, resend.count)
            }
            count += page.sent
            guard let last = page.last else { break }
            after = last
        }
        return count
    }

    /// Puts a dead letter back in line, due now.
    public func retryDeadLetter(app: AppSettings, endpointID: String, deliveryID: Int64) async throws -> WebhookDeliveryRecord {
        let now = clock.now()
        return try await ledger.write { session in
            guard let stored = try await session.webhookDelivery(appID: app.id, id: deliveryID),
                  stored.delivery.endpointID.isExactly(endpointID),
                  let reopened = try await session.reopenWebhookDelivery(appID: app.id, id: deliveryID, at: now)
            else { throw PerennialError(.webhookDeliveryNotFound, "the endpoint has no failed delivery with this id") }
            return reopened
        }
    }

    /// Puts every dead letter of the endpoint back in line, due now; returns how many.
    public func retryDeadLetters(app: AppSettings, endpointID: String) async throws -> Int {
        _ = try await record(app: app, id: endpointID)
        var count = 0
        while count < Self.maximumResent {
            let now = clock.now()
            let retried = try await ledger.write { session -> Int in
                let failed = try await session.webhookDeliveries(appID: app.id, endpointID: endpointID, state: .failed, before: nil, limit: 500)
                for delivery in failed {
                    _ = try await session.reopenWebhookDelivery(appID: app.id, id: delivery.id, at: now)
                }
                return failed.count
            }
            guard retried > 0 else { break }
            count += retried
        }
        return count
    }

    /// The endpoint's deliveries, newest first, before the cursor (a delivery id).
    public func deliveries(
        app: AppSettings, endpointID: String, state: WebhookDeliveryState?, before: Int64?, limit: Int
    ) async throws -> [WebhookDeliveryRecord] {
        _ = try await record(app: app, id: endpointID)
        return try await ledger.read { session in
            try await session.webhookDeliveries(appID: app.id, endpointID: endpointID, state: state, before: before, limit: limit)
        }
    }

    /// Makes the stored endpoints of each app's configuration match it: configured ones created or
    /// updated (their secret the file's), ones the file no longer lists removed. API endpoints are left alone.
    public func applyConfiguration(_ configured: [String: [ConfiguredWebhookEndpoint]]) async throws {
        let now = clock.now()
        for appID in configured.keys.sorted() {
            try await ledger.write { session in
                let stored = try await session.webhookEndpoints(appID: appID).filter { $0.source == "configuration" }
                let wanted = configured[appID] ?? []
                for endpoint in stored where !wanted.contains(where: { $0.id.isExactly(endpoint.id) }) {
                    _ = try await session.deleteWebhookEndpoint(appID: appID, id: endpoint.id)
                }
                for endpoint in wanted {
                    let existing = stored.first { $0.id.isExactly(endpoint.id) }
                    try await session.saveWebhookEndpoint(WebhookEndpointRecord(
                        id: endpoint.id, appID: appID, url: endpoint.input.url ?? "", kinds: endpoint.input.kinds.map(Self.normalized) ?? [],
                        isEnabled: endpoint.input.isEnabled ?? true, headers: endpoint.input.headers ?? [:],
                        description: endpoint.input.description ?? "",
                        sealedSecrets: try WebhookSecretSet(current: endpoint.secret).sealed(with: secrets), source: "configuration",
                        createdAt: existing?.createdAt ?? now, updatedAt: now,
                        failingSince: existing?.isEnabled == false ? nil : existing?.failingSince))
                }
            }
        }
    }

    static func resend(_ deliveries: [WebhookDeliveryRecord], at now: Instant, in session: any LedgerSession) async throws {
        guard !deliveries.isEmpty else { return }
        let copies = deliveries.map {
            var copy = $0.delivery
            copy.createdAt = now
            copy.replayOf = $0.id
            return copy
        }
        _ = try await WebhookOutbox.enqueue(copies, in: session)
    }

    private func record(app: AppSettings, id: String) async throws -> WebhookEndpointRecord {
        guard let record = try await ledger.read({ try await $0.webhookEndpoint(appID: app.id, id: id) }) else { throw Self.notFound }
        return record
    }

    private func view(_ record: WebhookEndpointRecord) throws -> WebhookEndpointView {
        let set = try WebhookSecretSet.opened(record.sealedSecrets, with: secrets)
        let now = clock.now()
        return WebhookEndpointView(
            record: record, retiringSecretsExpireAt: set.entries.compactMap(\.expiresAt).filter { $0 > now }, secret: nil)
    }

    private func clearDisabledProblemIfNone(app: AppSettings) async {
        let endpoints = (try? await ledger.read { try await $0.webhookEndpoints(appID: app.id) }) ?? []
        if !endpoints.contains(where: { $0.disabledReason != nil }) {
            await health.clear(appID: app.id, code: WebhookDeliverySender.endpointDisabledProblem)
        }
    }

    private static func normalized(_ kinds: [String]) -> [String] { Array(Set(kinds)).sorted() }

    static func newID() -> String { "whep_" + randomCharacters(24) }

    static func randomCharacters(_ count: Int) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<count).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }

    private static let notFound = PerennialError(.webhookEndpointNotFound, "the app has no webhook endpoint with this id")
    private static let fromConfiguration = PerennialError(
        .webhookEndpointFromConfiguration, "this endpoint is defined in the configuration file; change it there")
}
