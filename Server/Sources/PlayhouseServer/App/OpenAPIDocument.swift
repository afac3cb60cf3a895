import Foundation
import Yams

/// The OpenAPI 3.1 description of every operation, kept as data.
///
/// `App/openapi.yaml` is the document's root: its info, the default security (a bearer token) and
/// what every feature shares (the problem responses, the hosted-page responses, paging parameters,
/// money). Each feature folder keeps its own part beside its controller, `<feature>.openapi.yaml`,
/// with its tags, paths and components. Loading merges them and applies the house rules here, once,
/// so that no file repeats them:
///
/// - every operation may answer `default` with a problem;
/// - an operation under bearer security (the document's default) may answer `401 Unauthorized`;
/// - an operation with a request body may answer 400, 413 and 415 with a problem, and one with a
///   query parameter 400 (a bad query value names its field);
/// - `x-responses: {Name: [status, …]}` on an operation answers each of those statuses with the
///   shared response `#/components/responses/Name`;
/// - a schema `{x-page-of: Item}` is the page envelope `{"data": [Item], "next_cursor": "…"}`.
///
/// A path, tag, operation id or component defined twice, an unknown `x-` key of ours or a `$ref`
/// to nothing is a problem; all of them are listed at once. The server loads the document as it
/// starts, so a bad file stops it; the test suite checks the served document against the OpenAPI
/// 3.1 schema and the server's routes. `{{PUBLIC_URL}}` stands for the server's public URL.
struct OpenAPIDocument: Sendable {
    /// The document as JSON (sorted keys), with `{{PUBLIC_URL}}` still in it.
    let json: String

    /// The document with the server's public URL filled in.
    func rendered(publicURL: String) -> String {
        json.replacingOccurrences(of: "{{PUBLIC_URL}}", with: publicURL)
    }

    /// Everything wrong with the files, each with the file it is in.
    struct Invalid: Error, CustomStringConvertible {
        var problems: [String]
        var description: String { "The OpenAPI document is invalid:\n" + problems.map { "  - " + $0 }.joined(separator: "\n") }
    }

    /// The document the server is built with, from its resource files; loaded once per process.
    static let bundled: Result<OpenAPIDocument, any Error> = Result {
        guard let folder = Bundle.module.resourceURL else { throw Invalid(problems: ["the server's resources are missing"]) }
        let urls = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        return try load(files: urls.filter { $0.lastPathComponent.hasSuffix("openapi.yaml") })
    }

    /// Merges `openapi.yaml` (the root) and the `<feature>.openapi.yaml` parts, applies the house
    /// rules and checks the result.
    static func load(files: [URL]) throws -> OpenAPIDocument {
        var problems: [String] = []
        let sorted = files.sorted { $0.lastPathComponent < $1.lastPathComponent }
        guard let rootURL = sorted.first(where: { $0.lastPathComponent == "openapi.yaml" }) else {
            throw Invalid(problems: ["openapi.yaml (the document's root) is missing"])
        }
        var document = try read(rootURL, problems: &problems)
        for url in sorted where url != rootURL {
            merge(try read(url, problems: &problems), from: url.lastPathComponent, into: &document, problems: &problems)
        }
        applyHouseRules(to: &document, problems: &problems)
        checkReferences(in: document, problems: &problems)
        guard problems.isEmpty else { throw Invalid(problems: problems) }
        let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes])
        return OpenAPIDocument(json: String(decoding: data, as: UTF8.self))
    }

    private typealias Object = [String: Any]

    private static func read(_ url: URL, problems: inout [String]) throws -> Object {
        let text = try String(contentsOf: url, encoding: .utf8)
        do {
            // Plain YAML 1.1 values, but no timestamps: a date in a description or example stays text.
            guard let object = try Yams.load(yaml: text, Resolver.default.removing(.timestamp)) as? Object else {
                problems.append("\(url.lastPathComponent): not a mapping")
                return [:]
            }
            return object
        } catch {
            problems.append("\(url.lastPathComponent): \(error)")
            return [:]
        }
    }

    /// Adds a feature's tags, paths and components to the document; a name already taken is a problem.
    private static func merge(_ part: Object, from file: String, into document: inout Object, problems: inout [String]) {
        for key in part.keys where !["tags", "paths", "components"].contains(key) {
            problems.append("\(file): \(key) belongs in openapi.yaml, not in a feature's part")
        }
        var tags = document["tags"] as? [Object] ?? []
        for tag in part["tags"] as? [Object] ?? [] {
            if tags.contains(where: { $0["name"] as? String == tag["name"] as? String }) {
                problems.append("\(file): tag \(tag["name"] ?? "") is defined twice")
            }
            tags.append(tag)
        }
        document["tags"] = tags
        var paths = document["paths"] as? Object ?? [:]
        for (path, item) in part["paths"] as? Object ?? [:] {
            guard paths[path] == nil else { problems.append("\(file): path \(path) is defined twice"); continue }
            paths[path] = item
        }
        document["paths"] = paths
        var components = document["components"] as? Object ?? [:]
        for (section, entries) in part["components"] as? Object ?? [:] {
            var merged = components[section] as? Object ?? [:]
            for (name, value) in entries as? Object ?? [:] {
                guard merged[name] == nil else {
                    problems.append("\(file): components/\(section)/\(name) is defined twice"); continue
                }
                merged[name] = value
            }
            components[section] = merged
        }
        document["components"] = components
    }

    private static var problem: Object { ["$ref": "#/components/responses/Problem"] }
    private static var unauthorized: Object { ["$ref": "#/components/responses/Unauthorized"] }

    /// The rules in this type's documentation, applied to every operation and schema.
    private static func applyHouseRules(to document: inout Object, problems: inout [String]) {
        var components = document["components"] as? Object ?? [:]
        let parameters = components["parameters"] as? Object ?? [:]
        var schemas = components["schemas"] as? Object ?? [:]
        for (name, value) in schemas {
            guard let schema = value as? Object, let item = schema["x-page-of"] as? String else { continue }
            if schema.count > 1 { problems.append("schema \(name): x-page-of stands alone") }
            schemas[name] = [
                "type": "object", "required": ["data"],
                "properties": ["data": ["type": "array", "items": ["$ref": "#/components/schemas/\(item)"]] as Object,
                               "next_cursor": ["type": "string"]] as Object,
            ] as Object
        }
        components["schemas"] = schemas
        document["components"] = components

        let defaultSecurity = document["security"] as? [Object] ?? []
        var operationIDs: Set<String> = []
        var paths = document["paths"] as? Object ?? [:]
        for (path, value) in paths {
            guard var item = value as? Object else { continue }
            for (method, value) in item {
                guard var operation = value as? Object else { continue }
                let operationName = "\(method) \(path)"
                if let id = operation["operationId"] as? String, !operationIDs.insert(id).inserted {
                    problems.append("\(operationName): operationId \(id) is used twice")
                }
                for key in operation.keys where key.hasPrefix("x-") && key != "x-responses" {
                    problems.append("\(operationName): unknown key \(key)")
                }
                var responses = operation["responses"] as? Object ?? [:]
                func add(_ status: String, _ response: Object) {
                    if responses[status] == nil { responses[status] = response }
                }
                for (name, statuses) in operation.removeValue(forKey: "x-responses") as? Object ?? [:] {
                    guard let statuses = statuses as? [Int] else {
                        problems.append("\(operationName): x-responses.\(name) is not a list of statuses"); continue
                    }
                    for status in statuses { add(String(status), ["$ref": "#/components/responses/\(name)"]) }
                }
                let security = operation["security"] as? [Object] ?? defaultSecurity
                if security.contains(where: { $0["bearerAuth"] != nil }) { add("401", unauthorized) }
                if operation["requestBody"] != nil { for status in ["400", "413", "415"] { add(status, problem) } }
                let takesQuery = (operation["parameters"] as? [Object] ?? []).contains { parameter in
                    let resolved = (parameter["$ref"] as? String).flatMap { parameters[String($0.split(separator: "/").last ?? "")] as? Object }
                    return (resolved ?? parameter)["in"] as? String == "query"
                }
                if takesQuery { add("400", problem) }
                add("default", problem)
                operation["responses"] = responses
                item[method] = operation
            }
            paths[path] = item
        }
        document["paths"] = paths
    }

    /// Every `$ref` names something in the document.
    private static func checkReferences(in document: Object, problems: inout [String]) {
        var unresolved: Set<String> = []
        func resolves(_ reference: String) -> Bool {
            guard reference.hasPrefix("#/") else { return false }
            var node: Any = document
            for key in reference.dropFirst(2).split(separator: "/") {
                guard let next = (node as? Object)?[String(key)] else { return false }
                node = next
            }
            return true
        }
        func walk(_ node: Any) {
            if let object = node as? Object {
                if let reference = object["$ref"] as? String, !resolves(reference) { unresolved.insert(reference) }
                object.values.forEach(walk)
            } else if let array = node as? [Any] {
                array.forEach(walk)
            }
        }
        walk(document)
        problems += unresolved.sorted().map { "$ref \($0) names nothing" }
    }
}
