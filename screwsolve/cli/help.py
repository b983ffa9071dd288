"""Help screens that teach: arguments shown as `PATH...` (not typer's `{PATH}...` and
`<list[str]>`), and each command's examples and exit codes kept as written."""

from __future__ import annotations

from typing import Any

from typer.core import TyperArgument, TyperCommand, TyperOption

# What an option's value is, in words (typer would print <int range>, <path>, <str>)
METAVARS = {
    "format": "FORMAT",
    "junit": "FILE",
    "output": "FILE",
    "seed": "N",
    "jobs": "N",
    "timeout": "SECONDS",
    "color": "WHEN",
    "at": "POINT",
    "fail_under": "PERCENT",
    "assignment": "NAME",
}


class PlainHelpCommand(TyperCommand):
    """A command whose arguments read as their metavar in the usage line and the list, and
    whose options name their value in words (bounds are said in the option's help)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            if isinstance(param, TyperOption) and param.name in METAVARS and not param.metavar:
                param.metavar = METAVARS[param.name]
            if hasattr(param, "_get_number_range_help_str"):  # bounds are said in the help
                bounded: Any = param
                bounded._get_number_range_help_str = lambda: None
            if isinstance(param, TyperArgument):
                label = param.metavar or (param.name or "ARG").upper()
                if param.nargs != 1 and not label.endswith("..."):
                    label += "..."
                # instance attributes over typer's methods of the same names (typer 0.12+)
                plain: Any = param
                plain._usage_display_name = lambda label=label: label
                plain._rich_display_name = lambda label=label: label
                plain.display_type_rich = lambda ctx: None


def epilog(examples: list[str], exit_codes: dict[int, str]) -> str:
    """Examples, one per line as typed, and the exit codes (\\b: click keeps the block's lines)."""
    lines = "\n".join(f"  {example}" for example in examples)
    codes = "\n".join(f"  {code}  {meaning}" for code, meaning in exit_codes.items())
    return f"\b\nExamples:\n{lines}\n\n\b\nExit codes:\n{codes}"
