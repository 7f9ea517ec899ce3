extension PerennialError.Kind {
    /// The HTTP status an error of this kind is answered with.
    public var httpStatus: Int {
        switch self {
        case .badRequest: 400
        case .unauthorized: 401
        case .forbidden: 403
        case .notFound: 404
        case .methodNotAllowed: 405
        case .conflict: 409
        case .payloadTooLarge: 413
        case .unsupportedMediaType: 415
        case .unprocessable: 422
        case .tooManyRequests: 429
        case .internal: 500
        case .badGateway: 502
        case .unavailable: 503
        }
    }
}
