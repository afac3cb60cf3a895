import PlayhouseAPI
import Vapor

/// An owner's correction of a player's wallet, or the reversal of one, once per idempotency key
/// (the operator's own keys). In order:
///
/// 1. **Checks** the order (``AdjustmentService/check(_:app:playerID:)``: the amount, currency,
///    economy and reason) or the reversal (``AdjustmentService/checkReversal(of:reason:app:)``:
///    the adjustment exists and was never reversed nor is a reversal), writing nothing.
/// 2. **Writes**, in one transaction (``AdjustmentService/post(_:app:by:on:)``): the ledger
///    transaction against the app's `adjustments` account (a debit the wallet does not cover is
///    refused), its record and audit entry; the key with the answer last.
/// 3. **Answers** the adjustment; a repeat with the same key gets the first answer, refusals included.
struct MakeAdjustment: Sendable {
    let adjustments: AdjustmentService
    let store: Store

    /// A correction of `playerID`'s wallet.
    func adjust(_ order: AdjustmentOrder, app: AppRecord, playerID: UUID, by actor: AuditActor,
                idempotent: IdempotentRequest) async throws -> Response {
        let adjustments = self.adjustments
        return try await idempotent.perform(store, prepare: { try await adjustments.check(order, app: app, playerID: playerID) }) { checked, sql in
            try await adjustments.post(checked, app: app, by: actor, on: sql)
        }
    }

    /// The adjustment `id` undone by another, the other way, once.
    func reverse(_ id: UUID, reason: String, app: AppRecord, by actor: AuditActor, idempotent: IdempotentRequest) async throws -> Response {
        let adjustments = self.adjustments
        return try await idempotent.perform(store, prepare: { try await adjustments.checkReversal(of: id, reason: reason, app: app) }) { checked, sql in
            try await adjustments.post(checked, app: app, by: actor, on: sql)
        }
    }
}
