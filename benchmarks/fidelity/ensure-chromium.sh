#!/usr/bin/env bash
# Install Debian's Chromium when it is missing: it is only a benchmark and test reference, never Pictor's engine.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
if [[ "$(id -u)" != 0 ]]; then
  echo "Chromium is missing: run 'sudo apt-get update && sudo apt-get install -y chromium'" >&2
  exit 1
fi
echo "installing Debian's chromium for the fidelity benchmark" >&2
apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2
