"""The context ladder: L1–L5 context builders over a Library, the agent, and the blind/random baselines."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vidmem.levels.base import Context, ContextItem, Level, Scope

if TYPE_CHECKING:
    from vidmem.levels.index import LevelEnv
    from vidmem.models.protocols import ChatModel

LEVEL_NAMES = ("L1", "L2", "L3", "L4", "L5", "agent", "blind", "random")


def make_level(
    name: str, env: LevelEnv | None, *, library: Any = None, chat: ChatModel | None = None, seed: int = 0
) -> Level:
    """A level by name; L1–L5 need a LevelEnv, the agent a Library."""
    from vidmem.eval.runner import BlindLevel, RandomLevel

    if name == "blind":
        return BlindLevel()
    if name == "random":
        return RandomLevel(seed)
    if name == "agent":
        from vidmem.levels.agent import AgentLevel

        return AgentLevel(library if library is not None else env.library if env else None,
                          chat or (env.chat if env else None))
    if env is None:
        raise ValueError(f"level {name} needs a Library")
    if name == "L1":
        from vidmem.levels.l1 import L1

        return L1(env)
    if name == "L2":
        from vidmem.levels.l2 import L2

        return L2(env)
    if name == "L3":
        from vidmem.levels.l3 import L3

        return L3(env)
    if name == "L4":
        from vidmem.levels.l4 import L4

        return L4(env)
    if name == "L5":
        from vidmem.levels.l5 import L5

        return L5(env)
    raise ValueError(f"unknown level {name!r}; choose from {', '.join(LEVEL_NAMES)}")


def __getattr__(name: str) -> Any:
    # LevelEnv pulls in the stores: imported on first use, so LEVEL_NAMES costs nothing (the CLI's --help)
    if name == "LevelEnv":
        from vidmem.levels.index import LevelEnv

        return LevelEnv
    raise AttributeError(f"module 'vidmem.levels' has no attribute {name!r}")


__all__ = ["LEVEL_NAMES", "Context", "ContextItem", "Level", "LevelEnv", "Scope", "make_level"]
