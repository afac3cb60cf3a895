import Foundation

// The admin API's figures (`/admin/v1/apps/{app}/dashboard`, `…/games/{game}/bets`,
// `…/catalog/views`): what an analyst's script reads.

/// A figure the dashboard counts per day.
public enum DashboardFigure: String, Codable, Sendable, CaseIterable {
    case signUps = "sign_ups", opens, deposits, bets, displays
}

/// One figure's values, oldest day first, a value for every day.
public struct DashboardSeries: Codable, Sendable, Equatable {
    public var figure: DashboardFigure
    public var days: [Day]

    public struct Day: Codable, Sendable, Equatable {
        /// `YYYY-MM-DD`, UTC.
        public var day: String
        public var value: Int

        public init(day: String, value: Int) {
            self.day = day
            self.value = value
        }
    }

    public init(figure: DashboardFigure, days: [Day]) {
        self.figure = figure
        self.days = days
    }
}

/// A catalog's views on one day (UTC).
public struct CatalogViewDay: Codable, Sendable, Equatable {
    public var catalogID: String
    public var day: String
    public var opens: Int
    public var closes: Int
    public var pageViews: Int
    public var pageSeconds: Double

    public init(catalogID: String, day: String, opens: Int, closes: Int, pageViews: Int, pageSeconds: Double) {
        self.catalogID = catalogID
        self.day = day
        self.opens = opens
        self.closes = closes
        self.pageViews = pageViews
        self.pageSeconds = pageSeconds
    }

    enum CodingKeys: String, CodingKey {
        case catalogID = "catalog_id", closes, day, opens, pageSeconds = "page_seconds", pageViews = "page_views"
    }
}
