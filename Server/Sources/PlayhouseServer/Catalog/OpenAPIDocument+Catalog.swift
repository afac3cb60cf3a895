extension OpenAPIDocument {
    /// The catalog feature's operations and schemas.
    static let catalog = #"""
{
  "tags": [{ "name": "catalog", "description": "Dealers, their stores, catalogs and offers near the player, with eTilbudsavis' parameters (any token of the app). Answers carry an ETag and Cache-Control max-age (dealers, catalogs and offers 900 s, stores 3600 s); If-None-Match gets 304." }],
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
          { "$ref": "#/components/parameters/DealerIDs" }, { "$ref": "#/components/parameters/StoreIDs" },
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
    },
    "/v1/catalogs": {
      "get": {
        "tags": ["catalog"], "operationId": "listCatalogs",
        "summary": "The app's valid catalogs; near a location, those valid at a store within r_radius metres, nearest first unless asked otherwise, each with the nearest such store and its distance.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [
          { "$ref": "#/components/parameters/Latitude" }, { "$ref": "#/components/parameters/Longitude" }, { "$ref": "#/components/parameters/Radius" },
          { "$ref": "#/components/parameters/DealerIDs" }, { "$ref": "#/components/parameters/StoreIDs" }, { "$ref": "#/components/parameters/CatalogIDs" },
          { "name": "include_expired", "in": "query", "required": false, "schema": { "type": "string", "enum": ["true", "false"] }, "description": "Expired catalogs too." },
          { "name": "order_by", "in": "query", "required": false, "schema": { "type": "string", "pattern": "^(-?(distance|name|valid_date|expiration_date|created|popularity)(,-?(distance|name|valid_date|expiration_date|created|popularity)){0,5})?$" }, "description": "A comma list of distance (with a location), name, valid_date, expiration_date, created and popularity (opens in the viewer over 30 days), each with - for descending, each once." },
          { "$ref": "#/components/parameters/CatalogOffset" }, { "$ref": "#/components/parameters/CatalogLimit" }, { "$ref": "#/components/parameters/CatalogCursor" }
        ],
        "responses": {
          "200": { "description": "A page of catalogs.", "headers": { "ETag": { "schema": { "type": "string" } } },
                   "content": { "application/json": { "schema": { "$ref": "#/components/schemas/CatalogPage" } } } },
          "304": { "description": "Unchanged since the ETag sent." },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "404": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/catalogs/{catalog}": {
      "get": {
        "tags": ["catalog"], "operationId": "getCatalog", "summary": "One catalog, expired or not; with a location, the nearest store within the radius where it is valid.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [
          { "name": "catalog", "in": "path", "required": true, "schema": { "type": "string" } },
          { "$ref": "#/components/parameters/Latitude" }, { "$ref": "#/components/parameters/Longitude" }, { "$ref": "#/components/parameters/Radius" }
        ],
        "responses": {
          "200": { "description": "The catalog.", "headers": { "ETag": { "schema": { "type": "string" } } },
                   "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Catalog" } } } },
          "304": { "description": "Unchanged since the ETag sent." },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "404": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/catalogs/{catalog}/pages": {
      "get": {
        "tags": ["catalog"], "operationId": "listCatalogPages", "summary": "A catalog's pages in order, each image in three sizes.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [{ "name": "catalog", "in": "path", "required": true, "schema": { "type": "string" } }],
        "responses": {
          "200": { "description": "The pages.", "headers": { "ETag": { "schema": { "type": "string" } } },
                   "content": { "application/json": { "schema": { "$ref": "#/components/schemas/CatalogPageList" } } } },
          "304": { "description": "Unchanged since the ETag sent." },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "404": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/catalogs/{catalog}/hotspots": {
      "get": {
        "tags": ["catalog"], "operationId": "listCatalogHotspots", "summary": "A catalog's hotspots: its offers' rectangles on its pages, by page.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [{ "name": "catalog", "in": "path", "required": true, "schema": { "type": "string" } }],
        "responses": {
          "200": { "description": "The hotspots.", "headers": { "ETag": { "schema": { "type": "string" } } },
                   "content": { "application/json": { "schema": { "$ref": "#/components/schemas/CatalogHotspotList" } } } },
          "304": { "description": "Unchanged since the ETag sent." },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "404": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/catalogs/{catalog}/views": {
      "post": {
        "tags": ["catalog"], "operationId": "createCatalogView",
        "summary": "A one-time address of the catalog viewer, for a web view: it opens once, within ten minutes. A repeat makes another address; nothing counts until one is opened.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [
          { "name": "catalog", "in": "path", "required": true, "schema": { "type": "string" } },
          { "name": "page", "in": "query", "required": false, "schema": { "type": "integer", "minimum": 1, "maximum": 500 }, "description": "The page to open at." }
        ],
        "responses": {
          "201": { "description": "The address.", "content": { "application/json": { "schema": { "type": "object", "required": ["url", "expires_at"],
            "properties": { "url": { "type": "string" }, "expires_at": { "type": "string", "format": "date-time" } } } } } },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "404": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/viewer/catalogs/{catalog}": {
      "get": {
        "tags": ["hosted pages"], "operationId": "showCatalogViewer",
        "summary": "The catalog viewer, opened once from the address the app was given; a used or expired address is a 404 page.",
        "security": [],
        "parameters": [
          { "name": "catalog", "in": "path", "required": true, "schema": { "type": "string" } },
          { "name": "view", "in": "query", "required": true, "schema": { "type": "string" } },
          { "name": "page", "in": "query", "required": false, "schema": { "type": "integer", "minimum": 1 } }
        ],
        "responses": {
          "200": { "description": "The viewer.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "404": { "description": "A used or expired address.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/viewer/viewer.js": {
      "get": {
        "tags": ["hosted pages"], "operationId": "getCatalogViewerScript", "summary": "The viewer's script.",
        "security": [],
        "responses": {
          "200": { "description": "The script.", "content": { "text/javascript": { "schema": { "type": "string" } } } },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/viewer/events": {
      "post": {
        "tags": ["hosted pages"], "operationId": "recordCatalogViewerEvent",
        "summary": "What the viewer reports while its view is open (twelve hours at most): a page viewed, a hotspot tapped, or the close. Its bearer token is the view's secret.",
        "security": [{ "bearerAuth": [] }],
        "requestBody": { "required": true, "content": { "application/json": { "schema": { "type": "object", "required": ["type"],
          "properties": { "type": { "type": "string", "enum": ["page_viewed", "hotspot_tapped", "closed"] }, "page": { "type": "integer", "minimum": 1 },
                          "seconds": { "type": "number", "minimum": 0 }, "offer_id": { "type": "string" } } } } } },
        "responses": {
          "204": { "description": "Recorded." },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "404": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/offers": {
      "get": {
        "tags": ["catalog"], "operationId": "listOffers",
        "summary": "The app's valid offers; near a location, those sold at a store within r_radius metres, nearest first unless asked otherwise, each with the nearest such store and its distance.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [
          { "$ref": "#/components/parameters/Latitude" }, { "$ref": "#/components/parameters/Longitude" }, { "$ref": "#/components/parameters/Radius" },
          { "$ref": "#/components/parameters/DealerIDs" }, { "$ref": "#/components/parameters/StoreIDs" }, { "$ref": "#/components/parameters/OfferIDs" },
          { "$ref": "#/components/parameters/CatalogIDs" },
          { "name": "include_expired", "in": "query", "required": false, "schema": { "type": "string", "enum": ["true", "false"] }, "description": "Expired offers too." },
          { "$ref": "#/components/parameters/OfferOrder" },
          { "$ref": "#/components/parameters/CatalogOffset" }, { "$ref": "#/components/parameters/CatalogLimit" }, { "$ref": "#/components/parameters/CatalogCursor" }
        ],
        "responses": {
          "200": { "description": "A page of offers.", "headers": { "ETag": { "schema": { "type": "string" } } },
                   "content": { "application/json": { "schema": { "$ref": "#/components/schemas/OfferPage" } } } },
          "304": { "description": "Unchanged since the ETag sent." },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/offers/search": {
      "get": {
        "tags": ["catalog"], "operationId": "searchOffers",
        "summary": "The offers with a word starting with each word of query in their heading or description, with every filter of the list.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [
          { "name": "query", "in": "query", "required": true, "schema": { "type": "string", "maxLength": 200 }, "description": "Words to search for; at least one letter or digit." },
          { "$ref": "#/components/parameters/Latitude" }, { "$ref": "#/components/parameters/Longitude" }, { "$ref": "#/components/parameters/Radius" },
          { "$ref": "#/components/parameters/DealerIDs" }, { "$ref": "#/components/parameters/StoreIDs" }, { "$ref": "#/components/parameters/OfferIDs" },
          { "$ref": "#/components/parameters/CatalogIDs" },
          { "name": "include_expired", "in": "query", "required": false, "schema": { "type": "string", "enum": ["true", "false"] }, "description": "Expired offers too." },
          { "$ref": "#/components/parameters/OfferOrder" },
          { "$ref": "#/components/parameters/CatalogOffset" }, { "$ref": "#/components/parameters/CatalogLimit" }, { "$ref": "#/components/parameters/CatalogCursor" }
        ],
        "responses": {
          "200": { "description": "A page of offers.", "headers": { "ETag": { "schema": { "type": "string" } } },
                   "content": { "application/json": { "schema": { "$ref": "#/components/schemas/OfferPage" } } } },
          "304": { "description": "Unchanged since the ETag sent." },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/offers/{offer}": {
      "get": {
        "tags": ["catalog"], "operationId": "getOffer", "summary": "One offer, expired or not; with a location, the nearest store within the radius that sells it.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [
          { "name": "offer", "in": "path", "required": true, "schema": { "type": "string" } },
          { "$ref": "#/components/parameters/Latitude" }, { "$ref": "#/components/parameters/Longitude" }, { "$ref": "#/components/parameters/Radius" }
        ],
        "responses": {
          "200": { "description": "The offer.", "headers": { "ETag": { "schema": { "type": "string" } } },
                   "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Offer" } } } },
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
    "StoreIDs": { "name": "store_ids", "in": "query", "required": false, "schema": { "type": "string", "pattern": "^([A-Za-z0-9._-]{1,64}(,[A-Za-z0-9._-]{1,64}){0,99})?$" }, "description": "A comma list of at most 100 store ids." },
    "OfferIDs": { "name": "offer_ids", "in": "query", "required": false, "schema": { "type": "string", "pattern": "^([A-Za-z0-9._-]{1,64}(,[A-Za-z0-9._-]{1,64}){0,99})?$" }, "description": "A comma list of at most 100 offer ids." },
    "CatalogIDs": { "name": "catalog_ids", "in": "query", "required": false, "schema": { "type": "string", "pattern": "^([A-Za-z0-9._-]{1,64}(,[A-Za-z0-9._-]{1,64}){0,99})?$" }, "description": "A comma list of at most 100 catalog ids." },
    "OfferOrder": { "name": "order_by", "in": "query", "required": false, "schema": { "type": "string", "pattern": "^(-?(distance|name|price|valid_date|expiration_date|created|popularity)(,-?(distance|name|price|valid_date|expiration_date|created|popularity)){0,6})?$" }, "description": "A comma list of distance (with a location), name, price, valid_date, expiration_date, created and popularity (hotspot taps in the viewer over 30 days), each with - for descending, each once." },
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
    "Offer": {
      "type": "object", "required": ["id", "ern", "dealer_id", "heading", "price", "valid_from", "valid_until"],
      "properties": {
        "id": { "type": "string" }, "ern": { "type": "string" }, "dealer_id": { "type": "string" },
        "heading": { "type": "string" }, "description": { "type": "string" },
        "price": { "$ref": "#/components/schemas/Money" }, "pre_price": { "$ref": "#/components/schemas/Money" },
        "quantity": { "type": "number" }, "unit": { "type": "string" },
        "image": { "type": "string", "description": "The image's path on this server, /assets/{sha256}." },
        "valid_from": { "type": "string", "format": "date-time" }, "valid_until": { "type": "string", "format": "date-time" },
        "catalog_id": { "type": "string" }, "catalog_page": { "type": "integer", "minimum": 1 },
        "store_id": { "type": "string", "description": "With a location: the nearest store that sells it." },
        "distance": { "type": "number", "description": "With a location: metres to that store, along the Earth's surface." }
      }
    },
    "Catalog": {
      "type": "object", "required": ["id", "ern", "dealer_id", "label", "valid_from", "valid_until", "page_count"],
      "properties": {
        "id": { "type": "string" }, "ern": { "type": "string" }, "dealer_id": { "type": "string" }, "label": { "type": "string" },
        "valid_from": { "type": "string", "format": "date-time" }, "valid_until": { "type": "string", "format": "date-time" },
        "page_count": { "type": "integer", "minimum": 1 },
        "cover": { "type": "string", "description": "The first page's thumbnail, /assets/{sha256}." },
        "store_id": { "type": "string", "description": "With a location: the nearest store where it is valid." },
        "distance": { "type": "number", "description": "With a location: metres to that store, along the Earth's surface." }
      }
    },
    "CatalogPage": {
      "type": "object", "required": ["data"],
      "properties": { "data": { "type": "array", "items": { "$ref": "#/components/schemas/Catalog" } }, "next_cursor": { "type": "string" } }
    },
    "CatalogPageList": {
      "type": "object", "required": ["data"],
      "properties": { "data": { "type": "array", "items": { "type": "object", "required": ["number", "view", "zoom", "thumb"],
        "properties": { "number": { "type": "integer", "minimum": 1 }, "view": { "type": "string" }, "zoom": { "type": "string" }, "thumb": { "type": "string" } } } } }
    },
    "CatalogHotspotList": {
      "type": "object", "required": ["data"],
      "properties": { "data": { "type": "array", "items": { "type": "object", "required": ["page", "offer_id", "heading", "price", "x", "y", "width", "height"],
        "properties": { "page": { "type": "integer", "minimum": 1 }, "offer_id": { "type": "string" }, "heading": { "type": "string" },
          "price": { "$ref": "#/components/schemas/Money" }, "x": { "type": "number" }, "y": { "type": "number" },
          "width": { "type": "number" }, "height": { "type": "number" } } } } }
    },
    "OfferPage": {
      "type": "object", "required": ["data"],
      "properties": { "data": { "type": "array", "items": { "$ref": "#/components/schemas/Offer" } }, "next_cursor": { "type": "string" } }
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
