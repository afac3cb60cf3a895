import Foundation
import PlayhouseAPI

/// Everything wrong with a catalog file, each problem naming where it is, so that one import shows
/// the operator all of them.
struct CatalogCheck {
    private(set) var problems: [String] = []

    /// `files`: the bytes of each file (logo, image, page) the catalog names that could be read;
    /// `storedDealers`: the app's dealers already imported, `storedStores` its stores and
    /// `storedCatalogs` its catalogs (each with its dealer), which the file may name too.
    init(_ file: CatalogFile, files: [String: Data], storedDealers: Set<String>, storedStores: [String: String],
         storedCatalogs: [String: StoredCatalog]) {
        if file.dealers == nil && file.stores == nil && file.catalogs == nil && file.offers == nil {
            problems.append("the file has no dealers, stores, catalogs or offers")
        }
        for dealer in file.dealers ?? [] { check(dealer, files: files) }
        let dealers = file.dealers.map { Set($0.map(\.id)) } ?? storedDealers
        for store in file.stores ?? [] { check(store, dealers: dealers) }
        let stores = file.stores.map { Dictionary($0.map { ($0.id, $0.dealer) }, uniquingKeysWith: { first, _ in first }) } ?? storedStores
        for catalog in file.catalogs ?? [] { check(catalog, dealers: dealers, stores: stores, files: files) }
        let catalogs = file.catalogs.map {
            Dictionary($0.map { ($0.id, StoredCatalog(dealer: $0.dealer, pages: $0.pages.count)) }, uniquingKeysWith: { first, _ in first })
        } ?? storedCatalogs
        for offer in file.offers ?? [] { check(offer, dealers: dealers, stores: stores, catalogs: catalogs, files: files) }
        for (kind, ids) in [("dealer", file.dealers?.map(\.id)), ("store", file.stores?.map(\.id)), ("catalog", file.catalogs?.map(\.id)),
                            ("offer", file.offers?.map(\.id))] {
            var seen = Set<String>()
            for id in ids ?? [] where !seen.insert(id).inserted { problems.append("\(kind) \(id): appears twice") }
        }
    }

    private mutating func check(_ dealer: CatalogFile.Dealer, files: [String: Data]) {
        let at = "dealer \(dealer.id)"
        id(dealer.id, at: at)
        text(dealer.name, "name", at: at, required: true)
        if let website = dealer.website, !(website.hasPrefix("https://") || website.hasPrefix("http://")) || website.utf8.count > 2000 {
            problems.append("\(at): a website is an http(s) address of at most 2000 bytes")
        }
        if let color = dealer.brandColor, !Self.isColor(color) { problems.append("\(at): a brand colour is #RRGGBB") }
        if let logo = dealer.logo { imageFile(logo, "logo", files: files, at: at) }
    }

    private mutating func check(_ store: CatalogFile.Store, dealers: Set<String>) {
        let at = "store \(store.id)"
        id(store.id, at: at)
        if !dealers.contains(store.dealer) { problems.append("\(at): no dealer \(store.dealer)") }
        text(store.street, "street", at: at, required: true)
        text(store.city, "city", at: at, required: true)
        text(store.zipCode, "zip_code", at: at, required: true)
        if let contact = store.contact { text(contact, "contact", at: at, required: false) }
        if !ASCIIShape.matches(store.country, length: 2...2, first: ASCIIShape.isUppercase, rest: ASCIIShape.isUppercase) {
            problems.append("\(at): a country is two capital letters (ISO 3166-1 alpha-2)")
        }
        if !store.point.isValid {
            problems.append("\(at): latitude is −90 to 90 and longitude −180 to 180")
        }
        for hours in store.openingHours ?? [] {
            if !OpeningHours.days.contains(hours.dayOfWeek) { problems.append("\(at): \(hours.dayOfWeek) is not a day of the week") }
            if !Self.isOpening(hours) {
                problems.append("\(at): opening hours are HH:MM to a later HH:MM (up to 24:00)")
            }
        }
    }

    /// A catalog as the file or the database has it, for the offers that name it.
    struct StoredCatalog: Equatable {
        var dealer: String
        var pages: Int
    }

    /// At most this many pages a catalog.
    static let maxPages = 500

    private mutating func check(_ catalog: CatalogFile.Catalog, dealers: Set<String>, stores: [String: String], files: [String: Data]) {
        let at = "catalog \(catalog.id)"
        id(catalog.id, at: at)
        if !dealers.contains(catalog.dealer) { problems.append("\(at): no dealer \(catalog.dealer)") }
        text(catalog.label, "label", at: at, required: true)
        validity(catalog.validFrom, catalog.validUntil, at: at)
        listedStores(catalog.stores, dealer: catalog.dealer, stores: stores, at: at)
        if catalog.pages.isEmpty || catalog.pages.count > Self.maxPages {
            problems.append("\(at): a catalog has 1 to \(Self.maxPages) pages" + (catalog.pageDirectory.map { ", and \($0) has no images" } ?? ""))
        }
        for (index, page) in catalog.pages.enumerated() {
            for (size, path) in [("page \(index + 1)", page.view), ("page \(index + 1) zoom", page.zoom), ("page \(index + 1) thumb", page.thumb)] {
                if let path { imageFile(path, size, files: files, at: at) }
            }
        }
    }

    private mutating func check(_ offer: CatalogFile.Offer, dealers: Set<String>, stores: [String: String], catalogs: [String: StoredCatalog],
                                files: [String: Data]) {
        let at = "offer \(offer.id)"
        id(offer.id, at: at)
        if !dealers.contains(offer.dealer) { problems.append("\(at): no dealer \(offer.dealer)") }
        text(offer.heading, "heading", at: at, required: true)
        if let description = offer.description, description.utf8.count > 4000 || description.contains("\0") {
            problems.append("\(at): a description is at most 4000 bytes")
        }
        if let digits = ISO4217.currencies[offer.currency]?.minorUnits {
            for (name, amount) in [("price", offer.price), ("pre_price", offer.prePrice)] {
                if let amount, case .failure = MinorUnits.parse(amount, digits: digits) {
                    problems.append("\(at): \(name) is a positive amount with at most \(digits) decimals")
                }
            }
        } else {
            problems.append("\(at): \(offer.currency) is not an ISO 4217 currency this server knows")
        }
        if let quantity = offer.quantity, !(quantity.isFinite && quantity > 0) { problems.append("\(at): a quantity is a positive number") }
        if let unit = offer.unit { text(unit, "unit", at: at, required: true) }
        if let image = offer.image { imageFile(image, "image", files: files, at: at) }
        validity(offer.validFrom, offer.validUntil, at: at)
        listedStores(offer.stores, dealer: offer.dealer, stores: stores, at: at)
        if let id = offer.catalog {
            if let catalog = catalogs[id] {
                if catalog.dealer != offer.dealer { problems.append("\(at): catalog \(id) is not \(offer.dealer)'s") }
                if let page = offer.page, !(1...max(1, catalog.pages)).contains(page) { problems.append("\(at): catalog \(id) has no page \(page)") }
            } else {
                problems.append("\(at): no catalog \(id)")
            }
        } else if offer.page != nil {
            problems.append("\(at): a page is a page of the offer's catalog")
        }
        if let spot = offer.hotspot {
            let fractions = [spot.x, spot.y, spot.width, spot.height]
            if offer.page == nil || !fractions.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }) || spot.width == 0 || spot.height == 0
                || spot.x + spot.width > 1 || spot.y + spot.height > 1 {
                problems.append("\(at): a hotspot is a rectangle on the offer's page, in fractions of it (0 to 1)")
            }
        }
    }

    private mutating func validity(_ validFrom: String, _ validUntil: String, at: String) {
        switch (RFC3339.parse(validFrom), RFC3339.parse(validUntil)) {
        case let (from?, until?) where from < until: break
        case (_?, _?): problems.append("\(at): valid_until is after valid_from")
        default: problems.append("\(at): valid_from and valid_until are RFC 3339 times")
        }
    }

    /// The stores an offer or a catalog lists, which must be its dealer's.
    private mutating func listedStores(_ listed: [String]?, dealer: String, stores: [String: String], at: String) {
        guard let listed else { return }
        if listed.isEmpty || listed.count > 10_000 { problems.append("\(at): stores, when given, lists 1 to 10000 stores") }
        if Set(listed).count != listed.count { problems.append("\(at): a store is listed twice") }
        for store in listed where stores[store] != dealer {
            problems.append(stores[store] == nil ? "\(at): no store \(store)" : "\(at): store \(store) is not \(dealer)'s")
        }
    }

    private mutating func id(_ id: String, at: String) {
        if !Self.isID(id) { problems.append("\(at): an id is 1 to 64 letters, digits, ., _ and -") }
    }

    private mutating func imageFile(_ path: String, _ name: String, files: [String: Data], at: String) {
        guard let bytes = files[path] else { return problems.append("\(at): cannot read the \(name) \(path)") }
        if Assets.imageType(of: bytes) == nil { problems.append("\(at): the \(name) \(path) is not a PNG, JPEG, GIF or WebP") }
        if bytes.count > Assets.maxBytes { problems.append("\(at): the \(name) \(path) is larger than 10 MB") }
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

extension CatalogFile.Store {
    /// Where the store is.
    var point: GeoPoint { GeoPoint(latitude: latitude, longitude: longitude) }
}
