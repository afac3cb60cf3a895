/// The services of wallets and money (``ServiceContext``).
extension ServiceContext {
    /// Balances, the player's account and history.
    var wallet: WalletService { WalletService(store: store, players: players, betHistory: betHistory) }

    /// The currencies each app has configured.
    public var currencies: CurrencyService { CurrencyService(store: store) }

    /// Deposits and withdrawals, through the configured payment provider.
    public var payments: PaymentService {
        PaymentService(store: store, provider: playhouse.paymentProvider, providerTimeout: playhouse.paymentProviderTimeout,
                       configuration: playhouse.configuration, now: now, completedDeposits: playhouse.completedDeposits)
    }

    /// A deposit or withdrawal, from the decoded request to its answer.
    var makePayment: MakePayment { MakePayment(payments: payments, permission: playPermission, store: store, logger: logger) }

    /// A pending withdrawal cancelled by its player.
    var cancelWithdrawal: CancelWithdrawal { CancelWithdrawal(payments: payments, store: store) }

    /// Promotions: created by operators, redeemed by players.
    public var promotions: PromotionService {
        PromotionService(store: store, now: now, publicURL: playhouse.configuration.resolvedPublicURL)
    }

    /// A promotion's code redeemed by a player, from the decoded request to its answer.
    var redeemPromotion: RedeemPromotion { RedeemPromotion(promotions: promotions, currencies: currencies, store: store) }

    /// Owners' corrections of players' money.
    var adjustments: AdjustmentService { AdjustmentService(store: store, now: now) }

    /// An owner's correction, or its reversal, from the decoded request to its answer.
    var makeAdjustment: MakeAdjustment { MakeAdjustment(adjustments: adjustments, store: store) }

    /// An app's ledger added up, per currency, economy and kind of account.
    var ledgerTotals: LedgerTotals { LedgerTotals(store: store) }

    /// The ledger's invariants, checked.
    public var ledgerVerifier: LedgerVerifier { LedgerVerifier(store: store) }
}
