"""Arukone, the BwInf flavour of Numberlink: the same model, engines, checker and formats.

- ``family``: ``ArukoneFamily``, the ``NumberlinkFamily`` subclass (``blank`` rules and
  the original's file format by default);
- ``generate``: the competition generator's puzzles, made to beat its greedy checker;
- ``checkers``: models of that checker, to prove the claim on every puzzle.

Its file format is ``formats/bwinf.py`` (a Numberlink format like the others) and its own
commands (``arukone adversary``) are ``cli/arukone.py``.
"""
