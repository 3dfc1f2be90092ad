"""Numberlink on several stacked layers: the DA Symposium Algorithm Design Contest's 3-D
boards (2017 on: a path may step to the same cell one layer up or down).

Kept apart from the 2-D engines on purpose: they are tuned to the square grid (2x2
squares, compiled scans, frontier counters), and a stacked board is a different graph.
Everything here works on a graph of cells (``graph.py``), so the SAT encoding (``sat.py``)
never looks at the grid's shape.  ``model`` (the board and its solution), ``formats``
(the contest's problem and answer files, through ``formats/adc.py``), ``solve`` (which
engine answers what), ``route`` (a quick router for one ``blank`` solution), ``check``
(independent of the solver), ``draw`` (the layers side by side), ``construct`` (boards with
a solution by construction, for tests and ``bench/adc_bench.py``) and ``bridge`` (what the
Numberlink family calls when a board has more than one layer).

A board of one layer is never a ``LayeredPuzzle``: it is read as a plain 2-D ``Puzzle``
and goes through the 2-D engines like any other.
"""
