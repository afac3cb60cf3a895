import PlayhouseAPI
import Vapor

/// A deposit or a withdrawal, from the decoded request to its answer, once per idempotency key:
/// the API's and the hosted pages' one way to move money in or out. In order:
///
/// 1. **Checks and reads**, in one statement (``PaymentService/prepare(_:_:app:id:along:)``): the
///    amount in one of the app's real currencies, the economy, the payment method; read along
///    with the currency, for a deposit, what the player's permission needs.
/// 2. **May this player play now** (``PlayPermission``), for a deposit only (a deposit is not play
///    in a session: the player's own standing), asked once; it answers their limits.
/// 3. **Writes, and asks the provider**, as ``PaymentService`` describes
///    (``PaymentService/make(_:appID:playerID:depositLimits:unanswered:claim:logger:)``), a
///    deposit within the player's deposit limits.
/// 4. **Answers** the payment as it stands; a repeat with the same `Idempotency-Key` gets the
///    first answer, refusals included, or carries on the one payment from where it stands
///    (``IdempotentRequest/perform(_:status:prepareIsRepeatable:prepare:claimingKey:)``).
struct MakePayment: Sendable {
    let payments: PaymentService
    let permission: PlayPermission
    let store: Store
    let logger: Logger

    func callAsFunction(_ direction: PaymentService.Direction, _ body: PaymentRequest, app: AppRecord, playerID: UUID,
                        idempotent: IdempotentRequest) async throws -> Response {
        let payments = self.payments, permission = self.permission, logger = self.logger
        return try await idempotent.perform(store, prepareIsRepeatable: true, prepare: {
            () async throws -> (payment: PaymentService.Prepared, limits: Limits) in
            let (payment, along) = try await payments.prepare(direction, body, app: app, id: idempotent.operationID,
                                                              along: direction == .deposit ? PlayPermission.reads(playerID: playerID, session: nil) : [])
            guard direction == .deposit else { return (payment, Limits()) }
            return (payment, try await permission.require(app: app, playerID: playerID, session: nil, along))
        }, claimingKey: { prepared, _, claim in
            try await payments.make(prepared.payment, appID: app.id, playerID: playerID, depositLimits: prepared.limits,
                                    unanswered: idempotent.unanswered, claim: claim, logger: logger)
        })
    }
}
