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
if [ "$(id -u)" = "0" ]; then
  apt_get=(apt-get)
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  apt_get=(sudo apt-get)
  as_root=(sudo)
else
  echo "error: haproxy is missing and this user cannot run apt-get." >&2
  echo "Install Debian's haproxy package (apt-get install haproxy), then run make again." >&2
  exit 1
fi
echo "Installing Debian's haproxy for make serve and the failover test..."
"${apt_get[@]}" update -qq
DEBIAN_FRONTEND=noninteractive "${apt_get[@]}" install -y -qq haproxy >/dev/null
command -v haproxy >/dev/null 2>&1 || { echo "error: haproxy did not install" >&2; exit 1; }
if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
  "${as_root[@]}" systemctl disable --now haproxy >/dev/null 2>&1 || true
fi
