"""The throwaway PostgreSQL cluster of the tests: real, found or loudly missing, and gone
afterwards (its server stopped, its folder deleted)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import sqlalchemy as sa

from scripts import pg_throwaway

pytestmark = pytest.mark.database  # starts a real PostgreSQL server


def test_a_missing_postgresql_is_an_error_that_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert (pg_throwaway.bin_dir() / "initdb").exists()  # this machine has it: CI must too
    monkeypatch.setattr(pg_throwaway.glob, "glob", lambda pattern: [])
    with pytest.raises(pg_throwaway.PostgresMissing, match=r"scripts/ensure_postgres\.sh"):
        pg_throwaway.bin_dir()


def test_the_cluster_is_a_real_server_stopped_and_deleted_afterwards() -> None:
    with pg_throwaway.throwaway_postgres() as url:
        folder = Path(str(sa.make_url(url).query["host"]))
        postmaster = int((folder / "data" / "postmaster.pid").read_text().split()[0])
        engine = sa.create_engine(url)
        with engine.connect() as connection:
            version = connection.execute(sa.text("SHOW server_version_num")).scalar_one()
            listening = connection.execute(sa.text("SHOW listen_addresses")).scalar_one()
        engine.dispose()
        assert int(version) >= 150000
        assert listening == ""  # the socket in its own folder only: no TCP port
    assert not folder.exists()
    with pytest.raises(ProcessLookupError):
        os.kill(postmaster, 0)
