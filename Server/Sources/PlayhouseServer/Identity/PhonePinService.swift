import Foundation
import PlayhouseAPI
import SQLKit

/// Signs players in by phone number (Kuggle's registration): a 6-digit PIN is texted, then exchanged
/// at the token endpoint. PINs expire after 10 minutes and allow 5 attempts; a number gets at most 3
/// texts per 10 minutes.
struct PhonePinService: Sendable {
    let store: Store
    let now: Date

    static let lifetime: TimeInterval = 600
    static let maximumAttempts = 5
    static let sendsPerWindow = 3

    /// A phone number in E.164 form (`+` and 7 to 15 digits), or nil.
    static func normalised(_ phoneNumber: String) -> String? {
        let compact = phoneNumber.filter { $0 != " " && $0 != "-" }
        return compact.range(of: #"^\+[1-9][0-9]{6,14}$"#, options: .regularExpression) != nil ? compact : nil
    }

    /// Creates a PIN for the number (replacing any earlier one) and texts it.
    func send(to phoneNumber: String, app: AppRecord, sender: any SMSSender, localizer: Localizer) async throws -> Int {
        guard let phone = Self.normalised(phoneNumber) else {
            throw PlayhouseProblem.validation([.init(name: "phone_number", code: "invalid_value")])
        }
        let limiter = WindowRateLimiter(store: store, limit: Self.sendsPerWindow, window: Int(Self.lifetime), now: now)
        let key = "pin_send:" + SecretToken.hash(app.id.uuidString + ":" + phone)
        if let seconds = try await limiter.retryAfter(key) {
            throw PlayhouseProblem(.tooManyRequests, .rateLimited, message: "pin_send_limited", parameters: ["seconds": String(seconds)],
                                   headers: ["Retry-After": String(seconds)])
        }
        try await limiter.record(key)

        let pin = String(format: "%06d", Int.random(in: 0..<1_000_000))
        let id = UUID.random(), now = self.now
        try await store.transaction { sql in
            try await sql.raw("""
                UPDATE phone_pins SET used_at = \(bind: now) WHERE app_id = \(bind: app.id) AND phone_number = \(bind: phone) AND used_at IS NULL
                """).run()
            try await sql.raw("""
                INSERT INTO phone_pins (id, app_id, phone_number, pin_hash, attempts, expires_at)
                VALUES (\(bind: id), \(bind: app.id), \(bind: phone), \(bind: Self.digest(pin, id: id)), 0, \(bind: now.addingTimeInterval(Self.lifetime)))
                """).run()
        }
        await ExpiredGrantSweeper(store: store, now: now).sweepSometimes()
        try await sender.send(to: phone, text: localizer.detail(for: "sms.pin", ["app": app.name, "pin": pin, "minutes": "10"]))
        return Int(Self.lifetime)
    }

    /// Signs in the player whose number this PIN proves, signing them up on first use.
    func signIn(phoneNumber: String, pin: String, app: AppRecord, with signIn: PlayerSignIn, scope: String) async throws -> TokenResponse {
        let phone = try await prove(phoneNumber: phoneNumber, pin: pin, app: app), now = self.now
        return try await signIn.tokens(app: app, scope: scope, existing: { try await player(appID: app.id, phone: phone)?.id }) {
            var player = Player(appID: app.id, now: now)
            player.phoneNumber = phone
            return PlayerSignIn.NewPlayer(id: player.id, statements: player.storing())
        }
    }

    /// The player whose number this PIN proves, created on first sign-in (on the hosted page).
    func verify(phoneNumber: String, pin: String, app: AppRecord) async throws -> Player {
        let phone = try await prove(phoneNumber: phoneNumber, pin: pin, app: app)
        if let player = try await player(appID: app.id, phone: phone) { return player }
        var player = Player(appID: app.id, now: now)
        player.phoneNumber = phone
        do {
            try await store.write(player.storing())
        } catch where Store.isConstraintViolation(error) {
            // Another sign-in created the player a moment ago.
            guard let existing = try await self.player(appID: app.id, phone: phone) else { throw error }
            return existing
        }
        return player
    }

    /// Uses the PIN texted to the number, and answers the number (normalised) it proves.
    func prove(phoneNumber: String, pin: String, app: AppRecord) async throws -> String {
        let now = self.now
        guard let phone = Self.normalised(phoneNumber),
              let record = try await store.read({ sql in
                  try await sql.raw("""
                      SELECT id, pin_hash, expires_at FROM phone_pins
                      WHERE app_id = \(bind: app.id) AND phone_number = \(bind: phone) AND used_at IS NULL ORDER BY expires_at DESC LIMIT 1
                      """).first()
              }),
              try record.decode(column: "expires_at", as: Date.self) > now
        else { throw PlayhouseProblem.invalidGrant("pin_invalid") }
        let id = try record.decode(column: "id", as: UUID.self)
        // Count the attempt first, atomically, so that parallel guesses cannot exceed the limit.
        let counted = try await store.write { sql in
            try await sql.claimed("""
                UPDATE phone_pins SET attempts = attempts + 1 \
                WHERE id = \(bind: id) AND used_at IS NULL AND attempts < \(bind: Self.maximumAttempts) RETURNING id
                """)
        }
        guard counted else { throw PlayhouseProblem.invalidGrant("pin_attempts_exceeded") }
        guard pin.utf8.count == 6, SecretToken.constantTimeEquals(Self.digest(pin, id: id), try record.decode(column: "pin_hash", as: String.self)) else {
            throw PlayhouseProblem.invalidGrant("pin_invalid")
        }
        let used = try await store.write { sql in
            try await sql.claimed("UPDATE phone_pins SET used_at = \(bind: now) WHERE id = \(bind: id) AND used_at IS NULL RETURNING id")
        }
        guard used else { throw PlayhouseProblem.invalidGrant("pin_invalid") }
        return phone
    }

    private func player(appID: UUID, phone: String) async throws -> Player? {
        try await store.read { sql in
            try await sql.raw("SELECT \(Player.columns) FROM players WHERE app_id = \(bind: appID) AND phone_number = \(bind: phone)").first()
        }.map { try Player(row: $0) }
    }

    /// The stored form of a PIN: salted with its record's id, so equal PINs never look alike.
    static func digest(_ pin: String, id: UUID) -> String {
        SecretToken.hash(id.uuidString + ":" + pin)
    }
}
