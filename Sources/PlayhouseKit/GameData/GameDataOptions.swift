import Foundation
import PlayhouseAPI

/// Where ``GameDataAPI`` reads by default; every call may name its own.
public struct GameDataOptions: Sendable {
    /// The region the app's game data is read in (`us`, `eu`, …); a call without one and without
    /// this is refused by the server.
    public var region: String?
    /// The locale texts are read in (`en_US`); nil reads them in the client's `locale` when it has
    /// a language and a region, else in every locale (`multi`).
    public var locale: String?
    public var namespace: GameDataNamespace

    public init(region: String? = nil, locale: String? = nil, namespace: GameDataNamespace = .static) {
        self.region = region
        self.locale = locale
        self.namespace = namespace
    }
}
