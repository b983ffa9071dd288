"""The result object renderers format, and its construction from an analysis."""
