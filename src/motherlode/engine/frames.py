"""A seat's view as the web table sends it (docs/protocol.md, "The view"): whole in the
`welcome`, then in parts. Every program that follows a table (the Python client, the hostile
and load testers, the server's tests) rebuilds the view with `merged_view`, the one statement
of the rule; it lives in the lowest layer so that each of them may import it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def merged_view(view: dict[str, Any], frame: Mapping[str, Any]) -> dict[str, Any]:
    """The whole view after `frame`, from the whole view before it (`{}` before the welcome).

    A `welcome` brings the whole view; another frame with a `view` (an `update`, the mover's
    `ack`, a `move/stale` error) brings the keys whose values changed, `gone` (the keys
    removed) and `events` (the log's new entries); a frame without one gives `view` back.
    The view given is never changed: a new one (with its own log) is returned."""
    if frame["type"] == "welcome":
        whole = dict(frame["view"])
        whole["log"] = list(whole["log"])
        return whole
    if "view" not in frame:
        return view
    merged = {**view, **frame["view"]}
    for key in frame.get("gone", ()):
        del merged[key]
    merged["log"] = [*view.get("log", ()), *frame.get("events", ())]
    return merged
