import Foundation
import PlayhouseAPI
import SQLKit

/// A deleted player's wallet closed (``DeleteAccount``), in the caller's transaction, with the
/// player (``PlayerService/lock(_:on:)``) and their wallet's accounts locked.
///
/// Money never disappears with an account. While a deposit or withdrawal of the player's is open,
/// the wallet is not closed (`409 payments_open`): the payment settles first. Real money (a real
/// currency in the real economy) is the player's: it is withdrawn first (`409
/// real_money_in_wallet`, naming the amounts). Every other balance (sandbox money, a virtual
/// currency) is written off to the house, one `write_off` ledger transaction per balance, and the
/// ledger keeps every record under the player's id. The answers the player's requests and list
/// operations keep (``IdempotentRequest``) are forgotten.
extension WalletService {
    func close(app: AppRecord, playerID: UUID, reference: String, now: Date, on sql: any SQLDatabase) async throws -> [AccountDeletion.WriteOff] {
        let currencies = try await CurrencyService.list(appID: app.id, on: sql)
        // The wallet's and the held money's accounts locked first, in id order, at the balances every
        // movement committed so far left: a withdrawal opened meanwhile has moved its money to the
        // held account, or waits and finds the wallet empty; the write-offs are exact.
        let accounts = try await sql.raw("""
            SELECT id, owner, currency, economy, balance FROM ledger_accounts
            WHERE app_id = \(bind: app.id) AND owner IN (\(bind: LedgerAccountKey.walletOwner(playerID)), \(bind: LedgerAccountKey.heldOwner(playerID)))
            ORDER BY id\(unsafeRaw: sql.dialect.name == "postgresql" ? " FOR UPDATE" : "")
            """).all()
        var balances: [(currency: CurrencyInfo, economy: Economy, minor: Int64)] = [], held = false
        for row in accounts {
            let minor = try row.decode(column: "balance", as: Int64.self)
            guard minor != 0 else { continue }
            if try row.decode(column: "owner", as: String.self) != LedgerAccountKey.walletOwner(playerID) {
                held = true
                continue
            }
            let code = try row.decode(column: "currency", as: String.self), economyName = try row.decode(column: "economy", as: String.self)
            guard let currency = currencies.first(where: { $0.code == code }), let economy = Economy(rawValue: economyName) else {
                throw PlayhouseProblem(.internalServerError, .internalError)
            }
            balances.append((currency, economy, minor))
        }
        let open = try await sql.raw("""
            SELECT id FROM payments WHERE player_id = \(bind: playerID) AND app_id = \(bind: app.id)
              AND status IN (\(bind: PaymentStatus.pending.rawValue), \(bind: PaymentService.processing)) LIMIT 1
            """).first()
        guard open == nil, !held else { throw PlayhouseProblem(.conflict, .paymentsOpen) }
        let real = balances.filter { $0.currency.kind == .real && $0.economy == .real }
        guard real.isEmpty else {
            throw PlayhouseProblem(.conflict, .realMoneyInWallet,
                                   parameters: ["balances": real.map { "\($0.currency.money($0.minor).amount) \($0.currency.code)" }.joined(separator: ", ")])
        }
        let ledger = Ledger(sql: sql, appID: app.id, now: now)
        for balance in balances {
            _ = try await ledger.post(kind: TransactionKind.writeOff.rawValue, playerID: playerID, reference: reference,
                                      legs: [(.wallet(playerID, balance.currency.code, balance.economy), -balance.minor),
                                             (.app(.house, balance.currency.code, balance.economy), balance.minor)])
        }
        try await IdempotentRequest.forgetAnswers(ofPlayer: playerID, app: app.id, sql)
        return balances.map { AccountDeletion.WriteOff(amount: $0.currency.money($0.minor), economy: $0.economy) }
    }
}
