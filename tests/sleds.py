"""Random sleds for the laws about constraints: a body turned by theta in the plane, a knife
edge with Coulomb friction at P, drag at a point G placed anywhere on it, a steering action,
and one constraint v . k = 0 in a direction k fixed in the sled."""

from __future__ import annotations

from hypothesis import strategies as st

# where a sled's drag acts, which point is constrained, and in which direction (k fixed in it)
GEOMETRY = {
    "gx": st.sampled_from(["0", "a", "2"]),
    "gy": st.sampled_from(["0", "1", "-a"]),
    "point": st.sampled_from(["P", "G"]),
    "k": st.sampled_from([("0", "1"), ("1", "1"), ("cos(theta)", "2"), ("a", "sin(theta)")]),
}

SLED = """title: a sled with a knife edge, drag and a constraint in a random direction
referential: N
parameters: {c: positive, mu: positive, N_P: positive, T: real, a: real}
coordinates: [x, y, theta]
@speeds@
frames: {N: {}, A: {from: N, rotate: [z, theta]}}
points:
  O: {fixed_in: N}
  P: {from: O, position: x*xN + y*yN}
  G: {from: P, position: @gx@*xA + @gy@*yA, body: sled}
bodies: {sled: {frame: A, origin: P}}
actions:
  - {name: edge, on: sled, friction: {at: P, normal: N_P, coefficient: mu}}
  - {name: air, on: sled, drag: {at: G, coefficient: c}}
  - {name: turn, on: sled, @turn@}
constraints:
  - dot(v(@constrained@), @k1@*xA + @k2@*yA) = 0
"""


def sled(
    gx: str,
    gy: str,
    k: tuple[str, str],
    *,
    constrained: str = "P",
    speeds: str = "",
    turn: str = "at: P, moment: T*zA",
) -> str:
    """A sled's problem text: G at gx a_x + gy a_y, the constraint v_constrained . k = 0."""
    fill = {
        "@speeds@": speeds,
        "@gx@": gx,
        "@gy@": gy,
        "@turn@": turn,
        "@constrained@": constrained,
        "@k1@": k[0],
        "@k2@": k[1],
    }
    text = SLED
    for mark, value in fill.items():
        text = text.replace(mark, value)
    return text
