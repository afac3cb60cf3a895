import GameMath
import PlayhouseAPI
import Vapor

// Wire types from PlayhouseAPI are sent and received as Vapor content.
extension AppInfo: @retroactive Content {}
extension HealthStatus: @retroactive Content {}
extension TokenResponse: @retroactive Content {}
extension IntrospectionResponse: @retroactive Content {}
extension AuthorizationServerMetadata: @retroactive Content {}
extension PlayerProfile: @retroactive Content {}
extension ProfileUpdate: @retroactive Content {}
extension PhoneLink: @retroactive Content {}
extension ProviderLink: @retroactive Content {}
extension UserInfo: @retroactive Content {}
extension PinRequest: @retroactive Content {}
extension PinSent: @retroactive Content {}
extension DeviceAuthorizationResponse: @retroactive Content {}
extension WalletAccount: @retroactive Content {}
extension CurrencyInfo: @retroactive Content {}
extension Wallet: @retroactive Content {}
extension WalletTransaction: @retroactive Content {}
extension PlayhouseAPI.Page: @retroactive RequestDecodable, @retroactive ResponseEncodable, @retroactive AsyncRequestDecodable,
    @retroactive AsyncResponseEncodable, @retroactive Content where Element: Codable {}
extension Payment: @retroactive Content {}
extension PaymentRequest: @retroactive Content {}
extension RedeemRequest: @retroactive Content {}
extension Redemption: @retroactive Content {}
extension HostedPage: @retroactive Content {}
extension HostedPageRequest: @retroactive Content {}
extension GameInfo: @retroactive Content {}
extension GameImport: @retroactive Content {}
extension GameSimulationPart: @retroactive Content {}
extension GameDefinition: @retroactive Content {}
extension BetRequest: @retroactive Content {}
extension Bet: @retroactive Content {}
extension FairnessSeeds: @retroactive Content {}
extension ClientSeedUpdate: @retroactive Content {}
extension FairnessRotation: @retroactive Content {}
extension BatchRequestBody: @retroactive Content {}
extension BatchResponseBody: @retroactive Content {}
extension PlaySessionStatus: @retroactive Content {}
extension PlayerLimits: @retroactive Content {}
extension LimitsUpdate: @retroactive Content {}
extension GambleVerdict: @retroactive Content {}
extension KeepAliveRequest: @retroactive Content {}
extension OpenRequest: @retroactive Content {}
extension OpenRecorded: @retroactive Content {}
extension PlacementContent: @retroactive Content {}
extension PlacementNotification: @retroactive Content {}
extension ContentEventRequest: @retroactive Content {}
extension ContentEventRecorded: @retroactive Content {}
extension RewardReceipt: @retroactive Content {}
extension AudienceProperties: @retroactive Content {}
extension PlacementExplanation: @retroactive Content {}
extension ContentStatsRow: @retroactive Content {}
extension ListOperationsRequest: @retroactive Content {}
extension ListOperationsResponse: @retroactive Content {}
extension ListChanges: @retroactive Content {}
extension ShoppingListsPage: @retroactive Content {}
extension GameDataVersions: @retroactive Content {}
extension GameDataCollections: @retroactive Content {}
extension AppLedger: @retroactive Content {}
extension LedgerVerification: @retroactive Content {}
extension PaymentLine: @retroactive Content {}
extension Adjustment: @retroactive Content {}
extension AdminPlayer: @retroactive Content {}
extension AdminPlayerLists: @retroactive Content {}
extension Operator: @retroactive Content {}
extension OperatorToken: @retroactive Content {}
extension AuditEntry: @retroactive Content {}
extension OperatorInvitation: @retroactive Content {}
extension OperatorSecondFactorSetup: @retroactive Content {}
extension OperatorTokenMade: @retroactive Content {}
extension DashboardSeries: @retroactive Content {}
extension ProviderInfo: @retroactive Content {}
extension PromotionInfo: @retroactive Content {}
