"""How `make test` shares the tests between its workers (tests/workers.py)."""

from __future__ import annotations

import pytest

from tests.workers import run_order, work_unit

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


def test_make_test_shares_the_tests_so():
    """`--dist loadgroup` (`make test`) gets the scheduler that groups so; other modes xdist's."""
    from tests.conftest import pytest_xdist_make_scheduler

    class Config:
        def __init__(self, dist: str) -> None:
            self.values = {"dist": dist, "tx": ["2*popen"]}
            self.option = type("Options", (), {"loadscopereorder": True})()

        def getvalue(self, name: str):
            return self.values[name]

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
