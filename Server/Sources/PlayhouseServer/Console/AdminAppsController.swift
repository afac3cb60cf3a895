import Foundation
import PlayhouseAPI
import Vapor

/// The admin API's apps, `/admin/v1/apps`: listed for every role that reads apps, created,
/// re-keyed and limited by those that manage them (owners and developers). A secret is in the
/// answer that made it, and nowhere after.
struct AdminAppsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let apps = AdminController.signedIn(routes).grouped("apps")
        apps.get(use: list)
        apps.post(use: create)
        apps.post(":app", "rotate-secret", use: rotateSecret)
        apps.put(":app", "rate-limits", use: setRateLimits)
    }

    func list(_ request: Request) async throws -> Page<AppRecord> {
        try request.operatorSession.require(.readApps)
        return Page(data: try await request.apps.list(), nextCursor: nil)
    }

    /// An app and its client secret, shown this once (none for a public client).
    struct Created: Content {
        var app: AppRecord
        var clientSecret: String?

        enum CodingKeys: String, CodingKey {
            case app
            case clientSecret = "client_secret"
        }
    }

    func create(_ request: Request) async throws -> Response {
        let session = try request.operatorSession
        try session.require(.manageApps)
        struct Body: Decodable {
            var name: String
            var environment: AppEnvironment?
            var redirectURIs: [String]?
            var scopes: [String]?
            var publicClient: Bool?

            enum CodingKeys: String, CodingKey {
                case name, environment, scopes
                case redirectURIs = "redirect_uris"
                case publicClient = "public_client"
            }
        }
        let body = try request.content.decode(Body.self)
        let created = try await request.apps.create(name: body.name, redirectURIs: body.redirectURIs ?? [], environment: body.environment ?? .sandbox,
                                                    scopes: body.scopes, isPublic: body.publicClient ?? false, by: session.actor)
        return try await Self.secretShownOnce(Created(app: created.app, clientSecret: created.clientSecret), status: .created, request)
    }

    func rotateSecret(_ request: Request) async throws -> Response {
        let session = try request.operatorSession
        try session.require(.manageApps)
        guard let rotated = try await request.apps.rotateSecret(request.parameters.get("app") ?? "", by: session.actor) else {
            throw PlayhouseProblem(.notFound, .notFound, parameters: ["path": request.url.path])
        }
        return try await Self.secretShownOnce(Created(app: rotated.app, clientSecret: rotated.clientSecret), status: .ok, request)
    }

    func setRateLimits(_ request: Request) async throws -> AppRecord {
        let session = try request.operatorSession
        try session.require(.manageApps)
        struct Body: Decodable {
            var perSecond: Int?
            var perHour: Int?

            enum CodingKeys: String, CodingKey {
                case perSecond = "per_second"
                case perHour = "per_hour"
            }
        }
        let body = try request.content.decode(Body.self)
        guard let app = try await request.apps.setRateLimits(request.parameters.get("app") ?? "", RequestRateLimits(perSecond: body.perSecond, perHour: body.perHour),
                                                             by: session.actor) else {
            throw PlayhouseProblem(.notFound, .notFound, parameters: ["path": request.url.path])
        }
        return app
    }

    private static func secretShownOnce(_ answer: Created, status: HTTPStatus, _ request: Request) async throws -> Response {
        let response = try await answer.encodeResponse(status: status, for: request)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }
}

extension AppRecord: Content {}
