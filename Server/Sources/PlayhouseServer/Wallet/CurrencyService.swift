import Foundation
import PlayhouseAPI
import SQLKit

/// The currencies each app has configured, and the rules that come with them: which economies an
/// app may use, and how amounts of a currency are written.
public struct CurrencyService: Sendable {
    let store: Store

    /// What a currency code looks like: `EUR`, `KRD`, `GEMS2` (`[A-Z][A-Z0-9]{2,9}`).
    static func isWellFormed(code: String) -> Bool {
        ASCIIShape.matches(code, length: 3...10, first: ASCIIShape.isUppercase) { ASCIIShape.isUppercase($0) || ASCIIShape.isDigit($0) }
    }

    /// Adds a currency to an app. Real money needs an ISO 4217 code; its minor units come from the
    /// standard unless given. Virtual currencies default to whole units. Credits name their game.
    /// Audit-logged as `actor`'s, at `now`.
    public func add(appID: UUID, code rawCode: String, kind: CurrencyKind, minorUnits: Int? = nil, name: String? = nil,
                    game: String? = nil, by actor: AuditActor, at now: Date) async throws -> CurrencyInfo {
        let code = rawCode.uppercased()
        var fields: [PlayhouseProblem.Field] = []
        let known = ISO4217.currencies[code]
        if !Self.isWellFormed(code: code) {
            fields.append(.init(name: "code", code: "invalid_value"))
        } else if kind == .real && code.count != 3 {
            fields.append(.init(name: "code", code: "invalid_value"))
        }
        let units = minorUnits ?? (kind == .real ? known?.minorUnits : 0)
        if kind == .real && units == nil { fields.append(.init(name: "minor_units", code: "required")) }
        if let units, !(0...4).contains(units) { fields.append(.init(name: "minor_units", code: "invalid_value")) }
        let displayName = (name ?? known?.name ?? code).trimmingCharacters(in: .whitespacesAndNewlines)
        if displayName.isEmpty || displayName.count > 100 { fields.append(.init(name: "name", code: "invalid_value")) }
        if kind == .credit && (game ?? "").isEmpty { fields.append(.init(name: "game", code: "required")) }
        if kind != .credit && game != nil { fields.append(.init(name: "game", code: "invalid_value")) }
        guard fields.isEmpty, let units else { throw PlayhouseProblem.validation(fields) }
        guard try await find(appID: appID, code: code) == nil else {
            throw PlayhouseProblem.validation([.init(name: "code", code: "taken")])
        }
        let currency = CurrencyInfo(code: code, kind: kind, minorUnits: units, name: displayName, game: game)
        try await store.transaction { sql in
            try await sql.raw("""
                INSERT INTO currencies (id, app_id, code, kind, minor_units, name, game, created_at)
                VALUES (\(bind: UUID.random()), \(bind: appID), \(bind: code), \(bind: kind.rawValue), \(bind: units), \(bind: displayName), \(bind: game),
                        \(bind: now))
                """).run()
            try await sql.raw(AuditLog.entry(by: actor, "currency added", target: Self.ern(appID, code), after: currency, at: now)).run()
        }
        return currency
    }

    /// What the audit log names an app's currency by.
    static func ern(_ appID: UUID, _ code: String) -> String { ERN.make("currency", "\(appID.uuidString.lowercased())/\(code)") }

    /// The app's currencies, in the order they were added.
    public func list(appID: UUID) async throws -> [CurrencyInfo] {
        try await store.read { sql in try await Self.list(appID: appID, on: sql) }
    }

    /// The app's currencies, in the order they were added, read on `sql` (with a read of the caller's).
    static func list(appID: UUID, on sql: any SQLDatabase) async throws -> [CurrencyInfo] {
        try await sql.raw("""
            SELECT \(currencyColumns) FROM currencies \(SQLAlias.currency) WHERE \(SQLAlias.currency).app_id = \(bind: appID)
            ORDER BY \(SQLAlias.currency).created_at, \(SQLAlias.currency).code
            """).all()
            .compactMap { try currency($0) }
    }

    /// The app's currency with this code; nil when there is none or the code is malformed (only a
    /// well-formed code is looked up: PostgreSQL refuses text with NUL bytes, for one).
    func find(appID: UUID, code: String) async throws -> CurrencyInfo? {
        try await find(appID: appID, code: code, along: [])?.currency
    }

    /// The app's currency with this code, with the rows of what it reads `along` (a deposit, the
    /// player's limits); nil when there is none or the code is malformed.
    func find(appID: UUID, code: String, along: [ReadAlong]) async throws -> (currency: CurrencyInfo, rows: [any SQLRow])? {
        guard Self.isWellFormed(code: code) else { return nil }
        // In plain SQL: every deposit names its currency.
        let rows = try await store.read { sql in
            try await sql.raw("""
                SELECT \(Self.currencyColumns)\(along.columns) FROM currencies \(SQLAlias.currency) \(along.joins)
                WHERE \(SQLAlias.currency).app_id = \(bind: appID) AND \(SQLAlias.currency).code = \(bind: code)
                """).all()
        }
        guard let first = rows.first, let currency = try Self.currency(first) else { return nil }
        return (currency, rows)
    }

    /// The app's currency `code`, read along with another feature's row whose app column is `app`
    /// (a bet's game); ``currency(_:)`` reads it. A malformed code joins none.
    static func along(app: String, code: String) -> ReadAlong {
        let looked = isWellFormed(code: code) ? code : ""
        return ReadAlong(columns: currencyColumns, join: """
            LEFT JOIN currencies \(SQLAlias.currency) ON \(SQLAlias.currency).app_id = \(unsafeRaw: app) AND \(SQLAlias.currency).code = \(bind: looked)
            """)
    }

    /// The columns of a currency (the table's aliased ``SQLAlias/currency``).
    static let currencyColumns: SQLQueryString = """
        \(SQLAlias.currency).code AS currency_code, \(SQLAlias.currency).kind AS currency_kind, \
        \(SQLAlias.currency).minor_units AS currency_minor_units, \(SQLAlias.currency).name AS currency_name, \
        \(SQLAlias.currency).game AS currency_game
        """

    /// The currency of a row read with ``along(app:code:)`` (or by ``find(appID:code:along:)``); nil when it joined none.
    static func currency(_ row: any SQLRow) throws -> CurrencyInfo? {
        guard let code = try row.decode(column: "currency_code", as: String?.self) else { return nil }
        return CurrencyInfo(code: code, kind: CurrencyKind(rawValue: try row.decode(column: "currency_kind", as: String.self)) ?? .virtual,
                            minorUnits: try row.decode(column: "currency_minor_units", as: Int.self),
                            name: try row.decode(column: "currency_name", as: String.self),
                            game: try row.decode(column: "currency_game", as: String?.self))
    }

    /// Removes a currency no balance, payment or promotion has used; returns false when there was none.
    /// Audit-logged as `actor`'s, at `now`.
    public func remove(appID: UUID, code: String, by actor: AuditActor, at now: Date) async throws -> Bool {
        let code = code.uppercased()
        guard Self.isWellFormed(code: code) else { return false }
        return try await store.transaction { sql in
            guard let before = try await sql.raw("""
                SELECT \(Self.currencyColumns) FROM currencies \(SQLAlias.currency) WHERE \(SQLAlias.currency).app_id = \(bind: appID)
                  AND \(SQLAlias.currency).code = \(bind: code)
                """).first().flatMap({ try Self.currency($0) }) else { return false }
            for table in ["ledger_accounts", "payments", "promotions"] {
                guard try await sql.raw("""
                    SELECT 1 AS used FROM \(unsafeRaw: table) WHERE app_id = \(bind: appID) AND currency = \(bind: code) LIMIT 1
                    """).first() == nil else { throw PlayhouseProblem.validation([.init(name: "code", code: "in_use")]) }
            }
            try await sql.raw("DELETE FROM currencies WHERE app_id = \(bind: appID) AND code = \(bind: code)").run()
            try await sql.raw(AuditLog.entry(by: actor, "currency removed", target: Self.ern(appID, code), before: before, at: now)).run()
            return true
        }
    }

    /// The currency `money` names, and its amount in minor units, or a problem naming what is wrong;
    /// with the rows of what it reads `along` with the currency.
    func parse(_ money: Money, appID: UUID, along: [ReadAlong] = []) async throws -> (currency: CurrencyInfo, minor: Int64, along: [any SQLRow]) {
        guard let (currency, rows) = try await find(appID: appID, code: money.currency, along: along) else {
            throw PlayhouseProblem(.unprocessableEntity, .unknownCurrency, parameters: ["currency": String(money.currency.prefix(20))])
        }
        switch MinorUnits.parse(money.amount, digits: currency.minorUnits) {
        case .success(let minor):
            return (currency, minor, rows)
        case .failure(let error):
            throw error.problem(field: "amount")
        }
    }

    /// The economy a request moves money in: the one it names, or the app's default; a sandbox app
    /// may only use sandbox.
    static func economy(_ requested: Economy?, app: AppRecord, currency: String) throws -> Economy {
        let economy = requested ?? defaultEconomy(app)
        if app.environment == .sandbox && economy != .sandbox {
            throw PlayhouseProblem(.unprocessableEntity, .economyNotAllowed, parameters: ["currency": currency, "economy": economy.rawValue])
        }
        return economy
    }

    /// Production apps move real money unless told otherwise; sandbox apps only ever sandbox money.
    static func defaultEconomy(_ app: AppRecord) -> Economy {
        app.environment == .production ? .real : .sandbox
    }
}

extension MinorUnits.ParseError {
    /// `invalid_amount`, naming the field and what is wrong with it.
    func problem(field name: String) -> PlayhouseProblem {
        let field: PlayhouseProblem.Field = switch self {
        case .notADecimal: .init(name: name, code: "not_a_decimal")
        case .notPositive: .init(name: name, code: "not_positive")
        case .tooManyDecimals(let allowed): .init(name: name, code: "too_many_decimals", parameters: ["max": String(allowed)])
        case .tooLarge: .init(name: name, code: "too_large")
        }
        return PlayhouseProblem(.unprocessableEntity, .invalidAmount, fields: [field])
    }
}
