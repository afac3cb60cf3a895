import Foundation
import Leaf
import LeafKit
import Vapor

/// Sets up Leaf for the hosted pages, reading the templates bundled with the server.
enum HostedPages {
    /// The cookie of a page session (a visit), set by `/pages/enter`.
    static let cookie = "playhouse_page"

    static func configure(_ app: Application) throws {
        guard let views = Bundle.module.url(forResource: "Views", withExtension: nil) else {
            throw ConfigurationError("the hosted page templates are missing from the server's resource bundle")
        }
        app.views.use(.leaf)
        app.leaf.configuration = LeafConfiguration(rootDirectory: views.path + "/")
        // The bundle often sits under a hidden folder (`.build`), so Leaf's hidden-path limit is left
        // out; reads stay confined to the templates folder.
        app.leaf.sources = .singleSource(NIOLeafFiles(fileio: app.fileio, limits: [.toSandbox, .requireExtensions],
                                                      sandboxDirectory: views.path, viewDirectory: views.path))
        app.leaf.cache.isEnabled = true
    }

    /// A page rendered from `template`, never cached, never framed, loading nothing from elsewhere;
    /// with no scripts allowed, or (`scripts`) only the server's own, calling only the server.
    static func render(_ request: Request, _ template: String, _ context: some Encodable & Sendable,
                       status: HTTPStatus, scripts: Bool = false) async throws -> Response {
        let view = try await request.view.render(template, context)
        let response = Response(status: status, body: .init(buffer: view.data))
        response.headers.contentType = .html
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        response.headers.replaceOrAdd(name: "X-Frame-Options", value: "DENY")
        response.headers.replaceOrAdd(name: "Content-Security-Policy", value: """
            default-src 'none'; \(scripts ? "script-src 'self'; connect-src 'self'; " : "")style-src 'unsafe-inline'; img-src 'self' data:; \
            frame-ancestors 'none'; base-uri 'none'
            """)
        return response
    }

    /// One of the server's own scripts (`Web/Scripts/<name>.js`), cached for five minutes.
    static func script(_ name: String) throws -> Response {
        guard let url = Bundle.module.url(forResource: "Scripts/" + name, withExtension: "js"),
              let bytes = FileManager.default.contents(atPath: url.path) else { throw PlayhouseProblem(.notFound, .notFound) }
        var headers: HTTPHeaders = ["Cache-Control": "max-age=300"]
        headers.contentType = HTTPMediaType(type: "text", subType: "javascript", parameters: ["charset": "utf-8"])
        return Response(status: .ok, headers: headers, body: .init(data: bytes))
    }

    /// The visit (page session) of the request's cookie, and its app; nil when there is none or it expired.
    static func visit(_ request: Request) async throws -> (PageSession, AppRecord)? {
        guard let cookie = request.cookies[Self.cookie]?.string else { return nil }
        return try await request.pageSessions.session(cookie: cookie)
    }

    /// A page with one message (`key` in ``PageText``) under the title `title`.
    static func message(_ request: Request, _ key: String, status: HTTPStatus, title: String = "wallet_title") async throws -> Response {
        let texts = PageText.texts(request.localizer.language, [:])
        struct Context: Encodable { var lang: String, title: String, message: String }
        return try await render(request, "page-message",
                                Context(lang: request.localizer.language, title: texts[title] ?? "", message: texts[key] ?? ""),
                                status: status)
    }
}
