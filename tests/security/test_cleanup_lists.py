"""`manage.py cleanup_lists`: expired sessions go, and anonymous lists no session owns go after
the retention period; lists of accounts and of live sessions stay (issue 14, defect 6)."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from forgebuilder.lists.models import ArmyList
from forgebuilder.lists.ownership import SESSION_KEY


def _list(mini_module, *, token="", owner=None, age_days=0):
    army_list = ArmyList.objects.create(
        owner=owner, owner_token=token, module=mini_module, name="x", document={}
    )
    ArmyList.objects.filter(pk=army_list.pk).update(
        updated_at=timezone.now() - timedelta(days=age_days)
    )
    return army_list


def _session(token, *, expired=False):
    store = SessionStore()
    store[SESSION_KEY] = token
    store.create()
    if expired:
        Session.objects.filter(pk=store.session_key).update(
            expire_date=timezone.now() - timedelta(days=1)
        )


@pytest.fixture
def lists(mini_module, django_user_model, settings):
    settings.ANONYMOUS_LIST_RETENTION_DAYS = 30
    _session("live-token")
    _session("gone-token", expired=True)
    user = django_user_model.objects.create_user("ada", "ada@example.com", "pw-long-enough-1")
    return {
        "orphan, old": _list(mini_module, token="gone-token", age_days=31),
        "orphan, recent": _list(mini_module, token="gone-token", age_days=5),
        "live session, old": _list(mini_module, token="live-token", age_days=400),
        "account, old": _list(mini_module, owner=user, age_days=400),
    }


def test_cleanup_removes_expired_sessions_and_old_orphaned_lists_only(lists):
    out = StringIO()

    call_command("cleanup_lists", stdout=out)

    kept = set(ArmyList.objects.values_list("pk", flat=True))
    assert kept == {lists[k].pk for k in ("orphan, recent", "live session, old", "account, old")}
    assert Session.objects.count() == 1
    assert (
        "Deleted 1 expired session(s), 1 orphaned list(s), 0 orphaned foreign rosters."
        in out.getvalue()
    )


def test_a_dry_run_counts_and_deletes_nothing(lists):
    out = StringIO()

    call_command("cleanup_lists", "--dry-run", stdout=out)

    assert ArmyList.objects.count() == 4
    assert Session.objects.count() == 2
    assert (
        "Would delete 1 expired session(s), 1 orphaned list(s), 0 orphaned foreign rosters."
        in out.getvalue()
    )


def _roster(*, token="", owner=None, age_days=0):
    from forgebuilder.rosters.models import ForeignRoster

    roster = ForeignRoster.objects.create(
        owner=owner,
        owner_token=token,
        name="r",
        builder="BattleScribe",
        game_system="g",
        content={},
    )
    ForeignRoster.objects.filter(pk=roster.pk).update(
        created_at=timezone.now() - timedelta(days=age_days)
    )
    return roster


def test_a_visitors_foreign_rosters_are_cleaned_with_their_lists(lists, django_user_model):
    """Kept through the same session token: gone once no session holds it and past the
    retention period; an account's, a live session's and a recent one stay."""
    from forgebuilder.rosters.models import ForeignRoster

    user = django_user_model.objects.get(username="ada")
    rosters = {
        "orphan, old": _roster(token="gone-token", age_days=31),
        "orphan, recent": _roster(token="gone-token", age_days=5),
        "live session, old": _roster(token="live-token", age_days=400),
        "account, old": _roster(owner=user, age_days=400),
    }
    out = StringIO()

    call_command("cleanup_lists", stdout=out)

    kept = set(ForeignRoster.objects.values_list("pk", flat=True))
    assert kept == {rosters[k].pk for k in ("orphan, recent", "live session, old", "account, old")}
    assert "1 orphaned list(s), 1 orphaned foreign rosters." in out.getvalue()


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the index plan is PostgreSQL's (production)"
)
@pytest.mark.django_db
def test_the_daily_question_is_answered_from_its_partial_index(mini_module, django_user_model):
    """At 100,000 lists a full scan took 569 ms: the visitors' lists nobody changed lately are
    found through the partial index of visitors' lists by their last change
    (`armylist_visitors_by_change`). Asked of a table shaped as production's (mostly accounts'
    lists and recent visitors' lists, a few old ones) with its statistics gathered, and the
    planner told not to scan the table, as it would not at 100,000 rows: on an empty table
    without statistics any index looks as cheap as another."""
    user = django_user_model.objects.create_user("ada", "ada@example.com", "pw-long-enough-1")
    ArmyList.objects.bulk_create(
        ArmyList(
            owner=user if n % 3 else None,
            owner_token="" if n % 3 else f"token-{n % 97}",
            module=mini_module,
            name=f"list {n}",
            document={},
        )
        for n in range(3000)
    )
    cutoff = timezone.now() - timedelta(days=30)
    with connection.cursor() as cursor:
        # one visitors' list in 50 was last changed before the cutoff; every other one is recent
        cursor.execute(
            "UPDATE armylists_armylist SET updated_at = %s - (id %% 50 = 0)::int * interval '9 days'",
            [cutoff + timedelta(days=5)],
        )
        cursor.execute("ANALYZE armylists_armylist")
    question = ArmyList.objects.filter(owner__isnull=True, updated_at__lt=cutoff).exclude(
        owner_token=""
    )
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        plan = question.explain()

    assert "Seq Scan" not in plan, plan
    assert "armylist_visitors_by_change" in plan, plan
