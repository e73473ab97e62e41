"""A tournament on a Dask cluster (`ttr-nb[dask]`) gives the result it gives in process and in a
process pool: `Client.get_executor()` is a `concurrent.futures.Executor` like any other."""
from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor

from distributed import Client, LocalCluster

from ttr_nb.analysis.tournament import tournament

AGENTS = ["route-focus", "destination-hungry"]
GAMES, SEED = 4, 27


def test_the_same_seed_gives_the_same_result_in_process_in_a_pool_and_on_a_dask_cluster():
    here = tournament("usa", AGENTS, games=GAMES, seed=SEED, progress=False)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        pooled = tournament("usa", AGENTS, games=GAMES, seed=SEED, executor=pool, chunk=1, progress=False)
    results = {}
    # a cluster of threads in this process, and one of two worker processes (each its own hash seed)
    for processes, workers in ((False, 1), (True, 2)):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=processes,
                          dashboard_address=None) as cluster, Client(cluster) as client:
            results[processes] = tournament("usa", AGENTS, games=GAMES, seed=SEED,
                                            executor=client.get_executor(), chunk=1, progress=False)
    assert here == pooled == results[False] == results[True]
    assert here.table() == results[True].table()
    assert here.games_played == GAMES
    assert tournament("usa", AGENTS, games=GAMES, seed=SEED + 1, progress=False) != here
