import Fluent
import Foundation
import PlayhouseAPI
import SQLKit

/// A promotion as the operator's command line shows it.
public struct PromotionInfo: Sendable {
    public var code: String
    public var name: String
    public var amount: Money
    public var economy: Economy
    public var maxRedemptions: Int?
    public var redemptions: Int
    public var startsAt: Date?
    public var expiresAt: Date?
    /// The link players can open (the hosted redeem page) or an app can pass to `redeem`.
    public var url: String
}

/// Creates promotions and redeems them: each player gets a promotion's bonus once, within its
/// limit of redemptions and its dates.
public struct PromotionService: Sendable {
    let database: any Database
    let writer: MoneyWriter
    let now: Date
    let publicURL: String

    /// What a promotion code looks like (upper case): `WELCOME`, `SPRING-2026`.
    static let codePattern = "^[A-Z0-9][A-Z0-9_-]{2,39}$"

    /// Creates a promotion for an app. `amount` is a decimal string in `currency`.
    public func create(appID: UUID, code rawCode: String, name: String?, amount: String, currency: String, economy: Economy?,
                       maxRedemptions: Int?, startsAt: Date?, expiresAt: Date?) async throws -> PromotionInfo {
        guard let app = try await AppService(database: database).find(appID.uuidString) else {
            throw PlayhouseProblem.notFound("app")
        }
        let code = rawCode.uppercased()
        var fields: [PlayhouseProblem.Field] = []
        if code.range(of: Self.codePattern, options: .regularExpression) == nil { fields.append(.init(name: "code", code: "invalid_value")) }
        if let maxRedemptions, maxRedemptions < 1 { fields.append(.init(name: "max_redemptions", code: "invalid_value")) }
        if let startsAt, let expiresAt, expiresAt <= startsAt { fields.append(.init(name: "expires_at", code: "invalid_value")) }
        let title = (name ?? code).trimmingCharacters(in: .whitespacesAndNewlines)
        if title.isEmpty || title.count > 100 { fields.append(.init(name: "name", code: "invalid_value")) }
        guard fields.isEmpty else { throw PlayhouseProblem.validation(fields) }
        let (currencyInfo, minor, _) = try await CurrencyService(database: database)
            .parse(Money(amount: amount, currency: currency.uppercased()), appID: appID)
        let economy = try CurrencyService.economy(economy, app: app, currency: currencyInfo.code)
        guard try await Promotion.query(on: database).filter(\.$app.$id == appID).filter(\.$code == code).first() == nil else {
            throw PlayhouseProblem.validation([.init(name: "code", code: "taken")])
        }
        let promotion = Promotion()
        promotion.$app.id = appID
        promotion.code = code
        promotion.name = title
        promotion.currency = currencyInfo.code
        promotion.economy = economy.rawValue
        promotion.amount = minor
        promotion.maxRedemptions = maxRedemptions
        promotion.redemptions = 0
        promotion.startsAt = startsAt
        promotion.expiresAt = expiresAt
        promotion.createdAt = now
        try await promotion.create(on: database)
        return info(promotion, currency: currencyInfo)
    }

    /// The app's promotions, newest first.
    public func list(appID: UUID) async throws -> [PromotionInfo] {
        let currencies = try await CurrencyService(database: database).list(appID: appID)
        return try await Promotion.query(on: database).filter(\.$app.$id == appID).sort(\.$createdAt, .descending).all().map { promotion in
            info(promotion, currency: currencies.info(for: promotion.currency))
        }
    }

    /// Credits the promotion's bonus to the player, once.
    func redeem(_ request: RedeemRequest, app: AppRecord, playerID: UUID, on sql: any SQLDatabase,
                currencies: [CurrencyInfo]) async throws -> Redemption {
        guard let code = Self.code(from: request) else { throw PlayhouseProblem(.notFound, .promotionNotFound) }
        guard let row = try await sql.raw("""
            SELECT id, name, currency, economy, amount, max_redemptions, starts_at, expires_at FROM promotions
            WHERE app_id = \(bind: app.id) AND code = \(bind: code)
            """).first() else { throw PlayhouseProblem(.notFound, .promotionNotFound) }
        let id = try row.decode(column: "id", as: UUID.self)
        let startsAt = try row.decode(column: "starts_at", as: Date?.self)
        let expiresAt = try row.decode(column: "expires_at", as: Date?.self)
        if let startsAt, now < startsAt { throw PlayhouseProblem(.unprocessableEntity, .promotionNotActive) }
        if let expiresAt, now >= expiresAt { throw PlayhouseProblem(.unprocessableEntity, .promotionNotActive) }
        let currencyCode = try row.decode(column: "currency", as: String.self)
        let economy = Economy(rawValue: try row.decode(column: "economy", as: String.self)) ?? .sandbox
        let amount = try row.decode(column: "amount", as: Int64.self)

        let transactionID = UUID()
        guard try await sql.claimed("""
            INSERT INTO promotion_redemptions (id, promotion_id, player_id, transaction_id, created_at)
            VALUES (\(bind: UUID()), \(bind: id), \(bind: playerID), \(bind: transactionID), \(bind: now))
            ON CONFLICT (promotion_id, player_id) DO NOTHING RETURNING id
            """) else { throw PlayhouseProblem(.conflict, .promotionAlreadyRedeemed) }
        guard try await sql.claimed("""
            UPDATE promotions SET redemptions = redemptions + 1
            WHERE id = \(bind: id) AND (max_redemptions IS NULL OR redemptions < max_redemptions) RETURNING id
            """) else { throw PlayhouseProblem(.conflict, .promotionExhausted) }
        _ = try await Ledger(sql: sql, appID: app.id, now: now).post(
            id: transactionID, kind: TransactionKind.promotion.rawValue, playerID: playerID, reference: ERN.make("promotion", code),
            legs: [(.app(.promotions, currencyCode, economy), -amount), (.wallet(playerID, currencyCode, economy), amount)])
        let currency = currencies.info(for: currencyCode)
        return Redemption(code: code, name: try row.decode(column: "name", as: String.self), amount: currency.money(amount),
                          economy: economy, transactionID: transactionID.uuidString.lowercased(), redeemedAt: now)
    }

    /// The code a request names: `code`, or the last path segment (or `code` query item) of `url`.
    static func code(from request: RedeemRequest) -> String? {
        var candidate = request.code
        if candidate == nil, let text = request.url, let url = URLComponents(string: text) {
            candidate = url.queryItems?.first { $0.name == "code" }?.value
                ?? url.path.split(separator: "/").last.map(String.init)
        }
        guard let code = candidate?.trimmingCharacters(in: .whitespaces).uppercased(),
              code.range(of: Self.codePattern, options: .regularExpression) != nil else { return nil }
        return code
    }

    private func info(_ promotion: Promotion, currency: CurrencyInfo) -> PromotionInfo {
        PromotionInfo(code: promotion.code, name: promotion.name, amount: currency.money(promotion.amount),
                      economy: Economy(rawValue: promotion.economy) ?? .sandbox, maxRedemptions: promotion.maxRedemptions,
                      redemptions: promotion.redemptions, startsAt: promotion.startsAt, expiresAt: promotion.expiresAt,
                      url: "\(publicURL)/promotions/\(promotion.code)")
    }
}
