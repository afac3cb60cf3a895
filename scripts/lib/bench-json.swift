// What Playhouse's JSON encoder costs against Foundation's JSONEncoder with the settings the wire
// used before it (sorted keys, slashes unescaped, RFC 3339 dates), measured in the same run on the
// same values: a page of 24 stores and one of 24 offers (catalog answers) and a problem body (a small answer). Built
// by scripts/bench-json together with Sources/PlayhouseAPI.
import Foundation

@main struct BenchJSON {
    static func main() throws {
        let days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        let hours = days.map { OpeningHours(dayOfWeek: $0, opens: "08:00", closes: "21:00") }
        let stores = (0..<24).map { index in
            DealerStore(id: "store-\(index)", dealerID: "dealer-\(index % 5)", street: "Vestergade \(index)", city: "Aarhus C",
                        zipCode: "8000", country: "DK", latitude: 56.15 + Double(index) / 1000, longitude: 10.2 - Double(index) / 997,
                        openingHours: hours, contact: "+45 1234 5678", distance: 123.456 * Double(index))
        }
        let problem = Problem(type: "https://playhouse.dev/problems/insufficient_funds", title: "Not enough money", status: 409,
                              detail: "The wallet holds 12.50 EUR; the bet is 20.00 EUR.", code: "insufficient_funds", requestID: "req-123")
        let offers = (0..<24).map { index in
            Offer(id: "offer-\(index)", dealerID: "dealer-\(index % 5)", heading: "Oksemørbrad \(index)", description: "Dansk, 500 g",
                  price: Money(amount: "\(index + 10).95", currency: "DKK"), prePrice: Money(amount: "\(index + 20).00", currency: "DKK"),
                  quantity: 500, unit: "g", image: "/assets/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
                  validFrom: Date(timeIntervalSince1970: 1_795_000_000), validUntil: Date(timeIntervalSince1970: 1_796_000_000),
                  catalogID: "catalog-1", catalogPage: 3, storeID: "store-\(index)", distance: 1234.5678 * Double(index))
        }
        try compare("24 stores", Page(data: stores, nextCursor: "24"), rounds: 2000)
        try compare("24 offers", Page(data: offers, nextCursor: "24"), rounds: 2000)
        try compare("problem", problem, rounds: 50000)
    }

    static func compare(_ name: String, _ value: some Encodable, rounds: Int) throws {
        let foundation = JSONEncoder()
        foundation.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(RFC3339.format(date))
        }
        foundation.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let ours = PlayhouseJSON.makeEncoder()
        guard try foundation.encode(value) == ours.encode(value) else { throw CocoaError(.coderInvalidValue) }
        var best = (foundation: Double.infinity, ours: Double.infinity)
        for _ in 0..<3 {
            best.foundation = min(best.foundation, try time(rounds) { try foundation.encode(value) })
            best.ours = min(best.ours, try time(rounds) { try ours.encode(value) })
        }
        print(name.padding(toLength: 10, withPad: " ", startingAt: 0)
              + String(format: " Foundation %8.2f µs   Playhouse %8.2f µs   ÷ Foundation %.2f", best.foundation, best.ours, best.ours / best.foundation))
    }

    /// CPU time per call of `body`, in microseconds.
    static func time(_ rounds: Int, _ body: () throws -> Data) throws -> Double {
        let start = clock()
        var bytes = 0
        for _ in 0..<rounds { bytes += try body().count }
        precondition(bytes > 0)
        return Double(clock() - start) / Double(CLOCKS_PER_SEC) * 1e6 / Double(rounds)
    }
}
