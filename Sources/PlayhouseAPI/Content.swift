import Foundation

/// An open of the app (`POST /v1/opens`): what the installation runs on. The first open of an
/// installation is its install; opens are what impression rates are computed against.
public struct OpenRequest: Codable, Sendable, Equatable {
    /// The SDK's installation id: 16 to 128 letters, digits, `.`, `_` or `-`.
    public var installationID: String
    /// `ios`, `ipados`, `macos`, `tvos`, `android`, `linux`, `web`, …
    public var platform: String
    /// The app's version, dotted numbers: `2.4.1`.
    public var appVersion: String
    public var osVersion: String?
    /// A BCP 47 language tag: `da-DK`.
    public var locale: String?
    /// An ISO 3166 country code; taken from the locale when left out.
    public var country: String?

    public init(installationID: String, platform: String, appVersion: String, osVersion: String? = nil, locale: String? = nil,
                country: String? = nil) {
        self.installationID = installationID
        self.platform = platform
        self.appVersion = appVersion
        self.osVersion = osVersion
        self.locale = locale
        self.country = country
    }

    enum CodingKeys: String, CodingKey {
        case appVersion = "app_version", country, installationID = "installation_id", locale, osVersion = "os_version", platform
    }
}

/// The answer to an open.
public struct OpenRecorded: Codable, Sendable, Equatable {
    public var installationID: String
    /// True for the installation's first open: its install.
    public var install: Bool
    /// The installation's opens so far, this one included.
    public var opens: Int
    public var firstOpenedAt: Date

    public init(installationID: String, install: Bool, opens: Int, firstOpenedAt: Date) {
        self.installationID = installationID
        self.install = install
        self.opens = opens
        self.firstOpenedAt = firstOpenedAt
    }

    enum CodingKeys: String, CodingKey {
        case firstOpenedAt = "first_opened_at", install, installationID = "installation_id", opens
    }
}

/// What a content unit is.
public enum ContentKind: String, Codable, Sendable, CaseIterable {
    /// Something to tell: a title, a text, an image.
    case announcement
    /// A call to action: a deep link, a web address, or a wallet promotion.
    case offer
    /// Grants named items and/or an amount of a virtual currency, with a signed receipt.
    case reward
    /// The developer's own HTML, shown in a sandboxed frame.
    case html
}

/// Where a unit's call to action goes.
public struct ContentAction: Codable, Sendable, Equatable {
    /// `deep_link` (into the app), `url` (a web page) or `promotion` (a wallet promotion's code).
    public var type: String
    /// The link, the address or the promotion's code.
    public var target: String

    public init(type: String, target: String) {
        self.type = type
        self.target = target
    }
}

/// One named item a reward grants.
public struct RewardItem: Codable, Sendable, Equatable, Hashable {
    public var name: String
    public var quantity: Int

    public init(name: String, quantity: Int) {
        self.name = name
        self.quantity = quantity
    }
}

/// What a reward grants: items, and an amount of one of the app's virtual currencies.
public struct RewardGrant: Codable, Sendable, Equatable {
    public var items: [RewardItem]
    public var amount: Money?

    public init(items: [RewardItem] = [], amount: Money? = nil) {
        self.items = items
        self.amount = amount
    }
}

/// The content a placement shows now (`GET /v1/placements/{placement}/content`).
public struct PlacementContent: Codable, Sendable, Equatable {
    /// Names this showing of the unit: send it with the lifecycle events.
    public var impressionID: String
    public var placement: String
    /// The unit's id within the app (`welcome-bonus`).
    public var unit: String
    /// `ern:content:<unit>`.
    public var ern: String
    public var kind: ContentKind
    /// The texts in the language asked for (`Accept-Language`), or the unit's default.
    public var language: String
    public var title: String?
    public var body: String?
    /// The call to action's label.
    public var actionLabel: String?
    public var action: ContentAction?
    public var reward: RewardGrant?
    /// The unit's images by name, as absolute URLs that never change (content-addressed).
    public var images: [String: String]
    /// For `html` units: the developer's HTML.
    public var html: String?
    /// A hosted page that shows the unit in a web view (phone-width and landscape); it works for
    /// ``pageExpiresAt``.
    public var pageURL: String
    public var pageExpiresAt: Date

    public init(impressionID: String, placement: String, unit: String, ern: String, kind: ContentKind, language: String, title: String?,
                body: String?, actionLabel: String?, action: ContentAction?, reward: RewardGrant?, images: [String: String], html: String?,
                pageURL: String, pageExpiresAt: Date) {
        self.impressionID = impressionID
        self.placement = placement
        self.unit = unit
        self.ern = ern
        self.kind = kind
        self.language = language
        self.title = title
        self.body = body
        self.actionLabel = actionLabel
        self.action = action
        self.reward = reward
        self.images = images
        self.html = html
        self.pageURL = pageURL
        self.pageExpiresAt = pageExpiresAt
    }

    enum CodingKeys: String, CodingKey {
        case action, actionLabel = "action_label", body, ern, html, images, impressionID = "impression_id", kind, language,
            pageExpiresAt = "page_expires_at", pageURL = "page_url", placement, reward, title, unit
    }
}

/// A moment in a unit's life on the device (`POST /v1/content/events`).
public enum ContentEventType: String, Codable, Sendable, CaseIterable {
    /// The unit is on screen: it counts against the frequency caps and clears it from the badge.
    case displayed
    /// The player took the call to action; for a reward unit, the server issues a receipt.
    case clicked
    /// The player closed it.
    case dismissed
    /// It could not be shown.
    case failed
}

/// The body of `POST /v1/content/events`.
public struct ContentEventRequest: Codable, Sendable, Equatable {
    public var impressionID: String
    public var event: ContentEventType

    public init(impressionID: String, event: ContentEventType) {
        self.impressionID = impressionID
        self.event = event
    }

    enum CodingKeys: String, CodingKey {
        case event
        case impressionID = "impression_id"
    }
}

/// The answer to a content event: for a reward unit's click, its receipt.
public struct ContentEventRecorded: Codable, Sendable, Equatable {
    public var event: ContentEventType
    public var receipt: RewardReceipt?

    public init(event: ContentEventType, receipt: RewardReceipt? = nil) {
        self.event = event
        self.receipt = receipt
    }
}

/// A reward the server granted a player: unique, signed, claimed once.
///
/// `token` is a JWS (compact, EdDSA with Ed25519) whose payload carries the same facts (`jti` the
/// receipt's id, `sub` the player, `unit`, `items`, `amount`, `currency`, `iat`); it verifies with
/// the keys at `/.well-known/reward-keys`, so an app or its own server can check it offline.
public struct RewardReceipt: Codable, Sendable, Equatable {
    public var id: String
    /// `ern:receipt:<id>`.
    public var ern: String
    public var playerID: String
    /// The content unit that granted it.
    public var unit: String
    public var grant: RewardGrant
    public var issuedAt: Date
    /// When it was claimed; nil while unclaimed.
    public var claimedAt: Date?
    /// The wallet transaction that credited its amount, once claimed.
    public var transactionID: String?
    /// The signed receipt.
    public var token: String

    public init(id: String, ern: String, playerID: String, unit: String, grant: RewardGrant, issuedAt: Date, claimedAt: Date?,
                transactionID: String?, token: String) {
        self.id = id
        self.ern = ern
        self.playerID = playerID
        self.unit = unit
        self.grant = grant
        self.issuedAt = issuedAt
        self.claimedAt = claimedAt
        self.transactionID = transactionID
        self.token = token
    }

    enum CodingKeys: String, CodingKey {
        case claimedAt = "claimed_at", ern, grant, id, issuedAt = "issued_at", playerID = "player_id", token,
            transactionID = "transaction_id", unit
    }
}

/// What a receipt's `token` signs (its JWS payload): the receipt's id (`jti`), its player (`sub`),
/// the server (`iss`), when (`iat`, seconds since 1970), the unit and what it grants.
public struct RewardReceiptClaims: Codable, Sendable, Equatable {
    public var iss: String
    public var jti: String
    public var sub: String
    public var iat: Int
    public var unit: String
    public var items: [RewardItem]
    public var amount: String?
    public var currency: String?

    public init(iss: String, jti: String, sub: String, iat: Int, unit: String, items: [RewardItem], amount: String?, currency: String?) {
        self.iss = iss
        self.jti = jti
        self.sub = sub
        self.iat = iat
        self.unit = unit
        self.items = items
        self.amount = amount
        self.currency = currency
    }

    /// Whether these claims say what `receipt` says: its token is about it.
    public func matches(_ receipt: RewardReceipt) -> Bool {
        jti == receipt.id && sub == receipt.playerID && unit == receipt.unit && items == receipt.grant.items
            && amount == receipt.grant.amount?.amount && currency == receipt.grant.amount?.currency
    }
}

/// A placement's notification (`GET /v1/placements/{placement}/notification`): PlayHaven's badge.
public struct PlacementNotification: Codable, Sendable, Equatable {
    /// `badge`; an SDK draws a type it has a renderer for.
    public var type: String
    /// What the badge says: the number of units the player has not seen yet.
    public var value: String

    public init(type: String, value: String) {
        self.type = type
        self.value = value
    }
}

/// The app's own facts about a player (or an installation), which campaigns can target
/// (`PUT /v1/content/properties`): strings by name, e.g. `{"tier": "gold"}`.
public struct AudienceProperties: Codable, Sendable, Equatable {
    public var properties: [String: String]

    public init(properties: [String: String]) {
        self.properties = properties
    }
}

/// Why each campaign of a placement was or was not chosen for someone at a moment
/// (`GET /v1/content/explain`).
public struct PlacementExplanation: Codable, Sendable, Equatable {
    public var placement: String
    public var at: Date
    /// The campaign chosen; nil when nothing qualifies.
    public var chosen: String?
    public var campaigns: [CampaignVerdict]

    public init(placement: String, at: Date, chosen: String?, campaigns: [CampaignVerdict]) {
        self.placement = placement
        self.at = at
        self.chosen = chosen
        self.campaigns = campaigns
    }
}

/// One campaign in an explanation: whether it qualified, and every reason it did not.
public struct CampaignVerdict: Codable, Sendable, Equatable {
    public var campaign: String
    public var unit: String
    public var priority: Int
    public var weight: Int
    public var eligible: Bool
    /// Stable codes, each with what was compared: `not_started (starts 2026-12-01T00:00:00Z)`.
    public var reasons: [String]

    public init(campaign: String, unit: String, priority: Int, weight: Int, eligible: Bool, reasons: [String]) {
        self.campaign = campaign
        self.unit = unit
        self.priority = priority
        self.weight = weight
        self.eligible = eligible
        self.reasons = reasons
    }
}

/// One row of content statistics (`GET /v1/content/stats`): a placement and unit on a day.
public struct ContentStatsRow: Codable, Sendable, Equatable {
    /// `YYYY-MM-DD`, UTC.
    public var day: String
    public var placement: String
    /// Empty for requests nothing filled.
    public var unit: String
    /// The app's opens that day (the same on every row of the day).
    public var opens: Int
    public var requests: Int
    public var fills: Int
    public var displays: Int
    public var clicks: Int
    public var dismissals: Int
    public var failures: Int
    public var unlocks: Int
    /// Displays ÷ opens.
    public var impressionRate: Double

    public init(day: String, placement: String, unit: String, opens: Int, requests: Int, fills: Int, displays: Int, clicks: Int,
                dismissals: Int, failures: Int, unlocks: Int, impressionRate: Double) {
        self.day = day
        self.placement = placement
        self.unit = unit
        self.opens = opens
        self.requests = requests
        self.fills = fills
        self.displays = displays
        self.clicks = clicks
        self.dismissals = dismissals
        self.failures = failures
        self.unlocks = unlocks
        self.impressionRate = impressionRate
    }

    enum CodingKeys: String, CodingKey {
        case clicks, day, dismissals, displays, failures, fills, impressionRate = "impression_rate", opens, placement, requests,
            unit, unlocks
    }
}
