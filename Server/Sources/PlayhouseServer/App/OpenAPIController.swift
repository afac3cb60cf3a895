import Vapor

/// `GET /openapi.json`: the API description.
struct OpenAPIController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("openapi.json") { request -> Response in
            let document = OpenAPIDocument.render(publicURL: request.playhouse.configuration.resolvedPublicURL)
            return Response(status: .ok, headers: ["Content-Type": "application/json; charset=utf-8"], body: .init(string: document))
        }
    }
}
