extension OpenAPIDocument {
    /// The games' operations and schemas.
    static let games = #"""
{
  "tags": [{ "name": "games", "description": "Games, bets and provably fair seeds (scope `play`)" }],
  "paths": {
    "/v1/games": {
      "get": {
        "tags": ["games"], "operationId": "listGames", "summary": "The app's games, with their limits, paylines and exact return to player.",
        "security": [{ "bearerAuth": [] }],
        "responses": {
          "200": { "description": "The games, by id.", "content": { "application/json": { "schema": { "type": "array", "items": { "$ref": "#/components/schemas/GameInfo" } } } } },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/games/{game}": {
      "get": {
        "tags": ["games"], "operationId": "getGame", "summary": "One game.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [{ "$ref": "#/components/parameters/GameID" }],
        "responses": {
          "200": { "description": "The game.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/GameInfo" } } } },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "404": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/games/{game}/definition": {
      "get": {
        "tags": ["games"], "operationId": "getGameDefinition",
        "summary": "The game's definition as imported (reels, paylines, paytable or segments): what a device needs to re-derive a bet's outcome.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [{ "$ref": "#/components/parameters/GameID" }],
        "responses": {
          "200": { "description": "The definition.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/GameDefinition" } } } },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "404": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/games/{game}/bet": {
      "post": {
        "tags": ["games"], "operationId": "placeBet",
        "summary": "A bet with the player's money: the stake (wager × paylines) leaves the wallet and the payout comes back in one ledger transaction.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [{ "$ref": "#/components/parameters/GameID" }, { "$ref": "#/components/parameters/IdempotencyKey" }],
        "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/BetRequest" } } } },
        "responses": {
          "201": { "description": "The bet and its outcome.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Bet" } } } },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "404": { "$ref": "#/components/responses/Problem" },
          "409": { "$ref": "#/components/responses/Problem" },
          "413": { "$ref": "#/components/responses/Problem" },
          "415": { "$ref": "#/components/responses/Problem" },
          "422": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/games/{game}/unbacked-bet": {
      "post": {
        "tags": ["games"], "operationId": "placeUnbackedBet",
        "summary": "The same math with no money: for a player's token or an unbacked token (client credentials with client_user_id). Currency and economy may be left out.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [{ "$ref": "#/components/parameters/GameID" }],
        "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/BetRequest" } } } },
        "responses": {
          "201": { "description": "The bet and its outcome.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Bet" } } } },
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
    },
    "/v1/games/{game}/{play_game}/bet": {
      "post": {
        "tags": ["games"], "operationId": "placeCreditBet",
        "summary": "A credit bet (Betable's): paid with the credits won in {game} (its credit currency), played on {play_game}; the payout is in the same credits.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [{ "$ref": "#/components/parameters/GameID" }, { "$ref": "#/components/parameters/PlayGameID" }, { "$ref": "#/components/parameters/IdempotencyKey" }],
        "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/BetRequest" } } } },
        "responses": {
          "201": { "description": "The bet and its outcome.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Bet" } } } },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "404": { "$ref": "#/components/responses/Problem" },
          "409": { "$ref": "#/components/responses/Problem" },
          "413": { "$ref": "#/components/responses/Problem" },
          "415": { "$ref": "#/components/responses/Problem" },
          "422": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/games/{game}/{play_game}/unbacked-bet": {
      "post": {
        "tags": ["games"], "operationId": "placeUnbackedCreditBet", "summary": "A credit bet's math with no money.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [{ "$ref": "#/components/parameters/GameID" }, { "$ref": "#/components/parameters/PlayGameID" }],
        "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/BetRequest" } } } },
        "responses": {
          "201": { "description": "The bet and its outcome.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Bet" } } } },
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
    },
    "/v1/bets": {
      "get": {
        "tags": ["games"], "operationId": "listBets", "summary": "The caller's bets with their full outcomes, newest first.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [
          { "name": "game", "in": "query", "required": false, "schema": { "type": "string" } },
          { "name": "limit", "in": "query", "required": false, "schema": { "type": "integer", "minimum": 1, "maximum": 100, "default": 25 } },
          { "name": "cursor", "in": "query", "required": false, "schema": { "type": "string", "pattern": "^([1-9][0-9]{0,17})?$" }, "description": "The next_cursor of the previous page; empty is the first page." }
        ],
        "responses": {
          "200": { "description": "A page of bets.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/BetPage" } } } },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/bets/{bet_id}": {
      "get": {
        "tags": ["games"], "operationId": "getBet", "summary": "One of the caller's bets; 404 for anyone else's. Its fairness carries server_seed once the seed is rotated.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [{ "name": "bet_id", "in": "path", "required": true, "schema": { "type": "string" } }],
        "responses": {
          "200": { "description": "The bet.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Bet" } } } },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "404": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/fairness": {
      "get": {
        "tags": ["games"], "operationId": "getFairnessSeeds", "summary": "The hash of the server seed the next bets are drawn from, the client seed and the next nonce.",
        "security": [{ "bearerAuth": [] }],
        "responses": {
          "200": { "description": "The seeds.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/FairnessSeeds" } } } },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/fairness/client-seed": {
      "put": {
        "tags": ["games"], "operationId": "setClientSeed", "summary": "Sets the client seed of the bets to come.",
        "security": [{ "bearerAuth": [] }],
        "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/ClientSeedUpdate" } } } },
        "responses": {
          "200": { "description": "The seeds.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/FairnessSeeds" } } } },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "413": { "$ref": "#/components/responses/Problem" },
          "415": { "$ref": "#/components/responses/Problem" },
          "422": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/fairness/rotate": {
      "post": {
        "tags": ["games"], "operationId": "rotateFairnessSeed", "summary": "Reveals the current server seed, so every bet drawn from it can be verified, and starts a new one.",
        "security": [{ "bearerAuth": [] }],
        "responses": {
          "200": { "description": "The revealed seed and the new seeds.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/FairnessRotation" } } } },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    }
  },
  "parameters": {
    "GameID": { "name": "game", "in": "path", "required": true, "schema": { "type": "string" }, "description": "The game's id within the app, e.g. lucky-sevens." },
    "PlayGameID": { "name": "play_game", "in": "path", "required": true, "schema": { "type": "string" }, "description": "The game a credit bet is played on." }
  },
  "schemas": {
    "GameInfo": {
      "type": "object",
      "required": ["id", "ern", "name", "type", "status", "min_wager", "max_wager", "currencies", "paylines", "rtp", "hit_frequency", "provably_fair", "version"],
      "properties": {
        "id": { "type": "string" }, "ern": { "type": "string" }, "name": { "type": "string" },
        "type": { "type": "string", "enum": ["slot", "wheel"] }, "status": { "type": "string", "enum": ["open", "closed"] },
        "min_wager": { "type": "string" }, "max_wager": { "type": "string" },
        "currencies": { "type": "array", "items": { "type": "string" } },
        "paylines": { "type": "array", "items": { "type": "array", "items": { "type": "integer" } } },
        "rtp": { "type": "number" }, "hit_frequency": { "type": "number" }, "provably_fair": { "type": "boolean" }, "version": { "type": "integer" }
      }
    },
    "GameDefinition": {
      "type": "object", "required": ["id", "name", "type", "min_wager", "max_wager", "currencies", "provably_fair"],
      "description": "A slot carries rows, symbols, reels, paylines, paytable and scatter_pays; a wheel carries segments.",
      "properties": {
        "id": { "type": "string" }, "name": { "type": "string" }, "type": { "type": "string", "enum": ["slot", "wheel"] },
        "min_wager": { "type": "string" }, "max_wager": { "type": "string" },
        "currencies": { "type": "array", "items": { "type": "string" } }, "provably_fair": { "type": "boolean" },
        "rows": { "type": "integer" },
        "symbols": { "type": "array", "items": { "type": "object", "required": ["id", "kind"],
          "properties": { "id": { "type": "string" }, "kind": { "type": "string", "enum": ["regular", "wild", "scatter"] } } } },
        "reels": { "type": "array", "items": { "type": "array", "items": { "type": "string" } } },
        "paylines": { "type": "array", "items": { "type": "array", "items": { "type": "integer" } } },
        "paytable": { "type": "array", "items": { "$ref": "#/components/schemas/Pay" } },
        "scatter_pays": { "type": "array", "items": { "$ref": "#/components/schemas/Pay" } },
        "segments": { "type": "array", "items": { "type": "integer" } }
      }
    },
    "Pay": {
      "type": "object", "required": ["symbol", "count", "pays"],
      "properties": { "symbol": { "type": "string" }, "count": { "type": "integer" }, "pays": { "type": "integer" } }
    },
    "BetRequest": {
      "type": "object", "required": ["wager"],
      "properties": {
        "currency": { "type": ["string", "null"], "description": "Required for a backed bet." },
        "economy": { "type": ["string", "null"], "enum": ["real", "sandbox", null] },
        "wager": { "type": "string", "description": "A decimal string; per payline for a slot." },
        "paylines": { "type": ["array", "null"], "items": { "type": "array", "items": { "type": "integer" } }, "description": "Each payline by its rows; all when left out." },
        "client_seed": { "type": ["string", "null"], "description": "Sets the client seed before this bet." }
      }
    },
    "BetOutcome": {
      "type": "object", "required": ["outcome", "kind", "count", "payout"],
      "properties": {
        "outcome": { "type": "string", "enum": ["win"] }, "kind": { "type": "string", "enum": ["line", "scatter", "segment"] },
        "payline": { "type": "array", "items": { "type": "integer" } }, "symbol": { "type": "string" },
        "count": { "type": "integer" }, "payout": { "type": "string" }
      }
    },
    "BetFairness": {
      "type": "object", "required": ["server_seed_hash", "client_seed", "nonce"],
      "properties": {
        "server_seed_hash": { "type": "string" }, "server_seed": { "type": "string" }, "client_seed": { "type": "string" }, "nonce": { "type": "integer" }
      }
    },
    "Bet": {
      "type": "object",
      "required": ["id", "ern", "game", "game_version", "kind", "wager", "stake", "paylines", "window", "stops", "outcomes", "payout", "created_at"],
      "properties": {
        "id": { "type": "string" }, "ern": { "type": "string" }, "game": { "type": "string" }, "game_version": { "type": "integer" },
        "credit_game": { "type": "string" }, "kind": { "type": "string", "enum": ["backed", "unbacked", "credit", "unbacked_credit"] }, "currency": { "type": "string" },
        "economy": { "type": "string", "enum": ["real", "sandbox"] }, "wager": { "type": "string" }, "stake": { "type": "string" },
        "paylines": { "type": "array", "items": { "type": "array", "items": { "type": "integer" } } },
        "window": { "type": "array", "items": { "type": "array", "items": { "type": "string" } } },
        "stops": { "type": "array", "items": { "type": "integer" } },
        "outcomes": { "type": "array", "items": { "$ref": "#/components/schemas/BetOutcome" } },
        "payout": { "type": "string" }, "balance": { "$ref": "#/components/schemas/Money" },
        "fairness": { "$ref": "#/components/schemas/BetFairness" }, "transaction_id": { "type": "string" },
        "created_at": { "type": "string", "format": "date-time" }
      }
    },
    "BetPage": {
      "type": "object", "required": ["data"],
      "properties": { "data": { "type": "array", "items": { "$ref": "#/components/schemas/Bet" } }, "next_cursor": { "type": "string" } }
    },
    "FairnessSeeds": {
      "type": "object", "required": ["server_seed_hash", "client_seed", "next_nonce"],
      "properties": { "server_seed_hash": { "type": "string" }, "client_seed": { "type": "string" }, "next_nonce": { "type": "integer" } }
    },
    "ClientSeedUpdate": {
      "type": "object", "required": ["client_seed"],
      "properties": { "client_seed": { "type": "string", "pattern": "^[!-~]{1,64}$", "description": "1 to 64 visible ASCII characters." } }
    },
    "RevealedSeed": {
      "type": "object", "required": ["server_seed", "server_seed_hash", "client_seed", "next_nonce"],
      "properties": { "server_seed": { "type": "string" }, "server_seed_hash": { "type": "string" }, "client_seed": { "type": "string" }, "next_nonce": { "type": "integer" } }
    },
    "FairnessRotation": {
      "type": "object", "required": ["revealed", "current"],
      "properties": { "revealed": { "$ref": "#/components/schemas/RevealedSeed" }, "current": { "$ref": "#/components/schemas/FairnessSeeds" } }
    }
  }
}
"""#
}
