"""Reads of campaigns: what a member may see (everything in their campaigns, nothing else)."""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.shortcuts import get_object_or_404
from django.urls import reverse

from factions.cards import choice_label, option_line, price_text
from forgebuilder.engine.api import ListDocument
from forgebuilder.lists.api import ArmyList, evaluated_document, evaluated_list

from . import history, levelling, steps
from .corrections import correctable
from .data_version import army_catalog, campaign_catalog
from .models import Campaign, CampaignPlayer, Mission
from .steps import state
from .unit_rows import army_units


def campaigns_for(user) -> QuerySet[Campaign]:
    return Campaign.objects.filter(Q(organiser=user) | Q(players__user=user)).distinct()


def campaign_for_member(user, pk: int) -> Campaign:
    """The campaign if `user` organises it or plays in it; 404 otherwise."""
    return get_object_or_404(campaigns_for(user).select_related("module"), pk=pk)


def own_player(user, campaign: Campaign, player_id: int) -> CampaignPlayer:
    """The user's own seat: another player's army is 404 for writes."""
    return get_object_or_404(CampaignPlayer, pk=player_id, campaign=campaign, user=user)


def lists_to_bring(user, campaign: Campaign) -> list[ArmyList]:
    """The user's lists of the campaign's game that are not a campaign army already."""
    return list(
        ArmyList.objects.kept()
        .filter(owner=user, module=campaign.module, campaign_seat__isnull=True)
        .select_related("module")
        .order_by("-updated_at")
    )


def standings(campaign: Campaign) -> list[dict]:
    players = campaign.players.select_related("user", "army")
    rows = [
        {
            "player": p,
            "name": p.name,
            "vp": p.victory_points,
            "missions": p.missions,
            "value": p.army.points,
            "bank": p.bank,
            "army": p.army.name,
        }
        for p in players
    ]
    return sorted(rows, key=lambda r: (-r["vp"], -r["value"], r["name"]))


def underdog_points_for(army_list_id: int) -> int:
    """The underdog points of the campaign mission the list is set up to play (not yet
    reported), 0 when it plays none: the token sheet prints that many underdog tokens."""
    player = CampaignPlayer.objects.filter(army_id=army_list_id).only("pk").first()
    if player is None:
        return 0
    mission = (
        Mission.objects.filter(status=Mission.SET_UP, players=player).order_by("-number").first()
    )
    return int(mission.underdog.get(str(player.pk), 0)) if mission else 0


def level_up_choices(player: CampaignPlayer, unit_id: str, die) -> list[tuple[str, str]]:
    """What the player picks from on this level-up's dice (see levelling.level_up_choices)."""
    army = ArmyList.objects.select_related("module").get(pk=player.army_id)
    catalog = army_catalog(army)
    document = ListDocument.model_validate(army.document)
    spec = catalog.spec.campaign
    if spec is None:
        return []
    return levelling.level_up_choices(document, unit_id, spec=spec, catalog=catalog, die=die)


def choice_details(campaign: Campaign, choices: list[tuple[str, str]]) -> list[dict]:
    """Each level-up choice with what it holds, shown before the player picks: a skill set's
    traits with their effects, or a trait's effect."""
    spec = campaign_catalog(campaign).spec.campaign
    out = []
    for key, name in choices:
        skill_set = spec.skill_sets.get(key) if spec else None
        if skill_set is not None:
            traits = [
                f"{e.name} ({e.effect.rstrip('.')})" for e in skill_set.traits.entries.values()
            ]
            detail = "traits: " + "; ".join(traits)
        else:
            entry = spec.traits.entries.get(key.partition("/")[0]) if spec else None
            detail = entry.effect if entry else ""
        out.append({"key": key, "name": name, "detail": detail})
    return out


def upgrade_offers(player: CampaignPlayer) -> list[dict]:
    """Each living unit with the upgrades it may buy (numbered, as the upgrade page's picks
    name them) and those it has, with what each sells for."""
    army = ArmyList.objects.select_related("module").get(pk=player.army_id)
    evaluated = evaluated_list(army_list=army)
    catalog, document = evaluated.catalog, evaluated.document
    points, factions = evaluated.report.unit_points, evaluated.report.unit_factions
    out = []
    for unit in document.units:
        if state(unit).status != "active":
            continue
        faction = factions.get(unit.id, document.faction)
        sheet = catalog.datasheet(faction, unit.datasheet)
        if sheet is None:
            continue
        out.append(
            {
                "id": unit.id,
                "name": steps.numbered(document, unit, catalog),
                "points": points.get(unit.id, 0),
                "offers": _offers(catalog, faction, sheet, unit),
                "taken": _taken(evaluated, faction, sheet, unit),
            }
        )
    return out


def _offers(catalog, faction: str, sheet, unit) -> list[dict]:
    """The upgrades the unit may buy, in order, each named by a pick that stays the same when
    other upgrades are bought (its option and choice: ids hold no whitespace), so a page left
    open in another tab still buys what it shows."""
    bought = {(c.option, c.choice) for c in unit.options}
    offers: list[dict] = []
    for model, option in sheet.all_options():
        text = option_line(catalog, faction, model, option).text
        if model is not None and len(sheet.models) > 1:
            text = f"{model.name}: {text}"
        for choice in option.choices:
            if (option.id or "", choice.id or "") in bought:
                continue  # bought already: it shows with the taken ones, to sell
            offers.append(
                {
                    "pick": f"{option.id or ''} {choice.id or ''}",
                    "option": option.id or "",
                    "choice": choice.id or "",
                    "group": text,
                    "label": choice_label(catalog, faction, option, choice),
                    "price": price_text(option, choice),
                }
            )
    return offers


def _taken(evaluated, faction: str, sheet, unit) -> list[dict]:
    """The upgrades the unit has, each with what it is worth (the unit's points without it)
    and what it sells for."""
    catalog, document = evaluated.catalog, evaluated.document
    spec = catalog.spec.campaign
    points = evaluated.report.unit_points.get(unit.id, 0)
    taken = []
    for item in unit.options:
        without = document.model_copy(deep=True)
        without, _ = steps.sell_upgrade(without, unit.id, option=item.option, cost=0, spec=spec)
        _, after = evaluated_document(document=without, catalog=catalog)
        worth = points - after.unit_points.get(unit.id, 0)
        taken.append(
            {
                "option": item.option,
                "label": _upgrade_label(catalog, faction, sheet, item),
                "count": item.count,
                "worth": worth,
                "sale": spec.sale_price(worth) if spec else 0,
            }
        )
    return taken


def _upgrade_label(catalog, faction: str, sheet, item) -> str:
    """An upgrade as the card words it ("Upgrade with: Banner"), else its option's key."""
    found = sheet.option(item.option)
    if found is None:
        return item.option
    picked = next((c for c in found[1].choices if c.id == item.choice), None)
    if picked is None:
        return item.option
    what = option_line(catalog, faction, found[0], found[1]).text
    return f"{what} {choice_label(catalog, faction, found[1], picked)}"


def upgrade_pick(player: CampaignPlayer, unit_id: str, pick: str) -> tuple[str, str] | None:
    """The (option, choice) the upgrade page's `pick` for unit `unit_id` names, or None when the
    unit is not offered it (any more)."""
    for unit in upgrade_offers(player):
        if unit["id"] == unit_id:
            for offer in unit["offers"]:
                if offer["pick"] == pick:
                    return offer["option"], offer["choice"]
    return None


def army_differences(player: CampaignPlayer) -> list[str]:
    """How the stored army differs from its history replayed ([]: it is its history).

    Raises history.CannotReplay for a history kept before events carried their facts.
    """
    player = CampaignPlayer.objects.select_related("user").get(pk=player.pk)  # as stored now
    army = ArmyList.objects.select_related("module").get(pk=player.army_id)
    catalog = army_catalog(army)
    spec = catalog.spec.campaign
    if spec is None:
        raise history.CannotReplay(f"{army.module.name} has no campaign tables.")
    replayed = history.replay(player, spec=spec, catalog=catalog)
    who = f"{player.name} ({army.name})"
    out = [
        f"{who}: {event.kind} #{event.pk} no longer applies: {why}"
        for event, why in replayed.failed
    ]
    stored = ListDocument.model_validate(army.document)
    if history.campaign_view(stored) != history.campaign_view(replayed.army.document):
        out.append(f"{who}: the units differ from the history (changed outside the campaign).")
    for what, have, want in (
        ("bank", player.bank, replayed.army.bank),
        ("VP", player.victory_points, replayed.army.vp),
        ("missions", player.missions, replayed.army.missions),
    ):
        if have != want:
            out.append(f"{who}: {what} is {have}; the history gives {want}.")
    return out


def correction_offer(campaign: Campaign, user) -> dict | None:
    """The last report `user` may correct now, and what they may do; None if none.

    `record`: they record a correction alone (the organiser); else they propose one, and the
    other player confirms it. `proposal`: the correction waiting to be confirmed (its
    `values`, `reason`, `by`), `review`: `user` is the one to confirm or decline it. `action`:
    the void button's words (the organiser voids alone, a player asks, the other agrees)."""
    last = campaign.missions.filter(status=Mission.REPORTED).order_by("-number").first()
    if last is None or campaign.closed or correctable(last):
        return None
    players = list(last.players.select_related("user"))
    organiser = campaign.organiser_id == user.pk
    if not organiser and all(p.user_id != user.pk for p in players):
        return None
    proposer = last.proposed_by if last.proposal else None
    return {
        "mission": last,
        "asked": last.void_asked_by,
        "action": _void_action(last, user, organiser),
        "record": organiser,
        "proposal": {**last.proposal, "by": proposer} if last.proposal else None,
        "review": bool(last.proposal) and (proposer is None or proposer.pk != user.pk),
    }


def _void_action(mission: Mission, user, organiser: bool) -> str:
    asked = mission.void_asked_by
    if organiser:
        return f"Void the report of mission {mission.number}"
    if asked is None:
        return f"Ask to void the report of mission {mission.number}"
    if asked.pk == user.pk:
        return ""  # asked already: waiting for the other player
    return f"Agree with {asked}: void the report of mission {mission.number}"


def mission_briefing(campaign: Campaign, mission: Mission) -> dict:
    """The set-up mission as the table needs it: objective, each side's value and size gap to
    the largest army, and underdog points."""
    spec = campaign_catalog(campaign).spec.campaign
    entry = spec.objectives.entries.get(mission.objective) if spec else None
    sides = []
    players = list(mission.players.select_related("user", "army"))
    largest = max((p.army.points for p in players), default=0)
    for p in players:
        sides.append(
            {
                "name": p.name,
                "value": p.army.points,
                "gap": largest - p.army.points,
                "underdog": int(mission.underdog.get(str(p.pk), 0)),
            }
        )
    return {
        "mission": mission,
        "objective": entry.name if entry else mission.objective,
        "effect": entry.effect if entry else "",
        "sides": sides,
        "players": players,
    }


def next_step(campaign: Campaign, user) -> tuple[str, str] | None:
    """What `user` does next in the campaign, in words, with the page (or the place on the
    campaign's page) that does it; "" when there is nothing to click (waiting for others)."""
    if campaign.closed:
        return None
    offer = correction_offer(campaign, user)
    if offer is not None and offer["review"]:
        number = offer["mission"].number
        who = offer["proposal"]["by"] or "A former player"
        url = reverse("campaigns:correct", args=[campaign.pk, number])
        return f"Confirm or decline {who}'s correction of mission {number}", url
    me = campaign.players.filter(user=user, left_at__isnull=True).select_related("army").first()
    pending = campaign.missions.filter(status=Mission.SET_UP).order_by("number")
    mine = pending.filter(players=me).first() if me else None
    if mine is not None:
        others = ", ".join(p.name for p in mine.players.exclude(pk=me.pk))
        url = reverse("campaigns:report", args=[campaign.pk, mine.number])
        return f"Play and report mission {mine.number} with {others}", url
    if me is not None:
        army_url = reverse("campaigns:army", args=[campaign.pk, me.pk])
        ready = [u["name"] for u in army_units(me) if u["can_level"]]
        if ready:
            return f"Level up {ready[0]}", army_url
        if me.bank > 0:
            upgrades = reverse("campaigns:upgrades", args=[campaign.pk, me.pk])
            return f"Spend {me.bank} pts on upgrades or recruits, or keep them", upgrades
    if campaign.organiser_id == user.pk:
        return _organisers_step(campaign, pending.first())
    return _players_wait(campaign, pending.first()) if me is not None else None


def _organisers_step(campaign: Campaign, pending: Mission | None) -> tuple[str, str]:
    """Set up the next mission, or what it waits for: each links to its place on the page."""
    page = reverse("campaigns:detail", args=[campaign.pk])
    awaited = mission_awaits(campaign, pending)
    if pending is not None:
        return awaited, f"{page}#mission-{pending.number}"
    if awaited:
        return awaited, f"{page}#invite"
    return f"Set up mission {campaign.missions_played + 1}", f"{page}#mission-setup"


def _players_wait(campaign: Campaign, pending: Mission | None) -> tuple[str, str]:
    """What a player with nothing to do waits for (nothing to click)."""
    if pending is not None:
        return mission_awaits(campaign, pending), ""
    if mission_awaits(campaign):
        return "Wait for another player to join", ""
    return "Wait for the organiser to set up the next mission", ""


def mission_awaits(campaign: Campaign, pending: Mission | None = None) -> str:
    """What the next mission waits for, in words ("": it can be set up now): the report of the
    mission set up (one at a time: missions are numbered in order), or a second player."""
    if pending is None:
        pending = campaign.missions.filter(status=Mission.SET_UP).order_by("number").first()
    if pending is not None:
        names = " and ".join(p.name for p in pending.players.select_related("user"))
        return f"Wait for {names} to report mission {pending.number}"
    active = campaign.players.filter(left_at__isnull=True).count()
    if active >= 2:
        return ""
    return f"Invite {'one more player' if active else 'players'} (a mission needs two)"
