#!/usr/bin/env bash
# Installs the real programs the tests talk to: Fairy-Stockfish (the UCI
# engine), PostgreSQL (the second store) and Chromium with its driver (the
# sandbox's browser test). Needs root and apt-get; elsewhere it says what is
# missing and leaves it to the tests (which skip, or fail when CI is set).
set -u
packages=(fairy-stockfish postgresql chromium chromium-driver)
missing=()
{ command -v fairy-stockfish || [ -x /usr/games/fairy-stockfish ]; } >/dev/null 2>&1 || missing+=(fairy-stockfish)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "install-system-deps: not root or no apt-get; missing: ${missing[*]} (tests that need them skip)" >&2
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null && apt-get install -y -qq "${packages[@]}" >/dev/null \
  || echo "install-system-deps: apt-get could not install ${missing[*]}" >&2
exit 0
