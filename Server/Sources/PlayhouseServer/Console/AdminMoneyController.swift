import Foundation
import PlayhouseAPI
import Vapor

/// The admin API's money, read only: an app's ledger added up (`/admin/v1/apps/{app}/ledger`) and
/// the whole ledger's invariants checked (`/admin/v1/ledger/verify`, as `playhouse ledger verify`).
/// Owners and analysts. Money is never edited here.
struct AdminMoneyController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let admin = AdminController.signedIn(routes)
        admin.get("apps", ":app", "ledger", use: totals)
        admin.get("ledger", "verify", use: verify)
    }

    struct Totals: Content {
        var data: [LedgerTotals.Line]
    }

    func totals(_ request: Request) async throws -> Totals {
        try request.operatorSession.require(.readMoney)
        return Totals(data: try await request.ledgerTotals.totals(appID: try await AdminController.app(request).id))
    }

    /// What `ledger verify` found, and a sentence saying it.
    struct Verification: Content {
        var transactions: Int
        var entries: Int
        var accounts: Int
        var violations: [String]
        var summary: String
    }

    func verify(_ request: Request) async throws -> Verification {
        try request.operatorSession.require(.readMoney)
        let report = try await request.ledgerVerifier.verify()
        return Verification(transactions: report.transactions, entries: report.entries, accounts: report.accounts, violations: report.violations,
                            summary: "Checked \(report.transactions) transactions, \(report.entries) entries, \(report.accounts) accounts: "
                                + (report.violations.isEmpty ? "the ledger is sound." : "\(report.violations.count) violation(s)."))
    }
}
