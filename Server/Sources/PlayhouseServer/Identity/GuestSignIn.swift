import Foundation
import PlayhouseAPI
import SQLKit

/// Guest players, as Nakama's device sign-in, Firebase's anonymous sign-in and PlayFab's custom ids
/// have them: an installation of the app signs in with its installation id alone
/// (`urn:playhouse:grant-type:guest`), which makes a player on first use and signs the same player
/// in ever after. The player, the installation, the play session and the tokens are written in
/// one transaction. A guest keeps everything when they later link a phone number, an email and
/// password or a provider account (``PlayerLinks``), and the installation still signs them in.
///
/// The installation id is the guest's only credential: the SDK makes a random one and keeps it.
struct GuestSignIn: Sendable {
    let store: Store
    let now: Date

    /// 16 to 128 characters of letters, digits, `.`, `_` and `-`: room for a UUID, too short to guess.
    static func isWellFormed(installationID id: String) -> Bool {
        (16...128).contains(id.utf8.count) && id.utf8.allSatisfy { ASCIIShape.isUppercase($0) || ASCIIShape.isLowercase($0)
            || ASCIIShape.isDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    /// What the client's read (``ClientAuthenticator/authenticate(form:allowPublic:along:)``) reads
    /// along to find the player `installationID` signs in, for ``signIn(app:installationID:found:with:scope:)``.
    static func along(app: String, installationID: String?) -> ReadAlong {
        let looked = installationID.map { isWellFormed(installationID: $0) ? $0 : "" } ?? ""
        return ReadAlong(columns: """
            \(SQLAlias.installation).player_id AS installation_player_id, \(SQLAlias.installationPlayer).guest AS installation_player_guest
            """, join: """
            LEFT JOIN player_installations \(SQLAlias.installation) ON \(SQLAlias.installation).app_id = \(unsafeRaw: app)
                AND \(SQLAlias.installation).installation_id = \(bind: looked)
            LEFT JOIN players \(SQLAlias.installationPlayer) ON \(SQLAlias.installationPlayer).id = \(SQLAlias.installation).player_id
            """)
    }

    /// Signs the installation's player in, or a new guest up. `found` is the row of the client's
    /// read with ``along(app:installationID:)``, which saves a read; without it the player is looked up.
    func signIn(app: AppRecord, installationID: String, found: (any SQLRow)? = nil, with signIn: PlayerSignIn,
                scope: String) async throws -> TokenResponse {
        guard Self.isWellFormed(installationID: installationID) else {
            throw PlayhouseProblem.invalidRequest("invalid_parameter", ["name": "installation_id"])
        }
        let now = self.now
        // The first look uses the row read already; a second (after a simultaneous first sign-in) reads afresh.
        var readAlready: (id: UUID, guest: Bool)? = try found.flatMap { row in
            try row.decode(column: "installation_player_id", as: UUID?.self).map { (id: $0, guest: try row.decode(column: "installation_player_guest", as: Bool.self)) }
        }
        // An installation proves who a guest is; a player who has linked an email, a phone or a
        // provider proves it with those, so their sign-in here is no recent one (``Principal/requireRecentSignIn(now:)``).
        var guest = true
        return try await signIn.tokens(app: app, scope: scope, existing: {
            let found = if let readAlready { readAlready } else { try await player(app: app, installationID: installationID) }
            readAlready = nil
            guest = found?.guest ?? true
            return found?.id
        }, provesWhoTheyAre: { guest }) {
            let player = Player(appID: app.id, now: now, guest: true)
            return PlayerSignIn.NewPlayer(id: player.id, statements: player.storing(also: [PlayerService.installationIdentifier(installationID)]) + ["""
                INSERT INTO player_installations (id, app_id, installation_id, player_id, created_at)
                VALUES (\(bind: UUID.random()), \(bind: app.id), \(bind: installationID), \(bind: player.id), \(bind: now))
                """])
        }
    }

    /// The player the installation signs in, and whether they are a guest still.
    private func player(app: AppRecord, installationID: String) async throws -> (id: UUID, guest: Bool)? {
        guard let row = try await store.read({ sql in
            try await sql.raw("""
                SELECT i.player_id, p.guest FROM player_installations i JOIN players p ON p.id = i.player_id
                WHERE i.app_id = \(bind: app.id) AND i.installation_id = \(bind: installationID)
                """).first()
        }) else { return nil }
        return (try row.decode(column: "player_id", as: UUID.self), try row.decode(column: "guest", as: Bool.self))
    }
}
