import Foundation
import PlayhouseAPI
import SQLKit

/// Opens of the app (PlayHaven's game-open tracking): each installation's platform, app version,
/// locale and country as of its last open, which campaigns target, and the app's opens and
/// installs per day, which impression rates are computed against.
struct OpensService: Sendable {
    let store: Store
    let now: Date

    /// Records an open of `open.installationID`; its first is the installation's install.
    /// `headerCountry` is a country a proxy in front named (`CF-IPCountry`).
    func record(_ open: OpenRequest, appID: UUID, headerCountry: String?) async throws -> OpenRecorded {
        var fields: [PlayhouseProblem.Field] = []
        if !GuestSignIn.isWellFormed(installationID: open.installationID) { fields.append(.init(name: "installation_id", code: "invalid_value")) }
        if !Self.isPlatform(open.platform) { fields.append(.init(name: "platform", code: "invalid_value")) }
        if open.appVersion.utf8.count > 32 || AppVersion(open.appVersion) == nil { fields.append(.init(name: "app_version", code: "invalid_value")) }
        if let os = open.osVersion, os.isEmpty || os.utf8.count > 64 { fields.append(.init(name: "os_version", code: "invalid_value")) }
        if let locale = open.locale, !PlacementService.isLanguage(locale) { fields.append(.init(name: "locale", code: "invalid_value")) }
        if let country = open.country, !Self.isCountry(country) { fields.append(.init(name: "country", code: "invalid_value")) }
        guard fields.isEmpty else { throw PlayhouseProblem(.unprocessableEntity, .validationFailed, fields: fields) }
        let country = (open.country ?? headerCountry.flatMap { Self.isCountry($0) ? $0 : nil } ?? PlacementDecision.region(of: open.locale))?.uppercased()
        let now = self.now, day = PlacementDecision.day(now)
        return try await store.transaction { sql in
            guard let row = try await sql.raw("""
                INSERT INTO installations (app_id, installation_id, platform, app_version, os_version, locale, country, opens,
                                           first_opened_at, last_opened_at)
                VALUES (\(bind: appID), \(bind: open.installationID), \(bind: open.platform.lowercased()), \(bind: open.appVersion),
                        \(bind: open.osVersion), \(bind: open.locale), \(bind: country), 1, \(bind: now), \(bind: now))
                ON CONFLICT (app_id, installation_id) DO UPDATE SET platform = excluded.platform, app_version = excluded.app_version,
                    os_version = excluded.os_version, locale = excluded.locale, country = excluded.country,
                    opens = installations.opens + 1, last_opened_at = excluded.last_opened_at
                RETURNING opens, first_opened_at
                """).first() else { throw PlayhouseProblem(.internalServerError, .internalError) }
            let opens = try row.decode(column: "opens", as: Int.self)
            try await sql.raw("""
                INSERT INTO daily_opens (app_id, day, opens, installs) VALUES (\(bind: appID), \(bind: day), 1, \(bind: opens == 1 ? 1 : 0))
                ON CONFLICT (app_id, day) DO UPDATE SET opens = daily_opens.opens + 1, installs = daily_opens.installs + excluded.installs
                """).run()
            return OpenRecorded(installationID: open.installationID, install: opens == 1, opens: opens,
                                firstOpenedAt: try row.decode(column: "first_opened_at", as: Date.self))
        }
    }

    /// 1 to 32 lowercase letters and digits: `ios`, `android`.
    /// A statement reading the app's opens per day (`day`, `n`) from `since` (`YYYY-MM-DD`) on.
    static func perDay(appID: UUID, since: String) -> SQLQueryString {
        "SELECT day, opens AS n FROM daily_opens WHERE app_id = \(bind: appID) AND day >= \(bind: since)"
    }

    static func isPlatform(_ text: String) -> Bool {
        ASCIIShape.matches(text.lowercased(), length: 1...32, first: ASCIIShape.isLowercase, rest: ASCIIShape.isLowercaseOrDigit)
    }

    /// Two letters.
    static func isCountry(_ text: String) -> Bool {
        text.utf8.count == 2 && text.utf8.allSatisfy(ASCIIShape.isLetter)
    }
}
