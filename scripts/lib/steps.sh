# The steps of a long script, each with a time limit, and a table of their times at the end.
# Source this file, then:
#   step NAME MINUTES COMMAND…   runs COMMAND with a limit of MINUTES; says when it failed, ran out of
#                                time, or took over three quarters of its limit
#   report_steps                 prints each step's time, its limit and the CPU its processes used, and
#                                the total (warning when it is over STEPS_BUDGET_MINUTES, 30 by
#                                default); exits 1 if a step failed, 0 otherwise

steps_started=$SECONDS
# The whole run's budget (CONTRIBUTING.md): over it, report_steps warns.
STEPS_BUDGET_MINUTES=${STEPS_BUDGET_MINUTES:-30}
step_rows=()
failed_steps=()

# The CPU time, in clock ticks, of this shell's children that have ended (a step's processes, once it
# is over), read from /proc without starting a process; in cpu_ticks.
children_cpu() {
    local -a stat
    read -r -a stat < "/proc/$$/stat"
    cpu_ticks=$((stat[15] + stat[16]))
}

minutes_and_seconds() {
    printf '%dm%02ds' "$(($1 / 60))" "$(($1 % 60))"
}

step() {
    local name=$1 minutes=$2
    shift 2
    echo
    echo "==> $name"
    local started=$SECONDS cpu_before status outcome
    children_cpu
    cpu_before=$cpu_ticks
    timeout --kill-after=30 "$((minutes * 60))" "$@"
    status=$?
    children_cpu
    local took=$((SECONDS - started)) cpu=$((cpu_ticks - cpu_before))
    if [ "$status" -eq 0 ]; then
        outcome=passed
    elif [ "$status" -eq 124 ] || { [ "$status" -eq 137 ] && [ "$((SECONDS - started))" -ge "$((minutes * 60))" ]; }; then
        # 124: the limit stopped it; 137 (SIGKILL) also, when it would not stop within 30 s, or else
        # something else killed it (the kernel, out of memory), which is a failure.
        outcome="OUT OF TIME"
    else
        outcome=FAILED
    fi
    echo "<== $name: $outcome ($took s)"
    [ "$outcome" = passed ] || failed_steps+=("$name ($outcome)")
    local note=""
    if [ "$((took * 4))" -gt "$((minutes * 60 * 3))" ]; then
        note="over 3/4 of its limit"
        echo "warning: '$name' took $(minutes_and_seconds "$took") of its $minutes-minute limit: raise the limit or make it faster" >&2
    fi
    step_rows+=("$(printf '%-52s %-12s %7s %6s  %5s  %s' "$name" "$outcome" "$(minutes_and_seconds "$took")" "${minutes}m" \
        "$(awk -v c="$cpu" -v hz="$(getconf CLK_TCK)" -v t="$took" 'BEGIN { printf "%.1f", (t > 0 ? c / hz / t : 0) }')" "$note")")
}

report_steps() {
    echo
    printf '%-52s %-12s %7s %6s  %5s\n' "step" "outcome" "time" "limit" "cores"
    local row
    for row in "${step_rows[@]}"; do echo "$row"; done
    local total=$((SECONDS - steps_started))
    printf '%-52s %-12s %7s %6s\n' "total, set-up included" "" "$(minutes_and_seconds "$total")" "${STEPS_BUDGET_MINUTES}m"
    echo "(cores: the CPU time of the step's own processes over its time; the throwaway PostgreSQL's is not in it)"
    if [ "$total" -gt "$((STEPS_BUDGET_MINUTES * 60))" ]; then
        echo "warning: the whole run took over its budget of $STEPS_BUDGET_MINUTES minutes: see CONTRIBUTING.md, 'Keeping the suite inside its budget'" >&2
    fi
    if [ "${#failed_steps[@]}" -gt 0 ]; then
        printf 'FAILED: %s\n' "${failed_steps[@]}"
        return 1
    fi
    echo "All tests passed."
}
