"""Telling players their table when a round is paired: an e-mail to each player who asked
("E-mail me my table"), and a Web Push to each device that asked ("Tell me when I am paired",
pushes.py, sent side by side), sent by the task worker after the pairing is committed, never
twice for a round (`Round.notified_at`, set in the same transaction that reads who to tell).

"Round 2 of Ember Cup: table 4 against eli", with the event's link; a bye says so."""

from __future__ import annotations

import logging
import smtplib

from django.conf import settings
from django.core.mail import send_mass_mail
from django.db import transaction
from django.tasks import task
from django.urls import reverse
from django.utils import timezone

from . import pushes
from .models import Game, Round

log = logging.getLogger(__name__)


def round_notices(round_: Round, base_url: str) -> list[tuple[str, str, str, list[str]]]:
    """(subject, body, from, [to]) of every e-mail the round's pairing sends."""
    event = round_.event
    link = base_url.rstrip("/") + reverse("events:detail", args=[event.public_id])
    games = round_.games.select_related("first__player", "second__player")
    mails = []
    for game in games:
        for me, them in ((game.first, game.second), (game.second, game.first)):
            if me is None or not me.notify or me.player is None or not me.player.email:
                continue
            where = _where(game, them)
            subject = f"Round {round_.number} of {event.name}: {where}"
            body = (
                f"Round {round_.number} of {event.name} is paired: {where}.\n\n"
                f"Your table, your opponent and the result form: {link}\n\n"
                "You get this because you asked for your table by e-mail on the event's page; "
                "untick it there to stop."
            )
            mails.append((subject, body, settings.DEFAULT_FROM_EMAIL, [me.player.email]))
    return mails


def _where(game: Game, them) -> str:
    if them is None:
        return "you have the bye"
    return f"table {game.table} against {them.name}"


@task
def notify_round(*, round_id: int, base_url: str) -> int:
    """Send the round's e-mails and pushes once; returns how many were sent (0 when already
    sent)."""
    with transaction.atomic():
        round_ = (
            Round.objects.select_for_update(of=("self",)).select_related("event").get(pk=round_id)
        )
        if round_.notified_at is not None:
            return 0
        mails = round_notices(round_, base_url)
        pushed = pushes.round_pushes(round_, _where)
        round_.notified_at = timezone.now()
        round_.save(update_fields=["notified_at"])
    # sent after the mark is committed: a worker killed while sending sends none twice (a
    # mail server that fails loses this round's e-mails, logged; the page still shows the table)
    return _mailed(mails, round_id) + pushes.deliver(pushed)


def _mailed(mails: list[tuple[str, str, str, list[str]]], round_id: int) -> int:
    if not mails:
        return 0
    try:
        return send_mass_mail(mails)
    except (OSError, smtplib.SMTPException):
        log.exception("Round %s's table e-mails could not be sent", round_id)
        return 0


@task
def notify_result(*, game_id: int) -> int:
    """Push a result to the opponent's devices while it waits for their confirmation (one
    confirmed or withdrawn since is not pushed); how many pushes were taken."""
    game = (
        Game.objects.select_related("round__event", "first__player", "second__player")
        .select_related("reported_by")
        .filter(pk=game_id, status=Game.REPORTED)
        .first()
    )
    return pushes.deliver(pushes.result_pushes(game)) if game is not None else 0
