#!/usr/bin/env bash
# `make serve` and the failover test put HAProxy in front of several Streamlit processes.
# Install Debian's haproxy package through apt when it is missing; fail loudly (never skip)
# when that is not possible. Installing the package also enables its system service: this
# script stops that service again, since our HAProxy runs on its own config, started by
# scripts/serve.py.
set -euo pipefail
if command -v haproxy >/dev/null 2>&1; then
  exit 0
fi
"$(dirname "$0")/apt_install.sh" haproxy "make serve and the failover test"
command -v haproxy >/dev/null 2>&1 || { echo "error: haproxy did not install" >&2; exit 1; }
as_root=()
if [ "$(id -u)" != "0" ]; then as_root=(sudo); fi
if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
  "${as_root[@]}" systemctl disable --now haproxy >/dev/null 2>&1 || true
fi
