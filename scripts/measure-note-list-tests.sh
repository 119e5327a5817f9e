#!/usr/bin/env bash
# Times the tests of each form of the note list and writes the figures into docs/MV-vs-MVVM.md.
# Usage: scripts/measure-note-list-tests.sh   (from anywhere; takes about a minute)
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

python3 - "$table" <<'PY'
import re, sys
path = "docs/MV-vs-MVVM.md"
text = open(path).read()
start = "<!-- generated: forms-timing -->\n"
end = "<!-- end: forms-timing -->"
i = text.index(start) + len(start)
j = text.index(end, i)
open(path, "w").write(text[:i] + sys.argv[1] + "\n" + text[j:])
PY
echo "Updated docs/MV-vs-MVVM.md"
