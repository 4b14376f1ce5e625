"""The one read model's formatting: plain view-models the pages, printouts and exports draw.

- `forces`: the one grouping of a list's units by force organization (with the engine's slot
  status per force);
- `cards`: the one unit card, as chosen, with what the wings add to it;
- `totals`: the one totals view (points beside the limit, the other totals' labels);
- `units` and `editor`: the list editor's unit controls and page.

Presenters only format what the engine put on the report; a rule decided here is a bug.
"""
