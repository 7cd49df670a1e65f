"""Fetch axe-core (the npm package) for the accessibility audit, pinned and verified.

The browser tests inject axe.min.js into each page. It comes from the npm registry's
tarball of a pinned version, checked against the registry's sha512 integrity string, so
neither Node nor npm is needed. Fails loudly (exit 1) when it cannot be fetched.
Run: python scripts/ensure_axe.py   (make test does)
"""

from __future__ import annotations

import base64
import hashlib
import io
import sys
import tarfile
import urllib.request
from pathlib import Path

VERSION = "4.14.1"
TARBALL = f"https://registry.npmjs.org/axe-core/-/axe-core-{VERSION}.tgz"
INTEGRITY = "sha512-FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="
TARGET = Path(__file__).resolve().parents[1] / "tests" / "browser" / ".axe" / VERSION
WANTED = ("package/axe.min.js", "package/LICENSE")


def main() -> int:
    if all((TARGET / Path(name).name).is_file() for name in WANTED):
        return 0
    print(f"Fetching axe-core {VERSION} from the npm registry...")
    try:
        with urllib.request.urlopen(TARBALL, timeout=60) as reply:
            data = reply.read()
    except OSError as error:
        print(f"error: cannot fetch {TARBALL}: {error}", file=sys.stderr)
        return 1
    digest = "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()
    if digest != INTEGRITY:
        print(f"error: {TARBALL} does not match its pinned integrity", file=sys.stderr)
        return 1
    TARGET.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        for name in WANTED:
            member = archive.extractfile(name)
            if member is None:
                print(f"error: {name} is missing from the package", file=sys.stderr)
                return 1
            (TARGET / Path(name).name).write_bytes(member.read())
    print(f"axe-core {VERSION} is in {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
