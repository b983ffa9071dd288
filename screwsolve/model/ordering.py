"""Parents before children: the one ordering frames, points and bodies are built in."""

from __future__ import annotations

from collections.abc import Callable, Iterable


def parents_first(
    names: Iterable[str], parent_of: Callable[[str], str | None]
) -> tuple[list[str], list[str]]:
    """Order names so that each comes after its parent; returns (order, names caught in a cycle).

    Frames (rotated from a parent), points (located from a point) and bodies (whose origin moves
    with another body) are each built in this order, and a cycle is reported where it is."""
    order: list[str] = []
    state: dict[str, int] = {}
    cyclic: list[str] = []
    for start in names:
        chain: list[str] = []
        node: str | None = start
        while node is not None and state.get(node) is None:
            state[node] = 1
            chain.append(node)
            node = parent_of(node)
        if node is not None and state.get(node) == 1:
            cyclic.extend(chain[chain.index(node) :])
        for item in reversed(chain):
            state[item] = 2
            if item not in cyclic:
                order.append(item)
    return order, cyclic
