# Entry point of the Python worker: PyScript's PyWorker (started by site/loader.js)
# runs this file once the runtime and the game wheel are installed. Everything
# else lives in the game package: game/ui/bridge.py talks to the page
# (site/bridge.js), game/ui/app.py is the app.
#
# `xworker` must be a global of this file: PyScript hands the page's messages
# to `xworker.onmessage` by looking that name up here.
from polyscript import xworker

try:
    from game.ui import bridge
    from game.ui.app import start

    bridge.serve(start)
except BaseException:  # answer the page's boot message with why, instead of leaving it on the loading screen
    import json
    import traceback

    _failure = json.dumps({"kind": "ops", "ack": 1, "ops": [["host", "fail", ["package", traceback.format_exc()]]]})

    def _fail(_event):
        xworker.postMessage(_failure)

    xworker.onmessage = _fail
