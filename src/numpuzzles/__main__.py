"""``python -m numpuzzles`` runs the command line."""

from .cli.main import main

main()
