import Foundation
import PlayhouseAPI
import SQLKit

/// What a placement shows (``PlacementDecision``), its badge, and why: for a player, or for an
/// installation of the app when no player is signed in. Reading a placement is one statement (and
/// the placement's campaigns, which ``CampaignCache`` keeps) and writes nothing; its request and
/// fill are counted in memory (``ContentStats``).
struct PlacementService: Sendable {
    let store: Store
    let now: Date
    let cache: CampaignCache
    let impressionKey: ImpressionKey
    let stats: ContentStats
    let publicURL: String

    /// Who asks: a player (and their play session), and the installation they ask from.
    struct Asker: Sendable {
        var appID: UUID
        var playerID: UUID?
        var sessionID: UUID?
        var installationID: String?
    }

    /// The content `placement` shows `asker` now, in the first of `languages` the unit has; nil when
    /// nothing qualifies.
    func content(_ placement: String, for asker: Asker, languages: [String]) async throws -> PlacementContent? {
        try Self.check(placement: placement)
        async let placed = cache.placement(placement, appID: asker.appID, store: store, now: now)
        let audience = try await audience(asker)
        let campaigns = try await placed
        let chosen = PlacementDecision.decide(campaigns.campaigns, placement: placement, for: audience, at: now)
        let day = PlacementDecision.day(now)
        guard let chosen, let unit = campaigns.units[chosen.unitID] else {
            stats.count(.init(appID: asker.appID, day: day, placement: placement, unit: ""), .init(requests: 1))
            return nil
        }
        stats.count(.init(appID: asker.appID, day: day, placement: placement, unit: unit.slug), .init(requests: 1, fills: 1))
        let impression = Impression(appID: asker.appID, campaignID: chosen.id, unitID: unit.id, placement: placement, subject: audience.subject,
                                    sessionKey: audience.sessionKey, issuedAt: Int(now.timeIntervalSince1970))
        let id = impression.id(key: try await impressionKey.get(store, now: now))
        return Self.wire(unit, impressionID: id, placement: placement, languages: languages, publicURL: publicURL,
                         issuedAt: Date(timeIntervalSince1970: Double(impression.issuedAt)))
    }

    /// The badge of `placement`: how many units `asker` would be shown there and has not been
    /// shown yet, by the same rules as the decision (whatever their priority); nil for none.
    func notification(_ placement: String, for asker: Asker) async throws -> PlacementNotification? {
        try Self.check(placement: placement)
        async let placed = cache.placement(placement, appID: asker.appID, store: store, now: now)
        let audience = try await audience(asker)
        let campaigns = try await placed
        let shown = Set(campaigns.campaigns.filter { (audience.displays[$0.id]?.total ?? 0) > 0 }.map(\.unitID))
        let unseen = Set(PlacementDecision.eligible(campaigns.campaigns, for: audience, at: now).map(\.unitID)).subtracting(shown)
        return unseen.isEmpty ? nil : PlacementNotification(type: "badge", value: String(unseen.count))
    }

    /// Why each campaign of `placement` is or is not shown to `asker` at `at`.
    func explain(_ placement: String, for asker: Asker, at: Date) async throws -> PlacementExplanation {
        try Self.check(placement: placement)
        let campaigns = try await CampaignCache.read(placement, appID: asker.appID, store: store)
        var audience = try await audience(asker)
        if asker.sessionID == nil, let latest = audience.latestSessionKey { audience.sessionKey = latest }
        let (chosen, verdicts) = PlacementDecision.explain(campaigns.campaigns, placement: placement, for: audience, at: at)
        return PlacementExplanation(placement: placement, at: at, chosen: chosen?.slug, campaigns: verdicts)
    }

    /// Sets the app's own facts about `asker` (the player, else the installation), replacing those set before.
    func setProperties(_ properties: [String: String], for asker: Asker) async throws {
        var fields: [PlayhouseProblem.Field] = []
        if properties.count > 50 { fields.append(.init(name: "properties", code: "too_many", parameters: ["max": "50"])) }
        for (name, value) in properties where !ContentCheck.isName(name, allowUnderscore: true) || value.utf8.count > 256 {
            fields.append(.init(name: "properties." + String(name.prefix(64)), code: "invalid_value"))
        }
        guard fields.isEmpty else { throw PlayhouseProblem(.unprocessableEntity, .validationFailed, fields: fields) }
        let subject = try Self.subject(asker), json = String(decoding: try JSONEncoder().encode(properties), as: UTF8.self), now = self.now
        try await store.write { sql in
            try await sql.raw("""
                INSERT INTO audience_properties (app_id, subject, properties, updated_at)
                VALUES (\(bind: asker.appID), \(bind: subject), \(bind: json), \(bind: now))
                ON CONFLICT (app_id, subject) DO UPDATE SET properties = excluded.properties, updated_at = excluded.updated_at
                """).run()
        }
    }

    /// Forgets what content knows of the player and of the installations they signed in from (a
    /// deleted account, ``DeleteAccount``): what they were shown and how often, the properties the
    /// app set for them, and the installations' platform, locale and country. In the caller's transaction.
    static func forget(playerID: UUID, installations: [String], appID: UUID, on sql: any SQLDatabase) async throws {
        let subjects = ["p:" + playerID.uuidString.lowercased()] + installations.map { "i:\(appID.uuidString.lowercased()):\($0)" }
        try await sql.raw("DELETE FROM content_displays WHERE subject IN (\(binds: subjects))").run()
        try await sql.raw("DELETE FROM audience_properties WHERE app_id = \(bind: appID) AND subject IN (\(binds: subjects))").run()
        if !installations.isEmpty {
            try await sql.raw("DELETE FROM installations WHERE app_id = \(bind: appID) AND installation_id IN (\(binds: installations))").run()
        }
    }

    /// Whose displays count: the player, else the installation.
    static func subject(_ asker: Asker) throws -> String {
        if let playerID = asker.playerID { return "p:" + playerID.uuidString.lowercased() }
        guard let installation = asker.installationID else {
            throw PlayhouseProblem.invalidQuery("installation_id", "required")
        }
        guard GuestSignIn.isWellFormed(installationID: installation) else { throw PlayhouseProblem.invalidQuery("installation_id") }
        return "i:\(asker.appID.uuidString.lowercased()):\(installation)"
    }

    /// What the campaigns' rules need to know of `asker`, in one read: the installation, the
    /// properties and the deposits, with a row for each campaign the subject has been shown (or
    /// one row with none).
    private func audience(_ asker: Asker) async throws -> Audience {
        if let installation = asker.installationID, !GuestSignIn.isWellFormed(installationID: installation) {
            throw PlayhouseProblem.invalidQuery("installation_id")
        }
        let subject = try Self.subject(asker)
        let deposits = asker.playerID.map { [PaymentService.depositedAlong(playerID: $0)] } ?? []
        let installation = asker.installationID ?? ""
        let rows = try await store.read { sql in
            try await sql.raw("""
                SELECT i.platform, i.app_version, i.locale, i.country, i.first_opened_at, i.opens, ap.properties\(deposits.columns),
                       d.campaign_id, d.day, d.day_count, d.session_key, d.session_count, d.total_count, d.last_displayed_at
                FROM (SELECT 1 AS one) one
                LEFT JOIN installations i ON i.app_id = \(bind: asker.appID) AND i.installation_id = \(bind: installation)
                LEFT JOIN audience_properties ap ON ap.app_id = \(bind: asker.appID) AND ap.subject = \(bind: subject)
                LEFT JOIN content_displays d ON d.subject = \(bind: subject)
                """).all()
        }
        let rolloutKey = asker.playerID?.uuidString.lowercased() ?? installation
        var audience = Audience(subject: subject, rolloutKey: rolloutKey, sessionKey: "")
        if let row = rows.first {
            audience.platform = try row.decode(column: "platform", as: String?.self)
            audience.appVersion = try row.decode(column: "app_version", as: String?.self)
            audience.locale = try row.decode(column: "locale", as: String?.self)
            audience.country = try row.decode(column: "country", as: String?.self)
            audience.firstOpenedAt = try row.decode(column: "first_opened_at", as: Date?.self)
            if let json = try row.decode(column: "properties", as: String?.self) {
                audience.properties = (try? JSONDecoder().decode([String: String].self, from: Data(json.utf8))) ?? [:]
            }
            if !deposits.isEmpty { audience.hasDeposited = try row.decode(column: "has_deposited", as: Bool.self) }
            let opens = try row.decode(column: "opens", as: Int?.self) ?? 0
            audience.sessionKey = asker.sessionID.map { "s:" + $0.uuidString.lowercased() } ?? "o:" + String(opens)
        }
        var latest: (Date, String)?
        for row in rows {
            guard let campaign = try row.decode(column: "campaign_id", as: UUID?.self) else { continue }
            let counts = DisplayCounts(day: try row.decode(column: "day", as: String.self), dayCount: try row.decode(column: "day_count", as: Int.self),
                                       sessionKey: try row.decode(column: "session_key", as: String.self),
                                       sessionCount: try row.decode(column: "session_count", as: Int.self),
                                       total: try row.decode(column: "total_count", as: Int.self))
            audience.displays[campaign] = counts
            let at = try row.decode(column: "last_displayed_at", as: Date.self)
            if latest == nil || at > latest!.0 { latest = (at, counts.sessionKey) }
        }
        audience.latestSessionKey = latest?.1
        return audience
    }

    /// A placement's name: 1 to 64 lowercase letters, digits, `-` and `_`.
    static func isPlacement(_ name: String) -> Bool { ContentCheck.isName(name, allowUnderscore: true) }

    static func check(placement: String) throws {
        guard isPlacement(placement) else {
            throw PlayhouseProblem(.unprocessableEntity, .validationFailed, fields: [.init(name: "placement", code: "invalid_value")])
        }
    }

    /// A BCP 47 language tag as far as content cares: letters and digits in parts of 1 to 8 joined by `-` or `_`.
    static func isLanguage(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        return tag.utf8.count <= 35 && !parts.isEmpty && parts.allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
            && parts[0].allSatisfy(\.isLetter) && parts[0].count >= 2
    }

    /// A unit on the wire: its texts in the language asked for, its images as URLs, its page.
    static func wire(_ unit: ContentUnit, impressionID: String, placement: String, languages: [String], publicURL: String,
                     issuedAt: Date) -> PlacementContent {
        let (language, texts) = unit.texts(for: languages)
        let definition = unit.definition
        return PlacementContent(impressionID: impressionID, placement: placement, unit: unit.slug, ern: ERN.make("content", unit.slug),
                                kind: definition.kind, language: language, title: texts.title, body: texts.body,
                                actionLabel: texts.actionLabel, action: definition.action, reward: unit.grant,
                                images: definition.images.mapValues { publicURL + Assets.path($0) }, html: definition.html,
                                pageURL: publicURL + "/content/" + impressionID,
                                pageExpiresAt: issuedAt.addingTimeInterval(Impression.pageLifetime))
    }
}
