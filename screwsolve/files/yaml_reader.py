"""YAML text -> plain data with the line and column of every key and value.

Built from PyYAML's event stream rather than its constructor, so that:
- every scalar stays a string (no YAML 1.1 booleans, octals or dates; `on:` stays `on`),
  except an explicit null; numeric keys such as `0:` are names;
- aliases (billion laughs), duplicate keys, several documents and deep nesting are refused
  before anything walks the data.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import yaml

from screwsolve.errors import Diagnostic, InputError
from screwsolve.files.source_map import Mark, Path, SourceMap
from screwsolve.limits import MAX_FILE_BYTES, MAX_YAML_DEPTH, MAX_YAML_NODES


def _mark(event: yaml.Event) -> Mark:
    start = event.start_mark
    style = getattr(event, "style", None) or None  # libyaml gives '' for a plain scalar
    if start is None:
        return Mark(1, 1, style)
    return Mark(start.line + 1, start.column + 1, style)


def _fail(file: str, event_or_mark: Any, message: str) -> InputError:
    mark = getattr(event_or_mark, "start_mark", event_or_mark)
    line = getattr(mark, "line", 0) + 1
    col = getattr(mark, "column", 0) + 1
    return InputError([Diagnostic(file, line, col, message)])


@dataclass
class _Frame:
    container: dict[str, Any] | list[Any]
    path: Path
    pending_key: str | None = None
    pending_key_mark: Mark | None = None


def _scalar_value(event: yaml.ScalarEvent) -> str | None:
    if not event.style and event.value in ("", "~", "null", "Null", "NULL"):
        return None
    return str(event.value)


_SURROGATE = re.compile(r"[\ud800-\udfff]")
# libyaml's parser (the same events, several times faster) when PyYAML was built with it
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse_yaml(text: str, file: str) -> tuple[Any, SourceMap]:
    """Parse one YAML document into dicts, lists, strings and None, with a source map."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise _fail(file, None, f"file is larger than the limit of {MAX_FILE_BYTES} bytes")
    source = SourceMap(file)
    stack: list[_Frame] = []
    root: Any = None
    documents = 0
    nodes = 0

    def place(value: Any, mark: Mark, event: yaml.Event) -> Path | None:
        nonlocal root
        if isinstance(value, str) and _SURROGATE.search(value):
            found = _SURROGATE.search(value)
            assert found is not None
            raise _fail(
                file,
                event,
                f"text that is not valid Unicode (lone surrogate U+{ord(found.group()):04X}, "
                "written as an escape such as \\ud800)",
            )
        if not stack:
            root = value
            source.values[()] = mark
            return ()
        top = stack[-1]
        if isinstance(top.container, list):
            path = (*top.path, len(top.container))
            top.container.append(value)
            source.values[path] = mark
            return path
        if top.pending_key is None:
            if not isinstance(value, str):
                raise _fail(file, event, "a mapping key must be a plain name, not a collection")
            if value in top.container:
                raise _fail(file, event, f"duplicate key '{value}'")
            top.pending_key = value
            top.pending_key_mark = mark
            return None
        key = top.pending_key
        path = (*top.path, key)
        top.container[key] = value
        source.values[path] = mark
        if top.pending_key_mark is not None:
            source.keys[path] = top.pending_key_mark
        top.pending_key = None
        return path

    try:
        for event in yaml.parse(text, Loader=_LOADER):
            if isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                if documents > 1:
                    raise _fail(file, event, "one YAML document per file")
            elif isinstance(event, yaml.AliasEvent):
                raise _fail(file, event, "YAML aliases (*name) are not accepted")
            elif isinstance(
                event, yaml.ScalarEvent | yaml.MappingStartEvent | yaml.SequenceStartEvent
            ):
                nodes += 1
                if nodes > MAX_YAML_NODES:
                    raise _fail(file, event, f"more than {MAX_YAML_NODES} YAML nodes")
                if getattr(event, "anchor", None):
                    raise _fail(file, event, "YAML anchors (&name) are not accepted")
                if isinstance(event, yaml.ScalarEvent):
                    if event.tag not in (None, "!", "tag:yaml.org,2002:str"):
                        raise _fail(file, event, f"YAML tag '{event.tag}' is not accepted")
                    place(_scalar_value(event), _mark(event), event)
                    continue
                if event.tag is not None:
                    raise _fail(file, event, f"YAML tag '{event.tag}' is not accepted")
                if len(stack) >= MAX_YAML_DEPTH:
                    raise _fail(file, event, f"nesting deeper than {MAX_YAML_DEPTH} levels")
                container: dict[str, Any] | list[Any] = (
                    {} if isinstance(event, yaml.MappingStartEvent) else []
                )
                path = place(container, _mark(event), event)
                if path is None:
                    raise _fail(file, event, "a mapping key must be a plain name, not a collection")
                stack.append(_Frame(container, path))
            elif isinstance(event, yaml.MappingEndEvent | yaml.SequenceEndEvent):
                stack.pop()
    except yaml.reader.ReaderError as exc:
        before = text[: exc.position]
        line = before.count("\n") + 1
        col = exc.position - (before.rfind("\n") + 1) + 1
        character = exc.character if isinstance(exc.character, str) else chr(exc.character)
        message = f"character U+{ord(character):04X} is not allowed in YAML"
        raise InputError([Diagnostic(file, line, col, message)]) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or "invalid YAML"
        if "nesting depth" in problem:
            # PyYAML 6.0.4's parser has a depth limit of its own, met while it reads ahead of
            # the events that would meet ours: the file is refused for the same reason
            raise _fail(file, mark, f"nesting deeper than {MAX_YAML_DEPTH} levels") from None
        at = exc.problem_mark.index if exc.problem_mark is not None else -1
        if "\t" in problem or "tab" in problem or text[at : at + 1] == "\t":
            problem = "tabs are not allowed for indentation in YAML: indent with spaces"
        elif exc.context_mark is not None and "flow" in (exc.context or ""):
            # the reader's mistake is where the brace opened, often lines before PyYAML noticed
            opened = "{" if "mapping" in (exc.context or "") else "["
            closer = "}" if opened == "{" else "]"
            where = exc.context_mark
            problem = (
                f"the '{opened}' at line {where.line + 1}, column {where.column + 1} is not "
                f"closed with '{closer}', or a ',' is missing between its entries"
            )
        raise _fail(file, mark, f"YAML syntax: {problem}") from None
    except yaml.YAMLError as exc:
        raise _fail(file, None, f"YAML: {exc}") from None
    except RecursionError:
        raise _fail(file, None, "nesting too deep") from None
    return root, source
