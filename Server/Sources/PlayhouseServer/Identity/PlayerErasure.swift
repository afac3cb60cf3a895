import Foundation
import SQLKit

extension PlayerService {
    /// Everything the player is known by when they sign in (a deleted player's exclusion is kept
    /// under each, ``ExcludedIdentifiers``): their email, their phone number, each installation they
    /// sign in from as `installation:<id>` and each provider account as `provider:<provider id>:<subject>`.
    /// `installations`: theirs (``installations(of:on:)``).
    static func identifiers(of player: Player, installations: [String], on sql: any SQLDatabase) async throws -> [String] {
        let accounts = try await sql.raw("SELECT provider_id, subject FROM federated_identities WHERE player_id = \(bind: player.id)").all()
            .map { providerIdentifier(try $0.decode(column: "provider_id", as: UUID.self), subject: try $0.decode(column: "subject", as: String.self)) }
        return [player.email, player.phoneNumber].compactMap { $0 } + installations.map(installationIdentifier) + accounts
    }

    /// The installations the player signs in from as a guest, the first first.
    static func installations(of playerID: UUID, on sql: any SQLDatabase) async throws -> [String] {
        try await sql.raw("""
            SELECT installation_id FROM player_installations WHERE player_id = \(bind: playerID) ORDER BY created_at, installation_id
            """).all().map { try $0.decode(column: "installation_id", as: String.self) }
    }

    static func installationIdentifier(_ installationID: String) -> String { "installation:" + installationID }

    static func providerIdentifier(_ provider: UUID, subject: String) -> String { "provider:\(provider.uuidString.lowercased()):" + subject }

    /// Erases what identifies the player and every way they sign in (a deleted account,
    /// ``DeleteAccount``), in the caller's transaction: their email, password, phone number, names,
    /// birth date, gender and locale are emptied and their invite code replaced (the row stays,
    /// `deleted_at` set, as the pseudonym the ledger's records name); their installations, provider
    /// accounts, browser sign-ins, consents, pending authorizations and device codes, and the PINs
    /// and texts sent to their phone, are deleted.
    static func erase(_ player: Player, now: Date, on sql: any SQLDatabase) async throws {
        try await sql.raw("DELETE FROM player_installations WHERE player_id = \(bind: player.id)").run()
        try await sql.raw("DELETE FROM federated_identities WHERE player_id = \(bind: player.id)").run()
        try await sql.raw("DELETE FROM browser_sign_ins WHERE player_id = \(bind: player.id)").run()
        try await sql.raw("DELETE FROM player_consents WHERE player_id = \(bind: player.id)").run()
        try await sql.raw("DELETE FROM authorization_codes WHERE player_id = \(bind: player.id)").run()
        try await sql.raw("DELETE FROM authorization_requests WHERE player_id = \(bind: player.id)").run()
        try await sql.raw("DELETE FROM device_authorizations WHERE player_id = \(bind: player.id)").run()
        if let phone = player.phoneNumber {
            try await sql.raw("DELETE FROM phone_pins WHERE app_id = \(bind: player.appID) AND phone_number = \(bind: phone)").run()
            try await sql.raw("DELETE FROM sms_outbox WHERE phone_number = \(bind: phone)").run()
        }
        try await sql.raw("""
            UPDATE players SET email = NULL, password_hash = NULL, phone_number = NULL, display_name = NULL, first_name = NULL,
                birth_date = NULL, gender = NULL, locale = NULL, invite_code = \(bind: newInviteCode()), deleted_at = \(bind: now),
                updated_at = \(bind: now)
            WHERE id = \(bind: player.id)
            """).run()
    }
}
