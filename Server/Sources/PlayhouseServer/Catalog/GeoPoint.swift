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
