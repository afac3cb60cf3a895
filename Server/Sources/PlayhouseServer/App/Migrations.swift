import Fluent
import Vapor

/// Every feature's migrations, in the order they must run.
///
/// A table's migrations (its creation and every later change to it) live in its feature's folder,
/// in a file named after the table: `Wallet/PaymentsTable.swift` for `payments`,
/// `Wallet/LedgerTables.swift` where one file holds several tables. A migration's type name is
/// stored in each database it has run on, so a migration is never renamed: a new change is a new
/// migration, added at the end of this list.
enum Migrations {
    static func register(on app: Application) {
        app.migrations.add(CreateDeveloperApp())
        app.migrations.add(CreateOAuthToken())
        app.migrations.add(CreateRateLimitCounter())
        app.migrations.add(CreatePlayer())
        app.migrations.add(CreatePlaySession())
        app.migrations.add(CreateAuthorizationRequest())
        app.migrations.add(CreateAuthorizationCode())
        app.migrations.add(CreatePhonePin())
        app.migrations.add(CreateDeviceAuthorization())
        app.migrations.add(CreateIdentityProvider())
        app.migrations.add(AddPublicClient())
        app.migrations.add(CreateCurrency())
        app.migrations.add(CreateLedgerAccount())
        app.migrations.add(CreateLedgerTransaction())
        app.migrations.add(CreateLedgerEntry())
        app.migrations.add(CreateIdempotencyRecord())
        app.migrations.add(CreatePaymentRecord())
        app.migrations.add(CreatePromotion())
        app.migrations.add(CreatePageSession())
        app.migrations.add(AddPlayerCurrency())
        app.migrations.add(CreateGameRecord())
        app.migrations.add(CreateFairnessSeed())
        app.migrations.add(CreateBetRecord())
        app.migrations.add(AddPlaySessionActivity())
        app.migrations.add(AddBetSession())
        app.migrations.add(AddAppMinimumAge())
        app.migrations.add(AddBetTimeIndex())
        app.migrations.add(AddPaymentTimeIndex())
        app.migrations.add(CreatePlayerLimit())
        app.migrations.add(AddPageSessionPlaySession())
        app.migrations.add(CreateSessionBetTotals())
        app.migrations.add(AddIdempotencyKeyAgeIndex())
        app.migrations.add(DropBetSessionIndex())
        app.migrations.add(AddGuestPlayers())
        app.migrations.add(CreateLossFigures())
        app.migrations.add(AddOpenIDConnect())
        app.migrations.add(RememberBrowserSignIns())
        app.migrations.add(CreateAssets())
        app.migrations.add(CreateContent())
        app.migrations.add(DropMoneyForeignKeys())
        app.migrations.add(CreateCatalogPlaces())
        app.migrations.add(CreateCatalogPublications())
        app.migrations.add(CreateCatalogOffers())
        app.migrations.add(CreateCatalogViews())
        app.migrations.add(AddTokenAuthTime())
        app.migrations.add(CreateShoppingLists())
        app.migrations.add(PartialBetClientUserIndex())
        app.migrations.add(DropLedgerTransactionPlayerIndex())
        app.migrations.add(AddValidityToDealerIndexes())
        app.migrations.add(CreateGameData())
        app.migrations.add(AddAppRateLimits())
        app.migrations.add(CreateGameProfiles())
        app.migrations.add(CreateConsole())
        app.migrations.add(AddOperatorSecondFactor())
        app.migrations.add(GuardAuditLogSequence())
        app.migrations.add(CreateAdjustments())
        app.migrations.add(CreateOperatorTokens())
        app.migrations.add(CreateFigureCounts())
        app.migrations.add(CreateAppOperators())
        app.migrations.add(MoveListAnswersToStoredAnswers())
    }
}
