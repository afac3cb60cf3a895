import Foundation

/// One answer of a catalog call (``CatalogAPI``): from the cache at once when it holds a fresh one,
/// then from the network when that differs.
public struct CatalogDelivery<Value: Sendable>: Sendable {
    public enum Source: Sendable, Equatable {
        case cache
        case network
    }

    public var value: Value
    public var source: Source
    /// Seconds since the server gave this answer: 0 from the network.
    public var age: TimeInterval

    public init(value: Value, source: Source, age: TimeInterval) {
        self.value = value
        self.source = source
        self.age = age
    }

    /// eTilbudsavis' `fromCache`.
    public var fromCache: Bool { source == .cache }
}

/// The one or two answers of a catalog call, in order; a failure of the network ends it with a
/// ``PlayhouseError`` (after the cached answer, when there was one).
public typealias CatalogDeliveries<Value: Sendable> = AsyncThrowingStream<CatalogDelivery<Value>, any Error>

/// A point on the Earth and how far from it to look, in metres.
public struct CatalogLocation: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    public var radius: Double
    /// Whether the device's location sensor gave it (rather than the player's typing).
    public var isFromSensor: Bool

    public init(latitude: Double, longitude: Double, radius: Double, isFromSensor: Bool = false) {
        self.latitude = latitude
        self.longitude = longitude
        self.radius = radius
        self.isFromSensor = isFromSensor
    }
}

/// How the catalog calls use their cache.
public struct CatalogCacheOptions: Sendable {
    /// The cache; nil opens the app's standard one (``SQLiteCatalogCache/standard(clientID:)``) at first use.
    public var cache: SQLiteCatalogCache?
    public var lifetimes: CatalogCacheLifetimes
    /// Whether a network answer equal to the cached one just delivered is delivered too (false:
    /// the app is told only of changes).
    public var deliversUnchangedAnswers: Bool

    public init(cache: SQLiteCatalogCache? = nil, lifetimes: CatalogCacheLifetimes = CatalogCacheLifetimes(),
                deliversUnchangedAnswers: Bool = false) {
        self.cache = cache
        self.lifetimes = lifetimes
        self.deliversUnchangedAnswers = deliversUnchangedAnswers
    }
}
