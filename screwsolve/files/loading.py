"""Problem files -> validated `Problem` models, with `file:line:col` on every error.

Shape errors come from pydantic and are located through the YAML source map; names are checked
here too (unknown keys get a did-you-mean). Meaning (references, expressions) is checked when the
sympy system is built, see `system.py`.
"""

from __future__ import annotations

import difflib
from types import SimpleNamespace
from typing import Any, TypeVar, cast

from pydantic import BaseModel, ValidationError

from screwsolve.errors import STDIN_NAME, Diagnostic, InputError
from screwsolve.files.loaded import Loaded
from screwsolve.files.reading import read_text
from screwsolve.files.schema import Problem
from screwsolve.files.source_map import SourceMap
from screwsolve.files.yaml_reader import parse_yaml

M = TypeVar("M", bound=BaseModel)


def _allowed_keys(model: type[BaseModel], loc: tuple[Any, ...]) -> list[str]:
    """Field names (aliases) of the model at `loc`, for did-you-mean suggestions."""
    current: Any = model
    for part in loc[:-1]:
        if isinstance(part, int) or current is None:
            continue
        fields = getattr(current, "model_fields", None)
        if fields is None:
            return []
        info = fields.get(part) or next((f for f in fields.values() if f.alias == part), None)
        if info is None:
            # a dict key such as a frame name: stay on the value model
            continue
        current = _model_in(info.annotation)
    fields = getattr(current, "model_fields", None) or {}
    return [f.alias or n for n, f in fields.items()]


def _model_in(annotation: Any) -> Any:
    """The pydantic model inside a type such as `dict[str, Frame] | None`."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in getattr(annotation, "__args__", ()) or ():
        found = _model_in(arg)
        if found is not None:
            return found
    return None


def _pydantic_diagnostics(
    error: ValidationError, source: SourceMap, model: type[BaseModel], data: Any
) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    items = error.errors(include_url=False)
    # A mapping written where a word or a mapping may stand ({positive, unit: kg}): the word's
    # complaint ("use 'positive', ...") is noise beside the mapping's own.
    # A word where a mapping may stand too: the mapping's "must be a mapping" likewise.
    kept = [i for i in items if not _other_branch(i)]
    kept = _deepest_branches(kept or items, data)
    for item in kept:
        loc = _in_file(tuple(item["loc"]), data, missing=item["type"] == "missing")
        where = ".".join(str(p) for p in loc) or "the file"
        kind = item["type"]
        if kind == "extra_forbidden":
            key = str(loc[-1])
            hint = difflib.get_close_matches(key, _allowed_keys(model, loc), n=1)
            place = ".".join(str(p) for p in loc[:-1]) or "the file's top level"
            message = f"unknown key '{key}' in {place}"
            if any(sign in key for sign in "()*+/^"):
                # `{force: -c*dot(v(P), x1)*x1}`: YAML ends the entry at the comma
                message = (
                    f"'{key}' is the end of an expression cut at a comma: inside {{ }} a comma "
                    "starts a new entry; put the expression in quotes, or the entry on lines "
                    "of its own"
                )
            elif hint:
                message += f" (did you mean '{hint[0]}'?)"
            out.append(source.diagnostic(loc, message, key=True))
        elif kind == "missing":
            out.append(source.diagnostic(loc[:-1], _missing(model, loc)))
        else:
            out.append(source.diagnostic(loc, f"{where}: {_in_our_words(item)}"))
    # one message per location and text, in file order
    unique = {(d.line, d.col, d.message): d for d in out}
    return sorted(unique.values(), key=lambda d: (d.line, d.col))


def _missing(model: type[BaseModel], loc: tuple[Any, ...]) -> str:
    """A required key left out, named where it belongs; at the top of a file, with what it is
    for (the field's own description): "missing key 'referential' in referential" said it
    twice and explained nothing."""
    key = str(loc[-1])
    if len(loc) == 1:
        field = model.model_fields.get(key)
        what = (
            f": {_lower_first(field.description.rstrip('.'))}"
            if field and field.description
            else ""
        )
        return f"the file has no '{key}:'{what}"
    return f"missing key '{key}' in {'.'.join(str(p) for p in loc[:-1])}"


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _other_branch(item: Any) -> bool:
    """An error of the union branch the input was not written for: a word's (literal, text)
    for a mapping, a mapping's for a word."""
    given = item.get("input")
    if isinstance(given, dict):
        return bool(item["type"] in ("literal_error", "string_type", "enum"))
    if isinstance(given, str):
        return bool(item["type"] in ("dict_type", "model_type", "model_attributes_type"))
    return False


def _deepest_branches(items: list[Any], data: Any) -> list[Any]:
    """Of a union's branches, the errors of those the input went deepest into: `power: {R:
    {value: 0, on: surface}}` is a mapping of actions whose R is wrong, not one value missing
    its `value:` with an unknown key R. An error outside any union is always kept."""
    branches: dict[tuple[Any, ...], dict[Any, int]] = {}
    placed = []
    for item in items:
        union = _union_branch(tuple(item["loc"]), data)
        placed.append(union)
        if union is not None:
            node, branch, depth = union
            deepest = branches.setdefault(node, {})
            deepest[branch] = max(deepest.get(branch, 0), depth)
    kept = []
    for item, union in zip(items, placed, strict=True):
        if union is not None:
            node, branch, _ = union
            if branches[node][branch] < max(branches[node].values()):
                continue
        kept.append(item)
    return kept


def _union_branch(loc: tuple[Any, ...], data: Any) -> tuple[tuple[Any, ...], Any, int] | None:
    """(the file path of the outermost union an error is under, its branch tag, how many of the
    file's keys the error goes below it), or None when no branch tag is in its location."""
    node = data
    path: list[Any] = []
    for index, part in enumerate(loc):
        if _holds(node, part):
            path.append(part)
            node = node[part]
            continue
        if index == len(loc) - 1:
            return None  # a missing key's own name: no branch
        below = _in_file(loc[index + 1 :], node, missing=True)
        return tuple(path), part, len(below)
    return None


def _holds(node: Any, part: Any) -> bool:
    """Whether a location's part is a key of this mapping or an index of this list (not a
    union branch tag)."""
    if isinstance(node, dict):
        return part in node
    return isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)


def _in_file(loc: tuple[Any, ...], data: Any, *, missing: bool) -> tuple[Any, ...]:
    """A location as the file writes it: the keys and indexes found in its data, without the
    union branch tags pydantic puts between them (`literal[...]`, `Declared`, `str`). The last
    part of a missing key's location is the key itself, which the data cannot hold."""
    node, kept = data, []
    for index, part in enumerate(loc):
        if _holds(node, part):
            kept.append(part)
            node = node[part]
        elif missing and index == len(loc) - 1:
            kept.append(part)
    return tuple(kept)


def _is_number(value: Any) -> bool:
    """A number as YAML gives it to validation (the reader keeps scalars as text)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int | float):
        return True
    try:
        float(str(value))
    except ValueError:
        return False
    return True


def _in_our_words(item: Any) -> str:
    """A validation error as the file's author would say it, not as pydantic does."""
    kind, context = item["type"], item.get("ctx") or {}
    given = item.get("input")
    shown = f"'{given}'" if isinstance(given, str | int | float) else "this"
    bounds = {
        "greater_than_equal": ("at least", "ge"),
        "less_than_equal": ("at most", "le"),
        "greater_than": ("more than", "gt"),
        "less_than": ("less than", "lt"),
    }
    if kind in bounds:
        words, key = bounds[kind]
        bound = context.get(key)
        if isinstance(bound, float) and bound.is_integer():
            bound = int(bound)
        return f"{shown} must be {words} {bound}"
    if kind == "finite_number":
        return f"{shown} must be a finite number (not nan or inf)"
    if kind in ("float_parsing", "int_parsing", "float_type", "int_type", "int_from_float"):
        return f"{shown} is not a number" + (" (a whole number here)" if "int" in kind else "")
    if kind == "literal_error":
        expected = context.get("expected", "another value")
        if _is_number(given):
            # `m: 3` under parameters: a value where the file declares a symbol
            return (
                f"{shown} is a number, and a name is declared here as a symbol: write its "
                f"assumption ({expected}); numbers for a figure go to sketch:"
            )
        return f"{shown} is not allowed: use {expected}"
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return "must be a mapping (key: value lines)"
    if kind == "list_type":
        return "must be a list ([a, b] or - lines)"
    if kind == "string_type":
        return "must be text"
    if kind == "value_error":
        return str(item["msg"]).removeprefix("Value error, ")
    if kind in ("too_long", "too_short"):
        words = "at most" if kind == "too_long" else "at least"
        count = context.get("max_length" if kind == "too_long" else "min_length")
        return f"must have {words} {count} items"
    return str(item["msg"])


def load_data(text: str, file: str, what: str = "a problem file") -> tuple[Any, SourceMap]:
    """Parse YAML text into plain data (a mapping) and a source map."""
    data, source = parse_yaml(text, file)
    if not isinstance(data, dict):
        raise InputError([source.diagnostic((), f"{what} must be a YAML mapping")])
    return data, source


def validate_model(model: type[M], data: Any, source: SourceMap) -> M:
    """Validate plain data against a model, turning pydantic errors into located diagnostics."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise InputError(_pydantic_diagnostics(exc, source, model, data)) from None


def load_problem_text(text: str, file: str = STDIN_NAME) -> Loaded:
    """Text of a problem file -> validated model (shape only)."""
    data, source = load_data(text, file)
    if {"student", "answers"} <= set(data) and "referential" not in data:
        raise InputError(
            [
                source.diagnostic(
                    (),
                    "this is an answer file (student:, problem:, answers:), not a problem: "
                    "grade it with `screwsolve grade --key KEY FILE`",
                )
            ]
        )
    problem = validate_model(Problem, data, source)
    return Loaded(problem, source, text)


def load_problem(path: str) -> Loaded:
    """A problem file by path ('-' for standard input) -> validated model (shape only)."""
    file, text = read_text(path)
    return load_problem_text(text, file)


def detached(loaded: Loaded) -> Loaded:
    """The same problem with every model as a plain namespace of its fields, for a solving worker
    that must not import pydantic to unpickle it. Solving reads fields and nothing else of a
    model (tests/files/test_loading.py solves every shipped problem both ways)."""
    return Loaded(cast(Problem, _plain(loaded.problem)), loaded.source, loaded.text)


def _plain(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return SimpleNamespace(
            **{name: _plain(getattr(value, name)) for name in type(value).model_fields}
        )
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return value
