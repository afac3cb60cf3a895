import Foundation
import PlayhouseAPI
import Vapor

/// The admin API's apps, `/admin/v1/apps`: listed for every role that reads apps, created,
/// re-keyed and limited by those that manage them (owners and developers). A secret is in the
/// answer that made it, and nowhere after.
struct AdminAppsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let apps = AdminController.signedIn(routes).grouped("apps")
        apps.requiring(.readApps).get(use: list)
        apps.requiring(.manageApps).post(use: create)
        apps.requiring(.manageApps).post(":app", "rotate-secret", use: rotateSecret)
        apps.requiring(.manageApps).put(":app", "rate-limits", use: setRateLimits)
        apps.requiring(.manageOperators).get(":app", "operators", use: operators)
        apps.requiring(.manageOperators).put(":app", "operators", use: limit)
    }

    func list(_ request: Request) async throws -> Page<AdminApp> {
        let session = try request.operatorSession
        let page = try request.query(PageRequest.self)
        return page.page(ofAll: try await request.appAccess.apps(reachableBy: session.person).map(\.admin))
    }

    func create(_ request: Request) async throws -> Response {
        let session = try request.operatorSession
        let body = try request.decodeBody(NewApp.self)
        let created = try await request.apps.create(name: body.name, redirectURIs: body.redirectURIs ?? [], environment: body.environment ?? .sandbox,
                                                    scopes: body.scopes, isPublic: body.publicClient ?? false, by: session.actor)
        return try await Self.secretShownOnce(AdminAppCreated(app: created.app.admin, clientSecret: created.clientSecret), status: .created, request)
    }

    func rotateSecret(_ request: Request) async throws -> Response {
        let session = try request.operatorSession
        guard let rotated = try await request.apps.rotateSecret(try await AdminController.app(request).id.uuidString, by: session.actor) else {
            throw PlayhouseProblem(.notFound, .notFound, parameters: ["path": request.url.path])
        }
        return try await Self.secretShownOnce(AdminAppCreated(app: rotated.app.admin, clientSecret: rotated.clientSecret), status: .ok, request)
    }

    func setRateLimits(_ request: Request) async throws -> AdminApp {
        let session = try request.operatorSession
        let body = try request.decodeBody(RateLimitsUpdate.self)
        guard let app = try await request.apps.setRateLimits(try await AdminController.app(request).id.uuidString, RequestRateLimits(perSecond: body.perSecond, perHour: body.perHour),
                                                             by: session.actor) else {
            throw PlayhouseProblem(.notFound, .notFound, parameters: ["path": request.url.path])
        }
        return app.admin
    }

    /// The operators the app is limited to (none: every operator reaches it). Owners only.
    func operators(_ request: Request) async throws -> Page<Operator> {
        let page = try request.query(PageRequest.self)
        return page.page(ofAll: try await request.appAccess.operators(of: try await AdminController.app(request)))
    }

    /// Limits the app to the operators whose emails `operators` lists (empty: open to every
    /// operator again). Owners only; audit-logged.
    func limit(_ request: Request) async throws -> Page<Operator> {
        let session = try request.operatorSession
        let app = try await AdminController.app(request)
        var people: [Operator] = []
        for email in try request.decodeBody(AppOperatorsUpdate.self).operators {
            guard let person = try await request.operators.find(email), person.email == PlayerService.normalisedEmail(email) else {
                throw PlayhouseProblem.validation([.init(name: "operators", code: "invalid_value")])
            }
            people.append(person)
        }
        return Page(data: try await request.appAccess.limit(app, to: people, by: session.actor), nextCursor: nil)
    }

    private static func secretShownOnce(_ answer: AdminAppCreated, status: HTTPStatus, _ request: Request) async throws -> Response {
        let response = try await answer.encodeResponse(status: status, for: request)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }
}
