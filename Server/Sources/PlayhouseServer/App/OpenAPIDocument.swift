/// The OpenAPI 3.1 description of every `/v1` and `/oauth` operation (and the operational ones).
/// It is embedded in the binary so that a copied executable serves it too. `{{PUBLIC_URL}}` is
/// replaced by the server's public URL. The test suite checks the server against it.
enum OpenAPIDocument {
    static let template = #"""
{
  "openapi": "3.1.0",
  "info": {
    "title": "Playhouse API",
    "version": "0.1.0",
    "summary": "Player accounts, sessions, wallet, bets, content, catalogs, lists and game data for mobile games and apps.",
    "description": "JSON keys are snake_case; timestamps are RFC 3339 UTC; errors are RFC 9457 problem details with a stable `code`, localised by `Accept-Language` (en, da, de). Every response carries `X-Request-Id`."
  },
  "servers": [{ "url": "{{PUBLIC_URL}}" }],
  "tags": [
    { "name": "oauth", "description": "OAuth 2 authorization server" },
    { "name": "apps", "description": "Developer apps" },
    { "name": "operations", "description": "Health, readiness, metrics" }
  ],
  "paths": {
    "/oauth/token": {
      "post": {
        "tags": ["oauth"],
        "operationId": "createToken",
        "summary": "Issue an access token (RFC 6749).",
        "description": "Authenticate the client with HTTP Basic or with `client_id` and `client_secret` form fields, not both.",
        "security": [{ "clientBasic": [] }, {}],
        "requestBody": {
          "required": true,
          "content": {
            "application/x-www-form-urlencoded": {
              "schema": {
                "type": "object",
                "required": ["grant_type"],
                "properties": {
                  "grant_type": { "type": "string", "enum": ["client_credentials"] },
                  "scope": { "type": "string", "description": "Space-separated scopes, each one the app's; all of the app's when omitted." },
                  "client_id": { "type": "string" },
                  "client_secret": { "type": "string" }
                }
              }
            }
          }
        },
        "responses": {
          "200": {
            "description": "The token.",
            "headers": { "Cache-Control": { "schema": { "type": "string", "const": "no-store" } } },
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/TokenResponse" } } }
          },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Problem" },
          "413": { "$ref": "#/components/responses/Problem" },
          "415": { "$ref": "#/components/responses/Problem" },
          "429": { "$ref": "#/components/responses/RateLimited" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/oauth/introspect": {
      "post": {
        "tags": ["oauth"],
        "operationId": "introspectToken",
        "summary": "Introspect a token (RFC 7662). Tokens of other apps are reported inactive.",
        "security": [{ "clientBasic": [] }, {}],
        "requestBody": { "$ref": "#/components/requestBodies/TokenForm" },
        "responses": {
          "200": {
            "description": "The token's state.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/IntrospectionResponse" } } }
          },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Problem" },
          "413": { "$ref": "#/components/responses/Problem" },
          "415": { "$ref": "#/components/responses/Problem" },
          "429": { "$ref": "#/components/responses/RateLimited" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/oauth/revoke": {
      "post": {
        "tags": ["oauth"],
        "operationId": "revokeToken",
        "summary": "Revoke a token (RFC 7009). Unknown tokens are ignored; the answer is 200 either way.",
        "security": [{ "clientBasic": [] }, {}],
        "requestBody": { "$ref": "#/components/requestBodies/TokenForm" },
        "responses": {
          "200": { "description": "Revoked, or there was nothing to revoke." },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Problem" },
          "413": { "$ref": "#/components/responses/Problem" },
          "415": { "$ref": "#/components/responses/Problem" },
          "429": { "$ref": "#/components/responses/RateLimited" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/.well-known/oauth-authorization-server": {
      "get": {
        "tags": ["oauth"],
        "operationId": "getAuthorizationServerMetadata",
        "summary": "Authorization server metadata (RFC 8414).",
        "security": [],
        "responses": {
          "200": {
            "description": "The metadata.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/AuthorizationServerMetadata" } } }
          },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/app": {
      "get": {
        "tags": ["apps"],
        "operationId": "getCurrentApp",
        "summary": "The app the calling token belongs to.",
        "security": [{ "bearerAuth": [] }],
        "responses": {
          "200": {
            "description": "The app.",
            "content": { "application/json": { "schema": { "$ref": "#/components/schemas/App" } } }
          },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/healthz": {
      "get": {
        "tags": ["operations"],
        "operationId": "getHealth",
        "summary": "Liveness: the process answers.",
        "security": [],
        "responses": {
          "200": { "description": "Alive.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/HealthStatus" } } } },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/readyz": {
      "get": {
        "tags": ["operations"],
        "operationId": "getReadiness",
        "summary": "Readiness: the database answers too.",
        "security": [],
        "responses": {
          "200": { "description": "Ready.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/HealthStatus" } } } },
          "503": { "description": "The database is unreachable.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/HealthStatus" } } } },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/metrics": {
      "get": {
        "tags": ["operations"],
        "operationId": "getMetrics",
        "summary": "Prometheus text exposition: requests by route and status, latency histogram, database pool.",
        "security": [],
        "responses": {
          "200": { "description": "Metrics.", "content": { "text/plain": { "schema": { "type": "string" } } } },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/openapi.json": {
      "get": {
        "tags": ["operations"],
        "operationId": "getOpenAPI",
        "summary": "This document.",
        "security": [],
        "responses": {
          "200": { "description": "The OpenAPI document.", "content": { "application/json": { "schema": { "type": "object" } } } },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "bearerAuth": { "type": "http", "scheme": "bearer", "description": "An access token from /oauth/token." },
      "clientBasic": { "type": "http", "scheme": "basic", "description": "client_id:client_secret, each form-url-encoded (RFC 6749 §2.3.1)." }
    },
    "requestBodies": {
      "TokenForm": {
        "required": true,
        "content": {
          "application/x-www-form-urlencoded": {
            "schema": {
              "type": "object",
              "required": ["token"],
              "properties": {
                "token": { "type": "string", "minLength": 1 },
                "token_type_hint": { "type": "string", "description": "access_token or refresh_token. Only a hint (RFC 7009 §2.1): every kind of token is looked up, and other values are ignored." },
                "client_id": { "type": "string" },
                "client_secret": { "type": "string" }
              }
            }
          }
        }
      }
    },
    "responses": {
      "Problem": {
        "description": "An RFC 9457 problem.",
        "content": { "application/problem+json": { "schema": { "$ref": "#/components/schemas/Problem" } } }
      },
      "Unauthorized": {
        "description": "No token, or a token that is unknown, expired or revoked.",
        "headers": { "WWW-Authenticate": { "schema": { "type": "string" } } },
        "content": { "application/problem+json": { "schema": { "$ref": "#/components/schemas/Problem" } } }
      },
      "RateLimited": {
        "description": "Too many failed client authentications from this address.",
        "headers": { "Retry-After": { "required": true, "schema": { "type": "string", "pattern": "^[0-9]+$" } } },
        "content": { "application/problem+json": { "schema": { "$ref": "#/components/schemas/Problem" } } }
      }
    },
    "schemas": {
      "Problem": {
        "type": "object",
        "required": ["type", "title", "status", "code"],
        "properties": {
          "type": { "type": "string" },
          "title": { "type": "string" },
          "status": { "type": "integer", "minimum": 400, "maximum": 599 },
          "detail": { "type": "string" },
          "code": { "type": "string", "description": "Stable machine code." },
          "request_id": { "type": "string" },
          "errors": {
            "type": "array",
            "items": {
              "type": "object",
              "required": ["field", "code", "message"],
              "properties": { "field": { "type": "string" }, "code": { "type": "string" }, "message": { "type": "string" } }
            }
          },
          "error": { "type": "string", "description": "RFC 6749 error, on /oauth endpoints." },
          "error_description": { "type": "string" }
        }
      },
      "TokenResponse": {
        "type": "object",
        "required": ["access_token", "token_type", "expires_in", "scope"],
        "properties": {
          "access_token": { "type": "string" },
          "token_type": { "type": "string", "const": "Bearer" },
          "expires_in": { "type": "integer", "minimum": 1 },
          "scope": { "type": "string" },
          "refresh_token": { "type": "string" },
          "session_id": { "type": "string" }
        }
      },
      "IntrospectionResponse": {
        "type": "object",
        "required": ["active"],
        "properties": {
          "active": { "type": "boolean" },
          "scope": { "type": "string" },
          "client_id": { "type": "string" },
          "token_type": { "type": "string" },
          "exp": { "type": "integer" },
          "iat": { "type": "integer" },
          "sub": { "type": "string" },
          "aud": { "type": "string" },
          "iss": { "type": "string" }
        }
      },
      "App": {
        "type": "object",
        "required": ["id", "ern", "name", "client_id", "environment", "scopes", "token_scopes", "redirect_uris", "created_at"],
        "properties": {
          "id": { "type": "string", "format": "uuid" },
          "ern": { "type": "string", "pattern": "^ern:app:" },
          "name": { "type": "string" },
          "client_id": { "type": "string" },
          "environment": { "type": "string", "enum": ["sandbox", "production"] },
          "scopes": { "type": "array", "items": { "type": "string" } },
          "token_scopes": { "type": "array", "items": { "type": "string" } },
          "redirect_uris": { "type": "array", "items": { "type": "string" } },
          "created_at": { "type": "string", "format": "date-time" }
        }
      },
      "HealthStatus": {
        "type": "object",
        "required": ["status"],
        "properties": {
          "status": { "type": "string", "enum": ["ok", "unavailable"] },
          "checks": { "type": "object", "additionalProperties": { "type": "string" } }
        }
      },
      "AuthorizationServerMetadata": {
        "type": "object",
        "required": ["issuer", "token_endpoint", "grant_types_supported"],
        "properties": {
          "issuer": { "type": "string" },
          "token_endpoint": { "type": "string" },
          "introspection_endpoint": { "type": "string" },
          "revocation_endpoint": { "type": "string" },
          "grant_types_supported": { "type": "array", "items": { "type": "string" } },
          "response_types_supported": { "type": "array", "items": { "type": "string" } },
          "token_endpoint_auth_methods_supported": { "type": "array", "items": { "type": "string" } },
          "introspection_endpoint_auth_methods_supported": { "type": "array", "items": { "type": "string" } },
          "revocation_endpoint_auth_methods_supported": { "type": "array", "items": { "type": "string" } },
          "scopes_supported": { "type": "array", "items": { "type": "string" } },
          "service_documentation": { "type": "string" }
        }
      }
    }
  }
}
"""#

    /// The document with the server's public URL filled in.
    static func render(publicURL: String) -> String {
        template.replacingOccurrences(of: "{{PUBLIC_URL}}", with: publicURL)
    }
}
