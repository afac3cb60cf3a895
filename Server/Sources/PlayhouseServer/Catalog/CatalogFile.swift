import Foundation
import PlayhouseAPI

/// A catalog file, as `playhouse catalog import` reads it: the app's dealers and their stores,
/// each with the id the operator's own data gives it. A file holds the whole set of each kind it
/// has: an import adds what is new, changes what differs, and removes the dealers (or stores)
/// that the file, having dealers (or stores), no longer lists. A kind the file leaves out is
/// left as it is.
public struct CatalogFile: Codable, Sendable, Equatable {
    public var dealers: [Dealer]?
    public var stores: [Store]?

    public init(dealers: [Dealer]? = nil, stores: [Store]? = nil) {
        self.dealers = dealers
        self.stores = stores
    }

    public struct Dealer: Codable, Sendable, Equatable {
        /// The dealer's id: 1 to 64 letters, digits, `.`, `_` and `-`.
        public var id: String
        public var name: String
        public var website: String?
        /// An image file, relative to the catalog file.
        public var logo: String?
        /// `#RRGGBB`.
        public var brandColor: String?

        public init(id: String, name: String, website: String? = nil, logo: String? = nil, brandColor: String? = nil) {
            self.id = id
            self.name = name
            self.website = website
            self.logo = logo
            self.brandColor = brandColor
        }

        enum CodingKeys: String, CodingKey {
            case id, name, website, logo
            case brandColor = "brand_color"
        }
    }

    public struct Store: Codable, Sendable, Equatable {
        public var id: String
        /// The id of its dealer, in this file or already imported.
        public var dealer: String
        public var street: String
        public var city: String
        public var zipCode: String
        /// ISO 3166-1 alpha-2.
        public var country: String
        public var latitude: Double
        public var longitude: Double
        public var openingHours: [OpeningHours]?
        public var contact: String?

        public init(id: String, dealer: String, street: String, city: String, zipCode: String, country: String, latitude: Double,
                    longitude: Double, openingHours: [OpeningHours]? = nil, contact: String? = nil) {
            self.id = id
            self.dealer = dealer
            self.street = street
            self.city = city
            self.zipCode = zipCode
            self.country = country
            self.latitude = latitude
            self.longitude = longitude
            self.openingHours = openingHours
            self.contact = contact
        }

        enum CodingKeys: String, CodingKey {
            case id, dealer, street, city, country, latitude, longitude, contact
            case zipCode = "zip_code"
            case openingHours = "opening_hours"
        }
    }
}

/// Everything wrong with a catalog file, each problem naming where it is, so that one import shows
/// the operator all of them.
struct CatalogCheck {
    private(set) var problems: [String] = []

    /// `storedDealers`: the app's dealers already imported, which stores may name too; `logos`: the
    /// bytes of each logo file the file names that could be read.
    init(_ file: CatalogFile, logos: [String: Data], storedDealers: Set<String>) {
        if file.dealers == nil && file.stores == nil { problems.append("the file has neither dealers nor stores") }
        var seen = Set<String>()
        for dealer in file.dealers ?? [] {
            let at = "dealer \(dealer.id)"
            if !Self.isID(dealer.id) { problems.append("\(at): an id is 1 to 64 letters, digits, ., _ and -") }
            if !seen.insert(dealer.id).inserted { problems.append("\(at): appears twice") }
            text(dealer.name, "name", at: at, required: true)
            if let website = dealer.website, !(website.hasPrefix("https://") || website.hasPrefix("http://")) || website.utf8.count > 2000 {
                problems.append("\(at): a website is an http(s) address of at most 2000 bytes")
            }
            if let color = dealer.brandColor, !Self.isColor(color) { problems.append("\(at): a brand colour is #RRGGBB") }
            if let logo = dealer.logo {
                if let bytes = logos[logo] {
                    if Assets.imageType(of: bytes) == nil { problems.append("\(at): the logo \(logo) is not a PNG, JPEG, GIF or WebP") }
                    if bytes.count > Assets.maxBytes { problems.append("\(at): the logo \(logo) is larger than 10 MB") }
                } else {
                    problems.append("\(at): cannot read the logo \(logo)")
                }
            }
        }
        let dealers = file.dealers.map { Set($0.map(\.id)) } ?? storedDealers
        var stores = Set<String>()
        for store in file.stores ?? [] {
            let at = "store \(store.id)"
            if !Self.isID(store.id) { problems.append("\(at): an id is 1 to 64 letters, digits, ., _ and -") }
            if !stores.insert(store.id).inserted { problems.append("\(at): appears twice") }
            if !dealers.contains(store.dealer) { problems.append("\(at): no dealer \(store.dealer)") }
            text(store.street, "street", at: at, required: true)
            text(store.city, "city", at: at, required: true)
            text(store.zipCode, "zip_code", at: at, required: true)
            if let contact = store.contact { text(contact, "contact", at: at, required: false) }
            if !ASCIIShape.matches(store.country, length: 2...2, first: ASCIIShape.isUppercase, rest: ASCIIShape.isUppercase) {
                problems.append("\(at): a country is two capital letters (ISO 3166-1 alpha-2)")
            }
            if !GeoPoint(latitude: store.latitude, longitude: store.longitude).isValid {
                problems.append("\(at): latitude is −90 to 90 and longitude −180 to 180")
            }
            for hours in store.openingHours ?? [] {
                if !OpeningHours.days.contains(hours.dayOfWeek) { problems.append("\(at): \(hours.dayOfWeek) is not a day of the week") }
                if !Self.isOpening(hours) {
                    problems.append("\(at): opening hours are HH:MM to a later HH:MM (up to 24:00)")
                }
            }
        }
    }

    private mutating func text(_ value: String, _ name: String, at: String, required: Bool) {
        if required && value.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("\(at): \(name) is empty") }
        if value.utf8.count > 200 || value.contains(where: { $0.isNewline || $0 == "\0" }) {
            problems.append("\(at): \(name) is one line of at most 200 bytes")
        }
    }

    /// 1 to 64 ASCII letters, digits, `.`, `_` and `-`: safe in a path and an ERN.
    static func isID(_ id: String) -> Bool {
        ASCIIShape.matches(id, length: 1...64, first: isIDByte, rest: isIDByte)
    }

    private static func isIDByte(_ byte: UInt8) -> Bool {
        ASCIIShape.isDigit(byte) || ASCIIShape.isUppercase(byte) || ASCIIShape.isLowercase(byte) || byte == 0x2E || byte == 0x5F || byte == 0x2D
    }

    static func isColor(_ color: String) -> Bool {
        color.utf8.count == 7 && color.hasPrefix("#") && color.dropFirst().allSatisfy(\.isHexDigit)
    }

    /// Whether `hours` opens at a time and closes at a later one.
    static func isOpening(_ hours: OpeningHours) -> Bool {
        guard let opens = minutes(hours.opens), let closes = minutes(hours.closes) else { return false }
        return opens < closes
    }

    /// `HH:MM` as minutes since midnight, 00:00 to 24:00.
    static func minutes(_ time: String) -> Int? {
        let parts = time.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 }), let hours = Int(parts[0]), let minutes = Int(parts[1]),
              (0...59).contains(minutes), (0...24).contains(hours), hours < 24 || minutes == 0 else { return nil }
        return hours * 60 + minutes
    }
}

/// A store's opening hours as its column keeps them, `monday 08:00 22:00;tuesday 08:00 22:00`,
/// read back without a JSON decoder: a page of stores reads one per store. ``CatalogCheck``
/// allows neither spaces nor `;` in a day or a time.
enum OpeningHoursColumn {
    static func text(_ hours: [OpeningHours]) -> String {
        hours.map { "\($0.dayOfWeek) \($0.opens) \($0.closes)" }.joined(separator: ";")
    }

    static func hours(_ text: String) -> [OpeningHours] {
        text.split(separator: ";").compactMap { entry in
            let parts = entry.split(separator: " ")
            return parts.count == 3 ? OpeningHours(dayOfWeek: String(parts[0]), opens: String(parts[1]), closes: String(parts[2])) : nil
        }
    }
}
