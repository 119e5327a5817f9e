#!/usr/bin/env bash
# Writes journal.txt with jrnl 4.6 itself, and journal.json as jrnl exports the same journal,
# for JrnlJournalImportTests. Not run by the tests: the two files are kept as jrnl wrote them.
# Needs Python 3 and PyPI:  bash make.sh   (from this folder)
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q "jrnl==4.6"
cat >"$work/jrnl.yaml" <<YAML
colors: {body: none, date: none, tags: none, title: none}
default_hour: 9
default_minute: 0
editor: ''
encrypt: false
highlight: false
indent_character: '|'
journals:
  default:
    journal: $work/journal.txt
linewrap: 79
tagsymbols: '#@'
template: false
timeformat: '%F %r'
version: v4.6
YAML
export HOME="$work" TZ=UTC
jrnl() { "$work/venv/bin/jrnl" --config-file "$work/jrnl.yaml" "$@" >/dev/null 2>&1; }
birds=(Heron Kingfisher Wren Dipper Swift Robin Jay Nuthatch Treecreeper Goldcrest)
places=("the weir" "the bridge" "the hedge" "the north wall" "the pond")
for n in $(seq 1 46); do
  bird=${birds[$((n % 10))]}
  place=${places[$((n % 5))]}
  day=$(printf '2024-%02d-%02d' $(((n % 12) + 1)) $(((n * 7 % 28) + 1)))
  clock=$(printf '%02d:%02d' $(((n * 5) % 24)) $(((n * 13) % 60)))
  star=""
  if [ $((n % 9)) -eq 0 ]; then star=" *"; fi
  case $((n % 4)) in
    0) printf '%s %s%s: %s at %s. Still as a post. @birds\n' "$day" "$clock" "$star" "$bird" "$place" | jrnl ;;
    1) printf '%s %s%s: %s by %s\nSeen twice, @birds @%s, then gone.\n\n- [x] note the time\n[x] checked twice\n' "$day" "$clock" "$star" "$bird" "$place" "${place##* }" | jrnl ;;
    2) printf '%s %s%s: Did the %s come back? It did #garden\n' "$day" "$clock" "$star" "$bird" | jrnl ;;
    3) printf '%s %s%s: %s singing\n鳥の声 #鳥 and @Work/Field-trips\n  indented line\n' "$day" "$clock" "$star" "$bird" | jrnl ;;
  esac
done
# Two entries in one minute, their texts apart; then two of one minute and one text, a star apart.
printf '2024-06-04 09:07: Two in one minute. The first. @birds\n' | jrnl
printf '2024-06-04 09:07: Two in one minute. The second. @birds\n' | jrnl
printf '2024-06-05 07:30: Same minute, same text. @birds\n' | jrnl
printf '2024-06-05 07:30 *: Same minute, same text. @birds\n' | jrnl
cp "$work/journal.txt" journal.txt
"$work/venv/bin/jrnl" --config-file "$work/jrnl.yaml" --format json 2>/dev/null >journal.json
