import Foundation
import PlayhouseAPI
import Vapor

/// Finishes a sign-in that proved who the player is without a code (phone PIN, federated token,
/// device code, a guest's installation): starts a play session and issues the player's tokens, in
/// one transaction.
struct PlayerSignIn: Sendable {
    let store: Store
    let now: Date
    let configuration: PlayhouseConfiguration

    func tokens(app: AppRecord, playerID: UUID, scope: String, created: Bool) async throws -> TokenResponse {
        let signIn = self
        return try await store.transaction { sql in
            try await signIn.tokens(app: app, playerID: playerID, scope: scope, created: created, on: Store(sql))
        }
    }

    /// Signs in the player `existing` finds (by what they proved: a phone number, a provider
    /// account, an installation), or signs a new one up: `create` writes the player, and what they
    /// sign in with, on the store of the transaction that then starts their session and issues
    /// their tokens, so that a new player is never left without having signed in. Should `create`
    /// fail for a constraint (a simultaneous first sign-in created the player a moment ago), nothing
    /// of it is kept and the player `existing` now finds is signed in.
    func tokens(app: AppRecord, scope: String, existing: () async throws -> UUID?,
                creating create: @escaping @Sendable (Store) async throws -> UUID) async throws -> TokenResponse {
        if let playerID = try await existing() { return try await tokens(app: app, playerID: playerID, scope: scope, created: false) }
        let signIn = self
        do {
            return try await store.transaction { sql in
                let transaction = Store(sql)
                return try await signIn.tokens(app: app, playerID: try await create(transaction), scope: scope, created: true, on: transaction)
            }
        } catch where Store.isConstraintViolation(error) {
            guard let playerID = try await existing() else { throw error }
            return try await tokens(app: app, playerID: playerID, scope: scope, created: false)
        }
    }

    /// The session and tokens, written on `transaction` (the store of a transaction of the caller's,
    /// which has just created the player, say).
    func tokens(app: AppRecord, playerID: UUID, scope: String, created: Bool, on transaction: Store) async throws -> TokenResponse {
        let sessionID = try await SessionService(store: transaction, now: now, tokenCache: nil).start(appID: app.id, playerID: playerID)
        let grant = PlayerGrant(appID: app.id, playerID: playerID, sessionID: sessionID, familyID: UUID(), scope: scope)
        var response = try await TokenService(store: transaction, now: now, cache: nil)
            .issuePlayerTokens(grant, accessLifetime: configuration.playerTokenLifetime, refreshLifetime: configuration.refreshTokenLifetime)
        response.playerCreated = created
        return response
    }
}

extension Request {
    /// Sessions and tokens for the players this request signs in.
    var playerSignIn: PlayerSignIn { PlayerSignIn(store: store, now: now, configuration: playhouse.configuration) }
}
