import Foundation
import PlayhouseAPI
import Vapor

/// Content placements, rewards and badges (PlayHaven): opens, a placement's content and badge,
/// lifecycle events, the audience's properties, reward receipts and their claims; for the
/// developer (app token), why a placement shows what it shows, and the statistics. Calls made
/// without a player name the installation (`installation_id`).
struct ContentController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post("opens", use: open)
        routes.get("placements", ":placement", "content", use: content)
        routes.get("placements", ":placement", "notification", use: notification)
        routes.post("content", "events", use: event)
        routes.put("content", "properties", use: setProperties)
        routes.get("content", "explain", use: explain)
        routes.get("content", "stats", use: stats)
        routes.get("rewards", use: rewards)
        routes.get("rewards", ":receipt", use: reward)
        routes.post("rewards", ":receipt", "claim", use: claim)
    }

    func open(_ request: Request) async throws -> Response {
        let principal = try request.principal
        let body = try request.decodeBody(OpenRequest.self)
        let recorded = try await request.opens
            .record(body, appID: principal.app.id, headerCountry: request.headers.first(name: "CF-IPCountry"))
        return try await recorded.encodeResponse(status: .created, for: request)
    }

    func content(_ request: Request) async throws -> Response {
        try await Self.forThisCaller(try await request.placements.content(
            try request.parameters.require("placement"), for: try request.asker(),
            languages: Localizer.preferences(request.headers.first(name: .acceptLanguage))), request)
    }

    func notification(_ request: Request) async throws -> Response {
        try await Self.forThisCaller(try await request.placements.notification(try request.parameters.require("placement"),
                                                                               for: try request.asker()), request)
    }

    /// An answer made for this caller at this moment, which nothing on the way may keep: `204`
    /// when there is none.
    private static func forThisCaller(_ answer: (some Content)?, _ request: Request) async throws -> Response {
        let response = try await answer?.encodeResponse(for: request) ?? Response(status: .noContent)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }

    func event(_ request: Request) async throws -> ContentEventRecorded {
        let asker = try request.asker()
        let body = try request.decodeBody(ContentEventRequest.self)
        return try await request.contentEvents.record(body.event, impressionID: body.impressionID, asker: asker)
    }

    func setProperties(_ request: Request) async throws -> AudienceProperties {
        let asker = try request.asker()
        let body = try request.decodeBody(AudienceProperties.self)
        try await request.placements.setProperties(body.properties, for: asker)
        return body
    }

    /// For the developer: why each campaign of `placement` is or is not shown to `player_id` (or
    /// `installation_id`) at `at` (now when left out).
    func explain(_ request: Request) async throws -> PlacementExplanation {
        try await Self.explain(appID: try request.principal.requireAppToken().id, request)
    }

    /// The explanation the query of `request` asks for (`placement`, `player_id` or
    /// `installation_id`, `at`), of the app `appID`: the app's call's, and the admin API's.
    static func explain(appID: UUID, _ request: Request) async throws -> PlacementExplanation {
        struct Query: Decodable {
            var placement: String
            var playerID: UUID?
            var installationID: String?
            var at: Date?
            enum CodingKeys: String, CodingKey { case placement, playerID = "player_id", installationID = "installation_id", at }
        }
        let query = try request.query(Query.self)
        let asker = PlacementService.Asker(appID: appID, playerID: query.playerID, installationID: query.installationID)
        return try await request.placements.explain(query.placement, for: asker, at: query.at ?? request.now)
    }

    /// For the developer: the statistics of the last `days` days (7 when left out, at most 90).
    func stats(_ request: Request) async throws -> PlayhouseAPI.Page<ContentStatsRow> {
        let page = try request.query(PageRequest.self)
        return page.page(ofAll: try await Self.stats(appID: try request.principal.requireAppToken().id, request))
    }

    /// The statistics of the app `appID` the query of `request` asks for (`days`): the app's call's,
    /// and the admin API's.
    static func stats(appID: UUID, _ request: Request) async throws -> [ContentStatsRow] {
        try await request.playhouse.contentStats.report(appID: appID, days: try request.statisticsDays(), now: request.now, store: request.store)
    }

    func rewards(_ request: Request) async throws -> PlayhouseAPI.Page<RewardReceipt> {
        let playerID = try request.principal.requirePlayer()
        enum Status: String, Decodable { case all, claimed, unclaimed }
        struct Query: Decodable { var status: Status? }
        let claimed: Bool? = switch try request.query(Query.self).status {
        case nil, .all?: nil
        case .claimed?: true
        case .unclaimed?: false
        }
        return try await request.rewards.list(playerID: playerID, claimed: claimed, page: try request.query(PageRequest.self))
    }

    func reward(_ request: Request) async throws -> RewardReceipt {
        let playerID = try request.principal.requirePlayer()
        guard let id = UUID(uuidString: try request.parameters.require("receipt")),
              let receipt = try await request.rewards.find(id: id, playerID: playerID) else {
            throw PlayhouseProblem(.notFound, .receiptNotFound)
        }
        return receipt
    }

    /// Claims a receipt: the first claim credits the wallet; a repeat answers the same receipt.
    func claim(_ request: Request) async throws -> RewardReceipt {
        let principal = try request.principal
        let playerID = try principal.requirePlayer()
        guard let id = UUID(uuidString: try request.parameters.require("receipt")) else { throw PlayhouseProblem(.notFound, .receiptNotFound) }
        return try await request.claimReward(id, playerID: playerID, app: principal.app)
    }
}

/// `GET /.well-known/reward-keys`: the public keys reward receipts are signed with (a JWK Set of
/// Ed25519 keys): the signer and those replaced in the last day.
struct RewardKeysController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get(".well-known", "reward-keys", use: keys)
    }

    func keys(_ request: Request) async throws -> Response {
        try Response.jwkSet(try await request.signingKeys(.rewardReceipts).published())
    }
}

extension Request {
    /// Who asks for content: the token's player and play session, and the installation named by
    /// `installation_id`.
    func asker() throws -> PlacementService.Asker {
        let principal = try principal
        struct Query: Decodable {
            var installationID: String?
            enum CodingKeys: String, CodingKey { case installationID = "installation_id" }
        }
        return PlacementService.Asker(appID: principal.app.id, playerID: principal.playerID, sessionID: principal.sessionID,
                                      installationID: try query(Query.self).installationID)
    }
}
