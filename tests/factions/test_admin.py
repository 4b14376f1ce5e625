"""The game-data admin: every table editable, JSON checked like a module file, caches rebuilt."""

from __future__ import annotations

from typing import Any

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse

from factions import models as m
from factions.admin_forms import NOT_A_PARAMETER, OTHER_MODULE, TOO_FEW_MODELS, UNIT_OPTION_ONLY
from factions.catalog import catalog_by_slug
from factions.rulesets.battleforge import BATTLEFORGE

GAME_DATA_MODELS = [
    m.GameModule, m.Alliance, m.UnitCategory, m.Doctrine, m.Faction, m.Focus,
    m.ForceOrganization, m.SpecialRule, m.Weapon, m.ModelTemplate, m.Legend, m.Strategy,
    m.PowerSpecialty, m.Power, m.Datasheet, m.DatasheetModel, m.UnitOption,
]  # fmt: skip


def _url(model: type, view: str, *args: Any) -> str:
    return reverse(f"admin:factions_{model._meta.model_name}_{view}", args=args)


def _revision(module: m.GameModule) -> int:
    module.refresh_from_db()
    return module.revision


def _form_data(response) -> dict[str, Any]:
    """What the browser would post back for the page as shown: the form and its inlines."""
    forms = [response.context["adminform"].form]
    data: dict[str, Any] = {}
    for inline in response.context["inline_admin_formsets"]:
        for field in inline.formset.management_form:
            data[field.html_name] = field.value()
        forms.extend(inline.formset.forms)
    for form in forms:
        for field in form:
            value = field.value()
            if value is None or value is False:
                continue
            data[field.html_name] = "on" if value is True else value
    return data


def _errors(response) -> list[str]:
    """Every error message on a re-shown admin form, its inlines included."""
    found = [
        str(e) for errors in response.context["adminform"].form.errors.values() for e in errors
    ]
    for inline in response.context["inline_admin_formsets"]:
        formset = inline.formset
        found += [str(e) for e in formset.non_form_errors()]
        found += [str(e) for errors in formset.errors for es in errors.values() for e in es]
    return found


def _row(module: m.GameModule, model: type, **lookup: Any) -> Any:
    if model is m.GameModule:
        return module
    if model in (m.DatasheetModel, m.UnitOption):
        return model.objects.filter(datasheet__module=module, **lookup).first()
    return model.objects.filter(module=module, **lookup).first()


def _edit(client, obj: Any, changes: dict[str, Any]):
    url = _url(type(obj), "change", obj.pk)
    data = {**_form_data(client.get(url)), **changes}
    return client.post(url, data)


def test_every_game_data_model_is_registered():
    # force organization slots are edited on their organization's page; a published version is
    # never edited (the module's versions page shows it)
    models = set(apps.get_app_config("factions").get_models()) - {
        m.ForceOrganizationSlot,
        m.ModuleVersion,
    }
    assert models == set(GAME_DATA_MODELS)
    assert all(admin.site.is_registered(model) for model in models)


@pytest.mark.parametrize("model", GAME_DATA_MODELS, ids=lambda model: model.__name__)
def test_changelist_add_and_change_pages_answer(admin_client, mini_module, model):
    assert admin_client.get(_url(model, "changelist")).status_code == 200
    assert admin_client.get(_url(model, "add")).status_code == 200
    row = _row(mini_module, model)
    if row is not None:  # the mini module has no doctrine, template or option on every table
        assert admin_client.get(_url(model, "change", row.pk)).status_code == 200


def test_searching_datasheets_finds_them_by_name(admin_client, mini_module):
    response = admin_client.get(_url(m.Datasheet, "changelist"), {"q": "spear"})
    names = [sheet.name for sheet in response.context["cl"].result_list]
    assert names == ["Spearmen"]


def test_searching_datasheets_finds_them_by_faction(admin_client, mini_module):
    response = admin_client.get(_url(m.Datasheet, "changelist"), {"q": "hollowmere"})
    assert [sheet.name for sheet in response.context["cl"].result_list] == ["Bowmen"]


def test_datasheet_page_shows_its_models_and_options(admin_client, mini_module):
    sheet = _row(mini_module, m.Datasheet, key="spearmen")
    response = admin_client.get(_url(m.Datasheet, "change", sheet.pk))
    formsets = {i.formset.prefix: i.formset for i in response.context["inline_admin_formsets"]}
    assert [f.instance.name for f in formsets["model_types"].forms] == ["Spearman"]
    assert {str(f.instance) for f in formsets["options"].forms} == {
        "spearman.replace_weapon.spear",
        "Veterans",
    }


def test_datasheet_page_offers_only_its_modules_categories(admin_client, mini_module):
    other = m.GameModule.objects.create(slug="other", name="Other", version="1", ruleset="grimdark")
    m.UnitCategory.objects.create(module=other, key="elite", name="Elite")
    sheet = _row(mini_module, m.Datasheet, key="captain")
    response = admin_client.get(_url(m.Datasheet, "change", sheet.pk))
    categories = response.context["adminform"].form.fields["category"].queryset
    assert {c.name for c in categories} == {"Hero", "Core", "Support"}


def test_a_valid_edit_saves_normalised_data_and_bumps_the_revision(admin_client, mini_module):
    before = _revision(mini_module)
    sheet = _row(mini_module, m.Datasheet, key="captain")
    stats = (
        '{"movement": 7, "accuracy": 5, "strength": 6, "save": 6, "initiative": 6, "courage": 7}'
    )
    response = _edit(
        admin_client,
        sheet,
        {
            "points": 35,
            "model_types-0-stats": stats,
            "model_types-0-weapons": '[{"id": "spear"}]',  # stored as the shorthand "spear"
            "model_types-0-rules": '["tough( 2 )"]',
        },
    )
    assert response.status_code == 302, _errors(response)
    sheet.refresh_from_db()
    model = sheet.model_types.get()
    assert (sheet.points, model.stats["movement"]) == (35, 7)
    assert (model.weapons, model.rules) == (["spear"], ["tough(2)"])
    assert _revision(mini_module) == before + 1


def test_an_admin_edit_reaches_players_once_published(admin_client, mini_module):
    assert catalog_by_slug("mini-vale").datasheet("millford", "captain").points == 30
    _edit(admin_client, _row(mini_module, m.Datasheet, key="captain"), {"points": 35})
    # a draft: players still see the published data
    assert catalog_by_slug("mini-vale").datasheet("millford", "captain").points == 30
    mini_module.refresh_from_db()
    publish = reverse("admin:factions_gamemodule_publish", args=[mini_module.pk])
    admin_client.post(publish, {"revision": mini_module.revision, "label": "2.0"})
    assert catalog_by_slug("mini-vale").datasheet("millford", "captain").points == 35


def test_a_weapon_range_is_stored_as_the_loader_writes_it(admin_client, mini_module):
    weapon = _row(mini_module, m.Weapon, key="sling")
    response = _edit(admin_client, weapon, {"range": '"12/18"', "rules": '["blast(2)"]'})
    assert response.status_code == 302, _errors(response)
    weapon.refresh_from_db()
    assert (weapon.range, weapon.rules) == ([12, 18], ["blast(2)"])


def test_module_parameters_keep_only_what_is_set(admin_client, mini_module):
    response = _edit(admin_client, mini_module, {"parameters": '{"points_limit": "200"}'})
    assert response.status_code == 302, _errors(response)
    mini_module.refresh_from_db()
    assert mini_module.parameters == {"points_limit": 200}


BATTLE_FORGE_MODEL_STATS = "movement, accuracy, strength, save, initiative, courage"

INVALID_EDITS = [
    # a misspelt model stat, on the datasheet's own page
    (
        m.Datasheet, {"key": "captain"}, "model_types-0-stats",
        '{"movment": 6, "movement": 6, "accuracy": 5, "strength": 6, "save": 6,'
        ' "initiative": 6, "courage": 7}',
        f"stats: 'movment' is not a model stat of Battle Forge (known: {BATTLE_FORGE_MODEL_STATS})",
    ),
    # a stat out of the ruleset's range
    (
        m.DatasheetModel, {"key": "captain"}, "stats",
        '{"movement": 6, "accuracy": 99, "strength": 6, "save": 6, "initiative": 6,'
        ' "courage": 7}',
        f"stats: {BATTLEFORGE.model_stat('accuracy').problem(99)}",
    ),
    # a missing stat
    (
        m.DatasheetModel, {"key": "captain"}, "stats",
        '{"movement": 6, "accuracy": 5, "strength": 6, "save": 6, "initiative": 6}',
        "stats: missing model stat 'courage' (Courage)",
    ),
    # an unknown weapon stat
    (
        m.Weapon, {"key": "spear"}, "stats", '{"attacks": 1, "apx": 0}',
        "stats: 'apx' is not a weapon stat of Battle Forge (known: attacks, ap, damage)",
    ),
    # a weapon profile's stat out of range
    (
        m.Weapon, {"key": "spear"}, "profiles",
        '[{"name": "Thrown", "range": 6, "stats": {"attacks": 1, "ap": 11}}]',
        f"profiles[0].stats: {BATTLEFORGE.weapon_stat('ap').problem(11)}",
    ),
    # a broken reference
    (
        m.DatasheetModel, {"key": "captain"}, "weapons", '["spear", "tough("]',
        "weapons[1]: 'tough(' is not a reference: write an id such as 'tough(3)'",
    ),
    # a reference with an unknown key
    (
        m.Datasheet, {"key": "captain"}, "rules", '[{"id": "steady", "times": 2}]',
        "rules[0].times: unknown key 'times'",
    ),
    # a range that is none
    (
        m.Weapon, {"key": "spear"}, "range", '"far"',
        "range: 'far' is not a range: write melee, 12 or [12, 24]",
    ),
    # a parameter the ruleset does not have
    (
        m.GameModule, None, "parameters", '{"points_limt": 200}',
        NOT_A_PARAMETER.format(
            key="points_limt",
            ruleset="Battle Forge",
            known=", ".join(
                [
                    "points_limit", "strategy_points_base", "strategy_points_per",
                    "advantage_points_per", "legends_per_points", "legends_minimum",
                    "caster_rule", "game_type",
                ]
            ),
        ),
    ),
    # a parameter out of range
    (
        m.GameModule, None, "parameters", '{"points_limit": 0}',
        "parameters.points_limit: input should be greater than or equal to 1",
    ),
    # a ruleset nobody registered
    (
        m.GameModule, None, "ruleset", "chess",
        "Select a valid choice. chess is not one of the available choices.",
    ),
    # an option's model limit
    (
        m.UnitOption, {"label": "Veterans"}, "model_limit", '"some"',
        "model_limit: 'some' is not a model limit: write a number, 'all' or '1/5'",
    ),
    # an option's choice that gives nothing
    (
        m.UnitOption, {"label": "Veterans"}, "choices", '[{"items": [], "points": 1}]',
        "choices[0].items: must not be empty",
    ),
    # a replacing option that does not say what it replaces
    (
        m.UnitOption, {"label": "Veterans"}, "verb", "replace_rule",
        "a replace_rule option must say what it replaces ('replace: [...]')",
    ),
    # a legend's target with a misspelt key
    (
        m.Legend, {"key": "old_banner"}, "applies_to", '{"catgories": ["hero"]}',
        "applies_to.catgories: unknown key 'catgories'",
    ),
    # more models than the datasheet prices
    (
        m.DatasheetModel, {"key": "captain"}, "max", "3",
        "set extra_model_points: the price of each model taken beyond min",
    ),
]  # fmt: skip


@pytest.mark.parametrize(
    ("model", "lookup", "field", "value", "message"),
    INVALID_EDITS,
    ids=[f"{model.__name__}.{field}" for model, _, field, *_ in INVALID_EDITS],
)
def test_an_invalid_edit_is_a_form_error_and_changes_nothing(
    admin_client, mini_module, model, lookup, field, value, message
):
    row = _row(mini_module, model, **(lookup or {}))
    before = _revision(mini_module)
    stored = {f.attname: getattr(row, f.attname) for f in model._meta.concrete_fields}
    response = _edit(admin_client, row, {field: value})
    assert response.status_code == 200
    assert message in _errors(response)
    row.refresh_from_db()
    assert {f.attname: getattr(row, f.attname) for f in model._meta.concrete_fields} == stored
    assert _revision(mini_module) == before


def _add_datasheet_data(admin_client, mini_module, **changes: Any) -> dict[str, Any]:
    data = _form_data(admin_client.get(_url(m.Datasheet, "add")))
    data.update(
        {
            "module": mini_module.pk,
            "faction": _row(mini_module, m.Faction, key="millford").pk,
            "category": _row(mini_module, m.UnitCategory, key="core").pk,
            "key": "militia",
            "name": "Militia",
            "points": 10,
            "model_types-0-key": "militiaman",
            "model_types-0-name": "Militiaman",
            "model_types-0-min": 1,
            "model_types-0-stats": '{"movement": 6, "accuracy": 4, "strength": 4, "save": 4,'
            ' "initiative": 4, "courage": 4}',
            "model_types-0-weapons": '["spear"]',
            **changes,
        }
    )
    return data


def test_a_datasheet_is_added_with_its_models(admin_client, mini_module):
    before = _revision(mini_module)
    response = admin_client.post(
        _url(m.Datasheet, "add"), _add_datasheet_data(admin_client, mini_module)
    )
    assert response.status_code == 302, _errors(response)
    sheet = _row(mini_module, m.Datasheet, key="militia")
    assert [model.key for model in sheet.model_types.all()] == ["militiaman"]
    assert _revision(mini_module) == before + 1


def test_deleting_a_datasheets_last_model_is_refused(admin_client, mini_module):
    before = _revision(mini_module)
    sheet = _row(mini_module, m.Datasheet, key="captain")
    response = _edit(admin_client, sheet, {"model_types-0-DELETE": "on"})
    assert response.status_code == 200
    assert TOO_FEW_MODELS in _errors(response)
    assert sheet.model_types.exists()
    assert _revision(mini_module) == before


def test_a_category_of_another_module_is_refused(admin_client, mini_module):
    other = m.GameModule.objects.create(slug="other", name="Other", version="1", ruleset="grimdark")
    elite = m.UnitCategory.objects.create(module=other, key="elite", name="Elite")
    data = _add_datasheet_data(admin_client, mini_module, category=elite.pk)
    response = admin_client.post(_url(m.Datasheet, "add"), data)
    assert response.status_code == 200
    message = OTHER_MODULE.format(label="Category", obj=elite, other=other, module=mini_module)
    assert _errors(response) == [message]
    assert not m.Datasheet.objects.filter(key="militia").exists()


def test_a_faction_of_another_module_is_refused_for_a_weapon(admin_client, mini_module):
    other = m.GameModule.objects.create(slug="other", name="Other", version="1", ruleset="grimdark")
    stranger = m.Faction.objects.create(module=other, key="stranger", name="Stranger")
    data = _form_data(admin_client.get(_url(m.Weapon, "add")))
    data.update(
        module=mini_module.pk, faction=stranger.pk, key="club", name="Club", range='"melee"'
    )
    response = admin_client.post(_url(m.Weapon, "add"), data)
    message = OTHER_MODULE.format(label="Faction", obj=stranger, other=other, module=mini_module)
    assert message in _errors(response)


def test_an_add_model_option_on_a_model_is_refused(admin_client, mini_module):
    option = _row(mini_module, m.UnitOption, label="Veterans")
    model = _row(mini_module, m.DatasheetModel, key="spearman")
    response = _edit(admin_client, option, {"verb": "add_model", "model_type": model.pk})
    assert UNIT_OPTION_ONLY in _errors(response)


def test_deleting_through_the_admin_bumps_the_revision(admin_client, mini_module):
    before = _revision(mini_module)
    weapon = _row(mini_module, m.Weapon, key="sling")
    response = admin_client.post(_url(m.Weapon, "delete", weapon.pk), {"post": "yes"})
    assert response.status_code == 302
    assert not m.Weapon.objects.filter(pk=weapon.pk).exists()
    assert _revision(mini_module) == before + 1


def test_deleting_selected_rows_bumps_the_revision(admin_client, mini_module):
    before = _revision(mini_module)
    rules = m.SpecialRule.objects.filter(module=mini_module, key__in=["blast", "steady"])
    selected = list(rules.values_list("pk", flat=True))
    data = {"action": "delete_selected", "post": "yes", "_selected_action": selected}
    response = admin_client.post(_url(m.SpecialRule, "changelist"), data)
    assert response.status_code == 302
    assert not rules.exists()
    assert _revision(mini_module) == before + 1


def test_deleting_an_option_on_the_datasheet_page_bumps_the_revision(admin_client, mini_module):
    before = _revision(mini_module)
    sheet = _row(mini_module, m.Datasheet, key="spearmen")
    response = admin_client.get(_url(m.Datasheet, "change", sheet.pk))
    forms = next(
        i for i in response.context["inline_admin_formsets"] if i.formset.prefix == "options"
    )
    index = next(i for i, f in enumerate(forms.formset.forms) if f.instance.label == "Veterans")
    response = _edit(admin_client, sheet, {f"options-{index}-DELETE": "on"})
    assert response.status_code == 302, _errors(response)
    assert not sheet.options.filter(label="Veterans").exists()
    assert _revision(mini_module) == before + 1


def test_a_force_organization_slot_is_edited_on_its_page(admin_client, mini_module):
    before = _revision(mini_module)
    org = _row(mini_module, m.ForceOrganization, key="patrol")
    response = admin_client.get(_url(m.ForceOrganization, "change", org.pk))
    slots = response.context["inline_admin_formsets"][0].formset
    index = next(i for i, f in enumerate(slots.forms) if f.instance.category.key == "core")
    response = _edit(admin_client, org, {f"slots-{index}-max": "6"})
    assert response.status_code == 302, _errors(response)
    assert org.slots.get(category__key="core").max == 6
    assert _revision(mini_module) == before + 1


def test_a_slot_with_max_below_min_is_refused(admin_client, mini_module):
    org = _row(mini_module, m.ForceOrganization, key="patrol")
    response = admin_client.get(_url(m.ForceOrganization, "change", org.pk))
    slots = response.context["inline_admin_formsets"][0].formset
    index = next(i for i, f in enumerate(slots.forms) if f.instance.category.key == "core")
    response = _edit(admin_client, org, {f"slots-{index}-min": "5", f"slots-{index}-max": "2"})
    assert "max (2) is below min (5)" in _errors(response)
