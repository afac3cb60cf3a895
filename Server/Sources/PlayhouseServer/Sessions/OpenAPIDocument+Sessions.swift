extension OpenAPIDocument {
    /// The play sessions' operations and schemas.
    static let sessions = #"""
{
  "tags": [
    { "name": "sessions", "description": "The signed-in player's play session: heartbeats, keep-alive and reality checks" },
    { "name": "limits", "description": "Responsible play: the player's limits, cool-off, self-exclusion, and whether they may play now" }
  ],
  "paths": {
    "/reality-check": {
      "get": {
        "tags": ["hosted pages"], "operationId": "showRealityCheckPage",
        "summary": "The hosted reality-check page: time played and net result, with Continue, Check balance and Stop. Opened through POST /v1/pages with page reality-check.",
        "security": [],
        "responses": {
          "200": { "description": "The page (or, once the session has ended, a page saying so).", "content": { "text/html": { "schema": { "type": "string" } } } },
          "401": { "description": "No page session for a play session, or it expired: a page saying so.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      },
      "post": {
        "tags": ["hosted pages"], "operationId": "chooseOnRealityCheckPage",
        "summary": "The player's choice: continue acknowledges the check and goes to /pages/close; stop ends the session.",
        "security": [],
        "requestBody": { "required": true, "content": { "application/x-www-form-urlencoded": { "schema": { "type": "object",
          "properties": { "csrf": { "type": "string" }, "choice": { "type": "string", "enum": ["continue", "stop"] } } } } } },
        "responses": {
          "200": { "description": "Stopped: the session has ended.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "303": { "description": "Continued: on to /pages/close." },
          "401": { "description": "No page session for a play session, or it expired.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "403": { "description": "The form did not come from this page session (CSRF).", "content": { "text/html": { "schema": { "type": "string" } } } },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/me/limits": {
      "get": {
        "tags": ["limits"], "operationId": "getLimits",
        "summary": "The player's limits in force, what each money limit's window has used, and loosening changes waiting out their 24 hours.",
        "security": [{ "bearerAuth": [] }],
        "responses": {
          "200": { "description": "The limits.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/PlayerLimits" } } } },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      },
      "put": {
        "tags": ["limits"], "operationId": "updateLimits",
        "summary": "Changes limits: a field left out stays, null removes. Tightening applies at once, loosening after 24 hours; cool-off and self-exclusion can only be extended (409 limit_locked).",
        "security": [{ "bearerAuth": [] }],
        "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/LimitsUpdate" } } } },
        "responses": {
          "200": { "description": "The limits after the change.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/PlayerLimits" } } } },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "409": { "$ref": "#/components/responses/Problem" },
          "413": { "$ref": "#/components/responses/Problem" },
          "415": { "$ref": "#/components/responses/Problem" },
          "422": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/can-i-gamble": {
      "get": {
        "tags": ["limits"], "operationId": "canIGamble",
        "summary": "Whether the player may deposit and bet now and, if not, every reason: self-exclusion, cool-off, age or profile, session expired or over its time limit, reality check due, loss limit used up.",
        "security": [{ "bearerAuth": [] }],
        "responses": {
          "200": { "description": "The verdict.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/GambleVerdict" } } } },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
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
    "MoneyLimit": {
      "type": "object", "required": ["currency", "period", "amount", "used", "remaining"],
      "properties": {
        "currency": { "type": "string" }, "period": { "type": "string", "enum": ["daily", "weekly", "monthly"] },
        "amount": { "type": "string" }, "used": { "type": "string" }, "remaining": { "type": "string" }
      }
    },
    "PlayerLimits": {
      "type": "object", "required": ["deposit_limits", "loss_limits", "pending"],
      "properties": {
        "reality_check_interval_seconds": { "type": ["integer", "null"] },
        "session_time_limit_seconds": { "type": ["integer", "null"] },
        "deposit_limits": { "type": "array", "items": { "$ref": "#/components/schemas/MoneyLimit" } },
        "loss_limits": { "type": "array", "items": { "$ref": "#/components/schemas/MoneyLimit" } },
        "cool_off_until": { "type": ["string", "null"], "format": "date-time" },
        "self_excluded_until": { "type": ["string", "null"], "format": "date-time" },
        "pending": { "type": "array", "items": { "type": "object", "required": ["limit", "effective_at"],
          "properties": { "limit": { "type": "string" }, "value": { "type": ["string", "null"] }, "effective_at": { "type": "string", "format": "date-time" } } } }
      }
    },
    "MoneyLimitChange": {
      "type": "object", "required": ["currency", "period"],
      "properties": {
        "currency": { "type": "string", "pattern": "^[A-Za-z0-9]{1,12}$" }, "period": { "type": "string", "enum": ["daily", "weekly", "monthly"] },
        "amount": { "type": ["string", "null"], "pattern": "^[0-9]{1,15}(\\.[0-9]{1,8})?$", "description": "A positive decimal; null removes the limit." }
      }
    },
    "LimitsUpdate": {
      "type": "object",
      "properties": {
        "reality_check_interval_seconds": { "type": ["integer", "null"], "minimum": 60, "maximum": 86400 },
        "session_time_limit_seconds": { "type": ["integer", "null"], "minimum": 60, "maximum": 86400 },
        "deposit_limits": { "type": ["array", "null"], "items": { "$ref": "#/components/schemas/MoneyLimitChange" }, "description": "Absent or null: no change." },
        "loss_limits": { "type": ["array", "null"], "items": { "$ref": "#/components/schemas/MoneyLimitChange" }, "description": "Absent or null: no change." },
        "cool_off_until": { "type": ["string", "null"], "format": "date-time", "description": "At most 42 days ahead." },
        "self_excluded_until": { "type": ["string", "null"], "format": "date-time" }
      }
    },
    "GambleVerdict": {
      "type": "object", "required": ["allowed", "reasons"],
      "properties": {
        "allowed": { "type": "boolean" },
        "reasons": { "type": "array", "items": { "type": "object", "required": ["code", "detail"],
          "properties": { "code": { "type": "string" }, "detail": { "type": "string" }, "until": { "type": ["string", "null"], "format": "date-time" } } } }
      }
    },
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
