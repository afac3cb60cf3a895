import Fluent
import Foundation
import PlayhouseAPI
import SQLKit

/// A player of one app. Players never cross apps, so sandbox players never touch production.
/// A player signs in with email and password (stored only as a bcrypt hash), a verified phone
/// number, a provider's account, an installation of the app (a guest), or several of these.
struct Player: Sendable {
    var id: UUID
    var appID: UUID
    var email: String?
    var passwordHash: String?
    var phoneNumber: String?
    var displayName: String?
    var firstName: String?
    var birthDate: String?
    var gender: String?
    var locale: String?
    var inviteCode: String
    /// The currency the player chose to see first in this app's wallet (`PATCH /v1/account`).
    var currency: String?
    /// Signed up by an installation of the app alone (``GuestSignIn``), and no email, phone number
    /// or provider account linked since.
    var guest: Bool
    var createdAt: Date
    /// When the account was deleted (``DeleteAccount``): the row is what the ledger's records name,
    /// and nothing in it names a person.
    var deletedAt: Date?

    var profileComplete: Bool { firstName != nil && birthDate != nil && gender != nil }

    /// A new player of `appID`, with a fresh invite code, created `now`.
    init(appID: UUID, now: Date, guest: Bool = false) {
        self.init(id: UUID.random(), appID: appID, inviteCode: PlayerService.newInviteCode(), guest: guest, createdAt: now)
    }

    init(id: UUID, appID: UUID, email: String? = nil, passwordHash: String? = nil, phoneNumber: String? = nil, displayName: String? = nil,
         firstName: String? = nil, birthDate: String? = nil, gender: String? = nil, locale: String? = nil, inviteCode: String,
         currency: String? = nil, guest: Bool, createdAt: Date, deletedAt: Date? = nil) {
        self.id = id
        self.appID = appID
        self.email = email
        self.passwordHash = passwordHash
        self.phoneNumber = phoneNumber
        self.displayName = displayName
        self.firstName = firstName
        self.birthDate = birthDate
        self.gender = gender
        self.locale = locale
        self.inviteCode = inviteCode
        self.currency = currency
        self.guest = guest
        self.createdAt = createdAt
        self.deletedAt = deletedAt
    }

    /// Every column of the players table, as ``init(row:)`` reads them.
    static let columns: SQLQueryString = """
        id, app_id, email, password_hash, phone_number, display_name, first_name, birth_date, gender, locale, invite_code, currency, \
        guest, created_at, deleted_at
        """

    init(row: some SQLRow) throws {
        self.init(id: try row.decode(column: "id", as: UUID.self), appID: try row.decode(column: "app_id", as: UUID.self),
                  email: try row.decode(column: "email", as: String?.self), passwordHash: try row.decode(column: "password_hash", as: String?.self),
                  phoneNumber: try row.decode(column: "phone_number", as: String?.self),
                  displayName: try row.decode(column: "display_name", as: String?.self),
                  firstName: try row.decode(column: "first_name", as: String?.self), birthDate: try row.decode(column: "birth_date", as: String?.self),
                  gender: try row.decode(column: "gender", as: String?.self), locale: try row.decode(column: "locale", as: String?.self),
                  inviteCode: try row.decode(column: "invite_code", as: String.self), currency: try row.decode(column: "currency", as: String?.self),
                  guest: try row.decode(column: "guest", as: Bool.self),
                  createdAt: try row.decode(column: "created_at", as: Date?.self) ?? Date(timeIntervalSince1970: 0),
                  deletedAt: try row.decode(column: "deleted_at", as: Date?.self))
    }

    /// The statements that store this new player: the player, and the cool-off or self-exclusion
    /// of a deleted player that had their email or phone number, or `also` (an installation, a
    /// provider account: ``PlayerService/identifiers(of:on:)``; ``ExcludedIdentifiers``).
    func storing(also identifiers: [String] = []) -> [SQLQueryString] {
        [insert] + ExcludedIdentifiers.applying(to: id, identifiers: [email, phoneNumber].compactMap { $0 } + identifiers, appID: appID, now: createdAt)
    }

    /// The statement that stores this new player.
    private var insert: SQLQueryString {
        """
        INSERT INTO players (id, app_id, email, password_hash, phone_number, display_name, first_name, birth_date, gender, locale,
                             invite_code, currency, guest, created_at, updated_at)
        VALUES (\(bind: id), \(bind: appID), \(bind: email), \(bind: passwordHash), \(bind: phoneNumber), \(bind: displayName),
                \(bind: firstName), \(bind: birthDate), \(bind: gender), \(bind: locale), \(bind: inviteCode), \(bind: currency),
                \(bind: guest), \(bind: createdAt), \(bind: createdAt))
        """
    }
}
