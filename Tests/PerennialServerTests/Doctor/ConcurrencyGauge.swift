/// Counts how many checks run at the same time, and the most that ever did.
actor ConcurrencyGauge {
    private(set) var running = 0
    private(set) var maximum = 0

    func enter() {
        running += 1
        maximum = max(maximum, running)
    }

    func leave() {
        running -= 1
    }
}
