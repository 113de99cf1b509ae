"""vidmem search audio / vidmem speakers list|rename."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from vidmem.cli.common import DEFAULT_LIBRARY_PATH, JsonOption, LibraryOption, console, errors, print_json
from vidmem.cli.common import open_library as _open
from vidmem.cli.names import best_evidence, evidence_line
from vidmem.timeline import format_offset, iso

if TYPE_CHECKING:
    from vidmem.library import Library

speakers_app = typer.Typer(no_args_is_help=True, help="Speakers heard in the Library: list them, name them.")


def search_audio(
    query: Annotated[str, typer.Argument(help="Words to look for in what was said.")],
    library: LibraryOption = DEFAULT_LIBRARY_PATH,
    day: Annotated[int | None, typer.Option(help="Only this day of the timeline (day 1 = first recording).")] = None,
    speaker: Annotated[str | None, typer.Option(help='Only this speaker: a name, "S3" or "Speaker 3".')] = None,
    k: Annotated[int, typer.Option("--k", "-k", help="How many hits.")] = 10,
    mode: Annotated[str, typer.Option(help="bm25, or llm to re-judge BM25 candidates with the chat model.")] = "bm25",
    json_out: JsonOption = False,
) -> None:
    """Search the transcripts (BM25): each hit with its day, clock time, file offset and speaker."""
    from vidmem.retrieval.audio import ChatModelRequired, UnknownSpeaker, audio_search

    with _open(library, read_only=True) as lib:
        clock = lib.clock()
        time_range = clock.day_range(day) if day is not None else None
        chat = None
        if mode == "llm":
            chat = _chat_model(lib)
        try:
            hits = audio_search(lib, query, time_range=time_range, speaker=speaker, mode=mode,  # type: ignore[arg-type]
                                k=k, chat=chat)
        except (UnknownSpeaker, ChatModelRequired, ValueError) as exc:
            errors.print(f"[red]{exc}")
            raise typer.Exit(2) from exc
        names = {v.id: v.name for v in lib.catalog.videos()}
        rows = [
            {
                "rank": i + 1, "score": round(h.score, 4), "day": clock.day(h.t0), "time": clock.clock(h.t0),
                "t0": h.t0, "t1": h.t1, "start": iso(h.t0, lib.settings.timezone), "video_id": h.video_id,
                "file": names.get(h.video_id), "offset": format_offset(h.offset_s), "offset_s": round(h.offset_s, 2),
                "speaker": h.speaker, "speaker_id": h.extra.get("speaker_id"), "text": h.text,
                "utterance_id": h.source_id,
            }
            for i, h in enumerate(hits)
        ]
    if json_out:
        print_json({"query": query, "mode": mode, "hits": rows})
        return
    if not rows:
        console.print("no matching speech")
        return
    table = Table("#", "when", "file @ offset", "speaker", "said", "score")
    for row in rows:
        table.add_row(str(row["rank"]), f"day {row['day']}, {row['time']}", f"{row['file']} @ {row['offset']}",
                      str(row["speaker"] or "?"), str(row["text"]), f"{row['score']:.2f}")
    console.print(table)


def _chat_model(lib: Library) -> object:
    """The configured chat model, or an exit with a clear message when it cannot be had."""
    from vidmem.models.chat import load_chat_model

    try:
        return load_chat_model(lib.settings)
    except Exception as exc:  # any configuration or loading problem is reported, not raised
        errors.print(f"[red]llm mode needs a chat model, and it could not be loaded: {exc}; use --mode bm25")
        raise typer.Exit(2) from exc


@speakers_app.command("list")
def list_speakers(library: LibraryOption = DEFAULT_LIBRARY_PATH, json_out: JsonOption = False) -> None:
    """Every speaker with its label, name (and how sure, from what evidence), utterances and speaking time."""
    from vidmem.store.speech import SpeechStore

    with _open(library, read_only=True) as lib:
        store = SpeechStore(lib.catalog)
        talk = store.speaking_time()
        clock = lib.clock()
        rows = []
        for s in store.speakers():
            evidence = best_evidence(s.name_evidence, s.name)
            rows.append({
                "id": s.id, "label": s.label, "short": f"S{s.id}", "name": s.name, "name_source": s.name_source,
                "name_confidence": s.name_confidence, "display": s.display, "utterances": s.n_utterances,
                "speaking_s": round(talk.get(s.id, 0.0), 1),
                "evidence": [{**e, "when": clock.label(e["t"]) if e.get("t") is not None else None} for e in evidence],
            })
        lines = {r["id"]: evidence_line(r["evidence"][0], clock) if r["evidence"] and r["name"] else "" for r in rows}
    if json_out:
        print_json({"speakers": rows})
        return
    if not rows:
        console.print("no speakers yet")
        return
    table = Table("id", "speaker", "name", "sure", "evidence", "utterances", "speaking")
    for row in rows:
        sure = "set by user" if row["name_source"] == "user" else (
            f"{row['name_confidence']:.0%}" if row["name"] and row["name_confidence"] is not None else "—")
        table.add_row(row["short"], row["label"], row["name"] or "—", sure, lines[row["id"]] or "—",
                      str(row["utterances"]), format_offset(row["speaking_s"]))
    console.print(table)


@speakers_app.command("rename")
def rename_speaker(
    speaker: Annotated[str, typer.Argument(help='The speaker: "S3", "Speaker 3", 3, or its current name.')],
    name: Annotated[str, typer.Argument(help="The person's name (empty to clear it).")],
    library: LibraryOption = DEFAULT_LIBRARY_PATH,
) -> None:
    """Give a speaker a name you know; it is kept as certain and never replaced by a guess."""
    from vidmem.retrieval.audio import UnknownSpeaker, resolve_speakers
    from vidmem.store.speech import SpeechStore

    with _open(library) as lib:
        store = SpeechStore(lib.catalog)
        try:
            ids = resolve_speakers(store.speakers(), speaker)
        except UnknownSpeaker as exc:
            errors.print(f"[red]{exc}")
            raise typer.Exit(2) from exc
        if len(ids) > 1:
            errors.print(f"[red]{speaker!r} is ambiguous: {', '.join(f'S{i}' for i in ids)}; use the S number")
            raise typer.Exit(2)
        new = " ".join(name.split())
        with lib.catalog.transaction():
            current = store.speaker(ids[0])
            if new:
                store.set_name(current.id, new, 1.0, current.name_evidence, "user")
            else:
                store.set_name(current.id, None, None, current.name_evidence, None)
        shown = f"S{ids[0]} is now {new!r}" if new else f"S{ids[0]} has no name now"
        console.print(shown)
