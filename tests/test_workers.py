"""How `make test` shares the tests between its workers (tests/workers.py)."""

from __future__ import annotations

import pytest

from tests.workers import made_once, next_unit, run_order, waits, work_unit

STACK = "tests/stack/test_two_instances.py"


def test_a_production_stack_module_goes_whole_to_one_worker():
    first = work_unit(f"{STACK}::test_a_session_made_on_one_instance_is_known_to_the_other")
    other = work_unit(f"{STACK}::test_stopping_one_instance_mid_load_loses_no_edit")

    assert first == other == STACK


@pytest.mark.parametrize(
    "nodeid",
    [
        "tests/browser/test_builder.py::test_the_editor_works_on_a_phone",
        "tests/armylists/views/test_edit_fragments.py::test_a_kept_card_shows_notes_written_since",
        "tests/test_smoke.py::test_x[stack]",
    ],
)
def test_every_other_test_goes_alone_to_the_worker_that_is_free(nodeid):
    assert work_unit(nodeid) == nodeid


class Config:
    """The options xdist's scheduler reads, of a run of `workers` workers in `dist` mode."""

    def __init__(self, dist: str = "loadgroup", workers: int = 2) -> None:
        self.values = {"dist": dist, "tx": [f"{workers}*popen"]}
        self.option = type("Options", (), {"loadscopereorder": True, "maxschedchunk": None})()

    def getvalue(self, name: str):
        return self.values[name]


def test_make_test_shares_the_tests_so():
    """`--dist loadgroup` (`make test`) gets the scheduler that groups so; other modes xdist's."""
    from tests.conftest import pytest_xdist_make_scheduler

    scheduler = pytest_xdist_make_scheduler(Config("loadgroup"), None)

    assert scheduler.numnodes == 2
    assert scheduler._split_scope(f"{STACK}::test_x") == STACK
    assert scheduler.config.option.loadscopereorder is False  # the collection's order
    assert pytest_xdist_make_scheduler(Config("load"), None) is None


def test_browser_tests_go_out_first_then_the_stack_modules_then_the_rest():
    nodeids = [
        "tests/accounts/test_signup.py::test_a",
        f"{STACK}::test_b",
        "tests/browser/test_builder.py::test_c",
        "tests/firstrun/test_make_run.py::test_d",
        "tests/stack/test_slow_clients.py::test_e",
        "tests/test_backend_split.py::test_f",
    ]

    assert sorted(nodeids, key=run_order) == [
        nodeids[2],
        nodeids[3],
        nodeids[5],  # it starts a second pytest
        nodeids[1],
        nodeids[4],
        nodeids[0],
    ]


def test_the_postgresql_split_goes_whole_to_one_worker():
    """Its tests share one collection of the suite: on two workers, one waited while the other
    collected."""
    split = "tests/test_backend_split.py"
    units = {work_unit(f"{split}::{name}") for name in ("test_a", "test_b")}

    assert units == {split}


UNITS = [
    "tests/browser/test_builder.py::test_a",
    STACK,
    "tests/firstrun/test_make_run.py::test_b",
    "tests/armylists/test_c.py::test_c",
    "tests/security/test_rate_limit_windows.py::test_d",
]


def test_the_waiting_lane_takes_the_tests_that_mostly_wait_first():
    assert next_unit(UNITS, waiting_lane=True) == STACK
    assert next_unit(UNITS[2:], waiting_lane=True) == "tests/firstrun/test_make_run.py::test_b"
    assert next_unit(UNITS[3:], waiting_lane=True) == UNITS[4]


def test_the_other_workers_take_them_only_when_nothing_else_is_left():
    assert next_unit(UNITS, waiting_lane=False) == UNITS[0]
    assert next_unit(UNITS[1:], waiting_lane=False) == UNITS[3]
    assert next_unit([STACK, UNITS[4]], waiting_lane=False) == STACK
    assert next_unit(UNITS[:1], waiting_lane=True) == UNITS[0]  # the lane helps with the rest
    assert next_unit([], waiting_lane=True) is None


class Node:
    """A worker as the scheduler sees it: what it was sent to run."""

    def __init__(self, name: str, collection: list[str]) -> None:
        self.gateway = type("Gateway", (), {"id": name})()
        self.collection = collection
        self.shutting_down = False
        self.sent: list[str] = []

    def send_runtest_some(self, indexes: list[int]) -> None:
        self.sent += [self.collection[i] for i in indexes]

    def shutdown(self) -> None:
        self.shutting_down = True


# A suite: UNITS, then more tests that keep a core busy.
SUITE = UNITS + [f"tests/armylists/test_e.py::test_{n}" for n in range(20)]


def scheduled(workers: int) -> dict[str, list[str]]:
    """What each of `workers` workers is sent first by `make test`'s scheduler, given SUITE."""
    from tests.conftest import pytest_xdist_make_scheduler

    scheduler = pytest_xdist_make_scheduler(Config(workers=workers), None)
    nodes = [Node(f"gw{i}", SUITE) for i in range(workers)]
    for node in nodes:
        scheduler.add_node(node)
        scheduler.add_node_collection(node, SUITE)
    scheduler.schedule()
    return {node.gateway.id: node.sent for node in nodes}


def test_with_three_workers_the_last_starts_on_the_tests_that_wait():
    sent = scheduled(3)

    assert sent["gw2"][0] == STACK
    firstrun = "tests/firstrun/test_make_run.py"
    assert {unit.split("::")[0] for unit in sent["gw2"]} == {STACK, firstrun}
    assert sent["gw0"][0] == UNITS[0]
    assert not any(waits(unit) for unit in sent["gw0"] + sent["gw1"])


def test_with_two_workers_there_is_no_lane():
    sent = scheduled(2)

    assert sent["gw0"][0] == UNITS[0]
    assert sent["gw1"][0].startswith(STACK)  # the run's order, whichever kind


def test_a_test_process_collects_its_garbage_less_often_and_never_walks_the_app():
    """tests/conftest.py's settings hold in the process running the tests."""
    import gc

    from tests.conftest import GC_THRESHOLD

    assert gc.get_threshold() == GC_THRESHOLD
    assert gc.get_freeze_count() > 10_000  # Django, the app and the collected tests


def test_what_the_workers_share_is_made_by_the_first_and_unpickled_by_the_others(tmp_path):
    made = []

    def build() -> dict:
        made.append(1)
        return {"rows": [1, 2], "catalogs": ("ember-reach",)}

    first = made_once(tmp_path, "rows", build)
    other = made_once(tmp_path, "rows", build)

    assert first == other == {"rows": [1, 2], "catalogs": ("ember-reach",)}
    assert other is not first  # read back from the run's folder
    assert len(made) == 1
    assert made_once(None, "rows", build) == first  # without workers: built where asked
    assert len(made) == 2
