"""The Django admin for game data: every table of a game module, checked like a module file.

Forms (`factions.admin_forms`) validate JSON columns with the module schema and the module's
ruleset. Every save or delete bumps the module's revision: the module then has a draft, which
players do not see until an admin reviews and publishes it (factions/drafts.py; the module's
"Review and publish" page, `publish_view`).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db import models
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from factions import admin_forms as f
from factions import models as m
from factions.drafts import draft_begin, draft_discard, draft_publish, draft_review
from factions.services import game_module_touch
from forgebuilder.refused import Refused

JSON_WIDGET = {models.JSONField: {"widget": forms.Textarea(attrs={"rows": 2, "cols": 70})}}
FACTION_FILTER = ("faction", admin.RelatedOnlyFieldListFilter)


def module_id_of(obj: models.Model, path: str) -> int | None:
    """The id of the module `obj` belongs to, following `path` (`datasheet__module`)."""
    if not path:
        return obj.pk
    *hops, last = path.split("__")
    for hop in hops:
        obj = getattr(obj, hop)
    return getattr(obj, f"{last}_id")


class GameDataAdmin(admin.ModelAdmin):
    """Bumps the module's revision after every save (inlines included) and delete."""

    module_path = "module"  # lookup from a row to its module; "" for the module itself
    # A row stays where it was created; moving it would leave its related rows behind.
    fixed_on_change: tuple[str, ...] = ("module",)
    formfield_overrides = JSON_WIDGET
    list_per_page = 100

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        fixed = self.fixed_on_change if obj is not None else ()
        return (*super().get_readonly_fields(request, obj), *fixed)

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        draft_begin(module_id_of(obj, self.module_path))
        super().save_model(request, obj, form, change)

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        self._touch(request, module_id_of(form.instance, self.module_path))

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        module_id = module_id_of(obj, self.module_path)
        draft_begin(module_id)
        super().delete_model(request, obj)
        self._touch(request, module_id)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet) -> None:
        module_ids = set(queryset.values_list(self.module_path or "pk", flat=True))
        for module_id in module_ids:
            draft_begin(module_id)
        super().delete_queryset(request, queryset)
        for module_id in module_ids:
            self._touch(request, module_id)

    def _touch(self, request: HttpRequest, module_id: int | None) -> None:
        if module_id is None:
            return
        game_module_touch(module_id=module_id)
        module = m.GameModule.objects.get(pk=module_id)
        if module.has_draft:
            url = reverse("admin:factions_gamemodule_publish", args=[module_id])
            said = format_html(
                "Saved in the draft of {}: players see it once it is published. "
                '<a href="{}">Review and publish</a>',
                module.name,
                url,
            )
            self.message_user(request, said, messages.INFO)


class ModuleScopedAdmin(GameDataAdmin):
    # Typed as tuples of any length: each admin below sets its own columns.
    list_display: tuple[str, ...] = ("name", "key", "module")
    list_filter: tuple[str | tuple[str, Any], ...] = ("module",)
    list_select_related: tuple[str, ...] = ("module",)
    search_fields: tuple[str, ...] = ("name", "key")
    ordering: tuple[str, ...] = ("module", "order", "pk")


class FactionScopedAdmin(ModuleScopedAdmin):
    """Rows defined for the whole module (no faction) or for one faction."""

    list_display: tuple[str, ...] = ("name", "key", "faction", "module")
    list_filter: tuple[str | tuple[str, Any], ...] = ("module", FACTION_FILTER)
    list_select_related: tuple[str, ...] = ("module", "faction")
    ordering: tuple[str, ...] = ("module", "faction", "order", "pk")


class GameDataInline(admin.StackedInline):
    formset = f.ParentFormSet
    formfield_overrides = JSON_WIDGET
    extra = 0


@admin.register(m.GameModule)
class GameModuleAdmin(GameDataAdmin):
    form = f.GameModuleForm
    module_path = ""
    fixed_on_change = ()
    list_display = ("name", "slug", "version", "ruleset", "draft", "updated_at")
    list_filter = ("ruleset",)
    search_fields = ("name", "slug")
    ordering = ("name",)
    readonly_fields = ("draft", "revision", "created_at", "updated_at")

    @admin.display(description="Unpublished edits")
    def draft(self, obj: m.GameModule) -> str:
        if obj.pk is None or not obj.has_draft:
            return "None: players see what is stored"
        url = reverse("admin:factions_gamemodule_publish", args=[obj.pk])
        return format_html(
            'A draft players do not see yet. <a href="{}">Review and publish</a>', url
        )

    def get_urls(self) -> list:
        publish = self.admin_site.admin_view(self.publish_view)
        return [
            path("<int:module_id>/publish/", publish, name="factions_gamemodule_publish"),
            *super().get_urls(),
        ]

    def publish_view(self, request: HttpRequest, module_id: int) -> HttpResponse:
        """The draft's changes and what they touch; Publish (with a label and a note) or
        Discard, each refused when the draft changed since this page was drawn."""
        module = get_object_or_404(m.GameModule, pk=module_id)
        if not self.has_change_permission(request, module):
            raise PermissionDenied
        refused = None
        if request.method == "POST":
            try:
                return self._publish_post(request, module)
            except Refused as exc:
                refused = exc
                module.refresh_from_db()
        context = {
            **self.admin_site.each_context(request),
            "title": f"Review and publish {module.name}",
            "opts": self.model._meta,
            "module": module,
            "review": draft_review(module) if module.has_draft else None,
            "refused": refused,
            "label": request.POST.get("label", module.version),
            "note": request.POST.get("note", ""),
        }
        return TemplateResponse(request, "admin/factions/gamemodule/publish.html", context)

    def _publish_post(self, request: HttpRequest, module: m.GameModule) -> HttpResponse:
        revision = request.POST.get("revision", "")
        seen = int(revision) if revision.isdigit() else 0
        if "discard" in request.POST:
            draft_discard(module_id=module.pk, seen=seen)
            self.message_user(request, f"The draft of {module.name} was discarded.", messages.INFO)
        else:
            version = draft_publish(
                module_id=module.pk, seen=seen, label=request.POST.get("label", ""),
                note=request.POST.get("note", ""),
            )  # fmt: skip
            self.message_user(
                request, f"Published {module.name} {version.label} (version {version.number}).",
                messages.SUCCESS,
            )  # fmt: skip
        return HttpResponseRedirect(reverse("admin:factions_gamemodule_change", args=[module.pk]))


@admin.register(m.Alliance)
class AllianceAdmin(ModuleScopedAdmin):
    form = f.AllianceForm
    list_display = ("name", "key", "kind", "module")
    list_filter = ("module", "kind")


@admin.register(m.UnitCategory)
class UnitCategoryAdmin(ModuleScopedAdmin):
    form = f.UnitCategoryForm
    list_display = ("name", "key", "order", "module")


@admin.register(m.Doctrine)
class DoctrineAdmin(ModuleScopedAdmin):
    form = f.DoctrineForm
    list_display = ("name", "key", "universal", "module")
    list_filter = ("module", "universal")


@admin.register(m.Faction)
class FactionAdmin(ModuleScopedAdmin):
    form = f.FactionForm
    list_display = ("name", "key", "alliance", "module")
    list_select_related = ("module", "alliance")


@admin.register(m.Focus)
class FocusAdmin(FactionScopedAdmin):
    form = f.FocusForm
    list_display = ("name", "key", "restricted", "faction", "module")


class ForceOrganizationSlotInline(admin.TabularInline):
    model = m.ForceOrganizationSlot
    form = f.ForceOrganizationSlotForm
    formset = f.ParentFormSet
    extra = 0


@admin.register(m.ForceOrganization)
class ForceOrganizationAdmin(FactionScopedAdmin):
    form = f.ForceOrganizationForm
    inlines = (ForceOrganizationSlotInline,)
    list_display = ("name", "key", "cost", "faction", "module")


@admin.register(m.SpecialRule)
class SpecialRuleAdmin(FactionScopedAdmin):
    form = f.SpecialRuleForm
    list_display = ("name", "key", "takes_value", "hidden", "faction", "module")
    list_filter = ("module", FACTION_FILTER, "takes_value", "hidden")


@admin.register(m.Weapon)
class WeaponAdmin(FactionScopedAdmin):
    form = f.WeaponForm
    list_display = ("name", "key", "range", "stats", "faction", "module")


@admin.register(m.ModelTemplate)
class ModelTemplateAdmin(FactionScopedAdmin):
    form = f.ModelTemplateForm


@admin.register(m.Legend)
class LegendAdmin(FactionScopedAdmin):
    form = f.LegendForm
    list_display = ("name", "key", "kind", "points", "faction", "module")
    list_filter = ("module", FACTION_FILTER, "kind")


@admin.register(m.Strategy)
class StrategyAdmin(FactionScopedAdmin):
    form = f.StrategyForm
    list_display = ("name", "key", "cost", "phase", "doctrine", "faction", "module")
    list_select_related = ("module", "faction", "doctrine")


@admin.register(m.PowerSpecialty)
class PowerSpecialtyAdmin(FactionScopedAdmin):
    form = f.PowerSpecialtyForm


@admin.register(m.Power)
class PowerAdmin(FactionScopedAdmin):
    form = f.PowerForm
    list_display = ("name", "key", "cast_value", "specialty", "faction", "module")
    search_fields = ("name", "key", "specialty")


class DatasheetModelInline(GameDataInline):
    model = m.DatasheetModel
    form = f.DatasheetModelForm
    formset = f.DatasheetModelFormSet
    min_num = 1
    fields = (
        ("key", "order", "name", "leader"),
        ("min", "max", "extra_model_points"),
        "stats",
        ("weapons", "rules"),
        "description",
    )

    def get_formset(self, request: HttpRequest, obj: Any = None, **kwargs: Any) -> Any:
        return super().get_formset(request, obj, validate_min=True, **kwargs)


class UnitOptionInline(GameDataInline):
    model = m.UnitOption
    form = f.UnitOptionForm
    fields = (
        ("key", "order", "verb", "model_type"),
        ("label", "model_limit", "limit", "count"),
        "replace",
        "choices",
        "focuses",
    )


@admin.register(m.Datasheet)
class DatasheetAdmin(ModuleScopedAdmin):
    form = f.DatasheetForm
    inlines = (DatasheetModelInline, UnitOptionInline)
    list_display = ("name", "key", "faction", "category", "points", "module")
    list_filter = (
        "module",
        "module__ruleset",
        FACTION_FILTER,
        ("category", admin.RelatedOnlyFieldListFilter),
    )
    list_select_related = ("module", "faction", "category")
    search_fields = ("name", "key", "faction__name")
    ordering = ("module", "faction", "order", "pk")


class DatasheetPartAdmin(GameDataAdmin):
    """Rows of a datasheet, also editable on the datasheet's own page."""

    module_path = "datasheet__module"
    fixed_on_change = ("datasheet",)
    # Typed as tuples of any length: each admin below sets its own.
    autocomplete_fields: tuple[str, ...] = ("datasheet",)
    list_filter: tuple[str, ...] = ("datasheet__module",)
    search_fields: tuple[str, ...] = ("key", "datasheet__name", "datasheet__key")
    ordering: tuple[str, ...] = (
        "datasheet__module",
        "datasheet__faction",
        "datasheet__order",
        "order",
        "pk",
    )


@admin.register(m.DatasheetModel)
class DatasheetModelAdmin(DatasheetPartAdmin):
    form = f.DatasheetModelForm
    list_display = ("name", "key", "datasheet", "min", "max", "leader")
    list_select_related = ("datasheet",)
    search_fields = ("name", *DatasheetPartAdmin.search_fields)


@admin.register(m.UnitOption)
class UnitOptionAdmin(DatasheetPartAdmin):
    form = f.UnitOptionForm
    autocomplete_fields = ("datasheet", "model_type")
    list_display = ("key", "label", "verb", "datasheet", "model_type")
    list_filter = ("datasheet__module", "verb")
    list_select_related = ("datasheet", "model_type")
    search_fields = ("label", *DatasheetPartAdmin.search_fields)
