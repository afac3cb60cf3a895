-- Bets 0.01 EUR per payline on every payline of lucky-sevens (a 0.10 EUR stake) for the players
-- whose access tokens are in $WRK_PLAYER_TOKENS, one after another, each request with its own
-- Idempotency-Key, as the SDK sends them. Reports like wrk-report.lua.
dofile("scripts/lib/wrk-report.lua")
local threads = 0
local tokens = {}
local sent = 0

setup = function(thread)
  threads = threads + 1
  thread:set("thread_number", threads)
end

init = function(args)
  for line in io.lines(os.getenv("WRK_PLAYER_TOKENS")) do table.insert(tokens, line) end
  math.randomseed(os.time() * 1000 + (thread_number or 0))
  run = string.format("%x%x", os.time(), math.random(0, 0xffffff))
end

request = function()
  sent = sent + 1
  local headers = {
    ["Authorization"] = "Bearer " .. tokens[(sent % #tokens) + 1],
    ["Content-Type"] = "application/json",
    ["Idempotency-Key"] = string.format("bet-%s-%d-%d", run, thread_number or 0, sent),
  }
  return wrk.format("POST", "/v1/games/lucky-sevens/bet", headers, '{"currency":"EUR","wager":"0.01"}')
end
