"""Renderers: format a Solution or a report as text, LaTeX or JSON; they compute nothing."""

RENDERERS = ("table", "latex", "json")
