"""Errors a fetch ends with: each is one line a user can act on."""

from __future__ import annotations


class FetchError(RuntimeError):
    """The fetch cannot go on (a file the Hub does not have, a bad selection)."""


class Unreachable(FetchError):
    """The Hub or the video host cannot be reached: offline, DNS, refused, or down."""
