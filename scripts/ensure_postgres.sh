#!/usr/bin/env bash
# The class-store tests and `benchmarks/class_load.py --postgres` start a throwaway PostgreSQL
# cluster (scripts/pg_throwaway.py). Install Debian's postgresql package through apt when its
# initdb is missing; fail loudly (never skip) when that is not possible. Installing the package
# also creates and starts a system cluster: this script stops that service again, since the
# tests run their own cluster in a temporary folder.
set -euo pipefail
if compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
  exit 0
fi
if [ "$(id -u)" = "0" ]; then
  apt_get=(apt-get)
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  apt_get=(sudo apt-get)
  as_root=(sudo)
else
  echo "error: PostgreSQL is missing and this user cannot run apt-get." >&2
  echo "Install Debian's postgresql package (apt-get install postgresql), then run make again." >&2
  exit 1
fi
echo "Installing Debian's postgresql for the class-store tests..."
"${apt_get[@]}" update -qq
DEBIAN_FRONTEND=noninteractive "${apt_get[@]}" install -y -qq postgresql >/dev/null
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null \
  || { echo "error: postgresql did not install" >&2; exit 1; }
if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
  "${as_root[@]}" systemctl disable --now postgresql >/dev/null 2>&1 || true
elif command -v service >/dev/null 2>&1; then
  "${as_root[@]}" service postgresql stop >/dev/null 2>&1 || true
fi
