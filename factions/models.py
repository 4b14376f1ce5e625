"""Game data as stored at runtime: game modules, their factions, datasheets and everything else.

Scalar facts are columns (for the admin's lists, search and filters); nested structures that the
module format already validates (references, stat-lines, option choices) are JSON. Each model's
`spec_fields` names the columns that map one-to-one onto fields of its schema class in
`factions.gamedata.schemas`, which is how the loader and the exporter move data in and out.
"""

from __future__ import annotations

from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Q

from factions.gamedata.refs import KEY_PATTERN

key_validator = RegexValidator(
    KEY_PATTERN, "Use letters, digits, '_', '-' or '.', starting with a letter or digit."
)


def KeyField(**kwargs) -> models.CharField:
    return models.CharField(max_length=80, validators=[key_validator], **kwargs)


class GameModule(models.Model):
    slug = KeyField(unique=True)
    name = models.CharField(max_length=120)
    version = models.CharField(max_length=40)
    ruleset = models.CharField(max_length=40, help_text="Key of a registered ruleset.")
    description = models.TextField(blank=True)
    parameters = models.JSONField(
        default=dict, blank=True, help_text="List-building numbers; see the ruleset's parameters."
    )
    source = models.JSONField(default=dict, blank=True)
    campaign = models.JSONField(
        null=True, blank=True, help_text="Campaign tables and numbers (the module's `campaign`)."
    )
    # Bumped on every change so cached catalogues of this module are rebuilt.
    revision = models.PositiveIntegerField(default=1, editable=False)
    # What players see; an admin's edits bump `revision` only: a draft (factions/drafts.py)
    published_revision = models.PositiveIntegerField(default=1, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    spec_fields = (
        "name", "version", "ruleset", "description", "parameters", "source", "campaign"
    )  # fmt: skip

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return f"{self.name} {self.version}"

    @property
    def has_draft(self) -> bool:  # an admin changed it since its last published version
        return self.revision != self.published_revision


class ModuleVersion(models.Model):
    """A published version of a module: the spec as it was stored, never changed afterwards.

    Every load or import that changes a module publishes one (numbered 1, 2, 3... per module),
    with the module's own version label, a note of what was done and where it came from; the
    changes between two versions are worked out from their specs (gamedata/changes.py)."""

    LOAD, IMPORT, ADMIN = "load", "import", "admin"

    module = models.ForeignKey(GameModule, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    label = models.CharField(max_length=40, help_text="the module's own version, e.g. 1.4")
    note = models.TextField(blank=True)
    source = models.CharField(max_length=10, default=LOAD)
    spec = models.JSONField()
    published_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["module", "-number"]
        constraints = [
            models.UniqueConstraint("module", "number", name="one_number_per_module_version")
        ]

    def __str__(self) -> str:
        return f"{self.module.name} {self.label} (#{self.number})"


class ModuleScoped(models.Model):
    module = models.ForeignKey(GameModule, on_delete=models.CASCADE, related_name="+")
    key = KeyField()
    order = models.PositiveIntegerField(default=0)

    class Meta:
        abstract = True
        ordering = ["order", "pk"]

    def __str__(self) -> str:
        return getattr(self, "name", self.key)


class Alliance(ModuleScoped):
    STANDARD, UNALIGNED, MERCENARIES = "standard", "unaligned", "mercenaries"
    name = models.CharField(max_length=120)
    kind = models.CharField(
        max_length=20,
        default=STANDARD,
        choices=[
            (STANDARD, "Allies within the alliance"),
            (UNALIGNED, "Unaligned: takes no allies"),
            (MERCENARIES, "Mercenaries: allies with anyone"),
        ],
    )
    spec_fields = ("name", "kind")

    class Meta(ModuleScoped.Meta):
        constraints = [models.UniqueConstraint("module", "key", name="alliance_key")]


class UnitCategory(ModuleScoped):
    name = models.CharField(max_length=120)
    spec_fields = ("name",)

    class Meta(ModuleScoped.Meta):
        verbose_name_plural = "unit categories"
        constraints = [models.UniqueConstraint("module", "key", name="category_key")]


class Doctrine(ModuleScoped):
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True)
    universal = models.BooleanField(default=False)
    spec_fields = ("name", "description", "universal")

    class Meta(ModuleScoped.Meta):
        constraints = [models.UniqueConstraint("module", "key", name="doctrine_key")]


class Faction(ModuleScoped):
    module = models.ForeignKey(GameModule, on_delete=models.CASCADE, related_name="factions")
    name = models.CharField(max_length=120)
    alliance = models.ForeignKey(Alliance, null=True, blank=True, on_delete=models.SET_NULL)
    description = models.TextField(blank=True)
    color = models.CharField(max_length=20, blank=True, null=True)
    spec_fields = ("name", "description", "color")

    class Meta(ModuleScoped.Meta):
        constraints = [models.UniqueConstraint("module", "key", name="faction_key")]


class FactionScoped(ModuleScoped):
    """Defined for the whole module (faction empty) or for one faction, which then wins."""

    faction = models.ForeignKey(
        Faction, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )

    class Meta(ModuleScoped.Meta):
        abstract = True

    @classmethod
    def scoped_constraints(cls, label: str) -> list[models.UniqueConstraint]:
        return [
            models.UniqueConstraint(
                "module", "key", condition=Q(faction__isnull=True), name=f"{label}_module_key"
            ),
            models.UniqueConstraint(
                "faction", "key", condition=Q(faction__isnull=False), name=f"{label}_faction_key"
            ),
        ]


class Focus(FactionScoped):
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True)
    restricted = models.BooleanField(
        default=False, help_text="Sees only what names it, not what is marked 'none'."
    )
    color = models.CharField(max_length=20, blank=True, null=True)
    spec_fields = ("name", "description", "restricted", "color")

    class Meta(FactionScoped.Meta):
        verbose_name_plural = "focuses"
        constraints = FactionScoped.scoped_constraints("focus")


class ForceOrganization(FactionScoped):
    name = models.CharField(max_length=120)
    cost = models.PositiveIntegerField(default=0, help_text="Strategy points it costs.")
    description = models.TextField(blank=True)
    spec_fields = ("name", "cost", "description")

    class Meta(FactionScoped.Meta):
        constraints = FactionScoped.scoped_constraints("forceorg")


class ForceOrganizationSlot(models.Model):
    force_organization = models.ForeignKey(
        ForceOrganization, on_delete=models.CASCADE, related_name="slots"
    )
    category = models.ForeignKey(UnitCategory, on_delete=models.CASCADE, related_name="+")
    min = models.PositiveIntegerField(default=0)
    max = models.PositiveIntegerField(null=True, blank=True, help_text="Empty: no maximum.")

    class Meta:
        ordering = ["category__order", "pk"]
        constraints = [
            models.UniqueConstraint("force_organization", "category", name="slot_category"),
        ]

    def __str__(self) -> str:
        top = "∞" if self.max is None else self.max
        return f"{self.category}: {self.min}-{top}"


class SpecialRule(FactionScoped):
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True)
    short = models.TextField(blank=True)
    takes_value = models.BooleanField(default=False, help_text="Written with a value: Tough(3).")
    hidden = models.BooleanField(default=False)
    points = models.JSONField(null=True, blank=True, help_text="Battle Forge points formula.")
    spec_fields = ("name", "description", "short", "takes_value", "hidden", "points")

    class Meta(FactionScoped.Meta):
        constraints = FactionScoped.scoped_constraints("rule")


class Weapon(FactionScoped):
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True)
    range = models.JSONField(null=True, blank=True, help_text='"melee", 12 or [12, 24]')
    stats = models.JSONField(default=dict, blank=True)
    rules = models.JSONField(default=list, blank=True)
    profiles = models.JSONField(default=list, blank=True)
    spec_fields = ("name", "description", "range", "stats", "rules", "profiles")

    class Meta(FactionScoped.Meta):
        constraints = FactionScoped.scoped_constraints("weapon")


class ModelTemplate(FactionScoped):
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True)
    stats = models.JSONField(default=dict, blank=True)
    weapons = models.JSONField(default=list, blank=True)
    rules = models.JSONField(default=list, blank=True)
    spec_fields = ("name", "description", "stats", "weapons", "rules")

    class Meta(FactionScoped.Meta):
        constraints = FactionScoped.scoped_constraints("modeltemplate")


class Legend(FactionScoped):
    name = models.CharField(max_length=120)
    points = models.PositiveIntegerField(default=0)
    kind = models.CharField(
        max_length=20,
        default="upgrade",
        choices=[("upgrade", "Upgrades a unit"), ("item", "Replaces an item"), ("unit", "A unit")],
    )
    description = models.TextField(blank=True)
    flavor = models.TextField(blank=True)
    rule = models.JSONField(null=True, blank=True)
    weapon = models.JSONField(null=True, blank=True)
    applies_to = models.JSONField(default=dict, blank=True)
    focuses = models.JSONField(default=list, blank=True)
    spec_fields = (
        "name", "points", "kind", "description", "flavor", "rule", "weapon", "applies_to",
        "focuses",
    )  # fmt: skip

    class Meta(FactionScoped.Meta):
        constraints = FactionScoped.scoped_constraints("legend")


class Strategy(FactionScoped):
    name = models.CharField(max_length=120)
    cost = models.PositiveIntegerField(null=True, blank=True)
    cost_note = models.CharField(max_length=40, blank=True, null=True)
    phase = models.CharField(max_length=40, blank=True, null=True)
    description = models.TextField(blank=True)
    flavor = models.TextField(blank=True)
    focuses = models.JSONField(default=list, blank=True)
    doctrine = models.ForeignKey(Doctrine, null=True, blank=True, on_delete=models.SET_NULL)
    spec_fields = ("name", "cost", "cost_note", "phase", "description", "flavor", "focuses")

    class Meta(FactionScoped.Meta):
        verbose_name_plural = "strategies"
        constraints = FactionScoped.scoped_constraints("strategy")


class PowerSpecialty(FactionScoped):
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True)
    focuses = models.JSONField(default=list, blank=True)
    spec_fields = ("name", "description", "focuses")

    class Meta(FactionScoped.Meta):
        verbose_name_plural = "power specialties"
        constraints = FactionScoped.scoped_constraints("specialty")


class Power(FactionScoped):
    name = models.CharField(max_length=120)
    cast_value = models.PositiveIntegerField(null=True, blank=True)
    specialty = models.CharField(max_length=80, blank=True, null=True, help_text="Specialty key.")
    description = models.TextField(blank=True)
    focuses = models.JSONField(default=list, blank=True)
    spec_fields = ("name", "cast_value", "specialty", "description", "focuses")

    class Meta(FactionScoped.Meta):
        constraints = FactionScoped.scoped_constraints("power")


class Datasheet(ModuleScoped):
    faction = models.ForeignKey(Faction, on_delete=models.CASCADE, related_name="datasheets")
    name = models.CharField(max_length=120)
    category = models.ForeignKey(
        UnitCategory, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    points = models.PositiveIntegerField(default=0)
    description = models.TextField(blank=True)
    keywords = models.JSONField(default=list, blank=True)
    rules = models.JSONField(default=list, blank=True)
    focuses = models.JSONField(default=list, blank=True)
    unit_type = models.CharField(max_length=40, blank=True, null=True)
    spec_fields = ("name", "points", "description", "keywords", "rules", "focuses", "unit_type")

    class Meta(ModuleScoped.Meta):
        constraints = [models.UniqueConstraint("faction", "key", name="datasheet_key")]


class DatasheetModel(models.Model):
    datasheet = models.ForeignKey(Datasheet, on_delete=models.CASCADE, related_name="model_types")
    key = KeyField()
    order = models.PositiveIntegerField(default=0)
    name = models.CharField(max_length=120)
    description = models.TextField(blank=True)
    min = models.PositiveIntegerField(default=1)
    max = models.PositiveIntegerField(null=True, blank=True)
    extra_model_points = models.IntegerField(null=True, blank=True)
    leader = models.BooleanField(default=False)
    stats = models.JSONField(default=dict, blank=True)
    weapons = models.JSONField(default=list, blank=True)
    rules = models.JSONField(default=list, blank=True)
    spec_fields = (
        "name", "description", "min", "max", "extra_model_points", "leader", "stats", "weapons",
        "rules",
    )  # fmt: skip

    class Meta:
        ordering = ["order", "pk"]
        constraints = [models.UniqueConstraint("datasheet", "key", name="datasheet_model_key")]

    def __str__(self) -> str:
        return self.name


class UnitOption(models.Model):
    datasheet = models.ForeignKey(Datasheet, on_delete=models.CASCADE, related_name="options")
    model_type = models.ForeignKey(
        DatasheetModel,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="options",
        help_text="Empty for a unit-wide option.",
    )
    key = models.CharField(max_length=200)
    order = models.PositiveIntegerField(default=0)
    VERBS = ("replace_weapon", "add_weapon", "replace_rule", "add_rule", "remove_rule",
             "add_model", "replace_model")  # fmt: skip
    verb = models.CharField(
        max_length=20, choices=[(v, v.replace("_", " ").capitalize()) for v in VERBS]
    )
    label = models.CharField(max_length=200, blank=True, null=True)
    replace = models.JSONField(default=list, blank=True)
    choices = models.JSONField(default=list, help_text="[{id, label, items: [...], points}]")
    model_limit = models.JSONField(null=True, blank=True, help_text='A number, "all" or "1/5".')
    limit = models.PositiveIntegerField(null=True, blank=True)
    count = models.PositiveIntegerField(null=True, blank=True)
    focuses = models.JSONField(default=list, blank=True)
    added_model = models.CharField(
        max_length=80,
        blank=True,
        null=True,
        help_text="Model template key: the option sits on the models an add_model option brings.",
    )
    spec_fields = (
        "verb", "label", "replace", "choices", "model_limit", "limit", "count", "focuses",
        "added_model",
    )  # fmt: skip

    class Meta:
        ordering = ["order", "pk"]
        constraints = [models.UniqueConstraint("datasheet", "key", name="option_key")]

    def __str__(self) -> str:
        return self.label or self.key
