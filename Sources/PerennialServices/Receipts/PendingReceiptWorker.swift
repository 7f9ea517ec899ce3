import Foundation
import Logging
import PerennialAppStore
import PerennialCore

/// Validates receipts that were queued while the App Store was unavailable, retrying with exponential
/// backoff and jitter, and setting aside (burying) those that keep failing or that Apple rejects.
public struct PendingReceiptWorker: Sendable {
    /// How retries are paced.
    public struct Backoff: Sendable, Hashable {
        public var base: Duration
        public var maximum: Duration
        /// After this many attempts a job is buried.
        public var maximumAttempts: Int

        public init(base: Duration = .seconds(30), maximum: Duration = .seconds(3600), maximumAttempts: Int = 20) {
            self.base = base
            self.maximum = maximum
            self.maximumAttempts = maximumAttempts
        }
    }

    let apps: AppDirectory
    let service: ReceiptService
    let backoff: Backoff
    let lease: Duration

    public init(apps: AppDirectory, service: ReceiptService, backoff: Backoff = Backoff(), lease: Duration = .seconds(120)) {
        self.apps = apps
        self.service = service
        self.backoff = backoff
        self.lease = lease
    }

    /// Processes at most one due job; returns whether there was one.
    @discardableResult
    public func runOnce() async throws -> Bool {
        let now = service.clock.now()
        guard let job = try await service.jobs.claim(
            kinds: [PendingReceipt.jobKind], now: now, leaseMilliseconds: lease.milliseconds
        ) else { return false }
        do {
            let pending = try JSONDecoder().decode(PendingReceipt.self, from: service.secrets.open(job.payload))
            guard let app = apps.app(id: pending.appID) else {
                try await service.jobs.bury(jobID: job.id, error: "app \(pending.appID) is no longer configured")
                return true
            }
            let outcome = await service.verifier.verify(receiptData: pending.receiptData, app: app, excludeOldTransactions: false)
            try await service.apply(outcome, app: app, appUserID: pending.appUserID, receiptData: pending.receiptData)
            try await service.jobs.complete(jobID: job.id)
        } catch let error as PerennialError where error.kind == .unavailable || error.kind == .badGateway {
            if job.attempts >= backoff.maximumAttempts {
                try await service.jobs.bury(jobID: job.id, error: error.code)
            } else {
                try await service.jobs.retry(jobID: job.id, error: error.code, runAt: now.adding(milliseconds: delay(attempt: job.attempts)))
            }
        } catch let error as PerennialError {
            service.logger.warning("queued receipt rejected", metadata: ["job": "\(job.id)", "code": "\(error.code)"])
            try await service.jobs.bury(jobID: job.id, error: error.code)
        } catch {
            try await service.jobs.retry(jobID: job.id, error: "internal", runAt: now.adding(milliseconds: delay(attempt: job.attempts)))
        }
        return true
    }

    /// Runs until cancelled, polling for due jobs every `interval`.
    public func run(interval: Duration = .seconds(1)) async {
        while !Task.isCancelled {
            do {
                while try await runOnce() {}
            } catch {
                service.logger.error("receipt worker failed", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: interval)
        }
    }

    /// Exponential backoff with equal jitter (between half and all of the ceiling), in milliseconds.
    func delay(attempt: Int) -> Int64 {
        let ceiling = min(backoff.base.milliseconds << min(max(attempt - 1, 0), 20), backoff.maximum.milliseconds)
        return Int64.random(in: (ceiling / 2)...max(ceiling, 1))
    }
}
