#!/usr/bin/env bash
# Writes every output of one `escriba` binary on the texts a refactor must not change, into
# OUT_DIR: the corpus, the shared books, the seeds, the shared real texts, and generated
# bench texts (plain and book). Two runs diffed (`diff -r BEFORE AFTER`) show whether a
# change is behaviour-free.
#
#   xtask/scripts/outputs.sh ESCRIBA_BINARY OUT_DIR [GENERATED_DIR]
#
# GENERATED_DIR holds the generated texts (made once, with `cargo xtask gen`, when absent);
# give the same one to both runs.
set -euo pipefail
bin=$(realpath "$1")
out=$2
gen=${3:-target/same-outputs-texts}
# The generator: `cargo xtask`, or a built xtask binary named by XTASK.
xtask=${XTASK:-cargo xtask}
cd "$(dirname "$0")/../.."
shared=../shared
mkdir -p "$out" "$gen"

if [ ! -e "$gen/.done" ]; then
    head_games=1500
    awk -v n="$head_games" '/^\[Event /{g++} g<=n' "$shared/bench/master.pgn" > "$gen/master-head.pgn"
    for style in compact long spaced; do
        $xtask gen --notation en-descriptive --style "$style" --realistic \
            "$gen/master-head.pgn" -o "$gen/en-$style.txt"
    done
    $xtask gen --notation es-descriptive --realistic "$gen/master-head.pgn" -o "$gen/es.txt"
    $xtask gen --book --games 150 --per-book 50 --seed 7 -o "$gen/book.txt"
    rm "$gen/master-head.pgn"
    touch "$gen/.done"
fi

inputs=()
while IFS= read -r f; do inputs+=("$f"); done < <(
    { find corpus -name '*.txt'; ls "$shared"/corpus/books/*.txt "$shared"/seeds/*.txt \
        "$shared"/real/*.txt "$gen"/*.txt; } | sort)

for f in "${inputs[@]}"; do
    name=$(echo "$f" | tr '/' '_')
    for mode in auto book; do
        d="$out/$mode/$name"
        mkdir -p "$d"
        args=()
        [ "$mode" = book ] && args+=(--book)
        "$bin" transcribe "$f" "${args[@]}" -o "$d/out.pgn" --games-csv "$d/games.csv" \
            --plies-csv "$d/plies.csv" --jsonl "$d/out.jsonl" --report "$d/report.json" \
            >"$d/stdout" 2>"$d/stderr" || echo "exit $?" >"$d/exit"
        # The run's time is no output.
        sed -i -E 's/ in [0-9.]+s \([0-9]+ games\/s, [0-9]+ plies\/s\)//' "$d/stderr"
        sed -i -E 's/"(seconds|[a-z_]*per_second)": [0-9.e+-]+/"\1": 0/' "$d/report.json"
    done
done
echo "outputs of ${#inputs[@]} texts in $out"
