-- POSTs $WRK_MONEY_BODY to $WRK_MONEY_PATH (a deposit, a bet) for the players whose access tokens
-- are in $WRK_PLAYER_TOKENS, one after another, each request with its own Idempotency-Key, as the
-- SDK sends them. Reports like wrk-report.lua.
dofile("scripts/lib/wrk-report.lua")
local threads = 0
local tokens = {}
local sent = 0
local path = os.getenv("WRK_MONEY_PATH")
local body = os.getenv("WRK_MONEY_BODY")

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
    ["Idempotency-Key"] = string.format("bench-%s-%d-%d", run, thread_number or 0, sent),
  }
  return wrk.format("POST", path, headers, body)
end
