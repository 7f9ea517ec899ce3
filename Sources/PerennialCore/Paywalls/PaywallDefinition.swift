/// A paywall: an offering and what shows it — a template, localized strings with variables, images, the
/// package selected first, and the offer presented.
public struct PaywallDefinition: Sendable, Hashable, Codable {
    public var id: String
    /// The offering sold; nil: the app's current offering.
    public var offering: String?
    /// The template that lays it out (`default`).
    public var template: String
    /// The locale used when the customer's is not translated (`en`).
    public var defaultLocale: String
    /// Strings by locale, then by key (`title`, `subtitle`, `call_to_action`, `features`, `footer`), with
    /// `{{variables}}` the server fills in.
    public var strings: [String: [String: String]]
    /// Image URLs by role (`header`, `background`): https only.
    public var images: [String: String]?
    /// The package selected when the paywall opens; nil: the offering's first.
    public var defaultPackage: String?
    public var offer: PaywallOffer?

    enum CodingKeys: String, CodingKey {
        case id, offering, template, strings, images, offer
        case defaultLocale = "default_locale", defaultPackage = "default_package"
    }

    public init(
        id: String, offering: String? = nil, template: String = "default", defaultLocale: String = "en",
        strings: [String: [String: String]], images: [String: String]? = nil, defaultPackage: String? = nil, offer: PaywallOffer? = nil
    ) {
        self.id = id
        self.offering = offering
        self.template = template
        self.defaultLocale = defaultLocale
        self.strings = strings
        self.images = images
        self.defaultPackage = defaultPackage
        self.offer = offer
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        offering = try container.decodeIfPresent(String.self, forKey: .offering)
        template = try container.decodeIfPresent(String.self, forKey: .template) ?? "default"
        defaultLocale = try container.decodeIfPresent(String.self, forKey: .defaultLocale) ?? "en"
        strings = try container.decode([String: [String: String]].self, forKey: .strings)
        images = try container.decodeIfPresent([String: String].self, forKey: .images)
        defaultPackage = try container.decodeIfPresent(String.self, forKey: .defaultPackage)
        offer = try container.decodeIfPresent(PaywallOffer.self, forKey: .offer)
    }

    /// The strings for `locale`: the exact locale, then each shorter form of it (`fr-CA`, `fr`), then the
    /// default locale; a key missing from the chosen locale falls back the same way.
    public func strings(for locale: String?) -> (locale: String, strings: [String: String]) {
        var chain: [String] = []
        if var candidate = locale {
            while !candidate.isEmpty {
                chain.append(candidate)
                guard let dash = candidate.lastIndex(of: "-") else { break }
                candidate = String(candidate[..<dash])
            }
        }
        chain.append(defaultLocale)
        let chosen = chain.first { strings[$0] != nil } ?? defaultLocale
        var merged: [String: String] = [:]
        for candidate in chain.reversed() {
            merged.merge(strings[candidate] ?? [:]) { _, more in more }
        }
        return (chosen, merged)
    }
}
