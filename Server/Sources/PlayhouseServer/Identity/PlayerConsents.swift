import Foundation
import SQLKit

/// The scopes a player has allowed their app on the consent page, a row each. A sign-in asking
/// for no more than those goes straight back to the app; one asking for a new scope asks again,
/// and allowing it adds it. (A player belongs to one app, so the player's consent is their app's.)
struct PlayerConsents: Sendable {
    let store: Store
    let now: Date

    /// Whether `playerID` has allowed every one of `scopes`.
    func cover(_ scopes: [String], playerID: UUID) async throws -> Bool {
        let allowed = try await granted(playerID)
        return scopes.allSatisfy(allowed.contains)
    }

    /// Records that `playerID` allowed `scopes`, beside what they allowed before, and no longer
    /// allows `withdrawn` (scopes asked for that they left out this time, such as a game's profile
    /// they unticked), all or none.
    func grant(_ scopes: [String], withdrawing withdrawn: [String] = [], playerID: UUID) async throws {
        let now = self.now
        let rows = scopes.uniqued().map { "(\(bind: playerID), \(bind: $0), \(bind: now))" as SQLQueryString }
        var statements: [SQLQueryString] = []
        if !withdrawn.isEmpty {
            statements.append("DELETE FROM player_consents WHERE player_id = \(bind: playerID) AND scope IN (\(binds: withdrawn.uniqued()))")
        }
        if !rows.isEmpty {
            statements.append("""
                INSERT INTO player_consents (player_id, scope, granted_at) VALUES \(rows.joined(separator: ", "))
                ON CONFLICT (player_id, scope) DO NOTHING
                """)
        }
        guard !statements.isEmpty else { return }
        try await store.write(statements)
    }

    private func granted(_ playerID: UUID) async throws -> [String] {
        try await store.read { sql in
            try await sql.raw("SELECT scope FROM player_consents WHERE player_id = \(bind: playerID)").all()
        }.map { try $0.decode(column: "scope", as: String.self) }
    }
}
