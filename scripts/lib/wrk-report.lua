-- Prints one machine-readable line after a wrk run:
-- RESULT <requests> <duration µs> <p50 µs> <p99 µs> <non-2xx/3xx responses> <socket errors>
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %d %d %d %d\n", summary.requests, summary.duration,
    latency:percentile(50), latency:percentile(99), e.status, e.connect + e.read + e.write + e.timeout))
end
