import Foundation

/// What a batch has read of the lists it adds items to, so that a hundred items added to one list
/// read the list, the caller's access to it, its count of items and its last position once, not
/// once an item. Adding an item keeps it up to date; any other operation may change what it
/// holds, and the batch forgets it all before that operation (``ListService``).
struct ListMemo {
    private var facts: [UUID: ListFacts] = [:]
    private var last: [UUID: String] = [:]

    /// The facts read for adding an item to `list` (without any item), if the batch read them.
    func facts(of list: UUID) -> ListFacts? { facts[list] }

    mutating func remember(_ facts: ListFacts, of list: UUID) { self.facts[list] = facts }

    /// The last position given in `list`, deleted items' too, once the batch added an item there.
    func lastPosition(in list: UUID) -> String? { last[list] }

    /// An item was added to `list` at `position`, after every other.
    mutating func added(at position: String, to list: UUID) {
        facts[list]?.items += 1
        last[list] = position
    }
}
