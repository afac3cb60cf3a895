# Help for the scripts: a script's header comment (after the #! line, up to the first line that is
# not a comment) is its usage, the one place it is written. Sourced by every script in scripts/,
# right after it changes to the repository root, before it reads its arguments:
#   usage                 prints the usage to stdout
#   usage_error ARG       says ARG is not an argument the script takes, prints the usage to stderr,
#                         and exits 2
#   usage_if_asked ARG…   prints the usage and exits 0 if one of ARG… is -h or --help (for scripts
#                         that take no options)

usage_script="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/${0##*/}"

usage() {
    awk 'NR == 1 && /^#!/ { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$usage_script"
}

usage_error() {
    echo "scripts/${0##*/}: unknown argument: $1" >&2
    usage >&2
    exit 2
}

usage_if_asked() {
    local arg
    for arg in "$@"; do
        case $arg in -h | --help) usage; exit 0 ;; esac
    done
}
