"""How fast the board figures are built and updated (Python side only; the browser's drawing
is not measured).

    python benchmarks/viz_timings.py            # or: python -m benchmarks.viz_timings

Targets: building a board figure <= 100 ms, updating it after a claim <= 20 ms.
Each number is the best of N runs, measured with time.perf_counter.  Once per board (then
cached for the process): its geometry, and its city names' placement at both text sizes read
from the committed files ("read"; see ttr_nb/viz/label_files.py).  Computing a placement
("labels" at the default size, "projector" at the projector size) is what `make labels` and
a figure of another scale pay.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ttr_nb  # noqa: E402
from ttr_nb.viz import board_figure, update_board  # noqa: E402
from ttr_nb.viz.board import LABEL_SCALES, TEXT_SIZES  # noqa: E402
from ttr_nb.viz import label_files  # noqa: E402
from ttr_nb.viz.geometry import BoardGeometry  # noqa: E402
from ttr_nb.viz.labels import label_positions  # noqa: E402

N = 7


def best_ms(fn, n: int = N) -> float:
    best = float("inf")
    for _ in range(n):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best * 1000


def _widget_available() -> bool:
    try:
        import anywidget  # noqa: F401
    except ImportError:
        return False
    return True


def main() -> None:
    widget = _widget_available()
    if widget:  # the first FigureWidget of a process pays for imports (~2-5 s): not part of the numbers
        board_figure("usa", widget=True)
    print(f"ttr_nb.viz timings, best of {N} (ms)")
    header = (f"{'edition':<12} {'geometry':>9} {'read':>5} {'labels':>7} {'projector':>9} {'build':>7} "
              f"{'build widget':>13} "
              f"{'update':>7} "
              f"{'update widget':>14}")
    print(header)
    for edition in ttr_nb.editions():
        game = ttr_nb.load_game(edition, players=3)
        board = game.board
        geometry = best_ms(lambda: BoardGeometry(board), 3)        # once per board, then cached
        def place(size):            # once per board and text size, then cached
            sizes = TEXT_SIZES[size]
            return best_ms(lambda: label_positions(board, size=sizes["city"], scale=LABEL_SCALES[size],
                                                   country_size=sizes["country"]), 1)

        labels, labels_big = place("default"), place("projector")

        def read():                 # both text sizes, the file read afresh
            label_files._read.cache_clear()
            for _, kw in label_files.standard_sizes():
                assert label_files.committed_labels(board, **kw) is not None, f"run `{label_files.COMMAND}`"

        read_ms = best_ms(read, 3)
        empty = game.new_state()
        route = next(r for r in board.routes if r.twin is not None)  # a double: the other side closes too
        claimed = game.state_from_dict({"routes": {route.key: 1}})
        build = best_ms(lambda: board_figure(empty))
        row = [f"{edition:<12}", f"{geometry:>9.1f}", f"{read_ms:>5.1f}", f"{labels:>7.0f}", f"{labels_big:>9.0f}", f"{build:>7.1f}"]
        fig = board_figure(empty)

        def claim_and_back(f):
            update_board(f, empty)          # (not timed) back to the empty board
            t = time.perf_counter()
            update_board(f, claimed)
            return time.perf_counter() - t

        def best_update(f) -> float:
            return min(claim_and_back(f) for _ in range(N)) * 1000

        update = best_update(fig)
        if widget:
            build_w = best_ms(lambda: board_figure(empty, widget=True))
            update_w = best_update(board_figure(empty, widget=True))
            row += [f"{build_w:>13.1f}", f"{update:>7.2f}", f"{update_w:>14.2f}"]
        else:
            row += [f"{'n/a':>13}", f"{update:>7.2f}", f"{'n/a':>14}"]
        print(" ".join(row))
    overlays = dict(longest=0, network=0, ticket="Edinburgh-Athina", payable="red*4+loco*2+blue*3")
    game = ttr_nb.load_game("europe", players=3)
    empty = game.new_state()
    route = game.board.routes[0]
    claimed = game.state_from_dict({"routes": {route.key: 0}})
    fig = board_figure(empty, overlays=overlays)
    build = best_ms(lambda: board_figure(empty, overlays=overlays))

    def timed():
        update_board(fig, empty)
        t = time.perf_counter()
        update_board(fig, claimed)
        return time.perf_counter() - t

    update = min(timed() for _ in range(N)) * 1000
    print(f"europe with every overlay: build {build:.1f} ms, update after a claim {update:.2f} ms")


if __name__ == "__main__":
    main()
