import Foundation
import PlayhouseAPI
import SQLKit

/// Registers players, checks their passwords, and reads and updates their profiles.
struct PlayerService: Sendable {
    let store: Store
    let hasher: PasswordHasher
    let now: Date

    /// Locks the player until `sql`'s transaction ends, so that everything else that takes this
    /// lock, on any server instance, waits its turn: on PostgreSQL the player's row, in the mode
    /// ``rowLock`` names. On SQLite every write transaction holds the file's one write lock from
    /// its start (``SQLiteWriter``), so there is nothing more to take.
    static func lock(_ playerID: UUID, on sql: any SQLDatabase) async throws {
        guard sql.dialect.name != "sqlite" else { return }
        try await sql.raw("SELECT id FROM players WHERE id = \(bind: playerID) \(unsafeRaw: rowLock)").run()
    }

    /// The player's lock: it waits for every other holder of it and for a change to the player's
    /// row, but not for a row written meanwhile that refers to the player (a first deposit's new
    /// wallet, whose foreign key takes `FOR KEY SHARE`). `FOR UPDATE` would: a movement holding the
    /// lock and creating that same wallet then deadlocked with the deposit.
    static let rowLock = "FOR NO KEY UPDATE"

    /// A new player of `appID` with this email and password, signed up at `now`. The email must be free in the app.
    func register(appID: UUID, email: String, password: String, now: Date) async throws -> Player {
        var fields: [PlayhouseProblem.Field] = []
        let email = Self.normalisedEmail(email)
        if email == nil { fields.append(.init(name: "email", code: "invalid_value")) }
        fields += Self.passwordProblems(password)
        guard fields.isEmpty, let email else { throw PlayhouseProblem.validation(fields) }
        if try await find(appID: appID, email: email) != nil { throw Self.emailTaken }
        var player = Player(appID: appID, now: now)
        player.email = email
        player.passwordHash = try await hasher.hash(password)
        do {
            try await store.write(player.storing())
        } catch where Store.isConstraintViolation(error) {
            throw Self.emailTaken
        }
        return player
    }

    /// The player of `appID` with this email and password, or nil. Takes as long for an unknown
    /// email as for a wrong password.
    func authenticate(appID: UUID, email: String, password: String) async throws -> Player? {
        var player: Player?
        if let email = Self.normalisedEmail(email) { player = try await find(appID: appID, email: email) }
        let matches = try await hasher.verify(password, against: player?.passwordHash)
        return matches ? player : nil
    }

    /// The display name (`display_name`, null when none) of the player whose id is in
    /// `playerColumn` of another feature's row, read along with it.
    static func alongDisplayName(of playerColumn: SQLQueryString) -> ReadAlong {
        ReadAlong(columns: "\(SQLAlias.namedPlayer).display_name",
                  join: "LEFT JOIN players \(SQLAlias.namedPlayer) ON \(SQLAlias.namedPlayer).id = \(playerColumn)")
    }

    func find(_ playerID: UUID, appID: UUID) async throws -> Player? {
        try await store.read { sql in
            try await sql.raw("SELECT \(Player.columns) FROM players WHERE id = \(bind: playerID) AND app_id = \(bind: appID)").first()
        }.map { try Player(row: $0) }
    }

    /// The player of `appID` that `reference` names: their id, or their email (normalised here).
    func find(appID: UUID, idOrEmail reference: String) async throws -> Player? {
        if let id = UUID(uuidString: reference) { return try await find(id, appID: appID) }
        guard let email = Self.normalisedEmail(reference) else { return nil }
        return try await find(appID: appID, email: email)
    }

    /// The players of `appID` that `text` names exactly: by id, email, phone number or invite code
    /// (each with its own index), the first 50 by sign-up.
    func search(appID: UUID, _ text: String) async throws -> [Player] {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.utf8.count <= 254 else { return [] }
        // One indexed equality per way the text can name a player, each its own SELECT: as one
        // WHERE of ORs, the planner may walk the whole app's players instead.
        var matches: [SQLQueryString] = ["phone_number = \(bind: text)", "invite_code = \(bind: text.uppercased())"]
        if let id = UUID(uuidString: text) { matches.append("id = \(bind: id)") }
        if let email = Self.normalisedEmail(text) { matches.append("email = \(bind: email)") }
        let union = matches.map { "SELECT \(Player.columns) FROM players WHERE app_id = \(bind: appID) AND \($0)" as SQLQueryString }
            .joined(separator: " UNION ")
        return try await store.read { sql in
            try await sql.raw("\(union) ORDER BY created_at LIMIT 50").all()
        }.map { try Player(row: $0) }
    }

    /// A statement counting the app's sign-ups from `start` until `end` (as `n`), by its (app, time) index.
    static func signUps(appID: UUID, from start: Date, to end: Date) -> SQLQueryString {
        "SELECT COUNT(*) AS n FROM players WHERE app_id = \(bind: appID) AND created_at >= \(bind: start) AND created_at < \(bind: end)"
    }

    /// The player of `appID` with this (normalised) email.
    func find(appID: UUID, email: String) async throws -> Player? {
        try await store.read { sql in
            try await sql.raw("SELECT \(Player.columns) FROM players WHERE app_id = \(bind: appID) AND email = \(bind: email)").first()
        }.map { try Player(row: $0) }
    }

    /// Applies the fields `update` carries; nothing changes unless all of them are valid.
    func update(_ player: Player, with update: ProfileUpdate) async throws -> Player {
        var player = player
        var fields: [PlayhouseProblem.Field] = []
        func text(_ value: String?, _ name: String, max: Int) -> String?? {
            guard let value else { return .none }
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            // Counted as the API's schema counts (maxLength: code points), in the value as sent.
            if value.unicodeScalars.count > max { fields.append(.init(name: name, code: "too_long", parameters: ["max": String(max)])) }
            if trimmed.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) }) {
                fields.append(.init(name: name, code: "invalid_value"))
            }
            return .some(trimmed.isEmpty ? nil : trimmed)
        }
        let displayName = text(update.displayName, "display_name", max: 50)
        let firstName = text(update.firstName, "first_name", max: 50)
        if let birthDate = update.birthDate, !birthDate.isEmpty, !Self.isValidBirthDate(birthDate, today: now) {
            fields.append(.init(name: "birth_date", code: "invalid_value"))
        }
        if let locale = update.locale, !locale.isEmpty, !Self.isValidLocale(locale) {
            fields.append(.init(name: "locale", code: "invalid_value"))
        }
        var email: String?
        if let sent = update.email {
            email = Self.normalisedEmail(sent)
            if email == nil { fields.append(.init(name: "email", code: "invalid_value")) }
        }
        guard fields.isEmpty else { throw PlayhouseProblem.validation(fields) }

        if let displayName { player.displayName = displayName }
        if let firstName { player.firstName = firstName }
        if let birthDate = update.birthDate { player.birthDate = birthDate.isEmpty ? nil : birthDate }
        if let gender = update.gender { player.gender = gender.rawValue }
        if let locale = update.locale { player.locale = locale.isEmpty ? nil : locale }
        if let email, email != player.email {
            if try await find(appID: player.appID, email: email) != nil { throw Self.emailTaken }
            player.email = email
        }
        // A new email brings a deleted player's exclusion kept for it (``ExcludedIdentifiers``).
        let excluding = email.map { ExcludedIdentifiers.applying(to: player.id, identifiers: [$0], appID: player.appID, now: now) } ?? []
        do {
            try await store.transaction { [player] sql in
                try await sql.raw("""
                    UPDATE players SET display_name = \(bind: player.displayName), first_name = \(bind: player.firstName),
                        birth_date = \(bind: player.birthDate), gender = \(bind: player.gender), locale = \(bind: player.locale),
                        email = \(bind: player.email), updated_at = \(bind: now)
                    WHERE id = \(bind: player.id)
                    """).run()
                for statement in excluding { try await sql.raw(statement).run() }
            }
        } catch where Store.isConstraintViolation(error) {
            throw Self.emailTaken
        }
        return player
    }

    /// Sets the currency the player sees first (the wallet checks it is one of the app's).
    func setCurrency(_ code: String, of playerID: UUID) async throws {
        let now = self.now
        try await store.write { sql in
            try await sql.raw("UPDATE players SET currency = \(bind: code), updated_at = \(bind: now) WHERE id = \(bind: playerID)").run()
        }
    }

    static var emailTaken: PlayhouseProblem {
        PlayhouseProblem(.conflict, .emailTaken, fields: [.init(name: "email", code: "taken")])
    }

    /// The email in lower case, or nil when it cannot be an address. The same pattern is in the
    /// OpenAPI document: ASCII addresses with a dotted domain (checked by ``ASCIIShape/isEmailAddress(_:)``).
    static let emailPattern = "^[A-Za-z0-9.!#$%&'*+/=?^_{|}~-]+@[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?([.][A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$"

    static func normalisedEmail(_ email: String) -> String? {
        let email = ASCIIShape.trimmingWhitespace(email).lowercased()
        guard email.utf8.count <= 254, let at = email.firstIndex(of: "@"), email.utf8.distance(from: email.startIndex, to: at) <= 64,
              ASCIIShape.isEmailAddress(email)
        else { return nil }
        return email
    }

    static func passwordProblems(_ password: String) -> [PlayhouseProblem.Field] {
        if password.count < PasswordHasher.minimumCharacters {
            return [.init(name: "password", code: "too_short", parameters: ["min": String(PasswordHasher.minimumCharacters)])]
        }
        if password.utf8.count > PasswordHasher.maximumBytes {
            return [.init(name: "password", code: "too_long", parameters: ["max": String(PasswordHasher.maximumBytes)])]
        }
        if password.unicodeScalars.contains(where: { $0.value == 0 }) {
            return [.init(name: "password", code: "invalid_value")]
        }
        return []
    }

    /// `YYYY-MM-DD`, a real calendar day between 1900-01-01 and today.
    static func isValidBirthDate(_ text: String, today: Date) -> Bool {
        guard text.utf8.count == 10, text.range(of: #"^\d{4}-\d{2}-\d{2}$"#, options: .regularExpression) != nil else { return false }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let numbers = text.split(separator: "-").compactMap { Int($0) }
        let components = DateComponents(year: numbers[0], month: numbers[1], day: numbers[2])
        guard components.isValidDate(in: calendar), let date = calendar.date(from: components) else { return false }
        return numbers[0] >= 1900 && date <= today
    }

    /// A BCP 47 language tag such as `en`, `da-DK` or `de_AT`.
    static func isValidLocale(_ text: String) -> Bool {
        text.utf8.count <= 35 && ASCIIShape.isLocale(text)
    }

    /// Eight characters from an alphabet without look-alikes (no 0/O, 1/I/L).
    static func newInviteCode() -> String {
        SecretToken.randomCharacters(8, from: Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ"))
    }
}

extension Player {
    /// The player as `/oauth/userinfo` describes them; profile claims only `withProfile`, and
    /// `guest` (Playhouse's own claim) for a guest whatever the scopes.
    func userInfo(withProfile: Bool) -> UserInfo {
        let sub = id.uuidString.lowercased()
        let guest: Bool? = guest ? true : nil
        guard withProfile else { return UserInfo(sub: sub, guest: guest) }
        return UserInfo(sub: sub, name: displayName, givenName: firstName, email: email, phoneNumber: phoneNumber,
                        locale: locale, birthdate: birthDate, gender: gender, guest: guest)
    }

    /// The profile as the player sees it.
    func profile() -> PlayerProfile {
        let id = id.uuidString.lowercased()
        return PlayerProfile(id: id, ern: ERN.make("player", id), displayName: displayName, firstName: firstName,
                             birthDate: birthDate, gender: gender.flatMap(Gender.init(rawValue:)), locale: locale,
                             email: email, phoneNumber: phoneNumber, inviteCode: inviteCode,
                             profileComplete: profileComplete, guest: guest, createdAt: createdAt)
    }
}
