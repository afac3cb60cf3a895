import Foundation
import PlayhouseAPI
import Vapor

/// The signed-in player's shopping lists (scope `lists`): a snapshot, a batch of operations, the
/// change feed.
struct ListsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let lists = routes.grouped("lists")
        lists.get(use: snapshot)
        lists.post("operations", use: operations)
        lists.get("changes", use: changes)
    }

    func snapshot(_ request: Request) async throws -> ShoppingListsPage {
        let (app, player) = try Self.caller(request)
        return try await request.listFeed.snapshot(app: app, player: player, page: try request.query(PageRequest.self))
    }

    func operations(_ request: Request) async throws -> ListOperationsResponse {
        let (app, player) = try Self.caller(request)
        let batch = try request.decodeBody(ListOperationsRequest.self)
        let outcomes = try await request.lists.apply(batch, app: app, player: player)
        let localizer = request.localizer
        return ListOperationsResponse(results: zip(batch.operations, outcomes).map { operation, outcome in
            ListOperationResult(mutationID: operation.mutationID, status: outcome.status, reason: outcome.reason,
                                problem: outcome.refusal.map { refusal in
                                    // The same every time the operation is sent: no request's id in it.
                                    var problem = ProblemMiddleware.body(for: refusal, localizer: localizer, requestID: "",
                                                                         path: request.url.path)
                                    problem.requestID = nil
                                    return problem
                                })
        })
    }

    /// `since` (a cursor from an earlier answer; none for what the player sees now), `limit`
    /// (1 to 500, 100), `wait` (0 to 30 seconds).
    struct ChangesQuery: Decodable {
        var since: String?
        var limit: Int?
        var wait: Int?
    }

    func changes(_ request: Request) async throws -> ListChanges {
        let (app, player) = try Self.caller(request)
        let query = try request.query(ChangesQuery.self)
        var since: Int64?
        if let cursor = query.since, !cursor.isEmpty {
            guard let position = PageRequest.position(cursor) else { throw PlayhouseProblem.invalidQuery("since", "invalid_value") }
            since = position
        }
        let limit = query.limit ?? 100
        guard (1...500).contains(limit) else { throw PlayhouseProblem.invalidQuery("limit", "out_of_range") }
        let wait = query.wait ?? 0
        guard (0...ListFeed.longestWait).contains(wait) else { throw PlayhouseProblem.invalidQuery("wait", "out_of_range") }
        return try await request.listFeed.changes(app: app, player: player, since: since, limit: limit,
                                                  wait: wait > 0 ? .seconds(wait) : nil)
    }

    /// The caller's app and player; the token must carry `lists`.
    private static func caller(_ request: Request) throws -> (app: UUID, player: UUID) {
        let principal = try request.principal
        return (principal.app.id, try principal.requirePlayer(scope: "lists"))
    }
}
