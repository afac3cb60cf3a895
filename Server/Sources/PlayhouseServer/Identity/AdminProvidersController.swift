import Foundation
import PlayhouseAPI
import Vapor

/// The admin API's sign-in providers of an app, `/admin/v1/apps/{app}/providers`: every role reads
/// them; owners and developers trust one, as `playhouse apps add-provider` does. A provider's
/// secrets are taken, never shown. Audit-logged.
struct AdminProvidersController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let app = AdminController.signedIn(routes).grouped("apps", ":app")
        app.requiring(.readApps).get("providers", use: providers)
        app.requiring(.manageApps).post("providers", use: addProvider)
    }

    func providers(_ request: Request) async throws -> Page<ProviderInfo> {
        let app = try await AdminController.app(request)
        let page = try request.query(PageRequest.self)
        return page.page(ofAll: try await request.identityProviders.list(app: app.id.uuidString))
    }

    /// Trusts a provider: `oidc` with its `issuer`, `audience` and `jwks_uri`, or `facebook` with
    /// the provider app's id (`audience`) and its `app_token` (and optionally its endpoints).
    func addProvider(_ request: Request) async throws -> Response {
        let session = try request.operatorSession
        let body = try request.decodeBody(NewProvider.self)
        let kind = try IdentityProviderService.Kind.named(body.kind, issuer: body.issuer, audience: body.audience, jwksURI: body.jwksURI,
                                                          appToken: body.appToken, introspectionURL: body.introspectionURL, profileURL: body.profileURL)
        let app = try await AdminController.app(request)
        return try await request.identityProviders.add(app: app.id.uuidString, name: body.name, kind: kind, by: session.actor)
            .encodeResponse(status: .created, for: request)
    }
}
