import Foundation

/// What is wrong with one field of a list operation: the field's wire name, a code (`required`,
/// `blank`, `too_long`, `invalid_value`, `out_of_range`, `one_of`) and the code's parameters.
public struct ListOperationProblem: Sendable, Equatable {
    public var field: String
    public var code: String
    public var parameters: [String: String]

    public init(_ field: String, _ code: String, _ parameters: [String: String] = [:]) {
        self.field = field
        self.code = code
        self.parameters = parameters
    }
}

extension ListOperation {
    /// Every problem of the operation by itself (``ListSizes``, the fields its kind needs, ids):
    /// the server refuses a batch with any of them, and the SDK refuses to queue one.
    public var problems: [ListOperationProblem] {
        var problems: [ListOperationProblem] = []
        func require(_ field: String, _ value: Any?) {
            if value == nil { problems.append(.init(field, "required")) }
        }
        func id(_ field: String, _ value: String?) {
            if let value, UUID(uuidString: value) == nil { problems.append(.init(field, "invalid_value")) }
        }
        func text(_ field: String, _ value: String?, max: Int, allowEmpty: Bool = false) {
            guard let value else { return }
            if value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && !allowEmpty { problems.append(.init(field, "blank")) }
            if value.count > max { problems.append(.init(field, "too_long", ["max": String(max)])) }
            if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" }) {
                problems.append(.init(field, "invalid_value"))
            }
        }
        id("mutation_id", mutationID)
        id("list_id", listID)
        id("item_id", itemID)
        id("after", after)
        id("player_id", playerID)
        text("name", name, max: ListSizes.nameLength)
        text("description", description, max: ListSizes.descriptionLength)
        text("unit", unit, max: ListSizes.unitLength, allowEmpty: op == .editItem)
        text("email", email, max: 254)
        if let offerERN, !(ERN.id(offerERN, of: "offer") != nil && offerERN.count <= 100) { problems.append(.init("offer_ern", "invalid_value")) }
        if let count, !ListSizes.count.contains(count) {
            problems.append(.init("count", "out_of_range", ["min": String(ListSizes.count.lowerBound), "max": String(ListSizes.count.upperBound)]))
        }
        switch op {
        case .createList, .renameList:
            require("list_id", listID)
            require("name", name)
        case .deleteList, .leaveList:
            require("list_id", listID)
        case .addItem:
            require("list_id", listID)
            require("item_id", itemID)
            require("description", description)
            require("count", count)
        case .editItem:
            require("item_id", itemID)
            if description == nil && count == nil && unit == nil { problems.append(.init("description", "required")) }
        case .tickItem:
            require("item_id", itemID)
            require("ticked", ticked)
        case .moveItem, .deleteItem:
            require("item_id", itemID)
        case .shareList:
            require("list_id", listID)
            require("access", access)
            if (playerID == nil) == (email == nil) { problems.append(.init("player_id", "one_of")) }
        case .answerShare:
            require("list_id", listID)
            require("accept", accept)
        case .removeShare:
            require("list_id", listID)
            require("player_id", playerID)
        }
        return problems
    }
}
