"""Fubuki commands (placeholder while the family is written)."""

import click

from .common import CONTEXT_SETTINGS


@click.group(context_settings=CONTEXT_SETTINGS)
def group() -> None:
    """Fubuki: place 1..n² once each so rows and columns add up to their totals."""
