"""Presenters that only format a report or a roster: force groups, cards, totals."""
