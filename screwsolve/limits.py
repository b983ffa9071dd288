"""Every size, depth and effort limit of screwsolve, each with the measurement behind it.

Two kinds live here. Input limits refuse what no textbook problem needs, so that a hostile file
costs little. Effort limits bound the work spent on an expression (simplifying, counting,
expanding) so that long chains stay fast; they never change what a result means, only how much
work goes into making it read well. Nothing here imports anything: every layer may use it.
"""

from __future__ import annotations

# -- files ----------------------------------------------------------------------------------

# The largest shipped problem is under 10 kB; a class's submission under 2 kB.
MAX_FILE_BYTES = 1_000_000
# An answer key's points per item (no more: a class's total stays a finite, exact-enough sum)
MAX_ITEM_POINTS = 1_000_000
# Problem files nest five levels (expected: > power_coefficients > action > coordinate).
MAX_YAML_DEPTH = 32
# Scalars, mappings and sequences in one file; the car problem has about 400.
MAX_YAML_NODES = 50_000

# -- expressions (the grammar) ------------------------------------------------------------------

# Sized from real answers, at least three times the largest met: a rigid body on three linear
# springs (6 degrees of freedom, the shape of Kane & Levinson's exercise) has generalized forces
# of 1 989 characters and 1 847 ast nodes written out in full (the book's print about 2 500
# characters and 1 000 nodes); problems/ has 234 characters and 163 nodes at most. A
# 10 000-character expression is still refused, and the cost model below bounds the rest.
# An expanded answer of 1 000 terms (a student's, or a published generalized force multiplied out)
# takes 12 000 to 15 000 characters; sums and products are folded in a loop, so their width costs
# no recursion.
MAX_EXPRESSION_CHARS = 16_000
# Nodes are operations and operands (ast expressions): a 1 000-term sum of products of three
# factors has about 5 000.
MAX_EXPRESSION_NODES = 6000
MAX_PAREN_DEPTH = 40
# sympy expands x**n of a sum eagerly in places; |n| <= 100 keeps that bounded.
MAX_EXPONENT = 100
MAX_INT_DIGITS = 40
# A number an expression computes (1e300**2, a product of literals): at most this many digits
# (a float literal has at most 309; sympy, printing one of 30 000, stops at Python's limit)
MAX_NUMBER_DIGITS = 400
# Upper bounds on what full expansion of an expression could produce (the grammar's cost model):
# the largest textbook answer met expands to under 200 terms of degree under 10, while
# ((l+1)**100)**100 would have degree 10 000 and (a+b+c+d)**6 four times over 5e7 terms.
MAX_EXPANDED_TERMS = 20_000
MAX_DEGREE = 1000

# -- problems ---------------------------------------------------------------------------------

# Counts per section of one problem. They are not what bounds the work (the child process's time
# and memory limits do, for `run`, `check` and `grade` alike): they stop a file that lists more
# than any model could use. A 40-link chain (two rotations a link, a weight and a tip force each,
# a spring-damper between links) has 203 parameters, 80 coordinates, 81 frames and points, 79
# actions; a human-body or vehicle model of research size a few hundred of each.
MAX_ENTRIES = {
    "parameters": 2000,
    "coordinates": 400,
    "functions": 400,
    "speeds": 400,
    "dependent_speeds": 400,
    "frames": 1000,
    "points": 2000,
    "bodies": 500,
    "actions": 2000,
    "joints": 500,
    "constraints": 400,
}
# A frame at most this many rotations from the referential: every expression of its bodies nests
# one level per rotation. The shared names cut that nesting before printing: a tower of 200
# frames turned by functions of time prints as table, LaTeX and JSON (and with --at, --only,
# sketch), and with `--steps` since it reads the core's columns (34 s, 0.89 GB; through sympy's
# kinematics it recursed too deep at 200). 120 is the 60-link two-axis chain's depth (it was
# 100, when sympy's printers met the nesting whole).
MAX_FRAME_DEPTH = 120

# -- work (model/cost.py: estimated from a problem's structure at validation) -----------------

# The count limits above bound what a file may declare, not what it costs; these bound the cost.
# One unit is about 2.4 microseconds of the whole `run` on a 2-core machine (bench/bench_cost.py,
# six families each timed at five sizes or more). Each weight is what its kind of work cost per
# unit there, the largest of the families that exercise it:
# - a size unit (a speed times an operation it meets): frames turned by 200-term angles took
#   2.3-2.4 us per unit from 12 to 32 frames (60 forces of 1 000 terms: 1.1 us, left to it);
WORK_PER_SIZE = 1
# - a speed times a rotation it passes through: refitted as the core's costs fell (it was 50,
#   then 28): with this weight two-axis chains of 48 to 60 links take 1.7-1.8 us a unit, one-axis
#   chains of 84 to 110 links 2.0-2.1 us and the spring mesh, whose checks multiply this term,
#   1.9-2.2 us from 9 to 11 links, under the 2.4 us the budget assumes (the estimate grows like
#   n**3 with a chain's links, its run like n**2.2: large chains are over-estimated);
WORK_PER_ROTATION = 20
# - a row (a speed for a body or an action, zeros included): 400 independent pendulums 90 us;
WORK_PER_ROW = 40
# - a product in the determinant of the constraints solved for the dependent speeds (Bregman's
#   bound), per independent speed: 5 constraints each mixing all of 10 or 11 speeds by a
#   parameter (120 products, 5 or 6 independent speeds: 41.5 s and 51.0 s) 70 ms. The rocket
#   car's 8 rolling conditions bound 44 (6 % of the budget) and take 1.9 s: left to it;
WORK_PER_ELIMINATION_TERM = 29_000
# - a spring, damper, friction, drag or contact: its work again, times this, for each speed
#   (the spring mesh, measured after the weights above: a spring and a damper between every two
#   joints of a 12-link chain, estimated at 4 % of the budget, took 94.5 s; with this term the
#   8-link mesh is at 65 % and takes 16.5 s, the 9-link one refused at 114 % takes 27.6 s);
WORK_PER_CHECKED_SPEED = 14
# - and, for each such law, every speed of the problem once more: its potential and dissipation
#   are checked against its power coefficients for every coordinate, not only its own (particles
#   joined in pairs by springs: 40 particles, 80 speeds and 780 springs took 41.8 s, 50 particles
#   83.6 s, at 0.19 and 0.35 of the budget without this term; with it 0.60 and 1.15: the 50
#   are refused before any work);
WORK_PER_CHECKED_ROW = 130
# - a node of an expression the file writes, read twice (the parent validates, the worker builds);
WORK_PER_NODE = 10
# The budget of the default 60 s: about 48 s of work at 2.4 us a unit. Accepted, and measured
# (bench/bench_cost.py, whole runs in the worker): a 90-link chain (17.4 million units: 35.3 s,
# 0.71 GB), a 50-link two-axis chain (15.7 million: 26.1 s, 0.73 GB), the 10-link spring mesh
# (16.2 million: 30.6 s), 28 frames by 200-term angles (30.8 s), 400 pendulums (18.3 s), 5
# constraints in 10 speeds (43.6 s). Refused: a 100-link chain (23.7 million; 50.7 s), a 55-link
# two-axis chain (20.7 million; 34.3 s), 40 frames by long angles (out of memory after 66 s), 6
# constraints in 12 speeds (more than 120 s). Every shipped problem is under a tenth of it.
# `--timeout` above the default (run's 300 s among them) raises it in proportion, up to:
MAX_WORK = 20_000_000
# A longer time limit raises the budget only up to what the worker's memory holds: at most 65
# bytes a unit in every family (40 frames by long angles, 40.2 million units: 2.6 GB; the 60-link
# two-axis chain 40, 26.7 million: 1.08 GB in 45.5 s, accepted by `run`; chains 41), so 1.8 GB
# at this limit. `--timeout 0` (in-process, no limits) lifts both.
MAX_WORK_IN_MEMORY = 28_000_000

# -- effort on expressions (tree nodes counted with a bounded walk, operations by count_ops) ----

# Frames: candidate cross products of unit vectors with a component over this many tree nodes are
# ranked after every small one without counting them (count_ops of a 16-link chain's direction
# cosines took seconds).
CROSS_PRODUCT_NODES = 2000
# Kinematics: a screw component over this many tree nodes is differentiated by a rate on its graph
# in symengine (the 8-link chain's run went from 36.8 s to 30.4 s).
GRAPH_DERIVATIVE_NODES = 2000
# Jacobian core: a share over this many operations is not expanded (expanding a long chain's share
# multiplies its size).
EXPAND_SHARE_OPERATIONS = 400
# Jacobian core: a product whose tree exceeds TREE_NODES is ranked by the rotations its unit
# vectors need (each doubles a direction cosine's tree) unless their sum of 2**steps is under
# ROTATION_SPREAD, where the tree is known to be small; this took the 16-link chain's
# coefficients from 10.9 s to 0.65 s.
PRODUCT_TREE_NODES = 100
ROTATION_SPREAD = 1 << 18
# Jacobian core: a problem with a frame this many rotations below the referential has its
# coefficients and screws interned as they are built. Through rotations, symengine's values hold
# equal subexpressions built apart (the 20-link chain's coefficients: 183 000 nodes for 18 000
# distinct) and interning paid for itself twice over; in one frame there is little to share
# (100 forces of 1 000 terms on 60 coordinates: 25.3 s without, 33.2 s with).
INTERN_ROTATIONS = 3
# Jacobian core: a screw on a body at the end of this many bodies carried by one another (a chain of
# links turned about two axes or more) has its coefficients from its moments about their origins,
# each rotated from the one before (JacobianCore._nested_shares): they nest, where the products of
# the screw with each point's velocity are flat sums of the lever arms (n^3 terms over an n-link
# chain). Written out, nested values are longer: at 6 links the two-axis chain had 28 of 234
# values past a claim's 16 000 characters (the products 10), a 7-axis arm's tool load past it
# too, so chains an instructor may still write claims for keep the products; from 10 links
# most of the products' values are past it already (148 of 227 past 1 500 tree nodes).
NESTED_ORIGINS = 10
# Jacobian core: a product over this many tree nodes is sized by its tree's nodes counted on its
# graph, not by count_ops (which walks the tree): 24 frames turned by 200-term angles took 20.7 s
# to rank their products, doubling every four frames. Every shipped problem's products and the
# chains' are far under it (their ranking is unchanged: goldens byte-identical).
COUNTED_OPERATIONS_NODES = 5000
# Simplification: expressions over this many tree nodes are left as built. None larger ever
# shrank: the 8-link chain's 39 values of 2 000-6 000 nodes kept all their 92 591 operations,
# at a second's cost.
SIMPLIFY_NODES = 2000
# Simplification in symengine (a large problem's values): values over this many tree nodes are
# left as built and printed over the shared names. Simplified, a value stops sharing its nodes
# with the others, so past this size simplifying made the whole output larger as well as slower:
# whole JSON with 2 000 / 300 here, 3-link chain 79 547 / 70 627 bytes, 8-link 556 909 / 525 557,
# 20-link 3.69 / 3.62 MB, and the 20-link solve 10.7 s / 8.4 s (800 was in between). No shipped
# problem has a value past 150 nodes.
ENGINE_SIMPLIFY_NODES = 300
# Simplification: values up to this many tree nodes take sympy's pipeline (every shipped
# problem's values have at most 134); larger ones symengine's, which gave no chain value a larger
# printed form and took the 8-link chain's coefficients from 2.9 s to 0.7 s. In a problem with a
# power coefficient past this size (`solution.build.is_large`), every value takes symengine's.
SYMPY_SIMPLIFY_NODES = 150
# Presentation: a simplified result over this many tree nodes stays the symengine value it was
# simplified as and is printed from its graph; smaller ones are sympy, printed by sympy (every
# shipped problem's are).
ENGINE_VALUE_NODES = 150
# Simplification: expansion and Pythagorean forms (symengine) up to this many operations.
SIMPLIFY_EXPAND_OPERATIONS = 1500
# Simplification (symengine): Pythagorean forms are looked for only in an expansion at most this
# many times the value's operations. Every value they shrank (chains of 3, 5 and 8 links, every
# shipped problem) expanded at most 5.8 times; the 8-link chain's larger expansions (up to 60
# times) cost 0.4 s to search and never gave a smaller form.
SQUARES_EXPANSION_RATIO = 8
# Simplification: sympy's factor_terms and angle-sum folding (TR10i) are slow on large sums.
SIMPLIFY_FACTOR_OPERATIONS = 300
SIMPLIFY_ANGLE_SUM_OPERATIONS = 300
# Presentation: a partial screw by generalized speed is re-expressed in each of its frames to
# print it smallest, unless a coefficient has more tree nodes than this.
COMPACT_VECTOR_NODES = 400
# Force laws: a law over this many operations gets no closed-form potential or dissipation
# (a Stribeck law with viscous term has 14; a cubic spring 6).
INTEGRAL_OPERATIONS = 120
# An integral (a law's potential or dissipation, a potential from power coefficients) is searched
# for this long at most: past it there is "no closed form found in time" (a Stribeck law takes
# milliseconds; F_c*atan((v/v_s)**3) took 54 s in manualintegrate).
INTEGRAL_SECONDS = 5.0
# Common subexpressions: values over this many tree nodes are printed over shared names; the
# largest textbook answer shipped has about 150.
SHARE_NODES = 400

# -- probing ----------------------------------------------------------------------------------

# The seed of check's probe points: fixed, so that a course's CI gives the same verdicts on
# every run (grade draws a secret one per run instead).
DEFAULT_SEED = 20261121

# -- batch work -------------------------------------------------------------------------------

# Per problem of `check` and per submission of `grade`, in a child process.
DEFAULT_SECONDS = 60.0
MAX_TIMEOUT = 86_400.0  # --timeout: a day at most (larger ones overflowed the worker's timers)
MAX_SETTINGS_TIMEOUT = 3_600.0  # timeout in a repository's pyproject.toml: it cannot lift limits
DEFAULT_MEMORY_BYTES = 2 * 1024**3
