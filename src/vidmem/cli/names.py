"""How the list commands show a name's evidence (places, speakers, people)."""

from __future__ import annotations

from vidmem.timeline import Clock


def evidence_line(item: dict, clock: Clock) -> str:
    """One evidence item as a person reads it: kind, what was said or read, and when."""
    when = f" at {clock.label(item['t'])}" if item.get("t") is not None else ""
    if item.get("kind") == "voice linked to face":
        return f"voice {item.get('speaker')} heard with this face ({item.get('link_confidence', 0):.0%})"
    if item.get("kind") == "face named by the user":
        link = f"{item.get('link_confidence', 0):.0%}"
        return f"heard with {item.get('person')}, whom you named {item.get('name')} ({link})"
    text = item.get("text")
    return f"{item.get('kind')}: \"{text}\"{when}" if text else f"{item.get('kind')}{when}"


def best_evidence(evidence: list[dict], name: str | None) -> list[dict]:
    """The items supporting `name` first, strongest first."""
    key = (name or "").lower()
    return sorted(evidence, key=lambda e: (str(e.get("name", "")).lower() != key, -float(e.get("weight", 0) or 0)))
