import Foundation
import PlayhouseAPI

/// How many lists, items, shares and operations there may be. An operation's own problems
/// (``PlayhouseAPI/ListOperation/problems``, which the SDK checks too) are checked for the whole
/// batch before anything is applied (``check(_:)``: a batch with any problem is `422` with every
/// problem named, and changes nothing); limits on what is stored refuse one operation (``ListRules``).
struct ListLimits: Sendable {
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
            for problem in operation.problems {
                problems.append(.init(name: prefix + problem.field, code: problem.code, parameters: problem.parameters))
            }
            if !seen.insert(operation.mutationID.lowercased()).inserted {
                problems.append(.init(name: prefix + "mutation_id", code: "duplicate"))
            }
        }
        return problems
    }
}
