import PlayhouseAPI
import Vapor

/// `GET /v1/app`: the app the calling token belongs to.
struct AppsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("app", use: current)
    }

    func current(_ request: Request) async throws -> AppInfo {
        let principal = try request.principal
        let app = principal.app
        return AppInfo(id: app.id.uuidString.lowercased(), ern: app.ern, name: app.name, clientID: app.clientID,
                       environment: app.environment, scopes: app.scopes, tokenScopes: principal.scopes,
                       redirectURIs: app.redirectURIs, createdAt: app.createdAt)
    }
}
