extension OpenAPIDocument {
    /// The content feature's operations and schemas.
    static let content = #"""
{
  "tags": [{ "name": "content", "description": "Opens, content placements, badges, lifecycle events and rewards with signed receipts (any token of the app; without a player, name the installation)" }],
  "paths": {
    "/v1/opens": {
      "post": {
        "tags": ["content"], "operationId": "recordOpen", "summary": "An open of the app by an installation; its first open is its install.",
        "security": [{ "bearerAuth": [] }],
        "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/OpenRequest" } } } },
        "responses": {
          "201": { "description": "Recorded.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/OpenRecorded" } } } },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "415": { "$ref": "#/components/responses/Problem" },
          "422": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/placements/{placement}/content": {
      "get": {
        "tags": ["content"], "operationId": "getPlacementContent",
        "summary": "The unit the placement shows the caller now, chosen by schedule, targeting, frequency caps, priority and weight; 204 when nothing qualifies.",
        "description": "Texts come in the language of Accept-Language the unit has, else its default. Reading a placement writes nothing: a display counts once the app sends the displayed event.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [{ "$ref": "#/components/parameters/Placement" }, { "$ref": "#/components/parameters/InstallationID" }],
        "responses": {
          "200": { "description": "The unit.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/PlacementContent" } } } },
          "204": { "description": "Nothing qualifies." },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "422": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/placements/{placement}/notification": {
      "get": {
        "tags": ["content"], "operationId": "getPlacementNotification",
        "summary": "The placement's badge: how many units the caller would be shown there and has not been shown yet; 204 for none.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [{ "$ref": "#/components/parameters/Placement" }, { "$ref": "#/components/parameters/InstallationID" }],
        "responses": {
          "200": { "description": "The badge.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/PlacementNotification" } } } },
          "204": { "description": "Nothing new." },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "422": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/content/events": {
      "post": {
        "tags": ["content"], "operationId": "recordContentEvent",
        "summary": "A unit displayed (counts against its caps once per impression), clicked (a reward unit's click answers its receipt), dismissed or failed.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [{ "$ref": "#/components/parameters/InstallationID" }],
        "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/ContentEventRequest" } } } },
        "responses": {
          "200": { "description": "Recorded.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/ContentEventRecorded" } } } },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "415": { "$ref": "#/components/responses/Problem" },
          "422": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/content/properties": {
      "put": {
        "tags": ["content"], "operationId": "setAudienceProperties",
        "summary": "The app's own facts about the player (or the installation) that campaigns target; replaces those set before.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [{ "$ref": "#/components/parameters/InstallationID" }],
        "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/AudienceProperties" } } } },
        "responses": {
          "200": { "description": "Set.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/AudienceProperties" } } } },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "415": { "$ref": "#/components/responses/Problem" },
          "422": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/content/explain": {
      "get": {
        "tags": ["content"], "operationId": "explainPlacement",
        "summary": "For the developer (an app token): why each campaign of a placement is or is not shown to a player or an installation at a moment.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [
          { "name": "placement", "in": "query", "required": true, "schema": { "type": "string" } },
          { "name": "player_id", "in": "query", "schema": { "type": "string", "format": "uuid" } },
          { "name": "installation_id", "in": "query", "schema": { "type": "string" } },
          { "name": "at", "in": "query", "schema": { "type": "string", "format": "date-time" } }
        ],
        "responses": {
          "200": { "description": "The explanation.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/PlacementExplanation" } } } },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "422": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/content/stats": {
      "get": {
        "tags": ["content"], "operationId": "getContentStats",
        "summary": "For the developer (an app token): per placement and unit per day, opens, requests, fills, displays, clicks, dismissals, failures, unlocks and the impression rate.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [{ "name": "days", "in": "query", "schema": { "type": "integer", "minimum": 1, "maximum": 90, "default": 7 } }],
        "responses": {
          "200": { "description": "The rows, newest day first.", "content": { "application/json": { "schema": { "type": "array", "items": { "$ref": "#/components/schemas/ContentStatsRow" } } } } },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "422": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/rewards": {
      "get": {
        "tags": ["content"], "operationId": "listRewards", "summary": "The player's reward receipts, newest first; status=unclaimed finds those an app has yet to claim.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [
          { "name": "status", "in": "query", "schema": { "type": "string", "enum": ["all", "claimed", "unclaimed"] } },
          { "name": "limit", "in": "query", "schema": { "type": "integer", "minimum": 1, "maximum": 100, "default": 25 } },
          { "name": "cursor", "in": "query", "schema": { "type": "string", "pattern": "^([1-9][0-9]{0,17})?$" } }
        ],
        "responses": {
          "200": { "description": "A page of receipts.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/RewardReceiptPage" } } } },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "422": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/rewards/{receipt}": {
      "get": {
        "tags": ["content"], "operationId": "getReward", "summary": "One of the player's receipts.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [{ "$ref": "#/components/parameters/Receipt" }],
        "responses": {
          "200": { "description": "The receipt.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/RewardReceipt" } } } },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "404": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/rewards/{receipt}/claim": {
      "post": {
        "tags": ["content"], "operationId": "claimReward",
        "summary": "Claims a receipt exactly once: the first claim credits its amount to the wallet through the ledger; every repeat, at any instance, answers the same claimed receipt.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [{ "$ref": "#/components/parameters/Receipt" }],
        "responses": {
          "200": { "description": "The claimed receipt.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/RewardReceipt" } } } },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "404": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/.well-known/reward-keys": {
      "get": {
        "tags": ["content"], "operationId": "getRewardKeys",
        "summary": "The public keys reward receipts are signed with (a JWK Set of Ed25519 keys), to verify receipts offline.",
        "security": [],
        "responses": {
          "200": { "description": "The keys.", "content": { "application/jwk-set+json": { "schema": { "type": "object", "required": ["keys"],
            "properties": { "keys": { "type": "array", "items": { "type": "object", "required": ["kty", "kid"] } } } } } } },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/assets/{sha256}": {
      "get": {
        "tags": ["content"], "operationId": "getAsset", "summary": "An image (content-addressed: its name is its SHA-256), cached for good; If-None-Match gets 304.",
        "security": [],
        "parameters": [{ "name": "sha256", "in": "path", "required": true, "schema": { "type": "string" } }],
        "responses": {
          "200": { "description": "The image.", "content": { "image/png": { "schema": { "type": "string", "format": "binary" } },
                                                                 "image/jpeg": { "schema": { "type": "string", "format": "binary" } } } },
          "304": { "description": "Not modified." },
          "404": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/content/{impression}": {
      "get": {
        "tags": ["hosted pages"], "operationId": "showContentPage", "summary": "The hosted page of one showing of a unit, for a web view; it works for an hour.",
        "security": [],
        "parameters": [{ "name": "impression", "in": "path", "required": true, "schema": { "type": "string" } }],
        "responses": {
          "200": { "$ref": "#/components/responses/HostedPage" },
          "404": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/content/{impression}/take": {
      "post": {
        "tags": ["hosted pages"], "operationId": "takeContentAction", "summary": "The page's call to action: a reward's receipt (the page shows what was unlocked), or where the offer leads (303).",
        "security": [],
        "parameters": [{ "name": "impression", "in": "path", "required": true, "schema": { "type": "string" } }],
        "responses": {
          "200": { "$ref": "#/components/responses/HostedPage" },
          "303": { "description": "Where the offer leads.", "headers": { "Location": { "schema": { "type": "string" } } } },
          "403": { "$ref": "#/components/responses/Problem" },
          "404": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    }
  },
  "parameters": {
    "Placement": { "name": "placement", "in": "path", "required": true, "schema": { "type": "string" }, "description": "1 to 64 lowercase letters, digits, - and _." },
    "InstallationID": { "name": "installation_id", "in": "query", "schema": { "type": "string" }, "description": "The SDK's installation id: needed without a player, and what targeting reads the platform, version, locale and country of." },
    "Receipt": { "name": "receipt", "in": "path", "required": true, "schema": { "type": "string" } }
  },
  "schemas": {
    "OpenRequest": {
      "type": "object", "required": ["installation_id", "platform", "app_version"],
      "properties": {
        "installation_id": { "type": "string", "minLength": 16, "maxLength": 128, "pattern": "^[A-Za-z0-9._-]+$" },
        "platform": { "type": "string", "examples": ["ios"] }, "app_version": { "type": "string", "examples": ["2.4.1"] },
        "os_version": { "type": ["string", "null"] }, "locale": { "type": ["string", "null"], "examples": ["da-DK"] },
        "country": { "type": ["string", "null"], "examples": ["DK"] }
      }
    },
    "OpenRecorded": {
      "type": "object", "required": ["installation_id", "install", "opens", "first_opened_at"],
      "properties": {
        "installation_id": { "type": "string" }, "install": { "type": "boolean" }, "opens": { "type": "integer" },
        "first_opened_at": { "type": "string", "format": "date-time" }
      }
    },
    "ContentAction": {
      "type": "object", "required": ["type", "target"],
      "properties": { "type": { "type": "string", "enum": ["deep_link", "url", "promotion"] }, "target": { "type": "string" } }
    },
    "RewardItem": {
      "type": "object", "required": ["name", "quantity"],
      "properties": { "name": { "type": "string" }, "quantity": { "type": "integer" } }
    },
    "RewardGrant": {
      "type": "object", "required": ["items"],
      "properties": { "items": { "type": "array", "items": { "$ref": "#/components/schemas/RewardItem" } }, "amount": { "$ref": "#/components/schemas/Money" } }
    },
    "PlacementContent": {
      "type": "object", "required": ["impression_id", "placement", "unit", "ern", "kind", "language", "images", "page_url", "page_expires_at"],
      "properties": {
        "impression_id": { "type": "string" }, "placement": { "type": "string" }, "unit": { "type": "string" }, "ern": { "type": "string" },
        "kind": { "type": "string", "enum": ["announcement", "offer", "reward", "html"] }, "language": { "type": "string" },
        "title": { "type": "string" }, "body": { "type": "string" }, "action_label": { "type": "string" },
        "action": { "$ref": "#/components/schemas/ContentAction" }, "reward": { "$ref": "#/components/schemas/RewardGrant" },
        "images": { "type": "object", "additionalProperties": { "type": "string" } }, "html": { "type": "string" },
        "page_url": { "type": "string" }, "page_expires_at": { "type": "string", "format": "date-time" }
      }
    },
    "PlacementNotification": {
      "type": "object", "required": ["type", "value"],
      "properties": { "type": { "type": "string", "examples": ["badge"] }, "value": { "type": "string" } }
    },
    "ContentEventRequest": {
      "type": "object", "required": ["impression_id", "event"],
      "properties": { "impression_id": { "type": "string" }, "event": { "type": "string", "enum": ["displayed", "clicked", "dismissed", "failed"] } }
    },
    "RewardReceipt": {
      "type": "object", "required": ["id", "ern", "player_id", "unit", "grant", "issued_at", "token"],
      "properties": {
        "id": { "type": "string" }, "ern": { "type": "string" }, "player_id": { "type": "string" }, "unit": { "type": "string" },
        "grant": { "$ref": "#/components/schemas/RewardGrant" }, "issued_at": { "type": "string", "format": "date-time" },
        "claimed_at": { "type": "string", "format": "date-time" }, "transaction_id": { "type": "string" },
        "token": { "type": "string", "description": "A JWS (EdDSA) of the receipt's facts, verifiable with /.well-known/reward-keys." }
      }
    },
    "RewardReceiptPage": {
      "type": "object", "required": ["data"],
      "properties": { "data": { "type": "array", "items": { "$ref": "#/components/schemas/RewardReceipt" } }, "next_cursor": { "type": "string" } }
    },
    "ContentEventRecorded": {
      "type": "object", "required": ["event"],
      "properties": { "event": { "type": "string" }, "receipt": { "$ref": "#/components/schemas/RewardReceipt" } }
    },
    "AudienceProperties": {
      "type": "object", "required": ["properties"],
      "properties": { "properties": { "type": "object", "maxProperties": 50, "additionalProperties": { "type": "string", "maxLength": 256 } } }
    },
    "CampaignVerdict": {
      "type": "object", "required": ["campaign", "unit", "priority", "weight", "eligible", "reasons"],
      "properties": {
        "campaign": { "type": "string" }, "unit": { "type": "string" }, "priority": { "type": "integer" }, "weight": { "type": "integer" },
        "eligible": { "type": "boolean" }, "reasons": { "type": "array", "items": { "type": "string" } }
      }
    },
    "PlacementExplanation": {
      "type": "object", "required": ["placement", "at", "campaigns"],
      "properties": {
        "placement": { "type": "string" }, "at": { "type": "string", "format": "date-time" }, "chosen": { "type": "string" },
        "campaigns": { "type": "array", "items": { "$ref": "#/components/schemas/CampaignVerdict" } }
      }
    },
    "ContentStatsRow": {
      "type": "object", "required": ["day", "placement", "unit", "opens", "requests", "fills", "displays", "clicks", "dismissals", "failures", "unlocks", "impression_rate"],
      "properties": {
        "day": { "type": "string" }, "placement": { "type": "string" }, "unit": { "type": "string" }, "opens": { "type": "integer" },
        "requests": { "type": "integer" }, "fills": { "type": "integer" }, "displays": { "type": "integer" }, "clicks": { "type": "integer" },
        "dismissals": { "type": "integer" }, "failures": { "type": "integer" }, "unlocks": { "type": "integer" }, "impression_rate": { "type": "number" }
      }
    }
  }
}
"""#
}
