import PerennialCore

/// What time does to a Play subscription: renewals at each period's end while auto-renew is on and payment
/// succeeds (each charge recorded as an order); a failed renewal opens the grace period (access kept), then
/// account hold (no access), then expiry; a cancelled subscription expires at the end of its period; a
/// scheduled pause starts at the end of the period and, when it ends, the subscription is charged again (or
/// goes to account hold).
enum PlayLifecycle {
    static func advance(_ purchase: inout PlaySimulatedPurchase, to now: Instant) {
        var guardCount = 0
        while guardCount < 10_000 {
            guardCount += 1
            switch purchase.phase {
            case .active where purchase.expiryTime <= now:
                guard purchase.autoRenew else {
                    purchase.phase = .expired
                    return
                }
                if let pause = purchase.scheduledPauseMinutes {
                    purchase.phase = .paused
                    purchase.scheduledPauseMinutes = nil
                    purchase.autoResumeTime = purchase.expiryTime.adding(milliseconds: pause * 60_000)
                } else if purchase.billingFails {
                    purchase.failedAt = purchase.expiryTime
                    purchase.phase = .inGracePeriod
                } else {
                    renew(&purchase)
                }
            case .canceled where purchase.expiryTime <= now:
                purchase.phase = .expired
            case .paused:
                guard let resumes = purchase.autoResumeTime, resumes <= now else { return }
                purchase.autoResumeTime = nil
                if !purchase.autoRenew {
                    purchase.phase = .expired
                } else if purchase.billingFails {
                    // Google puts a subscription whose payment fails on resume straight on hold.
                    purchase.phase = .onHold
                    purchase.failedAt = resumes.adding(milliseconds: -PlaySimulator.graceMinutes * 60_000)
                } else {
                    purchase.phase = .active
                    renew(&purchase, from: resumes)
                }
            case .inGracePeriod:
                guard let failedAt = purchase.failedAt else { return }
                if !purchase.billingFails {
                    // Recovered: charged now, a new period from the recovery.
                    purchase.phase = .active
                    purchase.failedAt = nil
                    renew(&purchase, from: max(failedAt, min(now, failedAt.adding(milliseconds: PlaySimulator.graceMinutes * 60_000))))
                } else if failedAt.adding(milliseconds: PlaySimulator.graceMinutes * 60_000) <= now {
                    purchase.phase = .onHold
                } else {
                    return
                }
            case .onHold:
                guard let failedAt = purchase.failedAt else { return }
                let holdEnds = failedAt.adding(milliseconds: (PlaySimulator.graceMinutes + PlaySimulator.holdMinutes) * 60_000)
                if !purchase.billingFails {
                    purchase.phase = .active
                    purchase.failedAt = nil
                    renew(&purchase, from: min(now, holdEnds))
                } else if holdEnds <= now {
                    purchase.phase = .expired
                    purchase.autoRenew = false
                    purchase.cancellation = .system
                } else {
                    return
                }
            default:
                return
            }
        }
    }

    /// Charges the next period, starting at `start` (the end of the last one by default), and records its order.
    private static func renew(_ purchase: inout PlaySimulatedPurchase, from start: Instant? = nil) {
        let begin = start ?? purchase.expiryTime
        purchase.renewals += 1
        purchase.inTrial = false
        purchase.inIntroductoryPrice = purchase.introductoryPeriodsLeft > 0
        purchase.introductoryPeriodsLeft = max(0, purchase.introductoryPeriodsLeft - 1)
        purchase.expiryTime = begin.adding(milliseconds: purchase.product.testPeriodMinutes * 60_000)
        purchase.recordOrder(chargedAt: begin)
    }
}
