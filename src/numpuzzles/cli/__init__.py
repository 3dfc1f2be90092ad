"""The command line: ``numpuzzles FAMILY VERB [ARGS]``, thin wrappers over the library.

``main`` (the root command, family groups built on demand, errors as one line), ``verbs``
(solve, check, generate, convert, hint, draw, analyse: written once; ``analysis`` words
what ``analyse`` found), ``params`` (options from a family's ``Param``s), ``inputs``
(puzzles from files, standard input or the argument), ``common`` (shared options and exit
codes), ``extras`` (what a family's own module may add: ``fubuki``, ``nummatch``,
``arukone``), ``batch``, ``book`` and ``serve``.
"""
