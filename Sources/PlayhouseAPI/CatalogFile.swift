import Foundation

/// A catalog file, as `playhouse catalog import` reads it: the app's dealers, their stores, their
/// catalogs and their offers, each with the id the operator's own data gives it. A file holds the whole set of each kind it
/// has: an import adds what is new, changes what differs, and removes the dealers (or stores)
/// that the file, having dealers (or stores), no longer lists. A kind the file leaves out is
/// left as it is.
public struct CatalogFile: Codable, Sendable, Equatable {
    public var dealers: [Dealer]?
    public var stores: [Store]?
    public var catalogs: [Catalog]?
    public var offers: [Offer]?

    public init(dealers: [Dealer]? = nil, stores: [Store]? = nil, catalogs: [Catalog]? = nil, offers: [Offer]? = nil) {
        self.dealers = dealers
        self.stores = stores
        self.catalogs = catalogs
        self.offers = offers
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
            case brandColor = "brand_color", id, logo, name, website
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
            case city, contact, country, dealer, id, latitude, longitude, openingHours = "opening_hours", street,
                zipCode = "zip_code"
        }
    }
}

extension CatalogFile {
    public struct Offer: Codable, Sendable, Equatable {
        public var id: String
        /// The id of its dealer, in this file or already imported.
        public var dealer: String
        public var heading: String
        public var description: String?
        /// A decimal string, `"12.95"`, in `currency`.
        public var price: String
        public var prePrice: String?
        /// ISO 4217.
        public var currency: String
        public var quantity: Double?
        public var unit: String?
        /// An image file, relative to the catalog file.
        public var image: String?
        /// RFC 3339.
        public var validFrom: String
        public var validUntil: String
        /// The ids of the stores that sell it; all of the dealer's stores when left out.
        public var stores: [String]?
        /// The catalog it is in (one of its dealer's), the page (from 1), and its hotspot there.
        public var catalog: String?
        public var page: Int?
        public var hotspot: Hotspot?

        public init(id: String, dealer: String, heading: String, description: String? = nil, price: String, prePrice: String? = nil,
                    currency: String, quantity: Double? = nil, unit: String? = nil, image: String? = nil, validFrom: String,
                    validUntil: String, stores: [String]? = nil, catalog: String? = nil, page: Int? = nil, hotspot: Hotspot? = nil) {
            self.id = id
            self.dealer = dealer
            self.heading = heading
            self.description = description
            self.price = price
            self.prePrice = prePrice
            self.currency = currency
            self.quantity = quantity
            self.unit = unit
            self.image = image
            self.validFrom = validFrom
            self.validUntil = validUntil
            self.stores = stores
            self.catalog = catalog
            self.page = page
            self.hotspot = hotspot
        }

        enum CodingKeys: String, CodingKey {
            case catalog, currency, dealer, description, heading, hotspot, id, image, page, prePrice = "pre_price", price,
                quantity, stores, unit, validFrom = "valid_from", validUntil = "valid_until"
        }
    }
}

extension CatalogFile {
    /// A dealer's catalog: pages of images, valid for a while at all of the dealer's stores or some.
    public struct Catalog: Codable, Sendable, Equatable {
        public var id: String
        public var dealer: String
        public var label: String
        /// RFC 3339.
        public var validFrom: String
        public var validUntil: String
        /// The ids of the stores where it is valid; all of the dealer's stores when left out.
        public var stores: [String]?
        /// Its pages in order, each an image file (relative to the catalog file) in up to three sizes.
        public var pages: [Page]
        /// Instead of `pages`, a directory (relative to the catalog file) whose images are the
        /// pages in the order of their names' numbers, with larger ones in its `zoom/` and smaller
        /// ones in its `thumbs/` under the same names; `playhouse catalog import` reads it.
        public var pageDirectory: String?

        public init(id: String, dealer: String, label: String, validFrom: String, validUntil: String, stores: [String]? = nil, pages: [Page],
                    pageDirectory: String? = nil) {
            self.id = id
            self.dealer = dealer
            self.label = label
            self.validFrom = validFrom
            self.validUntil = validUntil
            self.stores = stores
            self.pages = pages
            self.pageDirectory = pageDirectory
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(id: try container.decode(String.self, forKey: .id), dealer: try container.decode(String.self, forKey: .dealer),
                      label: try container.decode(String.self, forKey: .label), validFrom: try container.decode(String.self, forKey: .validFrom),
                      validUntil: try container.decode(String.self, forKey: .validUntil),
                      stores: try container.decodeIfPresent([String].self, forKey: .stores),
                      pages: try container.decodeIfPresent([Page].self, forKey: .pages) ?? [],
                      pageDirectory: try container.decodeIfPresent(String.self, forKey: .pageDirectory))
        }

        enum CodingKeys: String, CodingKey {
            case dealer, id, label, pageDirectory = "page_directory", pages, stores, validFrom = "valid_from",
                validUntil = "valid_until"
        }
    }

    /// A page's image: `view` to read it, and optionally a larger one to `zoom` into and a small
    /// `thumb`nail (the view serves for either when left out).
    public struct Page: Codable, Sendable, Equatable {
        public var view: String
        public var zoom: String?
        public var thumb: String?

        public init(view: String, zoom: String? = nil, thumb: String? = nil) {
            self.view = view
            self.zoom = zoom
            self.thumb = thumb
        }
    }

    /// A rectangle on a page, in fractions of its width and height from its top left corner.
    public struct Hotspot: Codable, Sendable, Equatable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }
}
