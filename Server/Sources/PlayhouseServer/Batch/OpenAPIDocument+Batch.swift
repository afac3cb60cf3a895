extension OpenAPIDocument {
    /// The batch operation and its schemas.
    static let batch = #"""
{
  "tags": [{ "name": "batch", "description": "Several calls in one request, in dependency order (Betable's batch requests)" }],
  "paths": {
    "/v1/batch": {
      "post": {
        "tags": ["batch"], "operationId": "runBatch",
        "summary": "Runs up to 50 named sub-requests in dependency order, each with this request's token as if called alone. ${name.body.key} in a path or body string takes a value from a sub-request it depends_on. A sub-request whose dependency failed answers 424. A batch that cannot run (cycle, unknown name, too many) is a 400 and nothing runs.",
        "security": [{ "bearerAuth": [] }],
        "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/BatchRequestBody" } } } },
        "responses": {
          "200": { "description": "Every sub-request's status and JSON body, in the order sent.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/BatchResponseBody" } } } },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "413": { "$ref": "#/components/responses/Problem" },
          "415": { "$ref": "#/components/responses/Problem" },
          "422": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    }
  },
  "schemas": {
    "BatchRequestBody": {
      "type": "object", "required": ["requests"],
      "properties": { "requests": { "type": "array", "maxItems": 50, "items": { "$ref": "#/components/schemas/BatchSubRequest" } } }
    },
    "BatchSubRequest": {
      "type": "object", "required": ["name"],
      "properties": {
        "name": { "type": "string", "pattern": "^[A-Za-z0-9_-]{1,64}$" },
        "method": { "type": ["string", "null"], "enum": ["GET", "POST", "PUT", "PATCH", "DELETE", null], "default": "GET" },
        "path": { "type": ["string", "null"], "description": "An API path such as /v1/games/lucky-sevens/bet (Betable's key url and paths without /v1 work too)." },
        "url": { "type": ["string", "null"] },
        "depends_on": { "type": ["array", "null"], "items": { "type": "string" } },
        "body": { "description": "Any JSON; strings may carry ${name.path} references." },
        "idempotency_key": { "type": ["string", "null"], "description": "Sent as the sub-request's Idempotency-Key." }
      }
    },
    "BatchResponseBody": {
      "type": "object", "required": ["responses"],
      "properties": { "responses": { "type": "array", "items": { "$ref": "#/components/schemas/BatchSubResponse" } } }
    },
    "BatchSubResponse": {
      "type": "object", "required": ["name", "status", "body"],
      "properties": { "name": { "type": "string" }, "status": { "type": "integer" }, "body": { "description": "The JSON body, or null." } }
    }
  }
}
"""#
}
