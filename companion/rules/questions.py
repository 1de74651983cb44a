"""What every game's headless rules questions share."""

from pydantic import BaseModel, ConfigDict


class Question(BaseModel):
    """A rules question read from JSON: unknown fields, wrong types and out-of-range values are
    errors naming the field, never guesses."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
