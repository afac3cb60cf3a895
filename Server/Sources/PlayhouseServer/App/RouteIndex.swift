import NIOConcurrencyHelpers
import RoutingKit
import Vapor

/// Knows which methods each registered path accepts, so that a request with the wrong method gets
/// 405 with `Allow` instead of a misleading 404.
/// `@unchecked` because RoutingKit's router is not `Sendable`; every access goes through the lock.
final class RouteIndex: @unchecked Sendable {
    private struct Table {
        var router = TrieRouter(String.self)
        var methods: [String: [HTTPMethod]] = [:]
    }

    private let lock = NIOLock()
    private var table = Table()

    func build(from routes: [Route]) {
        var built = Table()
        for route in routes {
            let key = route.path.map(\.description).joined(separator: "/")
            route.userInfo[Self.patternKey] = "/" + key
            if built.methods[key] == nil { built.router.register(key, at: route.path) }
            built.methods[key, default: []].append(route.method)
        }
        lock.withLock { table = built }
    }

    private static let patternKey = "playhouse.route-pattern"

    /// A route's pattern (`/v1/games/:game_id/bet`), as ``build(from:)`` noted it on the route.
    static func pattern(of route: Route) -> String {
        route.userInfo[patternKey] as? String ?? "/" + route.path.map(\.description).joined(separator: "/")
    }

    /// The methods registered for `path`, or none when no route has that path.
    func allowedMethods(for path: String) -> [HTTPMethod] {
        let components = path.split(separator: "/").map(String.init)
        return lock.withLock {
            var parameters = Parameters()
            guard let key = table.router.route(path: components, parameters: &parameters) else { return [] }
            var methods = table.methods[key] ?? []
            if methods.contains(.GET) && !methods.contains(.HEAD) { methods.append(.HEAD) }
            return methods
        }
    }
}
