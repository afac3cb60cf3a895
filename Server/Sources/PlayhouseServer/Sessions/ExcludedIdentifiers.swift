import Foundation
import SQLKit

/// A deleted player's cool-off or self-exclusion outlives the account. Before the erasure, each
/// exclusion in force is kept under a one-way hash of every email and phone number the player had
/// (SHA-256 of the app's id and the identifier as the server normalises it), until it ends; nothing
/// else of the player is kept. A player of the app who signs up with one of them, or links one,
/// before then is kept out until then too, and the sweep forgets a row once its time is over.
///
/// A hash keeps an email or a phone number from being read, not from being guessed: whoever holds
/// the database could try every phone number. It is kept for the exclusion's time only.
enum ExcludedIdentifiers {
    /// The hash an identifier of `appID`'s is kept under.
    static func hash(_ identifier: String, appID: UUID) -> String {
        SecretToken.hash(appID.uuidString.lowercased() + ":" + identifier)
    }

    /// Keeps `limits`' cool-off and self-exclusion in force under the hashes of `identifiers`, in
    /// the caller's transaction.
    static func keep(_ limits: Limits, identifiers: [String], appID: UUID, on sql: any SQLDatabase) async throws {
        for name in [LimitName.coolOff, .selfExclusion] {
            guard let until = limits.values[name] else { continue }
            for identifier in identifiers {
                try await sql.raw("""
                    INSERT INTO excluded_identifiers (id, app_id, identifier_hash, name, excluded_until)
                    VALUES (\(bind: UUID.random()), \(bind: appID), \(bind: hash(identifier, appID: appID)), \(bind: name.key), \(bind: until))
                    """).run()
            }
        }
    }

    /// The statements that give the player `playerID` the exclusions kept for any of
    /// `identifiers` that have not ended by `now`, written with what gives the player those
    /// identifiers (a sign-up, a link). An exclusion the player has already that ends later stays.
    static func applying(to playerID: UUID, identifiers: [String], appID: UUID, now: Date) -> [SQLQueryString] {
        guard !identifiers.isEmpty else { return [] }
        let hashes = identifiers.map { hash($0, appID: appID) }
        return [LimitName.coolOff, .selfExclusion].map { name in
            """
            INSERT INTO player_limits (id, player_id, name, value)
            SELECT \(bind: UUID.random()), \(bind: playerID), name, MAX(excluded_until) FROM excluded_identifiers
            WHERE app_id = \(bind: appID) AND name = \(bind: name.key) AND identifier_hash IN (\(binds: hashes))
              AND excluded_until > \(bind: Int64(now.timeIntervalSince1970))
            GROUP BY name
            ON CONFLICT (player_id, name) DO UPDATE SET value =
                CASE WHEN player_limits.value IS NULL OR excluded.value > player_limits.value THEN excluded.value ELSE player_limits.value END
            """
        }
    }

    /// Forgets the exclusions that have ended.
    static func forgetEnded(_ store: Store, now: Date) async throws {
        try await store.write { sql in
            try await sql.raw("DELETE FROM excluded_identifiers WHERE excluded_until <= \(bind: Int64(now.timeIntervalSince1970))").run()
        }
    }
}

extension BackgroundWork {
    /// Forgets deleted players' exclusions once they have ended (``ExcludedIdentifiers``) every
    /// `interval`. Every instance may run one: a second finds nothing.
    public static func exclusionSweeper(every interval: Duration) -> BackgroundWork {
        BackgroundWork("Forgetting ended exclusions of deleted players", every: interval) { application in
            try await ExcludedIdentifiers.forgetEnded(application.store, now: application.now)
        }
    }
}
