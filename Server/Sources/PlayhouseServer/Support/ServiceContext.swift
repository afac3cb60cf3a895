import NIOPosix
import Vapor

/// Where services get what they need: a request (its store, its moment), or the application for
/// the CLI's and the tests' work.
///
/// A feature's services are made in one place, its `<Feature>Services.swift`, as properties of
/// this protocol, each from explicit dependencies (the store, the moment, a cache, a setting) and
/// never from the whole server state. A controller writes `request.payments`, the CLI
/// `app.payments`, and both get the same service:
///
/// ```swift
/// extension ServiceContext {
///     var limits: LimitsService { LimitsService(store: store, now: now) }
/// }
/// ```
public protocol ServiceContext {
    /// The database, for this work (``Store``).
    var store: Store { get }
    /// The server clock's time, read when asked (tests move the clock).
    var now: Date { get }
    /// What the server keeps on its application: settings, caches, the clock.
    var playhouse: PlayhouseState { get }
    /// HTTP to other servers (sign-in providers).
    var client: any Client { get }
    var logger: Logger { get }
    /// Where blocking work runs (password hashing).
    var threadPool: NIOThreadPool { get }
}

extension Request: ServiceContext {
    public var threadPool: NIOThreadPool { application.threadPool }
}

extension Application: ServiceContext {
    public var now: Date { playhouse.clock.now() }
}

/// What every feature shares.
extension ServiceContext {
    /// Content-addressed images (content units', catalog pages', offers').
    var assets: Assets { Assets(store: store, now: now) }
}
