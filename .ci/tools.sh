#!/usr/bin/env bash
# Installs the outside tools that two test tiers use, outside the project, idempotently and quietly:
#   - verdaccio 6.8.0 (a real npm registry on loopback, for the install-from-a-registry tier), with an
#     npm `overrides` of node-fetch to 2.7.0 so it runs on Node 20; its bin path is printed to
#     $SPECGATE_TOOLS_DIR/verdaccio.path and exported by .ci/run as SPECGATE_VERDACCIO;
#   - pre-commit (the Debian package), for the pre-commit-manifest tier;
#   - chromium (the Debian package), for the report page's browser tier (test/report/browser.test.ts).
# Under CI=true a tool that cannot be installed fails loudly (exit 1); elsewhere it only warns,
# and the tiers that need it skip.
set -uo pipefail
tools=${SPECGATE_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/specgate-tools}
strict=0
case "${CI:-}" in ''|false|0) ;; *) strict=1 ;; esac
fail() {
  echo "specgate tools: $1" >&2
  [ "$strict" = 1 ] && exit 1
}

vd="$tools/verdaccio"
if [ ! -x "$vd/node_modules/.bin/verdaccio" ]; then
  mkdir -p "$vd"
  cat > "$vd/package.json" <<'JSON'
{ "name": "specgate-ci-verdaccio", "private": true, "dependencies": { "verdaccio": "6.8.0" }, "overrides": { "node-fetch": "2.7.0" } }
JSON
  (cd "$vd" && npm install --no-audit --no-fund --loglevel=error >"$vd/install.log" 2>&1) || fail "verdaccio 6.8.0 could not be installed (see $vd/install.log)"
fi

if ! command -v pre-commit >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pre-commit; } >/dev/null 2>&1 || fail "the Debian package pre-commit could not be installed"
  else
    fail "pre-commit is not installed (apt-get install pre-commit)"
  fi
fi
if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >/dev/null 2>&1 || fail "the Debian package chromium could not be installed"
  else
    fail "chromium is not installed (apt-get install chromium)"
  fi
fi
echo "$vd/node_modules/.bin/verdaccio"
