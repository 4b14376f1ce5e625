"""A small roster of our own (not a copy of any real one): a force of two units with profiles
of three types, rules with text, a custom name, notes, a cost limit and an odd total, and a
unit its builder marks as illegal."""

from __future__ import annotations

from forgebuilder.lists.importers.battlescribe import NAMESPACE, read_roster

SMALL_ROSTER = f"""<?xml version="1.0" encoding="UTF-8"?>
<roster name="Ashen Patrol" gameSystemName="Skirmish of Ash" gameSystemId="g1"
    generatedBy="https://newrecruit.eu" battleScribeVersion="2.03" xmlns="{NAMESPACE}">
  <costLimits><costLimit name="pts" typeId="p" value="1000"/></costLimits>
  <costs><cost name="pts" typeId="p" value="999"/></costs>
  <customNotes>Bring the blue dice.</customNotes>
  <forces><force name="Patrol" catalogueName="Ash Wardens" catalogueId="c1">
    <rules><rule name="Ember Oath"><description>Rerolls 1s in the first round.</description></rule></rules>
    <selections>
      <selection name="Warden Squad" customName="Blue Squad" number="1" type="unit">
        <customNotes>Deploys last.</customNotes>
        <costs><cost name="pts" value="0"/></costs>
        <categories><category name="Troops"/></categories>
        <rules><rule name="Steady"><description>Never flees.</description></rule></rules>
        <selections>
          <selection name="Warden" number="4" type="model">
            <costs><cost name="pts" value="400"/></costs>
            <profiles>
              <profile name="Warden" typeName="Unit"><characteristics>
                <characteristic name="M">6"</characteristic><characteristic name="W">2</characteristic>
                <characteristic name="Sv">4+</characteristic></characteristics></profile>
              <profile name="Ash spear" typeName="Weapon"><characteristics>
                <characteristic name="Range">Melee</characteristic><characteristic name="S">4</characteristic>
              </characteristics></profile>
            </profiles>
          </selection>
          <selection name="Warden Sergeant" number="1" type="model">
            <costs><cost name="pts" value="120"/></costs>
            <profiles><profile name="Warden Sergeant" typeName="Unit"><characteristics>
              <characteristic name="M">6"</characteristic><characteristic name="W">3</characteristic>
              <characteristic name="Sv">3+</characteristic></characteristics></profile></profiles>
          </selection>
        </selections>
      </selection>
      <selection name="Cinder Drake" number="1" type="model">
        <costs><cost name="pts" value="479"/></costs>
        <categories><category name="Illegal Units"/></categories>
        <profiles>
          <profile name="Cinder Drake" typeName="Unit"><characteristics>
            <characteristic name="M">12"</characteristic><characteristic name="W">14</characteristic>
            <characteristic name="Sv">2+</characteristic></characteristics></profile>
          <profile name="Fire Breath" typeName="Abilities"><characteristics>
            <characteristic name="Description">Burns everything within 6".</characteristic>
          </characteristics></profile>
        </profiles>
      </selection>
    </selections>
  </force></forces>
</roster>
"""


def small_roster():
    return read_roster(SMALL_ROSTER)
