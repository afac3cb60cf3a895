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
        /// Written.
        case written
        /// Nothing written: the payment is recorded already, or the key had its answer.
        case notRecorded
        /// Nothing written: another send stored the key's answer meanwhile.
        case keyTaken
    }

    /// Writes `deposits` (one per player) in one statement; answers each one's outcome, in order.
    @Sendable static func write(_ deposits: [CompletedDeposit], on store: Store) async throws -> [Outcome] {
        let key = IdempotentRequest.StoredAnswer.self
        let statement: SQLQueryString = """
            WITH input AS (
                SELECT * FROM unnest(\(bind: deposits.indices.map { Int64($0) }), \(bind: deposits.map(\.paymentID)), \(bind: deposits.map(\.appID)),
                                     \(bind: deposits.map(\.playerID)), \(bind: deposits.map(\.currency)), \(bind: deposits.map(\.economy.rawValue)),
                                     \(bind: deposits.map(\.amount)), \(bind: deposits.map(\.method)), \(bind: deposits.map(\.at)),
                                     \(bind: deposits.map(\.transactionID)), \(bind: deposits.map(\.reference)), \(bind: deposits.map(\.walletID)),
                                     \(bind: deposits.map(\.depositsID)), \(key.arrays(deposits.map(\.answer))))
                    AS i (position, payment_id, app_id, player_id, currency, economy, amount, method, at, transaction_id, reference,
                          wallet_id, counter_id, \(key.columns))),
            recorded AS (
                INSERT INTO payments (id, app_id, player_id, direction, status, currency, economy, amount, payment_method, settle_after,
                                      created_at, finished_at)
                SELECT payment_id, app_id, player_id, \(bind: PaymentService.Direction.deposit.rawValue), \(bind: PaymentStatus.completed.rawValue),
                       currency, economy, amount, method, CAST(NULL AS TIMESTAMPTZ), at, at
                FROM input i WHERE \(key.unanswered("i"))
                ON CONFLICT (id) DO NOTHING RETURNING id),
            held AS (SELECT i.*, CAST(0 AS BIGINT) AS debit, i.amount AS credit FROM input i JOIN recorded r ON r.id = i.payment_id),
            locked AS (\(Ledger.lockWallets(of: "held", atKnownBalance: false))),
            posted AS (SELECT h.* FROM held h WHERE h.wallet_id IN (SELECT id FROM locked)),
            \(Ledger.postTogether(.deposit, from: "posted")),
            claimed AS (\(key.claims(from: "posted")))
            SELECT m.position, 1 / (CASE WHEN p.idempotency_key = \(bind: key.none) OR c.id IS NOT NULL THEN 1 ELSE 0 END) AS claimed
            FROM moved m JOIN posted p ON p.position = m.position LEFT JOIN claimed c ON c.id = p.key_id
            """
        let rows: [any SQLRow]
        do {
            rows = try await store.write { sql in try await sql.raw(statement).all() }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "22012" && deposits.count == 1 {
            return [.keyTaken]
        }
        var outcomes = [Outcome](repeating: .notRecorded, count: deposits.count)
        for row in rows { outcomes[Int(try row.decode(column: "position", as: Int64.self))] = .written }
        return outcomes
    }
}
