# What the benchmarks share: a release build of the server, starting it on one engine, and wrk
# runs on loopback that report "rps p50_ms p99_ms". Sourced by scripts/bench and scripts/bench-wallet
# (after postgres.sh); they set $connections, $threads and $work_dir.

# build_release → sets $binary to the release server.
build_release() {
    echo "Building the server (release)…"
    swift build -c release --package-path Server --product playhouse 2>&1 | tail -n 1
    binary="$PWD/Server/.build/release/playhouse"
    [ -x "$binary" ] || { echo "The release build failed." >&2; return 1; }
}

# start_server ENGINE → starts the server on sqlite or postgres (the throwaway cluster) and sets
# $server_pid, $base and $server_env (the environment the CLI needs to reach the same database).
# A script may set the array $server_settings to more PLAYHOUSE_* settings for the server.
start_server() {
    local engine=$1 port
    port=$(free_port)
    server_env=(PLAYHOUSE_PORT="$port" PLAYHOUSE_DATA_DIR="$work_dir/$engine" PLAYHOUSE_LOG_LEVEL=warning
        ${server_settings[@]+"${server_settings[@]}"})
    [ "$engine" = postgres ] && server_env+=(PLAYHOUSE_DATABASE_URL="$THROWAWAY_POSTGRES_URL")
    env "${server_env[@]}" "$binary" serve >"$work_dir/$engine.log" 2>&1 &
    server_pid=$!
    base="http://127.0.0.1:$port"
    local tries=0
    until curl -fs "$base/readyz" >/dev/null; do
        tries=$((tries + 1))
        if [ "$tries" -gt 300 ] || ! kill -0 "$server_pid" 2>/dev/null; then
            echo "The server did not start:" >&2; cat "$work_dir/$engine.log" >&2; return 1
        fi
        sleep 0.1
    done
}

stop_server() {
    [ -n "${server_pid:-}" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
    server_pid=
}

# wrk_run SECONDS URL [header] [script] [connections] → "rps p50_ms p99_ms server_cpu_us database_cpu_us":
# the last two are the CPU time (user + system) per request of the server ($server_pid) and of the
# throwaway PostgreSQL's processes (0 on SQLite, which runs in the server). Fails when any response
# was not 2xx/3xx.
wrk_run() {
    local seconds=$1 url=$2 header=${3:-} script=${4:-scripts/lib/wrk-report.lua} clients=${5:-$connections}
    local args=(-t "$threads" -c "$clients" -d "${seconds}s" --timeout 10s -s "$script")
    [ -n "$header" ] && args+=(-H "$header")
    local line database server_before database_before
    database=$(database_pids)
    server_before=$(cpu_ticks ${server_pid:-}) database_before=$(cpu_ticks $database)
    line=$(wrk "${args[@]}" "$url" | grep '^RESULT') || return 1
    read -r _ requests micros p50 p99 bad errors <<<"$line"
    if [ "$bad" -ne 0 ] || [ "$errors" -ne 0 ]; then
        echo "wrk saw $bad unexpected statuses and $errors socket errors on $url" >&2
        return 1
    fi
    awk -v r="$requests" -v d="$micros" -v a="$p50" -v b="$p99" -v hz="$(getconf CLK_TCK)" \
        -v s="$(($(cpu_ticks ${server_pid:-}) - server_before))" -v db="$(($(cpu_ticks $database) - database_before))" \
        'BEGIN { printf "%.1f %.3f %.3f %.0f %.0f\n", r / (d / 1e6), a / 1000, b / 1000, s / hz * 1e6 / r, db / hz * 1e6 / r }'
}

# cpu_ticks PID... → the clock ticks of CPU (user + system) these processes have used so far.
cpu_ticks() {
    local total=0 pid
    for pid in "$@"; do total=$((total + $(awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null || echo 0))); done
    echo "$total"
}

# database_ticks_with_ended → the clock ticks of CPU the throwaway PostgreSQL has used so far: its
# running processes' and its ended backends' (a postmaster counts its reaped children's time).
database_ticks_with_ended() {
    local postmaster ended
    postmaster=$(head -n 1 "${THROWAWAY_POSTGRES_DIR:-/nonexistent}/data/postmaster.pid" 2>/dev/null) || { echo 0; return; }
    ended=$(awk '{ print $16 + $17 }' "/proc/$postmaster/stat" 2>/dev/null || echo 0)
    echo $((ended + $(cpu_ticks $(database_pids))))
}

# database_pids → the throwaway PostgreSQL's processes (its postmaster and a backend per open
# connection), when it runs.
database_pids() {
    local postmaster
    postmaster=$(head -n 1 "${THROWAWAY_POSTGRES_DIR:-/nonexistent}/data/postmaster.pid" 2>/dev/null) || return 0
    [ -n "$postmaster" ] && echo "$postmaster" $(pgrep -P "$postmaster")
}

# create_bench_app → registers an app on the running server's database; sets $client_id and $client_secret.
create_bench_app() {
    local app
    app=$(env "${server_env[@]}" "$binary" apps create --name "Bench" --redirect-uri bench://authorize --json) || return 1
    client_id=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["client_id"])' <<<"$app")
    client_secret=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["client_secret"])' <<<"$app")
}

# sign_in_bench_players COUNT FILE → signs COUNT new players of the bench app in, one access token per line of FILE.
sign_in_bench_players() {
    env "${server_env[@]}" python3 scripts/lib/bench-wallet.py players "$base" "$client_id" "$client_secret" "$binary" "$2" "$1"
}
