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

    func currencies(_ request: Request) async throws -> [CurrencyInfo] {
        let principal = try request.principal
        try principal.require(scope: "wallet")
        return try await request.currencies.list(appID: principal.app.id)
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
        return try await request.pay(.deposit, try request.decodeBody(PaymentRequest.self), app: app, playerID: playerID,
                                     idempotent: try IdempotentRequest(request, appID: app.id, playerID: playerID))
    }

    func withdraw(_ request: Request) async throws -> Response {
        let (app, playerID) = try caller(request)
        return try await request.pay(.withdrawal, try request.decodeBody(PaymentRequest.self), app: app, playerID: playerID,
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
        let payments = request.payments
        guard let id = request.parameters.get("payment_id", as: UUID.self),
              let current = try await payments.find(id, direction: .withdrawal, appID: app.id, playerID: playerID) else {
            throw PlayhouseProblem.notFound(request.url.path)
        }
        let idempotent = try IdempotentRequest(request, appID: app.id, playerID: playerID)
        return try await idempotent.perform(request.store, status: .ok, prepare: {}) { _, sql in
            try await payments.cancel(current, appID: app.id, playerID: playerID, on: sql)
        }
    }

    func redeem(_ request: Request) async throws -> Response {
        let (app, playerID) = try caller(request)
        return try await request.redeem(try request.decodeBody(RedeemRequest.self), app: app, playerID: playerID,
                                        idempotent: try IdempotentRequest(request, appID: app.id, playerID: playerID))
    }

    private func caller(_ request: Request) throws -> (AppRecord, UUID) {
        let principal = try request.principal
        return (principal.app, try principal.requirePlayer(scope: "wallet"))
    }
}

extension Request {
    /// A deposit or withdrawal, once per idempotency key (the API and the hosted pages): opened,
    /// asked about and concluded as ``PaymentService`` describes. A deposit needs the player free
    /// to play, checked first, and within their deposit limits, checked under the player's lock
    /// when it is opened (a repeat of a deposit opened already, and so counted, is not checked again).
    func pay(_ direction: PaymentService.Direction, _ body: PaymentRequest, app: AppRecord, playerID: UUID,
             idempotent: IdempotentRequest) async throws -> Response {
        let payments = self.payments, logger = self.logger
        let permission = self.playPermission
        return try await idempotent.perform(store, prepareIsRepeatable: true, prepare: {
            () async throws -> (payment: PaymentService.Prepared, limits: Limits) in
            // A deposit reads what the player's permission needs with its currency: the player's
            // own standing (a deposit is not play in a session).
            let (payment, along) = try await payments.prepare(direction, body, app: app, id: idempotent.operationID,
                                                              along: direction == .deposit ? PlayPermission.reads(playerID: playerID, session: nil) : [])
            guard direction == .deposit else { return (payment, Limits()) }
            return (payment, try await permission.require(app: app, playerID: playerID, session: nil, along))
        }, claimingKey: { prepared, _, claim in
            try await payments.make(prepared.payment, appID: app.id, playerID: playerID, depositLimits: prepared.limits,
                                    unanswered: idempotent.unanswered, claim: claim, logger: logger)
        })
    }

    /// Redeems a promotion for the player, once per idempotency key (the API and the hosted pages).
    func redeem(_ body: RedeemRequest, app: AppRecord, playerID: UUID, idempotent: IdempotentRequest) async throws -> Response {
        let promotions = self.promotions, store = self.store
        return try await idempotent.perform(store, prepare: { try await CurrencyService(store: store).list(appID: app.id) }) { currencies, sql in
            try await promotions.redeem(body, app: app, playerID: playerID, on: sql, currencies: currencies)
        }
    }
}
