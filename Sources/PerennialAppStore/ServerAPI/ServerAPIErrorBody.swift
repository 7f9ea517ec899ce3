/// The JSON body of an App Store Server API error: `{"errorCode": 4040010, "errorMessage": "…"}`.
public struct ServerAPIErrorBody: Sendable, Hashable, Codable {
    /// Apple's numeric code.
    public var errorCode: AppStoreServerAPIError.ErrorCode?
    /// Apple's description of the error.
    public var errorMessage: String?

    /// Creates an error body.
    public init(errorCode: AppStoreServerAPIError.ErrorCode? = nil, errorMessage: String? = nil) {
        self.errorCode = errorCode
        self.errorMessage = errorMessage
    }
}
