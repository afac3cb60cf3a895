import Foundation
import SQLKit
import PlayhouseAPI
@testable import PlayhouseServer
import Testing
import Vapor
import VaporTesting

/// The console's operators, their sessions and roles, and the audit log, on both engines, through
/// the admin API as the console's pages and scripts call it.
@Suite struct ConsoleTests {
    /// A signed-in operator as a browser holds them: the cookie, and the CSRF token for changes.
    struct SignedIn {
        var cookie: String
        var csrf: String
        var reading: HTTPHeaders { ["Cookie": "\(OperatorSession.cookie)=\(cookie)"] }
        var changing: HTTPHeaders { ["Cookie": "\(OperatorSession.cookie)=\(cookie)", "X-CSRF-Token": csrf, "Content-Type": "application/json"] }
    }

    /// Invites `email` as `role` from the command line, accepts the invitation and signs in.
    static func operatorSignedIn(_ app: Application, _ email: String, _ role: OperatorRole, password: String = "correct horse") async throws -> SignedIn {
        let (_, link) = try await app.operators.invite(email: email, role: role, by: .commandLine)
        try await accept(app, link, password: password)
        return try await signIn(app, email, password)
    }

    static func accept(_ app: Application, _ link: String, password: String) async throws {
        let invitation = try #require(URLComponents(string: link)?.queryItems?.first { $0.name == "token" }?.value)
        let accepted = try await app.send(.POST, "/admin/v1/invitations", headers: ["Content-Type": "application/json"],
                                          body: #"{"invitation":"\#(invitation)","password":"\#(password)"}"#)
        try #require(accepted.status == .ok, "\(accepted.body.string)")
    }

    static func signIn(_ app: Application, _ email: String, _ password: String) async throws -> SignedIn {
        let response = try await app.send(.POST, "/admin/v1/sessions", headers: ["Content-Type": "application/json"],
                                          body: #"{"email":"\#(email)","password":"\#(password)"}"#)
        try #require(response.status == .created, "\(response.body.string)")
        let cookie = try #require(response.headers.setCookie?[OperatorSession.cookie])
        #expect(cookie.isHTTPOnly && cookie.sameSite == .strict)
        return SignedIn(cookie: cookie.string, csrf: try #require(try response.decode(ConsoleSession.self).csrfToken))
    }

    @Test(arguments: Engine.available)
    func anInvitedOperatorSignsInAndTheirRoleDecidesWhatTheyMayDo(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let (_, link) = try await app.operators.invite(email: "Owner@Example.com", role: .owner, by: .commandLine)
            #expect(link.contains("/console/invitation?token=phi_"))
            let invitationPage = try await app.send(.GET, "/console/invitation?" + (URLComponents(string: link)?.percentEncodedQuery ?? ""))
            #expect(invitationPage.status == .ok && invitationPage.body.string.contains("owner@example.com"))
            let tooShort = try await app.send(.POST, "/admin/v1/invitations", headers: ["Content-Type": "application/json"],
                                              body: #"{"invitation":"\#(link.split(separator: "=").last!)","password":"short"}"#)
            #expect(tooShort.status == .unprocessableEntity)
            try await Self.accept(app, link, password: "correct horse")
            let again = try await app.send(.POST, "/admin/v1/invitations", headers: ["Content-Type": "application/json"],
                                           body: #"{"invitation":"\#(link.split(separator: "=").last!)","password":"another one"}"#)
            #expect(again.status == .notFound, "an invitation works once")
            #expect(try again.problem().code == .invitationNotFound)

            let wrong = try await app.send(.POST, "/admin/v1/sessions", headers: ["Content-Type": "application/json"],
                                           body: #"{"email":"owner@example.com","password":"wrong horse"}"#)
            #expect(wrong.status == .unauthorized)
            #expect(try wrong.problem().code == .operatorSignInFailed)
            #expect(try await app.send(.GET, "/admin/v1/operators").status == .unauthorized)
            let owner = try await Self.signIn(app, "owner@example.com", "correct horse")

            // A change without the session's CSRF token changes nothing.
            var forged = owner.changing
            forged.remove(name: "X-CSRF-Token")
            let refused = try await app.send(.POST, "/admin/v1/operators", headers: forged, body: #"{"email":"ann@example.com","role":"analyst"}"#)
            #expect(refused.status == .forbidden)
            #expect(try refused.problem().code == .csrfRejected)
            #expect(try await app.operators.list().count == 1)

            let other = try await Self.signIn(app, "owner@example.com", "correct horse")
            var someoneElses = owner.changing
            someoneElses.replaceOrAdd(name: "X-CSRF-Token", value: other.csrf)
            #expect(try await app.send(.POST, "/admin/v1/operators", headers: someoneElses, body: #"{"email":"ann@example.com","role":"analyst"}"#)
                .status == .forbidden, "another session's token is no token")
            let form = try await app.postForm("/admin/v1/sessions", "email=owner%40example.com&password=correct+horse")
            #expect(form.status == .unsupportedMediaType, "another site's form cannot sign anyone in")

            let invited = try await app.send(.POST, "/admin/v1/operators", headers: owner.changing, body: #"{"email":"ann@example.com","role":"analyst"}"#)
            #expect(invited.status == .created)
            let annLink = try invited.decode(OperatorInvitation.self).invitationURL
            let twice = try await app.send(.POST, "/admin/v1/operators", headers: owner.changing, body: #"{"email":"ANN@example.com","role":"support"}"#)
            #expect(twice.status == .conflict)
            #expect(try twice.problem().code == .operatorExists)
            let badRole = try await app.send(.POST, "/admin/v1/operators", headers: owner.changing, body: #"{"email":"bo@example.com","role":"king"}"#)
            #expect(badRole.status == .unprocessableEntity)
            #expect(try await app.operators.list().map(\.email) == ["ann@example.com", "owner@example.com"])

            // An analyst may not manage operators or read the audit log, in the API or the pages.
            try await Self.accept(app, annLink, password: "ann's password")
            let ann = try await Self.signIn(app, "ann@example.com", "ann's password")
            let forbidden = try await app.send(.GET, "/admin/v1/operators", headers: ann.reading)
            #expect(forbidden.status == .forbidden)
            #expect(try forbidden.problem().code == .roleForbidden)
            #expect(try await app.send(.GET, "/admin/v1/audit-log", headers: ann.reading).status == .forbidden)
            #expect(try await app.send(.GET, "/console/operators", headers: ann.reading).status == .forbidden)
            let annHome = try await app.send(.GET, "/console", headers: ann.reading)
            #expect(annHome.status == .ok && !annHome.body.string.contains("/console/operators"), "no page offers what the role may not do")
            let ownerHome = try await app.send(.GET, "/console", headers: owner.reading)
            #expect(ownerHome.body.string.contains("/console/operators") && ownerHome.body.string.contains(owner.csrf))
            #expect(ownerHome.headers.first(name: "Content-Security-Policy")?.contains("script-src 'self'") == true)

            // Disabling ends the operator's sessions at once; nobody disables themselves.
            let annID = try #require(try await app.operators.find("ann@example.com")?.id)
            let disabled = try await app.send(.POST, "/admin/v1/operators/\(annID.uuidString)/disable", headers: owner.changing)
            #expect(disabled.status == .ok)
            #expect(try disabled.decode(Operator.self).disabledAt != nil)
            #expect(try await app.send(.GET, "/admin/v1/session", headers: ann.reading).status == .unauthorized)
            #expect(try await app.send(.GET, "/console", headers: ann.reading).headers.first(name: .location) == "/console/sign-in")
            let annAgain = try await app.send(.POST, "/admin/v1/sessions", headers: ["Content-Type": "application/json"],
                                              body: #"{"email":"ann@example.com","password":"ann's password"}"#)
            #expect(annAgain.status == .unauthorized)
            let ownerID = try #require(try await app.operators.find("owner@example.com")?.id)
            let disabledTwice = try await app.send(.POST, "/admin/v1/operators/\(annID.uuidString)/disable", headers: owner.changing)
            #expect(disabledTwice.status == .ok)
            #expect(try await app.auditLog.all().filter { $0.action == "operator disabled" }.count == 1,
                    "disabling twice changes nothing the second time, and logs nothing")
            let selfDisable = try await app.send(.POST, "/admin/v1/operators/\(ownerID.uuidString)/disable", headers: owner.changing)
            #expect(selfDisable.status == .conflict)
            #expect(try selfDisable.problem().code == .cannotDisableYourself)
            #expect(try await app.send(.POST, "/admin/v1/operators/\(UUID().uuidString)/disable", headers: owner.changing).status == .notFound)

            // Signing out ends the session.
            #expect(try await app.send(.DELETE, "/admin/v1/session", headers: owner.changing).status == .noContent)
            #expect(try await app.send(.GET, "/admin/v1/session", headers: owner.reading).status == .unauthorized)
        }
    }

    @Test(arguments: Engine.available)
    func repeatedFailuresLockTheOperatorOutForAWhile(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            app.playhouseClock.stop()
            _ = try await Self.operatorSignedIn(app, "sam@example.com", .support)
            func attempt(_ password: String) async throws -> TestingHTTPResponse {
                try await app.send(.POST, "/admin/v1/sessions", headers: ["Content-Type": "application/json"],
                                   body: #"{"email":"sam@example.com","password":"\#(password)"}"#)
            }
            for _ in 1..<OperatorService.failuresBeforeLockout { #expect(try await attempt("wrong").status == .unauthorized) }
            #expect(try await attempt("correct horse").status == .created, "a success starts the count again")
            for _ in 1...OperatorService.failuresBeforeLockout { #expect(try await attempt("wrong").status == .unauthorized) }
            let locked = try await attempt("correct horse")
            #expect(locked.status == .tooManyRequests)
            #expect(try locked.problem().code == .operatorLocked)
            #expect(locked.headers.first(name: .retryAfter) == String(Int(OperatorService.lockout)))
            app.playhouseClock.advance(by: OperatorService.lockout + 1)
            #expect(try await attempt("correct horse").status == .created)
        }
    }

    @Test(arguments: Engine.available)
    func theAuditLogHasEveryChangeAndNobodyCanAlterIt(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let owner = try await Self.operatorSignedIn(app, "owner@example.com", .owner)
            let invited = try await app.send(.POST, "/admin/v1/operators", headers: owner.changing, body: #"{"email":"dev@example.com","role":"developer"}"#)
            let devID = try invited.decode(OperatorInvitation.self).operator.id
            #expect(try await app.send(.POST, "/admin/v1/operators/\(devID.uuidString)/disable", headers: owner.changing).status == .ok)

            let page = try await app.send(.GET, "/admin/v1/audit-log?limit=2", headers: owner.reading).decode(Page<AuditEntry>.self)
            #expect(page.data.map(\.action) == ["operator disabled", "operator invited"] && page.nextCursor != nil, "newest first, paged")
            let all = try await app.auditLog.all()
            #expect(all.map(\.action) == ["operator invited", "invitation accepted", "operator invited", "operator disabled"])
            #expect(all[0].actor.hasPrefix("command line") && all[0].operatorID == nil)
            #expect(all[2].actor == "owner@example.com" && all[2].target == "ern:operator:" + devID.uuidString.lowercased())
            if case .object(let before)? = all[3].before, case .object(let after)? = all[3].after {
                #expect(before["disabled_at"] == nil && after["disabled_at"] != nil, "before and after")
            } else {
                Issue.record("the disable has no before and after")
            }
            let export = try await app.send(.GET, "/admin/v1/audit-log/export", headers: owner.reading)
            #expect(export.headers.contentType?.serialize() == "application/jsonl")
            #expect(export.body.string.split(separator: "\n").count == all.count)

            // The database itself refuses every change to an entry, whoever asks.
            for statement: SQLQueryString in ["UPDATE audit_log SET action = 'nothing happened'", "DELETE FROM audit_log"] {
                await #expect(throws: (any Error).self) { try await app.sql().raw(statement).run() }
                await #expect(throws: (any Error).self) { try await app.store.write { sql in try await sql.raw(statement).run() } }
            }
            if engine == .postgres {
                await #expect(throws: (any Error).self) { try await app.sql().raw("TRUNCATE audit_log").run() }
            } else {
                let replace: SQLQueryString = """
                    INSERT OR REPLACE INTO audit_log (seq, at, actor, action, target) VALUES (1, 0, 'someone', 'nothing happened', 'nothing')
                    """
                await #expect(throws: (any Error).self) { try await app.sql().raw(replace).run() }
            }
            #expect(try await app.auditLog.all() == all)
        }
    }

    @Test(arguments: Engine.available)
    func aSecondFactorIsSetUpWithACodeAndThenAskedForAtEverySignIn(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            app.playhouseClock.stop()
            let owner = try await Self.operatorSignedIn(app, "owner@example.com", .owner)
            #expect(try await app.send(.GET, "/console/second-factor.svg", headers: owner.reading).status == .notFound, "nothing being set up")
            let started = try await app.send(.POST, "/admin/v1/second-factor", headers: owner.changing)
            #expect(started.status == .created)
            let setup = try started.decode(OperatorSecondFactorSetup.self)
            #expect(setup.otpauthURI.hasPrefix("otpauth://totp/Playhouse:owner%40example.com?secret=" + setup.secret))
            let picture = try await app.send(.GET, "/console/second-factor.svg", headers: owner.reading)
            #expect(picture.status == .ok && picture.headers.contentType?.subType == "svg+xml")
            let page = try await app.send(.GET, "/console/second-factor", headers: owner.reading)
            #expect(page.body.string.contains(setup.secret) && page.body.string.contains("/console/second-factor.svg"))

            let secret = try #require(Base32.decode(setup.secret)), step = TOTP.step(at: app.now)
            let wrong = try await app.send(.PUT, "/admin/v1/second-factor", headers: owner.changing, body: #"{"code":"000000"}"#)
            #expect(wrong.status == .unprocessableEntity)
            #expect(try wrong.problem().code == .invalidSecondFactorCode)
            #expect(try await app.operators.find("owner@example.com")?.secondFactor == false, "a wrong code turns nothing on")
            let on = try await app.send(.PUT, "/admin/v1/second-factor", headers: owner.changing,
                                        body: #"{"code":"\#(TOTP.code(secret: secret, step: step))"}"#)
            #expect(on.status == .ok)
            #expect(try on.decode(Operator.self).secondFactor)
            #expect(try await app.auditLog.all().last?.action == "second factor enabled")

            func signIn(_ code: String?) async throws -> TestingHTTPResponse {
                try await app.send(.POST, "/admin/v1/sessions", headers: ["Content-Type": "application/json"],
                                   body: #"{"email":"owner@example.com","password":"correct horse"\#(code.map { #","code":"\#($0)""# } ?? "")}"#)
            }
            let asked = try await signIn(nil)
            #expect(asked.status == .unauthorized)
            #expect(try asked.problem().code == .secondFactorRequired)
            #expect(try await signIn(TOTP.code(secret: secret, step: step)).status == .unauthorized, "a code works once")
            #expect(try await signIn("123456").status == .unauthorized)
            #expect(try await signIn(TOTP.code(secret: secret, step: step + 1)).status == .created)
            #expect(try await signIn(TOTP.code(secret: secret, step: step + 1)).status == .unauthorized, "a code works once")
            let replaced = try await app.send(.POST, "/admin/v1/second-factor", headers: owner.changing)
            #expect(replaced.status == .conflict, "a session cannot replace a second factor that is on")
            #expect(try replaced.problem().code == .secondFactorOn)

            // Wrong codes count toward the lockout as wrong passwords do (the used code above was the first).
            for _ in 2..<OperatorService.failuresBeforeLockout { #expect(try await signIn("000000").status == .unauthorized) }
            #expect(try await signIn(TOTP.code(secret: secret, step: step - 1)).status == .unauthorized, "too old, the fifth failure")
            #expect(try await signIn(TOTP.code(secret: secret, step: step)).status == .tooManyRequests, "locked, though the code is not used")

            // The command line takes a lost second factor away: the password alone signs in again.
            let ownerID = try #require(try await app.operators.find("owner@example.com")?.id)
            #expect(try await app.operators.resetSecondFactor(ownerID, by: .commandLine)?.secondFactor == false)
            #expect(try await app.send(.GET, "/admin/v1/session", headers: owner.reading).status == .unauthorized, "its sessions ended")
            #expect(try await signIn(nil).status == .created)
            #expect(try await app.auditLog.all().suffix(1).map(\.action) == ["second factor reset"])
        }
    }

    @Test(arguments: Engine.available)
    func appsAreManagedByOwnersAndDevelopersAndEveryChangeIsLogged(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let developer = try await Self.operatorSignedIn(app, "dev@example.com", .developer)
            let analyst = try await Self.operatorSignedIn(app, "ann@example.com", .analyst)
            let made = try await app.send(.POST, "/admin/v1/apps", headers: developer.changing,
                                          body: #"{"name":"Realms","environment":"production","redirect_uris":["realms://authorize"]}"#)
            #expect(made.status == .created && made.headers.first(name: .cacheControl) == "no-store")
            let created = try made.decode(AdminAppCreated.self)
            let secret = try #require(created.clientSecret)
            #expect(created.app.environment == .production && created.app.redirectURIs == ["realms://authorize"])
            let token = try await app.postForm("/oauth/token", "grant_type=client_credentials", headers: basic(created.app.clientID, secret))
            #expect(token.status == .ok, "the secret works")

            // Every role reads apps; an analyst changes none of them.
            let listed = try await app.send(.GET, "/admin/v1/apps", headers: analyst.reading).decode(Page<AdminApp>.self)
            #expect(listed.data.map(\.clientID) == [created.app.clientID])
            #expect(!(try await app.send(.GET, "/admin/v1/apps", headers: analyst.reading).body.string.contains(secret)), "no secret after creation")
            #expect(try await app.send(.POST, "/admin/v1/apps", headers: analyst.changing, body: #"{"name":"Nope"}"#).status == .forbidden)
            #expect(try await app.send(.POST, "/admin/v1/apps/\(created.app.clientID)/rotate-secret", headers: analyst.changing).status == .forbidden)
            let analystPage = try await app.send(.GET, "/console/apps", headers: analyst.reading)
            #expect(analystPage.status == .ok && analystPage.body.string.contains("Realms") && !analystPage.body.string.contains("create-app"))
            #expect(try await app.send(.GET, "/console/apps", headers: developer.reading).body.string.contains("create-app"))
            let bad = try await app.send(.POST, "/admin/v1/apps", headers: developer.changing, body: #"{"name":" ","redirect_uris":["not a uri"]}"#)
            #expect(bad.status == .unprocessableEntity)
            #expect(try await app.apps.list().count == 1, "a refused app is not stored")

            // A rotated secret replaces the old one at once; new rate limits hold.
            let rotated = try await app.send(.POST, "/admin/v1/apps/\(created.app.clientID)/rotate-secret", headers: developer.changing)
            let newSecret = try #require(try rotated.decode(AdminAppCreated.self).clientSecret)
            #expect(newSecret != secret)
            let old = try await app.postForm("/oauth/token", "grant_type=client_credentials", headers: basic(created.app.clientID, secret))
            #expect(old.status == .unauthorized)
            let limited = try await app.send(.PUT, "/admin/v1/apps/\(created.app.clientID)/rate-limits", headers: developer.changing,
                                             body: #"{"per_second":5}"#)
            let limits = try limited.decode(AdminApp.self).rateLimits
            #expect(limits.perSecond == 5 && limits.perHour == RequestRateLimits.defaultPerHour)
            #expect(try await app.send(.PUT, "/admin/v1/apps/ph_nothing/rate-limits", headers: developer.changing, body: "{}").status == .notFound)
            _ = try await app.createApp(name: "From the command line")

            let entries = try await app.auditLog.all().filter { $0.target.hasPrefix("ern:app:") }
            #expect(entries.map(\.action) == ["app created", "app secret rotated", "app rate limits set", "app created"])
            #expect(entries.prefix(3).allSatisfy { $0.actor == "dev@example.com" } && entries[3].actor.hasPrefix("command line"))
            let log = try await app.send(.GET, "/admin/v1/audit-log/export", headers: try await Self.operatorSignedIn(app, "o@example.com", .owner).reading)
            #expect(!log.body.string.contains(secret) && !log.body.string.contains(newSecret), "the log keeps no secret")
        }
    }

    @Test(arguments: Engine.available)
    func supportFindsAPlayerSeesThemWholeAndEndsTheirSession(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            let token = try await fixture.player("pat@example.com")
            let deposit = try await fixture.deposit(token, "12.50")
            #expect(deposit.status == .created)
            let clientID = fixture.credentials.app.clientID
            let support = try await Self.operatorSignedIn(app, "help@example.com", .support)
            let developer = try await Self.operatorSignedIn(app, "dev@example.com", .developer)

            let found = try await app.send(.GET, "/admin/v1/apps/\(clientID)/players?q=PAT@example.com", headers: support.reading)
            let profile = try #require(try found.decode(Page<PlayerProfile>.self).data.first)
            #expect(profile.email == "pat@example.com")
            for other in [profile.id, profile.inviteCode, profile.inviteCode.lowercased()] {
                #expect(try await app.send(.GET, "/admin/v1/apps/\(clientID)/players?q=\(other)", headers: support.reading)
                    .decode(Page<PlayerProfile>.self).data.map(\.id) == [profile.id], "found by \(other)")
            }
            #expect(try await app.send(.GET, "/admin/v1/apps/\(clientID)/players?q=nobody@example.com", headers: support.reading)
                .decode(Page<PlayerProfile>.self).data.isEmpty)
            #expect(try await app.send(.GET, "/admin/v1/apps/\(clientID)/players?q=pat@example.com", headers: developer.reading).status == .forbidden)
            #expect(try await app.send(.GET, "/console/players", headers: developer.reading).status == .forbidden)

            let whole = try await app.send(.GET, "/admin/v1/apps/\(clientID)/players/\(profile.id)", headers: support.reading)
            let view = try whole.decode(AdminPlayer.self)
            #expect(view.wallet.balances.contains { $0.available == Money(amount: "12.50", currency: "EUR") })
            let open = try #require(view.sessions.first { $0.endedAt == nil })
            let page = try await app.send(.GET, "/console/players/\(clientID)/\(profile.id)", headers: support.reading)
            #expect(page.status == .ok && page.body.string.contains("12.50") && page.body.string.contains("/sessions/\(open.id)/end"))

            // Ending the session revokes its tokens at once.
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(token)).status == .ok)
            #expect(try await app.send(.POST, "/admin/v1/apps/\(clientID)/players/\(profile.id)/sessions/\(open.id)/end",
                                       headers: developer.changing).status == .forbidden)
            #expect(try await app.send(.POST, "/admin/v1/apps/\(clientID)/players/\(profile.id)/sessions/\(UUID().uuidString)/end",
                                       headers: support.changing).status == .notFound)
            #expect(try await app.send(.POST, "/admin/v1/apps/\(clientID)/players/\(profile.id)/sessions/\(open.id)/end",
                                       headers: support.changing).status == .noContent)
            app.playhouseClock.advance(by: app.playhouse.configuration.tokenCacheLifetime + 1)
            #expect(try await app.send(.GET, "/v1/me", headers: bearer(token)).status == .unauthorized)
            let entry = try #require(try await app.auditLog.all().last)
            #expect(entry.action == "play session ended" && entry.actor == "help@example.com" && entry.target == "ern:session:" + open.id)
        }
    }

    @Test(arguments: Engine.available)
    func analystsReadTheLedgerAddedUpAndOwnersVerifyIt(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            let fixture = try await WalletFixture.make(app)
            let token = try await fixture.player("pat@example.com")
            #expect(try await fixture.deposit(token, "12.50").status == .created)
            let clientID = fixture.credentials.app.clientID
            let analyst = try await Self.operatorSignedIn(app, "ann@example.com", .analyst)
            let support = try await Self.operatorSignedIn(app, "help@example.com", .support)

            let totals = try await app.send(.GET, "/admin/v1/apps/\(clientID)/ledger", headers: analyst.reading).decode(Page<LedgerTotal>.self)
            let euros = totals.data.filter { $0.currency == "EUR" }
            #expect(euros.first { $0.account == "wallets" }?.total == Money(amount: "12.50", currency: "EUR"))
            #expect(euros.first { $0.account == "app:deposits" }?.total == Money(amount: "-12.50", currency: "EUR"), "double entry: the other side")
            // Verifying reads every app's ledger: owners only.
            #expect(try await app.send(.GET, "/admin/v1/ledger/verify", headers: analyst.reading).status == .forbidden)
            let owner = try await Self.operatorSignedIn(app, "olga@example.com", .owner)
            let verified = try await app.send(.GET, "/admin/v1/ledger/verify", headers: owner.reading).decode(LedgerVerification.self)
            #expect(verified.violations.isEmpty && verified.transactions >= 1 && verified.summary.hasSuffix("the ledger is sound."))
            #expect(try await app.send(.GET, "/admin/v1/apps/\(clientID)/ledger", headers: support.reading).status == .forbidden)
            #expect(try await app.send(.GET, "/admin/v1/ledger/verify", headers: support.reading).status == .forbidden)
            let page = try await app.send(.GET, "/console/money?app=\(clientID)", headers: analyst.reading)
            #expect(page.status == .ok && page.body.string.contains("12.50") && !page.body.string.contains("/admin/v1/ledger/verify"))
            #expect(try await app.send(.GET, "/console/money?app=\(clientID)", headers: owner.reading).body.string.contains("/admin/v1/ledger/verify"))
        }
    }

    /// An expired console session is refused, and the server's background sweep deletes it; a live
    /// one is left alone.
    @Test(arguments: Engine.available)
    func expiredSessionsAreSwept(_ engine: Engine) async throws {
        try await withPlayhouse(engine, { $0.passwordHashCost = 4 }) { app in
            app.playhouseClock.stop()
            let early = try await Self.operatorSignedIn(app, "early@example.com", .owner)
            app.playhouseClock.advance(by: OperatorService.sessionLifetime - 60)
            let late = try await Self.operatorSignedIn(app, "late@example.com", .owner)
            app.playhouseClock.advance(by: 120)
            #expect(try await app.send(.GET, "/admin/v1/session", headers: early.reading).status == .unauthorized)
            #expect(try await app.send(.GET, "/admin/v1/session", headers: late.reading).status == .ok)
            #expect(try await app.count("operator_sessions") == 2)
            #expect(try await app.operators.forgetExpiredSessions() == 1)
            #expect(try await app.count("operator_sessions") == 1)
            #expect(try await app.send(.GET, "/admin/v1/session", headers: late.reading).status == .ok)
        }
    }

    @Test func everyRoleHasItsPermissions() {
        #expect(OperatorRole.owner.may(.manageOperators) && OperatorRole.owner.may(.readAuditLog))
        for role in [OperatorRole.developer, .support, .analyst] {
            #expect(!role.may(.manageOperators) && !role.may(.readAuditLog), "\(role)")
        }
        #expect(OperatorRole.developer.may(.manageApps) && !OperatorRole.support.may(.manageApps) && !OperatorRole.analyst.may(.manageApps))
        #expect(OperatorRole.analyst.may(.readStatistics) && !OperatorRole.support.may(.readStatistics))
        #expect(OperatorRole.analyst.may(.readMoney) && !OperatorRole.support.may(.readMoney) && !OperatorRole.developer.may(.readMoney))
        #expect(OperatorRole.support.may(.endPlayerSessions) && !OperatorRole.analyst.may(.readPlayers) && !OperatorRole.developer.may(.readPlayers))
        #expect(OperatorRole.developer.may(.manageContent) && !OperatorRole.support.may(.manageContent) && !OperatorRole.analyst.may(.manageContent))
        #expect(OperatorRole.developer.may(.explainContent) && OperatorRole.support.may(.explainContent) && !OperatorRole.analyst.may(.explainContent))
    }
}
