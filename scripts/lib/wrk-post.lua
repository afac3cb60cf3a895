-- POSTs the form in $WRK_BODY (with $WRK_COOKIE as the Cookie header when set) and reports like
-- wrk-report.lua.
dofile("scripts/lib/wrk-report.lua")
wrk.method = "POST"
wrk.body = os.getenv("WRK_BODY")
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
local cookie = os.getenv("WRK_COOKIE")
if cookie ~= nil and cookie ~= "" then wrk.headers["Cookie"] = cookie end
