import Foundation

/// An app's content units and campaigns, as the admin API sends them
/// (`/admin/v1/apps/{app}/content`) and `playhouse content list` shows them: a unit's images are
/// their stored asset names.
public struct ContentListing: Codable, Sendable, Equatable {
    public var units: [ContentFile.Unit]
    public var campaigns: [ContentFile.Campaign]

    public init(units: [ContentFile.Unit], campaigns: [ContentFile.Campaign]) {
        self.units = units
        self.campaigns = campaigns
    }
}

/// What a content import did: the units and campaigns it added and those it replaced
/// (`unit welcome-bonus`, `campaign spring`)
/// (`POST /admin/v1/apps/{app}/content/imports`, `playhouse content import`).
public struct ContentImported: Codable, Sendable, Equatable {
    public var added: [String]
    public var changed: [String]

    public init(added: [String] = [], changed: [String] = []) {
        self.added = added
        self.changed = changed
    }
}
