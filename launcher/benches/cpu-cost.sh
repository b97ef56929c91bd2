#!/usr/bin/env bash
# The CPU a player's actions cost, the remake beside the original (issue 39):
# the same actions on the same virtual X server, in CPU seconds of every
# process of each program (the remake's console and game processes; the
# original's racket), each run RUNS times, the median reported; and of the
# remake's, what its threads of lowered priority spent (background work:
# Chat Noir's solver deciding the winnable badge while the player thinks).
# The X server's CPU during each action is given beside each program's:
# the original draws through the X server (Racket's cairo on X), which
# puts its pixel work there, while the remake rasterises its frames itself
# (Mesa's llvmpipe, in its own process) and has the server copy them.
#
#   bash launcher/benches/cpu-cost.sh            # after `cargo build --release`
#   RUNS=1 ONLY="idle deal" bash launcher/benches/cpu-cost.sh   # some rows once
#   PERF=/tmp/p RUNS=1 ONLY=drag bash launcher/benches/cpu-cost.sh  # and where it goes:
#       perf record of the remake's processes during each action, /tmp/p.ACTION
#
# Needs Debian's xvfb, xdotool and racket (the original, `racket -l games`),
# and bc. CPU time, not wall time: what the machine spends for the player,
# whatever else it is doing (the count of frames still depends on how fast
# events come, so run it on a machine as quiet as you can). The remake plays
# the same deal and board every run (SEED, 1 by default: a Chat Noir game
# on a random board took 0.02 to 0.18 s as the cat escaped sooner or later);
# the original's are random. The positions
# clicked are fractions of each window, read off their screenshots.
set -euo pipefail
cd "$(dirname "$0")/../.."
RUNS=${RUNS:-3}
# Absolute paths, as the programs run in a directory of their own. Copy the
# launcher and its libraries elsewhere (LAUNCHER=/tmp/x/plt-games) to measure
# while a build replaces target/release.
LAUNCHER=$(realpath "${LAUNCHER:-target/release/plt-games}")
GAMES=$(realpath "${GAMES:-games}")
for tool in Xvfb xdotool racket bc; do
  command -v "$tool" >/dev/null || { echo "cpu-cost: $tool is not installed" >&2; exit 2; }
done
[ -x "$LAUNCHER" ] || { echo "cpu-cost: build the launcher first (cargo build --release)" >&2; exit 2; }

export DISPLAY=:${CPU_COST_DISPLAY:-77}
# The last run's server may still be going away: a new one on its display
# would not start, and the programs would meet the old one as it ends.
for _ in $(seq 100); do [ -e "/tmp/.X${DISPLAY#:}-lock" ] || break; sleep 0.1; done
Xvfb "$DISPLAY" -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 &
XVFB=$!
HOME_DIR=$(mktemp -d)

# Where it can (root, or a delegated control group), each program runs in a
# control group of its own, whose counter sums the CPU of every thread and
# process it ever held, those that ended too, in nanoseconds: figures to the
# millisecond (CPU_GROUPS=0 turns it off). Elsewhere the processes' clock ticks
# are summed (10 ms each, and a thread that ended before the reading is
# lost unless its process waited for it).
GROUP_ROOT=""
if [ "${CPU_GROUPS:-1}" != 0 ]; then
  for root in /sys/fs/cgroup/cpuacct /sys/fs/cgroup/unified /sys/fs/cgroup; do
    if [ -f "$root/cpuacct.usage" ] || [ -f "$root/cgroup.controllers" ]; then
      if mkdir -p "$root/cpu-cost-$$/remake" "$root/cpu-cost-$$/original" "$root/cpu-cost-$$/xserver" 2>/dev/null; then
        GROUP_ROOT=$root/cpu-cost-$$
        break
      fi
    fi
  done
fi
# group_cpu NAME: the CPU seconds of control group NAME so far.
group_cpu() {
  if [ -f "$GROUP_ROOT/$1/cpuacct.usage" ]; then
    echo "scale=6; $(cat "$GROUP_ROOT/$1/cpuacct.usage") / 1000000000" | bc
  else
    echo "scale=6; $(awk '$1 == "usage_usec" {print $2}' "$GROUP_ROOT/$1/cpu.stat") / 1000000" | bc
  fi
}
# join_group NAME PID: moves PID (and what it starts later) into group NAME.
join_group() { [ -z "$GROUP_ROOT" ] || echo "$2" >"$GROUP_ROOT/$1/cgroup.procs"; }
join_group xserver "$XVFB"
cleanup() {
  kill $XVFB 2>/dev/null; wait $XVFB 2>/dev/null; pkill -P $$ 2>/dev/null || true; rm -rf "$HOME_DIR"
  if [ -n "$GROUP_ROOT" ]; then
    # A group is removed once empty; its processes may take a moment to end.
    for _ in $(seq 50); do
      rmdir "$GROUP_ROOT"/*/ 2>/dev/null || true
      rmdir "$GROUP_ROOT" 2>/dev/null && break
      sleep 0.1
    done
  fi
}
trap cleanup EXIT
for _ in $(seq 100); do xdotool getmouselocation >/dev/null 2>&1 && break; sleep 0.1; done

# A process and all its descendants, one a line.
descendants() {
  local pids=("$1") i=0
  while [ $i -lt ${#pids[@]} ]; do
    for c in $(cat /proc/"${pids[$i]}"/task/*/children 2>/dev/null); do pids+=("$c"); done
    i=$((i + 1))
  done
  printf '%s\n' "${pids[@]}"
}

# CPU seconds (user + system) of the threads of a process and its
# descendants that lowered their priority (nice > 0): background work, such
# as Chat Noir's solver thinking while the player does, which yields to
# everything else and which the console's CPU watch does not count either.
background_cpu_of() {
  local total=0 hz p ticks t ticks
  hz=$(getconf CLK_TCK)
  for p in $(descendants "$1"); do
    for t in /proc/"$p"/task/*; do
      [ -r "$t"/stat ] || continue
      # A thread may end between the listing and the read: counted as 0.
    ticks=$(sed 's/.*) //' "$t"/stat 2>/dev/null | awk '$17 > 0 {print $12 + $13; exit} {print 0}')
    total=$((total + ${ticks:-0}))
    done
  done
  echo "scale=3; $total / $hz" | bc
}

# CPU seconds (user + system) of a process and all its descendants; of
# PROGRAM's control group (remake, original, xserver) where there are groups.
cpu_of() {
  if [ -n "$GROUP_ROOT" ]; then
    case $1 in "$XVFB") group_cpu xserver ;; *) group_cpu "$PROGRAM" ;; esac
    return
  fi
  local total=0 hz p ticks
  hz=$(getconf CLK_TCK)
  for p in $(descendants "$1"); do
    [ -r /proc/"$p"/stat ] || continue
    ticks=$(awk '{print $14 + $15}' /proc/"$p"/stat 2>/dev/null)
    total=$((total + ${ticks:-0}))
  done
  echo "scale=3; $total / $hz" | bc
}

# start PROGRAM GAME: starts it, waits for its window; sets PID, WIN, X, Y, WIDTH, HEIGHT.
start() {
  local program=$1 game=$2 title
  if [ "$program" = remake ]; then
    # A fresh player each run: the remake resumes a game where it was left
    # (a second run would open the first's finished game, or its deal
    # after the drag), as the original does not.
    rm -rf "${HOME_DIR:?}"/c "$HOME_DIR"/d "$HOME_DIR"/s "$HOME_DIR"/k
    (join_group remake "$BASHPID" && cd "$HOME_DIR" && HOME=$HOME_DIR XDG_CONFIG_HOME=$HOME_DIR/c XDG_DATA_HOME=$HOME_DIR/d \
      XDG_STATE_HOME=$HOME_DIR/s XDG_CACHE_HOME=$HOME_DIR/k \
      GAME_LAUNCHER_FIRST_SEED=${SEED:-1} exec ${START_PREFIX:-} "$LAUNCHER" --games-dir "$GAMES" --play "$game") >"$HOME_DIR/output" 2>&1 &
  else
    local unit=$game
    [ "$game" = chat-noir ] && unit=chat-noir/chat-noir-unit
    [ "$game" = spider ] && unit=spider/spider
    (join_group original "$BASHPID" && HOME=$HOME_DIR exec ${START_PREFIX:-} racket -e "(require racket/unit racket/gui)
      (invoke-unit (dynamic-require 'games/$unit 'game@)) (yield (make-semaphore 0))") \
      >/dev/null 2>&1 &
  fi
  PID=$!
  case $game in chat-noir) title="Chat Noir" ;; spider) title="Spider" ;; esac
  WIN=""
  for _ in $(seq 600); do
    WIN=$(xdotool search --onlyvisible --name "^$title" 2>/dev/null | head -1 || true)
    [ -n "$WIN" ] && break
    sleep 0.1
  done
  if [ -z "$WIN" ]; then
    echo "cpu-cost: no $title window from the $program" >&2
    [ "$program" = remake ] && sed 's/^/  /' "$HOME_DIR/output" >&2
    xdotool search --name . getwindowname %@ 2>/dev/null | sed 's/^/  window: /' >&2
    exit 1
  fi
  sleep 4 # its first frames, fonts and cards loaded
  eval "$(xdotool getwindowgeometry --shell "$WIN")"
  xdotool mousemove 1270 1010
  sleep 1
}

stop() { kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; sleep 1; }

# layout PROGRAM WHAT: where things are in each program's window, in
# thousandths of its width and height (read off screenshots at the default
# size): Spider's stock; the second column's face-up card and the fifth's;
# Chat Noir's leftmost and rightmost circles and its top and bottom rows.
layout() {
  case "$1 $2" in
    "remake stock") echo "58 228" ;;
    "remake drag") echo "155 460 450 480" ;;
    "remake board") echo "100 900 235 930" ;;
    "original stock") echo "63 130" ;;
    "original drag") echo "157 546 446 546" ;;
    "original board") echo "140 860 55 860" ;;
  esac
}

# at FX FY: the screen point at those fractions of the window.
at() { echo "$((X + WIDTH * $1 / 1000)) $((Y + HEIGHT * $2 / 1000))"; }

# measure PROGRAM GAME ACTION: the CPU seconds ACTION costs.
measure() {
  local program=$1 game=$2 action=$3 before after
  PROGRAM=$program
  local xserver_before
  xserver_before=$(cpu_of "$XVFB")
  if [ "$action" = open-close ]; then
    # The whole life of the program, start to end, as time(1) counts it
    # (with the processes it waited for: the remake's game process).
    local timefile
    timefile=$(mktemp)
    before=$(cpu_of "$$")
    START_PREFIX="/usr/bin/time -o $timefile -f %U+%S" start "$program" "$game"
    # Closed as a player closes it: Ctrl+W.
    xdotool windowfocus --sync "$WIN" 2>/dev/null || true
    xdotool key --window "$WIN" ctrl+w
    for _ in $(seq 50); do kill -0 "$PID" 2>/dev/null || break; sleep 0.1; done
    # The original's process outlives its window: ended once it closed.
    pkill -P "$PID" 2>/dev/null || true
    wait "$PID" 2>/dev/null || true
    echo "$(cpu_of "$XVFB") - $xserver_before" | bc >>"$XSERVER_LOG.$program"
    if [ -n "$GROUP_ROOT" ]; then
      echo "$(cpu_of "$$") - $before" | bc
    else
      tail -1 "$timefile" | bc
    fi
    rm -f "$timefile"
    return
  fi
  start "$program" "$game"
  before=$(cpu_of "$PID")
  xserver_before=$(cpu_of "$XVFB")
  BACKGROUND_BEFORE=$(background_cpu_of "$PID")
  local perf=""
  if [ -n "${PERF:-}" ] && [ "$program" = remake ]; then
    perf record -F 999 -g -o "$PERF.$action" -p "$(descendants "$PID" | paste -sd,)" >/dev/null 2>&1 &
    perf=$!
    sleep 0.5
  fi
  case $action in
    idle) sleep 20 ;;
    moves)
      for i in $(seq 100); do
        xdotool mousemove $((X + 40 + (i * 37) % (WIDTH - 80))) $((Y + 80 + (i * 53) % (HEIGHT - 160)))
        sleep 0.05
      done ;;
    drag)
      # The face-up card of the second column onto the fifth.
      read -r fx fy tx ty <<<"$(layout "$program" drag)"
      xdotool mousemove $(at "$fx" "$fy"); sleep 0.3
      xdotool mousedown 1
      for i in $(seq 20); do
        xdotool mousemove $(at $((fx + (tx - fx) * i / 20)) $((fy + (ty - fy) * i / 20))); sleep 0.05
      done
      xdotool mouseup 1 ;;
    deal)
      xdotool mousemove $(at $(layout "$program" stock)) click 1 ;;
    game)
      # Ten clicks on circles of the top and bottom rows (the cat starts in
      # the middle), a second and a half apart.
      read -r x0 x1 top bottom <<<"$(layout "$program" board)"
      for i in $(seq 0 9); do
        xdotool mousemove $(at $((x0 + (x1 - x0) * i / 9)) $(((i % 2) ? bottom : top))) click 1
        sleep 1.5
      done ;;
  esac
  sleep 3 # what the action set off: animations, the computer's move
  after=$(cpu_of "$PID")
  echo "$(cpu_of "$XVFB") - $xserver_before" | bc >>"$XSERVER_LOG.$program"
  [ "$program" = remake ] && echo "$(background_cpu_of "$PID") - $BACKGROUND_BEFORE" | bc >>"$BACKGROUND_LOG"
  if [ -n "$perf" ]; then kill -INT "$perf"; wait "$perf" 2>/dev/null || true; fi
  stop
  echo "$after - $before" | bc
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

# Each run of the remake adds its background CPU seconds here, one a line;
# and each run of either program the X server's, in $XSERVER_LOG.PROGRAM.
BACKGROUND_LOG=$HOME_DIR/background
XSERVER_LOG=$HOME_DIR/xserver
# The X server's median CPU seconds for PROGRAM's runs of this row.
# Figures to the millisecond where control groups count them, else to ten.
if [ -n "$GROUP_ROOT" ]; then F=%.3f LEAST=0.001; else F=%.2f LEAST=0.01; fi
xserver() { printf "$F" "$(median <"$XSERVER_LOG.$1")"; }
printf '| action | remake (CPU s) | of which background | original (CPU s) | ratio | X server with the remake | X server with the original |\n|---|---|---|---|---|---|---|\n'
for row in "idle 20 s with Chat Noir:chat-noir:idle" "100 pointer moves over Spider:spider:moves" \
  "a card drag in Spider:spider:drag" "Spider's deal:spider:deal" \
  "a 10-click Chat Noir game:chat-noir:game" "opening and closing Spider:spider:open-close"; do
  IFS=: read -r label game action <<<"$row"
  [[ " ${ONLY:-$action} " == *" $action "* ]] || continue
  : >"$BACKGROUND_LOG"
  : >"$XSERVER_LOG.remake"
  : >"$XSERVER_LOG.original"
  remake=$(for _ in $(seq "$RUNS"); do measure remake "$game" "$action"; done | median)
  background=$(median <"$BACKGROUND_LOG")
  [ -n "$background" ] && background=$(printf "$F" "$background") || background="—"
  original=$(for _ in $(seq "$RUNS"); do measure original "$game" "$action"; done | median)
  # Idle costs both programs under a millisecond: told to the microsecond,
  # where control groups count them.
  RF=$F RL=$LEAST
  if [ "$action" = idle ] && [ -n "$GROUP_ROOT" ]; then RF=%.6f RL=0.000001; fi
  if [ "$(echo "$original < $RL" | bc)" = 1 ]; then
    printf "| %s | $RF | %s | < $RL | — | %s | %s |\n" "$label" "$remake" "$background" \
      "$(xserver remake)" "$(xserver original)"
  else
    ratio=$(echo "scale=3; $remake / $original" | bc)
    printf "| %s | $RF | %s | $RF | %.1f× | %s | %s |\n" "$label" "$remake" "$background" \
      "$original" "$ratio" "$(xserver remake)" "$(xserver original)"
  fi
done
