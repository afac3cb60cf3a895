import Foundation
import PlayhouseAPI
import SQLKit

/// What a player signs in with, linked after they signed up: a guest (``GuestSignIn``) links a
/// phone number, an email and password, or a provider account, and stays the same player, with
/// their wallet and history. Each of these belongs to one player of an app at most: linking one
/// that another player has is refused (`409 identity_taken`), and changes nothing.
struct PlayerLinks: Sendable {
    let store: Store
    let now: Date

    /// Links the phone number the PIN proves (texted by `POST /v1/auth/phone/pin`).
    func linkPhone(_ phoneNumber: String, pin: String, app: AppRecord, playerID: UUID) async throws {
        let phone = try await PhonePinService(store: store, now: now).prove(phoneNumber: phoneNumber, pin: pin, app: app)
        try await link("phone_number", phone, app: app.id, to: playerID) { sql in
            try await sql.raw("UPDATE players SET phone_number = \(bind: phone) WHERE id = \(bind: playerID)").run()
        }
    }

    /// Links an email and password (the hosted account page) to a player who has no password yet.
    func linkEmail(_ email: String, passwordHash: String, appID: UUID, playerID: UUID) async throws {
        try await link("email", email, app: appID, to: playerID) { sql in
            guard try await sql.claimed("""
                UPDATE players SET email = \(bind: email), password_hash = \(bind: passwordHash)
                WHERE id = \(bind: playerID) AND password_hash IS NULL RETURNING id
                """) else { throw PlayhouseProblem(.conflict, .alreadyLinked, fields: [.init(name: "password", code: "taken")]) }
        }
    }

    /// Runs `write`, which links `identity` (its `value`) to the player, in a transaction that also
    /// ends their being a guest and gives them a deleted player's exclusion kept for it
    /// (``ExcludedIdentifiers``); a constraint it breaks means another player has it.
    private func link(_ identity: String, _ value: String, app appID: UUID, to playerID: UUID,
                      _ write: @escaping @Sendable (any SQLDatabase) async throws -> Void) async throws {
        let now = self.now
        do {
            try await store.transaction { sql in
                try await write(sql)
                try await Self.linked(playerID, at: now, on: sql)
                for statement in ExcludedIdentifiers.applying(to: playerID, identifiers: [value], appID: appID, now: now) {
                    try await sql.raw(statement).run()
                }
            }
        } catch where Store.isConstraintViolation(error) {
            throw Self.identityTaken(identity)
        }
    }

    /// After a link, the player is a guest no more.
    static func linked(_ playerID: UUID, at now: Date, on sql: any SQLDatabase) async throws {
        try await sql.raw("UPDATE players SET guest = \(bind: false), updated_at = \(bind: now) WHERE id = \(bind: playerID)").run()
    }

    /// Another player of the app already signs in with what the request's field `field` names
    /// (`phone_number`, `email`, `subject_token`).
    static func identityTaken(_ field: String) -> PlayhouseProblem {
        PlayhouseProblem(.conflict, .identityTaken, fields: [.init(name: field, code: "taken")])
    }
}
