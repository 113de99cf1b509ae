"""The `vidmem` command. Each command lives in its own module; this file only assembles them."""

from __future__ import annotations

import typer

from vidmem.cli import doctor, ingest

app = typer.Typer(no_args_is_help=True, add_completion=False, help="A persistent, queryable memory of long video.")
app.command()(ingest.ingest)
app.command()(ingest.status)
app.command()(ingest.summary)
app.command()(doctor.doctor)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
