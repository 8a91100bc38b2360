#!/bin/bash -eu
# Builds the libFuzzer harnesses (Sources/Harnesses) the way ClusterFuzzLite
# and OSS-Fuzz run them: each fuzzer in $OUT, beside it its seed corpus
# (<fuzzer>_seed_corpus.zip), its libFuzzer options (<fuzzer>.options) and,
# for CLIFuzzer, its dictionary and the plain `dragreplay` it runs.
# In the base image `precompile_swift` sets $SWIFTFLAGS; scripts/clusterfuzzlite-local
# sets $SRC, $OUT, $WORK and $SWIFTFLAGS the same way to run this without Docker.
if [ -z "${SWIFTFLAGS:-}" ]; then
    . precompile_swift
fi
repo="$SRC/dragreplay"
cd "$repo"

# -DFUZZING compiles each harness's LLVMFuzzerTestOneInput entry point.
# One product at a time: building everything would also link `dragreplay`,
# whose own main clashes with libFuzzer's.
for fuzzer in ReaderFuzzer SessionFuzzer CLIFuzzer; do
    # shellcheck disable=SC2086 # SWIFTFLAGS is a list of flags
    swift build -c release --product "$fuzzer" --build-path "$WORK/fuzzers" \
        $SWIFTFLAGS -Xswiftc -DFUZZING -Xlinker -rpath -Xlinker '$ORIGIN/lib'
    cp "$WORK/fuzzers/release/$fuzzer" "$OUT/"
done

# CLIFuzzer runs the command line in a child: a plain release `dragreplay`
# beside it (the harness looks there first). DRAGREPLAY_BIN reuses one
# already built (the local script passes CI's).
if [ -n "${DRAGREPLAY_BIN:-}" ] && [ -x "$DRAGREPLAY_BIN" ]; then
    cp "$DRAGREPLAY_BIN" "$OUT/dragreplay"
else
    swift build -c release --product dragreplay --build-path "$WORK/plain" --static-swift-stdlib
    cp "$WORK/plain/release/dragreplay" "$OUT/"
fi

# The runner image has no json-c: ship the shared library the binaries were
# linked against in $OUT/lib, which their rpath ($ORIGIN/lib) names.
mkdir -p "$OUT/lib"
for bin in "$OUT/ReaderFuzzer" "$OUT/dragreplay"; do
    ldd "$bin" | awk '/libjson-c/ { print $3 }' | while read -r lib; do cp -L "$lib" "$OUT/lib/"; done
done

# Seed corpora as the engines expect them: a flat zip per fuzzer.
zip_seeds() {
    local zipfile="$1"
    shift
    rm -f "$zipfile"
    if command -v zip >/dev/null 2>&1; then
        zip -q -j "$zipfile" "$@"
    else
        python3 -c 'import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    for p in sys.argv[2:]:
        z.write(p, os.path.basename(p))' "$zipfile" "$@"
    fi
}
# The reader: the hand-made seeds and every regression recording.
zip_seeds "$OUT/ReaderFuzzer_seed_corpus.zip" corpora/fuzz-seeds/reader/* corpora/regression/*.jsonl
zip_seeds "$OUT/CLIFuzzer_seed_corpus.zip" corpora/fuzz-seeds/cli/*
# SessionFuzzer's input is a choice sequence for the generator, not a file
# of the repo's kinds: the generator's smallest case in each mode (the first
# byte picks sessions or differences, every later choice is the lowest).
{ printf '\000'; head -c 63 /dev/zero; } >"$WORK/smallest-sessions"
{ printf '\001'; head -c 63 /dev/zero; } >"$WORK/smallest-differences"
zip_seeds "$OUT/SessionFuzzer_seed_corpus.zip" "$WORK/smallest-sessions" "$WORK/smallest-differences"
cp corpora/fuzz-seeds/cli.dict "$OUT/CLIFuzzer.dict"

# The limits scripts/fuzz-reader, scripts/fuzz-libfuzzer and scripts/fuzz-cli use.
printf '[libfuzzer]\nmax_len = 8192\ntimeout = 10\n' >"$OUT/ReaderFuzzer.options"
printf '[libfuzzer]\nmax_len = 512\ntimeout = 10\n' >"$OUT/SessionFuzzer.options"
printf '[libfuzzer]\nmax_len = 4096\ntimeout = 60\ndict = CLIFuzzer.dict\n' >"$OUT/CLIFuzzer.options"
