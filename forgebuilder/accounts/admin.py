"""The admin's users: deleting one does what the player's own deletion does (deletion.py)."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin

from .deletion import account_delete, account_deletion_preview

User = get_user_model()


def _effects(user) -> list[str]:
    """What the confirmation page lists for one account, from the same preview as its page."""
    deletion = account_deletion_preview(user=user)
    effects = [
        f"{deletion.lists} list(s) deleted, {deletion.share_links} share link(s) revoked",
        "every session ended",
    ]
    effects += deletion.admin_lines()  # what each app keeps, hands on or deletes
    return effects


class AccountAdmin(UserAdmin):
    def get_deleted_objects(self, objs, request):
        # Django's collector would stop at a campaign army (protected): the account's own
        # deletion keeps it in the campaign's history instead, and says so here.
        deleted = [[f"Account {user.get_username()}", _effects(user)] for user in objs]
        return deleted, {"accounts": len(objs)}, set(), []

    def delete_model(self, request, obj) -> None:
        account_delete(user=obj)

    def delete_queryset(self, request, queryset) -> None:
        for user in queryset:
            account_delete(user=user)


admin.site.unregister(User)
admin.site.register(User, AccountAdmin)
