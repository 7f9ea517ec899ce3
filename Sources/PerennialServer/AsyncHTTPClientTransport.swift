import AsyncHTTPClient
import Foundation
import PerennialAppStore
import PerennialOutbound

/// An `HTTPTransport` on AsyncHTTPClient: the transport the server gives to the App Store clients.
///
/// Each request runs under its own deadline (`HTTPTransportRequest.timeout`, body included). Bodies larger
/// than `maxResponseBytes` are refused. AsyncHTTPClient's errors are mapped to `HTTPTransportError` codes:
/// its timeouts to `.timeout`, network and TLS failures to `.connection`, unusable URLs to `.invalidRequest`.
public struct AsyncHTTPClientTransport: HTTPTransport {
    /// The client requests go through; `HTTPClient.shared` unless one is injected.
    public let client: HTTPClient
    /// The largest response body accepted. Default 10 MiB.
    public let maxResponseBytes: Int
    /// Whether a larger body is cut at `maxResponseBytes` (the rest never read) instead of refused: for
    /// answers only their status matters for (webhook receivers').
    public let truncatesLargeResponses: Bool

    /// Creates a transport on `client` (default `HTTPClient.shared`, which needs no shutdown).
    public init(client: HTTPClient = .shared, maxResponseBytes: Int = 10 * 1024 * 1024, truncatesLargeResponses: Bool = false) {
        self.client = client
        self.maxResponseBytes = maxResponseBytes
        self.truncatesLargeResponses = truncatesLargeResponses
    }

    /// Sends the request under its timeout and collects the whole body.
    public func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        guard let url = URL(string: request.url), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = url.host, !host.isEmpty
        else {
            throw HTTPTransportError(.invalidRequest, message: "not an absolute http(s) URL")
        }
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = .init(rawValue: request.method.uppercased())
        for header in request.headers {
            outgoing.headers.add(name: header.name, value: header.value)
        }
        if !request.body.isEmpty {
            outgoing.body = .bytes(request.body)
        }
        do {
            let response = try await client.execute(outgoing, timeout: .nanoseconds(Self.nanoseconds(request.timeout)))
            var body: [UInt8] = []
            for try await chunk in response.body {
                if truncatesLargeResponses, body.count + chunk.readableBytes > maxResponseBytes {
                    body.append(contentsOf: chunk.readableBytesView.prefix(maxResponseBytes - body.count))
                    break
                }
                guard body.count + chunk.readableBytes <= maxResponseBytes else {
                    throw HTTPTransportError(
                        .responseTooLarge, message: "response body from \(host) exceeds \(maxResponseBytes) bytes"
                    )
                }
                body.append(contentsOf: chunk.readableBytesView)
            }
            return HTTPTransportResponse(
                status: Int(response.status.code),
                headers: response.headers.map { HTTPTransportHeader(name: $0.name, value: $0.value) },
                body: body
            )
        } catch let error as HTTPTransportError {
            throw error
        } catch let error as HTTPClientError {
            throw try Self.map(error, host: host)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw HTTPTransportError(.connection, message: "request to \(host) failed: \(error)")
        }
    }

    /// Maps an AsyncHTTPClient error to a transport error; rethrows cancellation as `CancellationError`.
    static func map(_ error: HTTPClientError, host: String) throws -> HTTPTransportError {
        switch error {
        case .cancelled:
            throw CancellationError()
        case .connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded, .tlsHandshakeTimeout,
            .getConnectionFromPoolTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout:
            return HTTPTransportError(.timeout, message: "request to \(host) timed out: \(error)")
        case .invalidURL, .emptyHost, .emptyScheme, .missingSocketPath:
            return HTTPTransportError(.invalidRequest, message: "cannot send to \(host): \(error)")
        case .remoteConnectionClosed, .uncleanShutdown:
            return HTTPTransportError(.connection, message: "connection to \(host) failed: \(error)")
        default:
            return HTTPTransportError(.other, message: "request to \(host) failed: \(error)")
        }
    }

    /// A duration in whole nanoseconds, at least 1.
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let parts = duration.components
        let (whole, overflow) = parts.seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return .max }
        return max(1, whole &+ parts.attoseconds / 1_000_000_000)
    }
}
