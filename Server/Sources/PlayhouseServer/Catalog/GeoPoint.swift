import Foundation
import SQLKit

/// A place on the Earth, taken as a sphere of ``earthRadius``, and the arithmetic that lets both
/// engines answer "near here" the same way without trigonometry in SQL.
///
/// Every store is kept with its unit vector (x, y, z), its point on the unit sphere. The
/// straight-line distance between two such points, the chord, grows with the distance along the
/// surface. So "within r metres" is "chord² ≤ ``chordSquared(radius:)``", and nearest-first is
/// chord² ascending. Each engine computes that from the same stored numbers with the same SQL
/// expression (``chordSquaredSQL``), after an index finds the stores whose vectors lie in the
/// cube around the centre: SQLite's R*Tree, PostgreSQL's `cube` GiST index.
struct GeoPoint: Sendable, Equatable {
    var latitude: Double
    var longitude: Double

    /// The mean Earth radius (IUGG), in metres.
    static let earthRadius = 6_371_008.8
    /// The largest radius a query may ask for: half the Earth's circumference.
    static let maxRadius = Double.pi * earthRadius

    /// Whether the coordinates are on the Earth: latitude −90…90, longitude −180…180.
    var isValid: Bool { (-90...90).contains(latitude) && (-180...180).contains(longitude) }

    /// The point on the unit sphere.
    var unitVector: (x: Double, y: Double, z: Double) {
        let phi = latitude * .pi / 180, lambda = longitude * .pi / 180
        return (cos(phi) * cos(lambda), cos(phi) * sin(lambda), sin(phi))
    }

    /// Where the point lies along a Hilbert curve over a grid of longitude and latitude, 65,536
    /// cells a side (about 600 × 300 m at the equator). Points near each other are mostly near each
    /// other along the curve, so stores written in this order (``CatalogImport``) share the table's
    /// pages and the geo index's nodes with their neighbours, and "near here" reads a few pages
    /// however many stores there are. Measured on PostgreSQL with a million stores
    /// (`scripts/bench-catalog`): 3–4 table pages and 9–15 index pages a query, against 28 and 16
    /// for stores written in random order.
    var storageOrder: UInt64 { hilbertIndex(side: 1 << 16) }

    /// The point's cell's distance along the Hilbert curve that covers a `side` × `side` grid
    /// (`side` a power of two); x is the longitude, y the latitude.
    func hilbertIndex(side: UInt64) -> UInt64 {
        var x = min(side - 1, UInt64(max(0, (longitude + 180) / 360 * Double(side))))
        var y = min(side - 1, UInt64(max(0, (latitude + 90) / 180 * Double(side))))
        var distance: UInt64 = 0
        var half = side >> 1
        while half > 0 {
            // Which quadrant of the current square the cell is in, and where that quadrant comes
            // along the curve; then the cell's place within the quadrant, turned to the quadrant's
            // own orientation.
            let right: UInt64 = x & half == 0 ? 0 : 1, up: UInt64 = y & half == 0 ? 0 : 1
            distance += half * half * ((3 * right) ^ up)
            if up == 0 {
                if right == 1 { (x, y) = (side - 1 - x, side - 1 - y) }
                (x, y) = (y, x)
            }
            half >>= 1
        }
        return distance
    }

    /// The squared chord, on the unit sphere, of an arc of `radius` metres.
    static func chordSquared(radius: Double) -> Double {
        let chord = 2 * sin(min(radius, maxRadius) / earthRadius / 2)
        return chord * chord
    }

    /// The metres along the surface between two points whose unit vectors are `chordSquared` apart.
    static func distance(chordSquared: Double) -> Double {
        2 * earthRadius * asin(min(1, sqrt(max(0, chordSquared)) / 2))
    }

    /// The squared chord between the stores' vectors (columns `x`, `y`, `z` of the table aliased
    /// `alias`) and the centre `c`, written out so that both engines compute it in the same order.
    static func chordSquaredSQL(_ alias: String, _ c: (x: Double, y: Double, z: Double)) -> SQLQueryString {
        let a = alias
        return """
            ((\(unsafeRaw: a).x - \(bind: c.x)) * (\(unsafeRaw: a).x - \(bind: c.x)) + (\(unsafeRaw: a).y - \(bind: c.y)) * (\(unsafeRaw: a).y - \(bind: c.y)) \
            + (\(unsafeRaw: a).z - \(bind: c.z)) * (\(unsafeRaw: a).z - \(bind: c.z)))
            """
    }
}
