#!/usr/bin/env bash
# Times the tests of each form of the note list and writes the figures into docs/MV-vs-MVVM.md.
# Usage: scripts/measure-note-list-tests.sh [--force]   (from anywhere; takes about a minute)
#
# A time measured again differs a little on every run, and that is no change of the code: the
# page is rewritten only when a form's test count changed or one of its times moved by more than
# half (either way by 0.05 s at least), or with --force. So regenerating leaves the page alone
# unless what it describes changed.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --build-tests >/dev/null

measure() {
  # Swift Testing's closing line: "Test run with N tests in M suites passed after S seconds."
  swift test --skip-build --filter "$1" 2>&1 | grep -E "Test run with .* passed after" |
    sed -E 's/.*with ([0-9]+) tests? .* after ([0-9.]+) seconds.*/\1 \2/'
}

read -r mvvm_tests mvvm_seconds < <(measure NoteListFeatureTests)
read -r mv_tests mv_seconds < <(measure NoteListMVScreenTests)
machine="$(nproc) cores, $(uname -m), $(swift --version 2>/dev/null | head -1)"

table="| | MV | MVVM |
|---|---|---|
| test filter | \`NoteListMVScreenTests\` | \`NoteListFeatureTests\` |
| tests run | $mv_tests | $mvvm_tests |
| test time (Swift Testing's own figure) | ${mv_seconds} s | ${mvvm_seconds} s |

Measured $(date -u +%Y-%m-%d) on $machine by \`scripts/measure-note-list-tests.sh\`."

python3 - "$table" "${1:-}" <<'PY'
import re, sys
path = "docs/MV-vs-MVVM.md"
text = open(path).read()
start = "<!-- generated: forms-timing -->\n"
end = "<!-- end: forms-timing -->"
i = text.index(start) + len(start)
j = text.index(end, i)

def figures(table):
    counts = re.search(r"\| tests run \| (\d+) \| (\d+) \|", table).groups()
    times = re.search(r"\| ([0-9.]+) s \| ([0-9.]+) s \|", table).groups()
    return [int(c) for c in counts], [float(t) for t in times]

(old_counts, old_times), (new_counts, new_times) = figures(text[i:j]), figures(sys.argv[1])
moved = any(abs(new - old) > max(0.05, old / 2) for old, new in zip(old_times, new_times))
if sys.argv[2] != "--force" and old_counts == new_counts and not moved:
    print("docs/MV-vs-MVVM.md: the tests' counts and times are as recorded; left as it is")
    sys.exit(0)
open(path, "w").write(text[:i] + sys.argv[1] + "\n" + text[j:])
print("Updated docs/MV-vs-MVVM.md")
PY
