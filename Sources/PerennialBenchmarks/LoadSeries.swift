/// One HTTP benchmark's requests, by name: what `HTTPBenchmarks` measures in rounds taken in turn with
/// another's.
struct LoadSeries: Sendable {
    let name: String
    /// The next request for a connection (its index), or nil to stop it.
    let next: @Sendable (_ worker: Int) -> LoadGenerator.Request?
}
