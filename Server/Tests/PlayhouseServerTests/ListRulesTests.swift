import Foundation
import PlayhouseAPI
@testable import PlayhouseServer
import Testing

/// The merge rules alone: each operation's verdict from the facts, table by table.
@Suite struct ListRulesTests {
    static let caller = UUID(), other = UUID(), app = UUID()
    static let list = ListRecord(id: UUID(), appID: app, ownerID: caller, name: "Groceries", position: "i", deleted: false)
    static let item = ItemRecord(id: UUID(), listID: list.id, description: "Milk", count: 1, unit: nil, ticked: false, position: "i",
                                 deleted: false)
    static let limits = ListLimits()

    static func facts(list: ListRecord? = list, access: ListAccess? = .owner, item: ItemRecord? = item) -> ListFacts {
        ListFacts(list: list, access: access, item: item)
    }

    static func verdict(_ operation: ListOperation, _ facts: ListFacts) -> ListVerdict {
        ListRules.decide(operation, caller: caller, facts: facts, limits: limits)
    }

    static var deletedList: ListRecord { var list = list; list.deleted = true; return list }
    static var deletedItem: ItemRecord { var item = item; item.deleted = true; return item }
    static var othersList: ListRecord { var list = list; list.ownerID = other; return list }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var operation: ListOperation
        var facts: ListFacts
        var verdict: ListVerdict
        var testDescription: String { name }
    }

    static let itemID = item.id.uuidString, listID = list.id.uuidString

    static let cases: [Case] = [
        Case(name: "a new list", operation: Op.createList(Op.id(), "New"), facts: facts(list: nil, access: nil, item: nil), verdict: .apply),
        Case(name: "a list created again", operation: Op.createList(listID, "New"), facts: facts(), verdict: .ignore("exists")),
        Case(name: "a deleted list's id", operation: Op.createList(listID, "New"), facts: facts(list: deletedList), verdict: .ignore("deleted")),
        Case(name: "another player's list id", operation: Op.createList(listID, "New"), facts: facts(list: othersList, access: nil),
             verdict: .refuse(.listIDTaken)),
        Case(name: "a rename to the same name", operation: Op.rename(listID, "Groceries"), facts: facts(), verdict: .ignore("unchanged")),
        Case(name: "a rename with read access", operation: Op.rename(listID, "Food"), facts: facts(list: othersList, access: .read),
             verdict: .refuse(.listAccessRequired(.write))),
        Case(name: "a rename of a list not shared", operation: Op.rename(listID, "Food"), facts: facts(list: othersList, access: nil),
             verdict: .refuse(.listNotFound)),
        Case(name: "deleting with write access", operation: Op.deleteList(listID), facts: facts(list: othersList, access: .write),
             verdict: .refuse(.listAccessRequired(.owner))),
        Case(name: "deleting with owner access", operation: Op.deleteList(listID), facts: facts(list: othersList, access: .owner),
             verdict: .apply),
        Case(name: "a tick", operation: Op.tick(itemID), facts: facts(), verdict: .apply),
        Case(name: "a tick of a ticked item", operation: Op.tick(itemID, false), facts: facts(), verdict: .ignore("unchanged")),
        Case(name: "a tick of a deleted item", operation: Op.tick(itemID), facts: facts(item: deletedItem), verdict: .ignore("deleted")),
        Case(name: "a tick in a deleted list", operation: Op.tick(itemID), facts: facts(list: deletedList), verdict: .ignore("deleted")),
        Case(name: "a tick with read access", operation: Op.tick(itemID), facts: facts(access: .read), verdict: .refuse(.listAccessRequired(.write))),
        Case(name: "an edit of nothing new", operation: Op.edit(itemID, description: "Milk", count: 1), facts: facts(),
             verdict: .ignore("unchanged")),
        Case(name: "an edit of the count", operation: Op.edit(itemID, count: 2), facts: facts(), verdict: .apply),
        Case(name: "an item added again", operation: Op.add(listID, itemID, "Milk"), facts: facts(), verdict: .ignore("exists")),
        Case(name: "an item to a list at its limit", operation: Op.add(listID, Op.id(), "Tea"),
             facts: { var known = Self.facts(item: nil); known.items = limits.itemsPerList; return known }(),
             verdict: .refuse(.listLimitReached("items_per_list", limits.itemsPerList))),
        Case(name: "a move to the top", operation: Op.move(itemID, after: nil), facts: facts(), verdict: .apply),
        Case(name: "a move after an item of another list", operation: Op.move(itemID, after: Op.id()),
             facts: { var known = Self.facts(); known.anchor = ItemRecord(id: UUID(), listID: UUID(), description: "", count: 1, unit: nil,
                                                                       ticked: false, position: "r", deleted: false); return known }(),
             verdict: .refuse(.listAnchorNotFound)),
        Case(name: "a move after a deleted item", operation: Op.move(itemID, after: Op.id()),
             facts: { var known = Self.facts(); known.anchor = ItemRecord(id: UUID(), listID: list.id, description: "", count: 1, unit: nil,
                                                                       ticked: false, position: "r", deleted: true); return known }(),
             verdict: .apply),
        Case(name: "a share to nobody", operation: Op.share(listID, email: "x@example.com", .read), facts: facts(), verdict: .refuse(.listPlayerNotFound)),
        Case(name: "a share again with the same access", operation: Op.share(listID, email: "x@example.com", .read),
             facts: { var known = Self.facts(); known.invitee = other; known.share = ShareRecord(playerID: other, access: .read, status: .accepted)
                 return known }(), verdict: .ignore("unchanged")),
        Case(name: "a share after a decline invites again", operation: Op.share(listID, email: "x@example.com", .read),
             facts: { var known = Self.facts(); known.invitee = other; known.share = ShareRecord(playerID: other, access: .read, status: .declined)
                 return known }(), verdict: .apply),
        Case(name: "answering no invitation", operation: Op.answer(listID, accept: true), facts: facts(list: othersList, access: nil),
             verdict: .refuse(.listShareNotFound)),
        Case(name: "accepting an invitation", operation: Op.answer(listID, accept: true),
             facts: { var known = Self.facts(list: othersList, access: nil); known.share = ShareRecord(playerID: caller, access: .write, status: .pending)
                 return known }(), verdict: .apply),
        Case(name: "the creator leaving", operation: Op.leave(listID), facts: facts(), verdict: .refuse(.listOwnerCannotLeave)),
        Case(name: "a member leaving", operation: Op.leave(listID),
             facts: { var known = Self.facts(list: othersList, access: .write); known.share = ShareRecord(playerID: caller, access: .write, status: .accepted)
                 return known }(), verdict: .apply),
    ]

    @Test(arguments: cases)
    func verdicts(_ example: Case) {
        #expect(Self.verdict(example.operation, example.facts) == example.verdict)
    }

    @Test func aBatchWithAnyProblemIsNamedWhole() {
        let batch = ListOperationsRequest(operations: [Op.createList(Op.id(), ""), Op.tick(Op.id()), Op.share(Op.id(), email: "a@b.c", .read)])
        var both = batch.operations[2]
        both.playerID = Op.id()
        var duplicate = batch.operations[1]
        duplicate.ticked = nil
        let problems = ListLimits().check(ListOperationsRequest(operations: [batch.operations[0], duplicate, both, batch.operations[1]]))
        #expect(problems.map { "\($0.name) \($0.code)" } == ["operations[0].name blank", "operations[1].ticked required",
                                                             "operations[2].player_id one_of", "operations[3].mutation_id duplicate"])
        #expect(ListLimits().check(ListOperationsRequest(operations: Array(batch.operations.dropFirst()))).isEmpty)
        let tooMany = ListOperationsRequest(operations: (0..<101).map { _ in Op.tick(Op.id()) })
        #expect(ListLimits().check(tooMany).map(\.code) == ["too_many"])
    }
}
