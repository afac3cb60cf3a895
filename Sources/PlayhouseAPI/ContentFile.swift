import Foundation

/// A content file as the developer writes it (JSON or YAML) and `playhouse content import` reads
/// it: content units, and the campaigns that put them on placements.
///
/// ```yaml
/// units:
///   - id: welcome-bonus
///     kind: reward                      # announcement, offer, reward or html
///     default_language: en
///     texts:
///       en: { title: "Welcome!", body: "Here are 50 gems.", action_label: "Claim" }
///       da: { title: "Velkommen!", body: "Her er 50 ædelsten.", action_label: "Hent" }
///     images: { hero: images/welcome.png }   # relative to the file; PNG, JPEG, GIF or WebP
///     reward: { items: [{ name: gems, quantity: 50 }], amount: "5", currency: KRD }
/// campaigns:
///   - id: welcome-on-main-menu
///     unit: welcome-bonus
///     placements: [main_menu]
///     priority: 10                      # the highest eligible priority wins
///     weight: 1                         # ties are shared by weight
///     starts_at: 2026-12-01T00:00:00Z
///     ends_at: 2027-01-01T00:00:00Z
///     caps: { per_day: 1, per_session: 1, total: 3 }
///     targeting:
///       platforms: [ios, android]
///       app_version: { min: "2.0", max: "2.9.99" }
///       locales: [da, en-GB]            # a language matches its regions too
///       countries: [DK]
///       installation_age_days: { min: 0, max: 7 }
///       properties: { tier: [gold, silver] }
///       depositors: false               # only players who have not deposited
///       rollout: 50                     # percent, by a stable hash of the player or installation
/// ```
public struct ContentFile: Codable, Sendable {
    public var units: [Unit]
    public var campaigns: [Campaign]

    public init(units: [Unit] = [], campaigns: [Campaign] = []) {
        self.units = units
        self.campaigns = campaigns
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        units = try container.decodeIfPresent([Unit].self, forKey: .units) ?? []
        campaigns = try container.decodeIfPresent([Campaign].self, forKey: .campaigns) ?? []
    }

    /// A content unit.
    public struct Unit: Codable, Sendable, Equatable {
        public var id: String
        public var kind: ContentKind
        public var defaultLanguage: String
        public var texts: [String: Texts]
        /// Image names to files (relative to the content file) when read, to asset names once stored.
        public var images: [String: String]
        public var action: ContentAction?
        public var reward: Reward?
        public var html: String?

        public init(id: String, kind: ContentKind, defaultLanguage: String = "en", texts: [String: Texts], images: [String: String] = [:],
                    action: ContentAction? = nil, reward: Reward? = nil, html: String? = nil) {
            self.id = id
            self.kind = kind
            self.defaultLanguage = defaultLanguage
            self.texts = texts
            self.images = images
            self.action = action
            self.reward = reward
            self.html = html
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            kind = try container.decode(ContentKind.self, forKey: .kind)
            defaultLanguage = try container.decodeIfPresent(String.self, forKey: .defaultLanguage) ?? "en"
            texts = try container.decodeIfPresent([String: Texts].self, forKey: .texts) ?? [:]
            images = try container.decodeIfPresent([String: String].self, forKey: .images) ?? [:]
            action = try container.decodeIfPresent(ContentAction.self, forKey: .action)
            reward = try container.decodeIfPresent(Reward.self, forKey: .reward)
            html = try container.decodeIfPresent(String.self, forKey: .html)
        }

        enum CodingKeys: String, CodingKey {
            case action, defaultLanguage = "default_language", html, id, images, kind, reward, texts
        }
    }

    /// A unit's texts in one language.
    public struct Texts: Codable, Sendable, Equatable {
        public var title: String?
        public var body: String?
        public var actionLabel: String?

        public init(title: String? = nil, body: String? = nil, actionLabel: String? = nil) {
            self.title = title
            self.body = body
            self.actionLabel = actionLabel
        }

        enum CodingKeys: String, CodingKey {
            case actionLabel = "action_label", body, title
        }
    }

    /// What a reward unit grants: items, and an amount (a decimal string) of a virtual currency.
    public struct Reward: Codable, Sendable, Equatable {
        public var items: [RewardItem]
        public var amount: String?
        public var currency: String?

        public init(items: [RewardItem] = [], amount: String? = nil, currency: String? = nil) {
            self.items = items
            self.amount = amount
            self.currency = currency
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            items = try container.decodeIfPresent([RewardItem].self, forKey: .items) ?? []
            amount = try container.decodeIfPresent(String.self, forKey: .amount)
            currency = try container.decodeIfPresent(String.self, forKey: .currency)
        }
    }

    /// A campaign: a unit on placements, for whom, when, how often, and before which others.
    public struct Campaign: Codable, Sendable, Equatable {
        public var id: String
        public var unit: String
        public var placements: [String]
        public var priority: Int
        public var weight: Int
        public var startsAt: Date?
        public var endsAt: Date?
        public var caps: Caps
        public var targeting: Targeting

        public init(id: String, unit: String, placements: [String], priority: Int = 0, weight: Int = 1, startsAt: Date? = nil,
                    endsAt: Date? = nil, caps: Caps = Caps(), targeting: Targeting = Targeting()) {
            self.id = id
            self.unit = unit
            self.placements = placements
            self.priority = priority
            self.weight = weight
            self.startsAt = startsAt
            self.endsAt = endsAt
            self.caps = caps
            self.targeting = targeting
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            unit = try container.decode(String.self, forKey: .unit)
            placements = try container.decode([String].self, forKey: .placements)
            priority = try container.decodeIfPresent(Int.self, forKey: .priority) ?? 0
            weight = try container.decodeIfPresent(Int.self, forKey: .weight) ?? 1
            startsAt = try Self.date(container, .startsAt)
            endsAt = try Self.date(container, .endsAt)
            caps = try container.decodeIfPresent(Caps.self, forKey: .caps) ?? Caps()
            targeting = try container.decodeIfPresent(Targeting.self, forKey: .targeting) ?? Targeting()
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(unit, forKey: .unit)
            try container.encode(placements, forKey: .placements)
            try container.encode(priority, forKey: .priority)
            try container.encode(weight, forKey: .weight)
            try container.encodeIfPresent(startsAt.map(RFC3339.format), forKey: .startsAt)
            try container.encodeIfPresent(endsAt.map(RFC3339.format), forKey: .endsAt)
            try container.encode(caps, forKey: .caps)
            try container.encode(targeting, forKey: .targeting)
        }

        /// An RFC 3339 time, as YAML and JSON files write it.
        private static func date(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Date? {
            guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard let date = RFC3339.parse(text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\(text) is not an RFC 3339 time")
            }
            return date
        }

        enum CodingKeys: String, CodingKey {
            case caps, endsAt = "ends_at", id, placements, priority, startsAt = "starts_at", targeting, unit, weight
        }
    }

    /// How often one player (or installation) may be shown a campaign's unit: per day (UTC), per
    /// play session, and in all. Nil is no cap.
    public struct Caps: Codable, Sendable, Equatable {
        public var perDay: Int?
        public var perSession: Int?
        public var total: Int?

        public init(perDay: Int? = nil, perSession: Int? = nil, total: Int? = nil) {
            self.perDay = perDay
            self.perSession = perSession
            self.total = total
        }

        enum CodingKeys: String, CodingKey {
            case perDay = "per_day", perSession = "per_session", total
        }
    }

    /// Whom a campaign is for. Every condition given must hold; one left out holds for everyone.
    public struct Targeting: Codable, Sendable, Equatable {
        public var platforms: [String]?
        public var appVersion: Bounds<String>?
        public var locales: [String]?
        public var countries: [String]?
        public var installationAgeDays: Bounds<Int>?
        public var properties: [String: [String]]?
        public var depositors: Bool?
        /// Percent (0 to 100) of players or installations, chosen by a stable hash.
        public var rollout: Int?

        public init(platforms: [String]? = nil, appVersion: Bounds<String>? = nil, locales: [String]? = nil, countries: [String]? = nil,
                    installationAgeDays: Bounds<Int>? = nil, properties: [String: [String]]? = nil, depositors: Bool? = nil,
                    rollout: Int? = nil) {
            self.platforms = platforms
            self.appVersion = appVersion
            self.locales = locales
            self.countries = countries
            self.installationAgeDays = installationAgeDays
            self.properties = properties
            self.depositors = depositors
            self.rollout = rollout
        }

        enum CodingKeys: String, CodingKey {
            case appVersion = "app_version", countries, depositors, installationAgeDays = "installation_age_days", locales,
                platforms, properties, rollout
        }
    }

    /// An inclusive range; either end may be left out.
    public struct Bounds<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
        public var min: Value?
        public var max: Value?

        public init(min: Value? = nil, max: Value? = nil) {
            self.min = min
            self.max = max
        }
    }
}
