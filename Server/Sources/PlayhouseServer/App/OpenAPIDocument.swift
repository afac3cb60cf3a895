import Foundation
import PlayhouseAPI
import Yams

/// The OpenAPI 3.1 description of every operation, kept as data.
///
/// `App/openapi.yaml` is the document's root: its info, the default security (a bearer token) and
/// what every feature shares (the problem responses, the hosted-page responses, paging parameters,
/// money). Each feature folder keeps its own part beside its controller, `<feature>.openapi.yaml`,
/// with its tags, paths and components. Loading merges them and applies the house rules here, once,
/// so that no file repeats them. What the rules add is data too, under `x-house-rules` in the root:
///
/// - `x-responses: {Name: [status, …]}` on an operation answers each of those statuses with the
///   shared response `#/components/responses/Name`;
/// - every operation, one under bearer security (the document's default), one with a request body
///   and one with a query parameter also get the shared responses the rules name for their kind
///   (`default`; 401; 400, 413 and 415; 400), where they do not answer those statuses themselves;
/// - a schema `{x-page-of: Item}` is the rules' `page-of` schema with `{item}` read as `Item`.
///
/// `x-operator-permission` on an admin operation or a console page names the permission
/// (``OperatorRole/Permission``) an operator's role needs for it; it stays in the served document,
/// for scripts to read, and the test suite calls every such operation as every role to hold the
/// server to it.
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
        checkValues(in: document, problems: &problems)
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

    /// The house rules, as `App/openapi.yaml` writes them under `x-house-rules` (which is not
    /// served): for each kind of operation the shared responses it may answer, in the operations'
    /// own `x-responses` form, and the schema `{x-page-of: Item}` stands for.
    private struct HouseRules {
        /// Kind of operation → (status, shared response).
        var responses: [String: [(status: String, response: String)]] = [:]
        var pageOf: Object = [:]

        static let kinds: Set<String> = ["every-operation", "bearer-token", "request-body", "query"]

        init(_ rules: Object, problems: inout [String]) {
            for (key, value) in rules {
                if key == "page-of", let schema = value as? Object {
                    pageOf = schema
                } else if Self.kinds.contains(key) {
                    responses[key] = OpenAPIDocument.responses(value, in: "x-house-rules.\(key)", problems: &problems)
                } else {
                    problems.append("openapi.yaml: x-house-rules.\(key) is no rule")
                }
            }
            for kind in Self.kinds.subtracting(responses.keys).sorted() { problems.append("openapi.yaml: x-house-rules.\(kind) is missing") }
            if pageOf.isEmpty { problems.append("openapi.yaml: x-house-rules.page-of is missing") }
        }
    }

    /// `{Name: [status, …]}` as (status, shared response) pairs; anything else is a problem of `place`.
    private static func responses(_ value: Any, in place: String, problems: inout [String]) -> [(status: String, response: String)] {
        guard let map = value as? Object else { problems.append("\(place) is not a map of responses to statuses"); return [] }
        return map.sorted { $0.key < $1.key }.flatMap { name, statuses -> [(status: String, response: String)] in
            guard let statuses = statuses as? [Any] else { problems.append("\(place).\(name) is not a list of statuses"); return [] }
            return statuses.map { (status: "\($0)", response: name) }
        }
    }

    /// `node` with every `{item}` in its text replaced by `item`.
    private static func filling(_ node: Any, item: String) -> Any {
        switch node {
        case let text as String: text.replacingOccurrences(of: "{item}", with: item)
        case let object as Object: object.mapValues { filling($0, item: item) }
        case let array as [Any]: array.map { filling($0, item: item) }
        default: node
        }
    }

    /// The rules in this type's documentation, applied to every operation and schema.
    private static func applyHouseRules(to document: inout Object, problems: inout [String]) {
        let rules = HouseRules(document.removeValue(forKey: "x-house-rules") as? Object ?? [:], problems: &problems)
        var components = document["components"] as? Object ?? [:]
        let parameters = components["parameters"] as? Object ?? [:]
        var schemas = components["schemas"] as? Object ?? [:]
        for (name, value) in schemas {
            guard let schema = value as? Object, let item = schema["x-page-of"] as? String else { continue }
            if schema.count > 1 { problems.append("schema \(name): x-page-of stands alone") }
            schemas[name] = filling(rules.pageOf, item: item)
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
                for key in operation.keys where key.hasPrefix("x-") && key != "x-responses" && key != "x-operator-permission" {
                    problems.append("\(operationName): unknown key \(key)")
                }
                if let permission = operation["x-operator-permission"], (permission as? String).flatMap(OperatorRole.Permission.init) == nil {
                    problems.append("\(operationName): x-operator-permission \(permission) is no operator's permission")
                }
                let own = operation.removeValue(forKey: "x-responses").map { responses($0, in: "\(operationName): x-responses", problems: &problems) }
                let security = operation["security"] as? [Object] ?? defaultSecurity
                let takesQuery = (operation["parameters"] as? [Object] ?? []).contains { parameter in
                    let resolved = (parameter["$ref"] as? String).flatMap { parameters[String($0.split(separator: "/").last ?? "")] as? Object }
                    return (resolved ?? parameter)["in"] as? String == "query"
                }
                let kinds = [(true, "every-operation"), (security.contains { $0["bearerAuth"] != nil }, "bearer-token"),
                             (operation["requestBody"] != nil, "request-body"), (takesQuery, "query")]
                var answers = operation["responses"] as? Object ?? [:]
                // An operation's own answers come first, then its own shared ones, then the rules'.
                for (status, response) in (own ?? []) + kinds.filter(\.0).flatMap({ rules.responses[$0.1] ?? [] })
                    where answers[status] == nil {
                    answers[status] = ["$ref": "#/components/responses/" + response]
                }
                operation["responses"] = answers
                item[method] = operation
            }
            paths[path] = item
        }
        document["paths"] = paths
    }

    /// Every key has a value. In a flow mapping (`{description: …}`), unquoted text ends at its
    /// first comma, and what follows becomes a key with no value: the text needs quotes.
    private static func checkValues(in document: Object, problems: inout [String]) {
        func walk(_ node: Any, _ place: String) {
            if let object = node as? Object {
                for (key, value) in object.sorted(by: { $0.key < $1.key }) {
                    if value is NSNull { problems.append("\(place)/\(key) has no value (quote text that holds a comma)") } else { walk(value, place + "/" + key) }
                }
            } else if let array = node as? [Any] {
                for (index, element) in array.enumerated() { walk(element, place + "/\(index)") }
            }
        }
        walk(document, "")
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
