import Fluent
import Foundation
import PlayhouseAPI
import SQLKit

/// Signs players in by phone number (Kuggle's registration): a 6-digit PIN is texted, then exchanged
/// at the token endpoint. PINs expire after 10 minutes and allow 5 attempts; a number gets at most 3
/// texts per 10 minutes.
struct PhonePinService: Sendable {
    let database: any Database
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
        let limiter = WindowRateLimiter(database: database, limit: Self.sendsPerWindow, window: Int(Self.lifetime), now: now)
        let key = "pin_send:" + SecretToken.hash(app.id.uuidString + ":" + phone)
        if let seconds = try await limiter.retryAfter(key) {
            throw PlayhouseProblem(.tooManyRequests, .rateLimited, message: "pin_send_limited", parameters: ["seconds": String(seconds)],
                                   headers: ["Retry-After": String(seconds)])
        }
        try await limiter.record(key)

        let pin = String(format: "%06d", Int.random(in: 0..<1_000_000))
        let record = PhonePin()
        record.$app.id = app.id
        record.phoneNumber = phone
        record.attempts = 0
        record.expiresAt = now.addingTimeInterval(Self.lifetime)
        try await database.transaction { transaction in
            try await PhonePin.query(on: transaction).filter(\.$app.$id == app.id).filter(\.$phoneNumber == phone)
                .filter(\.$usedAt == nil).set(\.$usedAt, to: now).update()
            record.pinHash = ""
            try await record.create(on: transaction)
            record.pinHash = Self.digest(pin, id: try record.requireID())
            try await record.save(on: transaction)
        }
        await ExpiredGrantSweeper(database: database, now: now).sweepSometimes()
        try await sender.send(to: phone, text: localizer.detail(for: "sms.pin", ["app": app.name, "pin": pin, "minutes": "10"]))
        return Int(Self.lifetime)
    }

    /// The player whose number this PIN proves, created on first sign-in; `created` says which.
    func verify(phoneNumber: String, pin: String, app: AppRecord) async throws -> (player: Player, created: Bool) {
        guard let phone = Self.normalised(phoneNumber),
              let record = try await PhonePin.query(on: database).filter(\.$app.$id == app.id).filter(\.$phoneNumber == phone)
                  .filter(\.$usedAt == nil).sort(\.$expiresAt, .descending).first(),
              record.expiresAt > now
        else { throw PlayhouseProblem.invalidGrant("pin_invalid") }
        let id = try record.requireID()
        let sql = try database.sql()
        // Count the attempt first, atomically, so that parallel guesses cannot exceed the limit.
        let counted = try await sql.claimed("""
            UPDATE \(ident: PhonePin.schema) SET attempts = attempts + 1 \
            WHERE id = \(bind: id) AND used_at IS NULL AND attempts < \(bind: Self.maximumAttempts) RETURNING id
            """)
        guard counted else { throw PlayhouseProblem.invalidGrant("pin_attempts_exceeded") }
        guard pin.utf8.count == 6, SecretToken.constantTimeEquals(Self.digest(pin, id: id), record.pinHash) else {
            throw PlayhouseProblem.invalidGrant("pin_invalid")
        }
        let used = try await sql.claimed("""
            UPDATE \(ident: PhonePin.schema) SET used_at = \(bind: now) WHERE id = \(bind: id) AND used_at IS NULL RETURNING id
            """)
        guard used else { throw PlayhouseProblem.invalidGrant("pin_invalid") }

        if let player = try await Player.query(on: database).filter(\.$app.$id == app.id).filter(\.$phoneNumber == phone).first() {
            return (player, false)
        }
        let player = Player(appID: app.id, inviteCode: PlayerService.newInviteCode())
        player.phoneNumber = phone
        do {
            try await player.create(on: database)
        } catch {
            // Another sign-in may have created the player a moment ago.
            guard let existing = try await Player.query(on: database).filter(\.$app.$id == app.id)
                .filter(\.$phoneNumber == phone).first() else { throw error }
            return (existing, false)
        }
        return (player, true)
    }

    /// The stored form of a PIN: salted with its record's id, so equal PINs never look alike.
    static func digest(_ pin: String, id: UUID) -> String {
        SecretToken.hash(id.uuidString + ":" + pin)
    }
}
