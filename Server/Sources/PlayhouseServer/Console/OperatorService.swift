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
    /// Who calls: an operator signed in to the console, or calling with one of their API tokens.
    public struct Session: Sendable {
        public var person: Operator
        public var via: Via

        /// How the caller showed who they are.
        public enum Via: Sendable, Equatable {
            /// The console's cookie, whose changes carry this CSRF token.
            case console(csrf: String)
            /// An API token (``OperatorTokens``): no cookie, so no CSRF token either.
            case apiToken
        }

        /// The console session's CSRF token; nil for a call with an API token.
        public var csrf: String? {
            if case .console(let csrf) = via { csrf } else { nil }
        }
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
    /// one up. Each attempt is counted before anything is checked, in one statement that also
    /// refuses a locked-out operator, so that attempts sent at once (to any instance) cannot get past
    /// the limit: the attempt that reaches it locks, a success starts the count again. A wrong code
    /// counts as a wrong password does; an unknown email costs a password check too.
    public func signIn(email: String, password: String, code: String? = nil) async throws -> SignIn {
        let email = PlayerService.normalisedEmail(email) ?? "", now = self.now, limit = Self.failuresBeforeLockout
        let row = try await store.write { sql in
            try await sql.raw("""
                UPDATE operators SET
                    failed_sign_ins = CASE WHEN locked_until IS NULL THEN failed_sign_ins + 1 ELSE 1 END,
                    locked_until = CASE WHEN (CASE WHEN locked_until IS NULL THEN failed_sign_ins + 1 ELSE 1 END) >= \(bind: limit)
                        THEN \(bind: now.addingTimeInterval(Self.lockout)) ELSE NULL END
                WHERE email = \(bind: email) AND (locked_until IS NULL OR locked_until <= \(bind: now))
                RETURNING id, email, role, password_hash IS NOT NULL AS active, totp_secret IS NOT NULL AS second_factor, disabled_at,
                          created_at, password_hash, totp_secret, totp_last_step
                """).first()
        }
        guard let row else {
            _ = try await hasher.verify(password, against: nil)
            if let lockedUntil = try await store.read({ sql in
                try await sql.raw("SELECT locked_until FROM operators WHERE email = \(bind: email)").first()?.decode(column: "locked_until", as: Date?.self)
            }), lockedUntil > now { return .locked(until: lockedUntil) }
            return .refused
        }
        let person = try Operator(row: row)
        let digest = person.disabledAt == nil ? try row.decode(column: "password_hash", as: String?.self) : nil
        guard try await hasher.verify(password, against: digest) else { return .refused }
        var step: Int64?
        if let stored = try row.decode(column: "totp_secret", as: String?.self) {
            // A secret that does not read as one refuses every code rather than none.
            guard let code, !code.isEmpty else { return .secondFactorRequired }
            guard let secret = Base32.decode(stored),
                  let used = TOTP.accepts(code, secret: secret, at: now, after: try row.decode(column: "totp_last_step", as: Int64?.self)) else {
                return .refused
            }
            step = used
        }
        let cookie = SecretToken.generate(prefix: ""), csrf = SecretToken.generate(prefix: "")
        // The code's step is taken only if no later one was: a code works once, even sent twice at once.
        let taking: SQLQueryString = step.map { ", totp_last_step = \(bind: $0) WHERE id = \(bind: person.id) AND (totp_last_step IS NULL OR totp_last_step < \(bind: $0))" }
            ?? " WHERE id = \(bind: person.id)"
        let signedIn = try await store.transaction { sql in
            guard try await sql.raw("UPDATE operators SET failed_sign_ins = 0, locked_until = NULL\(taking) RETURNING id").first() != nil else { return false }
            try await sql.raw("""
                INSERT INTO operator_sessions (id, operator_id, cookie_hash, csrf, expires_at)
                VALUES (\(bind: UUID.random()), \(bind: person.id), \(bind: SecretToken.hash(cookie)), \(bind: csrf),
                        \(bind: now.addingTimeInterval(Self.sessionLifetime)))
                """).run()
            return true
        }
        return signedIn ? .signedIn(cookie: cookie, Session(person: person, via: .console(csrf: csrf))) : .refused
    }

    /// Starts setting up a second factor for `person`: a new secret, kept aside until a code made
    /// from it is confirmed (``confirmSecondFactor(_:code:)``); what an authenticator app scans.
    /// One already on is never replaced this way (a stolen session must not take it over): `409
    /// second_factor_on`; the command line resets it (``resetSecondFactor(_:by:)``).
    public func startSecondFactor(_ person: Operator) async throws -> (secret: String, uri: String) {
        let secret = TOTP.newSecret()
        guard try await store.write({ sql in
            try await sql.raw("""
                UPDATE operators SET totp_pending = \(bind: Base32.encode(secret)) WHERE id = \(bind: person.id) AND totp_secret IS NULL RETURNING id
                """).first() != nil
        }) else { throw PlayhouseProblem(.conflict, .secondFactorOn) }
        return (Base32.encode(secret), TOTP.uri(secret: secret, account: person.email, issuer: "Playhouse"))
    }

    /// Takes an operator's second factor away (a lost phone) and lifts a lockout, ending their
    /// sessions: they sign in with their password and set a new one up. Nil when there is no such operator.
    public func resetSecondFactor(_ id: UUID, by actor: AuditActor) async throws -> Operator? {
        try await change(id, "second factor reset", by: actor, """
            UPDATE operators SET totp_secret = NULL, totp_pending = NULL, totp_last_step = NULL, failed_sign_ins = 0, locked_until = NULL
            WHERE id = \(bind: id)
            """)
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
        guard let after = try await change(person.id, "second factor enabled", by: .of(person), """
            UPDATE operators SET totp_secret = totp_pending, totp_pending = NULL, totp_last_step = \(bind: step)
            WHERE id = \(bind: person.id) AND totp_pending = \(bind: pending) AND totp_secret IS NULL
            """, endingSessions: false) else { throw PlayhouseProblem(.unprocessableEntity, .invalidSecondFactorCode) }
        return after
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
        return Session(person: try Operator(row: row), via: .console(csrf: try row.decode(column: "csrf", as: String.self)))
    }

    /// Ends the session of a cookie.
    public func signOut(cookie: String) async throws {
        try await store.write { sql in
            try await sql.raw("DELETE FROM operator_sessions WHERE cookie_hash = \(bind: SecretToken.hash(cookie))").run()
        }
    }

    /// Deletes the sessions that expired (``sessionLifetime`` after their sign-in), which no cookie
    /// reaches any more; answers how many. Run by the server's background work
    /// (``BackgroundWork/operatorSessionSweeper(every:)``).
    @discardableResult
    public func forgetExpiredSessions() async throws -> Int {
        let now = self.now
        return try await store.write { sql in
            try await sql.raw("DELETE FROM operator_sessions WHERE expires_at <= \(bind: now) RETURNING id").all().count
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
    /// there is no such operator (or they were disabled already); an operator cannot disable themselves.
    public func disable(_ id: UUID, by actor: AuditActor) async throws -> Operator? {
        guard actor.operatorID != id else { throw PlayhouseProblem(.conflict, .cannotDisableYourself) }
        if let disabled = try await change(id, "operator disabled", by: actor, """
            UPDATE operators SET disabled_at = \(bind: now), invite_hash = NULL WHERE id = \(bind: id) AND disabled_at IS NULL
            """) { return disabled }
        return try await find(id.uuidString) // disabled already: as they are
    }

    /// Lifts a lockout before its time. Nil when there is no such operator.
    public func unlock(_ id: UUID, by actor: AuditActor) async throws -> Operator? {
        try await change(id, "operator unlocked", by: actor, "UPDATE operators SET failed_sign_ins = 0, locked_until = NULL WHERE id = \(bind: id)",
                         endingSessions: false)
    }

    /// Runs `update` (of operator `id`) in a transaction with its audit-log entry, the operator
    /// before and after read inside it; nil, with nothing written, when the update changed no row.
    /// A change to how an operator signs in ends their sessions (`endingSessions`).
    private func change(_ id: UUID, _ action: String, by actor: AuditActor, _ update: SQLQueryString,
                        endingSessions: Bool = true) async throws -> Operator? {
        let now = self.now
        return try await store.transaction { sql in
            guard let before = try await sql.raw("""
                SELECT \(Operator.columns) FROM operators o WHERE o.id = \(bind: id)\(unsafeRaw: sql.dialect.name == "postgresql" ? " FOR UPDATE" : "")
                """).first().map(Operator.init(row:)),
                try await sql.raw("\(update) RETURNING id").first() != nil else { return nil }
            if endingSessions {
                try await sql.raw("DELETE FROM operator_sessions WHERE operator_id = \(bind: id)").run()
            }
            let after = try await Self.find(id, on: sql)
            try await sql.raw(AuditLog.entry(by: actor, action, target: Self.ern(id), before: before, after: after, at: now)).run()
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
