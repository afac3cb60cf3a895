import PlayhouseAPI
import SQLKit

/// The ledger's parts of a statement that writes many movements together (``CombinedWrites``):
/// each row of a part of the statement named `rows` is one movement between a player's wallet and
/// one other account, with the columns `position`, `transaction_id`, `app_id`, `player_id`,
/// `reference`, `at`, `wallet_id`, `counter_id` (the other account), `debit` (what leaves the
/// wallet for the other account) and `credit` (what comes back from it), either of which may be 0.
/// A statement holds at most one movement per wallet, as PostgreSQL changes a row once per statement.
extension Ledger {
    /// A part that locks the wallets of `rows`, in id order, and returns their `id`; with
    /// `atKnownBalance`, only those whose balance is still the row's `known_balance`. Each wallet is
    /// looked up by its id, one row after another: joined to the table instead, the statement's
    /// prepared plan read a small table whole (and sorted it) for a single movement.
    static func lockWallets(of rows: String, atKnownBalance: Bool) -> SQLQueryString {
        """
        SELECT a.id FROM (SELECT * FROM \(unsafeRaw: rows) ORDER BY wallet_id) r CROSS JOIN LATERAL (
            SELECT a.id FROM ledger_accounts a WHERE a.id = r.wallet_id\(
                unsafeRaw: atKnownBalance ? " AND a.balance = r.known_balance" : "") FOR UPDATE) a
        """
    }

    /// The parts `transactions`, `moved` (each movement's `position` and the wallet's `balance`
    /// after it) and `entered` that post the movements of `rows` (their wallets locked first,
    /// ``lockWallets(of:atKnownBalance:)``), as transactions of `kind`: the debit from the wallet to
    /// the other account, then the credit back, each entry with the wallet's balance after it and
    /// in account-id order, as ``post(id:kind:playerID:reference:legs:along:claim:)`` writes them.
    static func postTogether(_ kind: TransactionKind, from rows: String) -> SQLQueryString {
        """
        transactions AS (
            INSERT INTO ledger_transactions (id, app_id, player_id, kind, reference, created_at)
            SELECT transaction_id, app_id, player_id, \(bind: kind.rawValue), reference, at FROM \(unsafeRaw: rows)),
        moved AS (
            UPDATE ledger_accounts AS a SET balance = a.balance - r.debit + r.credit FROM \(unsafeRaw: rows) r WHERE a.id = r.wallet_id
            RETURNING r.position, a.balance),
        entered AS (
            INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
            SELECT r.transaction_id, e.account_id, e.amount, e.balance_after
            FROM \(unsafeRaw: rows) r JOIN moved m ON m.position = r.position,
                 LATERAL (VALUES (r.wallet_id, -r.debit, m.balance - r.credit, 0), (r.counter_id, r.debit, CAST(NULL AS BIGINT), 1),
                                 (r.counter_id, -r.credit, CAST(NULL AS BIGINT), 2), (r.wallet_id, r.credit, m.balance, 3))
                     AS e (account_id, amount, balance_after, leg)
            WHERE e.amount <> 0
            ORDER BY r.position, e.account_id, e.leg)
        """
    }
}
