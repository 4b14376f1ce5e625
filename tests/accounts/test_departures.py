"""Account deletion asks the departures registry (forgebuilder/departures.py) and names no
app: an app that registers a departure is previewed on the account page and in the admin, and
applied inside the deletion's transaction, in the registry's fixed order."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from forgebuilder.accounts.deletion import account_delete, account_deletion_preview
from forgebuilder.departures import DepartureRegistry, departures

from .conftest import PASSWORD


@dataclass(frozen=True)
class Said:
    words: tuple[str, ...]

    def lines(self) -> list[str]:
        return [f"keeps your {w} on the notice board;" for w in self.words]

    def admin_lines(self) -> list[str]:
        return [f"notice kept: {w}" for w in self.words]


@dataclass
class NoticeBoard:
    """A wing that did not exist when accounts/ was written."""

    key: str = "notices"
    lock_order: int = 15
    calls: list[str] = field(default_factory=list)

    def preview(self, *, user) -> Said:
        return Said(("lost dice", "odd 999-point list"))

    def apply(self, *, user) -> Said:
        # inside the deletion: the account is still there, and locked
        still = get_user_model().objects.filter(pk=user.pk).exists()
        self.calls.append(f"{self.key} applied, account {'there' if still else 'gone'}")
        return self.preview(user=user)

    def nothing(self) -> Said:
        return Said(())


@pytest.fixture
def notice_board():
    board = NoticeBoard()
    departures.register(board)
    yield board
    departures.unregister(board.key)


def test_the_campaigns_and_events_register_their_departures_in_lock_order():
    assert departures.keys() == ["campaigns", "events"]


def test_a_registered_wing_is_on_the_account_page_and_in_the_admin(client, ada, notice_board):
    client.force_login(ada)

    page = client.get(reverse("accounts:account")).text

    assert "<li>keeps your lost dice on the notice board;</li>" in page
    assert "<li>keeps your odd 999-point list on the notice board;</li>" in page
    assert account_deletion_preview(user=ada).notices == Said(("lost dice", "odd 999-point list"))
    admin = get_user_model().objects.create_superuser("root", "r@example.com", PASSWORD)
    client.force_login(admin)
    confirm = client.get(reverse("admin:auth_user_delete", args=[ada.pk])).text
    assert "notice kept: lost dice" in confirm


def test_a_registered_wing_is_applied_before_the_account_goes(ada, notice_board):
    done = account_delete(user=ada)

    assert notice_board.calls == ["notices applied, account there"]
    assert [key for key, _ in done.leaving] == ["campaigns", "notices", "events"]
    assert not get_user_model().objects.filter(pk=ada.pk).exists()


def test_a_failing_wing_deletes_nothing(ada, notice_board, monkeypatch):
    def broken(*, user):
        raise RuntimeError("the notice board is on fire")

    monkeypatch.setattr(notice_board, "apply", broken)

    with pytest.raises(RuntimeError):
        account_delete(user=ada)

    assert get_user_model().objects.filter(pk=ada.pk).exists()


def test_an_unknown_key_is_no_attribute(ada, db):
    with pytest.raises(AttributeError):
        _ = account_deletion_preview(user=ada).guilds


def test_two_apps_under_one_key_are_refused():
    registry = DepartureRegistry()
    registry.register(NoticeBoard())
    registry.register(NoticeBoard(lock_order=1))  # the same app again (ready() run twice)

    @dataclass
    class Other(NoticeBoard):
        pass

    with pytest.raises(ValueError, match="Two departures under the key 'notices'"):
        registry.register(Other())
    assert [d.lock_order for d in registry] == [1]
