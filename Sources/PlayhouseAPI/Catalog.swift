import Foundation

/// A dealer: a chain whose stores sell offers and publish catalogs (`GET /v1/dealers/{id}`).
public struct Dealer: Codable, Sendable, Equatable {
    public var id: String
    /// `ern:dealer:<id>`.
    public var ern: String
    public var name: String
    public var website: String?
    /// The logo's path on the server (`/assets/<sha256>`).
    public var logo: String?
    /// The dealer's brand colour, `#RRGGBB`.
    public var brandColor: String?

    public init(id: String, name: String, website: String? = nil, logo: String? = nil, brandColor: String? = nil) {
        self.id = id
        self.ern = ERN.make("dealer", id)
        self.name = name
        self.website = website
        self.logo = logo
        self.brandColor = brandColor
    }

    enum CodingKeys: String, CodingKey {
        case brandColor = "brand_color", ern, id, logo, name, website
    }
}

/// One of a dealer's stores (`GET /v1/stores/{id}`). Named for what it is, a dealer's store, beside the
/// many other things an app calls a store.
public struct DealerStore: Codable, Sendable, Equatable {
    public var id: String
    /// `ern:store:<id>`.
    public var ern: String
    public var dealerID: String
    public var street: String
    public var city: String
    public var zipCode: String
    /// ISO 3166-1 alpha-2: `DK`.
    public var country: String
    public var latitude: Double
    public var longitude: Double
    /// When it is open, a line per day and opening.
    public var openingHours: [OpeningHours]
    /// A phone number or an address to write to.
    public var contact: String?
    /// Metres from the caller's location (`r_lat`, `r_lng`), along the Earth's surface; only when
    /// the call named one.
    public var distance: Double?

    public init(id: String, dealerID: String, street: String, city: String, zipCode: String, country: String, latitude: Double,
                longitude: Double, openingHours: [OpeningHours] = [], contact: String? = nil, distance: Double? = nil) {
        self.id = id
        self.ern = ERN.make("store", id)
        self.dealerID = dealerID
        self.street = street
        self.city = city
        self.zipCode = zipCode
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
        self.openingHours = openingHours
        self.contact = contact
        self.distance = distance
    }

    enum CodingKeys: String, CodingKey {
        case city, contact, country, dealerID = "dealer_id", distance, ern, id, latitude, longitude,
            openingHours = "opening_hours", street, zipCode = "zip_code"
    }
}

/// A store's opening on one day of the week, in the store's local time.
public struct OpeningHours: Codable, Sendable, Equatable, Hashable {
    /// `monday` … `sunday`.
    public var dayOfWeek: String
    /// `HH:MM`, 24-hour.
    public var opens: String
    /// `HH:MM`; `24:00` for midnight.
    public var closes: String

    public init(dayOfWeek: String, opens: String, closes: String) {
        self.dayOfWeek = dayOfWeek
        self.opens = opens
        self.closes = closes
    }

    public static let days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    enum CodingKeys: String, CodingKey {
        case closes, dayOfWeek = "day_of_week", opens
    }
}

/// An offer: something a dealer sells at a price for a while, at all its stores or some of them
/// (`GET /v1/offers/{id}`).
public struct Offer: Codable, Sendable, Equatable {
    public var id: String
    /// `ern:offer:<id>`.
    public var ern: String
    public var dealerID: String
    public var heading: String
    public var description: String?
    public var price: Money
    /// The price before the offer, when it had one.
    public var prePrice: Money?
    /// How much one buys at the price, in `unit`: `500` `g`.
    public var quantity: Double?
    public var unit: String?
    /// The image's path on the server (`/assets/<sha256>`).
    public var image: String?
    public var validFrom: Date
    public var validUntil: Date
    /// The catalog it is in, and its page there (from 1).
    public var catalogID: String?
    public var catalogPage: Int?
    /// Near a location (`r_lat`, `r_lng`, `r_radius`): the nearest of the stores that sell it, and
    /// its distance in metres.
    public var storeID: String?
    public var distance: Double?

    public init(id: String, dealerID: String, heading: String, description: String? = nil, price: Money, prePrice: Money? = nil,
                quantity: Double? = nil, unit: String? = nil, image: String? = nil, validFrom: Date, validUntil: Date,
                catalogID: String? = nil, catalogPage: Int? = nil, storeID: String? = nil, distance: Double? = nil) {
        self.id = id
        self.ern = ERN.make("offer", id)
        self.dealerID = dealerID
        self.heading = heading
        self.description = description
        self.price = price
        self.prePrice = prePrice
        self.quantity = quantity
        self.unit = unit
        self.image = image
        self.validFrom = validFrom
        self.validUntil = validUntil
        self.catalogID = catalogID
        self.catalogPage = catalogPage
        self.storeID = storeID
        self.distance = distance
    }

    enum CodingKeys: String, CodingKey {
        case catalogID = "catalog_id", catalogPage = "catalog_page", dealerID = "dealer_id", description, distance, ern, heading,
            id, image, prePrice = "pre_price", price, quantity, storeID = "store_id", unit, validFrom = "valid_from",
            validUntil = "valid_until"
    }
}

/// A dealer's catalog: pages of offers, valid for a while at some of its stores (`GET /v1/catalogs/{id}`).
public struct Catalog: Codable, Sendable, Equatable {
    public var id: String
    /// `ern:catalog:<id>`.
    public var ern: String
    public var dealerID: String
    public var label: String
    public var validFrom: Date
    public var validUntil: Date
    public var pageCount: Int
    /// Its first page's thumbnail, the catalog's cover (`/assets/<sha256>`).
    public var cover: String?
    /// Near a location: the nearest of the stores where it is valid, and its distance in metres.
    public var storeID: String?
    public var distance: Double?

    public init(id: String, dealerID: String, label: String, validFrom: Date, validUntil: Date, pageCount: Int, cover: String? = nil,
                storeID: String? = nil, distance: Double? = nil) {
        self.id = id
        self.ern = ERN.make("catalog", id)
        self.dealerID = dealerID
        self.label = label
        self.validFrom = validFrom
        self.validUntil = validUntil
        self.pageCount = pageCount
        self.cover = cover
        self.storeID = storeID
        self.distance = distance
    }

    enum CodingKeys: String, CodingKey {
        case cover, dealerID = "dealer_id", distance, ern, id, label, pageCount = "page_count", storeID = "store_id",
            validFrom = "valid_from", validUntil = "valid_until"
    }
}

/// One page of a catalog, its image in three sizes (`GET /v1/catalogs/{id}/pages`).
public struct CatalogPage: Codable, Sendable, Equatable {
    /// From 1.
    public var number: Int
    /// Paths on the server (`/assets/<sha256>`): the image to read, a larger one to zoom into, a thumbnail.
    public var view: String
    public var zoom: String
    public var thumb: String

    public init(number: Int, view: String, zoom: String, thumb: String) {
        self.number = number
        self.view = view
        self.zoom = zoom
        self.thumb = thumb
    }
}

/// An offer's rectangle on a catalog page, which the viewer highlights and lets the player tap
/// (`GET /v1/catalogs/{id}/hotspots`). The rectangle is in fractions of the page from its top left.
public struct CatalogHotspot: Codable, Sendable, Equatable {
    public var page: Int
    public var offerID: String
    public var heading: String
    public var price: Money
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(page: Int, offerID: String, heading: String, price: Money, x: Double, y: Double, width: Double, height: Double) {
        self.page = page
        self.offerID = offerID
        self.heading = heading
        self.price = price
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    enum CodingKeys: String, CodingKey {
        case heading, height, offerID = "offer_id", page, price, width, x, y
    }
}

/// A one-time address of the catalog viewer (`POST /v1/catalogs/{id}/views`): the page opens it
/// once, before `expiresAt`.
public struct CatalogViewerLink: Codable, Sendable, Equatable {
    public var url: String
    public var expiresAt: Date

    public init(url: String, expiresAt: Date) {
        self.url = url
        self.expiresAt = expiresAt
    }

    enum CodingKeys: String, CodingKey {
        case expiresAt = "expires_at", url
    }
}

/// What the catalog viewer's page reports (`POST /viewer/events`, with the viewer's one-time
/// secret as its bearer token): `{"type": "page_viewed", "page": 3, "seconds": 4.2}`,
/// `{"type": "hotspot_tapped", "offer_id": "…"}` or `{"type": "closed"}`.
public struct CatalogViewerEvent: Codable, Sendable, Equatable {
    /// `page_viewed`, `hotspot_tapped` or `closed`.
    public var type: String
    public var page: Int?
    public var seconds: Double?
    public var offerID: String?

    public init(type: String, page: Int? = nil, seconds: Double? = nil, offerID: String? = nil) {
        self.type = type
        self.page = page
        self.seconds = seconds
        self.offerID = offerID
    }

    enum CodingKeys: String, CodingKey {
        case offerID = "offer_id", page, seconds, type
    }
}
