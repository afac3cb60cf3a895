-- Refreshes player tokens. Refresh tokens rotate, so each answer's new refresh token goes back
-- into the pool the next request draws from. The pool starts with the tokens in the file
-- $WRK_REFRESH_TOKENS (more of them than connections). Reports like wrk-report.lua.
dofile("scripts/lib/wrk-report.lua")
local pool = {}
-- Headers given with -H (the client's Basic credentials) live in wrk.headers; wrk.format uses
-- them only when no headers table is passed.
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"

init = function(args)
  for line in io.lines(os.getenv("WRK_REFRESH_TOKENS")) do table.insert(pool, line) end
end

request = function()
  local token = table.remove(pool, 1) or "pool-exhausted"
  return wrk.format("POST", nil, nil, "grant_type=refresh_token&refresh_token=" .. token)
end

response = function(status, headers, body)
  local token = string.match(body, '"refresh_token":"([^"]+)"')
  if token ~= nil then table.insert(pool, token) end
end
