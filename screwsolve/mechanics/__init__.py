"""The mechanics (DESIGN §2): screws, kinematics, action screws, power, power coefficients,
interaction, constraints. `fast/` computes power coefficients on plain symengine symbols.
"""
