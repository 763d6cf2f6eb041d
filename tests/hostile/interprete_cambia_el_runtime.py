# Cambia la clase de sys.stdout, el código de open_url y el módulo del runtime:
# en la siguiente ejecución todo vuelve a ser como antes.
# estado: Ejecución terminada.
# salida-re: ^$
# desafío: resuelto
import sys
import lessonrt.runner as runner
type(sys.stdout).write = lambda self, text: len(text)
open_url.__defaults__ = ()
runner.OUTPUT_LIMIT = 3
runner.cell_filename = lambda name: "<otro>"
runner._Output.emit = lambda self, stream, text: None
print("nadie lo ve")
