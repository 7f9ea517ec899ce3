import PerennialCore

/// The simulator's delivery log: every notification with its attempts, which are due, which are being
/// sent. A value owned by `AppStoreSimulator`; sending happens outside it.
///
/// Retries follow Apple's schedule, each counted from the previous attempt and scaled like every other
/// duration: version 2 at 1, 12, 24, 48 and 72 hours, version 1 at 6, 24 and 48 hours. The log keeps at
/// most `capacity` notifications, forgetting the oldest finished ones first.
struct NotificationLog: Sendable, Codable {
    static let capacity = 10_000
    static let version2RetryHours: [Int64] = [1, 12, 24, 48, 72]
    static let version1RetryHours: [Int64] = [6, 24, 48]

    private(set) var records: [SimulatorNotification] = []
    /// Notifications being sent right now (each has at most one attempt in flight). Not saved: after a
    /// restart they are sent again (at least once, as Apple delivers).
    private(set) var inFlight: Set<Int> = []

    enum CodingKeys: String, CodingKey {
        case records
    }

    mutating func append(_ notifications: [SimulatorNotification]) {
        records += notifications
        guard records.count > Self.capacity else { return }
        var excess = records.count - Self.capacity
        records.removeAll { record in
            guard excess > 0, record.state != .pending else { return false }
            excess -= 1
            return true
        }
    }

    /// Whether a notification that is not in flight is due at `now`.
    func hasDue(at now: Instant) -> Bool {
        records.contains { isDue($0, at: now) }
    }

    /// The earliest instant a pending notification (not in flight) is due.
    var nextDue: Instant? {
        records.lazy.filter { $0.state == .pending && !inFlight.contains($0.id) }.compactMap(\.nextAttemptAt).min()
    }

    /// Takes the oldest notification due at `now` and marks it in flight.
    mutating func beginNextDue(at now: Instant) -> SimulatorNotification? {
        guard let record = records.first(where: { isDue($0, at: now) }) else { return nil }
        inFlight.insert(record.id)
        return record
    }

    /// Records an attempt made at `instant` and schedules the next one, if any.
    mutating func finish(id: Int, status: Int?, at instant: Instant, timeScale: SimulatorTimeScale) {
        inFlight.remove(id)
        guard let index = records.firstIndex(where: { $0.id == id }) else { return }
        var record = records[index]
        record.attempts.append(SimulatorNotificationAttempt(attemptedAt: instant, httpStatus: status))
        if let status, SimulatorNotification.isSuccess(status) {
            record.state = .delivered
            record.nextAttemptAt = nil
        } else {
            let schedule = record.version == 1 ? Self.version1RetryHours : Self.version2RetryHours
            let retries = record.attempts.count - 1
            if retries < schedule.count {
                record.nextAttemptAt = instant.adding(milliseconds: timeScale.hoursMilliseconds(schedule[retries]))
            } else {
                record.state = .failed
                record.nextAttemptAt = nil
            }
        }
        records[index] = record
    }

    /// The notification with this id, if the log still holds it.
    func record(id: Int) -> SimulatorNotification? {
        records.first { $0.id == id }
    }

    private func isDue(_ record: SimulatorNotification, at now: Instant) -> Bool {
        guard record.state == .pending, !inFlight.contains(record.id), let due = record.nextAttemptAt else { return false }
        return due <= now
    }
}
