import Foundation
import PlayhouseAPI

/// The signed-in player's account and wallet: `client.wallet`. Needs the `wallet` scope.
///
/// Amounts are `Decimal`s with their currency. Every call that moves money sends an
/// `Idempotency-Key` (a new one per call unless you pass your own), and the SDK's automatic retries
/// reuse it, so a retried deposit never deposits twice.
public struct WalletAPI: Sendable {
    let api: APIClient

    /// The player's account: names, email, currency, environment and economy.
    public func account() async throws(PlayhouseError) -> WalletAccount {
        try await api.player("GET", APIPath.account)
    }

    /// Sets the player's currency preference (one of the app's currencies); answers the account.
    public func setCurrency(_ currency: String) async throws(PlayhouseError) -> WalletAccount {
        try await api.player("PATCH", APIPath.account, body: AccountUpdate(currency: currency))
    }

    /// The app's currencies and their decimals, in the order they were added, fetched page by page
    /// as you iterate: `for try await currency in client.wallet.currencies() { … }`.
    public func currencies(pageSize: Int = 25) -> PagedSequence<CurrencyInfo> {
        PagedSequence(pageSize: pageSize) { limit, cursor throws(PlayhouseError) in try await currenciesPage(limit: limit, cursor: cursor) }
    }

    /// One page of the app's currencies; pass the previous page's `nextCursor` as `cursor`.
    public func currenciesPage(limit: Int = 25, cursor: String? = nil) async throws(PlayhouseError) -> Page<CurrencyInfo> {
        var query = [URLQueryItem(name: "limit", value: String(limit))]
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        return try await api.player("GET", APIPath.currencies, query: query)
    }

    /// Balances per currency and economy, and pending withdrawals.
    public func wallet() async throws(PlayhouseError) -> Wallet {
        try await api.player("GET", APIPath.wallet)
    }

    /// The wallet's history, newest first, fetched page by page as you iterate:
    /// `for try await transaction in client.wallet.transactions(currency: "EUR") { … }`.
    public func transactions(currency: String? = nil, kind: TransactionKind? = nil, economy: Economy? = nil,
                             pageSize: Int = 25) -> PagedSequence<WalletTransaction> {
        PagedSequence(pageSize: pageSize) { limit, cursor throws(PlayhouseError) in
            try await transactionsPage(currency: currency, kind: kind, economy: economy, limit: limit, cursor: cursor)
        }
    }

    /// One page of the history; pass the previous page's `nextCursor` as `cursor`.
    public func transactionsPage(currency: String? = nil, kind: TransactionKind? = nil, economy: Economy? = nil,
                                 limit: Int = 25, cursor: String? = nil) async throws(PlayhouseError) -> Page<WalletTransaction> {
        var query = [URLQueryItem(name: "limit", value: String(limit))]
        if let currency { query.append(URLQueryItem(name: "currency", value: currency)) }
        if let kind { query.append(URLQueryItem(name: "kind", value: kind.rawValue)) }
        if let economy { query.append(URLQueryItem(name: "economy", value: economy.rawValue)) }
        if let cursor { query.append(URLQueryItem(name: "cursor", value: cursor)) }
        return try await api.player("GET", APIPath.walletTransactions, query: query)
    }

    /// One transaction of the player's history.
    public func transaction(id: String) async throws(PlayhouseError) -> WalletTransaction {
        try await api.player("GET", APIPath.walletTransactions + "/" + id.pathSegment)
    }

    /// Deposits `amount` of `currency` through the payment provider. The answer says whether it
    /// completed, is pending or was declined.
    public func deposit(_ amount: Decimal, currency: String, economy: Economy? = nil, paymentMethod: String? = nil,
                        idempotencyKey: String = UUID().uuidString) async throws(PlayhouseError) -> Deposit {
        try await api.player("POST", APIPath.deposits, body: PaymentRequest(amount: Money(amount, currency: currency), economy: economy,
                                                                            paymentMethod: paymentMethod),
                             headers: ["Idempotency-Key": idempotencyKey])
    }

    /// Withdraws `amount`: it leaves the balance at once and is held until paid out.
    public func withdraw(_ amount: Decimal, currency: String, economy: Economy? = nil, paymentMethod: String? = nil,
                         idempotencyKey: String = UUID().uuidString) async throws(PlayhouseError) -> Withdrawal {
        try await api.player("POST", APIPath.withdrawals, body: PaymentRequest(amount: Money(amount, currency: currency), economy: economy,
                                                                               paymentMethod: paymentMethod),
                             headers: ["Idempotency-Key": idempotencyKey])
    }

    /// Cancels a pending withdrawal; the held money returns to the balance.
    public func cancelWithdrawal(id: String, idempotencyKey: String = UUID().uuidString) async throws(PlayhouseError) -> Withdrawal {
        try await api.player("POST", APIPath.withdrawals + "/" + id.pathSegment + "/cancel", headers: ["Idempotency-Key": idempotencyKey])
    }

    /// A deposit, to see whether a pending one has completed.
    public func deposit(id: String) async throws(PlayhouseError) -> Deposit {
        try await api.player("GET", APIPath.deposits + "/" + id.pathSegment)
    }

    /// A withdrawal, to see whether it has been paid out.
    public func withdrawal(id: String) async throws(PlayhouseError) -> Withdrawal {
        try await api.player("GET", APIPath.withdrawals + "/" + id.pathSegment)
    }

    /// Redeems a promotion by its code; its bonus is credited once.
    public func redeem(code: String, idempotencyKey: String = UUID().uuidString) async throws(PlayhouseError) -> Redemption {
        try await api.player("POST", APIPath.redeemPromotion, body: RedeemRequest(code: code), headers: ["Idempotency-Key": idempotencyKey])
    }

    /// Redeems a promotion by the URL a link or page carried.
    public func redeem(url: URL, idempotencyKey: String = UUID().uuidString) async throws(PlayhouseError) -> Redemption {
        try await api.player("POST", APIPath.redeemPromotion, body: RedeemRequest(url: url.absoluteString), headers: ["Idempotency-Key": idempotencyKey])
    }

    // MARK: Hosted pages

    /// Opens the hosted deposit page and returns when it closes (Betable's onClose).
    public func depositPage(presenter: any WebPagePresenter) async throws(PlayhouseError) {
        try await openPage(HostedPageRequest(page: .deposit), presenter)
    }

    /// Opens the hosted withdraw page and returns when it closes.
    public func withdrawPage(presenter: any WebPagePresenter) async throws(PlayhouseError) {
        try await openPage(HostedPageRequest(page: .withdraw), presenter)
    }

    /// Opens the hosted wallet page (balances and history) and returns when it closes.
    public func walletPage(presenter: any WebPagePresenter) async throws(PlayhouseError) {
        try await openPage(HostedPageRequest(page: .wallet), presenter)
    }

    /// Opens the hosted redeem page, with `promotion`'s code filled in, and returns when it closes.
    public func redeemPage(promotion: String? = nil, presenter: any WebPagePresenter) async throws(PlayhouseError) {
        try await openPage(HostedPageRequest(page: .redeem, promotion: promotion), presenter)
    }

    /// Asks for a hosted page's one-time URL and shows it until it closes.
    func openPage(_ request: HostedPageRequest, _ presenter: any WebPagePresenter) async throws(PlayhouseError) {
        let page: HostedPage = try await api.player("POST", APIPath.pages, body: request)
        do {
            try await presenter.present(page.url, closeURL: page.closeURL)
        } catch let error as PlayhouseError {
            throw error
        } catch {
            throw PlayhouseError(transportError: error)
        }
    }

    // MARK: Completion handlers

    /// Completion-handler form of ``wallet()``; `completion` runs on the main queue.
    public func wallet(completion: @escaping @MainActor @Sendable (Result<Wallet, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Wallet in try await wallet() }
    }

    /// Completion-handler form of ``account()``; `completion` runs on the main queue.
    public func account(completion: @escaping @MainActor @Sendable (Result<WalletAccount, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> WalletAccount in try await account() }
    }

    /// Completion-handler form of ``setCurrency(_:)``; `completion` runs on the main queue.
    public func setCurrency(_ currency: String, completion: @escaping @MainActor @Sendable (Result<WalletAccount, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> WalletAccount in try await setCurrency(currency) }
    }

    /// Completion-handler form of ``deposit(_:currency:economy:paymentMethod:idempotencyKey:)``.
    public func deposit(_ amount: Decimal, currency: String, economy: Economy? = nil, paymentMethod: String? = nil,
                        completion: @escaping @MainActor @Sendable (Result<Deposit, PlayhouseError>) -> Void) {
        let key = UUID().uuidString
        deliver(completion) { () async throws(PlayhouseError) -> Deposit in
            try await deposit(amount, currency: currency, economy: economy, paymentMethod: paymentMethod, idempotencyKey: key)
        }
    }

    /// Completion-handler form of ``withdraw(_:currency:economy:paymentMethod:idempotencyKey:)``.
    public func withdraw(_ amount: Decimal, currency: String, economy: Economy? = nil, paymentMethod: String? = nil,
                         completion: @escaping @MainActor @Sendable (Result<Withdrawal, PlayhouseError>) -> Void) {
        let key = UUID().uuidString
        deliver(completion) { () async throws(PlayhouseError) -> Withdrawal in
            try await withdraw(amount, currency: currency, economy: economy, paymentMethod: paymentMethod, idempotencyKey: key)
        }
    }

    /// Completion-handler form of ``redeem(code:idempotencyKey:)``.
    public func redeem(code: String, completion: @escaping @MainActor @Sendable (Result<Redemption, PlayhouseError>) -> Void) {
        let key = UUID().uuidString
        deliver(completion) { () async throws(PlayhouseError) -> Redemption in try await redeem(code: code, idempotencyKey: key) }
    }
}

// MARK: Completion-handler forms

extension WalletAPI {
    /// Completion-handler form of ``currenciesPage(limit:cursor:)``; `completion` runs on the main queue.
    public func currenciesPage(limit: Int = 25, cursor: String? = nil,
                               completion: @escaping @MainActor @Sendable (Result<Page<CurrencyInfo>, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Page<CurrencyInfo> in try await currenciesPage(limit: limit, cursor: cursor) }
    }

    /// Completion-handler form of ``transactionsPage(currency:kind:economy:limit:cursor:)``; `completion` runs on the main queue.
    public func transactionsPage(currency: String? = nil, kind: TransactionKind? = nil, economy: Economy? = nil, limit: Int = 25, cursor: String? = nil, completion: @escaping @MainActor @Sendable (Result<Page<WalletTransaction>, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Page<WalletTransaction> in try await transactionsPage(currency: currency, kind: kind, economy: economy, limit: limit, cursor: cursor) }
    }

    /// Completion-handler form of ``transaction(id:)``; `completion` runs on the main queue.
    public func transaction(id: String, completion: @escaping @MainActor @Sendable (Result<WalletTransaction, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> WalletTransaction in try await transaction(id: id) }
    }

    /// Completion-handler form of ``cancelWithdrawal(id:idempotencyKey:)``; `completion` runs on the main queue.
    public func cancelWithdrawal(id: String, idempotencyKey: String = UUID().uuidString, completion: @escaping @MainActor @Sendable (Result<Withdrawal, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Withdrawal in try await cancelWithdrawal(id: id, idempotencyKey: idempotencyKey) }
    }

    /// Completion-handler form of ``deposit(id:)``; `completion` runs on the main queue.
    public func deposit(id: String, completion: @escaping @MainActor @Sendable (Result<Deposit, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Deposit in try await deposit(id: id) }
    }

    /// Completion-handler form of ``withdrawal(id:)``; `completion` runs on the main queue.
    public func withdrawal(id: String, completion: @escaping @MainActor @Sendable (Result<Withdrawal, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Withdrawal in try await withdrawal(id: id) }
    }

    /// Completion-handler form of ``redeem(url:idempotencyKey:)``; `completion` runs on the main queue.
    public func redeem(url: URL, idempotencyKey: String = UUID().uuidString, completion: @escaping @MainActor @Sendable (Result<Redemption, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Redemption in try await redeem(url: url, idempotencyKey: idempotencyKey) }
    }

    /// Completion-handler form of ``depositPage(presenter:)``; `completion` runs on the main queue.
    public func depositPage(presenter: any WebPagePresenter, completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Void in try await depositPage(presenter: presenter) }
    }

    /// Completion-handler form of ``withdrawPage(presenter:)``; `completion` runs on the main queue.
    public func withdrawPage(presenter: any WebPagePresenter, completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Void in try await withdrawPage(presenter: presenter) }
    }

    /// Completion-handler form of ``walletPage(presenter:)``; `completion` runs on the main queue.
    public func walletPage(presenter: any WebPagePresenter, completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Void in try await walletPage(presenter: presenter) }
    }

    /// Completion-handler form of ``redeemPage(promotion:presenter:)``; `completion` runs on the main queue.
    public func redeemPage(promotion: String? = nil, presenter: any WebPagePresenter, completion: @escaping @MainActor @Sendable (Result<Void, PlayhouseError>) -> Void) {
        deliver(completion) { () async throws(PlayhouseError) -> Void in try await redeemPage(promotion: promotion, presenter: presenter) }
    }
}
