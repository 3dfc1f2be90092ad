"""Batch generation at scale: many puzzles over every core or a Dask cluster, resumable.

``tasks`` says what a batch makes (``Spec``), derives puzzle ``i``'s seed and holds the
task a worker runs (``make_chunk``); ``runner`` is where tasks run (the ``Runner``
protocol, the local process pool); ``cluster`` runs the same tasks on Dask; ``resumable``
is the output file (append-only, locked, read back to resume, with the ``--distinct``
sidecar); ``loops`` is the loop that hands out tasks and writes what comes back
(``run_batch``); ``stats`` summarises a batch file.
"""
