"""`.ci/run`: one line when there is no PostgreSQL, DATABASE_URL's server when given.

`make` is replaced by a recorder on a PATH holding nothing else, so these tests run the script's
own logic (which steps, in which order, with which database) in a second.
"""

from __future__ import annotations

import shutil
import subprocess

from tests.conftest import REPO

FAKE_MAKE = """#!{bash}
echo "$* DATABASE_URL=${{DATABASE_URL:-}} CI=${{CI:-}}" >> "{log}"
[ "$1 ${{DATABASE_URL:-}}" != "{fail}" ]
"""


def run_ci(tmp_path, *, env=None, fail_on: str = "") -> tuple[subprocess.CompletedProcess, list]:
    bin_dir, log = tmp_path / "bin", tmp_path / "make.log"
    bin_dir.mkdir()
    bash = shutil.which("bash")
    (bin_dir / "dirname").symlink_to(shutil.which("dirname"))
    make = bin_dir / "make"
    make.write_text(FAKE_MAKE.format(bash=bash, log=log, fail=fail_on))
    make.chmod(0o755)
    result = subprocess.run(
        [bash, str(REPO / ".ci" / "run")], env={"PATH": str(bin_dir), **(env or {})},
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    calls = log.read_text().splitlines() if log.exists() else []
    return result, calls


def test_without_postgresql_it_says_so_in_one_line_before_anything_runs(tmp_path):
    result, calls = run_ci(tmp_path)

    assert result.returncode == 1
    assert result.stderr.strip().count("\n") == 0
    assert result.stderr.startswith(
        "No PostgreSQL here: install it (sudo apt-get install postgresql)"
    )
    assert "DATABASE_URL=postgres://" in result.stderr
    assert calls == []


def test_the_server_of_database_url_replaces_the_local_cluster(tmp_path):
    url = "postgres://ci:secret@db.example:5432/forgebuilder"

    result, calls = run_ci(tmp_path, env={"DATABASE_URL": url})

    assert result.returncode == 0, result.stdout + result.stderr
    assert calls == [
        "lint DATABASE_URL= CI=true",
        "test DATABASE_URL= CI=true",  # first on SQLite
        f"test DATABASE_URL={url} CI=true",
        "check-deploy DATABASE_URL= CI=true",
    ]


def test_a_failing_test_run_fails_ci(tmp_path):
    url = "postgres://ci:secret@db.example:5432/forgebuilder"

    result, calls = run_ci(tmp_path, env={"DATABASE_URL": url}, fail_on=f"test {url}")

    assert result.returncode != 0
    assert calls[-1] == f"test DATABASE_URL={url} CI=true"  # nothing ran after it
