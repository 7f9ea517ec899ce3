import Foundation
import Hummingbird
import PerennialServices

/// The context of one request: Hummingbird's core context plus the app and key role that authenticated it.
public struct PerennialRequestContext: RequestContext, RequestIdentifying {
    public var coreContext: CoreRequestContextStorage
    /// Set by `RequestIDMiddleware`: the caller's `X-Request-Id`, or one made for the request.
    public var requestID: String?
    /// Set by `APIKeyMiddleware` once the bearer key matched an app.
    public var authenticated: (app: AppSettings, role: AppDirectory.KeyRole)?

    /// Whether a store notification that fails verification is stored (as rejected): false once its
    /// sender's address has spent its budget of such notifications (`RateLimitMiddleware`); it is still
    /// verified, so a genuine one passes.
    public var storesRefusedNotification = true

    /// The address of the connection's peer (a proxy's, behind one; see `ClientAddress`).
    public var peerAddress: String?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress
    }

    /// JSON with keys in a stable order, so responses read the same every time.
    public var responseEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Bodies are JSON, and all of it UTF-8.
    public var requestDecoder: UTF8JSONRequestDecoder { UTF8JSONRequestDecoder() }

    /// The largest body a route decodes; `BodyLimitMiddleware` sets it from `server.max_body_bytes`.
    /// Receipts are base64 and can reach a few megabytes for long purchase histories.
    public var maxBodyBytes = 8 * 1024 * 1024

    public var maxUploadSize: Int { maxBodyBytes }

    /// The authenticated app; throws 401 when the request had no valid key.
    public func requireApp() throws -> AppSettings {
        guard let authenticated else {
            throw PerennialError(.unauthorized, "send the app's API key as `Authorization: Bearer <key>`")
        }
        return authenticated.app
    }

    /// The authenticated app, when the key is the app's secret key; throws 403 for the public key.
    public func requireSecretKey() throws -> AppSettings {
        let app = try requireApp()
        guard authenticated?.role == .secret else {
            throw PerennialError(.secretKeyRequired, "this endpoint needs the app's secret key")
        }
        return app
    }
}
