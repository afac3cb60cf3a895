import Foundation

/// Every record the server holds about a player, as one JSON document (`GET /v1/me/export`, the
/// admin API's `GET /admin/v1/apps/{app}/players/{player}/export`, `playhouse players export`): the
/// copy the GDPR's articles 15 and 20 give a player, and what an operator gives a regulator. The
/// server writes it as it reads it, a page at a time.
public struct PlayerDataExport: Codable, Sendable, Equatable {
    /// The app the player belongs to.
    public struct App: Codable, Sendable, Equatable {
        public var id: String
        public var clientID: String
        public var name: String

        public init(id: String, clientID: String, name: String) {
            self.id = id
            self.clientID = clientID
            self.name = name
        }

        enum CodingKeys: String, CodingKey {
            case clientID = "client_id", id, name
        }
    }

    public var exportedAt: Date
    public var app: App
    public var profile: PlayerProfile
    public var signIn: SignInMethods
    /// The limits as the player set them, with the changes still waiting.
    public var limits: PlayerLimits
    public var wallet: Wallet
    /// Every play session, the first first.
    public var sessions: [AdminPlaySession]
    /// The wallet's whole history, the latest first.
    public var transactions: [WalletTransaction]
    /// Every deposit and withdrawal, the first first.
    public var payments: [Payment]
    /// Every bet, the latest first, with its fairness data.
    public var bets: [Bet]
    /// The lists the player owns or was given, with their items and shares.
    public var lists: [ShoppingListSnapshot]
    /// The content rewards granted to the player, claimed or not.
    public var rewardReceipts: [RewardReceipt]
    /// The account's deletion, when it was deleted.
    public var deletion: AccountDeletion?

    public init(exportedAt: Date, app: App, profile: PlayerProfile, signIn: SignInMethods, limits: PlayerLimits, wallet: Wallet,
                sessions: [AdminPlaySession], transactions: [WalletTransaction], payments: [Payment], bets: [Bet],
                lists: [ShoppingListSnapshot], rewardReceipts: [RewardReceipt], deletion: AccountDeletion? = nil) {
        self.exportedAt = exportedAt
        self.app = app
        self.profile = profile
        self.signIn = signIn
        self.limits = limits
        self.wallet = wallet
        self.sessions = sessions
        self.transactions = transactions
        self.payments = payments
        self.bets = bets
        self.lists = lists
        self.rewardReceipts = rewardReceipts
        self.deletion = deletion
    }

    enum CodingKeys: String, CodingKey {
        case app, bets, deletion, exportedAt = "exported_at", limits, lists, payments, profile, rewardReceipts = "reward_receipts",
            sessions, signIn = "sign_in", transactions, wallet
    }
}

/// How a player signs in, without a secret: whether they have a password, never the password.
public struct SignInMethods: Codable, Sendable, Equatable {
    /// A provider's account the player signs in with.
    public struct ProviderAccount: Codable, Sendable, Equatable {
        /// The provider's name in the app.
        public var provider: String
        /// The player's id at the provider.
        public var subject: String

        public init(provider: String, subject: String) {
            self.provider = provider
            self.subject = subject
        }
    }

    /// What the player allowed an app to do on the hosted page.
    public struct Consent: Codable, Sendable, Equatable {
        public var scope: String
        public var grantedAt: Date

        public init(scope: String, grantedAt: Date) {
            self.scope = scope
            self.grantedAt = grantedAt
        }

        enum CodingKeys: String, CodingKey {
            case grantedAt = "granted_at", scope
        }
    }

    public var email: String?
    public var phoneNumber: String?
    public var password: Bool
    public var providers: [ProviderAccount]
    /// The installations of the app the player signs in from as a guest.
    public var installations: [String]
    public var consents: [Consent]

    public init(email: String?, phoneNumber: String?, password: Bool, providers: [ProviderAccount], installations: [String], consents: [Consent]) {
        self.email = email
        self.phoneNumber = phoneNumber
        self.password = password
        self.providers = providers
        self.installations = installations
        self.consents = consents
    }

    enum CodingKeys: String, CodingKey {
        case consents, email, installations, password, phoneNumber = "phone_number", providers
    }
}
