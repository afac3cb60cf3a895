# A throwaway PostgreSQL cluster on 127.0.0.1, for scripts/test and scripts/bench.
# Source this file, then:
#   start_throwaway_postgres    sets THROWAWAY_POSTGRES_URL (postgres://…@127.0.0.1:<port>/playhouse)
#   stop_throwaway_postgres     stops the cluster and deletes its directory (safe to call twice)
# THROWAWAY_POSTGRES_OPTIONS, when set, adds server settings (e.g. "-c track_io_timing=on").
# The cluster runs as the `postgres` user when the script runs as root (PostgreSQL refuses root).

postgres_bin_dir() {
    local dir
    if command -v initdb >/dev/null 2>&1; then
        dir=$(dirname "$(readlink -f "$(command -v initdb)")")
        [ -x "$dir/pg_ctl" ] && [ -x "$dir/createdb" ] && echo "$dir" && return
    fi
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    [ -n "$dir" ] && [ -x "$dir/initdb" ] && echo "$dir"
}

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

as_postgres_user() {
    if [ "$(id -u)" = "0" ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

start_throwaway_postgres() {
    local bin
    bin=$(postgres_bin_dir)
    if [ -z "$bin" ]; then
        echo "PostgreSQL is not installed; run scripts/setup first." >&2
        return 1
    fi
    THROWAWAY_POSTGRES_DIR=$(mktemp -d /tmp/playhouse-pg.XXXXXX)
    THROWAWAY_POSTGRES_PORT=$(free_port)
    if [ "$(id -u)" = "0" ]; then
        id postgres >/dev/null 2>&1 || useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
        chown postgres "$THROWAWAY_POSTGRES_DIR"
    fi
    as_postgres_user "$bin/initdb" -D "$THROWAWAY_POSTGRES_DIR/data" -U postgres --auth=trust \
        --encoding=UTF8 --locale=C >"$THROWAWAY_POSTGRES_DIR/initdb.log" 2>&1 || {
        cat "$THROWAWAY_POSTGRES_DIR/initdb.log" >&2
        return 1
    }
    as_postgres_user "$bin/pg_ctl" -D "$THROWAWAY_POSTGRES_DIR/data" -l "$THROWAWAY_POSTGRES_DIR/server.log" -w -t 60 \
        -o "-h 127.0.0.1 -p $THROWAWAY_POSTGRES_PORT -k $THROWAWAY_POSTGRES_DIR -c max_connections=1200 -c fsync=off ${THROWAWAY_POSTGRES_OPTIONS:-}" \
        start >/dev/null || {
        cat "$THROWAWAY_POSTGRES_DIR/server.log" >&2
        return 1
    }
    as_postgres_user "$bin/createdb" -h 127.0.0.1 -p "$THROWAWAY_POSTGRES_PORT" -U postgres playhouse || return 1
    THROWAWAY_POSTGRES_BIN=$bin
    THROWAWAY_POSTGRES_URL="postgres://postgres@127.0.0.1:$THROWAWAY_POSTGRES_PORT/playhouse"
    export THROWAWAY_POSTGRES_URL
    echo "Started a throwaway PostgreSQL at $THROWAWAY_POSTGRES_URL"
}

stop_throwaway_postgres() {
    [ -n "${THROWAWAY_POSTGRES_DIR:-}" ] || return 0
    if [ -n "${THROWAWAY_POSTGRES_BIN:-}" ] && [ -d "$THROWAWAY_POSTGRES_DIR/data" ]; then
        as_postgres_user "$THROWAWAY_POSTGRES_BIN/pg_ctl" -D "$THROWAWAY_POSTGRES_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$THROWAWAY_POSTGRES_DIR"
    THROWAWAY_POSTGRES_DIR=
}
