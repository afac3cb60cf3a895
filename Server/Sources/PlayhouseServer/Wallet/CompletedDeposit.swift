import Foundation
import PlayhouseAPI
import PostgresKit
import SQLKit

/// A deposit the provider completed at once (the sandbox, under no deposit limit), as PostgreSQL
/// writes it with the others that arrive meanwhile (``CombinedWrites``): the payment recorded
/// completed, its money moved from the app's deposits into the wallet (double entry), and the
/// request's key stored with its answer. Each deposit is all or nothing on its own:
///
/// - already recorded (a repeat of the request, to be carried on from where it stands), or its key
///   answered before the statement began: nothing is written (``Outcome/notRecorded``);
/// - its key answered by another send while the statement ran: the statement divides by zero and
///   writes nothing at all. Alone, the deposit answers ``Outcome/keyTaken``; with others, each is
///   written again alone, and that one then finds the key answered (``Outcome/notRecorded``).
///   Either way the other send's answer is the answer.
///
/// The wallets are locked in id order.
///
/// One statement with a fixed text for any number of deposits, each value an array with an
/// element per deposit, so that it is prepared once per connection like any other.
struct CompletedDeposit: CombinableWrite {
    var paymentID: UUID
    var appID: UUID
    var playerID: UUID
    var currency: String
    var economy: Economy
    var amount: Int64
    var method: String
    var at: Date
    var transactionID: UUID
    var reference: String
    var walletID: UUID
    var depositsID: UUID
    /// The request's key and its answer; nil without a key.
    var answer: IdempotentRequest.StoredAnswer?

    var owner: UUID { playerID }

    enum Outcome: Sendable, Equatable {
        /// Written; the wallet's balance after it.
        case written(balance: Int64)
        /// Nothing written: the payment is recorded already, or the key had its answer.
        case notRecorded
        /// Nothing written: another send stored the key's answer meanwhile.
        case keyTaken
    }

    /// Writes `deposits` (one per player) in one statement; answers each one's outcome, in order.
    @Sendable static func write(_ deposits: [CompletedDeposit], on store: Store) async throws -> [Outcome] {
        let noKey = ""
        let statement: SQLQueryString = """
            WITH input AS (
                SELECT * FROM unnest(\(bind: deposits.indices.map { Int64($0) }), \(bind: deposits.map(\.paymentID)), \(bind: deposits.map(\.appID)),
                                     \(bind: deposits.map(\.playerID)), \(bind: deposits.map(\.currency)), \(bind: deposits.map(\.economy.rawValue)),
                                     \(bind: deposits.map(\.amount)), \(bind: deposits.map(\.method)), \(bind: deposits.map(\.at)),
                                     \(bind: deposits.map(\.transactionID)), \(bind: deposits.map(\.reference)), \(bind: deposits.map(\.walletID)),
                                     \(bind: deposits.map(\.depositsID)), \(bind: deposits.map { $0.answer?.id ?? $0.paymentID }),
                                     \(bind: deposits.map { $0.answer?.owner ?? noKey }), \(bind: deposits.map { $0.answer?.key ?? noKey }),
                                     \(bind: deposits.map { $0.answer?.fingerprint ?? noKey }), \(bind: deposits.map { $0.answer?.status ?? 0 }),
                                     \(bind: deposits.map { $0.answer?.body ?? noKey }))
                    AS i (position, payment_id, app_id, player_id, currency, economy, amount, method, at, transaction_id, reference,
                          wallet_id, deposits_id, key_id, key_owner, idempotency_key, fingerprint, status, body)),
            recorded AS (
                INSERT INTO payments (id, app_id, player_id, direction, status, currency, economy, amount, payment_method, settle_after,
                                      created_at, finished_at)
                SELECT payment_id, app_id, player_id, \(bind: PaymentService.Direction.deposit.rawValue), \(bind: PaymentStatus.completed.rawValue),
                       currency, economy, amount, method, CAST(NULL AS TIMESTAMPTZ), at, at
                FROM input i
                -- A subquery per deposit, which reads the key's index (as NOT EXISTS, the planner may hash the whole table).
                WHERE i.idempotency_key = \(bind: noKey) OR (
                    SELECT k.id FROM idempotency_keys k
                    WHERE k.app_id = i.app_id AND k.owner = i.key_owner AND k.idempotency_key = i.idempotency_key LIMIT 1) IS NULL
                ON CONFLICT (id) DO NOTHING RETURNING id),
            held AS (SELECT i.* FROM input i JOIN recorded r ON r.id = i.payment_id),
            transactions AS (
                INSERT INTO ledger_transactions (id, app_id, player_id, kind, reference, created_at)
                SELECT transaction_id, app_id, player_id, \(bind: TransactionKind.deposit.rawValue), reference, at FROM held),
            locked AS (SELECT a.id FROM ledger_accounts a JOIN held h ON a.id = h.wallet_id ORDER BY a.id FOR UPDATE OF a),
            moved AS (
                UPDATE ledger_accounts AS a SET balance = a.balance + h.amount FROM held h
                WHERE a.id = h.wallet_id AND a.id IN (SELECT id FROM locked)
                RETURNING h.position, a.balance),
            entered AS (
                INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
                SELECT h.transaction_id, e.account_id, e.amount, e.balance_after
                FROM held h JOIN moved m ON m.position = h.position,
                     LATERAL (VALUES (h.deposits_id, -h.amount, CAST(NULL AS BIGINT)), (h.wallet_id, h.amount, m.balance))
                         AS e (account_id, amount, balance_after)
                ORDER BY h.position, e.account_id),
            claimed AS (
                INSERT INTO idempotency_keys (id, app_id, owner, idempotency_key, fingerprint, status, body, created_at)
                SELECT key_id, app_id, key_owner, idempotency_key, fingerprint, status, body, at FROM held WHERE idempotency_key <> \(bind: noKey)
                ON CONFLICT (app_id, owner, idempotency_key) DO NOTHING RETURNING id)
            SELECT m.position, m.balance, 1 / (CASE WHEN h.idempotency_key = \(bind: noKey) OR c.id IS NOT NULL THEN 1 ELSE 0 END) AS claimed
            FROM moved m JOIN held h ON h.position = m.position LEFT JOIN claimed c ON c.id = h.key_id
            """
        let rows: [any SQLRow]
        do {
            rows = try await store.write { sql in try await sql.raw(statement).all() }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "22012" && deposits.count == 1 {
            return [.keyTaken]
        }
        var outcomes = [Outcome](repeating: .notRecorded, count: deposits.count)
        for row in rows {
            outcomes[Int(try row.decode(column: "position", as: Int64.self))] = .written(balance: try row.decode(column: "balance", as: Int64.self))
        }
        return outcomes
    }
}
