"""What is wrong with a field, as pydantic found it, in the language of the messages.

Pydantic words its errors in English only. The errors a table meets (a value of the wrong type, a
field too many or missing, a number out of bounds, a choice not offered) are worded here from the
error's type and context, in the language chosen; any other keeps pydantic's words. A validator's
own message (``value_error``) is the project's, already translated. English keeps pydantic's text
as it is (the CLI's messages were always that).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from companion.installation.i18n import DEFAULT, N_, Nn_, _, current_language, ngettext

if TYPE_CHECKING:
    from pydantic_core import ErrorDetails

_PHRASES: Mapping[str, str] = {
    "missing": N_("Field required"),
    "extra_forbidden": N_("Extra inputs are not permitted"),
    "unexpected_keyword_argument": N_("Unexpected keyword argument"),
    "int_type": N_("Input should be a valid integer"),
    "int_parsing": N_("Input should be a valid integer"),
    "int_from_float": N_("Input should be a valid integer, got a number with a fractional part"),
    "float_type": N_("Input should be a valid number"),
    "string_type": N_("Input should be a valid string"),
    "bool_type": N_("Input should be a valid boolean"),
    "dict_type": N_("Input should be an object"),
    "model_type": N_("Input should be an object"),
    "model_attributes_type": N_("Input should be an object"),
    "dataclass_type": N_("Input should be an object"),
    "list_type": N_("Input should be a valid array"),
    "tuple_type": N_("Input should be a valid array"),
    "set_type": N_("Input should be a valid array"),
    "frozen_set_type": N_("Input should be a valid array"),
    "none_required": N_("Input should be null"),
    "literal_error": N_("Input should be one of {expected}"),
    "enum": N_("Input should be one of {expected}"),
    "greater_than_equal": N_("Input should be greater than or equal to {ge}"),
    "greater_than": N_("Input should be greater than {gt}"),
    "less_than_equal": N_("Input should be less than or equal to {le}"),
    "less_than": N_("Input should be less than {lt}"),
    "union_tag_invalid": N_("'{tag}' is not one of {expected_tags}"),
    "union_tag_not_found": N_("Unable to find the field {discriminator}"),
    "string_pattern_mismatch": N_("String should match pattern '{pattern}'"),
}

_COUNTS: Mapping[str, tuple[str, str, str]] = {
    "too_short": (
        "min_length",
        *Nn_("Should have at least {count} item", "Should have at least {count} items"),
    ),
    "too_long": (
        "max_length",
        *Nn_("Should have at most {count} item", "Should have at most {count} items"),
    ),
    "string_too_short": (
        "min_length",
        *Nn_("Should have at least {count} character", "Should have at least {count} characters"),
    ),
    "string_too_long": (
        "max_length",
        *Nn_("Should have at most {count} character", "Should have at most {count} characters"),
    ),
}


def reason(error: ErrorDetails) -> str:
    """``error``'s message: a validator's own, else pydantic's, in the language of the messages."""
    context: Mapping[str, Any] = error.get("ctx", {})
    if error["type"] == "value_error" and context.get("error") is not None:
        return str(context["error"])
    if current_language() == DEFAULT:
        return error["msg"]
    if error["type"] in _COUNTS:
        key, singular, plural = _COUNTS[error["type"]]
        count = context.get(key)
        if isinstance(count, int):
            return ngettext(singular, plural, count).format(count=count)
        return error["msg"]
    phrase = _PHRASES.get(error["type"])
    if phrase is None:
        return error["msg"]
    # pydantic joins a list of choices with an English "or": a comma reads in every language
    values = {key: str(value).replace(" or ", ", ") for key, value in context.items()}
    try:
        return _(phrase).format(**values)
    except (KeyError, IndexError):  # a context this pydantic version words otherwise
        return error["msg"]
