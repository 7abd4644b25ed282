"""The lab: measurement tools, frozen old players, reference checkers and test positions.

Nothing here ships in the site's wheel (``build.py`` packs only what the app imports) and the app
never imports it. Each tool runs from the repository root:

- ``python -m lab.barrio.balance duel|v1|solo|speed|rounds …``: Barrio's balance and speed figures
  (``docs/barrio.md``), with the frozen former strong player :mod:`lab.barrio.bots_v1`;
- ``python -m lab.neueheimat.duel …``, ``sh lab/neueheimat/goals.sh``, ``python -m lab.neueheimat.speed``: Neue Heimat's
  players against each other and their speed (``docs/neueheimat.md``), with the frozen former strong player
  :mod:`lab.neueheimat.bots_v1`;
- ``python -m lab.nyhavn.bench``: Nyhavn's placement table against the plain checker :mod:`lab.nyhavn.naive`;
- ``python3 -m lab.league <game>``: the league of computer players (issue 34; tables in ``docs/<game>.md``), with
  the frozen former strong players ``lab/<game>/bots_v1.py``;
- ``python -m lab.hint_latency -n 30``: the coach's hint latency (``docs/coach.md``);
- ``python -m lab.link_lengths -n 20``: share-link lengths (``docs/replay-links.md``);
- :mod:`lab.barrio.scenario`, :mod:`lab.neueheimat.scenario`: positions built by hand for the tests.
"""
