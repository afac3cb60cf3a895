import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// An app with players who keep shopping lists, and the calls they make.
struct ListFixture {
    let app: Application
    let credentials: AppCredentials

    static func make(_ app: Application) async throws -> ListFixture {
        ListFixture(app: app, credentials: try await app.createApp())
    }

    /// A new player's access token.
    func player(_ email: String) async throws -> String {
        var flow = SignInFlow(app, credentials)
        return try await flow.tokens(email: email).accessToken
    }

    /// The id of the player `token` acts for.
    func playerID(_ token: String) async throws -> String {
        let response = try await app.send(.GET, "/v1/me", headers: bearer(token))
        return try response.decode(PlayerProfile.self).id
    }

    /// Sends `operations` as one batch; answers the response.
    func send(_ token: String, _ operations: [ListOperation]) async throws -> TestingHTTPResponse {
        let body = String(decoding: try PlayhouseJSON.makeEncoder().encode(ListOperationsRequest(operations: operations)), as: UTF8.self)
        return try await app.send(.POST, "/v1/lists/operations", headers: bearer(token).merged(json), body: body)
    }

    /// Applies `operations`, which must be answered 200; answers each one's result.
    @discardableResult
    func apply(_ token: String, _ operations: ListOperation..., sourceLocation: SourceLocation = #_sourceLocation) async throws -> [ListOperationResult] {
        try await apply(token, operations, sourceLocation: sourceLocation)
    }

    @discardableResult
    func apply(_ token: String, _ operations: [ListOperation], sourceLocation: SourceLocation = #_sourceLocation) async throws -> [ListOperationResult] {
        let response = try await send(token, operations)
        try #require(response.status == .ok, "operations: \(response.body.string)", sourceLocation: sourceLocation)
        return try response.decode(ListOperationsResponse.self).results
    }

    /// The player's lists with their items.
    func snapshot(_ token: String, query: String = "") async throws -> ShoppingListsPage {
        let response = try await app.send(.GET, "/v1/lists" + query, headers: bearer(token))
        try #require(response.status == .ok, "snapshot: \(response.body.string)")
        return try response.decode(ShoppingListsPage.self)
    }

    /// One page of the change feed.
    func changes(_ token: String, since: String?, limit: Int? = nil, wait: Int? = nil) async throws -> ListChanges {
        let response = try await changesResponse(token, since: since, limit: limit, wait: wait)
        try #require(response.status == .ok, "changes: \(response.body.string)")
        return try response.decode(ListChanges.self)
    }

    func changesResponse(_ token: String, since: String?, limit: Int? = nil, wait: Int? = nil) async throws -> TestingHTTPResponse {
        let query = [since.map { "since=\($0)" }, limit.map { "limit=\($0)" }, wait.map { "wait=\($0)" }].compactMap { $0 }
        return try await app.send(.GET, "/v1/lists/changes" + (query.isEmpty ? "" : "?" + query.joined(separator: "&")), headers: bearer(token))
    }

    /// The items of the player's list `listID`, in their order, live ones only.
    func items(_ token: String, _ listID: String) async throws -> [ListItem] {
        try await snapshot(token).data.first { $0.list.id == listID }?.items ?? []
    }
}

/// Operations, as a client would make them: a fresh mutation id each.
enum Op {
    static func id() -> String { UUID().uuidString.lowercased() }

    static func createList(_ list: String, _ name: String) -> ListOperation {
        ListOperation(mutationID: id(), op: .createList, listID: list, name: name)
    }
    static func rename(_ list: String, _ name: String) -> ListOperation {
        ListOperation(mutationID: id(), op: .renameList, listID: list, name: name)
    }
    static func deleteList(_ list: String) -> ListOperation { ListOperation(mutationID: id(), op: .deleteList, listID: list) }
    static func add(_ list: String, _ item: String, _ description: String, count: Int = 1, unit: String? = nil) -> ListOperation {
        ListOperation(mutationID: id(), op: .addItem, listID: list, itemID: item, description: description, count: count, unit: unit)
    }
    static func edit(_ item: String, description: String? = nil, count: Int? = nil, unit: String? = nil) -> ListOperation {
        ListOperation(mutationID: id(), op: .editItem, itemID: item, description: description, count: count, unit: unit)
    }
    static func tick(_ item: String, _ ticked: Bool = true) -> ListOperation {
        ListOperation(mutationID: id(), op: .tickItem, itemID: item, ticked: ticked)
    }
    static func move(_ item: String, after: String?) -> ListOperation {
        ListOperation(mutationID: id(), op: .moveItem, itemID: item, after: after)
    }
    static func deleteItem(_ item: String) -> ListOperation { ListOperation(mutationID: id(), op: .deleteItem, itemID: item) }
    static func share(_ list: String, email: String, _ access: ListAccess) -> ListOperation {
        ListOperation(mutationID: id(), op: .shareList, listID: list, email: email, access: access)
    }
    static func answer(_ list: String, accept: Bool) -> ListOperation {
        ListOperation(mutationID: id(), op: .answerShare, listID: list, accept: accept)
    }
    static func removeShare(_ list: String, player: String) -> ListOperation {
        ListOperation(mutationID: id(), op: .removeShare, listID: list, playerID: player)
    }
    static func leave(_ list: String) -> ListOperation { ListOperation(mutationID: id(), op: .leaveList, listID: list) }
}
