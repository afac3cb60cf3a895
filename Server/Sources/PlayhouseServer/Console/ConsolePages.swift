import Foundation
import PlayhouseAPI
import Vapor

/// What every console page shares: the frame (who is signed in, the links their role may follow),
/// the redirect to sign in, and the page of a refusal.
enum ConsolePages {
    struct Link: Encodable { var name: String, path: String, current: Bool }

    /// The pages an operator's role may open.
    static func links(for role: OperatorRole, current: String) -> [Link] {
        var links = [("Home", "/console")]
        if role.may(.readApps) { links.append(("Apps", "/console/apps")) }
        if role.may(.readPlayers) { links.append(("Players", "/console/players")) }
        if role.may(.readMoney) { links.append(("Money", "/console/money")) }
        if role.may(.readApps) { links.append(("Games", "/console/games")) }
        if role.may(.readApps) { links.append(("Content", "/console/content")) }
        if role.may(.readApps) { links.append(("Catalogs", "/console/catalogs")) }
        if role.may(.readApps) { links.append(("Game data", "/console/game-data")) }
        if role.may(.manageOperators) { links.append(("Operators", "/console/operators")) }
        if role.may(.readAuditLog) { links.append(("Audit log", "/console/audit-log")) }
        links.append(("API tokens", "/console/tokens"))
        links.append(("Second factor", "/console/second-factor"))
        return links.map { Link(name: $0.0, path: $0.1, current: $0.1 == current) }
    }

    /// Renders a console page: `template` with the frame's values and, when given, the page's own `context`'s.
    static func render(_ request: Request, _ template: String, title: String, session: OperatorService.Session?, narrow: Bool = false,
                       _ context: (some Encodable & Sendable)? = Optional<Empty>.none, status: HTTPStatus = .ok) async throws -> Response {
        let frame = Frame(title: title, person: session?.person, csrf: session?.csrf,
                          nav: session.map { links(for: $0.person.role, current: request.url.path) } ?? [], narrow: narrow, page: context)
        return try await HostedPages.render(request, template, frame, status: status, scripts: true)
    }

    struct Empty: Encodable, Sendable {}

    /// A count as a page shows it, its thousands grouped: `1,000,000`.
    static func count(_ value: Int) -> String {
        var digits = String(value.magnitude), grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return (value < 0 ? "-" : "") + digits + grouped
    }

    /// An amount of money as a page shows it: `12.95 DKK`.
    static func money(_ money: Money) -> String {
        "\(money.amount) \(money.currency)"
    }

    /// From one time to another, by UTC day: `2026-11-23 – 2026-11-30`.
    static func days(_ from: Date, _ until: Date) -> String {
        RFC3339.day(from) + " – " + RFC3339.day(until)
    }

    /// An app in a page's chooser.
    struct AppChoice: Encodable, Sendable { var name, clientID: String, selected: Bool }

    /// The apps the operator reaches, for a page's chooser, and the one its `?app=` names (the
    /// first when it names none they reach).
    static func apps(_ request: Request, _ session: OperatorService.Session, chosen clientID: String?) async throws -> ([AppChoice], AppRecord?) {
        let apps = try await request.appAccess.apps(reachableBy: session.person)
        let chosen = apps.first { $0.clientID == clientID } ?? apps.first
        return (apps.map { AppChoice(name: $0.name, clientID: $0.clientID, selected: $0.id == chosen?.id) }, chosen)
    }

    /// A bar chart of a figure per day (`console-chart`), drawn by the server as SVG: a bar a day,
    /// each 10 units wide with 2 between, the highest day 100 high.
    struct Chart: Encodable, Sendable {
        struct Bar: Encodable, Sendable { var x, y, height: Int, title: String }
        var id, name, first, last: String
        var total, highest: Int
        var bars: [Bar]
    }

    static func chart(_ series: DashboardSeries, id: String, name: String) -> Chart {
        let highest = series.days.map(\.value).max() ?? 0
        let bars = series.days.enumerated().map { index, day in
            let height = highest == 0 ? 0 : max(day.value > 0 ? 1 : 0, day.value * 100 / highest)
            return Chart.Bar(x: index * 12, y: 100 - height, height: height, title: "\(day.day): \(day.value)")
        }
        return Chart(id: id, name: name, first: series.days.first?.day ?? "", last: series.days.last?.day ?? "",
                     total: series.days.reduce(0) { $0 + $1.value }, highest: highest, bars: bars)
    }

    /// A page's values: the frame's, and the page's own under `page`.
    struct Frame<Page: Encodable & Sendable>: Encodable, Sendable {
        var title: String, person: Operator?, csrf: String?, nav: [Link], narrow: Bool
        var page: Page?
    }

    static func redirect(_ path: String) -> Response {
        Response(status: .seeOther, headers: ["Location": path, "Cache-Control": "no-store"])
    }

    /// The page of a role that may not open the page asked for.
    static func forbidden(_ request: Request, _ session: OperatorService.Session) async throws -> Response {
        struct Context: Encodable { var message: String }
        return try await render(request, "console-message", title: "Not for your role", session: session,
                                Context(message: "Your role (\(session.person.role.rawValue)) may not open this page."), status: .forbidden)
    }
}
