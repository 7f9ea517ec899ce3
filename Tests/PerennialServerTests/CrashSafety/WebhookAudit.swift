import Foundation
import PerennialServer

/// Compares what the receiver took with the app's event feed and lists every way it differs from
/// at-least-once, per-customer in-order delivery: each feed event received at least once with a 200 and a
/// valid signature, its body about the event the feed shows; nothing received that is not in the feed; and
/// the first arrival of each customer's events in the order of that customer's events in the feed.
///
/// Repeats are allowed (a delivery the killed server sent but never recorded goes out again once its job's
/// lease has run out), but never ahead of an event the customer had before: a customer's later deliveries
/// wait until the earlier ones are done, so even after the crash the first arrivals keep the order.
struct WebhookAudit {
    let feed: [FeedEvent]
    /// What arrived, in arrival order.
    let deliveries: [ReceivedWebhook]

    func audit() -> WebhookAuditResult {
        var result = WebhookAuditResult(events: feed.count, received: deliveries.count)
        let feedIDs = Set(feed.map(\.id))
        let byID = Dictionary(grouping: deliveries.filter { $0.id != nil }, by: { $0.id! })
        result.distinct = byID.keys.filter(feedIDs.contains).count
        result.repeated = byID.filter { $0.value.count > 1 }.map { ($0.key, $0.value.count) }.sorted { $0.0 < $1.0 }
        result.badSignatures = deliveries.filter { !$0.signatureValid }.count
        result.statuses = Dictionary(grouping: deliveries, by: \.status).mapValues(\.count)

        for delivery in deliveries {
            guard let id = delivery.id, feedIDs.contains(id) else {
                result.problems.append("received \(delivery.id ?? "a request without webhook-id") (arrival #\(delivery.sequence)), not in the feed: \(delivery.body.prefix(200))")
                continue
            }
            if !delivery.signatureValid || delivery.status != 200 || delivery.path != "/hooks" {
                result.problems.append("\(id) arrival #\(delivery.sequence): signature \(delivery.signatureValid ? "valid" : "INVALID"), answered \(delivery.status), path \(delivery.path)")
            }
        }

        var customers: [String: [(event: FeedEvent, first: ReceivedWebhook)]] = [:]
        for event in feed {
            let arrivals = byID[event.id] ?? []
            guard let first = arrivals.first else {
                result.problems.append("\(Self.describe(event)): never received")
                continue
            }
            if !arrivals.contains(where: { $0.status == 200 && $0.signatureValid }) {
                result.problems.append("\(Self.describe(event)): received \(arrivals.count) times, never answered 200 with a valid signature")
            }
            let body = Self.body(first)
            if body.id != event.id || body.type != event.type || body.appUserID != event.appUserID {
                result.problems.append(
                    "\(Self.describe(event)): the body says id \(body.id ?? "-"), type \(body.type ?? "-"), app_user_id \(body.appUserID ?? "-")")
            }
            customers[body.appUserID ?? event.appUserID, default: []].append((event, first))
        }
        result.customers = customers.count

        // The first arrivals of each customer's events, in the customer's feed order: each must come after
        // the one before it.
        for customer in customers.keys.sorted() {
            let events = customers[customer]!
            var latest: (event: FeedEvent, first: ReceivedWebhook)?
            for entry in events {
                if let before = latest, entry.first.sequence < before.first.sequence {
                    result.problems.append(
                        "customer \(customer): \(Self.describe(entry.event)) first arrived as #\(entry.first.sequence) (signed at \(entry.first.timestamp ?? "-")), "
                            + "ahead of the customer's earlier \(Self.describe(before.event)), first arrived as #\(before.first.sequence) (signed at \(before.first.timestamp ?? "-")); "
                            + "the customer's arrivals: " + Self.arrivals(of: events, byID: byID))
                }
                if latest == nil || entry.first.sequence > latest!.first.sequence { latest = entry }
            }
        }
        return result
    }

    private static func describe(_ event: FeedEvent) -> String {
        "\(event.id) (\(event.type), feed position \(event.position))"
    }

    /// Every arrival of each of a customer's events, in feed order: `evt_… #first,#repeat…`.
    private static func arrivals(of events: [(event: FeedEvent, first: ReceivedWebhook)], byID: [String: [ReceivedWebhook]]) -> String {
        events.map { entry in
            "\(entry.event.id)@\(entry.event.position) #" + (byID[entry.event.id] ?? []).map { String($0.sequence) }.joined(separator: ",#")
        }.joined(separator: "; ")
    }

    private static func body(_ delivery: ReceivedWebhook) -> (id: String?, type: String?, appUserID: String?) {
        let object = (try? JSONSerialization.jsonObject(with: Data(delivery.body.utf8))) as? [String: Any]
        return (object?["id"] as? String, object?["type"] as? String, object?["app_user_id"] as? String)
    }
}

/// The differences the webhook audit found, and what arrived.
struct WebhookAuditResult: Sendable, CustomStringConvertible {
    var problems: [String] = []
    /// Events in the feed.
    var events = 0
    /// Requests the receiver took.
    var received = 0
    /// Feed events received at least once.
    var distinct = 0
    /// The events received more than once, with how many times.
    var repeated: [(id: String, count: Int)] = []
    var badSignatures = 0
    /// Requests by the status the receiver answered.
    var statuses: [Int: Int] = [:]
    /// Customers the events belong to.
    var customers = 0

    /// Arrivals beyond the first of each event.
    var duplicates: Int { repeated.reduce(0) { $0 + $1.count - 1 } }

    var description: String {
        let sample = repeated.prefix(8).map { "\($0.id) ×\($0.count)" }.joined(separator: ", ")
        return "\(events) feed events of \(customers) customers, \(received) webhooks received (\(distinct) distinct events), "
            + "\(duplicates) duplicates of \(repeated.count) events\(sample.isEmpty ? "" : " (\(sample)\(repeated.count > 8 ? ", …" : ""))"), "
            + "\(badSignatures) bad signatures, statuses \(statuses.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }); "
            + "\(problems.count) problems"
    }
}
