"""Place the city names of the packaged boards and commit the result as data.

    python scripts/place_labels.py              # every board in ttr_nb/maps/ (make labels)
    python scripts/place_labels.py usa india    # some boards
    python scripts/place_labels.py --check      # say which files are missing or out of date; write nothing

Writes ttr_nb/viz/placements/<board>.json: for each text size of the board figures, where each
city's name goes (see ttr_nb/viz/label_files.py).  Run it after changing a board in ttr_nb/maps/ or the
placement (ttr_nb/viz/labels.py); tests/viz/test_label_files.py fails until it is run.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ttr_nb.engine.board import board_names, load_board  # noqa: E402
from ttr_nb.viz.label_files import FOLDER, placement_problems, stray_placements, write_placements  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("boards", nargs="*", help="board names (default: every board in ttr_nb/maps/)")
    parser.add_argument("--check", action="store_true", help="report missing or stale files, write nothing")
    args = parser.parse_args(argv)
    every = board_names()
    unknown = [b for b in args.boards if b not in every]
    if unknown:
        parser.error(f"no board {', '.join(unknown)} in ttr_nb/maps/ (boards: {', '.join(every)})")
    names = args.boards or every
    if args.check:
        problems = placement_problems(names)
        for line in problems + stray_placements(every) + ([] if problems else
                                                          [f"the placements of {', '.join(names)} are up to date"]):
            print(line)
        return 1 if problems else 0
    for name in names:
        t = time.process_time()
        path = write_placements(load_board(name))
        print(f"{path.relative_to(ROOT)}: {time.process_time() - t:.1f} s")
    for line in stray_placements(every):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
