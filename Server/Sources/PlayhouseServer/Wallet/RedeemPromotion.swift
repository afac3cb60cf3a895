import PlayhouseAPI
import Vapor

/// A promotion's code redeemed by a player, once per idempotency key (the API and the hosted
/// pages). In order:
///
/// 1. **Reads** the app's currencies, before the transaction.
/// 2. **Checks and writes**, in one transaction (``PromotionService/redeem(_:app:playerID:on:currencies:)``):
///    the code is live, not redeemed by this player before, and below its total (the count rises
///    only while it is), and its amount moves from the promotions account to the wallet with the redemption's
///    record; the key with the answer last.
/// 3. **Answers** the redemption; a repeat with the same key gets the first answer, refusals included.
struct RedeemPromotion: Sendable {
    let promotions: PromotionService
    let currencies: CurrencyService
    let store: Store

    func callAsFunction(_ body: RedeemRequest, app: AppRecord, playerID: UUID, idempotent: IdempotentRequest) async throws -> Response {
        let promotions = self.promotions, currencies = self.currencies
        return try await idempotent.perform(store, prepare: { try await currencies.list(appID: app.id) }) { currencies, sql in
            try await promotions.redeem(body, app: app, playerID: playerID, on: sql, currencies: currencies)
        }
    }
}
