import Foundation
import Hummingbird
import PerennialCore
import PerennialServices

/// A paywall revision as the admin API shows it: its number, note and instant, and its document when read
/// alone.
struct PaywallRevisionResponse: ResponseEncodable {
    var revision: Int
    var note: String
    var createdAt: String
    /// The document (absent in lists).
    var document: PaywallDocument?

    enum CodingKeys: String, CodingKey {
        case revision, note, document
        case createdAt = "created_at"
    }

    init(_ record: PaywallRevisionRecord, document: PaywallDocument? = nil) {
        revision = record.revision
        note = record.note
        createdAt = record.createdAt.iso8601
        self.document = document
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(revision, forKey: .revision)
        try container.encode(note, forKey: .note)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(document, forKey: .document)
    }
}
