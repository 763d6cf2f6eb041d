# Sustituye open_url y los flujos: nada de eso llega a la siguiente ejecución.
# estado: Ejecución terminada.
# salida-re: ^$
# desafío: resuelto
import builtins, io, sys
open_url = lambda url: io.StringIO("print('falso')")
builtins.open_url = open_url
sys.stdout = io.StringIO()
sys.stderr = None
print("nadie lo ve")
