extension OpenAPIDocument {
    /// The wallet's operations and schemas.
    static let wallet = #"""
{
  "tags": [{ "name": "wallet", "description": "The player's account, balances, history, deposits, withdrawals and promotions (scope `wallet`)" }],
  "paths": {
    "/v1/pages": {
      "post": {
        "tags": ["wallet"], "operationId": "openHostedPage",
        "summary": "A one-time URL (valid 60 s) of a hosted wallet page for the signed-in player, to open in a web view; the page ends at close_url.",
        "security": [{ "bearerAuth": [] }],
        "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/HostedPageRequest" } } } },
        "responses": {
          "201": { "description": "Where to open the page.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/HostedPage" } } } },
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
    "/pages/enter": {
      "get": {
        "tags": ["hosted pages"], "operationId": "enterHostedPage", "summary": "Swaps a page ticket for the page cookie and opens the page (303).", "security": [],
        "parameters": [{ "name": "ticket", "in": "query", "schema": { "type": "string" } }],
        "responses": {
          "303": { "description": "On to the page, with the page cookie set." },
          "401": { "description": "An unknown, used or expired ticket: a page saying so.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/pages/close": {
      "get": {
        "tags": ["hosted pages"], "operationId": "closeHostedPage", "summary": "Where hosted pages end; the SDK closes its web view on reaching it.", "security": [],
        "responses": { "200": { "description": "A page saying the player can return to the app.", "content": { "text/html": { "schema": { "type": "string" } } } } }
      }
    },
    "/wallet": {
      "get": {
        "tags": ["hosted pages"], "operationId": "showWalletPage", "summary": "The hosted wallet page: balances and the latest transactions.", "security": [],
        "parameters": [{ "name": "from", "in": "query", "schema": { "type": "string" }, "description": "reality-check: opened from the reality check, whose page the way out leads back to." }],
        "responses": {
          "200": { "description": "The page.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "401": { "description": "No page session, or it expired: a page saying so.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/wallet/deposit": { "get": {
        "tags": ["hosted pages"], "operationId": "showDepositPage", "summary": "The hosted deposit page.", "security": [],
        "parameters": [{ "name": "code", "in": "query", "schema": { "type": "string" } }],
        "responses": {
          "200": { "description": "The page.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "401": { "description": "No page session, or it expired: a page saying so.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      },
      "post": {
        "tags": ["hosted pages"], "operationId": "submitDepositPage", "summary": "The deposit page's form.", "security": [],
        "requestBody": { "required": true, "content": { "application/x-www-form-urlencoded": { "schema": { "type": "object", "properties": { "csrf": { "type": "string" }, "form_id": { "type": "string" }, "amount": { "type": "string" }, "currency": { "type": "string" }, "payment_method": { "type": "string" } } } } } },
        "responses": {
          "200": { "description": "The page with what happened.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "401": { "description": "No page session, or it expired.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "403": { "description": "The form did not come from this page session (CSRF), or responsible play refused it (a limit, an exclusion): the page with the reason.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "404": { "description": "Unknown promotion: the page with the reason.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "409": { "description": "Refused (already redeemed, used up): the page with the reason.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "422": { "description": "Refused (amount, currency, funds): the page with the reason.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      } },
    "/wallet/withdraw": { "get": {
        "tags": ["hosted pages"], "operationId": "showWithdrawPage", "summary": "The hosted withdraw page.", "security": [],
        "parameters": [{ "name": "code", "in": "query", "schema": { "type": "string" } }],
        "responses": {
          "200": { "description": "The page.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "401": { "description": "No page session, or it expired: a page saying so.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      },
      "post": {
        "tags": ["hosted pages"], "operationId": "submitWithdrawPage", "summary": "The withdraw page's form.", "security": [],
        "requestBody": { "required": true, "content": { "application/x-www-form-urlencoded": { "schema": { "type": "object", "properties": { "csrf": { "type": "string" }, "form_id": { "type": "string" }, "amount": { "type": "string" }, "currency": { "type": "string" }, "payment_method": { "type": "string" } } } } } },
        "responses": {
          "200": { "description": "The page with what happened.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "401": { "description": "No page session, or it expired.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "403": { "description": "The form did not come from this page session (CSRF), or responsible play refused it (a limit, an exclusion): the page with the reason.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "404": { "description": "Unknown promotion: the page with the reason.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "409": { "description": "Refused (already redeemed, used up): the page with the reason.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "422": { "description": "Refused (amount, currency, funds): the page with the reason.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      } },
    "/wallet/redeem": { "get": {
        "tags": ["hosted pages"], "operationId": "showRedeemPage", "summary": "The hosted redeem page.", "security": [],
        "parameters": [{ "name": "code", "in": "query", "schema": { "type": "string" } }],
        "responses": {
          "200": { "description": "The page.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "401": { "description": "No page session, or it expired: a page saying so.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      },
      "post": {
        "tags": ["hosted pages"], "operationId": "submitRedeemPage", "summary": "The redeem page's form.", "security": [],
        "requestBody": { "required": true, "content": { "application/x-www-form-urlencoded": { "schema": { "type": "object", "properties": { "csrf": { "type": "string" }, "form_id": { "type": "string" }, "code": { "type": "string" } } } } } },
        "responses": {
          "200": { "description": "The page with what happened.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "401": { "description": "No page session, or it expired.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "403": { "description": "The form did not come from this page session (CSRF), or responsible play refused it (a limit, an exclusion): the page with the reason.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "404": { "description": "Unknown promotion: the page with the reason.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "409": { "description": "Refused (already redeemed, used up): the page with the reason.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "422": { "description": "Refused (amount, currency, funds): the page with the reason.", "content": { "text/html": { "schema": { "type": "string" } } } },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      } },
    "/promotions/{code}": {
      "get": {
        "tags": ["hosted pages"], "operationId": "openPromotion", "summary": "A promotion's link: on to the hosted redeem page with the code filled in (303).", "security": [],
        "parameters": [{ "name": "code", "in": "path", "required": true, "schema": { "type": "string" } }],
        "responses": { "303": { "description": "On to /wallet/redeem." }, "default": { "$ref": "#/components/responses/Problem" } }
      }
    },
    "/v1/account": {
      "get": {
        "tags": ["wallet"], "operationId": "getAccount", "summary": "The signed-in player's account: names, email, currency, environment and economy.",
        "security": [{ "bearerAuth": [] }],
        "responses": {
          "200": { "description": "The account.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/WalletAccount" } } } },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      },
      "patch": {
        "tags": ["wallet"], "operationId": "updateAccount", "summary": "Sets the player's currency preference: one of the app's currencies.",
        "security": [{ "bearerAuth": [] }],
        "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/AccountUpdate" } } } },
        "responses": {
          "200": { "description": "The account.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/WalletAccount" } } } },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "415": { "$ref": "#/components/responses/Problem" },
          "422": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/currencies": {
      "get": {
        "tags": ["wallet"], "operationId": "listCurrencies", "summary": "The app's currencies and their decimals (app or player token with scope `wallet`).",
        "security": [{ "bearerAuth": [] }],
        "responses": {
          "200": { "description": "The currencies, in the order they were added.", "content": { "application/json": { "schema": { "type": "array", "items": { "$ref": "#/components/schemas/CurrencyInfo" } } } } },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/wallet": {
      "get": {
        "tags": ["wallet"], "operationId": "getWallet",
        "summary": "Balances per currency and economy (every currency of the app, zero until used) and the pending withdrawals.",
        "security": [{ "bearerAuth": [] }],
        "responses": {
          "200": { "description": "The wallet.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Wallet" } } } },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/wallet/transactions": {
      "get": {
        "tags": ["wallet"], "operationId": "listWalletTransactions", "summary": "The wallet's history, newest first, cursor-paginated.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [
          { "name": "currency", "in": "query", "schema": { "type": "string" } },
          { "name": "kind", "in": "query", "schema": { "type": "string" }, "description": "deposit, withdrawal, withdrawal_released, promotion, …" },
          { "name": "economy", "in": "query", "schema": { "type": "string", "enum": ["real", "sandbox", ""] }, "description": "Empty means every economy." },
          { "name": "limit", "in": "query", "schema": { "type": "integer", "minimum": 1, "maximum": 100, "default": 25 } },
          { "name": "cursor", "in": "query", "schema": { "type": "string", "pattern": "^([1-9][0-9]{0,17})?$" }, "description": "The next_cursor of the previous page; empty is the first page." }
        ],
        "responses": {
          "200": { "description": "A page of transactions.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/WalletTransactionPage" } } } },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/wallet/transactions/{transaction_id}": {
      "get": {
        "tags": ["wallet"], "operationId": "getWalletTransaction", "summary": "One transaction of the player's wallet; 404 for anyone else's.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [{ "name": "transaction_id", "in": "path", "required": true, "schema": { "type": "string" } }],
        "responses": {
          "200": { "description": "The transaction.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/WalletTransaction" } } } },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "404": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/wallet/deposits": {
      "post": {
        "tags": ["wallet"], "operationId": "createDeposit",
        "summary": "Deposit through the payment provider. The sandbox provider's payment_method says what happens: sandbox (completes), sandbox_delayed (pending, then completes), sandbox_declined.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [{ "$ref": "#/components/parameters/IdempotencyKey" }],
        "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/PaymentRequest" } } } },
        "responses": {
          "201": { "description": "The deposit: completed, pending or declined.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Payment" } } } },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "409": { "$ref": "#/components/responses/Problem" },
          "413": { "$ref": "#/components/responses/Problem" },
          "415": { "$ref": "#/components/responses/Problem" },
          "422": { "$ref": "#/components/responses/Problem" },
          "502": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/wallet/deposits/{payment_id}": {
      "get": {
        "tags": ["wallet"], "operationId": "getDeposit", "summary": "One of the player's deposits.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [{ "name": "payment_id", "in": "path", "required": true, "schema": { "type": "string" } }],
        "responses": {
          "200": { "description": "The deposit.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Payment" } } } },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "404": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/wallet/withdrawals": {
      "post": {
        "tags": ["wallet"], "operationId": "createWithdrawal",
        "summary": "Withdraw: the money leaves the balance at once and is held until the provider pays it out (or it is cancelled or declined).",
        "security": [{ "bearerAuth": [] }],
        "parameters": [{ "$ref": "#/components/parameters/IdempotencyKey" }],
        "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/PaymentRequest" } } } },
        "responses": {
          "201": { "description": "The withdrawal: pending, completed or declined.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Payment" } } } },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "409": { "$ref": "#/components/responses/Problem" },
          "413": { "$ref": "#/components/responses/Problem" },
          "415": { "$ref": "#/components/responses/Problem" },
          "422": { "$ref": "#/components/responses/Problem" },
          "502": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/wallet/withdrawals/{payment_id}": {
      "get": {
        "tags": ["wallet"], "operationId": "getWithdrawal", "summary": "One of the player's withdrawals.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [{ "name": "payment_id", "in": "path", "required": true, "schema": { "type": "string" } }],
        "responses": {
          "200": { "description": "The withdrawal.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Payment" } } } },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "404": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/wallet/withdrawals/{payment_id}/cancel": {
      "post": {
        "tags": ["wallet"], "operationId": "cancelWithdrawal", "summary": "Cancel a pending withdrawal; the held money returns to the balance.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [
          { "name": "payment_id", "in": "path", "required": true, "schema": { "type": "string" } },
          { "$ref": "#/components/parameters/IdempotencyKey" }
        ],
        "responses": {
          "200": { "description": "The cancelled withdrawal.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Payment" } } } },
          "400": { "$ref": "#/components/responses/Problem" },
          "401": { "$ref": "#/components/responses/Unauthorized" },
          "403": { "$ref": "#/components/responses/Problem" },
          "404": { "$ref": "#/components/responses/Problem" },
          "409": { "$ref": "#/components/responses/Problem" },
          "default": { "$ref": "#/components/responses/Problem" }
        }
      }
    },
    "/v1/promotions/redeem": {
      "post": {
        "tags": ["wallet"], "operationId": "redeemPromotion", "summary": "Redeem a promotion by its code or URL: its bonus is credited once per player.",
        "security": [{ "bearerAuth": [] }],
        "parameters": [{ "$ref": "#/components/parameters/IdempotencyKey" }],
        "requestBody": { "required": true, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/RedeemRequest" } } } },
        "responses": {
          "201": { "description": "The bonus credited.", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Redemption" } } } },
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
    }
  },
  "parameters": {
    "IdempotencyKey": {
      "name": "Idempotency-Key", "in": "header", "required": false,
      "description": "Makes the request safe to retry: the same key with the same request returns the first response (with Idempotent-Replayed: true); with another request, 409. Kept 24 hours.",
      "schema": { "type": "string", "pattern": "^[!-~]{1,255}$" }
    }
  },
  "schemas": {
    "HostedPageRequest": {
      "type": "object", "required": ["page"],
      "properties": { "page": { "type": "string", "enum": ["wallet", "deposit", "withdraw", "redeem", "reality-check", "link-email"] }, "promotion": { "type": ["string", "null"] } }
    },
    "HostedPage": {
      "type": "object", "required": ["url", "close_url", "expires_at"],
      "properties": { "url": { "type": "string" }, "close_url": { "type": "string" }, "expires_at": { "type": "string", "format": "date-time" } }
    },
    "Money": {
      "type": "object", "required": ["amount", "currency"],
      "properties": {
        "amount": { "type": "string", "description": "A decimal string with a dot, e.g. \"12.50\"; never a number." },
        "currency": { "type": "string" }
      }
    },
    "CurrencyInfo": {
      "type": "object", "required": ["code", "kind", "minor_units", "name"],
      "properties": {
        "code": { "type": "string" }, "kind": { "type": "string", "enum": ["real", "virtual", "credit"] },
        "minor_units": { "type": "integer", "minimum": 0, "maximum": 4 }, "name": { "type": "string" }, "game": { "type": "string" }
      }
    },
    "WalletAccount": {
      "type": "object", "required": ["id", "ern", "environment", "economy"],
      "properties": {
        "id": { "type": "string" }, "ern": { "type": "string" }, "display_name": { "type": "string" }, "first_name": { "type": "string" },
        "email": { "type": "string" }, "currency": { "type": "string" },
        "environment": { "type": "string", "enum": ["sandbox", "production"] }, "economy": { "type": "string", "enum": ["real", "sandbox"] }
      }
    },
    "AccountUpdate": {
      "type": "object",
      "properties": { "currency": { "type": ["string", "null"], "description": "One of the app's currency codes; left out or null keeps the current one." } }
    },
    "Balance": {
      "type": "object", "required": ["available", "pending_withdrawals", "economy", "kind"],
      "properties": {
        "available": { "$ref": "#/components/schemas/Money" }, "pending_withdrawals": { "$ref": "#/components/schemas/Money" },
        "economy": { "type": "string", "enum": ["real", "sandbox"] }, "kind": { "type": "string", "enum": ["real", "virtual", "credit"] }
      }
    },
    "Wallet": {
      "type": "object", "required": ["balances", "pending_withdrawals"],
      "properties": {
        "balances": { "type": "array", "items": { "$ref": "#/components/schemas/Balance" } },
        "pending_withdrawals": { "type": "array", "items": { "$ref": "#/components/schemas/Payment" } }
      }
    },
    "PaymentRequest": {
      "type": "object", "required": ["amount"],
      "properties": {
        "amount": { "$ref": "#/components/schemas/Money" },
        "economy": { "type": "string", "enum": ["real", "sandbox"] },
        "payment_method": { "type": "string", "description": "sandbox (default), sandbox_delayed or sandbox_declined with the sandbox provider." }
      }
    },
    "Payment": {
      "type": "object", "required": ["id", "ern", "status", "amount", "economy", "payment_method", "created_at"],
      "properties": {
        "id": { "type": "string" }, "ern": { "type": "string" },
        "status": { "type": "string", "enum": ["pending", "completed", "declined", "cancelled"] },
        "amount": { "$ref": "#/components/schemas/Money" }, "economy": { "type": "string", "enum": ["real", "sandbox"] },
        "payment_method": { "type": "string" }, "decline_reason": { "type": "string" },
        "created_at": { "type": "string", "format": "date-time" }, "finished_at": { "type": "string", "format": "date-time" }
      }
    },
    "WalletTransaction": {
      "type": "object", "required": ["id", "ern", "kind", "amount", "balance_after", "economy", "created_at"],
      "properties": {
        "id": { "type": "string" }, "ern": { "type": "string" }, "kind": { "type": "string" },
        "amount": { "$ref": "#/components/schemas/Money" }, "balance_after": { "$ref": "#/components/schemas/Money" },
        "economy": { "type": "string", "enum": ["real", "sandbox"] }, "reference": { "type": "string" },
        "created_at": { "type": "string", "format": "date-time" }
      }
    },
    "WalletTransactionPage": {
      "type": "object", "required": ["data"],
      "properties": {
        "data": { "type": "array", "items": { "$ref": "#/components/schemas/WalletTransaction" } },
        "next_cursor": { "type": "string" }
      }
    },
    "RedeemRequest": {
      "type": "object",
      "properties": { "code": { "type": "string" }, "url": { "type": "string", "description": "A promotion URL such as https://play.example.com/promotions/WELCOME" } }
    },
    "Redemption": {
      "type": "object", "required": ["code", "name", "amount", "economy", "transaction_id", "redeemed_at"],
      "properties": {
        "code": { "type": "string" }, "name": { "type": "string" }, "amount": { "$ref": "#/components/schemas/Money" },
        "economy": { "type": "string", "enum": ["real", "sandbox"] }, "transaction_id": { "type": "string" },
        "redeemed_at": { "type": "string", "format": "date-time" }
      }
    }
  }
}
"""#
}
