import Foundation
import PerennialOutbound

/// A Pub/Sub subscription Perennial pulls RTDN from, for a team that cannot expose a public endpoint: the
/// REST `pull` and `acknowledge` of Pub/Sub (or of its emulator, reached without credentials). A message is
/// acknowledged only after it is stored, so a crash between the two makes Pub/Sub deliver it again.
public struct PlayPubSubSubscription: Sendable {
    /// Pub/Sub's API host.
    public static let googleBaseURL = "https://pubsub.googleapis.com"

    /// `projects/{project}/subscriptions/{subscription}`.
    public let name: String
    let baseURL: String
    /// Nil for the emulator, which takes no credentials.
    let tokens: PlayAccessTokens?
    let transport: any HTTPTransport

    public init(name: String, baseURL: String = googleBaseURL, tokens: PlayAccessTokens?, transport: any HTTPTransport) {
        self.name = name
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.tokens = tokens
        self.transport = transport
    }

    /// One received message: its acknowledgement id, and the message as a push would carry it
    /// (`{"message": …, "subscription": …}`), so that it is stored and processed as a push is.
    public struct Received: Sendable {
        public var ackID: String
        public var envelope: Data
    }

    /// Up to `maxMessages` messages waiting; none when the subscription is empty (answered at once, not held
    /// open until a message comes: the scheduler pulls again at its next tick).
    public func pull(maxMessages: Int = 100) async throws(PlayAPIError) -> [Received] {
        let body = try await send(":pull", body: ["maxMessages": maxMessages, "returnImmediately": true])
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
            throw PlayAPIError(.invalidResponse, message: "Pub/Sub's pull answer is not JSON", httpStatus: 200)
        }
        let messages = object["receivedMessages"] as? [[String: Any]] ?? []
        return messages.compactMap { received in
            guard let ackID = received["ackId"] as? String, let message = received["message"],
                  let envelope = try? JSONSerialization.data(withJSONObject: ["message": message, "subscription": name], options: [.sortedKeys])
            else { return nil }
            return Received(ackID: ackID, envelope: envelope)
        }
    }

    /// Acknowledges stored messages, so that Pub/Sub stops delivering them.
    public func acknowledge(_ ackIDs: [String]) async throws(PlayAPIError) {
        guard !ackIDs.isEmpty else { return }
        _ = try await send(":acknowledge", body: ["ackIds": ackIDs])
    }

    private func send(_ method: String, body: [String: Any]) async throws(PlayAPIError) -> [UInt8] {
        var headers = [HTTPTransportHeader(name: "Content-Type", value: "application/json")]
        if let tokens {
            do {
                headers.append(HTTPTransportHeader(name: "Authorization", value: "Bearer \(try await tokens.token())"))
            } catch let error as PlayAPIError {
                throw error
            } catch {
                throw PlayAPIError(.unavailable, message: "no access token for Pub/Sub")
            }
        }
        let bytes = (try? JSONSerialization.data(withJSONObject: body)) ?? Data("{}".utf8)
        let request = HTTPTransportRequest(
            method: "POST", url: "\(baseURL)/v1/\(name)\(method)", headers: headers, body: Array(bytes), timeout: .seconds(30),
            purpose: HTTPTransportPurpose(store: "play_store", endpoint: "POST pubsub \(method)")
        )
        let response: HTTPTransportResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw PlayAPIError(.unavailable, message: "Pub/Sub did not answer \(method)")
        }
        guard (200..<300).contains(response.status) else {
            throw PlayErrorBody.error(for: response, call: "Pub/Sub \(method)")
        }
        return response.body
    }
}
