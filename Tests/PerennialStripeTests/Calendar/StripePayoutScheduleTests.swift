import PerennialCore
import PerennialStripe
import Testing

/// Stripe payout schedules: which day each payout is made and which charge dates it pays.
@Suite("Stripe payout schedule")
struct StripePayoutScheduleTests {
    func date(_ text: String) throws -> CivilDate { try #require(CivilDate(iso: text)) }

    func rows(_ schedule: StripePayoutSchedule, _ from: String, _ through: String) throws -> [String] {
        try schedule.payouts(from: date(from), through: date(through)).map {
            "\($0.paymentDate) | \($0.revenuePeriodStart) | \($0.revenuePeriodEnd)"
        }
    }

    @Test func twoBusinessDaysSkipTheWeekend() throws {
        let schedule = try StripePayoutSchedule(interval: .daily)
        // Thursday → Monday, Friday/Saturday/Sunday → Tuesday, Monday → Wednesday.
        #expect("\(schedule.availableDate(ofChargeOn: try date("2024-03-07")))" == "2024-03-11")
        #expect("\(schedule.availableDate(ofChargeOn: try date("2024-03-08")))" == "2024-03-12")
        #expect("\(schedule.availableDate(ofChargeOn: try date("2024-03-09")))" == "2024-03-12")
        #expect("\(schedule.availableDate(ofChargeOn: try date("2024-03-10")))" == "2024-03-12")
        #expect("\(schedule.availableDate(ofChargeOn: try date("2024-03-11")))" == "2024-03-13")
    }

    @Test func dailyPaysEachBusinessDaysNewlyAvailableCharges() throws {
        let schedule = try StripePayoutSchedule(interval: .daily, delayDays: 2)
        #expect(try rows(schedule, "2024-03-08", "2024-03-13") == [
            "2024-03-08 | 2024-03-06 | 2024-03-06",
            "2024-03-11 | 2024-03-07 | 2024-03-07",
            "2024-03-12 | 2024-03-08 | 2024-03-10",
            "2024-03-13 | 2024-03-11 | 2024-03-11",
        ])
    }

    @Test func dailyWithCalendarDaysPaysEveryDay() throws {
        let schedule = try StripePayoutSchedule(interval: .daily, delayDays: 7, delayUnit: .calendarDays)
        #expect(try rows(schedule, "2024-03-09", "2024-03-10") == [
            "2024-03-09 | 2024-03-02 | 2024-03-02",
            "2024-03-10 | 2024-03-03 | 2024-03-03",
        ])
    }

    @Test func weeklyPaysEverythingAvailableSinceTheLastAnchor() throws {
        let schedule = try StripePayoutSchedule(interval: .weekly, weeklyAnchor: .friday)
        #expect(try rows(schedule, "2024-03-01", "2024-03-15") == [
            "2024-03-01 | 2024-02-22 | 2024-02-28",
            "2024-03-08 | 2024-02-29 | 2024-03-06",
            "2024-03-15 | 2024-03-07 | 2024-03-13",
        ])
    }

    /// February 2023 has no 31st, so its payout is on the 28th (2024: the 29th); April's is on the 30th.
    @Test func monthlyAnchor31PaysOnTheLastDayOfFebruary() throws {
        let schedule = try StripePayoutSchedule(interval: .monthly, monthlyAnchor: 31)
        #expect(try rows(schedule, "2023-01-01", "2023-04-30") == [
            "2023-01-31 | 2022-12-29 | 2023-01-29",
            "2023-02-28 | 2023-01-30 | 2023-02-26",
            "2023-03-31 | 2023-02-27 | 2023-03-29",
            "2023-04-30 | 2023-03-30 | 2023-04-26",
        ])
        #expect(try schedule.payouts(from: date("2024-02-01"), through: date("2024-02-29")).map { "\($0.paymentDate)" } == ["2024-02-29"])
    }

    /// With no delay a charge is available the same business day; a Saturday anchor pays through Friday.
    @Test func monthlyAnchor15() throws {
        let schedule = try StripePayoutSchedule(interval: .monthly, delayDays: 0, monthlyAnchor: 15)
        #expect(try rows(schedule, "2024-06-01", "2024-07-31") == [
            "2024-06-15 | 2024-05-16 | 2024-06-14",
            "2024-07-15 | 2024-06-15 | 2024-07-15",
        ])
    }

    @Test func manualMakesNoPayouts() throws {
        #expect(try StripePayoutSchedule(interval: .manual).payouts(from: date("2024-01-01"), through: date("2024-12-31")).isEmpty)
    }

    @Test(arguments: [
        (StripePayoutInterval.daily, StripeDelayUnit.businessDays), (.daily, .calendarDays), (.weekly, .businessDays),
        (.weekly, .calendarDays), (.monthly, .businessDays), (.monthly, .calendarDays),
    ])
    func consecutivePayoutsPayAdjoiningChargeRanges(_ interval: StripePayoutInterval, _ unit: StripeDelayUnit) throws {
        for delay in [0, 2, 7] {
            let schedule = try StripePayoutSchedule(
                interval: interval, delayDays: delay, delayUnit: unit, weeklyAnchor: .wednesday, monthlyAnchor: 30)
            let payouts = try schedule.payouts(from: date("2024-01-01"), through: date("2024-12-31"))
            #expect(!payouts.isEmpty)
            for (earlier, later) in zip(payouts, payouts.dropFirst()) {
                #expect(earlier.revenuePeriodEnd.adding(days: 1) == later.revenuePeriodStart)
            }
            for payout in payouts {
                #expect(schedule.availableDate(ofChargeOn: payout.revenuePeriodEnd) <= payout.paymentDate)
                #expect(schedule.availableDate(ofChargeOn: payout.revenuePeriodEnd.adding(days: 1)) > payout.paymentDate)
            }
        }
    }

    @Test func invalidSettingsAreRefusedWithStableCodes() throws {
        #expect(throws: PayoutCalendarError.invalidDelayDays(32)) { try StripePayoutSchedule(interval: .daily, delayDays: 32) }
        #expect(throws: PayoutCalendarError.invalidMonthlyAnchor(0)) { try StripePayoutSchedule(interval: .monthly, monthlyAnchor: 0) }
        #expect(throws: PayoutCalendarError.invalidMonthlyAnchor(32)) { try StripePayoutSchedule(interval: .monthly, monthlyAnchor: 32) }
        let schedule = try StripePayoutSchedule(interval: .daily)
        #expect(throws: PayoutCalendarError.self) { try schedule.payouts(from: date("2024-03-02"), through: date("2024-03-01")) }
        #expect(throws: PayoutCalendarError.self) { try schedule.payouts(from: date("2000-01-01"), through: date("2024-03-01")) }
        #expect(PayoutCalendarError.invalidMonthlyAnchor(0).code == "invalid_monthly_anchor")
    }
}
