-- Batches of list operations, as the SDK pushes its queue: POST /v1/lists/operations with
-- $WRK_BATCH add_item operations (default 100), each with a new mutation id and item id, for the
-- players in $WRK_LIST_CLIENTS (a line each: "access_token list_id"), one after another.
-- Reports like wrk-report.lua.
dofile("scripts/lib/wrk-report.lua")
local threads = 0
local clients = {}
local sent = 0
local size = tonumber(os.getenv("WRK_BATCH") or "100")

setup = function(thread)
  threads = threads + 1
  thread:set("thread_number", threads)
end

init = function(args)
  for line in io.lines(os.getenv("WRK_LIST_CLIENTS")) do
    local token, list = line:match("^(%S+) (%S+)$")
    table.insert(clients, { token = token, list = list })
  end
  math.randomseed(os.time() * 1000 + (thread_number or 0))
  -- Each run starts at another list: the runs of one benchmark spread their items over every list.
  sent = math.random(0, #clients - 1)
end

-- A random version 4 UUID.
local function uuid()
  return string.format("%04x%04x-%04x-4%03x-%04x-%04x%04x%04x",
    math.random(0, 0xffff), math.random(0, 0xffff), math.random(0, 0xffff), math.random(0, 0xfff),
    0x8000 + math.random(0, 0x3fff), math.random(0, 0xffff), math.random(0, 0xffff), math.random(0, 0xffff))
end

request = function()
  sent = sent + 1
  local client = clients[(sent % #clients) + 1]
  local operations = {}
  for n = 1, size do
    operations[n] = string.format(
      '{"op":"add_item","mutation_id":"%s","list_id":"%s","item_id":"%s","description":"Milk","count":%d,"unit":"l"}',
      uuid(), client.list, uuid(), n)
  end
  local headers = {
    ["Authorization"] = "Bearer " .. client.token,
    ["Content-Type"] = "application/json",
  }
  return wrk.format("POST", "/v1/lists/operations", headers, '{"operations":[' .. table.concat(operations, ",") .. ']}')
end
