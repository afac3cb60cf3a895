# Installs what the test and bench scripts need, only when it is missing.
# Source this file, then call ensure_system_packages and ensure_python_venv.

PLAYHOUSE_VENV=${PLAYHOUSE_VENV:-"$PWD/.venv"}

# Debian packages, installed with apt when the command they provide is missing.
ensure_system_packages() {
    local missing=()
    [ -n "$(postgres_bin_dir)" ] || missing+=(postgresql)
    command -v chromium >/dev/null 2>&1 || missing+=(chromium)
    command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
    # The console's browser test reads the second factor's QR code as a phone would.
    command -v zbarimg >/dev/null 2>&1 || missing+=(zbar-tools)
    command -v python3 >/dev/null 2>&1 || missing+=(python3)
    python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || missing+=(python3-venv)
    command -v runuser >/dev/null 2>&1 || missing+=(util-linux)
    # The SDK's local store (GRDB) links the system SQLite.
    [ -f /usr/include/sqlite3.h ] || missing+=(libsqlite3-dev)
    if [ "$#" -gt 0 ]; then
        local extra
        for extra in "$@"; do
            command -v "${extra%%:*}" >/dev/null 2>&1 || missing+=("${extra#*:}")
        done
    fi
    [ "${#missing[@]}" -eq 0 ] && return 0
    echo "Installing with apt: ${missing[*]}"
    local sudo=
    [ "$(id -u)" = "0" ] || sudo=sudo
    $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

# A local virtualenv (.venv) with the Python suite's requirements.
ensure_python_venv() {
    local requirements="$PWD/Tests/e2e/requirements.txt"
    local stamp="$PLAYHOUSE_VENV/.requirements"
    if [ ! -x "$PLAYHOUSE_VENV/bin/python" ]; then
        echo "Creating the Python virtualenv in $PLAYHOUSE_VENV"
        python3 -m venv "$PLAYHOUSE_VENV" || return 1
    fi
    if ! cmp -s "$requirements" "$stamp"; then
        echo "Installing Python test requirements"
        "$PLAYHOUSE_VENV/bin/pip" install -q --disable-pip-version-check -r "$requirements" || return 1
        cp "$requirements" "$stamp"
    fi
}
