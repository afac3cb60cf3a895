-- One user job, sent over and over by wrk, as the environment describes it:
--   WRK_METHOD        GET (the default) or POST
--   WRK_PATH          the path; "{line}" in it becomes the next line of $WRK_LINES
--   WRK_BODY          the body; "{line}" in it becomes the next line of $WRK_LINES, "{unique}" a value
--                     no other request of the run has
--   WRK_CONTENT_TYPE  the body's type (application/json by default)
--   WRK_TOKENS        a file of player access tokens, one a line: each request the next one's bearer
--   WRK_AUTHORIZATION an Authorization header sent as it is (an app's Basic credentials)
--   WRK_IDEMPOTENT    when set, each request has an Idempotency-Key of its own, as the SDK sends them
--   WRK_IF_NONE_MATCH an ETag sent as If-None-Match (a revalidation)
-- Reports like wrk-report.lua.
dofile("scripts/lib/wrk-report.lua")
local threads = 0
local sent = 0
local tokens, lines = {}, {}
local method = os.getenv("WRK_METHOD") or "GET"
local path = os.getenv("WRK_PATH")
local body = os.getenv("WRK_BODY")
local content_type = os.getenv("WRK_CONTENT_TYPE") or "application/json"
local authorization = os.getenv("WRK_AUTHORIZATION")
local idempotent = os.getenv("WRK_IDEMPOTENT")
local if_none_match = os.getenv("WRK_IF_NONE_MATCH")

setup = function(thread)
  threads = threads + 1
  thread:set("thread_number", threads)
end

init = function(args)
  local file = os.getenv("WRK_TOKENS")
  if file then for line in io.lines(file) do table.insert(tokens, line) end end
  file = os.getenv("WRK_LINES")
  if file then for line in io.lines(file) do table.insert(lines, line) end end
  math.randomseed(os.time() * 1000 + (thread_number or 0))
  run = string.format("%x%x%x", os.time(), thread_number or 0, math.random(0, 0xffffff))
end

request = function()
  sent = sent + 1
  local headers = {}
  if #tokens > 0 then headers["Authorization"] = "Bearer " .. tokens[(sent % #tokens) + 1] end
  if authorization then headers["Authorization"] = authorization end
  if idempotent then headers["Idempotency-Key"] = string.format("bench-%s-%d", run, sent) end
  if if_none_match then headers["If-None-Match"] = if_none_match end
  local line = #lines > 0 and lines[((sent - 1) % #lines) + 1] or nil
  local target = line and path:gsub("{line}", function() return line end) or path
  local text = nil
  if body then
    headers["Content-Type"] = content_type
    text = body:gsub("{unique}", function() return string.format("%s-%d", run, sent) end)
    if line then text = text:gsub("{line}", function() return line end) end
  end
  return wrk.format(method, target, headers, text)
end
