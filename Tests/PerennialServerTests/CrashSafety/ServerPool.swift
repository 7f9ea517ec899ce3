import Foundation
import PerennialSimulator
import Synchronization

/// The servers of a run behind one address, as a load balancer puts them: each request goes to the next
/// server in turn and, when that one gives no answer or a 5xx (it is being killed, or is not up yet), on to
/// the next, until one answers. The customers' apps send through it, and so do the stores' simulators their
/// pushes and webhooks (a store sends again what got no 2xx; the pool is that retry, made at once).
final class ServerPool: Sendable, PlayPushSender, StripeSimulatedWebhookSender {
    private let ports = Mutex<[Int]>([])
    private let turn = Atomic<Int>(0)
    private let client: LoopbackClient

    init(client: LoopbackClient) {
        self.client = client
    }

    /// Puts a server in the pool.
    func add(_ port: Int) {
        ports.withLock { $0.append(port) }
    }

    /// Takes a server out (it was killed).
    func remove(_ port: Int) {
        ports.withLock { $0.removeAll { $0 == port } }
    }

    /// Sends the request to the servers in turn until one answers below 500; the last answer otherwise.
    func send(_ method: String, path: String, json: Data, headers: [String: String] = [:]) async -> LoopbackClient.Answer {
        let servers = ports.withLock { $0 }
        let first = turn.add(1, ordering: .relaxed).oldValue
        var last = LoopbackClient.Answer(status: nil, body: "no server in the pool")
        for offset in 0..<servers.count {
            let port = servers[(first + offset) % servers.count]
            let answer = await client.send(method, "http://127.0.0.1:\(port)\(path)", json: json, headers: headers)
            if let status = answer.status, status < 500 { return answer }
            last = answer
        }
        return last
    }

    /// A Pub/Sub push (Google Play's RTDN) to the path of `url`.
    func post(url: String, authorization: String, body: Data) async -> Int? {
        await send("POST", path: Self.path(of: url), json: body, headers: ["authorization": authorization]).status
    }

    /// A Stripe webhook to the path of `url`, with its `Stripe-Signature` (the JSON content type is the client's).
    func post(url: String, headers: [String: String], body: Data) async -> Int? {
        let forwarded = headers.filter { $0.key.lowercased() != "content-type" }
        return await send("POST", path: Self.path(of: url), json: body, headers: forwarded).status
    }

    /// The path (and query) of an absolute URL.
    private static func path(of url: String) -> String {
        guard let components = URLComponents(string: url) else { return url }
        return components.percentEncodedPath + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
    }
}
