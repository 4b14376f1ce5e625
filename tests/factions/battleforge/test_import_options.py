"""The Battle Forge importer's options, every verb, on the hand-written module
``fixtures/bfimport``: what each becomes and its price (BATTLEFORGE-FORMAT.md §3)."""

from __future__ import annotations

from factions.gamedata.battleforge.importer import ImportResult
from factions.gamedata.schemas import FactionSpec

from .imported import found, option, prices, sheet


# ----- options: every verb ----------------------------------------------------------------
def test_replace_weapon_offers_each_alternative_and_bundles_at_their_price(
    realm: ImportResult,
) -> None:
    captain = sheet(realm, "knights", "captain").models[0]
    swap = option(captain.options, "replace_weapon")
    assert [r.id for r in swap.replace] == ["sword"]
    # lance 5 + blast(2) 5 = 10, minus the sword's 4
    assert prices(swap) == [(["lance"], 6), (["hand_cannon", "sword"], 6)]


def test_a_multi_rule_with_rule_bundle_gets_its_intended_price(realm: ImportResult) -> None:
    captain = sheet(realm, "knights", "captain").models[0]
    swap = option(captain.options, "replace_rule")
    assert [r.shorthand for r in swap.replace] == ["tough(2)"]
    # tough(3) is 18 against tough(2)'s 12; the builder prices the bundle 0
    assert prices(swap) == [(["tough(3)"], 6), (["tough(3)", "fear"], 8)]


def test_add_rule_named_references_become_choice_labels(realm: ImportResult) -> None:
    captain = sheet(realm, "knights", "captain").models[0]
    add = option(captain.options, "add_rule")
    assert [(c.label, c.points) for c in add.choices] == [("Hedge wizard", 15), (None, 6)]
    assert add.limit == 1


def test_remove_rule_refunds_and_skips_rules_the_unit_does_not_have(
    realm: ImportResult,
) -> None:
    captain = sheet(realm, "knights", "captain").models[0]
    remove = option(captain.options, "remove_rule")
    assert prices(remove) == [(["oath"], -3)]
    assert found(realm, "removed_not_held") == ["units.captain.models[0].options[3].removeRule[1]"]


def test_replace_model_swaps_the_model_for_templates_at_the_intended_price(
    realm: ImportResult, knights: FactionSpec
) -> None:
    captain = sheet(realm, "knights", "captain").models[0]
    swap = option(captain.options, "replace_model")
    assert [r.id for r in swap.replace] == ["knight_captain"]
    assert swap.model_limit is not None and swap.model_limit.number == 1
    # a squire with the unit's leader_x is 17 against the captain's 45 (the builder: 55)
    assert prices(swap) == [(["squire"], -28), (["squire", "squire"], -11)]
    assert set(knights.model_templates) == {"squire", "warhorse"}
    assert knights.model_templates["warhorse"].stats["accuracy"] is None


def test_add_model_is_a_unit_option_priced_with_the_unit_rules(realm: ImportResult) -> None:
    men = sheet(realm, "knights", "men_at_arms")
    add = option(men.options, "add_model")
    # squire 7 + sturdy 4 = 11; warhorse 9 + 2.67 + mounted 3 + sturdy 4 = 18
    assert prices(add) == [(["squire"], 11), (["squire", "warhorse"], 29)]
    assert add.model_limit is not None and add.model_limit.number == 2


def test_unit_level_options_are_priced_as_an_average_over_the_models(
    realm: ImportResult,
) -> None:
    men = sheet(realm, "knights", "men_at_arms")
    assert prices(option(men.options, "replace_weapon")) == [(["lance"], 4)]
    assert prices(option(men.options, "remove_rule")) == [(["sturdy"], -4)]
    champion, banner = [o for o in men.options if o.verb == "add_rule" and not o.added_model]
    assert (prices(champion), champion.model_limit.kind) == ([(["champion"], 5)], "count")
    # paid for every model of the unit
    assert (prices(banner), banner.per_model) == ([(["banner"], 5)], True)


def test_a_model_limit_all_option_is_priced_per_model(realm: ImportResult) -> None:
    man = sheet(realm, "knights", "men_at_arms").models[1]
    swap = option(man.options, "replace_weapon")
    assert swap.per_model
    assert prices(swap) == [(["crossbow"], 1)]  # crossbow 4 - bow 3, per model


def test_add_weapon_keeps_model_limit_focuses_and_prices_each_alternative(
    realm: ImportResult,
) -> None:
    man = sheet(realm, "knights", "men_at_arms").models[1]
    add = option(man.options, "add_weapon")
    assert add.model_limit is not None and (add.model_limit.number, add.model_limit.per) == (1, 4)
    assert add.focuses == ("zeal",)
    # the sling's range is under "short:", so the builder prices it 0
    assert prices(add) == [(["net_launcher"], 1), (["sling"], 0)]


def test_modifiers_forgebuilder_cannot_express_are_dropped_and_reported(
    realm: ImportResult,
) -> None:
    add = option(sheet(realm, "knights", "watchmen").options, "add_weapon")
    assert (add.model_limit, add.limit) == (None, None)
    assert set(found(realm, "option_value_unsupported")) == {
        "units.watchmen.options[0].modelLimit",
        "units.watchmen.options[0].limit",
    }


def test_a_unit_option_averaged_over_no_model_is_imported_at_0_and_reported(
    realm: ImportResult,
) -> None:
    # the wagon cannot fight ("-"), so the builder's average for a unit-wide bow is NaN
    add = option(sheet(realm, "knights", "war_wagon").options, "add_weapon")
    assert prices(add) == [(["bow"], 0)]
    assert found(realm, "price_not_computable") == ["units.war_wagon.options[0].addWeapon[0]"]


def test_options_of_an_added_model_become_unit_options_on_that_model(realm: ImportResult) -> None:
    # the warhorse an addModel bundle brings may take Fear (2), as in the builder
    men = sheet(realm, "knights", "men_at_arms")
    (fear,) = [o for o in men.options if o.added_model]
    assert (fear.verb, fear.added_model, prices(fear)) == ("add_rule", "warhorse", [(["fear"], 2)])
    assert found(realm, "template_options_dropped") == []


def test_replacing_what_the_model_does_not_carry_becomes_an_add_option(
    realm: ImportResult,
) -> None:
    wagon = sheet(realm, "knights", "war_wagon").models[0]
    assert [o.verb for o in wagon.options] == ["add_weapon", "replace_rule"]
    assert found(realm, "replaced_not_carried") == [
        "units.war_wagon.models[0].options[0].replaceWeapon"
    ]
