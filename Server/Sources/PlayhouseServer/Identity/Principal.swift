import Foundation
import Vapor

/// Who a request acts for, as proven by its bearer token, or (on the routes a signed-out player
/// may use) by a public client's id alone.
struct Principal: Sendable {
    /// The bearer token's id; nil for a signed-out public client, known by its client id alone
    /// (``BearerAuthMiddleware/signedOutPublicClients``), with no scopes, no player and no app token.
    var tokenID: UUID?
    var app: AppRecord
    var scopes: [String]
    var playerID: UUID?
    var sessionID: UUID?
    /// The game's own user id, for tokens limited to unbacked play (client credentials with `client_user_id`).
    var clientUserID: String?
    var expiresAt: Date
    /// When the player proved who they are, for the sign-in this token belongs to (a refresh keeps
    /// it); nil when that is not known (a device code's sign-in) or for no player.
    var authTime: Date? = nil

    /// The player this token acts for, whatever its scopes.
    func requirePlayer() throws -> UUID {
        guard let playerID else { throw PlayhouseProblem(.forbidden, .playerTokenRequired) }
        return playerID
    }

    /// How recent a sign-in must be for what cannot be undone (an account's deletion).
    static let recentSignIn: TimeInterval = 5 * 60

    /// The player this token acts for, who proved who they are in the last ``recentSignIn``:
    /// `403 reauthentication_required` otherwise (and for a sign-in whose time is not known).
    func requireRecentSignIn(now: Date) throws -> UUID {
        let playerID = try requirePlayer()
        guard let authTime, now.timeIntervalSince(authTime) <= Self.recentSignIn else {
            throw PlayhouseProblem(.forbidden, .reauthenticationRequired,
                                   parameters: ["max_age": String(Int(Self.recentSignIn)), "minutes": String(Int(Self.recentSignIn / 60))])
        }
        return playerID
    }

    /// The player this token acts for, provided it carries `scope`.
    func requirePlayer(scope: String) throws -> UUID {
        let playerID = try requirePlayer()
        try require(scope: scope)
        return playerID
    }

    /// The app, for calls only the developer makes: an app token, not a player's (nor an
    /// unbacked token for the game's own user, nor a signed-out public client's id).
    func requireAppToken() throws -> AppRecord {
        guard tokenID != nil, playerID == nil, clientUserID == nil else { throw PlayhouseProblem(.forbidden, .appTokenRequired) }
        return app
    }

    func require(scope: String) throws {
        guard scopes.contains(scope) else {
            throw PlayhouseProblem(.forbidden, .insufficientScope, parameters: ["scope": scope],
                                   headers: ["WWW-Authenticate": #"Bearer realm="playhouse", error="insufficient_scope", scope=""# + scope + "\""])
        }
    }
}

private struct PrincipalKey: StorageKey {
    typealias Value = Principal
}

extension Request {
    /// The authenticated caller; set by ``BearerAuthMiddleware``.
    var principal: Principal {
        get throws {
            guard let principal = storage[PrincipalKey.self] else { throw PlayhouseProblem.missingToken }
            return principal
        }
    }

    func setPrincipal(_ principal: Principal) { storage[PrincipalKey.self] = principal }
}
