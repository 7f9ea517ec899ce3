@testable import PerennialHTTP
import Testing

/// The deadline each phase of a connection gets, from the events its observers report.
@Suite struct ConnectionProgressTests {
    static let limits = ConnectionLimits(header: .seconds(10), body: .seconds(60), keepAlive: .seconds(75), maxConnections: 10)
    static let start = ContinuousClock.now

    static func at(_ seconds: Int) -> ContinuousClock.Instant { start + .seconds(seconds) }

    @Test func eachPhaseHasItsDeadline() {
        var progress = ConnectionProgress(openedAt: Self.at(0))
        #expect(progress.phase == .idle(fresh: true))
        #expect(progress.deadline(Self.limits) == Self.at(10), "a new connection must send its head within the header timeout")
        progress.bytesArrived(at: Self.at(3))
        #expect(progress.phase == .head)
        #expect(progress.deadline(Self.limits) == Self.at(10), "bytes of the first head do not move the deadline")
        progress.bytesArrived(at: Self.at(8))
        #expect(progress.deadline(Self.limits) == Self.at(10), "a trickle never resets it")
        progress.headReceived(at: Self.at(9))
        #expect(progress.phase == .body)
        #expect(progress.deadline(Self.limits) == Self.at(69))
        progress.requestEnded(at: Self.at(20))
        #expect(progress.phase == .responding)
        #expect(progress.deadline(Self.limits) == nil)
        #expect(!progress.isWaitingForClient)
        progress.responseEnded(at: Self.at(25))
        #expect(progress.phase == .idle(fresh: false))
        #expect(progress.deadline(Self.limits) == Self.at(100), "keep-alive")
        progress.bytesArrived(at: Self.at(90))
        #expect(progress.phase == .head)
        #expect(progress.deadline(Self.limits) == Self.at(100), "the next head gets the header timeout from its first byte")
    }

    @Test func aPipelinedRequestWaitsForTheResponseBeforeItsDeadlineRuns() {
        var progress = ConnectionProgress(openedAt: Self.at(0))
        progress.bytesArrived(at: Self.at(1))
        progress.headReceived(at: Self.at(1))
        progress.requestEnded(at: Self.at(1))
        progress.bytesArrived(at: Self.at(2))
        progress.headReceived(at: Self.at(2))
        #expect(progress.phase == .responding)
        progress.responseEnded(at: Self.at(30))
        #expect(progress.phase == .body)
        #expect(progress.deadline(Self.limits) == Self.at(90))
    }
}
