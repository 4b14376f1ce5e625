"""Wargame: single models, Teams of at most 5 with one leader, Bands of 6 to 20 alike."""

from __future__ import annotations

import pytest

from .factories import check, choice, codes, game, model, option, sheet, take, the, unit


def wargame(datasheet: dict, **module_fields):
    return game("wargame", slug="test-wargame", datasheets={"squad": datasheet}, **module_fields)


def team(*, leaders_max: int = 1):
    return sheet(
        10,
        category=None,
        name="Recon Team",
        unit_type="team",
        models=[
            model("Team Leader", id="leader", min=0, max=leaders_max, leader=True),
            model("Scout", id="scout", min=1, max=10),
        ],
    )


def fielded(datasheet: dict, models: dict, options=(), **module_fields):
    return check(
        wargame(datasheet, **module_fields),
        unit("squad", force=None, models=models, options=list(options)),
        forces=[],
        module="test-wargame",
        points_limit=1000,
    )


@pytest.mark.parametrize(
    ("scouts", "problem"),
    [
        (3, None),  # a leader and three
        (4, None),  # five models: the most a Team has
        (5, "team-size"),  # six
    ],
)
def test_a_team_has_at_most_five_models(scouts, problem):
    report = fielded(team(), {"leader": 1, "scout": scouts})

    assert codes(report) == ([problem] if problem else [])


def test_a_team_too_large_says_by_how_much():
    violation = the(fielded(team(), {"leader": 1, "scout": 6}), "team-size")

    assert violation.severity == "error"
    assert violation.message == "Recon Team is a Team of 7 models; a Team has at most 5."
    assert violation.hint == "Remove 2 models, or field a Band."
    assert violation.units == ("u1",)


@pytest.mark.parametrize(
    ("leaders", "legal"),
    [
        (1, True),
        (0, False),  # no designated leader
        (2, False),  # two leaders
    ],
)
def test_a_team_has_exactly_one_designated_leader(leaders, legal):
    report = fielded(team(leaders_max=2), {"leader": leaders, "scout": 2})

    assert ("leader-count" in codes(report)) is not legal
    if not legal:
        assert the(report, "leader-count").message == (
            f"Recon Team has {leaders} leader{'s' * (leaders != 1)}; a Team has exactly one."
        )


def test_the_team_size_follows_the_module():
    report = fielded(team(), {"leader": 1, "scout": 5}, parameters={"team_max_models": 6})

    assert report.violations == ()


# --- bands ----------------------------------------------------------------------------------


def band(*member_options: dict, mixed: bool = False):
    members = [model("Warrior", id="warrior", min=0, max=30, options=list(member_options))]
    if mixed:
        members.append(model("Archer", id="archer", min=0, max=30))
    return sheet(
        10,
        category=None,
        name="War Band",
        unit_type="band",
        models=[model("Band Leader", id="leader", leader=True), *members],
    )


@pytest.mark.parametrize(
    ("warriors", "legal"),
    [
        (4, False),  # 5 models with the leader
        (5, True),  # 6: the fewest
        (19, True),  # 20: the most
        (20, False),  # 21
    ],
)
def test_a_band_has_6_to_20_models(warriors, legal):
    report = fielded(band(), {"warrior": warriors})

    assert codes(report) == ([] if legal else ["band-size"])


def test_a_band_of_the_wrong_size_cites_the_range():
    small = the(fielded(band(), {"warrior": 4}), "band-size")
    large = the(fielded(band(), {"warrior": 20}), "band-size")

    assert small.message == "War Band is a Band of 5 models; a Band has 6 to 20."
    assert small.hint == "Add 1 model."
    assert large.message == "War Band is a Band of 21 models; a Band has 6 to 20."
    assert large.hint == "Remove 1 model."


def test_a_band_has_one_leader():
    report = fielded(band(), {"leader": 0, "warrior": 8})

    assert "leader-count" in codes(report)
    assert the(report, "leader-count").message == "War Band has 0 leaders; a Band has exactly one."


@pytest.mark.parametrize(
    ("models", "legal"),
    [
        ({"warrior": 8}, True),
        ({"warrior": 0, "archer": 8}, True),  # another kind of member, all alike
        ({"warrior": 4, "archer": 4}, False),  # two kinds of member
    ],
)
def test_every_band_member_but_the_leader_is_identical(models, legal):
    report = fielded(band(mixed=True), models)

    assert ("band-mixed" in codes(report)) is not legal


def test_a_mixed_band_names_the_kinds_it_mixes():
    violation = the(fielded(band(mixed=True), {"warrior": 4, "archer": 4}), "band-mixed")

    assert violation.message == (
        "War Band mixes Warrior, Archer; every Band member but the leader must be identical."
    )


SPEARS = option("add_weapon", choice("sword", id="sword"), id="spears", label="Swords")


@pytest.mark.parametrize(
    ("taken", "legal"),
    [
        (8, True),  # every member
        (0, True),  # none
        (5, False),  # only some
    ],
)
def test_a_member_option_is_taken_by_every_member_or_none(taken, legal):
    options = [take("spears", "sword", taken)] if taken else []

    report = fielded(band(SPEARS), {"warrior": 8}, options)

    assert ("band-mixed" in codes(report)) is not legal
    if not legal:
        assert the(report, "band-mixed").message == (
            "War Band: only 5 of 8 Warrior take 'Swords'; Band members must be identical."
        )


def test_a_single_is_one_model():
    single = sheet(
        10, category=None, name="Hero", unit_type="single", models=[model("Hero", max=2)]
    )

    assert fielded(single, {"hero": 1}).violations == ()
    assert the(fielded(single, {"hero": 2}), "single-size").message == (
        "Hero is a single model but has 2."
    )
