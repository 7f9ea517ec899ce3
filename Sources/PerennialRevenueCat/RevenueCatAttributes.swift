import PerennialCore
import PerennialServices

/// Subscriber attributes between RevenueCat's names and Perennial's. `$email` keeps its name and
/// `$displayName` is `$display_name`; RevenueCat's other reserved names (`$phoneNumber`, `$idfv`,
/// `$mediaSource`, …), which Perennial does not reserve, are kept as `rc.<name>` (`rc.phoneNumber`) and
/// shown back under their own name. Other names are the app's own, as they are.
enum RevenueCatAttributes {
    static let renamed: [String: String] = ["$displayName": "$display_name"]
    static let kept: Set<String> = ["$email"]
    static let prefix = "rc."

    /// Perennial's name of a RevenueCat attribute.
    static func perennialName(of name: String) -> String {
        if let renamed = renamed[name] { return renamed }
        if kept.contains(name) { return name }
        if name.hasPrefix("$") { return prefix + name.dropFirst() }
        return name
    }

    /// RevenueCat's name of a Perennial attribute.
    static func revenueCatName(of name: String) -> String {
        if let original = renamed.first(where: { $0.value == name })?.key { return original }
        if name.hasPrefix(prefix), name.count > prefix.count { return "$" + name.dropFirst(prefix.count) }
        return name
    }

    /// One attribute RevenueCat's SDK sent: a value, or nil (and "") to remove it.
    struct Sent: Decodable, Sendable {
        var value: String?
        var updatedAtMs: Int64?

        enum CodingKeys: String, CodingKey {
            case value, updatedAtMs = "updated_at_ms"
        }
    }

    /// A refused attribute, as RevenueCat's `attribute_errors` lists it.
    struct Refusal: Sendable, Hashable {
        var name: String
        var message: String
    }

    /// The update to apply (Perennial's names) and the attributes refused one by one, each with its reason.
    static func update(from sent: [String: Sent]) -> (update: [String: String?], refused: [Refusal]) {
        var update: [String: String?] = [:]
        var refused: [Refusal] = []
        for name in sent.keys.sorted() {
            let value = sent[name]?.value.flatMap { $0.isEmpty ? nil : $0 }
            let perennial = perennialName(of: name)
            do {
                _ = try CustomerAttributes().applying([perennial: value])
                update[perennial] = .some(value)
            } catch let error as PerennialError {
                refused.append(Refusal(name: name, message: error.message))
            } catch {
                refused.append(Refusal(name: name, message: "the attribute is not valid"))
            }
        }
        return (update, refused)
    }

    /// `subscriber_attributes`: `{name: {"value", "updated_at_ms"}}` under RevenueCat's names.
    static func json(_ attributes: CustomerAttributes, at instant: Instant) -> RevenueCatJSON {
        .object(attributes.values.keys.sorted().map { name in
            (revenueCatName(of: name), .object([
                ("updated_at_ms", .int(instant.milliseconds)),
                ("value", .string(attributes.values[name] ?? "")),
            ]))
        })
    }
}
