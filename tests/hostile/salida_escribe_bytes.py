# sys.stdout.write con bytes: TypeError, como en CPython.
# estado: terminó con un error
# salida: TypeError: write() argument must be str, not bytes
# desafío: no resuelto
# desafío-dice: TypeError: write\(\) argument must be str, not bytes
import sys
sys.stdout.write(b"bytes")
