/// Records the waits a client asks for, without waiting.
actor SleepRecorder {
    private(set) var delays: [Duration] = []
    private(set) var jitterRanges: [ClosedRange<Double>] = []

    func record(_ delay: Duration) { delays.append(delay) }
    func recordJitter(_ range: ClosedRange<Double>) { jitterRanges.append(range) }
}
