import Foundation
import PlayhouseAPI
import SQLKit

/// Operators: invited (a one-time link to set a password), signed in with email and password
/// (locked for a while after repeated failures), and disabled, which ends their sessions at once on
/// every instance (a session is read from the database on each call, never cached). Every change is
/// written with its audit-log entry, in one transaction.
public struct OperatorService: Sendable {
    static let inviteLifetime: TimeInterval = 7 * 24 * 3600
    static let sessionLifetime: TimeInterval = 12 * 3600
    /// Failed sign-ins in a row that lock an operator out, and for how long.
    static let failuresBeforeLockout = 5
    static let lockout: TimeInterval = 15 * 60

    let store: Store
    let now: Date
    let hasher: PasswordHasher
    /// Where this server is reached, for invitation links.
    let publicURL: String

    /// A signed-in operator's session: who, and the token their forms and calls must carry.
    public struct Session: Sendable {
        public var person: Operator
        public var csrf: String
    }

    /// How a sign-in ended.
    public enum SignIn: Sendable {
        case signedIn(cookie: String, Session)
        /// Wrong email or password (not saying which), an invitation not yet accepted, or disabled.
        case refused
        /// Too many failures in a row: no password is checked until `until`.
        case locked(until: Date)
        /// The password is right, and the operator has a second factor: ask for its code.
        case secondFactorRequired
    }

    /// Invites `email` as a `role`: the new operator, and the one-time link (valid for a week) of the
    /// page where they set their password (``acceptInvitation(_:password:)``).
    public func invite(email: String, role: OperatorRole, by actor: AuditActor) async throws -> (person: Operator, link: String) {
        guard let email = PlayerService.normalisedEmail(email) else {
            throw PlayhouseProblem.validation([.init(name: "email", code: "invalid_value")])
        }
        let id = UUID.random(), invitation = SecretToken.generate(prefix: "phi_"), now = self.now
        let person = Operator(id: id, email: email, role: role, active: false, disabledAt: nil, createdAt: now)
        do {
            try await store.write([
                """
                INSERT INTO operators (id, email, role, invite_hash, invite_expires_at, failed_sign_ins, created_at)
                VALUES (\(bind: id), \(bind: email), \(bind: role.rawValue), \(bind: SecretToken.hash(invitation)),
                        \(bind: now.addingTimeInterval(Self.inviteLifetime)), 0, \(bind: now))
                """,
                AuditLog.entry(by: actor, "operator invited", target: Self.ern(id), after: person, at: now),
            ])
        } catch where Store.isConstraintViolation(error) {
            throw PlayhouseProblem(.conflict, .operatorExists, fields: [.init(name: "email", code: "taken")])
        }
        return (person, publicURL + "/console/invitation?token=" + invitation)
    }

    /// The operator an unused, unexpired invitation is for; nil when there is none.
    public func invited(_ invitation: String) async throws -> Operator? {
        guard invitation.utf8.count <= 100 else { return nil }
        let now = self.now
        return try await store.read { sql in
            try await sql.raw("""
                SELECT \(Operator.columns) FROM operators o
                WHERE o.invite_hash = \(bind: SecretToken.hash(invitation)) AND o.invite_expires_at > \(bind: now) AND o.disabled_at IS NULL
                """).first().map(Operator.init(row:))
        }
    }

    /// Sets the password of the invitation's operator and uses the invitation up; nil when it is
    /// unknown, used or expired.
    public func acceptInvitation(_ invitation: String, password: String) async throws -> Operator? {
        let problems = PlayerService.passwordProblems(password)
        guard problems.isEmpty else { throw PlayhouseProblem.validation(problems) }
        guard try await invited(invitation) != nil else { return nil }
        let digest = try await hasher.hash(password), now = self.now
        return try await store.transaction { sql in
            guard let row = try await sql.raw("""
                UPDATE operators SET password_hash = \(bind: digest), invite_hash = NULL, invite_expires_at = NULL
                WHERE invite_hash = \(bind: SecretToken.hash(invitation)) AND invite_expires_at > \(bind: now) AND disabled_at IS NULL
                RETURNING id
                """).first() else { return nil }
            let person = try await Self.find(try row.decode(column: "id", as: UUID.self), on: sql)
            try await sql.raw(AuditLog.entry(by: .of(person), "invitation accepted", target: Self.ern(person.id), at: now)).run()
            return person
        }
    }

    /// Signs in with email and password, and the code of their authenticator app when they have set
    /// one up. Takes as long for an unknown email as for a wrong password; a wrong code counts as a
    /// failure as a wrong password does.
    public func signIn(email: String, password: String, code: String? = nil) async throws -> SignIn {
        let email = PlayerService.normalisedEmail(email) ?? "", now = self.now
        let row = try await store.read { sql in
            try await sql.raw("""
                SELECT \(Operator.columns), o.password_hash, o.locked_until, o.totp_secret, o.totp_last_step FROM operators o
                WHERE o.email = \(bind: email)
                """).first()
        }
        if let lockedUntil = try row?.decode(column: "locked_until", as: Date?.self), lockedUntil > now { return .locked(until: lockedUntil) }
        let person = try row.map(Operator.init(row:))
        let digest = person?.disabledAt == nil ? try row?.decode(column: "password_hash", as: String?.self) : nil
        guard try await hasher.verify(password, against: digest), let person, let row else {
            try await failed(person)
            return .refused
        }
        var step: Int64?
        if let secret = try row.decode(column: "totp_secret", as: String?.self).flatMap(Base32.decode) {
            guard let code, !code.isEmpty else { return .secondFactorRequired }
            guard let used = TOTP.accepts(code, secret: secret, at: now, after: try row.decode(column: "totp_last_step", as: Int64?.self)) else {
                try await failed(person)
                return .refused
            }
            step = used
        }
        let cookie = SecretToken.generate(prefix: ""), csrf = SecretToken.generate(prefix: "")
        try await store.write([
            """
            UPDATE operators SET failed_sign_ins = 0, locked_until = NULL, totp_last_step = COALESCE(\(bind: step), totp_last_step)
            WHERE id = \(bind: person.id)
            """,
            """
            INSERT INTO operator_sessions (id, operator_id, cookie_hash, csrf, expires_at)
            VALUES (\(bind: UUID.random()), \(bind: person.id), \(bind: SecretToken.hash(cookie)), \(bind: csrf),
                    \(bind: now.addingTimeInterval(Self.sessionLifetime)))
            """,
        ])
        return .signedIn(cookie: cookie, Session(person: person, csrf: csrf))
    }

    /// Counts a failed sign-in of `person` (none for an unknown email): the failure that reaches
    /// the limit locks them out, and starts the count again.
    private func failed(_ person: Operator?) async throws {
        guard let person else { return }
        let now = self.now
        try await store.write { sql in
            try await sql.raw("""
                UPDATE operators SET
                    locked_until = CASE WHEN failed_sign_ins + 1 >= \(bind: Self.failuresBeforeLockout)
                        THEN \(bind: now.addingTimeInterval(Self.lockout)) ELSE locked_until END,
                    failed_sign_ins = CASE WHEN failed_sign_ins + 1 >= \(bind: Self.failuresBeforeLockout) THEN 0 ELSE failed_sign_ins + 1 END
                WHERE id = \(bind: person.id)
                """).run()
        }
    }

    /// Starts setting up a second factor for `person`: a new secret, kept aside until a code made
    /// from it is confirmed (``confirmSecondFactor(_:code:)``); what an authenticator app scans.
    public func startSecondFactor(_ person: Operator) async throws -> (secret: String, uri: String) {
        let secret = TOTP.newSecret()
        try await store.write { sql in
            try await sql.raw("UPDATE operators SET totp_pending = \(bind: Base32.encode(secret)) WHERE id = \(bind: person.id)").run()
        }
        return (Base32.encode(secret), TOTP.uri(secret: secret, account: person.email, issuer: "Playhouse"))
    }

    /// The second factor `person` is setting up, if any: its secret and what an app scans.
    public func pendingSecondFactor(_ person: Operator) async throws -> (secret: String, uri: String)? {
        let pending = try await store.read { sql in
            try await sql.raw("SELECT totp_pending FROM operators WHERE id = \(bind: person.id)").first()?
                .decode(column: "totp_pending", as: String?.self)
        }
        guard let pending, let secret = Base32.decode(pending) else { return nil }
        return (pending, TOTP.uri(secret: secret, account: person.email, issuer: "Playhouse"))
    }

    /// Turns the second factor being set up on, given a code of it; from then on signing in takes
    /// a code. `422 invalid_second_factor_code` for a wrong code (or none being set up).
    public func confirmSecondFactor(_ person: Operator, code: String) async throws -> Operator {
        guard let (pending, _) = try await pendingSecondFactor(person), let secret = Base32.decode(pending),
              let step = TOTP.accepts(code, secret: secret, at: now, after: nil) else {
            throw PlayhouseProblem(.unprocessableEntity, .invalidSecondFactorCode)
        }
        let now = self.now
        return try await store.transaction { sql in
            try await sql.raw("""
                UPDATE operators SET totp_secret = totp_pending, totp_pending = NULL, totp_last_step = \(bind: step)
                WHERE id = \(bind: person.id) AND totp_pending = \(bind: pending)
                """).run()
            let after = try await Self.find(person.id, on: sql)
            try await sql.raw(AuditLog.entry(by: .of(person), "second factor enabled", target: Self.ern(person.id), before: person, after: after,
                                             at: now)).run()
            return after
        }
    }

    /// The live session of a cookie: none once it expired, was signed out, or its operator disabled.
    public func session(cookie: String) async throws -> Session? {
        guard cookie.utf8.count <= 100 else { return nil }
        let now = self.now
        guard let row = try await store.read({ sql in
            try await sql.raw("""
                SELECT \(Operator.columns), s.csrf FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
                WHERE s.cookie_hash = \(bind: SecretToken.hash(cookie)) AND s.expires_at > \(bind: now) AND o.disabled_at IS NULL
                """).first()
        }) else { return nil }
        return Session(person: try Operator(row: row), csrf: try row.decode(column: "csrf", as: String.self))
    }

    /// Ends the session of a cookie.
    public func signOut(cookie: String) async throws {
        try await store.write { sql in
            try await sql.raw("DELETE FROM operator_sessions WHERE cookie_hash = \(bind: SecretToken.hash(cookie))").run()
        }
    }

    /// Every operator, by email.
    public func list() async throws -> [Operator] {
        try await store.read { sql in
            try await sql.raw("SELECT \(Operator.columns) FROM operators o ORDER BY o.email").all().map(Operator.init(row:))
        }
    }

    /// The operator with this id or email; nil when there is none.
    public func find(_ reference: String) async throws -> Operator? {
        let id = UUID(uuidString: reference), email = PlayerService.normalisedEmail(reference) ?? ""
        return try await store.read { sql in
            try await sql.raw("""
                SELECT \(Operator.columns) FROM operators o WHERE o.id = \(bind: id) OR o.email = \(bind: email)
                """).first().map(Operator.init(row:))
        }
    }

    /// Disables an operator: they can no longer sign in, and their sessions end at once. Nil when
    /// there is no such operator; an operator cannot disable themselves.
    public func disable(_ id: UUID, by actor: AuditActor) async throws -> Operator? {
        guard actor.operatorID != id else { throw PlayhouseProblem(.conflict, .cannotDisableYourself) }
        let now = self.now
        return try await store.transaction { sql in
            guard let before = try await sql.raw("SELECT \(Operator.columns) FROM operators o WHERE o.id = \(bind: id)")
                .first().map(Operator.init(row:)) else { return nil }
            guard before.disabledAt == nil else { return before }
            try await sql.raw("UPDATE operators SET disabled_at = \(bind: now), invite_hash = NULL WHERE id = \(bind: id)").run()
            try await sql.raw("DELETE FROM operator_sessions WHERE operator_id = \(bind: id)").run()
            var after = before
            after.disabledAt = now
            try await sql.raw(AuditLog.entry(by: actor, "operator disabled", target: Self.ern(id), before: before, after: after, at: now)).run()
            return after
        }
    }

    static func ern(_ id: UUID) -> String { ERN.make("operator", id.uuidString.lowercased()) }

    private static func find(_ id: UUID, on sql: any SQLDatabase) async throws -> Operator {
        guard let person = try await sql.raw("SELECT \(Operator.columns) FROM operators o WHERE o.id = \(bind: id)").first().map(Operator.init(row:))
        else { throw PlayhouseProblem(.internalServerError, .internalError) }
        return person
    }
}
