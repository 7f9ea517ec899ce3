import Foundation

/// Where `customerInfo(_:)` may take its answer from.
public enum CustomerInfoFetchPolicy: Sendable, Hashable {
    /// The cached copy while it is fresh (`customerInfoMaxAge`, and no purchase since); the server after;
    /// the cached copy, with its age, when the server cannot be reached.
    case cachedOrFetched
    /// Always the server (with the ETag, so an unchanged customer costs a 304); the cache only offline.
    case fromServer
    /// Never the network.
    case cachedOnly
}
