import Foundation
@testable import PlayhouseServer
import Testing

/// The document's files are merged by rules of the house (``OpenAPIDocument``); these tests show
/// what a feature's file gets without writing it, and that every mistake is named at once.
@Suite struct OpenAPIDocumentTests {
    private let root = """
        openapi: 3.1.0
        info: {title: T, version: '1'}
        security: [{bearerAuth: []}]
        x-house-rules:
          every-operation: {Problem: [default]}
          bearer-token: {Unauthorized: [401]}
          request-body: {Problem: [400, 413, 415]}
          query: {Problem: [400]}
          page-of: {type: object, required: [data], properties: {data: {type: array, items: {$ref: '#/components/schemas/{item}'}}, next_cursor: {type: string}}}
        tags: [{name: a}]
        paths: {}
        components:
          securitySchemes: {bearerAuth: {type: http, scheme: bearer}}
          responses:
            Problem: {description: A problem.}
            Unauthorized: {description: No token.}
            Page: {description: A page.}
          parameters:
            Limit: {name: limit, in: query, schema: {type: integer}}
          schemas:
            Item: {type: object}
        """

    private func load(_ files: [String: String]) throws -> [String: Any] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("openapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var urls: [URL] = []
        for (name, text) in files {
            let url = directory.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            urls.append(url)
        }
        let document = try OpenAPIDocument.load(files: urls)
        return try #require(try JSONSerialization.jsonObject(with: Data(document.json.utf8)) as? [String: Any])
    }

    private func responses(_ document: [String: Any], _ path: String, _ method: String) throws -> [String: [String: String]] {
        let paths = try #require(document["paths"] as? [String: [String: [String: Any]]])
        return try #require(paths[path]?[method]?["responses"] as? [String: [String: String]])
    }

    @Test func aFeatureFileGetsTheSharedResponsesWithoutWritingThem() throws {
        let document = try load(["openapi.yaml": root, "a.openapi.yaml": """
            paths:
              /v1/things:
                get:
                  parameters: [{$ref: '#/components/parameters/Limit'}]
                  responses: {'200': {description: Things.}}
                  x-responses: {Problem: [404], Page: [409]}
                post:
                  requestBody: {content: {application/json: {schema: {type: object}}}}
                  responses: {'201': {description: Made.}}
              /public:
                get:
                  security: []
                  responses: {'200': {description: Open.}}
            components:
              schemas:
                ThingPage: {x-page-of: Item}
            """])
        let problem = ["$ref": "#/components/responses/Problem"]
        let unauthorized = ["$ref": "#/components/responses/Unauthorized"]
        let list = try responses(document, "/v1/things", "get")
        #expect(list["400"] == problem)  // a query parameter
        #expect(list["401"] == unauthorized)  // the document's bearer security
        #expect(list["404"] == problem)
        #expect(list["409"] == ["$ref": "#/components/responses/Page"])
        #expect(list["default"] == problem)
        #expect(list["413"] == nil)
        let make = try responses(document, "/v1/things", "post")
        #expect(make["400"] == problem && make["413"] == problem && make["415"] == problem)
        let open = try responses(document, "/public", "get")
        #expect(Set(open.keys) == ["200", "default"])

        let paths = try #require(document["paths"] as? [String: [String: [String: Any]]])
        #expect(paths["/v1/things"]?["get"]?["x-responses"] == nil)
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]])
        let page = try #require(schemas["ThingPage"])
        #expect(page["required"] as? [String] == ["data"])
        let properties = try #require(page["properties"] as? [String: [String: Any]])
        #expect((properties["data"]?["items"] as? [String: String]) == ["$ref": "#/components/schemas/Item"])
        #expect(properties["next_cursor"]?["type"] as? String == "string")
    }

    @Test func everyMistakeIsNamedAtOnce() throws {
        let feature = """
            tags: [{name: a}]
            paths:
              /v1/things:
                get:
                  operationId: listThings
                  responses: {'200': {$ref: '#/components/responses/Nothing'}}
                  x-problems: [404]
              /v1/other:
                get: {operationId: listThings, responses: {}, x-operator-permission: rule the world, description: First, then}
            components:
              schemas: {Item: {type: string}}
            """
        let again = """
            paths:
              /v1/things:
                get: {responses: {}}
            """
        #expect {
            try load(["openapi.yaml": root, "a.openapi.yaml": feature, "b.openapi.yaml": again])
        } throws: { error in
            guard let invalid = error as? OpenAPIDocument.Invalid else { return false }
            let expected = [
                "a.openapi.yaml: tag a is defined twice",
                "a.openapi.yaml: components/schemas/Item is defined twice",
                "b.openapi.yaml: path /v1/things is defined twice",
                "unknown key x-problems",
                "operationId listThings is used twice",
                "x-operator-permission rule the world is no operator's permission",
                "$ref #/components/responses/Nothing names nothing",
                "/paths//v1/other/get/then has no value (quote text that holds a comma)",
            ]
            return expected.allSatisfy { text in invalid.problems.contains { $0.contains(text) } }
        }
    }

    @Test func aFileThatIsNoYAMLMappingIsAProblemNotACrash() throws {
        #expect(throws: OpenAPIDocument.Invalid.self) {
            try load(["openapi.yaml": root, "a.openapi.yaml": "paths: {/v1/x: [unclosed"])
        }
        #expect(throws: OpenAPIDocument.Invalid.self) {
            try load(["a.openapi.yaml": "paths: {}"])
        }
    }

    @Test func theRulesAreTheRootsAndEveryOneMustBeThere() throws {
        let withoutQueryRule = root.replacingOccurrences(of: "  query: {Problem: [400]}\n", with: "  queries: {Problem: [400]}\n")
        #expect {
            try load(["openapi.yaml": withoutQueryRule])
        } throws: { error in
            let problems = (error as? OpenAPIDocument.Invalid)?.problems ?? []
            return problems.contains("openapi.yaml: x-house-rules.query is missing")
                && problems.contains("openapi.yaml: x-house-rules.queries is no rule")
        }
        #expect(try load(["openapi.yaml": root])["x-house-rules"] == nil)
    }

    @Test func theServersDocumentLoads() throws {
        let document = try OpenAPIDocument.bundled.get()
        #expect(document.json.contains("\"openapi\":\"3.1.0\""))
        #expect(!document.json.contains("x-responses") && !document.json.contains("x-page-of") && !document.json.contains("x-house-rules"))
    }
}
