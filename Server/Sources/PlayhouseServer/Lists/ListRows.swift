import Foundation
import PlayhouseAPI
import SQLKit

/// The columns of the lists' tables, and their rows decoded: into what the rules see
/// (``ListRecord``, ``ItemRecord``) and into what the API answers (``ShoppingList``, ``ListItem``,
/// ``ListShare``). A statement names its own tables `l` (lists), `i` (items), `sh` (shares).
enum ListRows {
    static let listColumns: SQLQueryString = """
        l.id, l.app_id, l.owner_id, l.name, l.position, l.created_at, l.modified_at, l.deleted_at, l.change_seq
        """
    static let itemColumns: SQLQueryString = """
        i.id, i.list_id, i.description, i.count, i.unit, i.ticked, i.offer_ern, i.creator_id, i.position, i.modified_at, \
        i.deleted_at, i.change_seq
        """
    /// A share's columns, with its list's name (`list_name`) and its player's display name.
    static var shareColumns: SQLQueryString {
        "sh.list_id, sh.player_id, sh.access, sh.status, sh.invited_by, sh.modified_at, sh.change_seq, l.name AS list_name\(shareAlong.columns)"
    }
    /// What a share's row reads along: its player's display name. Follows `list_shares sh JOIN shopping_lists l`.
    static let shareAlong = [PlayerService.alongDisplayName(of: "sh.player_id")]

    static func listRecord(_ row: any SQLRow) throws -> ListRecord {
        ListRecord(id: try row.decode(column: "id", as: UUID.self), appID: try row.decode(column: "app_id", as: UUID.self),
                   ownerID: try row.decode(column: "owner_id", as: UUID.self), name: try row.decode(column: "name", as: String.self),
                   position: try row.decode(column: "position", as: String.self),
                   deleted: try row.decode(column: "deleted_at", as: Date?.self) != nil)
    }

    static func itemRecord(_ row: any SQLRow) throws -> ItemRecord {
        ItemRecord(id: try row.decode(column: "id", as: UUID.self), listID: try row.decode(column: "list_id", as: UUID.self),
                   description: try row.decode(column: "description", as: String.self), count: try row.decode(column: "count", as: Int.self),
                   unit: try row.decode(column: "unit", as: String?.self), ticked: try row.decode(column: "ticked", as: Bool.self),
                   position: try row.decode(column: "position", as: String.self),
                   deleted: try row.decode(column: "deleted_at", as: Date?.self) != nil)
    }

    /// A list as `caller` sees it, with `access`.
    static func list(_ row: any SQLRow, access: ListAccess) throws -> ShoppingList {
        ShoppingList(id: id(try row.decode(column: "id", as: UUID.self)), name: try row.decode(column: "name", as: String.self),
                     ownerID: id(try row.decode(column: "owner_id", as: UUID.self)), access: access,
                     position: try row.decode(column: "position", as: String.self),
                     createdAt: try row.decode(column: "created_at", as: Date.self), modifiedAt: try row.decode(column: "modified_at", as: Date.self),
                     deleted: try row.decode(column: "deleted_at", as: Date?.self) != nil)
    }

    static func item(_ row: any SQLRow) throws -> ListItem {
        ListItem(id: id(try row.decode(column: "id", as: UUID.self)), listID: id(try row.decode(column: "list_id", as: UUID.self)),
                 description: try row.decode(column: "description", as: String.self), count: try row.decode(column: "count", as: Int.self),
                 unit: try row.decode(column: "unit", as: String?.self), ticked: try row.decode(column: "ticked", as: Bool.self),
                 offerERN: try row.decode(column: "offer_ern", as: String?.self),
                 creatorID: id(try row.decode(column: "creator_id", as: UUID.self)), position: try row.decode(column: "position", as: String.self),
                 modifiedAt: try row.decode(column: "modified_at", as: Date.self), deleted: try row.decode(column: "deleted_at", as: Date?.self) != nil)
    }

    static func share(_ row: any SQLRow) throws -> ListShare {
        ListShare(listID: id(try row.decode(column: "list_id", as: UUID.self)), listName: try row.decode(column: "list_name", as: String.self),
                  playerID: id(try row.decode(column: "player_id", as: UUID.self)),
                  displayName: try row.decode(column: "display_name", as: String?.self),
                  access: ListAccess(rawValue: try row.decode(column: "access", as: String.self)) ?? .read,
                  status: ListShareStatus(rawValue: try row.decode(column: "status", as: String.self)) ?? .removed,
                  invitedBy: id(try row.decode(column: "invited_by", as: UUID.self)), modifiedAt: try row.decode(column: "modified_at", as: Date.self))
    }

    /// An id as the API writes it: lowercase.
    static func id(_ uuid: UUID) -> String { uuid.uuidString.lowercased() }
}
