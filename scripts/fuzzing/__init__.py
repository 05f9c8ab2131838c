"""Mutation fuzzing of the relcp apps (scripts/fuzz.py is the command line).

seeds.py     which shipped inputs are mutated, and the command line that runs a mutant
mutators.py  the text-level mutation operators (deterministic given a random.Random)
runner.py    one child run under a wall-clock, memory and disk limit, with peak RSS
verdict.py   the outcome of one run (ok, exit 2, exit 3, crash, hang, memory bomb, ...)
report.py    the summary table, summary.json, runs.csv and the saved failing mutants
"""
