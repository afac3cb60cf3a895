import Foundation
import PlayhouseAPI
import Vapor

/// The admin API's money: an app's ledger added up (`/admin/v1/apps/{app}/ledger`), its payments,
/// open and finished, and its adjustments (owners and analysts read them), and the whole ledger's
/// invariants checked (`/admin/v1/ledger/verify`, as `playhouse ledger verify`; owners). Money is never
/// edited: an owner corrects a player's wallet with an adjustment (``AdjustmentService``), which
/// takes an `Idempotency-Key`, like every call that moves money.
struct AdminMoneyController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let admin = AdminController.signedIn(routes)
        admin.requiring(.readMoney).get("apps", ":app", "ledger", use: totals)
        admin.requiring(.verifyLedger).get("ledger", "verify", use: verify)
        admin.requiring(.readMoney).get("apps", ":app", "payments", use: payments)
        admin.requiring(.readMoney).get("apps", ":app", "adjustments", use: adjustments)
        admin.requiring(.adjustMoney).post("apps", ":app", "players", ":player", "adjustments", use: adjust)
        admin.requiring(.adjustMoney).post("apps", ":app", "adjustments", ":adjustment", "reversal", use: reverse)
    }

    func totals(_ request: Request) async throws -> Page<LedgerTotal> {
        let page = try request.query(PageRequest.self)
        return page.page(ofAll: try await request.ledgerTotals.totals(appID: try await AdminController.app(request).id))
    }

    /// Every app's ledger, so owners only (an analyst may not reach every app).
    func verify(_ request: Request) async throws -> LedgerVerification {
        try await request.ledgerVerifier.verify()
    }

    func payments(_ request: Request) async throws -> Page<PaymentLine> {
        enum State: String, Decodable { case open, finished }
        struct Query: Decodable { var state: State? }
        let state = try request.query(Query.self).state ?? .open
        let page = try request.query(PageRequest.self)
        let found = try await request.payments.recent(appID: try await AdminController.app(request).id, open: state == .open, page: page)
        return page.page(found.lines.map { PaymentLine(playerID: $0.playerID.uuidString.lowercased(), payment: $0.payment) }, next: found.next)
    }

    func adjustments(_ request: Request) async throws -> Page<Adjustment> {
        struct Query: Decodable { var player: UUID? }
        let player = try request.query(Query.self).player
        let page = try request.query(PageRequest.self)
        let found = try await request.adjustments.list(appID: try await AdminController.app(request).id, playerID: player, page: page)
        return page.page(found.adjustments, next: found.next)
    }

    /// An owner's correction of the player's wallet; a deleted player's wallet is closed (404).
    func adjust(_ request: Request) async throws -> Response {
        let session = try request.operatorSession
        let (app, player) = try await AdminController.player(request)
        guard player.deletedAt == nil else { throw PlayhouseProblem(.notFound, .playerNotFound) }
        let order = try request.decodeBody(AdjustmentOrder.self)
        return try await request.makeAdjustment.adjust(order, app: app, playerID: player.id, by: session.actor,
                                                       idempotent: try Self.idempotent(request, app: app, session: session))
    }

    /// An adjustment undone by another, the other way, once.
    func reverse(_ request: Request) async throws -> Response {
        let session = try request.operatorSession
        let app = try await AdminController.app(request)
        guard let id = request.parameters.get("adjustment").flatMap(UUID.init(uuidString:)) else {
            throw PlayhouseProblem.notFound(request.url.path)
        }
        let reason = try request.decodeBody(AdjustmentReversal.self).reason
        return try await request.makeAdjustment.reverse(id, reason: reason, app: app, by: session.actor,
                                                        idempotent: try Self.idempotent(request, app: app, session: session))
    }

    /// The operator's request and its key: an operator's keys are their own.
    private static func idempotent(_ request: Request, app: AppRecord, session: OperatorService.Session) throws -> IdempotentRequest {
        try IdempotentRequest(request, appID: app.id, owner: IdempotentRequest.owner(operator: session.person.id))
    }
}
