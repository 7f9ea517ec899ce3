import AsyncHTTPClient
import Foundation
import PerennialTesting
import NIOCore
import PerennialSimulator
import Testing

/// Google's Pub/Sub emulator — what `gcloud beta emulators pubsub start` runs, started by its own launcher so
/// that stopping it stops its Java process — for one test on a port of its own, with a topic and a pull
/// subscription. Tests that need it are skipped, with the reason, where the Cloud SDK's emulator is not
/// installed.
final class PubSubEmulator: Sendable {
    static let launcher = [
        "/usr/lib/google-cloud-sdk/platform/pubsub-emulator/bin/cloud-pubsub-emulator",
        "/usr/share/google-cloud-sdk/platform/pubsub-emulator/bin/cloud-pubsub-emulator",
    ].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let project = "perennial-test"

    let base: String
    private let process: SpawnedProcess

    var topic: String { "projects/\(Self.project)/topics/rtdn" }
    var subscription: String { "projects/\(Self.project)/subscriptions/perennial" }

    /// Starts the emulator and creates the topic and the subscription.
    init() async throws {
        guard let launcher = Self.launcher else { throw CancellationError() }
        let port = Int.random(in: 20_000...40_000)
        base = "http://127.0.0.1:\(port)"
        process = try SpawnedProcess(executable: launcher, arguments: ["--host=127.0.0.1", "--port=\(port)"])
        for _ in 0..<120 {
            if (try? await Self.request("GET", "\(base)/")) != nil { break }
            try await Task.sleep(for: .milliseconds(250))
        }
        _ = try await Self.request("PUT", "\(base)/v1/\(topic)")
        _ = try await Self.request("PUT", "\(base)/v1/\(subscription)", body: #"{"topic": "\#(topic)", "ackDeadlineSeconds": 10}"#)
    }

    /// Stops the emulator (its launcher execs Java: the process is the emulator).
    func stop() {
        process.send(SIGTERM)
        while process.isRunning { usleep(10_000) }
    }

    /// Publishes a message's data (base64) to the topic, as Google Play publishes RTDN.
    func publish(data: String) async throws {
        _ = try await Self.request("POST", "\(base)/v1/\(topic):publish", body: #"{"messages": [{"data": "\#(data)"}]}"#)
    }

    /// How many messages wait in the subscription (pulled without acknowledging: they come back later).
    func waiting() async throws -> Int {
        let body = try await Self.request("POST", "\(base)/v1/\(subscription):pull", body: #"{"maxMessages": 100, "returnImmediately": true}"#)
        let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
        return (object?["receivedMessages"] as? [Any])?.count ?? 0
    }

    static func request(_ method: String, _ url: String, body: String? = nil) async throws -> [UInt8] {
        var request = HTTPClientRequest(url: url)
        request.method = .init(rawValue: method)
        request.headers.add(name: "Content-Type", value: "application/json")
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
        let bytes = try await response.body.collect(upTo: 1 << 20)
        guard (200..<300).contains(Int(response.status.code)) else { throw CancellationError() }
        return Array(bytes.readableBytesView)
    }
}

/// Hands the Play simulator's RTDN to the emulator's topic instead of pushing them.
struct PubSubPublishSender: PlayPushSender {
    let emulator: PubSubEmulator

    func post(url: String, authorization: String, body: Data) async -> Int? {
        guard let envelope = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
              let data = (envelope["message"] as? [String: Any])?["data"] as? String
        else { return nil }
        return (try? await emulator.publish(data: data)) != nil ? 200 : nil
    }
}
