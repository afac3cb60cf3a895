import Fluent
import Foundation
import PlayhouseAPI

/// Finishes a sign-in that proved who the player is without a code (phone PIN, federated token,
/// device code): starts a play session and issues the player's tokens, in one transaction.
struct PlayerSignIn: Sendable {
    let database: any Database
    let now: Date
    let configuration: PlayhouseConfiguration

    func tokens(app: AppRecord, playerID: UUID, scope: String, created: Bool) async throws -> TokenResponse {
        var response = try await database.transaction { transaction in
            let sessionID = try await SessionService(database: transaction, now: now, tokenCache: nil).start(appID: app.id, playerID: playerID)
            let grant = PlayerGrant(appID: app.id, playerID: playerID, sessionID: sessionID, familyID: UUID(), scope: scope)
            return try await TokenService(database: transaction, now: now, cache: nil)
                .issuePlayerTokens(grant, accessLifetime: configuration.playerTokenLifetime,
                                   refreshLifetime: configuration.refreshTokenLifetime)
        }
        response.playerCreated = created
        return response
    }
}
