import Foundation

/// The map of an app's stores on the console's catalog page, drawn by the server as SVG from the
/// coordinates alone, with no tiles from elsewhere: a dot a store, in its dealer's colour, on the
/// stores' own bounding box, east–west distances shrunk by the cosine of its middle latitude so
/// that the shape is not stretched. At most 1,000 units wide and 700 high.
struct StoreMap: Encodable, Sendable, Equatable {
    struct Dot: Encodable, Sendable, Equatable { var x, y: Double, color: String }
    struct Key: Encodable, Sendable, Equatable { var dealer, color: String }

    var width: Double
    var height: Double
    var dots: [Dot]
    /// Each dealer on the map with its colour, in the order of `dealers`.
    var legend: [Key]
    /// The bounding box's edges, in degrees: "56.1° N".
    var north, south, west, east: String

    /// The colour of the stores of dealers the page does not list.
    static let otherDealers = "#7f7f7f"

    /// The colours of the dealers without a brand colour, in turn.
    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"]

    /// `dealers` (id and brand colour, in the order the page lists them) give the dots' colours.
    init(_ points: [CatalogService.MapPoint], dealers: [(id: String, color: String?)]) {
        var colors: [String: String] = [:]
        for (index, dealer) in dealers.enumerated() {
            colors[dealer.id] = dealer.color.flatMap { Self.isColor($0) ? $0 : nil } ?? Self.palette[index % Self.palette.count]
        }
        let shown = Set(points.map(\.dealerID))
        legend = dealers.filter { shown.contains($0.id) }.map { Key(dealer: $0.id, color: colors[$0.id]!) }
        if shown.contains(where: { colors[$0] == nil }) { legend.append(Key(dealer: "other dealers", color: Self.otherDealers)) }

        let latitudes = points.map(\.latitude), longitudes = points.map(\.longitude)
        // A lone store (or stores at one spot) gets a box of about a kilometre around it.
        var (south, north) = (latitudes.min() ?? 0, latitudes.max() ?? 0)
        var (west, east) = (longitudes.min() ?? 0, longitudes.max() ?? 0)
        let margin = max(0.005, (north - south) * 0.05, (east - west) * 0.05)
        (south, north, west, east) = (max(-90, south - margin), min(90, north + margin), max(-180, west - margin), min(180, east + margin))
        let shrink = max(0.01, cos((south + north) / 2 * .pi / 180))
        let scale = min(1000 / ((east - west) * shrink), 700 / (north - south))
        width = Self.rounded((east - west) * shrink * scale)
        height = Self.rounded((north - south) * scale)
        dots = points.map { point in
            Dot(x: Self.rounded((point.longitude - west) * shrink * scale), y: Self.rounded((north - point.latitude) * scale),
                color: colors[point.dealerID] ?? Self.otherDealers)
        }
        (self.north, self.south) = (Self.degrees(north, "N", "S"), Self.degrees(south, "N", "S"))
        (self.west, self.east) = (Self.degrees(west, "E", "W"), Self.degrees(east, "E", "W"))
    }

    /// `#RRGGBB`, as an import checks a brand colour.
    static func isColor(_ text: String) -> Bool {
        text.utf8.count == 7 && text.hasPrefix("#") && text.utf8.dropFirst().allSatisfy { $0.isHexDigit }
    }

    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    private static func degrees(_ value: Double, _ positive: String, _ negative: String) -> String {
        String(format: "%.3f", abs(value)) + "° " + (value < 0 ? negative : positive)
    }
}

private extension UInt8 {
    var isHexDigit: Bool { (48...57).contains(self) || (65...70).contains(self) || (97...102).contains(self) }
}
