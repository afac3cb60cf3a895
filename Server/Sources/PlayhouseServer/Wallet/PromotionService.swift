import Foundation
import PlayhouseAPI
import SQLKit

/// Creates promotions and redeems them: each player gets a promotion's bonus once, within its
/// limit of redemptions and its dates.
public struct PromotionService: Sendable {
    let store: Store
    let now: Date
    let publicURL: String

    /// What a promotion code looks like (upper case): `WELCOME`, `SPRING-2026`.
    static let codePattern = "^[A-Z0-9][A-Z0-9_-]{2,39}$"

    /// Creates a promotion for an app. `amount` is a decimal string in `currency`.
    /// Audit-logged as `actor`'s.
    public func create(appID: UUID, code rawCode: String, name: String?, amount: String, currency: String, economy: Economy?,
                       maxRedemptions: Int?, startsAt: Date?, expiresAt: Date?, by actor: AuditActor) async throws -> PromotionInfo {
        guard let app = try await AppService(store: store, now: now).find(appID.uuidString) else {
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
        let (currencyInfo, minor, _) = try await CurrencyService(store: store)
            .parse(Money(amount: amount, currency: currency.uppercased()), appID: appID)
        let economy = try CurrencyService.economy(economy, app: app, currency: currencyInfo.code)
        let now = self.now
        let promotion = PromotionInfo(code: code, name: title, amount: currencyInfo.money(minor), economy: economy, maxRedemptions: maxRedemptions,
                                      redemptions: 0, startsAt: startsAt, expiresAt: expiresAt, url: url(code))
        do {
            try await store.transaction { sql in
                try await sql.raw("""
                    INSERT INTO promotions (id, app_id, code, name, currency, economy, amount, max_redemptions, redemptions, starts_at,
                                            expires_at, created_at)
                    VALUES (\(bind: UUID.random()), \(bind: appID), \(bind: code), \(bind: title), \(bind: currencyInfo.code), \(bind: economy.rawValue),
                            \(bind: minor), \(bind: maxRedemptions), 0, \(bind: startsAt), \(bind: expiresAt), \(bind: now))
                    """).run()
                try await sql.raw(AuditLog.entry(by: actor, "promotion created",
                                                 target: ERN.make("promotion", "\(appID.uuidString.lowercased())/\(code)"), after: promotion, at: now)).run()
            }
        } catch where Store.isConstraintViolation(error) {
            throw PlayhouseProblem.validation([.init(name: "code", code: "taken")])
        }
        return promotion
    }

    /// The app's promotions, newest first.
    public func list(appID: UUID) async throws -> [PromotionInfo] {
        let currencies = try await CurrencyService(store: store).list(appID: appID)
        let rows = try await store.read { sql in
            try await sql.raw("""
                SELECT code, name, currency, economy, amount, max_redemptions, redemptions, starts_at, expires_at FROM promotions
                WHERE app_id = \(bind: appID) ORDER BY created_at DESC
                """).all()
        }
        return try rows.map { row in
            let code = try row.decode(column: "code", as: String.self)
            return PromotionInfo(code: code, name: try row.decode(column: "name", as: String.self),
                                 amount: currencies.info(for: try row.decode(column: "currency", as: String.self))
                                     .money(try row.decode(column: "amount", as: Int64.self)),
                                 economy: Economy(rawValue: try row.decode(column: "economy", as: String.self)) ?? .sandbox,
                                 maxRedemptions: try row.decode(column: "max_redemptions", as: Int?.self),
                                 redemptions: try row.decode(column: "redemptions", as: Int.self),
                                 startsAt: try row.decode(column: "starts_at", as: Date?.self),
                                 expiresAt: try row.decode(column: "expires_at", as: Date?.self), url: url(code))
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

        let transactionID = UUID.random()
        guard try await sql.claimed("""
            INSERT INTO promotion_redemptions (id, promotion_id, player_id, transaction_id, created_at)
            VALUES (\(bind: UUID.random()), \(bind: id), \(bind: playerID), \(bind: transactionID), \(bind: now))
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

    /// The link players can open for the promotion `code`.
    private func url(_ code: String) -> String { "\(publicURL)/promotions/\(code)" }
}
