extension OpenAPIDocument {
    /// The catalog feature's operations and schemas.
    static let catalog = #"""
{
  "tags": [{ "name": "catalog", "description": "Dealers and their stores near the player, with eTilbudsavis' parameters (any token of the app). Answers carry an ETag and Cache-Control max-age (dealers 900 s, stores 3600 s); If-None-Match gets 304." }],
  "paths": {
    "/v1/dealers": {
      "get": {
        "tags": ["catalog"], "operationId": "listDealers", "summary": "The app's dealers, by name unless asked otherwise.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [
          { "$ref": "#/components/parameters/DealerIDs" },
          { "name": "order_by", "in": "query", "required": false, "schema": { "type": "string", "pattern": "^(-?(name|created)(,-?(name|created))?)?$" }, "description": "A comma list of name and created, each with - for descending, each once." },
          { "$ref": "#/components/parameters/CatalogOffset" }, { "$ref": "#/components/parameters/CatalogLimit" }, { "$ref": "#/components/parameters/CatalogCursor" }
        ],
        "responses": {
          "200": { "description": "A page of dealers.", "headers": { "ETag": { "schema": { "type": "string" } } },
                   "content": { "application/json": { "schema": { "$ref": "#/components/schemas/DealerPage" } } } },
          "304": { "description": "Unchanged since the ETag sent." },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/dealers/{dealer}": {
      "get": {
        "tags": ["catalog"], "operationId": "getDealer", "summary": "One dealer.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [{ "name": "dealer", "in": "path", "required": true, "schema": { "type": "string" } }],
        "responses": {
          "200": { "description": "The dealer.", "headers": { "ETag": { "schema": { "type": "string" } } },
                   "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Dealer" } } } },
          "304": { "description": "Unchanged since the ETag sent." },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "404": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/stores": {
      "get": {
        "tags": ["catalog"], "operationId": "listStores",
        "summary": "The app's stores; near a location, only those within r_radius metres, nearest first unless asked otherwise, each with its distance.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [
          { "$ref": "#/components/parameters/Latitude" }, { "$ref": "#/components/parameters/Longitude" }, { "$ref": "#/components/parameters/Radius" },
          { "$ref": "#/components/parameters/DealerIDs" },
          { "name": "order_by", "in": "query", "required": false, "schema": { "type": "string", "pattern": "^(-?(distance|created|city)(,-?(distance|created|city)){0,2})?$" }, "description": "A comma list of distance (with a location), created and city, each with - for descending, each once." },
          { "$ref": "#/components/parameters/CatalogOffset" }, { "$ref": "#/components/parameters/CatalogLimit" }, { "$ref": "#/components/parameters/CatalogCursor" }
        ],
        "responses": {
          "200": { "description": "A page of stores.", "headers": { "ETag": { "schema": { "type": "string" } } },
                   "content": { "application/json": { "schema": { "$ref": "#/components/schemas/DealerStorePage" } } } },
          "304": { "description": "Unchanged since the ETag sent." },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/stores/{store}": {
      "get": {
        "tags": ["catalog"], "operationId": "getStore", "summary": "One store; with a location, its distance from it.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [
          { "name": "store", "in": "path", "required": true, "schema": { "type": "string" } },
          { "$ref": "#/components/parameters/Latitude" }, { "$ref": "#/components/parameters/Longitude" }, { "$ref": "#/components/parameters/Radius" }
        ],
        "responses": {
          "200": { "description": "The store.", "headers": { "ETag": { "schema": { "type": "string" } } },
                   "content": { "application/json": { "schema": { "$ref": "#/components/schemas/DealerStore" } } } },
          "304": { "description": "Unchanged since the ETag sent." },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "404": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    }
  },
  "parameters": {
    "Latitude": { "name": "r_lat", "in": "query", "required": false, "schema": { "type": "number", "minimum": -90, "maximum": 90 }, "description": "The caller's latitude; r_lat, r_lng and r_radius go together (400 otherwise)." },
    "Longitude": { "name": "r_lng", "in": "query", "required": false, "schema": { "type": "number", "minimum": -180, "maximum": 180 }, "description": "The caller's longitude." },
    "Radius": { "name": "r_radius", "in": "query", "required": false, "schema": { "type": "number", "minimum": 1, "maximum": 20015114 }, "description": "How far to look, in metres along the Earth's surface." },
    "DealerIDs": { "name": "dealer_ids", "in": "query", "required": false, "schema": { "type": "string", "pattern": "^([A-Za-z0-9._-]{1,64}(,[A-Za-z0-9._-]{1,64}){0,99})?$" }, "description": "A comma list of at most 100 dealer ids." },
    "CatalogOffset": { "name": "offset", "in": "query", "required": false, "schema": { "type": "integer", "minimum": 0, "maximum": 100000, "default": 0 } },
    "CatalogLimit": { "name": "limit", "in": "query", "required": false, "schema": { "type": "integer", "minimum": 1, "maximum": 100, "default": 25 } },
    "CatalogCursor": { "name": "cursor", "in": "query", "required": false, "schema": { "type": "string", "pattern": "^([1-9][0-9]{0,5})?$" }, "description": "The next_cursor of the previous page." }
  },
  "schemas": {
    "Dealer": {
      "type": "object", "required": ["id", "ern", "name"],
      "properties": {
        "id": { "type": "string" }, "ern": { "type": "string" }, "name": { "type": "string" }, "website": { "type": "string" },
        "logo": { "type": "string", "description": "The logo's path on this server, /assets/{sha256}." },
        "brand_color": { "type": "string", "pattern": "^#[0-9A-Fa-f]{6}$" }
      }
    },
    "DealerStore": {
      "type": "object", "required": ["id", "ern", "dealer_id", "street", "city", "zip_code", "country", "latitude", "longitude", "opening_hours"],
      "properties": {
        "id": { "type": "string" }, "ern": { "type": "string" }, "dealer_id": { "type": "string" },
        "street": { "type": "string" }, "city": { "type": "string" }, "zip_code": { "type": "string" }, "country": { "type": "string" },
        "latitude": { "type": "number" }, "longitude": { "type": "number" },
        "opening_hours": { "type": "array", "items": { "type": "object", "required": ["day_of_week", "opens", "closes"],
          "properties": { "day_of_week": { "type": "string" }, "opens": { "type": "string" }, "closes": { "type": "string" } } } },
        "contact": { "type": "string" },
        "distance": { "type": "number", "description": "Metres from the location the call named, along the Earth's surface." }
      }
    },
    "DealerPage": {
      "type": "object", "required": ["data"],
      "properties": { "data": { "type": "array", "items": { "$ref": "#/components/schemas/Dealer" } }, "next_cursor": { "type": "string" } }
    },
    "DealerStorePage": {
      "type": "object", "required": ["data"],
      "properties": { "data": { "type": "array", "items": { "$ref": "#/components/schemas/DealerStore" } }, "next_cursor": { "type": "string" } }
    }
  }
}
"""#
}
