import Foundation

/// An app's catalog at a glance, as the admin API sends it (`/admin/v1/apps/{app}/catalog`) and
/// the console shows it: how many of each kind it has, its dealers with their stores and offers,
/// and its catalogs, each list capped at 500.
public struct CatalogOverview: Codable, Sendable, Equatable {
    /// A dealer, with how many stores and offers it has.
    public struct DealerLine: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var brandColor: String?
        public var stores: Int
        public var offers: Int

        public init(id: String, name: String, brandColor: String?, stores: Int, offers: Int) {
            self.id = id
            self.name = name
            self.brandColor = brandColor
            self.stores = stores
            self.offers = offers
        }

        enum CodingKeys: String, CodingKey {
            case brandColor = "brand_color", id, name, offers, stores
        }
    }

    /// A catalog, expired or not.
    public struct CatalogLine: Codable, Sendable, Equatable {
        public var id: String
        public var dealerID: String
        public var label: String
        public var validFrom: Date
        public var validUntil: Date
        public var pageCount: Int

        public init(id: String, dealerID: String, label: String, validFrom: Date, validUntil: Date, pageCount: Int) {
            self.id = id
            self.dealerID = dealerID
            self.label = label
            self.validFrom = validFrom
            self.validUntil = validUntil
            self.pageCount = pageCount
        }

        enum CodingKeys: String, CodingKey {
            case dealerID = "dealer_id", id, label, pageCount = "page_count", validFrom = "valid_from", validUntil = "valid_until"
        }
    }

    public var dealers: Int
    public var stores: Int
    public var catalogs: Int
    public var offers: Int
    /// By name.
    public var dealerList: [DealerLine]
    /// The latest ending first.
    public var catalogList: [CatalogLine]

    public init(dealers: Int, stores: Int, catalogs: Int, offers: Int, dealerList: [DealerLine], catalogList: [CatalogLine]) {
        self.dealers = dealers
        self.stores = stores
        self.catalogs = catalogs
        self.offers = offers
        self.dealerList = dealerList
        self.catalogList = catalogList
    }

    enum CodingKeys: String, CodingKey {
        case catalogList = "catalog_list", catalogs, dealerList = "dealer_list", dealers, offers, stores
    }
}

/// A catalog, expired or not, with its pages in order and its offers' hotspots by page: what a
/// catalog viewer shows, and the console (`/admin/v1/apps/{app}/catalog/catalogs/{catalog}`).
public struct WholeCatalog: Codable, Sendable, Equatable {
    public var catalog: Catalog
    public var pages: [CatalogPage]
    public var hotspots: [CatalogHotspot]

    public init(catalog: Catalog, pages: [CatalogPage], hotspots: [CatalogHotspot]) {
        self.catalog = catalog
        self.pages = pages
        self.hotspots = hotspots
    }
}

/// What a catalog import did to each kind of object (`POST /admin/v1/apps/{app}/catalog/imports`,
/// `playhouse catalog import`).
public struct CatalogImported: Codable, Sendable, Equatable {
    /// What an import did to one kind of object.
    public struct Counts: Codable, Sendable, Equatable {
        public var added: Int
        public var changed: Int
        public var unchanged: Int
        public var removed: Int

        public init(added: Int = 0, changed: Int = 0, unchanged: Int = 0, removed: Int = 0) {
            self.added = added
            self.changed = changed
            self.unchanged = unchanged
            self.removed = removed
        }
    }

    public var dealers: Counts
    public var stores: Counts
    public var catalogs: Counts
    public var offers: Counts

    public init(dealers: Counts = Counts(), stores: Counts = Counts(), catalogs: Counts = Counts(), offers: Counts = Counts()) {
        self.dealers = dealers
        self.stores = stores
        self.catalogs = catalogs
        self.offers = offers
    }
}
