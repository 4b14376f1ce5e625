"""`.ci/run`: one line when there is no PostgreSQL, DATABASE_URL's server when given.

`make` is replaced by a recorder on a PATH holding nothing else, so these tests run the script's
own logic (which steps, in which order, with which database) in a second.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from tests.conftest import REPO

# The script runs with stand-ins for make and PostgreSQL's tools: the result cannot differ by
# backend, so CI's PostgreSQL pass leaves it out (tests/backends.py).
pytestmark = pytest.mark.own_database

FAKE_MAKE = """#!{bash}
echo "$* DATABASE_URL=${{DATABASE_URL:-}} CI=${{CI:-}}${{FORGEBUILDER_DATABASE_TESTS_ONLY:+ database tests only}}" >> "{log}"
[ "$1 ${{DATABASE_URL:-}}" != "{fail}" ]
"""


def run_ci(
    tmp_path, *, env=None, fail_on: str = "", tools: str = ""
) -> tuple[subprocess.CompletedProcess, list]:
    bin_dir, log = tmp_path / "bin", tmp_path / "make.log"
    bin_dir.mkdir()
    bash = shutil.which("bash")
    (bin_dir / "dirname").symlink_to(shutil.which("dirname"))
    make = bin_dir / "make"
    make.write_text(FAKE_MAKE.format(bash=bash, log=log, fail=fail_on))
    make.chmod(0o755)
    result = subprocess.run(
        [bash, str(REPO / ".ci" / "run")], env={"PATH": ":".join(filter(None, [str(bin_dir), tools])), **(env or {})},
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
        "typecheck DATABASE_URL= CI=true",
        "test DATABASE_URL= CI=true",  # first on SQLite
        f"test DATABASE_URL={url} CI=true database tests only",  # tests/backends.py
        "check-deploy DATABASE_URL= CI=true",
    ]


def test_a_failing_test_run_fails_ci(tmp_path):
    url = "postgres://ci:secret@db.example:5432/forgebuilder"

    result, calls = run_ci(tmp_path, env={"DATABASE_URL": url}, fail_on=f"test {url}")

    assert result.returncode != 0
    assert calls[-1] == f"test DATABASE_URL={url} CI=true database tests only"  # nothing after it


def fake_cluster(tmp_path, *, status: str) -> str:
    """PostgreSQL's tools for one cluster 15/main in the given status; pg_ctlcluster logs its calls
    beside make's. Returns the folder holding them."""
    bin_dir, log = tmp_path / "pg", tmp_path / "make.log"
    bin_dir.mkdir()
    for tool in ("awk", "seq", "id", "sh"):
        (bin_dir / tool).symlink_to(shutil.which(tool))
    listing = f"15  main    5432 {status} postgres /var/lib/postgresql/15/main /var/log/pg.log"
    fakes = {
        "pg_lsclusters": f'echo "{listing}"',
        "pg_ctlcluster": f'echo "pg_ctlcluster $*" >> "{log}"',
        "pg_isready": "exit 0",
        "su": "exit 0",
        "psql": "echo 1",
        "createdb": "exit 0",
    }
    for name, body in fakes.items():
        (bin_dir / name).write_text(f"#!{shutil.which('bash')}\n{body}\n")
        (bin_dir / name).chmod(0o755)
    return str(bin_dir)


def test_each_step_prints_its_time_and_the_run_ends_with_all_of_them(tmp_path):
    url = "postgres://ci:secret@db.example:5432/forgebuilder"

    result, _ = run_ci(tmp_path, env={"DATABASE_URL": url})

    out = result.stdout
    # The steps are stand-ins that take no time; a step or the total may still cross a
    # second's boundary, so any figure is accepted where the format is right.
    took = r"\d+m\d\ds"
    assert re.search(rf"--- Lint \(ruff, mypy\): {took} \(load average ", out)
    assert re.search(rf"--- Production settings: manage.py check --deploy: {took}", out)
    total = re.search(rf"Time per step \(total {took}\):", out)
    assert total is not None
    summary = out[total.start() :].splitlines()[1:]
    assert [line.strip().split("  ", 1)[1] for line in summary] == [
        "Lint (ruff, mypy)",
        "Test suite on SQLite (make test)",
        "Database tests on PostgreSQL at DATABASE_URL (make test)",
        "Production settings: manage.py check --deploy",
    ]


def test_a_failed_run_still_prints_the_times_of_the_steps_it_ran(tmp_path):
    url = "postgres://ci:secret@db.example:5432/forgebuilder"

    result, _ = run_ci(tmp_path, env={"DATABASE_URL": url}, fail_on=f"test {url}")

    assert result.returncode != 0
    summary = result.stdout[result.stdout.index("Time per step") :]
    assert "Database tests on PostgreSQL at DATABASE_URL (make test)" in summary
    assert "check --deploy" not in summary


def test_the_cluster_it_started_is_stopped_when_it_ends(tmp_path):
    tools = fake_cluster(tmp_path, status="down")

    result, calls = run_ci(tmp_path, tools=tools)

    assert result.returncode == 0, result.stdout + result.stderr
    assert [c for c in calls if c.startswith("pg_ctlcluster")] == [
        # its own throwaway cluster does not wait for the disk
        "pg_ctlcluster 15 main start -- -o -c fsync=off -c synchronous_commit=off"
        " -c full_page_writes=off",
        "pg_ctlcluster 15 main stop",
    ]
    assert calls.index("pg_ctlcluster 15 main stop") == len(calls) - 1  # after every step
    local = "postgres://forgebuilder:forgebuilder@127.0.0.1:5432/forgebuilder"
    assert f"test DATABASE_URL={local} CI=true database tests only" in calls


def test_the_cluster_it_started_is_stopped_when_a_step_fails(tmp_path):
    tools = fake_cluster(tmp_path, status="down")
    local = "postgres://forgebuilder:forgebuilder@127.0.0.1:5432/forgebuilder"

    result, calls = run_ci(tmp_path, tools=tools, fail_on=f"test {local}")

    assert result.returncode != 0
    assert calls[-1] == "pg_ctlcluster 15 main stop"


def test_a_cluster_that_was_already_running_is_left_running(tmp_path):
    tools = fake_cluster(tmp_path, status="online")

    result, calls = run_ci(tmp_path, tools=tools)

    assert result.returncode == 0, result.stdout + result.stderr
    assert not [c for c in calls if c.startswith("pg_ctlcluster")]
