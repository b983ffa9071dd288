"""Long expressions in table cells fold at spaces and operators, never inside a name that
fits the column; every piece fits; nothing is lost or reordered."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from rich.table import Table

from screwsolve.render.wrapping import ExpressionText, break_offsets


def _pieces(line: str, width: int) -> list[str]:
    cuts = [0, *break_offsets(line, width), len(line)]
    return [line[a:b] for a, b in itertools.pairwise(cuts)]


names = st.sampled_from(["theta", "g", "l", "m", "alpha_fl", "x'", "psi", "2", "F_Q"])
terms = st.lists(names, min_size=1, max_size=4).map("*".join)
calls = st.one_of(terms, terms.map(lambda t: f"cos({t})"), terms.map(lambda t: f"sin({t})**2"))
expressions = st.lists(calls, min_size=1, max_size=8).map(" + ".join)


@given(expressions, st.integers(8, 60))
def test_pieces_fit_and_names_stay_whole(line: str, width: int) -> None:
    pieces = _pieces(line, width)
    assert "".join(pieces) == line
    assert all(len(piece.rstrip()) <= width for piece in pieces)
    for cut in break_offsets(line, width):
        inside = line[cut - 1].isalnum() or line[cut - 1] in "_'"
        assert not (inside and (line[cut].isalnum() or line[cut] in "_'")), (line, cut)


def test_a_name_wider_than_the_column_is_the_only_thing_cut() -> None:
    assert _pieces("a*b*supercalifragilistic", 8) == ["a*b*", "supercal", "ifragili", "stic"]


def test_a_table_column_folds_at_operators() -> None:
    """The plate's Q^theta in a narrow column: the book's example of a fold inside cos(theta)."""
    table = Table("Q^theta", width=22)
    table.add_row(ExpressionText("N_Q*h/sin(theta) - g*l*m*cos(theta)"))
    console = Console(width=22, record=True, color_system=None)
    console.print(table)
    shown = console.export_text()
    assert "cos(the" not in shown.replace("cos(theta)", "")
    assert "g*l*m*cos(theta)" in shown  # a call is not folded when the column holds it


def test_a_call_is_folded_inside_only_when_no_operator_leaves_a_piece_that_fits() -> None:
    """Kane & Levinson's radial force in a narrow column: `3*cos(q2)**2*cos(` / `q3)**2)` was
    cut inside the call though a `*` before it fits; a call wider than the column still is."""
    line = "I1*(1 - 3*cos(q2)**2*cos(q3)**2)"
    assert _pieces(line, 18) == ["I1*(1 - 3*", "cos(q2)**2*", "cos(q3)**2)"]  # not "...*cos("
    assert _pieces("atan2(numer, y)", 8) == ["atan2(", "numer, ", "y)"]  # no better break


def test_a_sign_stays_with_the_long_term_after_it() -> None:
    """A term too wide for the column is cut anyway: the line it starts on is filled first, so
    its sign is never left alone on a line (`I2*(1` / `-` / `3*sin(...)...`)."""
    pieces = _pieces("cos(q3)**2) + I2*(1 - 3*sin(q3)**2*cos(q2)**2)", 19)
    assert all(piece.strip() not in ("-", "+") for piece in pieces), pieces


def _pieces_of(line: str, width: int) -> list[str]:
    cuts = [0, *break_offsets(line, width), len(line)]
    return [line[a:b].strip() for a, b in itertools.pairwise(cuts)]


def test_a_space_inside_a_calls_arguments_gives_way_to_one_outside() -> None:
    """`m2*g*(L1*cos(theta1) + L2*cos(theta1 + theta2)/2)` in 40 cells: the space inside
    cos(theta1 + theta2) would fit more on the first line, but a reader cuts before L2."""
    line = "-m2*g*(L1*cos(theta1) + L2*cos(theta1 + theta2)/2)"
    assert _pieces_of(line, 40) == ["-m2*g*(L1*cos(theta1) +", "L2*cos(theta1 + theta2)/2)"]
    # no space outside a call that leaves the line half full: the call's space it is
    assert _pieces_of("f(a + b + c + d + e + g + h)", 16) == ["f(a + b + c + d", "+ e + g + h)"]
