/// One operation of an OpenAPI document read as plain YAML values, and the document's error responses.
struct OpenAPIOperation {
    static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// `METHOD /path`.
    var name: String
    /// Each response's status and the component it refers to, for those given by `$ref`.
    var responseReferences: [(status: String, reference: String)]

    /// Every operation of `document`'s paths.
    static func all(_ document: [String: Any]) -> [OpenAPIOperation] {
        let paths = document["paths"] as? [String: Any] ?? [:]
        return paths.flatMap { path, item -> [OpenAPIOperation] in
            let item = item as? [String: Any] ?? [:]
            return item.compactMap { method, operation -> OpenAPIOperation? in
                guard methods.contains(method), let operation = operation as? [String: Any] else { return nil }
                let responses = operation["responses"] as? [String: Any] ?? [:]
                let references = responses.compactMap { status, response -> (String, String)? in
                    guard let reference = (response as? [String: Any])?["$ref"] as? String else { return nil }
                    return (status, reference)
                }
                return OpenAPIOperation(name: "\(method.uppercased()) \(path)", responseReferences: references)
            }
        }
    }

    /// An error response of `components/responses`: its status (the number its description starts with)
    /// and the error codes its schema lists.
    struct ErrorResponse {
        var status: Int
        var codes: [String]
    }

    /// The responses of `components/responses`, by name.
    static func errorResponses(_ document: [String: Any]) -> [String: ErrorResponse] {
        let components = document["components"] as? [String: Any] ?? [:]
        let responses = components["responses"] as? [String: Any] ?? [:]
        var result: [String: ErrorResponse] = [:]
        for (name, value) in responses {
            let response = value as? [String: Any] ?? [:]
            let description = response["description"] as? String ?? ""
            guard let status = Int(description.prefix(while: \.isNumber)) else { continue }
            result[name] = ErrorResponse(status: status, codes: codes(in: response))
        }
        return result
    }

    /// Every `enum` under an `error.code` property anywhere in the response's JSON schema.
    private static func codes(in value: Any) -> [String] {
        if let object = value as? [String: Any] {
            if let properties = object["properties"] as? [String: Any], let code = properties["code"] as? [String: Any],
               let values = code["enum"] as? [String] {
                return values
            }
            return object.values.flatMap(codes(in:))
        }
        if let array = value as? [Any] { return array.flatMap(codes(in:)) }
        return []
    }
}
