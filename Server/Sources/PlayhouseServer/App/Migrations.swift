import Fluent
import Vapor

/// Every feature's migrations, in the order they must run.
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
    }
}
