import Foundation
import PerennialCore

extension PaywallService {
    /// What starting, pausing or stopping an experiment does.
    public enum ExperimentAction: String, Sendable, CaseIterable {
        case start, pause, stop
    }

    /// Saves `body` (a document as JSON) as the app's next revision after checking it; when `baseRevision`
    /// is given and is no longer the newest, `paywall_revision_conflict`. Returns the stored revision.
    public func save(app: AppSettings, body: Data, baseRevision: Int?, note: String?) async throws -> PaywallRevisionRecord {
        let document = try PaywallDocumentCodec.decode(body)
        return try await store(app: app, baseRevision: baseRevision, note: note ?? "saved") { _ in document }
    }

    /// A new revision whose offerings, paywalls, placements and journey rule are those of `revision`; the
    /// experiments stay as they are now (their status is live state, not content), so a rollback that would
    /// leave one pointing at a paywall the old revision lacks is refused like any save.
    public func rollback(app: AppSettings, to revision: Int) async throws -> PaywallRevisionRecord {
        let old = try await document(app: app, revision: revision)
        return try await store(app: app, baseRevision: nil, note: "rollback to \(revision)") { current in
            var document = old
            document.experiments = current?.experiments ?? []
            return document
        }
    }

    /// Starts, pauses or stops an experiment, as a new revision. Starting fixes its start instant (a paused
    /// experiment keeps its first); a stopped experiment stays stopped.
    public func changeExperiment(app: AppSettings, id: String, action: ExperimentAction) async throws -> PaywallRevisionRecord {
        let now = clock.now()
        return try await store(app: app, baseRevision: nil, note: "\(action.rawValue) \(id)", statusChanges: true) { current in
            guard var document = current, let index = document.experiments.firstIndex(where: { $0.id == id }) else {
                throw PerennialError(.experimentNotFound, "the app's paywalls have no experiment \(id)")
            }
            var experiment = document.experiments[index]
            switch (action, experiment.status) {
            case (.start, .draft), (.start, .paused):
                if let other = document.runningExperiment(on: experiment.placement) {
                    throw PerennialError(.invalidExperimentTransition, "experiment \(other.id) runs on \(experiment.placement): stop it first")
                }
                experiment.status = .running
                experiment.startedAt = experiment.startedAt ?? now
            case (.pause, .running):
                experiment.status = .paused
            case (.stop, .running), (.stop, .paused), (.stop, .draft):
                experiment.status = .stopped
                experiment.stoppedAt = now
            default:
                throw PerennialError(.invalidExperimentTransition, "experiment \(id) is \(experiment.status.rawValue): it cannot \(action.rawValue)")
            }
            document.experiments[index] = experiment
            return document
        }
    }

    /// Stores the document `make` builds from the newest one as the next revision, after validation.
    private func store(
        app: AppSettings, baseRevision: Int?, note: String, statusChanges: Bool = false,
        make: (PaywallDocument?) throws -> PaywallDocument
    ) async throws -> PaywallRevisionRecord {
        let trimmedNote = String(note.trimmingCharacters(in: .whitespacesAndNewlines).prefix(500))
        let latest = try await current(app: app)
        if let baseRevision, baseRevision != (latest?.revision ?? 0) {
            throw PerennialError(.paywallRevisionConflict, "revision \(latest?.revision ?? 0) is the newest, not \(baseRevision)")
        }
        let document = try make(latest?.document)
        var validator = PaywallDocumentValidator(catalog: app.catalog, stores: stores, previous: latest?.document)
        validator.statusChangesAllowed = statusChanges
        let problems = validator.problems(in: document)
        guard problems.isEmpty else {
            let shown = problems.prefix(20).map(\.description).joined(separator: "; ")
            throw PerennialError(.invalidPaywallDocument, problems.count > 20 ? "\(shown); and \(problems.count - 20) more" : shown)
        }
        let record = PaywallRevisionRecord(
            appID: app.id, revision: (latest?.revision ?? 0) + 1, document: try PaywallDocumentCodec.encode(document),
            note: trimmedNote.isEmpty ? "saved" : trimmedNote, createdAt: clock.now()
        )
        guard try await ledger.write({ try await $0.insertPaywallRevision(record) }) else {
            throw PerennialError(.paywallRevisionConflict, "another revision was saved meanwhile: read the newest and try again")
        }
        cache.keep(document, appID: app.id, revision: record.revision, generation: nil)
        return record
    }
}
