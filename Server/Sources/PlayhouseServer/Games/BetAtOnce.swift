import Foundation
import PlayhouseAPI
import SQLKit

/// A player's backed bet placed at once on PostgreSQL, drawn from what the bet's read found (the
/// wallet's balance and the player's seed), and written with the bets placed meanwhile
/// (``CombinedWrites``). Each bet, on its own, in this order:
///
/// 1. locks the player's seed (a provably fair game's) if its client seed and next nonce are still
///    the ones read, then their wallet if its balance still is (the seeds, then the wallets, each
///    in id order, each looked up by its id, as ``Ledger/lockWallets(of:atKnownBalance:)`` says why);
/// 2. stores the request's key with the bet's answer, unless another send stored it first;
/// 3. takes the nonce (setting the client seed the bet names), and posts the movement
///    (``BetRecord/movement``: a paying bet's net), each entry with the wallet's balance after it;
///    with the bet's record, its player's loss figures and its session's totals.
///
/// A bet for which a step finds something changed writes nothing (``Outcome/changed``) and is
/// placed again in a transaction of its own (``BetService/place(_:by:in:claim:)``). One statement
/// with a fixed text for any number of bets, each value an array with an element per bet, so that
/// it is prepared once per connection like any other.
struct BetAtOnce: CombinableWrite {
    /// The player's current seed, as the read found it.
    struct Seed: Sendable {
        var id: UUID
        var clientSeed: String
        var nonce: Int64
    }

    var playerID: UUID
    /// A provably fair game's seed; nil for a game drawn at random.
    var seed: Seed?
    /// The client seed the bet names, set on the seed as its nonce is taken.
    var newClientSeed: String?
    var walletID: UUID
    var knownBalance: Int64
    var houseID: UUID
    /// The request's key and its answer; nil without a key.
    var answer: IdempotentRequest.StoredAnswer?
    /// The ledger transaction's reference (the bet's ern).
    var reference: String
    /// The bet's record: its transaction, stake, payout and balance after among it.
    var record: BetRecord

    var owner: UUID { playerID }

    enum Outcome: Sendable, Equatable {
        /// Placed; the wallet's balance after it.
        case placed(balance: Int64)
        /// Nothing written: the seed, the wallet or the key was not as read.
        case changed
    }

    /// Places `bets` (one per player) in one statement; answers each one's outcome, in order.
    @Sendable static func write(_ bets: [BetAtOnce], on store: Store) async throws -> [Outcome] {
        let key = IdempotentRequest.StoredAnswer.self, none = key.none, records = bets.map(\.record)
        let statement: SQLQueryString = """
            WITH input AS (
                SELECT * FROM unnest(
                    \(bind: bets.indices.map { Int64($0) }), \(bind: bets.map { $0.seed != nil }), \(bind: bets.map { $0.seed?.id ?? $0.walletID }),
                    \(bind: bets.map { $0.seed?.clientSeed ?? none }), \(bind: bets.map { $0.seed?.nonce ?? 0 }),
                    \(bind: bets.map { $0.newClientSeed ?? none }), \(bind: bets.map(\.walletID)), \(bind: bets.map(\.knownBalance)),
                    \(bind: bets.map(\.houseID)), \(key.arrays(bets.map(\.answer))),
                    \(bind: records.map { $0.transactionID ?? $0.betID }), \(bind: bets.map(\.reference)), \(bind: records.map(\.betID)),
                    \(bind: records.map(\.appID)), \(bind: records.map { $0.sessionID.map { $0.uuidString } ?? none }), \(bind: bets.map(\.playerID)),
                    \(bind: records.map(\.game)), \(bind: records.map { $0.creditGame ?? none }), \(bind: records.map(\.gameVersion)),
                    \(bind: records.map(\.kind.rawValue)), \(bind: records.map { $0.currency ?? none }), \(bind: records.map { $0.economy?.rawValue ?? none }),
                    \(bind: records.map(\.minorUnits)), \(bind: records.map(\.wager)), \(bind: records.map(\.stake)), \(bind: records.map(\.payout)),
                    \(bind: records.map(\.paylines)), \(bind: records.map(\.result)), \(bind: records.map { $0.clientSeed ?? none }),
                    \(bind: records.map { $0.nonce ?? 0 }), \(bind: records.map { $0.balanceAfter ?? 0 }), \(bind: records.map(\.createdAt)),
                    \(bind: records.map { LossFigures.hourNumber($0.createdAt) }), \(bind: records.map(\.movement.debit)),
                    \(bind: records.map(\.movement.credit)))
                AS i (position, fair, seed_id, seed_client_seed, seed_nonce, new_client_seed, wallet_id, known_balance, counter_id,
                      \(key.columns), transaction_id, reference, bet_id, app_id, session_id,
                      player_id, game, credit_game, version, kind, currency, economy, minor_units, wager, stake, payout, paylines, result,
                      client_seed, nonce, balance_after, at, hour, debit, credit)),
            seeds AS (
                SELECT f.id FROM (SELECT * FROM input WHERE fair ORDER BY seed_id) i CROSS JOIN LATERAL (
                    SELECT f.id FROM fairness_seeds f
                    WHERE f.id = i.seed_id AND f.current = 1 AND f.client_seed = i.seed_client_seed AND f.next_nonce = i.seed_nonce
                    FOR UPDATE) f),
            seeded AS (SELECT i.* FROM input i WHERE NOT i.fair OR i.seed_id IN (SELECT id FROM seeds)),
            wallets AS (\(Ledger.lockWallets(of: "seeded", atKnownBalance: true))),
            funded AS (SELECT s.* FROM seeded s WHERE s.wallet_id IN (SELECT id FROM wallets)),
            claimed AS (\(key.claims(from: "funded"))),
            held AS (
                SELECT f.* FROM funded f
                WHERE f.idempotency_key = \(bind: none) OR f.key_id IN (SELECT id FROM claimed)),
            nonces AS (
                UPDATE fairness_seeds AS f
                SET client_seed = CASE WHEN h.new_client_seed <> \(bind: none) THEN h.new_client_seed ELSE f.client_seed END, next_nonce = f.next_nonce + 1
                FROM held h WHERE h.fair AND f.id = h.seed_id RETURNING f.id),
            \(Ledger.postTogether(.bet, from: "held")),
            recorded AS (
                INSERT INTO bets (bet_id, app_id, session_id, player_id, client_user_id, game_slug, credit_game, game_version, kind, currency,
                                  economy, minor_units, wager, stake, payout, paylines, result, fairness_seed_id, client_seed, nonce,
                                  transaction_id, balance_after, created_at)
                SELECT bet_id, app_id, CAST(NULLIF(session_id, \(bind: none)) AS UUID), player_id, CAST(NULL AS TEXT), game,
                       NULLIF(credit_game, \(bind: none)), version, kind, currency, economy, minor_units, wager, stake, payout, paylines, result,
                       CASE WHEN fair THEN seed_id END, NULLIF(client_seed, \(bind: none)), CASE WHEN fair THEN nonce END, transaction_id,
                       balance_after, at
                FROM held),
            losses AS (
                INSERT INTO \(ident: LossFigures.table) (player_id, currency, hour, lost)
                SELECT player_id, currency, hour, stake - payout FROM held
                ON CONFLICT (player_id, currency, hour) DO UPDATE SET lost = \(ident: LossFigures.table).lost + excluded.lost),
            sessions AS (
                INSERT INTO \(ident: SessionBetTotals.table) (session_id, currency, economy, minor_units, bets, backed, wagered, won)
                SELECT CAST(session_id AS UUID), currency, economy, minor_units, 1, 1, stake, payout FROM held WHERE session_id <> \(bind: none)
                ON CONFLICT (session_id, currency, economy) DO UPDATE SET
                    bets = \(ident: SessionBetTotals.table).bets + 1, backed = \(ident: SessionBetTotals.table).backed + excluded.backed,
                    wagered = \(ident: SessionBetTotals.table).wagered + excluded.wagered, won = \(ident: SessionBetTotals.table).won + excluded.won)
            SELECT position, balance FROM moved
            """
        let rows = try await store.write { sql in try await sql.raw(statement).all() }
        var outcomes = [Outcome](repeating: .changed, count: bets.count)
        for row in rows {
            outcomes[Int(try row.decode(column: "position", as: Int64.self))] = .placed(balance: try row.decode(column: "balance", as: Int64.self))
        }
        return outcomes
    }
}
