/// The services of wallets and money (``ServiceContext``).
extension ServiceContext {
    /// Balances, the player's account and history.
    var wallet: WalletService { WalletService(store: store) }

    /// The currencies each app has configured.
    public var currencies: CurrencyService { CurrencyService(store: store) }

    /// Deposits and withdrawals, through the configured payment provider.
    public var payments: PaymentService {
        PaymentService(store: store, provider: playhouse.paymentProvider, providerTimeout: playhouse.paymentProviderTimeout,
                       configuration: playhouse.configuration, now: now, completedDeposits: playhouse.completedDeposits)
    }

    /// Promotions: created by operators, redeemed by players.
    public var promotions: PromotionService {
        PromotionService(store: store, now: now, publicURL: playhouse.configuration.resolvedPublicURL)
    }

    /// Owners' corrections of players' money.
    var adjustments: AdjustmentService { AdjustmentService(store: store, now: now) }

    /// An app's ledger added up, per currency, economy and kind of account.
    var ledgerTotals: LedgerTotals { LedgerTotals(store: store) }

    /// The ledger's invariants, checked.
    public var ledgerVerifier: LedgerVerifier { LedgerVerifier(store: store) }
}
