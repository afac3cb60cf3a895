import PlayhouseAPI
import Vapor

/// A player's withdrawal cancelled while it is still pending, once per idempotency key. In order:
///
/// 1. **Reads** the withdrawal, the player's own (else 404, stored as no key's answer).
/// 2. **Writes**, in one transaction (``PaymentService/cancel(_:appID:playerID:on:)``): the payment
///    moves from pending to cancelled, only if it still is pending (else a conflict naming its
///    status), and its held money goes back to the wallet; the key with the answer last.
/// 3. **Answers** the cancelled withdrawal; a repeat with the same key gets the first answer,
///    refusals included.
struct CancelWithdrawal: Sendable {
    let payments: PaymentService
    let store: Store

    func callAsFunction(_ id: UUID, app: AppRecord, playerID: UUID, idempotent: IdempotentRequest) async throws -> Response? {
        guard let withdrawal = try await payments.find(id, direction: .withdrawal, appID: app.id, playerID: playerID) else { return nil }
        let payments = self.payments
        return try await idempotent.perform(store, status: .ok, prepare: {}) { _, sql in
            try await payments.cancel(withdrawal, appID: app.id, playerID: playerID, on: sql)
        }
    }
}
