"""vidmem search visual / vidmem places list|rename / vidmem people list|rename."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from vidmem.cli.common import DEFAULT_LIBRARY_PATH, JsonOption, LibraryOption, console, errors, print_json
from vidmem.cli.common import open_library as _open
from vidmem.cli.names import best_evidence, evidence_line
from vidmem.timeline import format_offset, iso

places_app = typer.Typer(no_args_is_help=True, help="Places seen in the Library: list them, name them.")
people_app = typer.Typer(no_args_is_help=True, help="People (face clusters) seen in the Library: list, name.")


def search_visual(
    query: Annotated[str, typer.Argument(help='What to look for on screen, e.g. "cat" or "platform 4".')],
    library: LibraryOption = DEFAULT_LIBRARY_PATH,
    day: Annotated[int | None, typer.Option(help="Only this day of the timeline (day 1 = first recording).")] = None,
    place: Annotated[str | None, typer.Option(help='Only this place: "P4", or its name.')] = None,
    person: Annotated[list[str] | None, typer.Option(help='Only frames showing this person ("Person 2" or '
                                                          "a name); repeat for several.")] = None,
    k: Annotated[int, typer.Option("--k", "-k", help="How many moments.")] = 10,
    json_out: JsonOption = False,
) -> None:
    """Search what was seen: distinct moments with day, clock time, file offset, place and people."""
    from vidmem.ingest.stages.vision import image_embedder_for
    from vidmem.models.weights import WeightsMissing
    from vidmem.retrieval.visual import visual_search

    with _open(library, read_only=True) as lib:
        clock = lib.clock()
        try:
            image_embedder = image_embedder_for(lib.settings)  # full profile with OpenCLIP configured
            hits = visual_search(lib, query, day=day, place=place, people=person, k=k, image_embedder=image_embedder)
        except (ValueError, WeightsMissing) as exc:
            errors.print(f"[red]{exc}")
            raise typer.Exit(2) from exc
        names = {v.id: v.name for v in lib.catalog.videos()}
        rows = [
            {
                "rank": i + 1, "score": round(h.score, 4), "day": clock.day(h.t0), "time": clock.clock(h.t0),
                "t0": h.t0, "t1": h.t1, "start": iso(h.t0, lib.settings.timezone), "duration_s": round(h.t1 - h.t0, 1),
                "video_id": h.video_id, "file": names.get(h.video_id), "offset": format_offset(h.offset_s),
                "offset_s": round(h.offset_s, 2), "place": h.extra.get("place"), "people": h.extra.get("people", []),
                "description": h.text, "thumbnail": h.thumbnail, "frame_id": h.source_id,
            }
            for i, h in enumerate(hits)
        ]
    if json_out:
        print_json({"query": query, "hits": rows})
        return
    if not rows:
        console.print("nothing on screen matched")
        return
    table = Table("#", "when", "file @ offset", "for", "place", "seen", "score")
    for row in rows:
        table.add_row(str(row["rank"]), f"day {row['day']}, {row['time']}", f"{row['file']} @ {row['offset']}",
                      f"{row['duration_s']:g} s", str(row["place"] or "—"), str(row["description"]),
                      f"{row['score']:.2f}")
    console.print(table)


@places_app.command("list")
def list_places(library: LibraryOption = DEFAULT_LIBRARY_PATH, json_out: JsonOption = False) -> None:
    """Every place: its name (yours, or what was said on arriving / its sign), how sure, the evidence, and visits."""
    from vidmem.store.vision import VisionStore

    with _open(library, read_only=True) as lib:
        store = VisionStore(lib.catalog)
        clock = lib.clock()
        rows = []
        for p in store.places():
            visits = store.visits(p.id)
            evidence = best_evidence(p.name_evidence, p.inferred_name)
            rows.append({
                "id": p.id, "label": p.label, "name": p.answer_name, "name_source": p.name_source,
                "name_confidence": 1.0 if p.name else p.name_confidence, "user_name": p.name,
                "inferred_name": p.inferred_name, "auto_name": p.auto_name, "display": p.display,
                "evidence": [{**e, "when": clock.label(e["t"]) if e.get("t") is not None else None} for e in evidence],
                "frames": p.n_frames, "visits": len(visits),
                "first": clock.label(visits[0][2]) if visits else None,
                "last": clock.label(visits[-1][3]) if visits else None,
            })
        lines = {r["id"]: evidence_line(r["evidence"][0], clock) if r["evidence"] else "" for r in rows}
    if json_out:
        print_json({"places": rows})
        return
    if not rows:
        console.print("no places yet")
        return
    table = Table("place", "name", "sure", "evidence", "shows", "visits", "first seen", "last seen")
    for r in rows:
        sure = "set by user" if r["name_source"] == "user" else (
            f"{r['name_confidence']:.0%}" if r["name_confidence"] is not None else "—")
        table.add_row(r["label"], r["name"] or "—", sure, lines[r["id"]] or "—", r["auto_name"] or "—",
                      str(r["visits"]), r["first"] or "", r["last"] or "")
    console.print(table)


@places_app.command("rename")
def rename_place(
    place: Annotated[str, typer.Argument(help='The place: "P4", 4, or its current name.')],
    name: Annotated[str, typer.Argument(help='Its new name, e.g. "kitchen" (empty to clear it).')],
    library: LibraryOption = DEFAULT_LIBRARY_PATH,
) -> None:
    """Give a place a name; search then takes it (`--place kitchen`)."""
    from vidmem.store.vision import VisionStore

    with _open(library) as lib:
        try:
            with lib.writing(wait_s=10.0), lib.catalog.transaction():
                renamed = VisionStore(lib.catalog).rename_place(place, name)
        except KeyError as exc:
            errors.print(f"[red]{exc.args[0]}[/] (see `vidmem places list`)")
            raise typer.Exit(2) from exc
    console.print(f"{renamed.label} is now {renamed.display!r}")


@people_app.command("list")
def list_people(library: LibraryOption = DEFAULT_LIBRARY_PATH, json_out: JsonOption = False) -> None:
    """Every person (a cluster of faces): name (yours, or their voice's), how sure, evidence, linked voices."""
    from vidmem.store.vision import VisionStore

    with _open(library, read_only=True) as lib:
        store = VisionStore(lib.catalog)
        clock = lib.clock()
        links: dict[int, list[dict]] = {}
        for person_id, speaker_id, confidence, overlap, n, _ in store.person_speakers():
            links.setdefault(person_id, []).append(
                {"speaker_id": speaker_id, "confidence": round(confidence, 3), "overlap_s": round(overlap, 1),
                 "utterances": n})
        rows = []
        for p in store.people():
            seen = store.person_spans(p.id)
            rows.append({
                "id": p.id, "label": p.label, "name": p.name or p.inferred_name, "name_source": p.name_source,
                "name_confidence": 1.0 if p.name else p.name_confidence, "user_name": p.name,
                "inferred_name": p.inferred_name, "display": p.display, "evidence": p.name_evidence,
                "faces": p.n_faces,
                "first": clock.label(seen[0][1]) if seen else None, "last": clock.label(seen[-1][1]) if seen else None,
                "speakers": links.get(p.id, []),
            })
        lines = {r["id"]: "; ".join(evidence_line(e, clock) for e in r["evidence"][:2]) for r in rows}
    if json_out:
        print_json({"people": rows})
        return
    if not rows:
        console.print("no people yet")
        return
    table = Table("person", "name", "sure", "evidence", "faces", "first seen", "last seen", "voice")
    for r in rows:
        voice = ", ".join(f"S{s['speaker_id']} ({s['confidence']:.0%})" for s in r["speakers"]) or "—"
        sure = "set by user" if r["name_source"] == "user" else (
            f"{r['name_confidence']:.0%}" if r["name_confidence"] is not None else "—")
        table.add_row(r["label"], r["name"] or "—", sure, lines[r["id"]] or "—", str(r["faces"]), r["first"] or "",
                      r["last"] or "", voice)
    console.print(table)


@people_app.command("rename")
def rename_person(
    person: Annotated[str, typer.Argument(help='The person: "Person 2", 2, or their current name.')],
    name: Annotated[str, typer.Argument(help="Their name (empty to clear it).")],
    library: LibraryOption = DEFAULT_LIBRARY_PATH,
) -> None:
    """Name a person; later descriptions and search results use the name, and voices heard with their face
    take it as evidence."""
    from vidmem.ingest.stages.face_voice import rename_person as rename
    from vidmem.store.vision import VisionStore

    with _open(library) as lib:
        try:
            with lib.writing(wait_s=10.0), lib.catalog.transaction():
                renamed = rename(VisionStore(lib.catalog), person, name)
        except KeyError as exc:
            errors.print(f"[red]{exc.args[0]}[/] (see `vidmem people list`)")
            raise typer.Exit(2) from exc
    console.print(f"{renamed.label} is now {renamed.display!r}")
