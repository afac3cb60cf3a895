import Foundation

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
    { "name": "players", "description": "The signed-in player: profile and logout" },
    { "name": "hosted pages", "description": "Forms of the hosted sign-in page, posted by the player's browser" },
    { "name": "operations", "description": "Health, readiness, metrics" }
  ],
  "paths": {
    "/oauth/token": {
      "post": {
        "tags": ["oauth"],
        "operationId": "createToken",
        "summary": "Issue an access token (RFC 6749).",
        "description": "Authenticate the client with HTTP Basic or with `client_id` and `client_secret` form fields, not both (a public client sends its `client_id` alone, for the player grants). Player grants return a refresh token and the play `session_id`; refresh tokens rotate, and a reused one revokes every token of its sign-in. `urn:playhouse:grant-type:guest` signs a guest in by an installation of the app: the first use makes the player (`player_created`), later uses sign the same player in.",
        "security": [{ "clientBasic": [] }, {}],
        "requestBody": {
          "required": true,
          "content": {
            "application/x-www-form-urlencoded": {
              "schema": {
                "type": "object",
                "required": ["grant_type"],
                "properties": {
                  "grant_type": { "type": "string", "enum": ["client_credentials", "authorization_code", "refresh_token", "urn:playhouse:grant-type:phone-pin", "urn:ietf:params:oauth:grant-type:device_code", "urn:ietf:params:oauth:grant-type:token-exchange", "urn:playhouse:grant-type:guest"] },
                  "scope": { "type": "string", "description": "Space-separated scopes, each one the app's; all of the app's when omitted. On refresh, a subset of the original grant." },
                  "client_user_id": { "type": "string", "description": "client_credentials only: the game's own user id; the token is then limited to unbacked play (scope `play`)." },
                  "code": { "type": "string", "description": "authorization_code: the code from the redirect." },
                  "redirect_uri": { "type": "string", "description": "authorization_code: the redirect URI the code was sent to." },
                  "code_verifier": { "type": "string", "description": "authorization_code: the PKCE verifier (RFC 7636)." },
                  "refresh_token": { "type": "string", "description": "refresh_token: the refresh token; it is replaced by a new one." },
                  "phone_number": { "type": "string", "description": "phone-pin: the number the PIN was texted to (E.164)." },
                  "pin": { "type": "string", "description": "phone-pin: the 6-digit PIN. Five wrong tries end it." },
                  "device_code": { "type": "string", "description": "device_code: the device code from /oauth/device_authorization. Until the player decides, the answer is 400 authorization_pending (or slow_down when polled faster than the interval)." },
                  "provider": { "type": "string", "description": "token-exchange: the app's sign-in provider (`playhouse apps add-provider`)." },
                  "subject_token": { "type": "string", "description": "token-exchange: the provider's id_token (OpenID Connect) or access token (Facebook-style)." },
                  "subject_token_type": { "type": "string", "description": "token-exchange: urn:ietf:params:oauth:token-type:id_token (or :jwt) for OpenID Connect, urn:ietf:params:oauth:token-type:access_token for Facebook-style." },
                  "requested_token_type": { "type": "string", "description": "token-exchange: only urn:ietf:params:oauth:token-type:access_token." },
                  "installation_id": { "type": "string", "pattern": "^[A-Za-z0-9._-]{16,128}$", "description": "guest: the installation's own random id, its only credential (the SDK makes and keeps one)." },
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
    "/oauth/device_authorization": {
      "post": {
        "tags": ["oauth"],
        "operationId": "startDeviceAuthorization",
        "summary": "Start a device authorization (RFC 8628) for a console, TV or command line.",
        "description": "Show `user_code` and `verification_uri` to the player, then poll /oauth/token with grant_type urn:ietf:params:oauth:grant-type:device_code every `interval` seconds.",
        "security": [{ "clientBasic": [] }, {}],
        "requestBody": {
          "required": true,
          "content": { "application/x-www-form-urlencoded": { "schema": { "type": "object",
            "properties": { "scope": { "type": "string" }, "client_id": { "type": "string" }, "client_secret": { "type": "string" } } } } }
        },
        "responses": {
          "200": { "description": "The codes.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/DeviceAuthorizationResponse" } } } },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Problem" },
          "413": { "$ref": "#/components/responses/Problem" },
          "415": { "$ref": "#/components/responses/Problem" },
          "429": { "$ref": "#/components/responses/RateLimited" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/device": {
      "get": {
        "tags": ["hosted pages"],
        "operationId": "showDevicePage",
        "summary": "The hosted page where a player types a device's user code.",
        "security": [],
        "parameters": [{ "name": "user_code", "in": "query", "schema": { "type": "string" } }],
        "responses": {
          "200": { "description": "The page.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      },
      "post": {
        "tags": ["hosted pages"],
        "operationId": "submitDeviceCode",
        "summary": "The device page's form: on a known code, the sign-in page that approves the device.",
        "security": [],
        "requestBody": {
          "required": true,
          "content": { "application/x-www-form-urlencoded": { "schema": { "type": "object", "required": ["user_code"],
            "properties": { "user_code": { "type": "string" } } } } }
        },
        "responses": {
          "200": { "$ref": "#/components/responses/HostedPage" },
          "400": { "$ref": "#/components/responses/HostedPage" },
          "413": { "$ref": "#/components/responses/Problem" },
          "429": { "$ref": "#/components/responses/HostedPage" },
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
    "/.well-known/openid-configuration": {
      "get": {
        "tags": ["oauth"],
        "operationId": "getOpenIDConfiguration",
        "summary": "OpenID Connect Discovery: the authorization server's metadata, with the keys' URL and what id_tokens carry.",
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
    "/oauth/jwks": {
      "get": {
        "tags": ["oauth"],
        "operationId": "getSigningKeys",
        "summary": "The keys that sign id_tokens (a JWK Set, RFC 7517): the current one, and those replaced in the last 24 hours.",
        "security": [],
        "responses": {
          "200": {
            "description": "The keys.",
            "content": { "application/jwk-set+json": { "schema": { "type": "object", "required": ["keys"],
              "properties": { "keys": { "type": "array", "items": { "type": "object", "required": ["kty", "kid"],
                "properties": { "kty": { "type": "string" }, "crv": { "type": "string" }, "alg": { "type": "string" }, "use": { "type": "string" },
                                "kid": { "type": "string" }, "x": { "type": "string" }, "y": { "type": "string" } } } } } } } }
          },
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
    "/oauth/authorize": {
      "get": {
        "tags": ["oauth"],
        "operationId": "authorize",
        "summary": "Start the authorization code flow (RFC 6749 §4.1, PKCE S256 required): the hosted sign-in page.",
        "description": "Shows the hosted login, registration and consent page. The player's answer goes to the registered redirect URI with `code`, `state` and `iss`, or with `error` (`access_denied` when they decline). Without a known client and a registered redirect URI nothing is redirected: an error page is shown. A browser that signed in to the app before (for two weeks, until it signs out at /oauth/logout, the player logs out or a token of theirs is revoked) skips the login, and scopes the player allowed before skip the consent: such a request goes straight back with its code (303).",
        "security": [],
        "parameters": [
          { "name": "response_type", "in": "query", "required": true, "schema": { "type": "string", "enum": ["code"] } },
          { "name": "client_id", "in": "query", "required": true, "schema": { "type": "string" } },
          { "name": "redirect_uri", "in": "query", "schema": { "type": "string" }, "description": "One of the app's registered redirect URIs, exactly; may be left out when the app has only one." },
          { "name": "scope", "in": "query", "schema": { "type": "string" } },
          { "name": "state", "in": "query", "schema": { "type": "string", "maxLength": 1000 } },
          { "name": "nonce", "in": "query", "description": "OpenID Connect (scope openid): returned in the id_token.", "schema": { "type": "string", "maxLength": 255 } },
          { "name": "prompt", "in": "query", "description": "OpenID Connect: `login` asks for the credentials even in a signed-in browser (`select_account` too), `consent` shows the consent page even for allowed scopes, `none` shows nothing and answers `login_required` or `consent_required` when it would have to.", "schema": { "type": "string" } },
          { "name": "max_age", "in": "query", "description": "OpenID Connect: a browser sign-in older than this many seconds asks for the credentials again.", "schema": { "type": "string", "pattern": "^[0-9]+$" } },
          { "name": "code_challenge", "in": "query", "required": true, "schema": { "type": "string", "minLength": 43, "maxLength": 128 } },
          { "name": "code_challenge_method", "in": "query", "required": true, "schema": { "type": "string", "enum": ["S256"] } }
        ],
        "responses": {
          "200": { "description": "The sign-in page.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "302": { "description": "An error sent back to the app's redirect URI.", "headers": { "Location": { "schema": { "type": "string" } } } },
          "303": { "description": "Straight back to the app's redirect URI: the browser is signed in and the scopes allowed (a code), or prompt=none could not be honoured (an error).", "headers": { "Location": { "schema": { "type": "string" } } } },
          "400": { "description": "An error page: unknown client, unregistered redirect URI, or malformed request.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/oauth/logout": {
      "get": {
        "tags": ["oauth"],
        "operationId": "signOutOfBrowser",
        "summary": "OpenID Connect RP-initiated logout: signs every player out of this browser's hosted pages.",
        "description": "With `client_id` and a `post_logout_redirect_uri` that is one of that app's redirect URIs, goes there (with `state`); otherwise shows a page saying the browser is signed out. Tokens already issued are not revoked (POST /v1/auth/logout does that).",
        "security": [],
        "parameters": [
          { "name": "client_id", "in": "query", "schema": { "type": "string" } },
          { "name": "post_logout_redirect_uri", "in": "query", "schema": { "type": "string" } },
          { "name": "state", "in": "query", "schema": { "type": "string" } },
          { "name": "id_token_hint", "in": "query", "schema": { "type": "string" } }
        ],
        "responses": {
          "200": { "$ref": "#/components/responses/HostedPage" },
          "303": { "description": "Back to the app's post-logout address.", "headers": { "Location": { "schema": { "type": "string" } } } },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      },
      "post": {
        "tags": ["oauth"],
        "operationId": "signOutOfBrowserByForm",
        "summary": "The same as GET /oauth/logout, with its parameters in a form.",
        "security": [],
        "requestBody": { "content": { "application/x-www-form-urlencoded": { "schema": { "type": "object", "properties": {
          "client_id": { "type": "string" }, "post_logout_redirect_uri": { "type": "string" }, "state": { "type": "string" },
          "id_token_hint": { "type": "string" } } } } } },
        "responses": {
          "200": { "$ref": "#/components/responses/HostedPage" },
          "303": { "description": "Back to the app's post-logout address.", "headers": { "Location": { "schema": { "type": "string" } } } },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/authorize/login": {
      "post": {
        "tags": ["hosted pages"],
        "operationId": "submitLogin",
        "summary": "The hosted page's login form (browser only: needs the cookie set by /oauth/authorize).",
        "security": [],
        "requestBody": { "$ref": "#/components/requestBodies/SignInForm" },
        "responses": {
          "200": { "$ref": "#/components/responses/HostedPage" },
          "303": { "description": "Back to the app's redirect URI with a code or an error.", "headers": { "Location": { "schema": { "type": "string" } } } },
          "400": { "$ref": "#/components/responses/HostedPage" },
          "401": { "$ref": "#/components/responses/HostedPage" },
          "403": { "$ref": "#/components/responses/HostedPage" },
          "409": { "$ref": "#/components/responses/HostedPage" },
          "413": { "$ref": "#/components/responses/Problem" },
          "422": { "$ref": "#/components/responses/HostedPage" },
          "429": { "$ref": "#/components/responses/HostedPage" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/authorize/register": {
      "post": {
        "tags": ["hosted pages"],
        "operationId": "submitRegistration",
        "summary": "The hosted page's registration form (browser only).",
        "security": [],
        "requestBody": { "$ref": "#/components/requestBodies/SignInForm" },
        "responses": {
          "200": { "$ref": "#/components/responses/HostedPage" },
          "303": { "description": "Back to the app's redirect URI with a code or an error.", "headers": { "Location": { "schema": { "type": "string" } } } },
          "400": { "$ref": "#/components/responses/HostedPage" },
          "401": { "$ref": "#/components/responses/HostedPage" },
          "403": { "$ref": "#/components/responses/HostedPage" },
          "409": { "$ref": "#/components/responses/HostedPage" },
          "413": { "$ref": "#/components/responses/Problem" },
          "422": { "$ref": "#/components/responses/HostedPage" },
          "429": { "$ref": "#/components/responses/HostedPage" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/authorize/consent": {
      "post": {
        "tags": ["hosted pages"],
        "operationId": "submitConsent",
        "summary": "The hosted page's consent form (browser only): allow or deny.",
        "security": [],
        "requestBody": {
          "required": true,
          "content": { "application/x-www-form-urlencoded": { "schema": { "type": "object", "required": ["request", "decision"],
            "properties": { "request": { "type": "string" }, "decision": { "type": "string", "enum": ["allow", "deny"] } } } } }
        },
        "responses": {
          "200": { "$ref": "#/components/responses/HostedPage" },
          "303": { "description": "Back to the app's redirect URI with a code or an error.", "headers": { "Location": { "schema": { "type": "string" } } } },
          "400": { "$ref": "#/components/responses/HostedPage" },
          "401": { "$ref": "#/components/responses/HostedPage" },
          "403": { "$ref": "#/components/responses/HostedPage" },
          "409": { "$ref": "#/components/responses/HostedPage" },
          "413": { "$ref": "#/components/responses/Problem" },
          "422": { "$ref": "#/components/responses/HostedPage" },
          "429": { "$ref": "#/components/responses/HostedPage" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/authorize/phone": {
      "post": {
        "tags": ["hosted pages"],
        "operationId": "submitPhoneNumber",
        "summary": "The hosted page's phone form (browser only): texts a PIN and shows where to type it.",
        "security": [],
        "requestBody": {
          "required": true,
          "content": { "application/x-www-form-urlencoded": { "schema": { "type": "object", "required": ["request", "phone_number"],
            "properties": { "request": { "type": "string" }, "phone_number": { "type": "string" } } } } }
        },
        "responses": {
          "200": { "$ref": "#/components/responses/HostedPage" },
          "303": { "description": "Back to the app's redirect URI with a code or an error.", "headers": { "Location": { "schema": { "type": "string" } } } },
          "400": { "$ref": "#/components/responses/HostedPage" },
          "401": { "$ref": "#/components/responses/HostedPage" },
          "403": { "$ref": "#/components/responses/HostedPage" },
          "409": { "$ref": "#/components/responses/HostedPage" },
          "413": { "$ref": "#/components/responses/Problem" },
          "422": { "$ref": "#/components/responses/HostedPage" },
          "429": { "$ref": "#/components/responses/HostedPage" },
          "502": { "$ref": "#/components/responses/HostedPage" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/authorize/phone/verify": {
      "post": {
        "tags": ["hosted pages"],
        "operationId": "submitPin",
        "summary": "The hosted page's PIN form (browser only): the texted PIN signs the player in, creating them on first use.",
        "security": [],
        "requestBody": {
          "required": true,
          "content": { "application/x-www-form-urlencoded": { "schema": { "type": "object", "required": ["request", "phone_number", "pin"],
            "properties": { "request": { "type": "string" }, "phone_number": { "type": "string" }, "pin": { "type": "string" } } } } }
        },
        "responses": {
          "200": { "$ref": "#/components/responses/HostedPage" },
          "303": { "description": "Back to the app's redirect URI with a code or an error.", "headers": { "Location": { "schema": { "type": "string" } } } },
          "400": { "$ref": "#/components/responses/HostedPage" },
          "401": { "$ref": "#/components/responses/HostedPage" },
          "403": { "$ref": "#/components/responses/HostedPage" },
          "409": { "$ref": "#/components/responses/HostedPage" },
          "413": { "$ref": "#/components/responses/Problem" },
          "422": { "$ref": "#/components/responses/HostedPage" },
          "429": { "$ref": "#/components/responses/HostedPage" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/authorize/cancel": {
      "post": {
        "tags": ["hosted pages"],
        "operationId": "cancelSignIn",
        "summary": "The hosted page's cancel button (browser only): the app hears access_denied.",
        "security": [],
        "requestBody": {
          "required": true,
          "content": { "application/x-www-form-urlencoded": { "schema": { "type": "object", "required": ["request"],
            "properties": { "request": { "type": "string" } } } } }
        },
        "responses": {
          "200": { "$ref": "#/components/responses/HostedPage" },
          "303": { "description": "Back to the app's redirect URI with a code or an error.", "headers": { "Location": { "schema": { "type": "string" } } } },
          "400": { "$ref": "#/components/responses/HostedPage" },
          "401": { "$ref": "#/components/responses/HostedPage" },
          "403": { "$ref": "#/components/responses/HostedPage" },
          "409": { "$ref": "#/components/responses/HostedPage" },
          "413": { "$ref": "#/components/responses/Problem" },
          "422": { "$ref": "#/components/responses/HostedPage" },
          "429": { "$ref": "#/components/responses/HostedPage" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/oauth/userinfo": {
      "get": {
        "tags": ["oauth"],
        "operationId": "getUserInfo",
        "summary": "The signed-in player, with OpenID Connect claim names; profile claims need the `profile` scope.",
        "security": [{ "bearerAuth": [] }],
        "responses": {
          "200": { "description": "The player.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/UserInfo" } } } },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/me": {
      "get": {
        "tags": ["players"],
        "operationId": "getProfile",
        "summary": "The signed-in player's profile (player token with scope `profile`).",
        "security": [{ "bearerAuth": [] }],
        "responses": {
          "200": { "description": "The profile.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/PlayerProfile" } } } },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      },
      "patch": {
        "tags": ["players"],
        "operationId": "updateProfile",
        "summary": "Change the signed-in player's profile. Fields left out stay as they are; an empty text clears it. Nothing changes unless every field is valid.",
        "security": [{ "bearerAuth": [] }],
        "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/ProfileUpdate" } } } },
        "responses": {
          "200": { "description": "The updated profile.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/PlayerProfile" } } } },
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
    "/account/email": {
      "get": {
        "tags": ["hosted pages"], "operationId": "showLinkEmailPage",
        "summary": "The hosted account page: a guest links an email and a password to sign in with. Opened through POST /v1/pages with page link-email.",
        "security": [],
        "responses": {
          "200": { "description": "The form (or, for a player who has a password already, a page saying so).", "content": { "text/html": { "schema": { "type": "string" } } } },
          "401": { "description": "No page session, or it expired: a page saying so.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      },
      "post": {
        "tags": ["hosted pages"], "operationId": "linkEmailOnPage",
        "summary": "Links the email and password; an email another player has is refused (409) and nothing changes.",
        "security": [],
        "requestBody": { "required": true, "content": { "application/x-www-form-urlencoded": { "schema": { "type": "object",
          "properties": { "csrf": { "type": "string" }, "email": { "type": "string" }, "password": { "type": "string" } } } } } },
        "responses": {
          "200": { "description": "Linked: a page saying so.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "401": { "description": "No page session, or it expired.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "403": { "description": "The form did not come from this page session (CSRF).", "content": { "text/html": { "schema": { "type": "string" } } } },
          "409": { "description": "The email belongs to another player, or this player has a password already.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "422": { "description": "Not an email address, or a password too short or too long.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/me/links/phone": {
      "post": {
        "tags": ["players"],
        "operationId": "linkPhone",
        "summary": "Link a phone number to the signed-in player (a guest, say), who can then sign in with it too (player token with scope `profile`). The PIN comes from POST /v1/auth/phone/pin. A number another player signs in with is refused (409 identity_taken) and nothing changes.",
        "security": [{ "bearerAuth": [] }],
        "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/PhoneLink" } } } },
        "responses": {
          "200": { "description": "The player's profile, with the number.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/PlayerProfile" } } } },
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
    "/v1/me/links/provider": {
      "post": {
        "tags": ["players"],
        "operationId": "linkProvider",
        "summary": "Link an account of one of the app's sign-in providers to the signed-in player (player token with scope `profile`); token exchange with it then signs this player in. An account another player signs in with is refused (409 identity_taken) and nothing changes.",
        "security": [{ "bearerAuth": [] }],
        "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/ProviderLink" } } } },
        "responses": {
          "200": { "description": "The player's profile.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/PlayerProfile" } } } },
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
    "/v1/auth/phone/pin": {
      "post": {
        "tags": ["players"],
        "operationId": "sendPhonePin",
        "summary": "Text a 6-digit PIN to a phone number (app or player token). Exchange it at /oauth/token with grant_type urn:playhouse:grant-type:phone-pin to sign in, or send it to POST /v1/me/links/phone to link the number; it lives 10 minutes.",
        "security": [{ "bearerAuth": [] }],
        "requestBody": {
          "required": true,
          "content": { "application/json": { "schema": { "type": "object", "required": ["phone_number"],
            "properties": { "phone_number": { "type": "string", "pattern": "^\\+[1-9][0-9]{6,14}$", "description": "E.164, e.g. +4512345678." } } } } }
        },
        "responses": {
          "202": { "description": "The PIN is on its way.", "content": { "application/json": { "schema": { "type": "object", "required": ["expires_in"], "properties": { "expires_in": { "type": "integer" } } } } } },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "413": { "$ref": "#/components/responses/Problem" },
          "415": { "$ref": "#/components/responses/Problem" },
          "422": { "$ref": "#/components/responses/Problem" },
          "429": { "$ref": "#/components/responses/RateLimited" },
          "502": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/auth/logout": {
      "post": {
        "tags": ["players"],
        "operationId": "logout",
        "summary": "End the player's play session and revoke its tokens at once.",
        "security": [{ "bearerAuth": [] }],
        "responses": {
          "204": { "description": "Signed out." },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
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
      "SignInForm": {
        "required": true,
        "content": {
          "application/x-www-form-urlencoded": {
            "schema": {
              "type": "object",
              "required": ["request", "email", "password"],
              "properties": {
                "request": { "type": "string", "description": "The handle in the page's hidden field." },
                "email": { "type": "string" },
                "password": { "type": "string" }
              }
            }
          }
        }
      },
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
      "HostedPage": {
        "description": "The next hosted page (consent), the same page with a message (wrong password 401, invalid registration 422, email taken 409, too many attempts 429), or an error page (400 malformed or finished request, 403 not started in this browser).",
        "content": { "text/html": { "schema": { "type": "string" } } }
      },
      "RateLimited": {
        "description": "Too many attempts (failed client authentications, wrong passwords, PIN texts); try again after Retry-After seconds.",
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
          "limit": { "type": "string", "description": "The responsible-play limit a refusal names, e.g. deposit_limit.daily.EUR." },
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
          "session_id": { "type": "string" },
          "player_created": { "type": "boolean", "description": "This sign-in created the player." },
          "issued_token_type": { "type": "string" },
          "id_token": { "type": "string", "description": "OpenID Connect (scope openid): a JWT signed with a key at jwks_uri." }
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
      "PlayerProfile": {
        "type": "object",
        "required": ["id", "ern", "invite_code", "profile_complete", "created_at"],
        "properties": {
          "id": { "type": "string", "format": "uuid" },
          "ern": { "type": "string", "pattern": "^ern:player:" },
          "display_name": { "type": "string" },
          "first_name": { "type": "string" },
          "birth_date": { "type": "string", "format": "date" },
          "gender": { "type": "string", "enum": ["female", "male", "other", "undisclosed"] },
          "locale": { "type": "string" },
          "email": { "type": "string" },
          "phone_number": { "type": "string" },
          "invite_code": { "type": "string" },
          "profile_complete": { "type": "boolean", "description": "First name, birth date and gender are all set." },
          "guest": { "type": "boolean", "description": "Signed up by an installation alone, with no phone number, email or provider account linked yet." },
          "created_at": { "type": "string", "format": "date-time" }
        }
      },
      "PhoneLink": {
        "type": "object",
        "required": ["phone_number", "pin"],
        "properties": {
          "phone_number": { "type": "string", "description": "The number the PIN was texted to." },
          "pin": { "type": "string", "description": "The 6-digit PIN." }
        }
      },
      "ProviderLink": {
        "type": "object",
        "required": ["provider", "subject_token", "subject_token_type"],
        "properties": {
          "provider": { "type": "string", "description": "The app's sign-in provider (`playhouse apps add-provider`)." },
          "subject_token": { "type": "string", "description": "The provider's id_token (OpenID Connect) or access token (Facebook-style)." },
          "subject_token_type": { "type": "string", "description": "As token exchange takes it." }
        }
      },
      "ProfileUpdate": {
        "type": "object",
        "properties": {
          "display_name": { "type": ["string", "null"], "maxLength": 50 },
          "first_name": { "type": ["string", "null"], "maxLength": 50 },
          "birth_date": { "type": ["string", "null"], "pattern": "^([0-9]{4}-[0-9]{2}-[0-9]{2})?$", "description": "YYYY-MM-DD, a real day from 1900 to today; empty clears it." },
          "gender": { "type": ["string", "null"], "enum": ["female", "male", "other", "undisclosed", null] },
          "locale": { "type": ["string", "null"], "pattern": "^([A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*)?$", "maxLength": 35, "description": "A BCP 47 language tag, e.g. da-DK; empty clears it." },
          "email": { "type": ["string", "null"], "pattern": "^[A-Za-z0-9.!#$%&'*+/=?^_{|}~-]+@[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?([.][A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$", "maxLength": 254, "description": "Must be free among the app's players (409 otherwise)." }
        }
      },
      "UserInfo": {
        "type": "object",
        "required": ["sub"],
        "properties": {
          "sub": { "type": "string" },
          "name": { "type": "string" },
          "given_name": { "type": "string" },
          "email": { "type": "string" },
          "phone_number": { "type": "string" },
          "locale": { "type": "string" },
          "birthdate": { "type": "string" },
          "gender": { "type": "string" }
        }
      },
      "DeviceAuthorizationResponse": {
        "type": "object",
        "required": ["device_code", "user_code", "verification_uri", "verification_uri_complete", "expires_in", "interval"],
        "properties": {
          "device_code": { "type": "string" },
          "user_code": { "type": "string", "pattern": "^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$" },
          "verification_uri": { "type": "string" },
          "verification_uri_complete": { "type": "string" },
          "expires_in": { "type": "integer" },
          "interval": { "type": "integer" }
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
          "authorization_endpoint": { "type": "string" },
          "device_authorization_endpoint": { "type": "string" },
          "token_endpoint": { "type": "string" },
          "userinfo_endpoint": { "type": "string" },
          "code_challenge_methods_supported": { "type": "array", "items": { "type": "string" } },
          "authorization_response_iss_parameter_supported": { "type": "boolean" },
          "introspection_endpoint": { "type": "string" },
          "revocation_endpoint": { "type": "string" },
          "grant_types_supported": { "type": "array", "items": { "type": "string" } },
          "response_types_supported": { "type": "array", "items": { "type": "string" } },
          "token_endpoint_auth_methods_supported": { "type": "array", "items": { "type": "string" } },
          "introspection_endpoint_auth_methods_supported": { "type": "array", "items": { "type": "string" } },
          "revocation_endpoint_auth_methods_supported": { "type": "array", "items": { "type": "string" } },
          "scopes_supported": { "type": "array", "items": { "type": "string" } },
          "service_documentation": { "type": "string" },
          "jwks_uri": { "type": "string" },
          "end_session_endpoint": { "type": "string" },
          "subject_types_supported": { "type": "array", "items": { "type": "string" } },
          "id_token_signing_alg_values_supported": { "type": "array", "items": { "type": "string" } },
          "claims_supported": { "type": "array", "items": { "type": "string" } }
        }
      }
    }
  }
}
"""#

    /// Each feature's part of the document: its tags, paths and schemas.
    static let features = [wallet, games, batch, sessions, content, catalog]

    /// The whole document, the features' parts merged into the template.
    static let merged: String = {
        guard var document = try? JSONSerialization.jsonObject(with: Data(template.utf8)) as? [String: Any] else {
            preconditionFailure("the OpenAPI template is not valid JSON")
        }
        for feature in features {
            guard let part = try? JSONSerialization.jsonObject(with: Data(feature.utf8)) as? [String: Any] else {
                preconditionFailure("a feature's OpenAPI part is not valid JSON")
            }
            document["tags"] = (document["tags"] as? [Any] ?? []) + (part["tags"] as? [Any] ?? [])
            document["paths"] = (document["paths"] as? [String: Any] ?? [:]).merging(part["paths"] as? [String: Any] ?? [:]) { $1 }
            var components = document["components"] as? [String: Any] ?? [:]
            for section in ["schemas", "parameters"] {
                components[section] = (components[section] as? [String: Any] ?? [:])
                    .merging(part[section] as? [String: Any] ?? [:]) { $1 }
            }
            document["components"] = components
        }
        let data = try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data ?? Data(), as: UTF8.self)
    }()

    /// The document with the server's public URL filled in.
    static func render(publicURL: String) -> String {
        merged.replacingOccurrences(of: "{{PUBLIC_URL}}", with: publicURL)
    }
}
