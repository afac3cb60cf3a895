import Foundation
import PlayhouseAPI

/// A player as support sees them: their profile, their wallet and its latest transactions, their
/// limits as they set them, and their play sessions. The admin API's answer
/// (``AdminPlayersController``) and the console's player page both read it.
struct SupportView {
    let store: Store
    let wallet: WalletService
    let limits: LimitsService
    let playSessions: SessionService

    /// How many of the latest transactions it shows.
    static let transactions = 20

    func player(_ player: Player, of app: AppRecord) async throws -> AdminPlayer {
        let limits = try await limits.wire(try await limits.limits(playerID: player.id), playerID: player.id, appID: app.id)
        return AdminPlayer(profile: player.profile(), wallet: try await wallet.wallet(app: app, playerID: player.id), limits: limits,
                           sessions: try await playSessions.sessions(playerID: player.id),
                           transactions: try await wallet.history(app: app, playerID: player.id, filter: .init(),
                                                                  page: try PageRequest(limit: Self.transactions)).data,
                           deletion: player.deletedAt == nil ? nil : try await store.read { sql in try await DeleteAccount.receipt(of: player.id, on: sql) })
    }
}
