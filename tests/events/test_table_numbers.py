"""Table numbers: the ranking's order, and the same for the same seed in any process."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from forgebuilder.events.tables import numbered_tables
from tests.conftest import REPO

SCRIPT = """
import json, random
from forgebuilder.events.pairing import Entrant, pair_round
# ranks adding up alike: (1st, 4th) and (2nd, 3rd) tie on place sums in the numbering
entrants = [Entrant(k, score=s, opponents=frozenset(o)) for k, s, o in (
    ("ana", 6, "b"), ("ben", 6, "a"), ("cy", 3, ""), ("dee", 3, ""), ("eli", 0, ""),
    ("fay", 0, ""), ("gus", 0, ""), ("hal", 0, ""))]
result = pair_round(entrants=entrants, round_number=3, rng=random.Random(7))
print(json.dumps([[p.table, p.first, p.second] for p in result.pairings]))
"""


def test_one_seed_numbers_its_tables_alike_in_every_process():
    """The games were put in order from a set, whose order changes with each process's hash
    seed: the same stored seed could number the tables of a round differently."""
    answers = set()
    for hash_seed in ("0", "1", "2", "3", "4", "5"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        run = subprocess.run(
            [sys.executable, "-c", SCRIPT], cwd=REPO, env=env, capture_output=True, text=True,
            check=True,
        )  # fmt: skip
        answers.add(run.stdout.strip())

    assert len(answers) == 1, answers
    tables = [table for table, _, _ in json.loads(answers.pop())]
    assert tables == [1, 2, 3, 4]


def test_a_game_moves_only_to_keep_its_players_off_a_table_they_sat_at():
    assert numbered_tables([frozenset(), frozenset(), frozenset()]) == [1, 2, 3]
    assert numbered_tables([frozenset({1}), frozenset(), frozenset()]) == [2, 1, 3]
    # nobody can avoid it: the top game keeps table 1
    assert numbered_tables([frozenset({1, 2}), frozenset({1, 2})]) == [1, 2]
