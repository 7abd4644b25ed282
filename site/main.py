# Entry point PyScript runs once the runtime and the game wheel are installed.
# Everything else lives in the game package (game/ui), which PyScript does not know about.
from game.ui.app import start

start()
