"""``manage.py import_battleforge``: success, dry run, re-import, bad paths and broken files."""

from __future__ import annotations

import shutil
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from factions.models import Datasheet, GameModule


def run(*args: object, verbosity: int = 1) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command(
        "import_battleforge", *[str(a) for a in args], verbosity=verbosity, stdout=out, stderr=err
    )
    return out.getvalue(), err.getvalue()


@pytest.fixture
def realm_copy(realm_dir: Path, tmp_path: Path) -> Path:
    """A writable copy of the fixture module and its root (``<tmp>/realm``, ``<tmp>/root``)."""
    shutil.copytree(realm_dir, tmp_path / "realm", copy_function=shutil.copyfile)
    shutil.copytree(realm_dir.parent / "root", tmp_path / "root", copy_function=shutil.copyfile)
    return tmp_path / "realm"


@pytest.mark.django_db
def test_a_module_folder_is_imported_with_the_root_next_to_it(realm_dir: Path) -> None:
    out, _ = run(realm_dir)
    assert "Read realm (The Realm, battle): 3 factions, 9 datasheets; root: " in out
    assert "Module 'the-realm' created." in out
    assert "  datasheets: 9 created" in out
    assert Datasheet.objects.get(faction__key="knights", key="captain").points == 45


@pytest.mark.django_db
def test_the_findings_are_grouped_by_code_with_file_and_path(realm_dir: Path) -> None:
    out, _ = run(realm_dir)
    assert "Findings: " in out
    players, authors = out.index("What players will notice: "), out.index("What the data's")
    # a player's finding: its code, count and meaning, then where
    assert "  placeholder_rule (warning): 2  an unknown rule id" in out[players:authors]
    # an author's: its code and count; where, with --verbosity 2
    assert "  orphan_file (warning): 1" in out[authors:]
    assert "    stray.json: stray.json is not listed by index.json" not in out
    loud, _ = run(realm_dir, "--slug", "loud", verbosity=2)
    assert "    stray.json: stray.json is not listed by index.json" in loud


@pytest.mark.django_db
def test_verbosity_2_lists_every_finding_and_every_changed_row(realm_dir: Path) -> None:
    quiet, _ = run(realm_dir, "--slug", "quiet")
    loud, _ = run(realm_dir, "--slug", "loud", verbosity=2)
    assert "more; use --verbosity 2" in quiet
    assert "more; use --verbosity 2" not in loud
    assert "    + knights/captain" in loud
    assert loud.count("\n") > quiet.count("\n")


@pytest.mark.django_db
def test_importing_again_reports_the_module_unchanged(realm_dir: Path) -> None:
    run(realm_dir)
    out, _ = run(realm_dir)
    assert "Module 'the-realm' unchanged." in out


@pytest.mark.django_db
def test_a_dry_run_writes_nothing_but_shows_what_would_change(realm_dir: Path) -> None:
    out, _ = run(realm_dir, "--dry-run", "--slug", "dry")
    assert "Module 'dry' created." in out
    assert "Dry run: nothing was written." in out
    assert not GameModule.objects.filter(slug="dry").exists()
    assert not Datasheet.objects.exists()


@pytest.mark.django_db
def test_root_and_slug_can_be_given(realm_copy: Path, tmp_path: Path) -> None:
    moved = tmp_path / "elsewhere.json"
    (tmp_path / "root" / "index.json").rename(moved)
    out, _ = run(realm_copy, "--root", moved, "--slug", "realm-two")
    assert f"root: {moved}" in out
    assert GameModule.objects.get(slug="realm-two").name == "The Realm"


@pytest.mark.django_db
def test_a_missing_folder_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="no such module folder"):
        run(tmp_path / "nowhere")
    assert not GameModule.objects.exists()


@pytest.mark.django_db
def test_a_missing_root_file_is_a_clear_error(realm_dir: Path, tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="no such root index file"):
        run(realm_dir, "--root", tmp_path / "nope.json")


@pytest.mark.django_db
def test_a_folder_without_an_index_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match=r"cannot read index\.json"):
        run(tmp_path)


@pytest.mark.django_db
def test_an_unreadable_faction_file_imports_nothing(realm_copy: Path) -> None:
    (realm_copy / "knights.json").write_text("{ not json", encoding="utf-8")
    with pytest.raises(CommandError, match="could not be read; nothing imported") as error:
        out, err = StringIO(), StringIO()
        try:
            call_command("import_battleforge", str(realm_copy), stdout=out, stderr=err)
        finally:
            assert "knights.json: cannot read" in err.getvalue()
    assert "1 file(s)" in str(error.value)
    assert not GameModule.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("hostile", ["\\u0000", "\\ud800"])
def test_a_faction_file_holding_what_no_database_stores_imports_nothing_naming_its_path(
    realm_copy: Path, hostile: str
) -> None:
    """A NUL or half a UTF-16 pair in a module file reached PostgreSQL's jsonb and stopped the
    import with a database error; it is refused like any JSON the app reads, naming the path."""
    path = realm_copy / "knights.json"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"name": "', f'"name": "{hostile}', 1), encoding="utf-8")
    err = StringIO()
    with pytest.raises(CommandError, match="could not be read; nothing imported"):
        call_command("import_battleforge", str(realm_copy), stdout=StringIO(), stderr=err)
    assert "knights.json: cannot read: " in err.getvalue()
    assert "name: the text contains" in err.getvalue()
    assert not GameModule.objects.exists()


@pytest.mark.django_db
def test_a_dry_run_of_a_republished_module_says_which_stored_lists_it_touches(tmp_path: Path):
    """Battle Forge's own module imported, a list built on one unit, then an edited copy (that
    unit a better fighter: dearer) imported with --dry-run: the report names the change and the
    list it reprices, and nothing is written."""
    import json

    from factions.catalog import catalog_for
    from forgebuilder.lists import edits
    from forgebuilder.lists.ownership import Owner
    from forgebuilder.lists.selectors import evaluated_list
    from forgebuilder.lists.services import army_list_create
    from tests.conftest import bf_data

    source = bf_data("space-wars")
    folder = tmp_path / "space-wars"
    shutil.copytree(source, folder, copy_function=shutil.copyfile)
    shutil.copytree(source.parent / "root", tmp_path / "root", copy_function=shutil.copyfile)
    run(folder, "--slug", "sw")
    module = GameModule.objects.get(slug="sw")
    catalog = catalog_for(module)
    document = edits.new_document(
        catalog, faction="empire", name="Sith", points_limit=999, casual=True
    )
    document, _ = edits.add_unit(document, catalog, datasheet="dark_side_master", force=None)
    army_list = army_list_create(owner=Owner(None, "t"), catalog=catalog, document=document)
    before = evaluated_list(army_list=army_list).roster.points
    empire = json.loads((folder / "empire.json").read_text())
    empire["units"]["dark_side_master"]["models"][0]["fight"] += 1
    (folder / "empire.json").write_text(json.dumps(empire))
    versions = module.versions.count()

    out, _ = run(folder, "--slug", "sw", "--dry-run")

    assert "What this import would change for players: 1" in out
    assert "  Dark Side Master: " in out
    assert "Army lists: 1 of 1 touched" in out
    assert "  1 list changes price (Sith: " in out
    assert module.versions.count() == versions
    army_list.refresh_from_db()
    assert evaluated_list(army_list=army_list).roster.points == before
