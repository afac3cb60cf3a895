import Foundation
import PlayhouseAPI
import SQLKit
import Vapor

extension Adjustment.Direction {
    /// The way a reversal goes.
    var reversed: Adjustment.Direction { self == .credit ? .debit : .credit }
}

/// An owner's corrections of a player's money (``PlayhouseAPI/Adjustment``), against the app's
/// `adjustments` account. Money is never edited: a correction is a ledger transaction of its own
/// (kind `adjustment`, in the player's history), and a wrong correction is undone by its reversal,
/// another adjustment the other way, made once.
struct AdjustmentService: Sendable {
    let store: Store
    let now: Date

    /// An adjustment checked, ready to be posted.
    struct Checked: Sendable {
        var playerID: UUID
        var direction: Adjustment.Direction
        var currency: CurrencyInfo
        var minor: Int64
        var economy: Economy
        var reason: String
        var reverses: UUID?
    }

    static let longestReason = 500

    /// Checks `order` for the player (422 naming what is wrong), writing nothing.
    func check(_ order: AdjustmentOrder, app: AppRecord, playerID: UUID) async throws -> Checked {
        let reason = try Self.reason(order.reason)
        let (currency, minor, _) = try await CurrencyService(store: store).parse(Money(amount: order.amount, currency: order.currency.uppercased()),
                                                                                  appID: app.id)
        let economy = try CurrencyService.economy(order.economy, app: app, currency: currency.code)
        return Checked(playerID: playerID, direction: order.direction, currency: currency, minor: minor, economy: economy, reason: reason)
    }

    /// The reversal of the app's adjustment `id`, with its own reason: the same amount the other
    /// way. 404 for none; 409 `adjustment_not_reversible` for one reversed already or a reversal
    /// (checked here for a clear answer, and held by the unique `reverses` when posted).
    func checkReversal(of id: UUID, reason rawReason: String, app: AppRecord) async throws -> Checked {
        let reason = try Self.reason(rawReason)
        guard let original = try await store.read({ sql in
            try await sql.raw("""
                SELECT a.player_id, a.direction, a.currency, a.economy, a.amount, a.reverses,
                       EXISTS (SELECT 1 FROM adjustments r WHERE r.reverses = a.id) AS reversed
                FROM adjustments a WHERE a.app_id = \(bind: app.id) AND a.id = \(bind: id)
                """).first()
        }) else { throw PlayhouseProblem.notFound(ERN.make("adjustment", id.uuidString.lowercased())) }
        guard try original.decode(column: "reverses", as: UUID?.self) == nil, try !original.decode(column: "reversed", as: Bool.self) else {
            throw PlayhouseProblem(.conflict, .adjustmentNotReversible)
        }
        let direction = Adjustment.Direction(rawValue: try original.decode(column: "direction", as: String.self)) ?? .credit
        let currencies = try await CurrencyService(store: store).list(appID: app.id)
        return Checked(playerID: try original.decode(column: "player_id", as: UUID.self), direction: direction.reversed,
                       currency: currencies.info(for: try original.decode(column: "currency", as: String.self)),
                       minor: try original.decode(column: "amount", as: Int64.self),
                       economy: Economy(rawValue: try original.decode(column: "economy", as: String.self)) ?? .sandbox, reason: reason, reverses: id)
    }

    /// Posts the adjustment in the caller's money transaction, with its audit entry: a debit the
    /// wallet does not cover is refused (422 `insufficient_funds`), a second reversal of one
    /// adjustment too (409), and the transaction rolls back whole.
    func post(_ checked: Checked, app: AppRecord, by actor: AuditActor, on sql: any SQLDatabase) async throws -> Adjustment {
        let id = UUID.random()
        let ern = ERN.make("adjustment", id.uuidString.lowercased())
        let (code, economy, playerID) = (checked.currency.code, checked.economy, checked.playerID)
        let signed = checked.direction == .credit ? checked.minor : -checked.minor
        if let original = checked.reverses {
            // The original locked, then no reversal of it yet: a second reversal sent at the same
            // time waits here and is refused for what it is (the unique `reverses` holds regardless).
            try await sql.raw("SELECT id FROM adjustments WHERE id = \(bind: original)\(unsafeRaw: sql.dialect.name == "postgresql" ? " FOR UPDATE" : "")").run()
            guard try await sql.raw("SELECT id FROM adjustments WHERE reverses = \(bind: original)").first() == nil else {
                throw PlayhouseProblem(.conflict, .adjustmentNotReversible)
            }
        }
        let posted = try await Ledger(sql: sql, appID: app.id, now: now).post(
            kind: TransactionKind.adjustment.rawValue, playerID: playerID, reference: ern,
            legs: [(.app(.adjustments, code, economy), -signed), (.wallet(playerID, code, economy), signed)])
        guard try await sql.claimed("""
            INSERT INTO adjustments (id, app_id, player_id, transaction_id, direction, currency, economy, amount, reason, operator_id, actor,
                                     reverses, created_at)
            VALUES (\(bind: id), \(bind: app.id), \(bind: playerID), \(bind: posted.transactionID), \(bind: checked.direction.rawValue),
                    \(bind: code), \(bind: economy.rawValue), \(bind: checked.minor), \(bind: checked.reason), \(bind: actor.operatorID),
                    \(bind: actor.name), \(bind: checked.reverses), \(bind: now))
            ON CONFLICT (reverses) DO NOTHING RETURNING id
            """) else { throw PlayhouseProblem(.conflict, .adjustmentNotReversible) }
        let adjustment = Adjustment(id: id.uuidString.lowercased(), ern: ern, playerID: playerID.uuidString.lowercased(), direction: checked.direction,
                                    amount: checked.currency.money(checked.minor), economy: economy, reason: checked.reason, by: actor.name,
                                    reverses: checked.reverses?.uuidString.lowercased(), reversedBy: nil,
                                    transactionID: posted.transactionID.uuidString.lowercased(), createdAt: now)
        try await sql.raw(AuditLog.entry(by: actor, checked.reverses == nil ? "money adjusted" : "adjustment reversed", target: ern,
                                         after: adjustment, at: now)).run()
        return adjustment
    }

    /// A page of the app's adjustments, newest first; of one player, when named.
    func list(appID: UUID, playerID: UUID? = nil, page: PageRequest) async throws -> (adjustments: [Adjustment], next: Int64?) {
        let condition: SQLQueryString = playerID.map { "a.player_id = \(bind: $0)" } ?? "TRUE"
        let currencies = try await CurrencyService(store: store).list(appID: appID)
        // A page's position is the time of the last adjustment before it, in microseconds.
        let before = page.position.map { Date(timeIntervalSince1970: Double($0) / 1_000_000) } ?? .distantFuture
        let rows = try await store.read { sql in
            try await sql.raw("""
                SELECT a.id, a.player_id, a.transaction_id, a.direction, a.currency, a.economy, a.amount, a.reason, a.actor, a.reverses,
                       a.created_at, r.id AS reversed_by
                FROM adjustments a LEFT JOIN adjustments r ON r.reverses = a.id
                WHERE a.app_id = \(bind: appID) AND \(condition) AND a.created_at < \(bind: before)
                ORDER BY a.created_at DESC, a.id LIMIT \(bind: page.readLimit)
                """).all()
        }
        let adjustments = try rows.prefix(page.limit).map { row in
            let id = try row.decode(column: "id", as: UUID.self).uuidString.lowercased()
            return Adjustment(id: id, ern: ERN.make("adjustment", id), playerID: try row.decode(column: "player_id", as: UUID.self).uuidString.lowercased(),
                              direction: Adjustment.Direction(rawValue: try row.decode(column: "direction", as: String.self)) ?? .credit,
                              amount: currencies.info(for: try row.decode(column: "currency", as: String.self))
                                  .money(try row.decode(column: "amount", as: Int64.self)),
                              economy: Economy(rawValue: try row.decode(column: "economy", as: String.self)) ?? .sandbox,
                              reason: try row.decode(column: "reason", as: String.self), by: try row.decode(column: "actor", as: String.self),
                              reverses: try row.decode(column: "reverses", as: UUID?.self)?.uuidString.lowercased(),
                              reversedBy: try row.decode(column: "reversed_by", as: UUID?.self)?.uuidString.lowercased(),
                              transactionID: try row.decode(column: "transaction_id", as: UUID.self).uuidString.lowercased(),
                              createdAt: try row.decode(column: "created_at", as: Date.self))
        }
        return (adjustments, rows.count > page.limit ? adjustments.last.map { PageRequest.microseconds($0.createdAt) } : nil)
    }

    /// A reason, trimmed: required, and 500 characters at most.
    private static func reason(_ text: String) throws -> String {
        let reason = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !reason.isEmpty, reason.count <= longestReason else {
            throw PlayhouseProblem.validation([.init(name: "reason", code: reason.isEmpty ? "blank" : "too_long",
                                                     parameters: reason.isEmpty ? [:] : ["max": String(longestReason)])])
        }
        return reason
    }
}
