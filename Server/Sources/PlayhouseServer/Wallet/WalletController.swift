import PlayhouseAPI
import Vapor

/// The player's account and wallet (scope `wallet`): balances, history, deposits, withdrawals and
/// promotions. Every request that moves money accepts `Idempotency-Key`.
struct WalletController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("account", use: account)
        routes.patch("account", use: updateAccount)
        routes.get("currencies", use: currencies)
        let wallet = routes.grouped("wallet")
        wallet.get(use: show)
        wallet.get("transactions", use: history)
        wallet.get("transactions", ":transaction_id", use: transaction)
        wallet.post("deposits", use: deposit)
        wallet.get("deposits", ":payment_id") { try await payment($0, .deposit) }
        wallet.post("withdrawals", use: withdraw)
        wallet.get("withdrawals", ":payment_id") { try await payment($0, .withdrawal) }
        wallet.post("withdrawals", ":payment_id", "cancel", use: cancelWithdrawal)
        routes.post("promotions", "redeem", use: redeem)
    }

    func account(_ request: Request) async throws -> WalletAccount {
        let (app, player) = try await accountHolder(request)
        return try await request.wallet.account(app: app, player: player)
    }

    func updateAccount(_ request: Request) async throws -> WalletAccount {
        let (app, player) = try await accountHolder(request)
        let changes = try request.decodeBody(AccountUpdate.self)
        return try await request.wallet.update(player, with: changes, app: app)
    }

    private func accountHolder(_ request: Request) async throws -> (AppRecord, Player) {
        let (app, playerID) = try caller(request)
        guard let player = try await request.players.find(playerID, appID: app.id) else { throw PlayhouseProblem.invalidToken }
        return (app, player)
    }

    func currencies(_ request: Request) async throws -> Page<CurrencyInfo> {
        let principal = try request.principal
        try principal.require(scope: "wallet")
        let page = try request.query(PageRequest.self)
        return page.page(ofAll: try await request.currencies.list(appID: principal.app.id))
    }

    func show(_ request: Request) async throws -> Wallet {
        let (app, playerID) = try caller(request)
        return try await request.wallet.wallet(app: app, playerID: playerID)
    }

    func history(_ request: Request) async throws -> PlayhouseAPI.Page<WalletTransaction> {
        let (app, playerID) = try caller(request)
        struct Query: Decodable {
            var currency: String?
            var kind: String?
            var economy: Economy?
        }
        let query = try request.query(Query.self)
        let filter = WalletService.HistoryFilter(currency: query.currency?.uppercased(), kind: query.kind, economy: query.economy)
        return try await request.wallet.history(app: app, playerID: playerID, filter: filter, page: try request.query(PageRequest.self))
    }

    func transaction(_ request: Request) async throws -> WalletTransaction {
        let (app, playerID) = try caller(request)
        guard let id = request.parameters.get("transaction_id", as: UUID.self),
              let found = try await request.wallet.transaction(id, app: app, playerID: playerID) else {
            throw PlayhouseProblem.notFound(request.url.path)
        }
        return found
    }

    func deposit(_ request: Request) async throws -> Response {
        let (app, playerID) = try caller(request)
        return try await request.makePayment(.deposit, try request.decodeBody(PaymentRequest.self), app: app, playerID: playerID,
                                             idempotent: try IdempotentRequest(request, appID: app.id, playerID: playerID))
    }

    func withdraw(_ request: Request) async throws -> Response {
        let (app, playerID) = try caller(request)
        return try await request.makePayment(.withdrawal, try request.decodeBody(PaymentRequest.self), app: app, playerID: playerID,
                                             idempotent: try IdempotentRequest(request, appID: app.id, playerID: playerID))
    }

    private func payment(_ request: Request, _ direction: PaymentService.Direction) async throws -> Payment {
        let (app, playerID) = try caller(request)
        guard let id = request.parameters.get("payment_id", as: UUID.self),
              let found = try await request.payments.find(id, direction: direction, appID: app.id, playerID: playerID) else {
            throw PlayhouseProblem.notFound(request.url.path)
        }
        return found
    }

    func cancelWithdrawal(_ request: Request) async throws -> Response {
        let (app, playerID) = try caller(request)
        guard let id = request.parameters.get("payment_id", as: UUID.self),
              let cancelled = try await request.cancelWithdrawal(id, app: app, playerID: playerID,
                                                                 idempotent: try IdempotentRequest(request, appID: app.id, playerID: playerID)) else {
            throw PlayhouseProblem.notFound(request.url.path)
        }
        return cancelled
    }

    func redeem(_ request: Request) async throws -> Response {
        let (app, playerID) = try caller(request)
        return try await request.redeemPromotion(try request.decodeBody(RedeemRequest.self), app: app, playerID: playerID,
                                                 idempotent: try IdempotentRequest(request, appID: app.id, playerID: playerID))
    }

    private func caller(_ request: Request) throws -> (AppRecord, UUID) {
        let principal = try request.principal
        return (principal.app, try principal.requirePlayer(scope: "wallet"))
    }
}
