import Foundation

extension PaywallDocumentValidator {
    func check(_ paywall: PaywallDefinition, in document: PaywallDocument, at field: String, into problems: inout PaywallProblems) {
        let offering = document.offering(paywall.offering)
        if offering == nil {
            problems.add("\(field).offering", paywall.offering.map { "no offering \($0)" } ?? "the app has no current offering: name one")
        }
        if let package = paywall.defaultPackage, let offering, offering.package(package) == nil {
            problems.add("\(field).default_package", "offering \(offering.id) has no package \(package)")
        }
        guard let required = Self.templates[paywall.template] else {
            problems.add("\(field).template", "no template \(paywall.template) (\(Self.templates.keys.sorted().joined(separator: ", ")))")
            return
        }
        checkStrings(paywall, required: required, at: field, into: &problems)
        for (role, url) in (paywall.images ?? [:]).sorted(by: { $0.key < $1.key }) {
            if URL(string: url)?.scheme != "https" || url.count > 2048 || URL(string: url)?.host == nil {
                problems.add("\(field).images.\(role)", "an https URL")
            }
        }
        if let offer = paywall.offer, let offering {
            let package = paywall.defaultPackage.flatMap(offering.package) ?? offering.packages.first
            check(offer, package: package, at: "\(field).offer", into: &problems)
        }
    }

    private func checkStrings(_ paywall: PaywallDefinition, required: [String], at field: String, into problems: inout PaywallProblems) {
        guard let base = paywall.strings[paywall.defaultLocale] else {
            problems.add("\(field).strings", "no strings for the default locale \(paywall.defaultLocale)")
            return
        }
        for key in required where base[key] == nil {
            problems.add("\(field).strings.\(paywall.defaultLocale).\(key)", "the \(paywall.template) template needs it")
        }
        for (locale, strings) in paywall.strings.sorted(by: { $0.key < $1.key }) {
            if !Self.isLocale(locale) { problems.add("\(field).strings.\(locale)", "a BCP 47 locale (en, fr-CA)") }
            for key in base.keys.sorted() where strings[key] == nil {
                problems.add("\(field).strings.\(locale).\(key)", "missing: the default locale \(paywall.defaultLocale) has it")
            }
            for (key, text) in strings.sorted(by: { $0.key < $1.key }) {
                if text.utf8.count > 4096 { problems.add("\(field).strings.\(locale).\(key)", "at most 4,096 bytes") }
                for name in PaywallText.variables(in: text) where !PaywallText.isKnown(name) {
                    problems.add("\(field).strings.\(locale).\(key)", name == "{{" ? "a {{ is not closed" : "unknown variable {{\(name)}}")
                }
            }
        }
    }

    public static func isLocale(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return (1...3).contains(parts.count) && parts.allSatisfy { (2...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    private func check(_ offer: PaywallOffer, package: OfferingPackage?, at field: String, into problems: inout PaywallProblems) {
        switch offer.type {
        case .introductory:
            if package?.trial == nil { problems.add("\(field).type", "the default package \(package?.id ?? "") has no trial") }
        case .promotional, .winBack:
            guard let id = offer.id else {
                problems.add("\(field).id", "a \(offer.type.rawValue) offer names the catalog's offer")
                return
            }
            let productID = package?.productID(on: .appStore)
            guard let product = productID.flatMap({ catalog.product($0, store: .appStore) }) else {
                problems.add("\(field).id", "the default package has no App Store product to offer \(id) on")
                return
            }
            guard let catalogOffer = product.offers.first(where: { $0.id == id }) else {
                problems.add("\(field).id", "product \(product.id) has no offer \(id)")
                return
            }
            if offer.type == .winBack, catalogOffer.rule.name != "win_back" {
                problems.add("\(field).id", "offer \(id) is for \(catalogOffer.rule.name), not win_back")
            }
        }
    }

    func check(_ placement: Placement, in document: PaywallDocument, at field: String, into problems: inout PaywallProblems) {
        for (index, rule) in placement.rules.enumerated() {
            if let paywall = rule.paywall, document.paywall(paywall) == nil {
                problems.add("\(field).rules[\(index)].paywall", "no paywall \(paywall)")
            }
        }
        if let paywall = placement.defaultPaywall, document.paywall(paywall) == nil {
            problems.add("\(field).default_paywall", "no paywall \(paywall)")
        }
    }
}
