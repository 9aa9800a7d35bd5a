"""The engine's modules import one another one way only (imports inside functions included), so that a reader
can follow a job downward: the state gathers the jobs, the jobs share the pieces."""

from __future__ import annotations

import grimp


def test_the_engine_s_modules_import_one_another_without_a_cycle():
    graph = grimp.build_graph("bot", cache_dir=None)
    assert graph.nominate_cycle_breakers("bot.games.london.engine") == set()
