"""The symengine route: partial velocities as Jacobian columns on plain symbols."""
