/// The pages of a paginated App Store Server API call, fetched one at a time as they are iterated: the
/// first without a token, each next one with the token (`revision` or `paginationToken`) of the page before,
/// until a page says `hasMore` is false. Later pages go to the environment that answered the first.
///
/// Iterating again starts again from the first page. An error ends the iteration; so does a page that
/// hands back the token it was fetched with (`.invalidResponse`), rather than looping forever.
public struct ServerAPIPages<Page: Sendable>: AsyncSequence, Sendable {
    /// One page of the answer.
    public typealias Element = Page

    /// One fetched page, the token of the next one (nil when none follows) and who answered.
    struct Fetched: Sendable {
        var page: Page
        var nextToken: String?
        var environment: ServerAPIEnvironment
    }

    /// Fetches the page after `token` (nil: the first), from `environment` when given.
    typealias Fetch = @Sendable (_ token: String?, _ environment: ServerAPIEnvironment?) async throws -> Fetched

    let fetch: Fetch

    init(fetch: @escaping Fetch) {
        self.fetch = fetch
    }

    /// Starts from the first page.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(fetch: fetch)
    }

    /// Fetches page after page.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let fetch: Fetch
        var token: String?
        var environment: ServerAPIEnvironment?
        var finished = false

        /// The next page, or nil after the last.
        public mutating func next() async throws -> Page? {
            guard !finished else { return nil }
            let fetched: Fetched
            do {
                fetched = try await fetch(token, environment)
            } catch {
                finished = true
                throw error
            }
            environment = fetched.environment
            if let next = fetched.nextToken, next == token {
                finished = true
                throw AppStoreServerAPIError(
                    .invalidResponse, httpStatus: 200,
                    errorMessage: "a page says more follow but repeats the token it was fetched with",
                    environment: fetched.environment
                )
            }
            if let next = fetched.nextToken {
                token = next
            } else {
                finished = true
            }
            return fetched.page
        }
    }
}
