#!/usr/bin/env bash
# Install one Debian package through apt for make test / make serve (scripts/ensure_*.sh call
# it once they find the package's program missing). Fails loudly, never skips, when this user
# cannot run apt-get. Usage: scripts/apt_install.sh PACKAGE "what it is for"
set -euo pipefail
package="$1"
purpose="$2"
if [ "$(id -u)" = "0" ]; then
  apt_get=(apt-get)
elif command -v sudo >/dev/null 2>&1; then
  apt_get=(sudo apt-get)
else
  echo "error: $package is missing and this user cannot run apt-get." >&2
  echo "Install Debian's $package package (apt-get install $package), then run make again." >&2
  exit 1
fi
echo "Installing Debian's $package for $purpose..."
"${apt_get[@]}" update -qq
DEBIAN_FRONTEND=noninteractive "${apt_get[@]}" install -y -qq "$package" >/dev/null
