import Foundation
import PlayhouseAPI
import Vapor

/// The console's pages, under `/console`: server-rendered, each showing what the operator's role
/// may see, and doing every change through the admin API (``AdminController``) with the console's
/// one script. Without a session a page sends the operator to sign in.
struct ConsolePageController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let console = routes.grouped("console")
        console.get(use: home)
        console.get("sign-in", use: signIn)
        console.get("invitation", use: invitation)
        console.get("operators", use: operators)
        console.get("apps", use: apps)
        console.get("apps", "settings", use: appSettings)
        console.get("players", use: players)
        console.get("money", use: money)
        console.get("players", ":app", ":player", use: player)
        console.get("audit-log", use: auditLog)
        console.get("tokens", use: tokens)
        console.get("games", use: games)
        console.get("catalogs", use: catalogs)
        console.get("catalogs", ":app", ":catalog", use: catalog)
        console.get("catalogs", ":app", "dealers", ":dealer", use: dealerOffers)
        console.get("content", use: content)
        console.get("content", "preview", use: contentPreview)
        console.get("game-data", use: gameData)
        console.get("game-data", ":app", ":game", use: gameDataDocuments)
        console.get("second-factor", use: secondFactor)
        console.get("second-factor.svg", use: secondFactorCode)
        console.get("console.js") { _ in try HostedPages.script("console") }
    }

    func signIn(_ request: Request) async throws -> Response {
        if try await OperatorSession.current(request) != nil { return ConsolePages.redirect("/console") }
        return try await ConsolePages.render(request, "console-sign-in", title: "Sign in", session: nil, narrow: true)
    }

    func invitation(_ request: Request) async throws -> Response {
        struct Query: Decodable { var token: String? }
        let token = try request.query(Query.self).token ?? ""
        let invited = try await request.operators.invited(token)
        struct Context: Encodable { var email: String?, role: String?, invitation: String }
        return try await ConsolePages.render(request, "console-invitation", title: "Invitation", session: nil, narrow: true,
                                             Context(email: invited?.email, role: invited?.role.rawValue, invitation: token),
                                             status: invited == nil ? .notFound : .ok)
    }

    /// Home: for a role that reads statistics, the chosen app's dashboard, each figure a bar chart
    /// drawn here as SVG (a bar a day, the highest day full height).
    func home(_ request: Request) async throws -> Response {
        struct Query: Decodable { var app: String? }
        let query = try request.query(Query.self)
        guard let session = try await OperatorSession.current(request) else { return ConsolePages.redirect("/console/sign-in") }
        struct Context: Encodable { var apps: [ConsolePages.AppChoice], charts: [ConsolePages.Chart] }
        guard session.person.role.may(.readStatistics) else {
            return try await ConsolePages.render(request, "console-home", title: "Console", session: session, Context(apps: [], charts: []))
        }
        let (apps, chosen) = try await ConsolePages.apps(request, session, chosen: query.app)
        let names: [DashboardFigure: String] = [.signUps: "Sign-ups", .opens: "Opens", .deposits: "Deposits", .bets: "Bets",
                                                        .displays: "Content displays"]
        let series = if let chosen { try await request.dashboard.series(appID: chosen.id) } else { [DashboardSeries]() }
        let charts = series.map { ConsolePages.chart($0, id: $0.figure.rawValue, name: names[$0.figure] ?? $0.figure.rawValue) }
        return try await ConsolePages.render(request, "console-home", title: "Console", session: session,
                                             Context(apps: apps,
                                                     charts: charts))
    }


    func operators(_ request: Request) async throws -> Response {
        guard let session = try await OperatorSession.current(request) else { return ConsolePages.redirect("/console/sign-in") }
        guard session.person.role.may(.manageOperators) else { return try await ConsolePages.forbidden(request, session) }
        struct Row: Encodable { var id: String, email: String, role: String, state: String, since: String, canDisable: Bool }
        let rows = try await request.operators.list().map { person in
            Row(id: person.id.uuidString.lowercased(), email: person.email, role: person.role.rawValue,
                state: person.disabledAt != nil ? "disabled" : person.active ? "active" : "invited",
                since: RFC3339.day(person.createdAt), canDisable: person.disabledAt == nil && person.id != session.person.id)
        }
        /// The roles, the least allowed first (and so chosen unless another is).
        struct Context: Encodable { var operators: [Row], roles: [String] }
        return try await ConsolePages.render(request, "console-operators", title: "Operators", session: session,
                                             Context(operators: rows, roles: OperatorRole.allCases.reversed().map(\.rawValue)))
    }

    func apps(_ request: Request) async throws -> Response {
        guard let session = try await OperatorSession.current(request) else { return ConsolePages.redirect("/console/sign-in") }
        guard session.person.role.may(.readApps) else { return try await ConsolePages.forbidden(request, session) }
        struct Row: Encodable { var name, clientID, environment, client, scopes, limits, operators: String, confidential: Bool }
        let owner = session.person.role.may(.manageOperators)
        var rows: [Row] = []
        for app in try await request.appAccess.apps(reachableBy: session.person) {
            // Who reaches the app: owners see (and set) it.
            let operators = owner ? try await request.appAccess.operators(of: app).map(\.email).joined(separator: " ") : ""
            rows.append(Row(name: app.name, clientID: app.clientID, environment: app.environment.rawValue, client: app.isPublic ? "public" : "confidential",
                            scopes: app.scopes.joined(separator: " "), limits: "\(app.rateLimits.second)/s, \(app.rateLimits.hour)/h",
                            operators: operators, confidential: !app.isPublic))
        }
        struct Context: Encodable { var apps: [Row], manage: Bool, owner: Bool }
        return try await ConsolePages.render(request, "console-apps", title: "Apps", session: session,
                                             Context(apps: rows, manage: session.person.role.may(.manageApps), owner: owner))
    }

    func players(_ request: Request) async throws -> Response {
        struct Query: Decodable { var app: String?, q: String? }
        let query = try request.query(Query.self)
        guard let session = try await OperatorSession.current(request) else { return ConsolePages.redirect("/console/sign-in") }
        guard session.person.role.may(.readPlayers) else { return try await ConsolePages.forbidden(request, session) }
        let (apps, chosen) = try await ConsolePages.apps(request, session, chosen: query.app)
        let text = query.q ?? ""
        var found: [Player] = []
        if let chosen { found = try await request.players.search(appID: chosen.id, text) }
        struct Row: Encodable { var id, name, email, phone, invite, since: String }
        struct Context: Encodable { var apps: [ConsolePages.AppChoice], app: String?, query: String, searched: Bool, players: [Row] }
        let context = Context(
            apps: apps, app: chosen?.clientID, query: text,
            searched: !text.isEmpty,
            players: found.map { player in
                Row(id: player.id.uuidString.lowercased(), name: player.displayName ?? (player.guest ? "Guest" : "Player"), email: player.email ?? "",
                    phone: player.phoneNumber ?? "", invite: player.inviteCode, since: RFC3339.day(player.createdAt))
            })
        return try await ConsolePages.render(request, "console-players", title: "Players", session: session, context)
    }

    /// An app's ledger added up, its payments still open and finished, and its adjustments, 100 of
    /// each a page (`finished` and `adjustments` are the next pages' cursors).
    func money(_ request: Request) async throws -> Response {
        struct Query: Decodable { var app: String?, finished: String?, adjustments: String? }
        let query = try request.query(Query.self)
        guard let session = try await OperatorSession.current(request) else { return ConsolePages.redirect("/console/sign-in") }
        guard session.person.role.may(.readMoney) else { return try await ConsolePages.forbidden(request, session) }
        let (apps, chosen) = try await ConsolePages.apps(request, session, chosen: query.app)
        var totals: [LedgerTotal] = []
        var open: [(playerID: UUID, payment: Payment)] = [], finished = open
        var adjustments: [Adjustment] = []
        var more: (open: Bool, finished: String?, adjustments: String?) = (false, nil, nil)
        if let chosen {
            totals = try await request.ledgerTotals.totals(appID: chosen.id)
            let openPage = try await request.payments.recent(appID: chosen.id, open: true, page: try PageRequest(limit: 100))
            let finishedPage = try await request.payments.recent(appID: chosen.id, open: false, page: try PageRequest(limit: 100, cursor: query.finished))
            let adjustmentsPage = try await request.adjustments.list(appID: chosen.id, page: try PageRequest(limit: 100, cursor: query.adjustments))
            (open, finished, adjustments) = (openPage.lines, finishedPage.lines, adjustmentsPage.adjustments)
            more = (openPage.next != nil, finishedPage.next.map(PageRequest.cursor), adjustmentsPage.next.map(PageRequest.cursor))
        }
        struct Row: Encodable { var currency, economy, account, total: String }
        struct PaymentRow: Encodable { var at, kind, player, amount, status, method: String }
        struct AdjustmentRow: Encodable { var at, player, change, reason, by: String }
        struct Context: Encodable {
            var apps: [ConsolePages.AppChoice], app: String?, totals: [Row], open: [PaymentRow], finished: [PaymentRow], adjustments: [AdjustmentRow], verify: Bool
            /// Whether more payments are open than shown, and the cursors of the next pages.
            var moreOpen: Bool, olderFinished: String?, olderAdjustments: String?
        }
        func rows(_ lines: [(playerID: UUID, payment: Payment)]) -> [PaymentRow] {
            lines.map { line in
                PaymentRow(at: RFC3339.format(line.payment.createdAt), kind: ERN.id(line.payment.ern, of: "deposit") != nil ? "deposit" : "withdrawal",
                           player: line.playerID.uuidString.lowercased(), amount: line.payment.amount.description, status: line.payment.status.rawValue,
                           method: line.payment.paymentMethod)
            }
        }
        let context = Context(apps: apps, app: chosen?.clientID,
                              totals: totals.map { Row(currency: $0.currency, economy: $0.economy.rawValue, account: $0.account, total: $0.total.amount) },
                              open: rows(open), finished: rows(finished),
                              adjustments: adjustments.map { adjustment in
                                  AdjustmentRow(at: RFC3339.format(adjustment.createdAt), player: adjustment.playerID,
                                                change: "\(adjustment.direction == .credit ? "+" : "−")\(adjustment.amount)", reason: adjustment.reason,
                                                by: adjustment.by)
                              }, verify: session.person.role.may(.verifyLedger), moreOpen: more.open, olderFinished: more.finished,
                              olderAdjustments: more.adjustments)
        return try await ConsolePages.render(request, "console-money", title: "Money", session: session, context)
    }

    func player(_ request: Request) async throws -> Response {
        guard let session = try await OperatorSession.current(request) else { return ConsolePages.redirect("/console/sign-in") }
        guard session.person.role.may(.readPlayers) else { return try await ConsolePages.forbidden(request, session) }
        let (app, player) = try await AdminController.player(request)
        let view = try await request.supportView.player(player, of: app)
        struct Line: Encodable { var name, value: String }
        struct BalanceRow: Encodable { var available, pending, economy: String }
        struct SessionRow: Encodable { var id, started, active, ended: String, open: Bool }
        struct TransactionRow: Encodable { var at, kind, amount, balance, economy: String }
        struct Context: Encodable {
            var name, app, id: String, guest: Bool, profile: [Line], balances: [BalanceRow], limits: [Line], sessions: [SessionRow], canEnd: Bool
            var transactions: [TransactionRow], adjustments: [AdjustmentRow]?, canAdjust: Bool, currencies: [String], bets: [BetRow]
            var lists: [ListRow], listSync: String, moreLists: Bool
            /// The deletion's receipt and time, once deleted; whether this operator may delete.
            var deletion: String?, canDelete: Bool
        }
        let profile = view.profile
        let lines: [(String, String?)] = [("Email", profile.email), ("Phone", profile.phoneNumber), ("Display name", profile.displayName),
                                          ("First name", profile.firstName), ("Birth date", profile.birthDate), ("Locale", profile.locale),
                                          ("Invite code", profile.inviteCode), ("Signed up", RFC3339.format(profile.createdAt))]
        let limits = view.limits
        let limitLines: [(String, String?)] = [
            ("Reality check every", limits.realityCheckIntervalSeconds.map { "\($0 / 60) min" }),
            ("Session time limit", limits.sessionTimeLimitSeconds.map { "\($0 / 60) min" }),
            ("Deposit limits", limits.depositLimits.isEmpty ? nil : limits.depositLimits.map { "\($0.amount) \($0.currency) a \($0.period.rawValue)" }.joined(separator: ", ")),
            ("Loss limits", limits.lossLimits.isEmpty ? nil : limits.lossLimits.map { "\($0.amount) \($0.currency) a \($0.period.rawValue)" }.joined(separator: ", ")),
            ("Cool-off until", limits.coolOffUntil.map(RFC3339.format)), ("Self-excluded until", limits.selfExcludedUntil.map(RFC3339.format)),
        ]
        var context = Context(
            name: view.deletion != nil ? "Deleted player" : profile.displayName ?? profile.email ?? (profile.guest ? "Guest" : "Player"), app: request.parameters.get("app") ?? "", id: profile.id,
            guest: profile.guest,
            profile: lines.compactMap { name, value in value.map { Line(name: name, value: $0) } },
            balances: view.wallet.balances.map { BalanceRow(available: $0.available.description, pending: $0.pendingWithdrawals.description,
                                                            economy: $0.economy.rawValue) },
            limits: limitLines.map { Line(name: $0.0, value: $0.1 ?? "none") },
            sessions: view.sessions.map { SessionRow(id: $0.id, started: RFC3339.format($0.startedAt), active: $0.lastActiveAt.map(RFC3339.format) ?? "",
                                                     ended: $0.endedAt.map(RFC3339.format) ?? "", open: $0.endedAt == nil) },
            canEnd: view.deletion == nil && session.person.role.may(.endPlayerSessions),
            transactions: view.transactions.map { TransactionRow(at: RFC3339.format($0.createdAt), kind: $0.kind.rawValue, amount: $0.amount.description,
                                                                 balance: $0.balanceAfter.description, economy: $0.economy.rawValue) },
            adjustments: session.person.role.may(.readMoney) ? try await adjustments(of: view, app: app, request) : nil,
            canAdjust: view.deletion == nil && session.person.role.may(.adjustMoney),
            currencies: try await request.currencies.list(appID: app.id).map(\.code),
            bets: try await bets(of: view, app: app, request), lists: [], listSync: "", moreLists: false,
            deletion: view.deletion.map { "Deleted at \(RFC3339.format($0.deletedAt)), receipt \($0.id)." },
            canDelete: view.deletion == nil && session.person.role.may(.deletePlayers))
        let lists = try await request.listFeed.supportView(app: app.id, player: player.id, page: try PageRequest(limit: 50))
        context.lists = lists.lists.data.map { snapshot in
            let ticked = snapshot.items.filter(\.ticked).count
            let shared = snapshot.shares.map { "\($0.displayName ?? $0.playerID) (\($0.access.rawValue), \($0.status.rawValue))" }
            return ListRow(name: snapshot.list.name, access: snapshot.list.access.rawValue, items: "\(snapshot.items.count), \(ticked) ticked",
                           modified: RFC3339.format(snapshot.list.modifiedAt), shared: shared.joined(separator: ", "))
        }
        context.moreLists = lists.lists.nextCursor != nil
        context.listSync = lists.sync.lastChangeReceivedAt.map {
            "Last change received from their devices at \(RFC3339.format($0)); \(lists.sync.changesRemembered) changes remembered for retries."
        } ?? "No change received from their devices (or none kept any more)."
        return try await ConsolePages.render(request, "console-player", title: context.name, session: session, context)
    }

    /// One of a player's shopping lists on their page: read-only.
    struct ListRow: Encodable { var name, access, items, modified, shared: String }

    /// A player's bet on their page, with what the browser needs to verify its fairness itself
    /// (console.js): the revealed server seed, its hash, the client seed and nonce, the stops drawn,
    /// and the reels' lengths they were drawn below.
    struct BetRow: Encodable {
        var at, game, stake, payout, stops: String
        var verify: Verify?
        /// Why it cannot be verified yet.
        var note: String

        struct Verify: Encodable { var serverSeed, serverSeedHash, clientSeed, nonce, stops, lengths: String }
    }

    private func bets(of view: AdminPlayer, app: AppRecord, _ request: Request) async throws -> [BetRow] {
        guard let playerID = UUID(uuidString: view.profile.id) else { return [] }
        let bets = try await request.betHistory.history(.init(app: app, playerID: playerID), game: nil, page: try PageRequest(limit: 20)).data
        var games: [String: (version: Int, lengths: [Int])] = [:]
        for slug in Set(bets.map(\.game)) {
            guard let info = try await request.games.find(appID: app.id, slug: slug),
                  let machine = try await request.games.machine(appID: app.id, slug: slug) else { continue }
            games[slug] = (info.version, machine.drawBounds)
        }
        return bets.map { bet in
            let json = { (numbers: [Int]) in "[" + numbers.map(String.init).joined(separator: ",") + "]" }
            var row = BetRow(at: RFC3339.format(bet.createdAt), game: bet.game, stake: bet.$stake.text, payout: bet.$payout.text,
                             stops: bet.stops.map(String.init).joined(separator: " "), verify: nil, note: "")
            guard let fairness = bet.fairness else { row.note = "not provably fair"; return row }
            guard let seed = fairness.serverSeed else { row.note = "its server seed is not revealed yet"; return row }
            guard let game = games[bet.game], game.version == bet.gameVersion else { row.note = "played on an earlier version of the game"; return row }
            row.verify = .init(serverSeed: seed, serverSeedHash: fairness.serverSeedHash, clientSeed: fairness.clientSeed, nonce: String(fairness.nonce),
                               stops: json(bet.stops), lengths: json(game.lengths))
            return row
        }
    }

    /// A player's adjustment on their page: what it did, and whether it can be reversed.
    struct AdjustmentRow: Encodable { var id, at, change, reason, by, note: String, reversible: Bool }

    private func adjustments(of view: AdminPlayer, app: AppRecord, _ request: Request) async throws -> [AdjustmentRow] {
        guard let playerID = UUID(uuidString: view.profile.id) else { return [] }
        return try await request.adjustments.list(appID: app.id, playerID: playerID, page: try PageRequest(limit: 100)).adjustments.map { adjustment in
            let note = adjustment.reverses.map { "reverses \($0.prefix(8))" } ?? adjustment.reversedBy.map { "reversed by \($0.prefix(8))" } ?? ""
            return AdjustmentRow(id: adjustment.id, at: RFC3339.format(adjustment.createdAt),
                                 change: "\(adjustment.direction == .credit ? "+" : "−")\(adjustment.amount)", reason: adjustment.reason, by: adjustment.by,
                                 note: note, reversible: adjustment.reverses == nil && adjustment.reversedBy == nil)
        }
    }

    /// An app's games: their exact RTP, open or closed, a simulation run from the page, bets per
    /// day (for the roles that read statistics), and a definition imported from the page.
    func games(_ request: Request) async throws -> Response {
        struct Query: Decodable { var app: String? }
        let query = try request.query(Query.self)
        guard let session = try await OperatorSession.current(request) else { return ConsolePages.redirect("/console/sign-in") }
        guard session.person.role.may(.readApps) else { return try await ConsolePages.forbidden(request, session) }
        let (apps, chosen) = try await ConsolePages.apps(request, session, chosen: query.app)
        let games = if let chosen { try await request.games.list(appID: chosen.id) } else { [GameInfo]() }
        let statistics = session.person.role.may(.readStatistics)
        struct Row: Encodable { var id, name, type, status, rtp, hits, version: String, open: Bool }
        struct Context: Encodable { var apps: [ConsolePages.AppChoice], app: String?, games: [Row], charts: [ConsolePages.Chart], manage: Bool }
        var charts: [ConsolePages.Chart] = []
        if statistics, let chosen {
            for game in games {
                charts.append(ConsolePages.chart(try await request.dashboard.bets(appID: chosen.id, game: game.id), id: "bets-" + game.id,
                                                 name: "Bets on \(game.name)"))
            }
        }
        let rows = games.map { game in
            Row(id: game.id, name: game.name, type: game.type, status: game.status, rtp: String(format: "%.2f %%", game.rtp * 100),
                hits: String(format: "%.2f %%", game.hitFrequency * 100), version: String(game.version), open: game.status == "open")
        }
        return try await ConsolePages.render(request, "console-games", title: "Games", session: session,
                                             Context(apps: apps,
                                                     app: chosen?.clientID, games: rows, charts: charts, manage: session.person.role.may(.manageGames)))
    }

    func tokens(_ request: Request) async throws -> Response {
        guard let session = try await OperatorSession.current(request) else { return ConsolePages.redirect("/console/sign-in") }
        let everyone = session.person.role.may(.manageOperators)
        struct Row: Encodable { var id, name, person, created, expires, state: String, live: Bool }
        let now = request.now
        let rows = try await request.operatorTokens.list(of: everyone ? nil : session.person).map { token in
            let live = token.revokedAt == nil && token.expiresAt > now
            return Row(id: token.id, name: token.name, person: token.operatorEmail, created: RFC3339.day(token.createdAt),
                       expires: RFC3339.day(token.expiresAt), state: token.revokedAt != nil ? "revoked" : live ? "live" : "expired", live: live)
        }
        struct Context: Encodable { var tokens: [Row], everyone: Bool }
        return try await ConsolePages.render(request, "console-tokens", title: "API tokens", session: session, Context(tokens: rows, everyone: everyone))
    }

    func secondFactor(_ request: Request) async throws -> Response {
        guard let session = try await OperatorSession.current(request) else { return ConsolePages.redirect("/console/sign-in") }
        let pending = session.person.secondFactor ? nil : try await request.operators.pendingSecondFactor(session.person)
        struct Context: Encodable { var pending: Bool, secret: String?, side: Int? }
        let side = pending.flatMap { QRCode($0.uri) }.map { ($0.size + 8) * 5 }
        return try await ConsolePages.render(request, "console-second-factor", title: "Second factor", session: session,
                                             Context(pending: pending != nil, secret: pending?.secret, side: side))
    }

    /// The QR code of the second factor being set up, drawn here: nothing loads from elsewhere.
    func secondFactorCode(_ request: Request) async throws -> Response {
        guard let session = try await OperatorSession.current(request),
              let pending = try await request.operators.pendingSecondFactor(session.person), let code = QRCode(pending.uri) else {
            throw PlayhouseProblem(.notFound, .notFound)
        }
        var headers: HTTPHeaders = ["Cache-Control": "no-store"]
        headers.contentType = HTTPMediaType(type: "image", subType: "svg+xml")
        return Response(status: .ok, headers: headers, body: .init(string: code.svg()))
    }

    func auditLog(_ request: Request) async throws -> Response {
        let asked = try request.query(PageRequest.self)
        guard let session = try await OperatorSession.current(request) else { return ConsolePages.redirect("/console/sign-in") }
        guard session.person.role.may(.readAuditLog) else { return try await ConsolePages.forbidden(request, session) }
        let page = try await request.auditLog.entries(asked)
        let encoder = PlayhouseJSON.makeEncoder()
        func text(_ value: JSONValue?) -> String { value.flatMap { try? String(decoding: encoder.encodeBytes($0), as: UTF8.self) } ?? "" }
        struct Row: Encodable { var at: String, actor: String, action: String, target: String, before: String, after: String }
        struct Context: Encodable { var entries: [Row], next: String? }
        let rows = page.data.map { entry in
            Row(at: RFC3339.format(entry.at), actor: entry.actor, action: entry.action, target: entry.target,
                before: text(entry.before), after: text(entry.after))
        }
        return try await ConsolePages.render(request, "console-audit-log", title: "Audit log", session: session,
                                             Context(entries: rows, next: page.nextCursor))
    }
}
