#!/usr/bin/env bash
# The browser tests drive Debian's Chromium. Install it through apt when it is missing;
# fail loudly (never skip) when that is not possible.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
"$(dirname "$0")/apt_install.sh" chromium "the browser tests"
test -x /usr/bin/chromium || { echo "error: chromium did not install" >&2; exit 1; }
