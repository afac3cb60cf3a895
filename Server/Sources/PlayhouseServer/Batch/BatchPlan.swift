import Foundation
import PlayhouseAPI

/// A batch checked before anything runs: names unique and well formed, methods and paths the
/// API's, dependencies known and free of cycles, references only to dependencies; and the order
/// to run it in (each sub-request after those it depends on, otherwise as sent).
struct BatchPlan {
    static let maxRequests = 50
    static let methods: Set<String> = ["GET", "POST", "PUT", "PATCH", "DELETE"]

    let requests: [BatchSubRequest]
    /// Indices into `requests`, in the order to run them.
    let order: [Int]

    init(_ body: BatchRequestBody) throws {
        var requests = body.requests
        guard (1...Self.maxRequests).contains(requests.count) else {
            throw Self.invalid("batch_size", ["max": String(Self.maxRequests)])
        }
        var index: [String: Int] = [:]
        for (position, request) in requests.enumerated() {
            guard request.name.range(of: "^[A-Za-z0-9_-]{1,64}$", options: .regularExpression) != nil else {
                throw Self.invalid("batch_name", ["name": String(request.name.prefix(64))])
            }
            guard index.updateValue(position, forKey: request.name) == nil else { throw Self.invalid("batch_duplicate", ["name": request.name]) }
            requests[position].method = request.method.uppercased()
            guard Self.methods.contains(requests[position].method) else {
                throw Self.invalid("batch_method", ["name": request.name])
            }
            // Betable's paths had no /v1; the batch itself cannot be nested.
            let path = request.path.hasPrefix("/v1/") ? request.path : "/v1" + (request.path.hasPrefix("/") ? "" : "/") + request.path
            guard path.utf8.count <= 2000, !path.contains(".."), !path.contains("//"), !path.contains("#"),
                  !(path == APIPath.batch || path.hasPrefix(APIPath.batch + "/") || path.hasPrefix(APIPath.batch + "?")),
                  path.unicodeScalars.allSatisfy({ (0x21...0x7e).contains($0.value) }) else {
                throw Self.invalid("batch_path", ["name": request.name])
            }
            requests[position].path = path
        }
        for request in requests {
            for dependency in request.dependsOn where index[dependency] == nil || dependency == request.name {
                throw Self.invalid("batch_dependency", ["name": request.name, "dependency": String(dependency.prefix(64))])
            }
            for reference in Self.references(in: request) where !request.dependsOn.contains(reference) {
                throw Self.invalid("batch_reference", ["name": request.name, "reference": String(reference.prefix(64))])
            }
        }
        // Kahn's algorithm, taking the first ready sub-request as sent each time.
        var waiting = requests.map { Set($0.dependsOn).count }
        var done = [Bool](repeating: false, count: requests.count)
        var order: [Int] = []
        while order.count < requests.count {
            guard let next = requests.indices.first(where: { !done[$0] && waiting[$0] == 0 }) else {
                let cycle = requests.indices.filter { !done[$0] }.map { requests[$0].name }
                throw Self.invalid("batch_cycle", ["names": cycle.joined(separator: ", ")])
            }
            done[next] = true
            order.append(next)
            for (position, request) in requests.enumerated() where Set(request.dependsOn).contains(requests[next].name) {
                waiting[position] -= 1
            }
        }
        self.requests = requests
        self.order = order
    }

    private static func invalid(_ message: String, _ parameters: [String: String]) -> PlayhouseProblem {
        PlayhouseProblem(.badRequest, .invalidBatch, message: message, parameters: parameters)
    }

    // MARK: References

    /// `${name.path}`: a sub-request's name, then keys and indices into its result.
    static var reference: Regex<(Substring, Substring, Substring)> { #/\$\{([A-Za-z0-9_-]{1,64})((?:\.[^.}]+)*)\}/# }

    /// The names a sub-request refers to.
    static func references(in request: BatchSubRequest) -> Set<String> {
        var names = Set(request.path.matches(of: reference).map { String($0.output.1) })
        func walk(_ value: JSONValue) {
            switch value {
            case .string(let text): names.formUnion(text.matches(of: reference).map { String($0.output.1) })
            case .array(let values): values.forEach(walk)
            case .object(let values): values.values.forEach(walk)
            default: break
            }
        }
        if let body = request.body { walk(body) }
        return names
    }

    struct Unresolved: Error {
        var reference: String
    }

    /// `text` with its references replaced from `results` (name → `{"status": …, "body": …}`). A
    /// text that is one reference and nothing else becomes the value itself.
    static func resolve(_ text: String, _ results: [String: JSONValue]) throws(Unresolved) -> JSONValue {
        let matches = text.matches(of: reference)
        if matches.isEmpty { return .string(text) }
        func value(_ match: Regex<(Substring, Substring, Substring)>.Match) throws(Unresolved) -> JSONValue {
            var current = results[String(match.output.1)]
            for key in match.output.2.split(separator: ".") {
                current = Int(key).flatMap { current?[$0] } ?? current?[String(key)]
            }
            guard let current else { throw Unresolved(reference: String(match.output.0)) }
            return current
        }
        if matches.count == 1, matches[0].range == text.startIndex..<text.endIndex { return try value(matches[0]) }
        var resolved = ""
        var last = text.startIndex
        for match in matches {
            resolved += text[last..<match.range.lowerBound]
            resolved += try value(match).text
            last = match.range.upperBound
        }
        return .string(resolved + text[last...])
    }

    static func resolve(_ body: JSONValue, _ results: [String: JSONValue]) throws(Unresolved) -> JSONValue {
        switch body {
        case .string(let text): return try resolve(text, results)
        case .array(let values):
            var resolved: [JSONValue] = []
            for value in values { resolved.append(try resolve(value, results)) }
            return .array(resolved)
        case .object(let values):
            var resolved: [String: JSONValue] = [:]
            for (key, value) in values { resolved[key] = try resolve(value, results) }
            return .object(resolved)
        default: return body
        }
    }
}
