import Hummingbird

/// The answer to `DELETE /v1/admin/customers/{app_user_id}`: the pseudonym the customer's purchases and
/// history are kept under.
struct ErasureResponse: ResponseEncodable {
    var erased: Bool
    var pseudonym: String
}
