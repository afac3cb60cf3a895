import Foundation
import PlayhouseAPI
import Testing

/// The wire's timestamps, written without a formatter, say what Foundation's RFC 3339 formatter says.
@Suite struct RFC3339Tests {
    @Test func timestampsMatchFoundationsFormatter() {
        let formatter = ISO8601DateFormatter()
        var dates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -1), Date(timeIntervalSince1970: 951_782_400),
                     Date(timeIntervalSince1970: 1_796_083_199.5), Date(timeIntervalSince1970: 4_102_444_800), Date(timeIntervalSince1970: -2_208_988_800.5)]
        // Whole seconds and fractions well inside them: Foundation's own arithmetic sometimes
        // rounds a time a hair below a whole second up to it.
        for _ in 0..<2000 {
            dates.append(Date(timeIntervalSince1970: Double(Int.random(in: -3_000_000_000...5_000_000_000)) + Double.random(in: 0...0.99)))
        }
        for date in dates {
            #expect(RFC3339.format(date) == formatter.string(from: date), "\(date.timeIntervalSince1970)")
            #expect(RFC3339.day(date) == String(formatter.string(from: date).prefix(10)), "\(date.timeIntervalSince1970)")
        }
    }

    @Test func timesAreReadWithOrWithoutFractionsAndOffsets() throws {
        #expect(RFC3339.parse("2026-11-25T14:03:09Z") == Date(timeIntervalSince1970: 1_795_615_389))
        #expect(RFC3339.parse("2026-11-25T16:03:09+02:00") == Date(timeIntervalSince1970: 1_795_615_389))
        let fraction = try #require(RFC3339.parse("2026-11-25T14:03:09.25Z"))
        #expect(abs(fraction.timeIntervalSince1970 - 1_795_615_389.25) < 0.001)
        for text in ["2026-11-25", "2026-11-25T14:03:09", "2026-11-25 14:03:09Z", "2026-13-25T14:03:09Z", "soon", ""] {
            #expect(RFC3339.parse(text) == nil, "\(text)")
        }
        // The wire's decoder reads them alike, and names the field of one that is not a time.
        struct Stamped: Codable { var at: Date }
        #expect(try PlayhouseJSON.makeDecoder().decode(Stamped.self, from: Data(#"{"at":"2026-11-25T14:03:09.25Z"}"#.utf8)).at == fraction)
        #expect(throws: DecodingError.self) { try PlayhouseJSON.makeDecoder().decode(Stamped.self, from: Data(#"{"at":"soon"}"#.utf8)) }
    }

    @Test func theWireEncoderWritesThem() throws {
        struct Stamped: Codable { var at: Date }
        let data = try PlayhouseJSON.makeEncoder().encode(Stamped(at: Date(timeIntervalSince1970: 1_796_000_000.75)))
        #expect(String(decoding: data, as: UTF8.self) == #"{"at":"2026-11-30T00:53:20Z"}"#)
        #expect(try PlayhouseJSON.makeDecoder().decode(Stamped.self, from: data).at == Date(timeIntervalSince1970: 1_796_000_000))
    }
}
