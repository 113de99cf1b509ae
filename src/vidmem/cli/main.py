"""The `vidmem` command. Each command lives in its own module; this file only assembles them."""

from __future__ import annotations

import gc

import typer

from vidmem.cli import ask, devdata, doctor, ingest, serve, speech
from vidmem.cli import data as data_cli
from vidmem.cli import eval as eval_cli
from vidmem.cli import vision as vision_cli
from vidmem.cli.graph import graph_app
from vidmem.cli.mcp import mcp

app = typer.Typer(no_args_is_help=True, add_completion=False, help="A persistent, queryable memory of long video.")
app.command()(ingest.ingest)
app.command()(ingest.status)
app.command()(ingest.summary)
app.command()(doctor.doctor)
app.add_typer(devdata.app, name="devdata")
app.command()(ask.ask)

search_app = typer.Typer(no_args_is_help=True, help="Search the Library by what was said or seen.")
search_app.command("audio")(speech.search_audio)
search_app.command("visual")(vision_cli.search_visual)
app.add_typer(search_app, name="search")
app.add_typer(speech.speakers_app, name="speakers")
app.add_typer(vision_cli.places_app, name="places")
app.add_typer(vision_cli.people_app, name="people")
app.add_typer(eval_cli.eval_app, name="eval")
app.add_typer(graph_app, name="graph")
app.add_typer(data_cli.app, name="data")
app.command()(serve.serve)
app.command()(mcp)


def main() -> None:
    try:
        app()
    finally:
        # The process ends here. Interpreter exit runs the cyclic collector over every object still alive
        # (spaCy's vocabulary, pydantic schemas, the agent's modules): about 0.3 CPU-s of a one-shot `vidmem
        # ask`. Frozen objects are skipped by it; their memory goes back with the process all the same.
        gc.freeze()


if __name__ == "__main__":
    main()
