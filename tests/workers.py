"""What the workers of one run (`pytest -n 3`) build once and share: the first that needs it
builds it, the others wait for it and read what it wrote."""

from __future__ import annotations

import fcntl
import os
import pickle
from collections.abc import Callable, Iterable
from pathlib import Path


def run_folder(tmp_path_factory, worker_id: str) -> Path | None:
    """The run's own temporary folder, which its workers share; None without workers (one
    process builds what it needs itself: the folder above its own outlives the run)."""
    if worker_id == "master":
        return None
    return tmp_path_factory.getbasetemp().parent


def built_once(folder: Path, name: str, build: Callable[[], str]) -> str:
    """The text `build()` returns, built by the first worker to ask and read by the others."""
    with open(folder / f"{name}.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the others wait here while the first builds it
        found = folder / name
        if found.exists():
            return found.read_text(encoding="utf-8")
        text = build()
        found.write_text(text, encoding="utf-8")
        return text


def made_once[T](folder: Path | None, name: str, build: Callable[[], T]) -> T:
    """What `build()` returns, made by the first worker to ask and unpickled by the others (a
    module's rows and catalogues: parsing and checking a module costs each worker far more than
    unpickling it); without workers (`folder` None), built here."""
    if folder is None:
        return build()
    with open(folder / f"{name}.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the others wait here while the first builds it
        found = folder / f"{name}.pickle"
        if found.exists():
            return pickle.loads(found.read_bytes())
        made = build()
        written = found.with_suffix(".part")
        written.write_bytes(pickle.dumps(made, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(written, found)
        return made


# Test modules whose module-scoped fixtures start servers (the production stack: Redis, gunicorn
# instances, nginx) or a second pytest (the PostgreSQL pass's collection): one worker runs such
# a module whole, so they start once per run instead of once on each worker that got one of its
# tests, or one worker waiting while the other builds what both need.
WHOLE_MODULES = ("tests/stack/", "tests/test_backend_split.py")


def work_unit(nodeid: str) -> str:
    """What goes to one worker with the test `nodeid`: its module under WHOLE_MODULES, else
    the test alone."""
    path = nodeid.split("::", 1)[0]
    return path if path.startswith(WHOLE_MODULES) else nodeid


# The order tests go out to the workers: tests that start a second pytest or drive a browser
# take seconds each, so none of them is left running alone at the end; then the stack modules,
# whose template database (tests/stack/conftest.py) is prepared in the background meanwhile
# (sent first, both workers stood waiting for it); then every other test.
FIRST = ("tests/firstrun/", "tests/browser/", "tests/test_backend_split.py")
THEN = WHOLE_MODULES


def run_order(nodeid: str) -> int:
    """Where the test `nodeid` goes in the run: 0 first, 1 then, 2 the rest (stable sort)."""
    return 0 if nodeid.startswith(FIRST) else 1 if nodeid.startswith(THEN) else 2


# Tests that mostly wait: on the servers they start (the production stack), on other processes
# (the first-run checks run make, manage.py and pytest) or on a clock (the rate-limit windows).
# With three workers or more, the last is their lane: it takes them before anything else and the
# others take them only when nothing else is left, so while they wait, the other workers have the
# cores (`make test` runs three workers on two cores: docs in the Makefile).
WAITING = ("tests/stack/", "tests/firstrun/", "tests/security/test_rate_limit_windows.py")


def waits(unit: str) -> bool:
    return unit.startswith(WAITING)


def next_unit(units: Iterable[str], *, waiting_lane: bool) -> str | None:
    """The unit a worker takes next from `units` (in the run's order): the waiting lane the first
    that waits, any other worker the first that does not; either takes the first left when none
    of its kind is. None when no unit is left."""
    first = None
    for unit in units:
        if waits(unit) == waiting_lane:
            return unit
        first = first or unit
    return first


def scheduler(config, log):
    """`--dist loadgroup`'s scheduler, grouping by WHOLE_MODULES instead of by xdist_group marks
    (xdist 3.8 marks a group in a node id that pytest 9 no longer reads, so marks group
    nothing): every other test is a unit of its own, sent to whichever worker is free, in the
    collection's order (`run_order`), not xdist's largest-unit-first; with three workers or more,
    the tests that mostly wait go to the last (`next_unit`)."""
    from xdist.scheduler import LoadScopeScheduling

    config.option.loadscopereorder = False

    class WholeModules(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

        waiting_left = True  # until the waiting lane finds none (then each takes the first)

        def _assign_work_unit(self, node) -> None:
            if self.waiting_left and len(self.nodes) >= 3:
                lane = node is self.nodes[-1]
                unit = next_unit(self.workqueue, waiting_lane=lane)
                self.waiting_left = not lane or unit is None or waits(unit)
            else:
                unit = next(iter(self.workqueue), None)
            if unit is None:
                return
            tests = self.workqueue.pop(unit)
            self.assigned_work.setdefault(node, {})[unit] = tests
            collected = self.registered_collections[node]
            node.send_runtest_some([collected.index(t) for t, done in tests.items() if not done])

    return WholeModules(config, log)
