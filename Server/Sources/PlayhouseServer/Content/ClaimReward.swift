import Foundation
import PlayhouseAPI
import SQLKit

/// A reward's receipt claimed by its player, exactly once, whatever is retried or raced on any
/// instance: the receipt is its own idempotency key. In order:
///
/// 1. **Checks and writes**, in one transaction: the receipt is marked claimed, only if it is the
///    player's and still unclaimed (a later claim writes nothing); the first claim's grant, in one
///    of the app's virtual currencies, moves from the app's `rewards` account to the wallet, in the
///    app's default economy.
/// 2. **Answers** the receipt as it stands, claimed then; the first claim counts an unlock in the
///    placement's statistics.
struct ClaimReward: Sendable {
    let store: Store
    let now: Date
    let rewards: RewardService
    let stats: ContentStats

    func callAsFunction(_ id: UUID, playerID: UUID, app: AppRecord) async throws -> RewardReceipt {
        let now = self.now
        let placement = try await store.transaction { sql -> String? in
            let transactionID = UUID.random()
            guard let row = try await sql.raw("""
                UPDATE reward_receipts SET claimed_at = \(bind: now), transaction_id = \(bind: transactionID)
                WHERE id = \(bind: id) AND player_id = \(bind: playerID) AND app_id = \(bind: app.id) AND claimed_at IS NULL
                RETURNING grants, placement
                """).first() else { return nil }
            let grant = try JSONDecoder().decode(RewardGrant.self, from: Data(try row.decode(column: "grants", as: String.self).utf8))
            if let amount = grant.amount {
                let currencies = try await CurrencyService.list(appID: app.id, on: sql)
                let currency = currencies.info(for: amount.currency)
                guard currency.kind == .virtual, case .success(let minor) = MinorUnits.parse(amount.amount, digits: currency.minorUnits) else {
                    throw PlayhouseProblem(.unprocessableEntity, .notAReward)
                }
                let economy = CurrencyService.defaultEconomy(app)
                _ = try await Ledger(sql: sql, appID: app.id, now: now).post(
                    id: transactionID, kind: TransactionKind.reward.rawValue, playerID: playerID, reference: ERN.make("receipt", id.uuidString.lowercased()),
                    legs: [(.app(.rewards, amount.currency, economy), -minor), (.wallet(playerID, amount.currency, economy), minor)])
            }
            return try row.decode(column: "placement", as: String.self)
        }
        guard let receipt = try await rewards.find(id: id, playerID: playerID) else { throw PlayhouseProblem(.notFound, .receiptNotFound) }
        if let placement {
            stats.count(.init(appID: app.id, day: PlacementDecision.day(now), placement: placement, unit: receipt.unit), .init(unlocks: 1))
        }
        return receipt
    }
}
