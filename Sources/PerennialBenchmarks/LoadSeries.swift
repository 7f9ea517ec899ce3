/// One HTTP benchmark's requests, by name: what `HTTPBenchmarks` measures in rounds taken in turn with
/// another's.
struct LoadSeries: Sendable {
    let name: String
    /// The next request for a connection (its index), or nil to stop it.
    let next: @Sendable (_ worker: Int) -> LoadGenerator.Request?
    /// The connections it is sent on; nil: the benchmark's own.
    var load: LoadGenerator?

    init(name: String, load: LoadGenerator? = nil, next: @escaping @Sendable (_ worker: Int) -> LoadGenerator.Request?) {
        self.name = name
        self.next = next
        self.load = load
    }
}
