#!/usr/bin/env bash
# Installs the Debian packages Chevron builds and tests against, skipping what is installed.
# Usage: scripts/install-deps.sh [EXTRA_PACKAGE...]
set -euo pipefail

packages=(
  pkg-config
  libfontconfig-dev libfreetype-dev libharfbuzz-dev
  libharfbuzz-bin fontconfig
  # cairo draws the previews (chevron render, chevron sheet, BackButton.Render) and libpng encodes
  # them; FriBidi orders mixed-direction titles (its fribidi command is the tests' witness)
  libcairo2-dev libpng-dev libfribidi-dev libfribidi-bin
  fonts-dejavu-core fonts-liberation2 fonts-urw-base35 fonts-noto-core fonts-droid-fallback
  # Korean, Japanese and Chinese in Regular and Bold; colour emoji; a variable font (the tests'
  # witness for wght variations)
  fonts-noto-cjk fonts-noto-color-emoji fonts-inter-variable
  # systemd-analyze and systemd-socket-activate (unit checks); socat (daemon tests)
  systemd socat
  # a real browser for the HTML report's test (Tests/python/html_report_check.py) and the README's
  # screenshot of a report (make docs), driven through chromedriver
  chromium chromium-driver
  # make deb and make test-package: a clean Debian root to install the package into, lintian and
  # shellcheck on what is shipped, podman to import the image built without a registry
  mmdebstrap lintian shellcheck podman uidmap
  # Pango for Debian's python3: the check benchmark's comparison loop (Benchmarks/check/pango_loop.py)
  python3-gi gir1.2-pango-1.0
  "$@"
)

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [ "$status" = "install ok installed" ] || missing+=("$package")
done

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
else
  echo "install-deps: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
  # New fonts are visible to fontconfig only after its cache is rebuilt.
  fc-cache -f >/dev/null 2>&1 || true
fi

# Independent witnesses from PyPI (Debian has none at these versions), installed for the
# python3 on PATH: varlink, a Varlink client and interface-description parser the daemon tests
# use; fontTools, with which the tests make test fonts (a Debian font renamed to another family);
# sarif-tools and junitparser, which read the SARIF and JUnit reports of `chevron check` in the tests;
# Babel, whose CLDR plural rules the tests compare the check's with; langcodes, which reads BCP 47
# tags and CLDR's likely subtags for the language tests (its language names, for Apple's old
# .lproj names, are in language_data, which needs marisa-trie); selenium, which drives Debian's
# chromium through its chromedriver to test the HTML report of `chevron check` in a real browser;
# polib, which reads gettext PO files, and pyicumessageformat, which parses the ICU messages of
# Flutter's ARB files, against which the check's PO and ARB readers are tested; markdown-it-py
# (with mdurl), whose CommonMark parse is the witness for the Markdown a check takes out of Apple
# catalogues; PyYAML, which reads the GitHub workflow whose steps Tests/python/github_steps.py runs;
# check-jsonschema, whose bundled GitHub Actions schema validates action.yml; pre-commit, which
# runs the hook of .pre-commit-hooks.yaml in the tests.
pypi=(varlink==31.0.0 fonttools==4.55.0 sarif-tools==3.0.5 junitparser==5.0.3 babel==2.16.0 marisa-trie==1.4.1
  language_data==1.4.0 langcodes==3.5.0 selenium==4.27.1 polib==1.2.0 pyicumessageformat==1.0.0
  mdurl==0.1.2 markdown-it-py==3.0.0 PyYAML==6.0.2 check-jsonschema==0.29.4 pre-commit==4.0.1)
modules=(varlink fontTools sarif junitparser babel marisa_trie language_data langcodes selenium polib
  pyicumessageformat mdurl markdown_it yaml check_jsonschema pre_commit)
for position in "${!pypi[@]}"; do
  python3 -c "import ${modules[$position]}" 2>/dev/null && continue
  if ! python3 -m pip --version >/dev/null 2>&1; then
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends python3-pip
  fi
  echo "install-deps: installing ${pypi[$position]} from PyPI"
  python3 -m pip install --quiet --disable-pip-version-check "${pypi[$position]}" 2>/dev/null \
    || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages "${pypi[$position]}"
done
