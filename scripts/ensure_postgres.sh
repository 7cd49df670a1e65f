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
"$(dirname "$0")/apt_install.sh" postgresql "the class-store tests"
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null \
  || { echo "error: postgresql did not install" >&2; exit 1; }
as_root=()
if [ "$(id -u)" != "0" ]; then as_root=(sudo); fi
if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
  "${as_root[@]}" systemctl disable --now postgresql >/dev/null 2>&1 || true
elif command -v service >/dev/null 2>&1; then
  "${as_root[@]}" service postgresql stop >/dev/null 2>&1 || true
fi
