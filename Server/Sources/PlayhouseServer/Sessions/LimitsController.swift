import PlayhouseAPI
import Vapor

/// The player's responsible-play limits (`GET`/`PUT /v1/me/limits`) and whether they may play now
/// (`GET /v1/can-i-gamble`). Any player token will do: limits protect the player, whatever the app
/// was granted.
struct LimitsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("me", "limits", use: show)
        routes.put("me", "limits", use: update)
        routes.get("can-i-gamble", use: canIGamble)
    }

    func show(_ request: Request) async throws -> PlayerLimits {
        let principal = try request.principal
        let playerID = try principal.requirePlayer()
        let service = request.limits
        return try await service.wire(try await service.limits(playerID: playerID), playerID: playerID, appID: principal.app.id)
    }

    func update(_ request: Request) async throws -> PlayerLimits {
        let principal = try request.principal
        let playerID = try principal.requirePlayer()
        let body = try request.decodeBody(LimitsUpdate.self)
        let service = request.limits
        let limits = try await service.update(body, playerID: playerID, appID: principal.app.id)
        return try await service.wire(limits, playerID: playerID, appID: principal.app.id)
    }

    /// Every reason the player may not deposit or bet now: their own (exclusion, cool-off, age),
    /// their session's (expired, time limit, reality check due), and used-up loss limits.
    func canIGamble(_ request: Request) async throws -> GambleVerdict {
        let principal = try request.principal
        let playerID = try principal.requirePlayer()
        let permission = request.playPermission
        let standing = try await permission.refusals(app: principal.app, playerID: playerID, session: principal.sessionID,
                                                     try await permission.read(playerID: playerID, session: principal.sessionID))
        let refusals = try await standing.refusals + request.limits.lossLimitsReached(standing.limits, playerID: playerID, appID: principal.app.id)
            .map { ResponsiblePlay.Refusal(problem: $0) }
        let localizer = request.localizer
        let reasons = refusals.map { refusal in
            GambleReason(code: refusal.problem.code, detail: refusal.problem.text(localizer), until: refusal.until)
        }
        return GambleVerdict(allowed: reasons.isEmpty, reasons: reasons)
    }
}
