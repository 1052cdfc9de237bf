"""A throw-away PostgreSQL server in a temporary directory, for tests and benchmarks.

It listens only on a unix socket inside its directory, so it needs no free
port and is reachable by nobody else. PostgreSQL refuses to run as root: when
we are root, the cluster belongs to the ``postgres`` user that Debian's
package creates, and its programs run through ``runuser``.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path
from urllib.parse import quote

SUPERUSER = "chuhan"


class ThrowawayPostgres:
    """``start()`` a cluster, hand out DSNs of databases or schemas in it, ``stop()``.

    ``durable=False`` turns fsync off: for tests, where a crash of the machine
    need not be survived; benchmarks keep the default, fsync on.
    """

    def __init__(self, bindir: str, *, durable: bool = True) -> None:
        self.bindir = Path(bindir)
        self.durable = durable
        self.root: Path | None = None

    def start(self) -> ThrowawayPostgres:
        self.root = Path(tempfile.mkdtemp(prefix="chuhan-pg-"))
        if os.geteuid() == 0:
            owner = pwd.getpwnam("postgres")
            os.chown(self.root, owner.pw_uid, owner.pw_gid)
        data = self.root / "data"
        self._run(
            "initdb",
            "-D",
            str(data),
            "-U",
            SUPERUSER,
            "--auth=trust",
            "--encoding=UTF8",
            "--no-locale",
            "--no-sync",
        )
        settings = [
            f"-k {self.root}",
            "-c listen_addresses=''",
            "-c max_connections=200",
            *([] if self.durable else ["-c fsync=off", "-c full_page_writes=off"]),
        ]
        self._run(
            "pg_ctl",
            "-D",
            str(data),
            "-l",
            str(self.root / "log"),
            "-w",
            "-o",
            " ".join(settings),
            "start",
        )
        return self

    def stop(self) -> None:
        if self.root is None:
            return
        self._run("pg_ctl", "-D", str(self.root / "data"), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)
        self.root = None

    def __enter__(self) -> ThrowawayPostgres:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def dsn(self, database: str = "postgres", **settings: str) -> str:
        """A ``postgresql://`` URL; extra ``settings`` (``search_path=...``) go to
        the server with every connection."""
        assert self.root is not None, "not started"
        query = "".join(f"&{key}={quote(value)}" for key, value in settings.items())
        return f"postgresql://{SUPERUSER}@/{database}?host={quote(str(self.root))}{query}"

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.bindir / program), *args]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True)
