import Fluent
import Foundation
import SQLKit

/// Who is signed in on the hosted pages in a browser, per app, so that a second sign-in from the
/// same browser (`/oauth/authorize`, a code typed at `/device`) does not ask for the password again.
///
/// A browser is known by its cookie (``AuthorizePageController/browserCookie``), stored only as a
/// digest. A browser sign-in lasts ``PlayhouseConfiguration/browserSignInLifetime`` and ends
/// sooner when the player signs out of the browser (`/oauth/logout`), logs out of the app
/// (`POST /v1/auth/logout`) or has a token revoked: no sign-in outlives a logout.
struct BrowserSignIns: Sendable {
    let store: Store
    let now: Date

    /// A player signed in in a browser, and when they typed their credentials (OpenID Connect's
    /// `auth_time`).
    struct SignIn: Sendable {
        var playerID: UUID
        var signedInAt: Date
    }

    /// The player signed in to `appID` in the browser `browser`, if the sign-in is still good.
    func current(browser: String, appID: UUID) async throws -> SignIn? {
        let hash = SecretToken.hash(browser), now = self.now
        return try await store.read { sql in
            try await sql.raw("""
                SELECT player_id, signed_in_at FROM browser_sign_ins
                WHERE browser_hash = \(bind: hash) AND app_id = \(bind: appID) AND expires_at > \(bind: now)
                """).first()
        }.map { SignIn(playerID: try $0.decode(column: "player_id", as: UUID.self),
                       signedInAt: try $0.decode(column: "signed_in_at", as: Date.self)) }
    }

    /// Remembers that `playerID` signed in to `appID` in `browser` now, replacing whoever was
    /// signed in to that app there before.
    func remember(browser: String, appID: UUID, playerID: UUID, lifetime: TimeInterval) async throws {
        let hash = SecretToken.hash(browser), now = self.now
        try await store.write { sql in
            try await sql.raw("""
                INSERT INTO browser_sign_ins (id, browser_hash, app_id, player_id, signed_in_at, expires_at)
                VALUES (\(bind: UUID.random()), \(bind: hash), \(bind: appID), \(bind: playerID), \(bind: now),
                        \(bind: now.addingTimeInterval(lifetime)))
                ON CONFLICT (browser_hash, app_id) DO UPDATE SET player_id = excluded.player_id,
                    signed_in_at = excluded.signed_in_at, expires_at = excluded.expires_at
                """).run()
        }
    }

    /// Signs every player out of `browser`.
    func end(browser: String) async throws {
        let hash = SecretToken.hash(browser)
        try await store.write { sql in
            try await sql.raw("DELETE FROM browser_sign_ins WHERE browser_hash = \(bind: hash)").run()
        }
    }

    /// Signs `playerID` out of every browser.
    func end(playerID: UUID) async throws {
        try await store.write { sql in
            try await sql.raw("DELETE FROM browser_sign_ins WHERE player_id = \(bind: playerID)").run()
        }
    }
}
