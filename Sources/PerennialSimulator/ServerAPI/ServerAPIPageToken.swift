import Foundation
import PerennialAppStore
import PerennialCore

/// The `revision` and `paginationToken` values of the simulated Server API: an opaque base64url text
/// holding the offset of the next page.
enum ServerAPIPageToken {
    /// Items per page, as Apple's history endpoints answer.
    static let pageSize = 20

    static func token(offset: Int) -> String {
        Base64URL.encode(Data("perennial-page:\(offset)".utf8))
    }

    /// The offset a token names; nil when the token is not one of the simulator's.
    static func offset(of token: String) -> Int? {
        guard let data = Base64URL.decode(token), let text = String(data: data, encoding: .utf8),
            text.hasPrefix("perennial-page:"), let offset = Int(text.dropFirst("perennial-page:".count)), offset >= 0
        else { return nil }
        return offset
    }

    /// One page of `items` from the offset `token` names (the first page without a token).
    static func page<T>(_ items: [T], token: String?, invalid: ServerAPIFailure) throws(ServerAPIFailure)
        -> (items: [T], next: String, hasMore: Bool)
    {
        var offset = 0
        if let token {
            guard let decoded = Self.offset(of: token) else { throw invalid }
            offset = decoded
        }
        let start = min(offset, items.count)
        let end = min(start + pageSize, items.count)
        return (Array(items[start..<end]), Self.token(offset: end), end < items.count)
    }
}
