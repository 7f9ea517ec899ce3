import Hummingbird
import PerennialServices

extension PerennialRequestContext {
    /// The `{app_user_id}` of the path, percent-decoded (by `PathParameterDecodingMiddleware`) and checked
    /// by the same rule as an id in a body: 400 `invalid_app_user_id` otherwise.
    func appUserIDParameter() throws -> String {
        try AppUserIDRule.validated(parameters.require("app_user_id"))
    }
}
