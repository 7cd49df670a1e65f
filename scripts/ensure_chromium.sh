#!/usr/bin/env bash
# The browser tests drive Debian's Chromium. Install it through apt when it is missing;
# fail loudly (never skip) when that is not possible.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ]; then
  apt_get=(apt-get)
elif command -v sudo >/dev/null 2>&1; then
  apt_get=(sudo apt-get)
else
  echo "error: /usr/bin/chromium is missing and this user cannot run apt-get." >&2
  echo "Install Debian's chromium package (apt-get install chromium), then run make test again." >&2
  exit 1
fi
echo "Installing Debian's chromium for the browser tests..."
"${apt_get[@]}" update -qq
DEBIAN_FRONTEND=noninteractive "${apt_get[@]}" install -y -qq chromium >/dev/null
test -x /usr/bin/chromium || { echo "error: chromium did not install" >&2; exit 1; }
