"""A problem's meaning as sympy objects: the expression grammar, frames, points, bodies, the
descriptions of its actions and joints, every reference checked with a located error.
"""
