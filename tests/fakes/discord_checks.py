"""Discord's own validation of what a bot sends, so the fake rejects what Discord would.

A bad body gets 400 with code 50035 "Invalid Form Body" and `errors` nested by field path,
which discord.py flattens into `HTTPException.text`. Only the limits a card-game bot can
plausibly hit are checked: command names and descriptions, message length, embeds, and
the 5 x 5 component grid with `custom_id` <= 100 characters.
"""

from __future__ import annotations

from typing import Any

from tests.fakes.discord_model import component_nodes

Problem = tuple[str, str, str]  # (dotted field path, error code, message)

IS_COMPONENTS_V2 = 1 << 15
_NAME_PUNCTUATION = "-_'"


def form_errors(problems: list[Problem]) -> dict[str, Any]:
    """The `errors` object Discord nests by field path (`{"a": {"0": {"_errors": [...]}}}`)."""
    tree: dict[str, Any] = {}
    for path, code, message in problems:
        node = tree
        for part in path.split("."):
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
    return tree


def _length(path: str, value: Any, low: int, high: int) -> list[Problem]:
    size = len(value or "")
    if low <= size <= high:
        return []
    return [(path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")]


def _too_many(path: str, items: list[Any], limit: int) -> list[Problem]:
    if len(items) <= limit:
        return []
    return [(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")]


def _command_name(path: str, name: Any, *, chat_input: bool) -> list[Problem]:
    if not isinstance(name, str) or not 1 <= len(name) <= 32:
        return [(path, "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 32 in length.")]
    if not chat_input:
        return []
    # Discord's regex is ^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$, lowercase where it can be.
    if any(not (ch.isalnum() or ch in _NAME_PUNCTUATION) for ch in name) or name != name.lower():
        return [(path, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")]
    return []


def _localized(path: str, table: Any, check: Any) -> list[Problem]:
    problems: list[Problem] = []
    for locale, text in (table or {}).items():
        problems += check(f"{path}.{locale}", text)
    return problems


def _option_problems(path: str, option: dict[str, Any], depth: int) -> list[Problem]:
    problems = _command_name(f"{path}.name", option.get("name"), chat_input=True)
    problems += _length(f"{path}.description", option.get("description"), 1, 100)
    problems += _localized(
        f"{path}.name_localizations",
        option.get("name_localizations"),
        lambda p, v: _command_name(p, v, chat_input=True),
    )
    problems += _localized(
        f"{path}.description_localizations",
        option.get("description_localizations"),
        lambda p, v: _length(p, v, 1, 100),
    )
    choices = option.get("choices") or []
    problems += _too_many(f"{path}.choices", choices, 25)
    for i, choice in enumerate(choices):
        problems += _length(f"{path}.choices.{i}.name", choice.get("name"), 1, 100)
    kind = option.get("type")
    if kind in (1, 2):
        if kind == 2 and any(o.get("type") != 1 for o in option.get("options") or []):
            problems.append(
                (
                    f"{path}.options",
                    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    "A subcommand group may only contain subcommands",
                )
            )
        if depth >= 2 and kind == 2:
            problems.append(
                (
                    f"{path}.type",
                    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    "Subcommand groups cannot be nested",
                )
            )
        problems += _options_problems(f"{path}.options", option.get("options") or [], depth + 1)
    return problems


def _options_problems(path: str, options: list[dict[str, Any]], depth: int) -> list[Problem]:
    problems: list[Problem] = []
    problems += _too_many(path, options, 25)
    names = [o.get("name") for o in options]
    if len(set(names)) != len(names):
        problems.append(
            (path, "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS", "Option names must be unique")
        )
    nested = [o.get("type") in (1, 2) for o in options]
    if any(nested) and not all(nested):
        problems.append(
            (
                path,
                "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                "Subcommands cannot be mixed with other options",
            )
        )
    seen_optional = False
    for i, option in enumerate(options):
        if option.get("required") and seen_optional:
            problems.append(
                (
                    f"{path}.{i}.required",
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
            )
        optional = option.get("type") not in (1, 2) and not option.get("required")
        seen_optional = seen_optional or optional
        problems += _option_problems(f"{path}.{i}", option, depth)
    return problems


def command_problems(command: dict[str, Any], path: str = "") -> list[Problem]:
    """What Discord rejects in one application command payload."""
    prefix = f"{path}." if path else ""
    chat_input = command.get("type", 1) == 1
    problems = _command_name(f"{prefix}name", command.get("name"), chat_input=chat_input)
    if chat_input:
        problems += _length(f"{prefix}description", command.get("description"), 1, 100)
        problems += _options_problems(f"{prefix}options", command.get("options") or [], 0)
    elif command.get("description"):
        problems.append(
            (
                f"{prefix}description",
                "APPLICATION_COMMAND_INVALID_DESCRIPTION",
                "Context menu commands cannot have a description",
            )
        )
    problems += _localized(
        f"{prefix}name_localizations",
        command.get("name_localizations"),
        lambda p, v: _command_name(p, v, chat_input=chat_input),
    )
    return problems


def commands_problems(commands: list[dict[str, Any]]) -> list[Problem]:
    """What Discord rejects in a bulk overwrite (each command, plus the per-scope counts)."""
    problems: list[Problem] = []
    for i, command in enumerate(commands):
        problems += command_problems(command, str(i))
    keys = [(c.get("type", 1), c.get("name")) for c in commands]
    if len(set(keys)) != len(keys):
        problems.append(("_", "APPLICATION_COMMANDS_DUPLICATE_NAME", "Names must be unique"))
    for kind, limit in ((1, 100), (2, 5), (3, 5)):
        problems += _too_many("_", [k for k, _ in keys if k == kind], limit)
    return problems


def _embed_problems(path: str, embed: dict[str, Any]) -> list[Problem]:
    limits = {"title": 256, "description": 4096}
    problems: list[Problem] = []
    total = 0
    for key, limit in limits.items():
        size = len(embed.get(key) or "")
        total += size
        if size > limit:
            problems.append(
                (f"{path}.{key}", "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")
            )
    fields = embed.get("fields") or []
    problems += _too_many(f"{path}.fields", fields, 25)
    for i, fld in enumerate(fields):
        problems += _length(f"{path}.fields.{i}.name", fld.get("name"), 1, 256)
        problems += _length(f"{path}.fields.{i}.value", fld.get("value"), 1, 1024)
        total += len(fld.get("name") or "") + len(fld.get("value") or "")
    footer = (embed.get("footer") or {}).get("text") or ""
    author = (embed.get("author") or {}).get("name") or ""
    total += len(footer) + len(author)
    if total > 6000:
        problems.append((path, "BASE_TYPE_MAX_LENGTH", "Embed size exceeds maximum size of 6000"))
    return problems


def _interactive_problems(path: str, component: dict[str, Any]) -> list[Problem]:
    kind = component.get("type")
    problems: list[Problem] = []
    if kind == 2 and component.get("style") in (5, 6):  # link and premium buttons carry no id
        return _length(f"{path}.label", component.get("label"), 0, 80)
    problems += _length(f"{path}.custom_id", component.get("custom_id"), 1, 100)
    if kind == 2:
        problems += _length(f"{path}.label", component.get("label"), 0, 80)
    elif kind in (3, 5, 6, 7, 8):
        problems += _length(f"{path}.placeholder", component.get("placeholder"), 0, 150)
        if kind == 3:
            options = component.get("options") or []
            if not 1 <= len(options) <= 25:
                problems.append(
                    (
                        f"{path}.options",
                        "BASE_TYPE_BAD_LENGTH",
                        "Must be between 1 and 25 in length.",
                    )
                )
            for i, option in enumerate(options):
                problems += _length(f"{path}.options.{i}.label", option.get("label"), 1, 100)
                problems += _length(f"{path}.options.{i}.value", option.get("value"), 1, 100)
                problems += _length(
                    f"{path}.options.{i}.description", option.get("description"), 0, 100
                )
            if int(component.get("max_values", 1)) > max(len(options), 1):
                problems.append(
                    (
                        f"{path}.max_values",
                        "BASE_TYPE_MAX",
                        "max_values exceeds the number of options",
                    )
                )
    return problems


def _components_problems(components: list[dict[str, Any]], v2: bool) -> list[Problem]:
    problems: list[Problem] = []
    if not v2:
        problems += _too_many("components", components, 5)
        for r, row in enumerate(components):
            path = f"components.{r}"
            children = row.get("components") or []
            if row.get("type") != 1:
                problems.append(
                    (
                        f"{path}.type",
                        "UNION_TYPE_CHOICES",
                        "Top-level components must be action rows",
                    )
                )
            elif not 1 <= len(children) <= 5:
                problems.append(
                    (
                        f"{path}.components",
                        "BASE_TYPE_BAD_LENGTH",
                        "Must be between 1 and 5 in length.",
                    )
                )
            elif any(c.get("type") != 2 for c in children) and len(children) > 1:
                problems.append(
                    (
                        f"{path}.components",
                        "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                        "A select menu takes a whole action row",
                    )
                )
            for c, child in enumerate(children):
                problems += _interactive_problems(f"{path}.components.{c}", child)
    nodes = component_nodes(components)
    if v2:
        problems += _too_many("components", nodes, 40)
        for i, node in enumerate(nodes):
            if node.get("type") in (2, 3, 5, 6, 7, 8):
                problems += _interactive_problems(f"components.{i}", node)
    custom_ids = [n["custom_id"] for n in nodes if n.get("custom_id")]
    if len(set(custom_ids)) != len(custom_ids):
        problems.append(
            (
                "components",
                "COMPONENT_CUSTOM_ID_DUPLICATED",
                "Component custom id cannot be duplicated",
            )
        )
    return problems


def message_problems(body: dict[str, Any]) -> list[Problem]:
    """What Discord rejects in a message create or edit body (content, embeds, components)."""
    problems: list[Problem] = []
    v2 = bool(int(body.get("flags") or 0) & IS_COMPONENTS_V2)
    content = body.get("content")
    if content is not None and len(content) > 2000:
        problems.append(("content", "BASE_TYPE_MAX_LENGTH", "Must be 2000 or fewer in length."))
    if v2 and (content or body.get("embeds")):
        problems.append(
            (
                "content",
                "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                "content and embeds cannot be used with IS_COMPONENTS_V2",
            )
        )
    mentions = body.get("allowed_mentions")
    if isinstance(mentions, dict):
        problems += _too_many("allowed_mentions.users", mentions.get("users") or [], 100)
    embeds = body.get("embeds") or []
    problems += _too_many("embeds", embeds, 10)
    for i, embed in enumerate(embeds):
        problems += _embed_problems(f"embeds.{i}", embed)
    problems += _components_problems(body.get("components") or [], v2)
    return problems


def is_empty_message(body: dict[str, Any], files: list[str]) -> bool:
    """Discord's 50006: a message needs content, an embed, a component, a file or the like."""
    keys = ("content", "embeds", "components", "sticker_ids", "poll", "attachments")
    return not files and not any(body.get(k) for k in keys)
