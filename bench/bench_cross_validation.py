"""Hundreds of random trees of links: screwsolve's power coefficients against sympy.physics.mechanics.

Run: python bench/bench_cross_validation.py [--count N] [--links L]. Prints how many agree and the
time each side took. The test suite runs a few dozen of the same chains (tests/test_cross_validation).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from screwsolve.api import analyse  # noqa: E402
from screwsolve.files.loading import load_problem_text  # noqa: E402
from screwsolve.symbolic.equivalence import equivalent  # noqa: E402
from tests.chains import AXES, Link, mechanics_coefficients, to_yaml  # noqa: E402


def random_chain(rng: random.Random, max_links: int) -> list[Link]:
    """A random tree of links, drawn as tests/chains.py's strategy draws them."""
    links = []
    for i in range(1, rng.randint(1, max_links) + 1):
        angle = rng.choice(["q", "q", "q+t", "t"]) if i > 1 else "q"
        parent = rng.randint(0, i - 1)
        links.append(
            Link(
                parent,
                rng.choice(AXES),
                angle,
                rng.choice(AXES),
                rng.randint(0, i),
                rng.choice(AXES),
                rng.choice(AXES),
                rng.random() < 0.5 and parent > 0 and angle != "t",
                force_at=rng.choice("PG"),
                second_frame=rng.randint(0, i),
                second_axis=rng.choice(AXES),
                linear_spring=rng.random() < 0.5,
            )
        )
    return links


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--links", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(7)
    agree = 0
    ours = theirs = 0.0
    for _ in range(args.count):
        links = random_chain(rng, args.links)
        start = time.perf_counter()
        analysis = analyse(load_problem_text(to_yaml(links), "chain.yaml"))
        mine = {q: analysis.static(v) for q, v in analysis.coefficients.items()}
        ours += time.perf_counter() - start
        start = time.perf_counter()
        reference = mechanics_coefficients(links)
        theirs += time.perf_counter() - start
        if all(equivalent(mine[q], value).equal for q, value in reference.items()):
            agree += 1
        else:
            print("DISAGREE:\n" + to_yaml(links))
    print(
        f"{agree}/{args.count} trees agree (up to {args.links} links); "
        f"screwsolve {ours:.1f} s, sympy.physics.mechanics {theirs:.1f} s"
    )


if __name__ == "__main__":
    main()
