"""Tests of the Battle Forge data reader and points engine."""
