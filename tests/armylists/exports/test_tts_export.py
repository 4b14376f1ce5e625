"""The Tabletop Simulator saved object: valid TTS save JSON (checked against a schema of the
format), one piece per model, grouped per unit, named, its profile in its description; over the
generated lists of every starter module and every Battle Forge module of the shared data."""

from __future__ import annotations

import json
from typing import Annotated, Literal

import pytest
from django.urls import reverse
from pydantic import BaseModel, ConfigDict, Field

from factions.catalog import catalog_by_slug
from forgebuilder.lists import edits
from forgebuilder.lists.exports import ExportSource, tts_save
from forgebuilder.lists.selectors import evaluated_document

from ..importers.conftest import MIT_LISTS
from ..importers.corpus import corpus
from ..importers.test_text import STARTER_SLUGS

# --- TTS's save format (its public description): what a file must hold for TTS to load it ---


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Transform(Strict):
    posX: float
    posY: float
    posZ: float
    rotX: float
    rotY: float
    rotZ: float
    scaleX: Annotated[float, Field(gt=0)]
    scaleY: Annotated[float, Field(gt=0)]
    scaleZ: Annotated[float, Field(gt=0)]


class Colour(Strict):
    r: Annotated[float, Field(ge=0, le=1)]
    g: Annotated[float, Field(ge=0, le=1)]
    b: Annotated[float, Field(ge=0, le=1)]


class ObjectState(Strict):
    GUID: Annotated[str, Field(pattern=r"^[0-9a-f]{6}$")]
    Name: Literal["Bag", "PlayerPawn"]
    Transform: Transform
    Nickname: Annotated[str, Field(min_length=1)]
    Description: str
    GMNotes: str
    ColorDiffuse: Colour
    Locked: bool
    Grid: bool
    Snap: bool
    Autoraise: bool
    Sticky: bool
    Tooltip: bool
    LuaScript: str
    LuaScriptState: str
    XmlUI: str
    ContainedObjects: list[ObjectState] | None = None


class Save(Strict):
    SaveName: str
    GameMode: str
    Date: str
    VersionNumber: str
    Gravity: float
    PlayArea: float
    Table: str
    Sky: str
    Note: str
    Rules: str
    XmlUI: str
    LuaScript: str
    LuaScriptState: str
    ObjectStates: Annotated[list[ObjectState], Field(min_length=1)]
    TabStates: dict


def checked(save: dict) -> Save:
    """The file as TTS reads it: parsed from its JSON text, every object to the format, every
    GUID once."""
    parsed = Save.model_validate(json.loads(json.dumps(save)))
    guids = []

    def walk(objects):
        for o in objects:
            guids.append(o.GUID)
            walk(o.ContainedObjects or [])

    walk(parsed.ObjectStates)
    assert len(guids) == len(set(guids)), "a GUID used twice"
    return parsed


def model_count(save: dict) -> int:
    """How many model pieces a saved object holds (every object that is not a bag)."""

    def count(objects: list[dict]) -> int:
        return sum(
            count(o.get("ContainedObjects", [])) if o["Name"] == "Bag" else 1 for o in objects
        )

    return count(save["ObjectStates"])


def source_of(document, catalog) -> ExportSource:
    roster, report = evaluated_document(document=document, catalog=catalog)
    return ExportSource(document, roster, report, "")


def check_list(document, catalog) -> None:
    """One bag per unit on the table, one piece per model, named as the card names it."""
    source = source_of(document, catalog)
    save = checked(tts_save(source))
    [top] = save.ObjectStates
    on_table = [unit for _, unit in source.numbered_units if unit.active]
    assert top.Name == "Bag" and len(top.ContainedObjects) == len(on_table), document.name
    assert model_count(tts_save(source)) == sum(u.total_models for u in on_table)
    for bag, unit in zip(top.ContainedObjects, on_table, strict=True):
        assert bag.Name == "Bag" and unit.name in bag.Nickname, (bag.Nickname, unit.name)
        assert len(bag.ContainedObjects) == unit.total_models, unit.name
        for piece in bag.ContainedObjects:
            assert piece.Name == "PlayerPawn" and piece.Description, unit.name


@pytest.mark.parametrize("slug", STARTER_SLUGS)
def test_every_starter_list_goes_to_tabletop_simulator_one_piece_per_model(starter_modules, slug):
    catalog = catalog_by_slug(slug)
    documents = list(corpus(catalog))
    assert documents
    for document in documents:
        check_list(document, catalog)


@pytest.mark.parametrize("folder", sorted(MIT_LISTS))
def test_every_battleforge_list_goes_to_tabletop_simulator(import_bf_module, folder):
    catalog = import_bf_module(folder)
    documents = list(corpus(catalog))
    assert documents
    for document in documents:
        check_list(document, catalog)


def thirty_units(catalog, *, name: str, points_limit: int):
    document = edits.new_document(
        catalog, faction="cinderhold", name=name, points_limit=points_limit, casual=True
    )
    sheets = list(catalog.spec.factions["cinderhold"].datasheets)
    for n in range(30):
        document, _ = edits.add_unit(
            document, catalog, datasheet=sheets[n % len(sheets)], force=None
        )
    return document


def test_a_30_unit_list_downloads_as_a_file_tts_loads(starter_modules, client):
    """Through the page's link: a JSON attachment, valid to the format, a piece per model, and
    the list's name and points on its bag."""
    from forgebuilder.lists.ownership import SESSION_KEY, Owner
    from forgebuilder.lists.services import army_list_create

    catalog = catalog_by_slug("ember-reach")
    document = thirty_units(catalog, name="Thirty [b]Strong[/b]", points_limit=999)
    session = client.session
    session[SESSION_KEY] = "tts-owner"
    session.save()
    army_list = army_list_create(owner=Owner(None, "tts-owner"), catalog=catalog, document=document)
    editor = client.get(reverse("armylists:editor", args=[army_list.public_id]))
    url = reverse("armylists:tts_export", args=[army_list.public_id])
    assert editor.status_code == 200 and url in editor.content.decode()
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert response["Content-Disposition"].endswith('-tts.json"')
    data = json.loads(response.content)
    save = checked(data)
    source = source_of(document, catalog)
    assert model_count(data) == sum(u.total_models for u in source.roster.units) > 30
    [top] = save.ObjectStates
    assert len(top.ContainedObjects) == 30
    assert top.Nickname == f"Thirty [\u200bb]Strong[\u200b/b] · {source.roster.points} pts"
    assert "of 999 pts" in top.Description  # the limit at an odd value
    other = reverse("armylists:tts_export", args=["not-a-list"])
    assert client.get(other).status_code == 404
