"""Expression machinery with no knowledge of mechanics: the sympy <-> symengine bridge, graph
walks, bounded simplification, common subexpressions, equivalence by probing, printing.

Nothing here imports the model, the mechanics or anything above them.
"""
