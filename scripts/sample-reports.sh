#!/usr/bin/env bash
# Writes every report of `chevron check` for each sample catalogue of the repository into a
# folder, in process (--local), so that two builds' reports can be compared byte for byte:
#
#   scripts/sample-reports.sh BIN_DIR OUT_DIR
#   diff -r OUT_DIR_BEFORE OUT_DIR_AFTER
#
# A change meant to keep behaviour (a refactoring) leaves the two folders equal.
set -euo pipefail
bin=${1:?give the folder holding the chevron binary}
out=${2:?give the folder to write the reports into}
cd "$(dirname "$0")/.."
mkdir -p "$out"
samples=(
  Tests/samples/Localizable.strings Tests/samples/titles.csv Tests/samples/ci/de.lproj/Localizable.strings
  Tests/samples/ci/de.lproj/Localizable.stringsdict Tests/samples/ci/res/values-de/strings.xml
  Tests/samples/ci/App.xcloc Tests/samples/ci/titles.txt Tests/samples/ci/titles.csv
  Tests/samples/ci/Localizable.xcstrings
)
for extra in Tests/samples/flutter/app_de.arb Tests/samples/gettext/pl.po; do
  [ -e "$extra" ] && samples+=("$extra")
done
for sample in "${samples[@]}"; do
  name=$(echo "$sample" | tr '/' '_')
  for format in text json sarif junit github; do
    # The exit status says whether a problem fails the run; the reports are what is compared.
    "$bin/chevron" check "$sample" --local --look classic --look modern --format "$format" \
      > "$out/$name.$format" 2> "$out/$name.$format.stderr" || true
  done
  "$bin/chevron" check "$sample" --local --look classic --look modern --html-all \
    --output "html=$out/$name.html/" > /dev/null 2>&1 || true  # its messages name OUT_DIR
done
echo "sample-reports: ${#samples[@]} samples, 6 formats each, in $out"
