-- GET /v1/sessions/current (the SDK's heartbeat) for the players whose access tokens are in
-- $WRK_PLAYER_TOKENS, one after another. Reports like wrk-report.lua.
dofile("scripts/lib/wrk-report.lua")
local tokens = {}
local sent = 0

init = function(args)
  for line in io.lines(os.getenv("WRK_PLAYER_TOKENS")) do table.insert(tokens, line) end
end

request = function()
  sent = sent + 1
  return wrk.format("GET", "/v1/sessions/current", { ["Authorization"] = "Bearer " .. tokens[(sent % #tokens) + 1] })
end
