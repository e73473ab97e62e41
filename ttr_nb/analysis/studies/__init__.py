"""The stored results of the studies too large for the tests (`make study`), as JSON package
data: each file names the command and the seed that made it (``head_to_head.json``:
scripts/head_to_head.py)."""
