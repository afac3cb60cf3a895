extension OpenAPIDocument {
    /// The play sessions' operations and schemas.
    static let sessions = #"""
{
  "tags": [{ "name": "sessions", "description": "The signed-in player's play session: heartbeats, keep-alive and reality checks" }],
  "paths": {
    "/v1/sessions/current": {
      "get": {
        "tags": ["sessions"], "operationId": "getCurrentSession",
        "summary": "Whether the session is alive, when it expires, the reality check (enabled, interval, remaining time, due) and the session's figures: the heartbeat.",
        "security": [{ "bearerAuth": [] }],
        "responses": {
          "200": { "description": "The session.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/PlaySessionStatus" } } } },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "404": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      },
      "delete": {
        "tags": ["sessions"], "operationId": "endCurrentSession", "summary": "Ends the session and revokes every token issued in it.",
        "security": [{ "bearerAuth": [] }],
        "responses": {
          "204": { "description": "Ended." },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "404": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/sessions/current/keep-alive": {
      "post": {
        "tags": ["sessions"], "operationId": "keepSessionAlive",
        "summary": "Extends the session. reality_checked true acknowledges a due reality check and starts the next period; false ends the session (the player chose to stop).",
        "security": [{ "bearerAuth": [] }],
        "requestBody": { "required": false, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/KeepAliveRequest" } } } },
        "responses": {
          "200": { "description": "The session.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/PlaySessionStatus" } } } },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "404": { "$ref": "#/components/responses/Problem" },
          "413": { "$ref": "#/components/responses/Problem" },
          "415": { "$ref": "#/components/responses/Problem" },
          "422": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    }
  },
  "schemas": {
    "KeepAliveRequest": {
      "type": "object",
      "properties": { "reality_checked": { "type": ["boolean", "null"] } }
    },
    "PlaySessionStatus": {
      "type": "object", "required": ["id", "alive", "expires_at", "reality_check", "statistics"],
      "properties": {
        "id": { "type": "string" }, "alive": { "type": "boolean" }, "expires_at": { "type": "string", "format": "date-time" },
        "reality_check": {
          "type": "object", "required": ["enabled", "interval_seconds", "remaining_ms", "due"],
          "properties": { "enabled": { "type": "boolean" }, "interval_seconds": { "type": "integer" }, "remaining_ms": { "type": "integer" }, "due": { "type": "boolean" } }
        },
        "statistics": {
          "type": "object", "required": ["seconds_played", "bets", "money"],
          "properties": {
            "seconds_played": { "type": "integer" }, "bets": { "type": "integer" },
            "money": { "type": "array", "items": { "type": "object", "required": ["currency", "economy", "wagered", "won", "net"],
              "properties": { "currency": { "type": "string" }, "economy": { "type": "string", "enum": ["real", "sandbox"] },
                "wagered": { "type": "string" }, "won": { "type": "string" }, "net": { "type": "string" } } } }
          }
        }
      }
    }
  }
}
"""#
}
