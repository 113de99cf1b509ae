"""Annotation files from the Hugging Face Hub through `huggingface_hub`, which honours HF_ENDPOINT (a mirror
or a local stand-in), HF_TOKEN and HF_HUB_OFFLINE (or TRANSFORMERS_OFFLINE), and resumes a partial download from its own
`.incomplete` file in the staging folder."""

from __future__ import annotations

import os
import socket
from pathlib import Path
from urllib.parse import urlsplit

from vidmem.data.errors import FetchError, Unreachable

CONNECT_TIMEOUT_S = 10.0


def endpoint() -> str:
    from huggingface_hub import constants

    return constants.ENDPOINT


DEFAULT_REVISION = "main"


def download(repo: str, filename: str, staging: Path, dest: Path, revision: str = DEFAULT_REVISION) -> str:
    """`filename` of dataset `repo` at `revision` to `dest` (moved there only when complete); returns the
    commit it resolved to, which the download itself is pinned to."""
    import httpx
    from huggingface_hub import get_hf_file_metadata, hf_hub_download, hf_hub_url
    from huggingface_hub.errors import (
        EntryNotFoundError,
        GatedRepoError,
        HfHubHTTPError,
        LocalEntryNotFoundError,
        OfflineModeIsEnabled,
        RepositoryNotFoundError,
    )
    from huggingface_hub.utils import logging as hf_logging

    where = f"{endpoint()}/datasets/{repo}"
    _check_reachable()
    hf_logging.set_verbosity_error()  # its retry chatter; the outcome is reported in one line
    try:
        meta = get_hf_file_metadata(hf_hub_url(repo, filename, repo_type="dataset", revision=revision))
        commit = meta.commit_hash or revision
        local = Path(hf_hub_download(repo_id=repo, filename=filename, repo_type="dataset", revision=commit,
                                     local_dir=staging))
    except OfflineModeIsEnabled:
        raise Unreachable(f"cannot fetch {filename} from {where}: offline mode (HF_HUB_OFFLINE or "
                          "TRANSFORMERS_OFFLINE) is set") from None
    except GatedRepoError:
        raise FetchError(f"{where} is gated: accept its terms on the Hub and set HF_TOKEN") from None
    except RepositoryNotFoundError:
        raise FetchError(f"{where} not found (or private: set HF_TOKEN)") from None
    except LocalEntryNotFoundError as exc:  # the HEAD call failed for want of a connection
        if isinstance(exc.__cause__, OfflineModeIsEnabled):
            raise Unreachable(f"cannot fetch {filename} from {where}: offline mode (HF_HUB_OFFLINE or "
                          "TRANSFORMERS_OFFLINE) is set") from None
        raise Unreachable(f"cannot reach the Hugging Face Hub at {endpoint()}: {_cause(exc)}") from None
    except EntryNotFoundError:
        raise FetchError(f"{where} has no file {filename}") from None
    except HfHubHTTPError as exc:
        status = exc.response.status_code if exc.response is not None else "?"
        if status == 429 or str(status).startswith("5"):
            raise Unreachable(f"the Hugging Face Hub at {endpoint()} answered HTTP {status}; try later") from None
        raise FetchError(f"{where}/{filename}: HTTP {status}") from None
    except (httpx.HTTPError, OSError) as exc:  # the connection dropped mid-download: the partial file stays
        raise Unreachable(f"cannot reach the Hugging Face Hub at {endpoint()} for {filename}: {_cause(exc)}") from None
    dest.parent.mkdir(parents=True, exist_ok=True)
    os.replace(local, dest)
    return commit


def _check_reachable() -> None:
    """Offline is the common case: say so at once rather than after the client's retries (minutes). Skipped
    behind a proxy, where only the proxy knows the way."""
    if any(os.environ.get(name) for name in ("HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy",
                                                 "ALL_PROXY", "all_proxy")):
        return
    url = urlsplit(endpoint())
    port = url.port or (443 if url.scheme == "https" else 80)
    try:
        socket.create_connection((url.hostname or "", port), timeout=CONNECT_TIMEOUT_S).close()
    except OSError as exc:
        raise Unreachable(f"cannot reach the Hugging Face Hub at {endpoint()}: {exc.strerror or exc}") from None


def _cause(exc: BaseException) -> str:
    """The innermost reason (connection refused, name resolution) rather than the library's advice."""
    while exc.__cause__ is not None:
        exc = exc.__cause__
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
