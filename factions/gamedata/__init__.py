"""Importers and readers for third-party game data."""
