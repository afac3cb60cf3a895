/// The console's services (``ServiceContext``).
extension ServiceContext {
    /// Operators: invitations, sign-in, sessions, disabling.
    public var operators: OperatorService { OperatorService(store: store, now: now, hasher: passwordHasher, publicURL: playhouse.configuration.resolvedPublicURL) }

    /// Operators' API tokens, for scripts and the command line.
    public var operatorTokens: OperatorTokens { OperatorTokens(store: store, now: now) }

    /// Which operators reach which apps.
    var appAccess: AppAccess { AppAccess(store: store, now: now) }

    /// The dashboard's figures per day.
    var dashboard: DashboardFigures { DashboardFigures(store: store, now: now) }

    /// The append-only log of operators' changes.
    public var auditLog: AuditLog { AuditLog(store: store) }
}
