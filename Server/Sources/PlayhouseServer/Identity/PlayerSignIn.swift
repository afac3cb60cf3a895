import Foundation
import PlayhouseAPI
import SQLKit
import Vapor

/// Finishes a sign-in that proved who the player is without a code (phone PIN, federated token,
/// device code, a guest's installation): starts a play session and issues the player's tokens,
/// written together (on PostgreSQL one statement, ``Store/write(_:)-([SQLQueryString])``), and
/// with them, for a new player, the player and what they sign in with.
struct PlayerSignIn: Sendable {
    let store: Store
    let now: Date
    let configuration: PlayhouseConfiguration

    /// A player's new sign-in: what ``tokens(app:scope:existing:creating:)`` writes for a new one.
    struct NewPlayer: Sendable {
        var id: UUID
        /// The statements that store the player and what they sign in with.
        var statements: [SQLQueryString]
    }

    /// Signs the player in; `authTime`, when the player proved who they are, if known (the tokens'
    /// ``PlayerGrant/authTime``).
    func tokens(app: AppRecord, playerID: UUID, scope: String, created: Bool, authTime: Date?) async throws -> TokenResponse {
        let (response, statements) = signIn(app: app, playerID: playerID, scope: scope, created: created, authTime: authTime)
        try await store.write(statements)
        return response
    }

    /// Signs in the player `existing` finds (by what they proved: a phone number, a provider
    /// account, an installation), or signs a new one up: `create` makes the player and the
    /// statements that store them, which are written together with the session and the tokens, so
    /// that a new player is never left without having signed in. The player proves who they are with
    /// this request, so the tokens' `auth_time` is now, unless `provesWhoTheyAre` says otherwise for
    /// the player found (an installation of a player who is a guest no more). Should they fail for a constraint
    /// (a simultaneous first sign-in created the player a moment ago), none is kept and the player
    /// `existing` now finds is signed in.
    func tokens(app: AppRecord, scope: String, existing: () async throws -> UUID?, provesWhoTheyAre: () -> Bool = { true },
                creating create: () async throws -> NewPlayer) async throws -> TokenResponse {
        if let playerID = try await existing() {
            return try await tokens(app: app, playerID: playerID, scope: scope, created: false, authTime: provesWhoTheyAre() ? now : nil)
        }
        let player = try await create()
        let (response, statements) = signIn(app: app, playerID: player.id, scope: scope, created: true, authTime: now)
        do {
            try await store.write(player.statements + statements)
            return response
        } catch where Store.isConstraintViolation(error) {
            guard let playerID = try await existing() else { throw error }
            return try await tokens(app: app, playerID: playerID, scope: scope, created: false, authTime: provesWhoTheyAre() ? now : nil)
        }
    }

    /// The answer of a sign-in into a new session, and the statements that start the session and
    /// store its tokens.
    private func signIn(app: AppRecord, playerID: UUID, scope: String, created: Bool, authTime: Date?) -> (TokenResponse, [SQLQueryString]) {
        let (sessionID, session) = SessionService.start(appID: app.id, playerID: playerID, now: now)
        let grant = PlayerGrant(appID: app.id, playerID: playerID, sessionID: sessionID, familyID: UUID.random(), scope: scope, authTime: authTime)
        var (response, tokens) = TokenService(store: store, now: now, cache: nil)
            .playerTokens(grant, accessLifetime: configuration.playerTokenLifetime, refreshLifetime: configuration.refreshTokenLifetime)
        response.playerCreated = created
        return (response, [session, tokens])
    }
}
