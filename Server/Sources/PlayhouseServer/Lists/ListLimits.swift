import Foundation
import PlayhouseAPI

/// How big lists, items and batches may be. Limits on an operation itself are checked for the
/// whole batch before anything is applied (``check(_:)``: a batch with any problem is `422` with
/// every problem named, and changes nothing); limits on what is stored refuse one operation
/// (``ListRules``).
struct ListLimits: Sendable {
    var nameLength = ListSizes.nameLength
    var descriptionLength = ListSizes.descriptionLength
    var unitLength = ListSizes.unitLength
    var count = ListSizes.count
    var listsPerPlayer = 100
    var itemsPerList = 500
    var sharesPerList = 50
    var operationsPerBatch = 100

    /// Every problem of `batch`, each naming its operation and field
    /// (`operations[2].name`, `too_long`); none when it may be applied.
    func check(_ batch: ListOperationsRequest) -> [PlayhouseProblem.Field] {
        var problems: [PlayhouseProblem.Field] = []
        if batch.operations.isEmpty { problems.append(.init(name: "operations", code: "required")) }
        if batch.operations.count > operationsPerBatch {
            problems.append(.init(name: "operations", code: "too_many", parameters: ["max": String(operationsPerBatch)]))
        }
        var seen = Set<String>()
        for (index, operation) in batch.operations.prefix(operationsPerBatch).enumerated() {
            let prefix = "operations[\(index)]."
            for (field, code, parameters) in check(operation) {
                problems.append(.init(name: prefix + field, code: code, parameters: parameters))
            }
            if !seen.insert(operation.mutationID.lowercased()).inserted {
                problems.append(.init(name: prefix + "mutation_id", code: "duplicate"))
            }
        }
        return problems
    }

    /// The problems of one operation: what it needs, sizes, ids.
    private func check(_ operation: ListOperation) -> [(String, String, [String: String])] {
        var problems: [(String, String, [String: String])] = []
        func require(_ field: String, _ value: Any?) {
            if value == nil { problems.append((field, "required", [:])) }
        }
        func id(_ field: String, _ value: String?) {
            if let value, UUID(uuidString: value) == nil { problems.append((field, "invalid_value", [:])) }
        }
        func text(_ field: String, _ value: String?, max: Int, allowEmpty: Bool = false) {
            guard let value else { return }
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty && !allowEmpty { problems.append((field, "blank", [:])) }
            if value.count > max { problems.append((field, "too_long", ["max": String(max)])) }
            if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" }) {
                problems.append((field, "invalid_value", [:]))
            }
        }
        id("mutation_id", operation.mutationID)
        id("list_id", operation.listID)
        id("item_id", operation.itemID)
        id("after", operation.after)
        id("player_id", operation.playerID)
        text("name", operation.name, max: nameLength)
        text("description", operation.description, max: descriptionLength)
        text("unit", operation.unit, max: unitLength, allowEmpty: operation.op == .editItem)
        text("email", operation.email, max: 254)
        if let offer = operation.offerERN, !(offer.hasPrefix("ern:offer:") && offer.count <= 100) {
            problems.append(("offer_ern", "invalid_value", [:]))
        }
        if let count = operation.count, !self.count.contains(count) {
            problems.append(("count", "out_of_range", ["min": String(self.count.lowerBound), "max": String(self.count.upperBound)]))
        }
        switch operation.op {
        case .createList, .renameList:
            require("list_id", operation.listID)
            require("name", operation.name)
        case .deleteList, .leaveList:
            require("list_id", operation.listID)
        case .addItem:
            require("list_id", operation.listID)
            require("item_id", operation.itemID)
            require("description", operation.description)
            require("count", operation.count)
        case .editItem:
            require("item_id", operation.itemID)
            if operation.description == nil && operation.count == nil && operation.unit == nil {
                problems.append(("description", "required", [:]))
            }
        case .tickItem:
            require("item_id", operation.itemID)
            require("ticked", operation.ticked)
        case .moveItem, .deleteItem:
            require("item_id", operation.itemID)
        case .shareList:
            require("list_id", operation.listID)
            require("access", operation.access)
            if (operation.playerID == nil) == (operation.email == nil) { problems.append(("player_id", "one_of", [:])) }
        case .answerShare:
            require("list_id", operation.listID)
            require("accept", operation.accept)
        case .removeShare:
            require("list_id", operation.listID)
            require("player_id", operation.playerID)
        }
        return problems
    }
}
