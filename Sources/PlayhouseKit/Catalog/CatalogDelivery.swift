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
/// ``PlayhouseError`` (after the cached answer, when there was one). Loop over it to show the
/// cached answer at once and the network's when it differs, or ask for ``value`` for one answer.
public struct CatalogDeliveries<Value: Sendable>: AsyncSequence, Sendable {
    public typealias Element = CatalogDelivery<Value>
    public typealias Failure = PlayhouseError

    let stream: AsyncThrowingStream<CatalogDelivery<Value>, any Error>

    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Failure = PlayhouseError
        var base: AsyncThrowingStream<CatalogDelivery<Value>, any Error>.AsyncIterator

        public mutating func next() async throws(PlayhouseError) -> CatalogDelivery<Value>? {
            do {
                return try await base.next()
            } catch {
                throw PlayhouseError(transportError: error)
            }
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: stream.makeAsyncIterator()) }

    /// One answer: the network's, or the cached one when the server says it is unchanged or cannot
    /// be reached (a fresh cached answer stands in for an offline network); a failure otherwise.
    public var value: Value {
        get async throws(PlayhouseError) {
            var latest: CatalogDelivery<Value>?
            var iterator = makeAsyncIterator()
            do throws(PlayhouseError) {
                while let delivery = try await iterator.next() { latest = delivery }
            } catch {
                // Offline after a fresh cached answer: that answer.
                guard latest != nil, error.isTransient else { throw error }
            }
            guard let latest else { throw PlayhouseError(code: .badResponse, message: "The catalog call gave no answer.") }
            return latest.value
        }
    }
}

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
