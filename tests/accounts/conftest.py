"""Fixtures of the account tests."""

from __future__ import annotations

import pytest

PASSWORD = "a-long-enough-passphrase-7"


@pytest.fixture
def ada(django_user_model):
    """A player with an account."""
    return django_user_model.objects.create_user("ada", "ada@example.com", PASSWORD)
