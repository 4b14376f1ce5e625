"""BattleScribe rosters (.ros XML, .rosz zip), read over every real roster in the shared folder
(saved by BattleScribe and New Recruit for 40k 9th, Age of Sigmar 3 and 4, MESBG), and every way
a file can be bad: each refused with the format and the place named, never a crash."""

from __future__ import annotations

import io
import zipfile
from decimal import Decimal
from xml.sax.saxutils import escape as xml_escape

import pytest
from defusedxml.ElementTree import fromstring
from hypothesis import given, settings
from hypothesis import strategies as st

from forgebuilder.lists.documents import DocumentError
from forgebuilder.lists.importers.battlescribe import (
    MAX_DEPTH,
    NAMESPACE,
    RosterError,
    read_roster,
)
from forgebuilder.lists.importers.detect import read_import
from forgebuilder.lists.importers.result import MAX_IMPORT_BYTES
from tests.conftest import SHARED

ROSTER_DIR = SHARED / "interop" / "battlescribe"
ROSTER_FILES = sorted(p for p in ROSTER_DIR.glob("*/*") if p.suffix in (".ros", ".rosz"))
EVERY_ROSTER = [
    pytest.param(path, id=str(path.relative_to(ROSTER_DIR))) for path in ROSTER_FILES
] or [pytest.param(None, marks=pytest.mark.skip(reason=f"no BattleScribe rosters in {ROSTER_DIR}"))]
#: Rosters whose recorded totals are not their selections' sum: the bug report's file was cut
#: down to one unit after BattleScribe had totalled the whole army.
STALE_TOTALS = {"40k9th/psychomancer.rosz"}
NS = "{" + NAMESPACE + "}"


def roster_xml(path) -> bytes:
    data = path.read_bytes()
    if data.startswith(b"PK"):
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return archive.read(archive.namelist()[0])
    return data


def direct_units(element) -> int:
    """Selections of type unit or model with no unit or model above them, counted in the XML."""
    count = 0
    for child in element.iterfind(f"{NS}selections/{NS}selection"):
        if child.get("type") in ("unit", "model"):
            count += 1
        else:
            count += direct_units(child)
    return count


def direct_totals(root) -> dict[str, Decimal]:
    totals: dict[str, Decimal] = {}
    for selection in root.iter(NS + "selection"):
        for cost in selection.iterfind(f"{NS}costs/{NS}cost"):
            name = cost.get("name").strip()
            totals[name] = totals.get(name, Decimal(0)) + Decimal(cost.get("value"))
    return totals


@pytest.fixture(scope="module", params=EVERY_ROSTER)
def real(request):
    path = request.param
    return path, read_roster(path.read_bytes()), fromstring(roster_xml(path))


def test_every_real_roster_reads_with_its_forces_and_units_counted(real):
    _path, roster, root = real

    assert roster.name == root.get("name").strip()
    assert roster.game_system_name == root.get("gameSystemName")
    assert roster.schema_version in ("2.02", "2.03")
    assert len(roster.all_forces()) == len(list(root.iter(NS + "force")))
    units = sum(direct_units(force) for force in root.iter(NS + "force"))
    assert len(roster.units()) == units > 0
    read = [s for force in roster.all_forces() for top in force.selections for s in top.walk()]
    assert len(read) == len(list(root.iter(NS + "selection")))
    assert sum(len(s.profiles) for s in read) == len(
        list(root.iterfind(f".//{NS}selection/{NS}profiles/{NS}profile"))
    )
    assert sum(len(s.rules) for s in read) == len(
        list(root.iterfind(f".//{NS}selection/{NS}rules/{NS}rule"))
    )


def test_every_real_roster_totals_its_selections_or_says_where_it_does_not(real):
    path, roster, root = real
    recorded = {cost.name: cost.value for cost in roster.costs}
    summed = direct_totals(root)

    assert roster.selection_totals() == summed
    if str(path.relative_to(ROSTER_DIR)) in STALE_TOTALS:
        assert recorded != {name: summed.get(name, 0) for name in recorded}
        assert roster.cost_mismatches()  # named, not silently trusted nor corrected
    else:
        assert recorded == {name: summed.get(name, Decimal(0)) for name in recorded}
        assert roster.cost_mismatches() == []


def real_roster(relative: str):
    path = ROSTER_DIR / relative
    if not path.is_file():
        pytest.skip(f"BattleScribe roster {relative} not found in {ROSTER_DIR}")
    return read_roster(path.read_bytes())


def test_a_roster_keeps_its_limits_custom_names_notes_profiles_and_rules():
    roster = real_roster("validation/Black Legion Test.rosz")

    assert roster.builder == "BattleScribe"
    assert roster.forces[0].catalogue_name
    abaddon = next(u for u in roster.units() if u.name == "Abaddon the Despoiler")
    assert abaddon.custom_name == "Abadon's Custom Note"
    assert abaddon.notes == "Abadon never wins.  He is a loser."
    assert abaddon.categories and abaddon.number == 1
    profile = next(p for s in abaddon.walk() for p in s.profiles if p.type_name == "Unit")
    assert dict(profile.characteristics)["W"]
    assert any(rule.text for s in abaddon.walk() for rule in s.rules)


def test_a_new_recruit_roster_is_named_as_its_builder_with_its_points_limit():
    roster = real_roster("AoS4/Lots o'Letters.rosz")

    assert roster.builder == "New Recruit"
    assert [(c.name, c.value) for c in roster.cost_limits] == [("pts", Decimal(2000))]
    assert roster.builder_errors() == []  # its "Illegal Units" category holds no unit


ROSTER = """<?xml version="1.0" encoding="utf-8"?>
<roster battleScribeVersion="{version}" gameSystemName="Skirmish" name="Odd" xmlns="{ns}">
  <costs><cost name="pts" typeId="points" value="999.0"/></costs>
  <forces><force name="Patrol" catalogueName="Raiders">
    <selections>{selections}</selections>
  </force></forces>
</roster>"""
UNIT = (
    '<selection name="Raider {i}" number="{n}" type="unit"><costs>'
    '<cost name="pts" typeId="points" value="{pts}"/></costs>'
    '<categories><category name="{category}"/></categories></selection>'
)


def small_roster(units=(("Raider", 1, "999"),), version="2.02", category="Troops") -> str:
    selections = "".join(
        UNIT.format(i=i, n=n, pts=pts, category=category) for i, (_, n, pts) in enumerate(units)
    )
    return ROSTER.format(version=version, ns=NAMESPACE, selections=selections)


def test_a_schema_2_02_roster_pasted_as_text_reads_with_an_odd_total():
    roster = read_roster("\n\n" + small_roster())

    assert roster.schema_version == "2.02"
    assert [(c.name, c.value) for c in roster.costs] == [("pts", Decimal(999))]
    assert roster.selection_totals() == {"pts": Decimal(999)}
    assert [u.name for u in roster.units()] == ["Raider 0"]


def test_a_unit_new_recruit_files_as_illegal_is_named_as_the_builder_s_error():
    text = small_roster(category="Illegal Units").replace(
        "battleScribeVersion", 'generatedBy="https://newrecruit.eu" battleScribeVersion'
    )

    assert read_roster(text).builder_errors() == ["New Recruit marks 'Raider 0' as Illegal Units"]


def zipped(**members: bytes) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def refusal(raw) -> RosterError:
    with pytest.raises(RosterError) as caught:
        read_roster(raw)
    return caught.value


def test_a_zip_without_a_roster_names_what_it_holds():
    error = refusal(zipped(**{"notes.txt": b"hello", "army.png": b"PNG"}))

    assert "zipped BattleScribe roster (.rosz)" in error.message
    assert "no .ros file (notes.txt, army.png)" in error.message


def test_a_zip_of_one_file_is_read_as_a_roster_whatever_the_file_is_named():
    assert read_roster(zipped(**{"army.xml": small_roster().encode()})).name == "Odd"
    assert refusal(zipped(**{"notes.txt": b"hello"})).place == "line 1, column 1"


def test_a_zip_bomb_is_refused_after_reading_no_more_than_the_limit():
    bomb = zipped(**{"army.ros": b" " * (5 * MAX_IMPORT_BYTES)})
    assert len(bomb) < MAX_IMPORT_BYTES // 100

    assert "army.ros unzips to more than 1 MB" in refusal(bomb).message


def test_a_damaged_zip_says_it_cannot_be_unzipped():
    good = zipped(**{"army.ros": small_roster().encode()})

    assert "cannot be unzipped" in refusal(good[:40]).message
    assert "cannot be unzipped" in refusal(good[:60] + b"\0" * 40 + good[100:]).message


def test_truncated_xml_names_the_line_and_column():
    text = small_roster()
    cut = text[: text.index("</selections>")]  # cut off after a whole unit

    error = refusal(cut.encode())

    assert "cut off or malformed" in error.message
    assert error.place == f"line {cut.count(chr(10)) + 1}, column {len(cut.splitlines()[-1]) + 1}"


@settings(max_examples=40)
@given(st.integers(min_value=1, max_value=10_000))
def test_a_roster_cut_anywhere_is_refused_with_a_line_never_a_crash(at):
    text = small_roster(units=[("Raider", 2, "15.5")] * 40)
    at = at % len(text)
    try:
        read_roster(text[:at].encode())
    except RosterError as error:
        assert error.place.startswith("line ")


def test_xml_that_is_not_a_roster_names_its_root():
    catalogue = '<catalogue xmlns="http://www.battlescribe.net/schema/catalogueSchema"/>'

    assert f"its root element is '{{{NAMESPACE[:-12]}catalogueSchema}}catalogue'" in (
        refusal(catalogue).message
    )
    assert "its root element is 'roster', where" in refusal("<roster/>").message


def test_a_roster_of_an_unknown_schema_version_says_which_it_reads():
    error = refusal(small_roster(version="1.15"))

    assert "schema version 1.15" in error.message and "2.02 and 2.03" in error.message


@pytest.mark.parametrize(
    "doctype",
    [
        '<!DOCTYPE roster [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>',
        '<!DOCTYPE roster [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
        "<!DOCTYPE roster>",
    ],
    ids=["entity-expansion", "external-entity", "plain-doctype"],
)
def test_a_document_type_or_entity_is_refused_unread(doctype):
    text = small_roster().replace("<roster ", doctype + "<roster ", 1)

    assert "entity declarations" in refusal(text).message


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ('number="1"', 'number="x"', "'x', not a whole number"),
        ('number="1"', 'number="' + "9" * 5000 + '"', "not a whole number below a million"),
        ('value="999"/></costs><cat', 'value="1e999999"/></costs><cat', "'1e999999', not a number"),
    ],
)
def test_a_bad_number_names_the_selection_it_is_in(old, new, said):
    error = refusal(small_roster().replace(old, new, 1))

    assert said in error.message
    assert error.place == "force 1, selection 1 ('Raider 0')"


def test_selections_nested_past_the_limit_are_refused_not_recursed():
    opening, closing = (
        '<selections><selection name="s" type="upgrade">',
        "</selection></selections>",
    )
    depth = (MAX_IMPORT_BYTES - 1000) // (len(opening) + len(closing))
    text = small_roster().replace("<selections>", opening * depth + "<selections>", 1)
    text = text.replace("</selections>", "</selections>" + closing * depth, 1)
    assert len(text) <= MAX_IMPORT_BYTES

    error = refusal(text)

    assert f"nesting selections over {MAX_DEPTH} deep" in error.message
    assert error.place.startswith("force 1, selection 1 ('s'), selection 1 ('s')")


def test_a_roster_at_the_size_limit_reads_every_unit():
    unit = UNIT.format(i=0, n=3, pts="7", category="Troops")
    count = (MAX_IMPORT_BYTES - len(small_roster(units=()))) // (len(unit) + 4)  # + its number
    text = small_roster(units=[("Raider", 3, "7")] * count)
    assert MAX_IMPORT_BYTES * 0.97 < len(text) <= MAX_IMPORT_BYTES

    roster = read_roster(text.encode())

    assert len(roster.units()) == count
    assert roster.selection_totals() == {"pts": Decimal(7 * count)}


def import_refusal(raw) -> DocumentError:
    with pytest.raises(DocumentError) as caught:
        read_import(raw)
    return caught.value


def test_the_import_page_names_every_real_roster_it_cannot_import_yet(db, real):
    path, _roster, root = real
    forces = len(list(root.iter(NS + "force")))
    units = sum(direct_units(force) for force in root.iter(NS + "force"))

    (problem,) = import_refusal(path.read_bytes()).problems

    saved = " (saved by New Recruit)" if "newrecruit" in root.get("generatedBy", "") else ""
    game, name = root.get("gameSystemName"), root.get("name").strip()
    assert problem.message.startswith(
        f"A BattleScribe roster{saved} of {game}: '{name}' with {forces} force"
    )
    assert f" and {units} unit" in problem.message
    assert problem.message.endswith(". Rosters of games not hosted here cannot be imported yet.")


def test_a_pasted_roster_is_read_as_one_and_its_faults_are_placed(db):
    (read,) = import_refusal("\n" + small_roster()).problems
    (cut,) = import_refusal(small_roster()[:200]).problems
    (empty,) = import_refusal(zipped(**{"readme.md": b"#", "a.ros": b"", "b.ros": b""})).problems

    assert read.message == (
        "A BattleScribe roster of Skirmish: 'Odd' with 1 force and 1 unit. "
        "Rosters of games not hosted here cannot be imported yet."
    )
    assert cut.path.startswith("line 3, column ") and "cut off" in cut.message
    assert "this zip holds 2 .ros files (readme.md, a.ros, b.ros)" in empty.message


NAMES = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Cn")), max_size=12)
LEAF = st.fixed_dictionaries(
    {
        "name": NAMES,
        "type": st.sampled_from(["unit", "model", "upgrade"]),
        "number": st.integers(0, 999),
        "pts": st.decimals(-999, 9999, places=1, allow_nan=False, allow_infinity=False),
        "children": st.just([]),
    }
)
TREES = st.recursive(
    LEAF,
    lambda inner: st.builds(lambda d, c: {**d, "children": c}, LEAF, st.lists(inner, max_size=3)),
    max_leaves=12,
)


def selection_xml(tree) -> str:
    name = xml_escape(tree["name"], {'"': "&quot;"})
    children = "".join(selection_xml(child) for child in tree["children"])
    return (
        f'<selection name="{name}" number="{tree["number"]}" type="{tree["type"]}">'
        f'<costs><cost name="pts" value="{tree["pts"]}"/></costs>'
        f"<selections>{children}</selections></selection>"
    )


def expected_units(tree) -> int:
    if tree["type"] in ("unit", "model"):
        return 1
    return sum(expected_units(child) for child in tree["children"])


def expected_points(tree) -> Decimal:
    return tree["pts"] + sum((expected_points(c) for c in tree["children"]), Decimal(0))


@settings(max_examples=30)
@given(st.lists(TREES, min_size=1, max_size=4))
def test_any_roster_reads_back_with_its_units_and_its_points_summed(trees):
    text = ROSTER.format(
        version="2.03", ns=NAMESPACE, selections="".join(map(selection_xml, trees))
    )

    roster = read_roster(text.encode())

    assert len(roster.units()) == sum(map(expected_units, trees))
    assert roster.selection_totals() == {"pts": sum(map(expected_points, trees), Decimal(0))}
    assert [s.name for s in roster.forces[0].selections] == [t["name"].strip() for t in trees]
