import Foundation
import PlayhouseAPI

/// Everything wrong with a content file, each problem naming where it is, so that one import
/// shows the developer all of them.
struct ContentCheck {
    private(set) var problems: [String] = []

    /// The largest HTML a unit may carry.
    static let maxHTMLBytes = 256 * 1024
    static let actionTypes: Set<String> = ["deep_link", "url", "promotion"]

    /// `storedUnits`: the app's units already stored, which campaigns may name too.
    init(_ file: ContentFile, images: [String: Data], currencies: [CurrencyInfo], storedUnits: Set<String>) {
        var seen = Set<String>()
        for unit in file.units {
            let at = "unit \(unit.id)"
            if !Self.isName(unit.id) { problems.append("\(at): an id is 2 to 64 lowercase letters, digits and dashes") }
            if !seen.insert(unit.id).inserted { problems.append("\(at): appears twice") }
            check(unit, at: at, images: images, currencies: currencies)
        }
        let units = storedUnits.union(file.units.map(\.id))
        var campaigns = Set<String>()
        for campaign in file.campaigns {
            let at = "campaign \(campaign.id)"
            if !Self.isName(campaign.id) { problems.append("\(at): an id is 2 to 64 lowercase letters, digits and dashes") }
            if !campaigns.insert(campaign.id).inserted { problems.append("\(at): appears twice") }
            check(campaign, at: at, units: units)
        }
    }

    private mutating func check(_ unit: ContentFile.Unit, at: String, images: [String: Data], currencies: [CurrencyInfo]) {
        if unit.texts[unit.defaultLanguage] == nil { problems.append("\(at): no texts in its default language \(unit.defaultLanguage)") }
        for (language, texts) in unit.texts {
            if !PlacementService.isLanguage(language) { problems.append("\(at): \(language) is not a language tag") }
            for text in [texts.title, texts.body, texts.actionLabel].compactMap({ $0 }) where text.utf8.count > 4000 {
                problems.append("\(at): a text in \(language) is longer than 4000 bytes")
            }
        }
        for (name, path) in unit.images.sorted(by: { $0.key < $1.key }) {
            if !Self.isName(name, allowUnderscore: true) { problems.append("\(at): image name \(name) is not lowercase letters, digits, - and _") }
            guard let bytes = images[path] else { problems.append("\(at): image \(name): cannot read \(path)"); continue }
            if Assets.imageType(of: bytes) == nil { problems.append("\(at): image \(name): \(path) is not a PNG, JPEG, GIF or WebP") }
            if bytes.count > Assets.maxBytes { problems.append("\(at): image \(name): \(path) is larger than 10 MB") }
        }
        if let action = unit.action {
            if !Self.actionTypes.contains(action.type) { problems.append("\(at): an action's type is deep_link, url or promotion") }
            if action.type == "url", !(action.target.hasPrefix("https://") || action.target.hasPrefix("http://")) {
                problems.append("\(at): a url action's target is an http(s) address")
            }
            if action.target.isEmpty || action.target.utf8.count > 2000 { problems.append("\(at): an action's target is 1 to 2000 bytes") }
        }
        switch unit.kind {
        case .offer where unit.action == nil: problems.append("\(at): an offer needs an action")
        case .reward where unit.reward == nil: problems.append("\(at): a reward needs a reward")
        case .html where unit.html == nil: problems.append("\(at): an html unit needs its html")
        default: break
        }
        if unit.kind != .reward, unit.reward != nil { problems.append("\(at): only a reward unit grants a reward") }
        if let html = unit.html, html.utf8.count > Self.maxHTMLBytes { problems.append("\(at): the html is larger than 256 KB") }
        if let reward = unit.reward { check(reward, at: at, currencies: currencies) }
    }

    private mutating func check(_ reward: ContentFile.Reward, at: String, currencies: [CurrencyInfo]) {
        if reward.items.isEmpty && reward.amount == nil { problems.append("\(at): a reward grants items, an amount, or both") }
        for item in reward.items where item.name.isEmpty || item.name.utf8.count > 64 || item.quantity < 1 || item.quantity > 1_000_000 {
            problems.append("\(at): a reward item has a name of 1 to 64 bytes and a quantity of 1 to 1000000")
        }
        switch (reward.amount, reward.currency) {
        case (nil, nil): break
        case let (amount?, code?):
            guard let currency = currencies.first(where: { $0.code == code }) else {
                problems.append("\(at): the app has no currency \(code)")
                return
            }
            // Content never credits real money: only the app's own currencies.
            if currency.kind != .virtual { problems.append("\(at): \(code) is not a virtual currency; a reward only grants virtual ones") }
            if case .failure = MinorUnits.parse(amount, digits: currency.minorUnits) {
                problems.append("\(at): the reward's amount \(amount) is not a positive amount of \(code)")
            }
        default: problems.append("\(at): a reward's amount and currency go together")
        }
    }

    private mutating func check(_ campaign: ContentFile.Campaign, at: String, units: Set<String>) {
        if !units.contains(campaign.unit) { problems.append("\(at): no unit \(campaign.unit)") }
        if campaign.placements.isEmpty { problems.append("\(at): no placements") }
        for placement in campaign.placements where !PlacementService.isPlacement(placement) {
            problems.append("\(at): placement \(placement) is not 1 to 64 lowercase letters, digits, - and _")
        }
        if campaign.weight < 0 || campaign.weight > 1_000_000 { problems.append("\(at): the weight is 0 to 1000000") }
        if abs(campaign.priority) > 1_000_000 { problems.append("\(at): the priority is -1000000 to 1000000") }
        if let start = campaign.startsAt, let end = campaign.endsAt, start >= end { problems.append("\(at): it ends before it starts") }
        for (name, cap) in [("per_day", campaign.caps.perDay), ("per_session", campaign.caps.perSession), ("total", campaign.caps.total)] {
            if let cap, cap < 1 { problems.append("\(at): the \(name) cap is at least 1 (leave it out for none)") }
        }
        let rules = campaign.targeting
        if let rollout = rules.rollout, !(0...100).contains(rollout) { problems.append("\(at): the rollout is 0 to 100 percent") }
        for version in [rules.appVersion?.min, rules.appVersion?.max].compactMap({ $0 }) where AppVersion(version) == nil {
            problems.append("\(at): \(version) is not a version such as 2.4.1")
        }
        if let min = rules.installationAgeDays?.min, min < 0 { problems.append("\(at): an installation age is 0 days or more") }
        for locale in rules.locales ?? [] where !PlacementService.isLanguage(locale) { problems.append("\(at): \(locale) is not a language tag") }
        for country in rules.countries ?? [] where country.count != 2 || !country.allSatisfy(\.isLetter) {
            problems.append("\(at): \(country) is not a two-letter country code")
        }
    }

    /// 2 to 64 lowercase letters, digits and dashes (and underscores where allowed).
    static func isName(_ text: String, allowUnderscore: Bool = false) -> Bool {
        ASCIIShape.matches(text, length: (allowUnderscore ? 1 : 2)...64, first: ASCIIShape.isLowercaseOrDigit) {
            ASCIIShape.isLowercaseOrDigit($0) || $0 == UInt8(ascii: "-") || (allowUnderscore && $0 == UInt8(ascii: "_"))
        }
    }
}
