"""The production-stack tests: nginx, gunicorn and Redis started on loopback ports by the test.

They need Debian's nginx and redis-server (`make stack-deps`, which `make test` runs). Where
they are missing the tests are skipped, except in CI (CI=true), where that is a failure.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from tests.workers import built_once, run_folder

from .harness import Stack, nginx_binary, prepare_template, redis_binary, remove_template

# Where the workers of one run (pytest -n 3) find the template the first of them prepared, in
# the run's own temporary folder; the run's main process removes it (tests/conftest.py).
SHARED_TEMPLATE = "stack-template.txt"


HERE = Path(__file__).parent


def pytest_collection_modifyitems(config, items):
    for item in items:
        if Path(item.fspath).is_relative_to(HERE):
            item.add_marker(pytest.mark.stack)


def pytest_collection_finish(session):
    """With several workers, the template is prepared in the background as soon as a worker
    knows stack tests will run, while the first tests run: before, both workers stood waiting
    for it at their first stack test."""
    config = session.config
    if not hasattr(config, "workerinput") or not nginx_binary():
        return
    if not any(Path(item.fspath).is_relative_to(HERE) for item in session.items):
        return
    folder = config._tmp_path_factory.getbasetemp().parent
    threading.Thread(target=shared_template, args=(folder,), daemon=True).start()


def shared_template(folder: Path) -> Path:
    return Path(built_once(folder, SHARED_TEMPLATE, lambda: str(prepare_template())))


def require(name: str, found: str | None) -> None:
    if found:
        return
    message = f"{name} is not installed: run `make stack-deps` (Debian's {name} package)"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="session")
def stack_template(tmp_path_factory, worker_id):
    """The database and static files every stack starts from, prepared once per run: with
    several workers, the first that needs it prepares it and the others wait for it."""
    require("nginx", nginx_binary())
    shared = run_folder(tmp_path_factory, worker_id)
    if shared is None:
        template = prepare_template()
        yield template
        remove_template(template)
    else:
        yield shared_template(shared)


def remove_shared_template(folder: Path) -> None:
    """Once every worker is done: remove the template the workers shared, if one was made."""
    found = folder / SHARED_TEMPLATE
    if found.exists():
        remove_template(Path(found.read_text(encoding="utf-8")))
        found.unlink()


@pytest.fixture
def stack_without_redis(stack_template):
    stack = Stack.create(template=stack_template, redis=False)
    yield stack
    stack.close()


@pytest.fixture(scope="module")
def stack(stack_template):
    """A deployment with Redis (REDIS_URL set) on a copy of the database; no app yet.
    Shared by the tests of a module: each starts the instances it needs."""
    require("redis-server", redis_binary())
    stack = Stack.create(template=stack_template, redis=True)
    yield stack
    stack.close()
