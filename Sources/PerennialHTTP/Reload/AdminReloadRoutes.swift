import Hummingbird
import PerennialCore
import PerennialServices

/// `POST /v1/admin/reload`: reads the configuration file again and applies it while serving (what
/// `ConfigurationReloading` may change), for the deployment's owner: the request carries the owner token
/// (`Authorization: Bearer …`, compared in constant time), not an app's key, since a reload changes every
/// app. Without an owner token configured the route answers nobody; SIGHUP does the same reload.
public struct AdminReloadRoutes: RouteModule {
    let reloader: any ConfigurationReloading
    /// The deployment's owner token; nil: none configured.
    let ownerToken: String?

    public init(reloader: any ConfigurationReloading, ownerToken: String?) {
        self.reloader = reloader
        self.ownerToken = ownerToken
    }

    public func add(to routes: RouteGroups) {
        routes.admin.post("reload") { request, _ -> ConfigurationReloadReport in
            try authorize(request)
            return try await reloader.reload()
        }
    }

    private func authorize(_ request: Request) throws {
        guard let ownerToken else {
            throw PerennialError(
                .ownerTokenNotConfigured,
                "no owner token is configured (server.owner_token_file or PERENNIAL_OWNER_TOKEN); send SIGHUP to reload")
        }
        guard let header = request.headers[.authorization], let sent = BearerCredential.of(header),
              ConstantTime.equals(sent, ownerToken)
        else {
            throw PerennialError(.invalidOwnerToken, "reloading needs the deployment's owner token as Authorization: Bearer")
        }
    }
}
