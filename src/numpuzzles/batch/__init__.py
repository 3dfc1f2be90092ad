"""Batch generation at scale: many puzzles over every core or a Dask cluster, resumable.

``engine`` holds the seed derivation, the output file (append-only, resumable) and the
loop; ``cluster`` runs the same tasks on Dask; ``stats`` summarises a batch file.
"""
