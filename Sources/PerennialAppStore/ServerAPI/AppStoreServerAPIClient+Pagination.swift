extension AppStoreServerAPIClient {
    /// The token of the page after one that says `hasMore`, or nil after the last page.
    /// - Throws: `.invalidResponse` when a page says more follow but gives no token.
    static func nextToken(
        hasMore: Bool?, token: String?, environment: ServerAPIEnvironment, endpoint: String
    ) throws -> String? {
        guard hasMore == true else { return nil }
        guard let token, !token.isEmpty else {
            throw AppStoreServerAPIError(
                .invalidResponse, httpStatus: 200,
                errorMessage: "\(endpoint) says more pages follow but gives no token for them", environment: environment
            )
        }
        return token
    }
}
