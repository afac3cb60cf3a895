import Foundation
import PlayhouseAPI
import SQLKit

/// May this player play now: the one answer a bet and a deposit ask for, and what "can I gamble"
/// lists. The player's own standing comes first (self-exclusion, cool-off, the app's minimum age:
/// ``ResponsiblePlay``), then, for a bet in a play session, the session's (alive, within its time
/// limit, no reality check due: ``SessionService``). What it needs is read along with the
/// movement's own first read (``reads(playerID:session:)``), so it costs no statement of its own.
///
/// It answers with the player's limits: the deposit and loss limits are checked where the money
/// moves, under the player's lock (``ResponsiblePlay/checkStake(_:currency:playerID:limits:now:on:)``),
/// so that simultaneous movements cannot both slip under one.
struct PlayPermission: Sendable {
    let responsiblePlay: ResponsiblePlay
    let sessions: SessionService
    /// The server's session rules, before the player's own limits.
    let rules: SessionService.Rules

    /// What the player stands to be refused for, as ``refusals(app:playerID:session:_:)`` finds it.
    struct Standing: Sendable {
        var limits: Limits
        var refusals: [ResponsiblePlay.Refusal]
        /// In a play session: the session's.
        var session: SessionService.Standing?
    }

    /// What to read along with a movement's first read: the player's limits and, for a bet in a
    /// play session, the session.
    static func reads(playerID: UUID, session sessionID: UUID?) -> [ReadAlong] {
        [LimitsService.along(playerID: playerID)] + (sessionID.map { [SessionService.along(session: $0)] } ?? [])
    }

    /// Everything that keeps the player from playing now, most lasting first, from `rows` read with
    /// ``reads(playerID:session:)``.
    func refusals(app: AppRecord, playerID: UUID, session sessionID: UUID?, _ rows: [any SQLRow]) async throws -> Standing {
        let session = try sessionID.map { try sessions.standing($0, rows) }
        let limits = try session?.limits ?? LimitsService.limits(rows, now: sessions.now)
        var refusals = try await responsiblePlay.refusals(app: app, playerID: playerID, limits: limits)
        if let session {
            refusals += sessions.refusals(session, rules: rules.with(limits)).map { ResponsiblePlay.Refusal(problem: $0) }
        }
        return Standing(limits: limits, refusals: refusals, session: session)
    }

    /// Throws the first thing that keeps the player from playing now; answers their limits. A bet
    /// in a play session counts as the session's activity.
    func require(app: AppRecord, playerID: UUID, session sessionID: UUID?, _ rows: [any SQLRow]) async throws -> Limits {
        let standing = try await refusals(app: app, playerID: playerID, session: sessionID, rows)
        if let refusal = standing.refusals.first { throw refusal.problem }
        if let session = standing.session { try await sessions.noteActivity(session) }
        return standing.limits
    }

    /// The rows ``refusals(app:playerID:session:_:)`` needs, read on their own (can I gamble).
    func read(playerID: UUID, session sessionID: UUID?) async throws -> [any SQLRow] {
        let reads = Self.reads(playerID: playerID, session: sessionID)
        return try await sessions.store.read { sql in
            try await sql.raw("SELECT 1 AS one\(reads.columns) FROM (SELECT 1 AS one) AS permission \(reads.joins)").all()
        }
    }
}
