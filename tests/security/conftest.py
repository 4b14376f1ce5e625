"""Fixtures of the security tests, borrowed from the account and list view tests."""

from __future__ import annotations

from tests.accounts.conftest import ada  # noqa: F401
from tests.armylists.conftest import mini_list  # noqa: F401
from tests.armylists.views.conftest import (  # noqa: F401
    army_list,
    make_list,
    owner,
)
from tests.campaigns.conftest import ashen, game, users  # noqa: F401
