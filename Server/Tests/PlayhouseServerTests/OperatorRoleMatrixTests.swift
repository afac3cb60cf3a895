import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// Every role against every admin operation and console page, as the OpenAPI document's
/// `x-operator-permission` says: a role without the permission is refused (`403`) and one with it
/// is not, and the console's menu offers a page exactly to the roles that may open it. The
/// operations that name no permission are the operator's own (signing in, their session, their
/// second factor, their tokens), and no others. (Permissions held by the same roles, such as the
/// owner's alone, cannot be told apart this way: that a handler asks for the one its entry names is
/// for its own tests.)
@Suite struct OperatorRoleMatrixTests {
    /// The admin operations and console pages every signed-in operator may use, whatever their role.
    static let everyOperators: Set<String> = [
        "POST /admin/v1/sessions", "POST /admin/v1/invitations", "GET /admin/v1/session", "DELETE /admin/v1/session",
        "POST /admin/v1/second-factor", "PUT /admin/v1/second-factor",
        "GET /admin/v1/tokens", "POST /admin/v1/tokens", "DELETE /admin/v1/tokens/{token}",
        "GET /console", "GET /console/sign-in", "GET /console/invitation", "GET /console/tokens", "GET /console/second-factor",
        "GET /console/second-factor.svg", "GET /console/console.js",
    ]

    @Test(arguments: Engine.available)
    func everyRoleMayDoWhatItsPermissionsSayAndNothingElse(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let clientID = try await app.createApp().app.clientID
            var signedIn: [OperatorRole: ConsoleTests.SignedIn] = [:]
            for role in OperatorRole.allCases {
                signedIn[role] = try await ConsoleTests.operatorSignedIn(app, "\(role.rawValue)@example.com", role)
            }
            let json = try OpenAPIDocument.bundled.get().json
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let paths = try #require(document["paths"] as? [String: [String: Any]])

            var own: Set<String> = [], checked = 0
            for (path, operations) in paths.sorted(by: { $0.key < $1.key }) where path.hasPrefix("/admin/") || path.hasPrefix("/console") {
                for (method, value) in operations.sorted(by: { $0.key < $1.key }) {
                    let name = "\(method.uppercased()) \(path)"
                    guard let operation = value as? [String: Any], let named = operation["x-operator-permission"] as? String else {
                        own.insert(name)
                        continue
                    }
                    let permission = try #require(OperatorRole.Permission(rawValue: named))
                    // The app is a real one (a role that may rotates its secret and resets its rate limits);
                    // any other id names nothing, so that no other call changes anything.
                    var url = path.replacingOccurrences(of: "{app}", with: clientID)
                    while let open = url.firstIndex(of: "{"), let close = url[open...].firstIndex(of: "}") {
                        url.replaceSubrange(open...close, with: UUID().uuidString.lowercased())
                    }
                    for role in OperatorRole.allCases {
                        let operatorSession = try #require(signedIn[role])
                        let reading = method == "get"
                        let response = try await app.send(HTTPMethod(rawValue: method.uppercased()), url,
                                                          headers: reading ? operatorSession.reading : operatorSession.changing, body: reading ? nil : "{}")
                        if role.may(permission) {
                            #expect(response.status != .forbidden, "\(role.rawValue) may \(named): \(name) answered \(response.status.code)")
                        } else {
                            #expect(response.status == .forbidden, "\(role.rawValue) may not \(named): \(name) answered \(response.status.code)")
                            if path.hasPrefix("/admin/") { #expect(try response.problem().code == .roleForbidden, "\(name)") }
                        }
                        checked += 1
                    }
                    // The menu offers a page to exactly the roles that may open it.
                    if path.hasPrefix("/console/"), !path.contains("{") {
                        for role in OperatorRole.allCases {
                            let home = try await app.send(.GET, "/console", headers: try #require(signedIn[role]).reading).body.string
                            let menu = home.range(of: "<header>").flatMap { start in
                                home[start.lowerBound...].range(of: "</header>").map { home[start.lowerBound..<$0.upperBound] }
                            }
                            let offered = try #require(menu, "the console's home has a menu").contains("href=\"\(path)\"")
                            let inMenu = ConsolePages.links(for: .owner, current: "").contains { $0.path == path }
                            #expect(offered == (inMenu && role.may(permission)), "\(role.rawValue) \(offered ? "is" : "is not") offered \(path)")
                        }
                    }
                }
            }
            #expect(own == Self.everyOperators, "the operations that name no permission")
            #expect(checked >= 4 * 50, "every role met every operation that names a permission (\(checked) calls)")
        }
    }
}
