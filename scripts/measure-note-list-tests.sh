#!/usr/bin/env bash
# Times the tests of each form of the note list and writes the figures into docs/MV-vs-MVVM.md.
# Usage: scripts/measure-note-list-tests.sh [--force]   (from anywhere; takes about a minute)
#
# A time measured again differs on every run, by more than half on a busy machine, and that is
# no change of the code: the page is rewritten only when a form's test count changed, or with
# --force (after a change that makes the tests faster or slower). So regenerating leaves the page
# alone unless what it describes changed.
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

old_counts, new_counts = figures(text[i:j])[0], figures(sys.argv[1])[0]
if sys.argv[2] != "--force" and old_counts == new_counts:
    print("docs/MV-vs-MVVM.md: the tests' counts are as recorded; left as it is (--force to time")
    print("them again)")
    sys.exit(0)
open(path, "w").write(text[:i] + sys.argv[1] + "\n" + text[j:])
print("Updated docs/MV-vs-MVVM.md")
PY
