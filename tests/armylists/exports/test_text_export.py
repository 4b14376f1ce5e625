"""The list as plain text for chat apps and forums."""

from __future__ import annotations

from forgebuilder.lists.exports import list_text


def test_text_export_sums_up_the_list_in_short_lines(ember_source):
    lines = list_text(ember_source).splitlines()
    assert lines[:5] == [
        "Emberstone Oath [345/350 pts]",
        "Ember Reach (Battle Forge) · The Cinderhold, focus: Anvil Guard",
        "Advantage points: 1 · Strategy points per round: 8 · Strategy points spent on force "
        "organizations: 1 · Strategy points left: 7 · Strategy points in round 1: 7 · "
        "Legends: 1/3",
        "NOT LEGAL: 1 problem",
        "  ! Only the Deepdelver Lodge focus may take Tunnel Sappers.",
    ]
    assert lines[5:] == [
        "",
        "== Muster (0 SP) · The Cinderhold, focus: Anvil Guard · 266 pts ==",  # its own focus
        "1. Thane Brokka Emberhand (Forge-Thane): Great Forge Hammer, Oathshield · 50 pts",
        "2. Runewright: Caster(2), Legend: The Anvil of First Fire, Powers: Embercraft · 45 pts",
        "3. Hearthguard ×7: Oathshield, Oathbanner Bearer · 49 pts",  # the bearer is a model too,
        "4. Firelock Company ×6: Volley Gun · 47 pts",
        "5. Anvil Veterans ×5 · 45 pts",
        "6. Tunnel Sappers ×5 · 30 pts",
        "",
        "== Allied Contingent (1 SP) · Mirewind Kith, allied · 69 pts ==",
        "7. Reedbow Skirmishers ×5: Stealth · 34 pts",
        "8. Marsh Warden · 35 pts",
        "",
        "Legend: The Anvil of First Fire (on Runewright) · 10 pts",
    ]


def test_a_legal_list_says_so(river_list):
    from forgebuilder.lists.exports import source_from_evaluated
    from forgebuilder.lists.selectors import evaluated_list

    text = list_text(source_from_evaluated(evaluated_list(army_list=river_list)))
    assert text.splitlines()[:4] == [
        "River Patrol [55/150 pts]",
        "Mini Vale (Battle Forge) · Millford",
        "Advantage points: 19 · Strategy points per round: 4 · Strategy points spent on force "
        "organizations: 0 · Strategy points left: 4 · Strategy points in round 1: 4 · "
        "Legends: 0/1",
        "Legal",
    ]
    assert "1. Captain · 30 pts\n2. Spearmen ×5 · 25 pts\n" in text


def test_the_full_text_lists_each_units_models_weapons_and_rules_under_its_line(ember_source):
    compact = list_text(ember_source).splitlines()
    full = list_text(ember_source, full=True).splitlines()

    assert [line for line in full if not line.startswith("   •")] == compact
    at = full.index("3. Hearthguard ×7: Oathshield, Oathbanner Bearer · 49 pts")
    details = []
    for line in full[at + 1 :]:
        if not line.startswith("   •"):
            break
        details.append(line)
    assert details[0].startswith("   • ") and "× " in details[0]
    assert sum(int(d.split("× ")[0].removeprefix("   • ")) for d in details[:-1]) == 7
    assert details[-1].startswith("   • Rules: ")
