"""Problem files as data: the pydantic models, YAML with a source map, bounded reading.

The first layer. Nothing here imports sympy: validating a file's shape stays cheap, and the
JSON Schema comes from these models.
"""
