import Vapor

/// `GET /openapi.json`: the API description (``OpenAPIDocument``).
struct OpenAPIController: RouteCollection {
    let document: OpenAPIDocument

    func boot(routes: any RoutesBuilder) throws {
        routes.get("openapi.json") { request -> Response in
            let body = document.rendered(publicURL: request.playhouse.configuration.resolvedPublicURL)
            return Response(status: .ok, headers: ["Content-Type": HTTPHeaders.jsonContentType], body: .init(string: body))
        }
    }
}
